// Program mail's switches (docs/product/engagement.md#mail-a-partner-receives, docs/decisions/026): the settings page's "E-mail"
// section (GET/PUT /api/mail_preferences), and the list of switches it shares with the
// unsubscribe page, which sets the same switches with the mail's token instead of a sign-in.
// Transactional mail (verification, password reset, cash-out status) has no switch: both say so.
import { useEffect, useId } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from './icons';
import type { z } from 'zod';
import type { mailSwitches, mailSwitchesAnswer } from '../../common/contracts/program-mail';
import { api } from '../lib/api';
import { apiMessage } from '../lib/forms';
import { notifySuccess } from '../lib/toast';
import { SettingsSection } from './SettingsSection';

/** The kinds of program mail, in the order the switches are shown (the server's `MAIL_KINDS`). */
export const MAIL_KINDS = ['sales_digest', 'announcements', 'promotions', 'challenges'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
/** The switches as the server answers them (common/contracts/program-mail.ts). */
export type MailSwitchValues = z.infer<typeof mailSwitches>;
/** What a PUT sends: the switches that change, never an empty object (the server answers 422). */
export type MailSwitchChange = Partial<MailSwitchValues>;

export const MAIL_PREFERENCES_KEY = ['mail-preferences'] as const;

const KIND_ICONS: Record<MailKind, IconName> = {
  sales_digest: 'receipt',
  announcements: 'megaphone',
  promotions: 'gift',
  challenges: 'target',
};

/** Where a page keeps its switches in the query cache, and how it sends a change. */
export interface MailSwitchStore<T> {
  queryKey: QueryKey;
  switchesOf: (cached: T) => MailSwitchValues;
  withSwitches: (cached: T, switches: MailSwitchValues) => T;
  send: (change: MailSwitchChange) => Promise<T>;
  /** A 401 ends the partner's session (settings); the token page has no session to end. */
  partnerSession: boolean;
}

/**
 * Changes switches optimistically: the switch moves at once, the answer confirms it with
 * 'Data Saved', and a failure puts it back (the caller shows `error`).
 */
export function useMailSwitchChanges<T>(store: MailSwitchStore<T>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { queryKey, switchesOf, withSwitches } = store;
  const mutationKey = [...queryKey, 'change'];
  return useMutation({
    mutationKey,
    // One change at a time, in order: the server writes all four switches from the ones it read,
    // so two changes in flight together could each undo the other.
    scope: { id: JSON.stringify(mutationKey) },
    mutationFn: store.send,
    meta: { handlesErrors: true, partnerSession: store.partnerSession },
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey, exact: true });
      const cached = queryClient.getQueryData<T>(queryKey);
      if (cached === undefined) return undefined;
      const before = switchesOf(cached);
      queryClient.setQueryData<T>(queryKey, withSwitches(cached, { ...before, ...change }));
      // On failure only this change's switches go back: changes queued after it keep theirs.
      return Object.fromEntries(
        Object.keys(change).map((kind) => [kind, before[kind as MailKind]]),
      ) as MailSwitchChange;
    },
    onError: (_error, _change, undo) => {
      const cached = queryClient.getQueryData<T>(queryKey);
      if (undo && cached !== undefined)
        queryClient.setQueryData<T>(queryKey, withSwitches(cached, { ...switchesOf(cached), ...undo }));
    },
    onSuccess: (answer) => {
      // The answer holds the four switches as saved. While later changes wait their turn, the
      // switches they moved stay as shown; the last answer settles them all.
      if (queryClient.isMutating({ mutationKey }) <= 1) queryClient.setQueryData<T>(queryKey, answer);
      // One toast for a quick run of changes, not one per switch.
      notifySuccess(t('settings.saved'), { toastId: 'mail-switches-saved' });
    },
  });
}

/** The message of a change that failed: the server's words (e.g. "Wrong link") or ours. */
export function mailChangeError(error: unknown, fallback: string): string {
  return apiMessage(error) ?? fallback;
}

/**
 * The four switches, each with what it sends, and the note that account and payout mail has
 * none. Presentational: the settings section and the unsubscribe page hold the values.
 */
export function MailSwitchList({
  switches,
  onChange,
}: {
  switches: MailSwitchValues;
  onChange: (kind: MailKind, on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ul className="divide-y divide-stone-200 dark:divide-stone-800">
        {MAIL_KINDS.map((kind) => (
          <MailSwitchRow key={kind} kind={kind} on={switches[kind]} onChange={(on) => onChange(kind, on)} />
        ))}
      </ul>
      <p className="mt-5 flex gap-2.5 rounded-xl bg-stone-100 px-4 py-3 text-sm text-stone-700 dark:bg-stone-800/70 dark:text-stone-300">
        <Icon
          name="info"
          width={18}
          height={18}
          className="mt-0.5 shrink-0 text-stone-500 dark:text-stone-400"
        />
        <span>{t('settings.mail.always_sent')}</span>
      </p>
    </>
  );
}

function MailSwitchRow({
  kind,
  on,
  onChange,
}: {
  kind: MailKind;
  on: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <li className="flex items-start gap-3 py-4 first:pt-0 last:pb-0 sm:gap-4">
      <span
        className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-400/10 dark:text-brand-300"
        aria-hidden="true"
      >
        <Icon name={KIND_ICONS[kind]} width={18} height={18} />
      </span>
      <div className="min-w-0 flex-1">
        <label
          htmlFor={id}
          className="block cursor-pointer text-sm font-semibold text-stone-900 dark:text-stone-100"
        >
          {t(`settings.mail.kinds.${kind}`)}
        </label>
        <p id={hintId} className="mt-0.5 text-sm text-muted">
          {t(`settings.mail.hints.${kind}`)}
        </p>
      </div>
      <Switch id={id} describedBy={hintId} checked={on} onChange={onChange} testId={`mail-switch-${kind}`} />
    </li>
  );
}

/**
 * A checkbox with the switch role: the native input keeps the keyboard (Space), the form of
 * assistive technology and `checked`; it lies invisible over the drawn track and thumb.
 */
function Switch({
  id,
  describedBy,
  checked,
  onChange,
  testId,
}: {
  id: string;
  describedBy: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  testId: string;
}) {
  return (
    <span className="relative mt-1 inline-flex h-7 w-12 shrink-0">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={describedBy}
        data-testid={testId}
        className="peer absolute inset-0 z-10 m-0 h-full w-full cursor-pointer appearance-none rounded-full opacity-0"
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 rounded-full bg-stone-400 transition-colors peer-checked:bg-brand-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 dark:bg-stone-600 dark:peer-checked:bg-brand-400 dark:peer-focus-visible:outline-brand-400"
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-0.5 left-0.5 h-6 w-6 rounded-full bg-white shadow-sm transition-transform peer-checked:translate-x-5 dark:bg-stone-100 dark:peer-checked:bg-stone-950"
      />
    </span>
  );
}

function SwitchesSkeleton() {
  return (
    <ul className="divide-y divide-stone-200 dark:divide-stone-800" aria-hidden="true">
      {MAIL_KINDS.map((kind) => (
        <li key={kind} className="flex items-start gap-3 py-4 first:pt-0 last:pb-0 sm:gap-4">
          <span className="h-9 w-9 shrink-0 animate-pulse rounded-full bg-stone-200 dark:bg-stone-800" />
          <span className="flex-1 space-y-2 pt-1">
            <span className="block h-3.5 w-1/3 animate-pulse rounded bg-stone-200 dark:bg-stone-800" />
            <span className="block h-3 w-4/5 animate-pulse rounded bg-stone-200 dark:bg-stone-800" />
          </span>
          <span className="mt-1 h-7 w-12 shrink-0 animate-pulse rounded-full bg-stone-200 dark:bg-stone-800" />
        </li>
      ))}
    </ul>
  );
}

/** An inline problem with a way to try again. */
export function MailProblem({
  message,
  onRetry,
  retryLabel,
}: {
  message: string;
  onRetry?: () => void;
  retryLabel?: string;
}) {
  return (
    <div
      role="alert"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <span>{message}</span>
      {onRetry ? (
        <button type="button" className="btn-secondary min-h-9 px-4 py-1.5" onClick={onRetry}>
          {retryLabel}
        </button>
      ) : null}
    </div>
  );
}

const settingsStore: MailSwitchStore<MailSwitchValues> = {
  queryKey: MAIL_PREFERENCES_KEY,
  switchesOf: (cached) => cached,
  withSwitches: (_cached, switches) => switches,
  send: async (change) =>
    (await api.put<z.infer<typeof mailSwitchesAnswer>>('/api/mail_preferences', change)).data,
  partnerSession: true,
};

/** The settings page's "E-mail" section, `#mail`: the footer of every program mail links here. */
export function MailSettings() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: MAIL_PREFERENCES_KEY,
    queryFn: async ({ signal }) =>
      (await api.get<z.infer<typeof mailSwitchesAnswer>>('/api/mail_preferences', { signal })).data,
    // The section shows its own failure; the rest of the page stays usable.
    meta: { handlesErrors: true },
  });
  const change = useMailSwitchChanges(settingsStore);

  // Brought into view once its switches are in, so the rows above it have their final height.
  const { hash } = useLocation();
  const settled = !query.isPending;
  useEffect(() => {
    if (hash === '#mail' && settled) document.getElementById('mail')?.scrollIntoView?.({ block: 'start' });
  }, [hash, settled]);

  return (
    <SettingsSection
      id="mail"
      testId="mail-switches"
      className="scroll-mt-24"
      title={t('settings.mail.title')}
      lead={t('settings.mail.lead')}
    >
      {change.isError ? (
        <MailProblem message={mailChangeError(change.error, t('settings.mail.save_failed'))} />
      ) : null}
      {query.data ? (
        <MailSwitchList switches={query.data} onChange={(kind, on) => change.mutate({ [kind]: on })} />
      ) : query.isError ? (
        <MailProblem
          message={t('settings.mail.load_failed')}
          onRetry={() => void query.refetch()}
          retryLabel={t('settings.mail.retry')}
        />
      ) : (
        <div aria-busy="true">
          <span className="sr-only">{t('loading')}</span>
          <SwitchesSkeleton />
        </div>
      )}
    </SettingsSection>
  );
}
