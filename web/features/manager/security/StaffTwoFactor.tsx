// The admins' part of the security page (docs/decisions/035-staff-totp.md): the switch that
// requires a second factor of every staff member, and each staff member's factor, with a reset
// for a colleague who lost their phone and their recovery codes. Both audited by the server.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isUnauthorized } from '../../../lib/api';
import { apiMessage } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/toast';
import { useFormatters } from '../../../lib/format';
import {
  useResetStaffTotp,
  useSetPolicy,
  useStaffTwoFactor,
  type SecurityState,
  type StaffTwoFactorRow,
} from './security-api';
import { Pager } from '../../../components/pager';
import { useManagerSignOut, useSignOutOnUnauthorized } from '../staff-session';
import { ListTable, tableCell } from '../../../components/table';
import { useBackInRange } from '../../../components/paged-section';
import { ListResults } from '../../../components/staff/list-results';
import { usePageParam } from '../../../lib/page-param';
import { YouChip } from '../../../components/staff/chips';
import { ConfirmDialog } from '../../../components/staff/dialogs';

/** The checkbox is the control (keyboard, checked state); the track and thumb are drawn under it. */
function Switch({
  checked,
  disabled,
  label,
  describedBy,
  onChange,
}: {
  checked: boolean;
  disabled: boolean;
  label: string;
  describedBy: string;
  onChange: (on: boolean) => void;
}) {
  return (
    <span className="relative inline-flex h-7 w-12 shrink-0">
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        aria-label={label}
        aria-describedby={describedBy}
        data-testid="totp-policy-switch"
        className="peer absolute inset-0 z-10 m-0 h-full w-full cursor-pointer appearance-none rounded-full opacity-0 disabled:cursor-not-allowed"
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 rounded-full bg-stone-400 transition-colors peer-checked:bg-brand-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:opacity-50 dark:bg-stone-600 dark:peer-checked:bg-brand-400 dark:peer-focus-visible:outline-brand-400"
      />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-0.5 left-0.5 h-6 w-6 rounded-full bg-white shadow-sm transition-transform peer-checked:translate-x-5 dark:bg-stone-100 dark:peer-checked:bg-stone-950"
      />
    </span>
  );
}

export function PolicyCard({ security }: { security: SecurityState }) {
  const { t } = useTranslation();
  const id = useId();
  const signOut = useManagerSignOut();
  const policy = useSetPolicy();
  const [failure, setFailure] = useState<string | null>(null);
  // An admin requires it of everyone once their own is on (the server says the same, 409).
  const blocked = !security.totp.enabled && !security.require_totp;
  const change = (on: boolean) => {
    setFailure(null);
    policy.mutate(on, {
      onSuccess: (answer) =>
        notifySuccess(t(answer.require_totp ? 'manager.security.policy.on' : 'manager.security.policy.off')),
      onError: (error) => {
        if (isUnauthorized(error)) signOut();
        else setFailure(apiMessage(error) ?? t('manager.security.policy.failed'));
      },
    });
  };
  return (
    <section aria-labelledby={`${id}-title`} className="card p-5 sm:p-6" data-testid="totp-policy">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-lg font-semibold tracking-tight">
            {t('manager.security.policy.title')}
          </h2>
          <p id={`${id}-body`} className="mt-1.5 text-sm text-muted">
            {t('manager.security.policy.body')}
          </p>
          {blocked ? (
            <p
              className="mt-2 text-sm font-medium text-amber-800 dark:text-amber-300"
              data-testid="totp-policy-blocked"
            >
              {t('manager.security.policy.own_first')}
            </p>
          ) : null}
          {failure ? (
            <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
              {failure}
            </p>
          ) : null}
        </div>
        <Switch
          checked={policy.isPending ? Boolean(policy.variables) : security.require_totp}
          disabled={blocked || policy.isPending}
          label={t('manager.security.policy.switch')}
          describedBy={`${id}-body`}
          onChange={change}
        />
      </div>
    </section>
  );
}

function FactorCell({ row, compact = false }: { row: StaffTwoFactorRow; compact?: boolean }) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <span className="block" data-testid="staff-two-factor-state" data-on={row.two_factor}>
      <span
        className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${
          row.two_factor
            ? 'bg-emerald-50 text-emerald-800 ring-emerald-600/25 dark:bg-emerald-400/10 dark:text-emerald-300 dark:ring-emerald-400/30'
            : 'bg-stone-100 text-stone-600 ring-stone-500/20 dark:bg-stone-800 dark:text-stone-300 dark:ring-stone-600/40'
        }`}
      >
        {t(row.two_factor ? 'manager.security.staff.on' : 'manager.security.staff.off')}
      </span>
      {row.enabled_at && !compact ? (
        <span className="mt-1 block text-xs text-stone-500 dark:text-stone-400">
          {t('manager.security.staff.since', { date: f.date(row.enabled_at) })}
        </span>
      ) : null}
    </span>
  );
}

function NameCell({ row, withSince = false }: { row: StaffTwoFactorRow; withSince?: boolean }) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <span className="block min-w-0">
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-semibold text-stone-900 dark:text-white">{row.name}</span>
        {row.self ? <YouChip /> : null}
      </span>
      <span className="block max-w-72 truncate text-xs text-muted">{row.email}</span>
      <span className="mt-0.5 block text-xs text-stone-500 dark:text-stone-400">
        {t(`manager.roles.${row.role}`, { defaultValue: row.role })}
        {row.status !== 'active'
          ? ` · ${t(`manager.staff.statuses.${row.status}`, { defaultValue: row.status })}`
          : null}
        {withSince && row.enabled_at
          ? ` · ${t('manager.security.staff.since', { date: f.date(row.enabled_at) })}`
          : null}
      </span>
    </span>
  );
}

function ResetButton({
  row,
  onReset,
}: {
  row: StaffTwoFactorRow;
  onReset: (row: StaffTwoFactorRow) => void;
}) {
  const { t } = useTranslation();
  if (!row.two_factor || row.self) return null;
  return (
    <button
      type="button"
      className="inline-flex min-h-9 items-center justify-center rounded-full border border-red-200 bg-white px-3.5 text-[13px] font-semibold whitespace-nowrap text-red-700 transition-colors hover:bg-red-50 dark:border-red-500/40 dark:bg-stone-900 dark:text-red-300 dark:hover:bg-red-950/50"
      onClick={() => onReset(row)}
      data-testid="staff-two-factor-reset"
    >
      {t('manager.security.staff.reset')}
      <span className="sr-only"> · {row.name}</span>
    </button>
  );
}

export function StaffTwoFactorList() {
  const { t } = useTranslation();
  const id = useId();
  const { page, goTo } = usePageParam();
  const query = useStaffTwoFactor(page);
  useSignOutOnUnauthorized(query.error);
  useBackInRange(query.data, page, goTo);
  const signOut = useManagerSignOut();
  const reset = useResetStaffTotp();
  const [confirming, setConfirming] = useState<StaffTwoFactorRow | null>(null);
  const required = query.data?.require_totp ?? false;
  const open = (row: StaffTwoFactorRow) => {
    reset.reset();
    setConfirming(row);
  };
  const td = tableCell.body;

  return (
    <section aria-labelledby={`${id}-title`} className="mt-10" data-testid="staff-two-factor">
      <h2 id={`${id}-title`} className="text-lg font-semibold tracking-tight">
        {t('manager.security.staff.title')}
      </h2>
      <p className="mt-1 mb-4 max-w-2xl text-sm text-muted">{t('manager.security.staff.lead')}</p>
      <div aria-busy={query.isFetching}>
        <ListResults
          query={query}
          testPrefix="staff-two-factor"
          failedTitle={t('manager.security.staff.load_failed')}
          empty={{
            icon: 'users',
            title: t('manager.staff.empty_title'),
            body: t('manager.staff.empty_body'),
          }}
          rows={(rows) => ({
            table: (
              <ListTable
                caption={t('manager.security.staff.caption')}
                columns={(['person', 'status', 'actions'] as const).map((key) => ({
                  key,
                  header: t(`manager.security.staff.columns.${key}`),
                }))}
              >
                {rows.map((row) => (
                  <tr key={row.id} data-testid="staff-two-factor-row">
                    <td className={td}>
                      <NameCell row={row} />
                    </td>
                    <td className={td}>
                      <FactorCell row={row} />
                    </td>
                    <td className={`${td} w-40`}>
                      <ResetButton row={row} onReset={open} />
                    </td>
                  </tr>
                ))}
              </ListTable>
            ),
            cards: (
              <ul className="space-y-2.5" aria-label={t('manager.security.staff.caption')}>
                {rows.map((row) => (
                  <li
                    key={row.id}
                    data-testid="staff-two-factor-row"
                    className="rounded-xl border border-stone-200 bg-white p-3.5 dark:border-stone-800 dark:bg-stone-900"
                  >
                    <div className="flex items-start justify-between gap-3">
                      <NameCell row={row} withSince />
                      <span className="shrink-0">
                        <FactorCell row={row} compact />
                      </span>
                    </div>
                    {row.two_factor && !row.self ? (
                      <div className="mt-3 border-t border-stone-100 pt-3 dark:border-stone-800">
                        <ResetButton row={row} onReset={open} />
                      </div>
                    ) : null}
                  </li>
                ))}
              </ul>
            ),
          })}
        />
      </div>
      {query.data && query.data.last_page > 1 ? (
        <Pager
          page={query.data.current_page}
          lastPage={query.data.last_page}
          onPage={goTo}
          busy={query.isPlaceholderData}
          label={t('manager.security.staff.pages_label')}
          testPrefix="staff-two-factor-pager"
        />
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t('manager.security.staff.reset_title', { name: confirming.name })}
          body={t(
            required ? 'manager.security.staff.reset_body_required' : 'manager.security.staff.reset_body',
            {
              name: confirming.name,
            },
          )}
          confirmLabel={t('manager.security.staff.reset')}
          busyLabel={t('manager.security.staff.resetting')}
          busy={reset.isPending}
          error={reset.error && !isUnauthorized(reset.error) ? apiMessage(reset.error) : null}
          danger
          onConfirm={() => {
            const row = confirming;
            reset.mutate(row.id, {
              onSuccess: () => {
                notifySuccess(t('manager.security.staff.reset_done', { name: row.name }));
                setConfirming(null);
              },
              onError: (error) => {
                if (isUnauthorized(error)) signOut();
              },
            });
          }}
          onClose={() => setConfirming(null)}
          testId="staff-two-factor-confirm"
        />
      ) : null}
    </section>
  );
}
