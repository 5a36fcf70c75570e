// /manager/settings (admins, docs/product/back-office.md#program-settings): the program settings and the commission tiers in one
// form, saved whole. The form checks its fields with the server's own rules before sending, the
// server's messages land under the fields they name, and a note says what a change reaches:
// what is recorded after it, never what was recorded before.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  settingsProblemText,
  SETTINGS_LIMITS,
  type ProgramSettings,
  type ReferralType,
  REFERRAL_TYPES,
} from '../../../../common/program-settings';
import { Icon } from '../../../components/icons';
import { inputClass } from '../../../components/form';
import { useDocumentTitle } from '../../../lib/document-title';
import { apiMessage, serverFieldErrors } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/toast';
import { PageHeading } from '../../../components/PageHeading';
import { useFormatters, useDateTime } from '../../../lib/format';
import { CurrencySection } from './CurrencySection';
import { StoreSection } from './StoreSection';
import { TimeZoneSection } from './TimeZoneSection';
import { useProgramSettings, useSaveProgramSettings, type ProgramSettingsAnswer } from './settings-api';
import {
  draftOf,
  draftProblems,
  newTierKey,
  sameDraft,
  valuesOf,
  type NumberField,
  type SettingsDraft,
  type TierDraft,
} from './settings-form';
import { SkeletonLines } from '../../../components/skeleton';
import { useSignOutOnUnauthorized } from '../staff-session';
import { ListTable, tableCell, type TableColumn } from '../../../components/table';
import { useWideLayout } from '../../../components/staff/table-or-cards';
import { LoadFailed } from '../../../components/staff/list-results';
import { ErrorText, Glyph } from '../../../components/staff/fields';

type Messages = Record<string, string>;

/** The form's words for the rules' problems, numbers and money written as the staff member reads them. */
function useProblemText() {
  const { t } = useTranslation();
  const f = useFormatters();
  return (problems: ReturnType<typeof draftProblems>): Messages =>
    Object.fromEntries(
      Object.entries(problems).map(([field, problem]) => [
        field,
        settingsProblemText(problem, (key, values) => t(key, { defaultValue: key, ...values }), {
          number: f.number,
          money: (n) => f.money(n),
        }),
      ]),
    );
}

interface NumberInputProps {
  field: string;
  label: string;
  hint?: string;
  /** Written after the value inside the box: "days", "%", "USD". */
  unit: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | null;
  whole?: boolean;
  hiddenLabel?: boolean;
  className?: string;
}

/** A labelled number box with its unit, hint and message. */
function NumberInput({
  field,
  label,
  hint,
  unit,
  value,
  onValue,
  error,
  whole,
  hiddenLabel,
  className = '',
}: NumberInputProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className={`min-w-0 ${className}`}>
      <label
        htmlFor={id}
        className={
          hiddenLabel ? 'sr-only' : 'mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200'
        }
      >
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type="text"
          inputMode={whole ? 'numeric' : 'decimal'}
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(event) => onValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          data-field={field}
          data-testid={`settings-${field}`}
          className={`${inputClass} pr-16 tabular-nums ${error ? 'border-red-600 dark:border-red-400' : 'border-stone-300 dark:border-stone-700'}`}
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 right-0 flex items-center pr-3.5 text-sm text-stone-500 dark:text-stone-400"
        >
          {unit}
        </span>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs leading-relaxed text-muted">
          {hint}
        </p>
      ) : null}
      <ErrorText id={`${id}-error`} message={error} />
    </div>
  );
}

function Group({
  id,
  title,
  lead,
  children,
  aside,
}: {
  id: string;
  title: string;
  lead: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <section
      className="card p-4 sm:p-6"
      aria-labelledby={`${id}-heading`}
      data-testid={`settings-group-${id}`}
    >
      <div className="mb-5 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`${id}-heading`} className="text-lg font-semibold tracking-tight">
            {title}
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-muted">{lead}</p>
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}

const removeButton =
  'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-stone-500 transition-colors hover:bg-red-50 hover:text-red-700 disabled:pointer-events-none disabled:opacity-35 dark:text-stone-400 dark:hover:bg-red-950/40 dark:hover:text-red-300';

interface TierEditorProps {
  tiers: TierDraft[];
  error: (field: string) => string | null;
  change: (index: number, patch: Partial<TierDraft>) => void;
  remove: (index: number) => void;
}

function TierTable({ tiers, error, change, remove }: TierEditorProps) {
  const { t } = useTranslation();
  const td = `${tableCell.body} align-top`;
  const columns: TableColumn[] = [
    { key: 'tier', header: t('manager.settings.tiers.tier_column'), className: 'w-28 sm:pl-6' },
    { key: 'min_sales', header: t('manager.settings.tiers.min_sales') },
    { key: 'rate', header: t('manager.settings.tiers.rate') },
    {
      key: 'actions',
      header: <span className="sr-only">{t('manager.settings.tiers.actions')}</span>,
      className: 'w-16 sm:pr-6',
    },
  ];
  return (
    <div className="-mx-4 overflow-x-auto sm:-mx-6">
      <ListTable caption={t('manager.settings.tiers.caption')} testId="tiers-table" columns={columns}>
        {tiers.map((tier, index) => (
          <tr key={tier.key} data-testid="tier-row">
            <td
              className={`${td} pt-6 font-semibold whitespace-nowrap text-stone-900 sm:pl-6 dark:text-white`}
            >
              {t('manager.settings.tiers.tier', { n: index + 1 })}
            </td>
            <td className={td}>
              <NumberInput
                field={`tiers.${index}.min_sales`}
                label={`${t('manager.settings.tiers.tier', { n: index + 1 })} · ${t('manager.settings.tiers.min_sales')}`}
                hiddenLabel
                whole
                unit="+"
                value={tier.min_sales}
                onValue={(min_sales) => change(index, { min_sales })}
                error={error(`tiers.${index}.min_sales`)}
                className="max-w-56"
              />
            </td>
            <td className={td}>
              <NumberInput
                field={`tiers.${index}.rate`}
                label={`${t('manager.settings.tiers.tier', { n: index + 1 })} · ${t('manager.settings.tiers.rate')}`}
                hiddenLabel
                unit={t('manager.settings.units.percent')}
                value={tier.rate}
                onValue={(rate) => change(index, { rate })}
                error={error(`tiers.${index}.rate`)}
                className="max-w-56"
              />
            </td>
            <td className={`${td} text-right sm:pr-6`}>
              <button
                type="button"
                className={removeButton}
                onClick={() => remove(index)}
                disabled={tiers.length === 1}
                aria-label={t('manager.settings.tiers.remove', { n: index + 1 })}
                data-testid="tier-remove"
              >
                <Glyph name="trash" />
              </button>
            </td>
          </tr>
        ))}
      </ListTable>
    </div>
  );
}

function TierCards({ tiers, error, change, remove }: TierEditorProps) {
  const { t } = useTranslation();
  return (
    <ol className="space-y-3" aria-label={t('manager.settings.tiers.caption')} data-testid="tiers-cards">
      {tiers.map((tier, index) => (
        <li
          key={tier.key}
          className="rounded-xl border border-stone-200 bg-stone-50/60 p-3.5 dark:border-stone-800 dark:bg-stone-950/40"
          data-testid="tier-row"
        >
          <div className="mb-2 flex items-center justify-between gap-3">
            <h3 className="font-semibold text-stone-900 dark:text-white">
              {t('manager.settings.tiers.tier', { n: index + 1 })}
            </h3>
            <button
              type="button"
              className={`${removeButton} -mr-1.5`}
              onClick={() => remove(index)}
              disabled={tiers.length === 1}
              aria-label={t('manager.settings.tiers.remove', { n: index + 1 })}
              data-testid="tier-remove"
            >
              <Glyph name="trash" />
            </button>
          </div>
          <div className="grid grid-cols-2 gap-3">
            <NumberInput
              field={`tiers.${index}.min_sales`}
              label={t('manager.settings.tiers.min_sales')}
              whole
              unit="+"
              value={tier.min_sales}
              onValue={(min_sales) => change(index, { min_sales })}
              error={error(`tiers.${index}.min_sales`)}
            />
            <NumberInput
              field={`tiers.${index}.rate`}
              label={t('manager.settings.tiers.rate')}
              unit={t('manager.settings.units.percent')}
              value={tier.rate}
              onValue={(rate) => change(index, { rate })}
              error={error(`tiers.${index}.rate`)}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}

function ReferralTypeChoice({
  value,
  onValue,
  error,
}: {
  value: ReferralType;
  onValue: (value: ReferralType) => void;
  error: string | null;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200">
        {t('manager.settings.fields.referral_comission_type')}
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {REFERRAL_TYPES.map((type) => (
          <label
            key={type}
            className={`flex min-h-11 cursor-pointer items-center gap-2.5 rounded-xl border px-3.5 py-2.5 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-brand-600 dark:has-[:focus-visible]:outline-brand-400 ${
              value === type
                ? 'border-brand-600 bg-brand-50 font-medium text-brand-900 dark:border-brand-400 dark:bg-brand-400/10 dark:text-brand-100'
                : 'border-stone-300 bg-white text-stone-800 hover:border-stone-400 dark:border-stone-700 dark:bg-stone-950 dark:text-stone-200 dark:hover:border-stone-600'
            }`}
          >
            <input
              type="radio"
              name="referral_comission_type"
              value={type}
              checked={value === type}
              onChange={() => onValue(type)}
              className="h-4 w-4 accent-brand-700 dark:accent-brand-400"
              data-testid={`settings-referral-${type}`}
            />
            {t(`manager.settings.referral_types.${type}`)}
          </label>
        ))}
      </div>
      <ErrorText message={error} />
    </fieldset>
  );
}

function SettingsForm({ settings }: { settings: ProgramSettingsAnswer }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const wide = useWideLayout();
  const dateTime = useDateTime();
  const problemText = useProblemText();
  const save = useSaveProgramSettings();
  const formRef = useRef<HTMLFormElement>(null);

  const [saved, setSaved] = useState(() => draftOf(settings, language));
  const [draft, setDraft] = useState<SettingsDraft>(saved);
  // Once a save was tried, the rules are checked as the staff member types.
  const [checking, setChecking] = useState(false);
  // The server's messages stand until their field is changed.
  const [server, setServer] = useState<Messages>({});
  const [attempt, setAttempt] = useState(0);

  // Another answer (saved here, or read again) is what the form starts from.
  const [seen, setSeen] = useState(settings);
  if (settings !== seen) {
    setSeen(settings);
    const next = draftOf(settings, language);
    setSaved(next);
    setDraft(next);
  }

  const problems = checking ? problemText(draftProblems(draft, language)) : {};
  const error = (field: string) => problems[field] ?? server[field] ?? null;
  const dirty = !sameDraft(draft, saved, language);
  const failure =
    save.error && !serverFieldErrors(save.error)
      ? (apiMessage(save.error) ?? t('manager.settings.save_failed'))
      : null;
  const hasProblems = Object.keys(problems).length > 0 || Object.keys(server).length > 0;

  // A tier just added (the last row): its first box gets the focus once it is drawn.
  const [added, setAdded] = useState(0);
  const lastRow = draft.tiers.length - 1;
  useEffect(() => {
    if (added === 0) return;
    formRef.current?.querySelector<HTMLElement>(`[data-field="tiers.${lastRow}.min_sales"]`)?.focus();
    // Only a new row moves the focus, not later edits of the table.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [added]);

  // After a refused attempt, the first field to fix gets the focus.
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const forget = (match: (field: string) => boolean) =>
    setServer((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !match(field))));
  const setField = (field: NumberField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    forget((key) => key === field);
  };
  const setTiers = (tiers: TierDraft[]) => {
    setDraft((current) => ({ ...current, tiers }));
    // A row added or removed renumbers the rows below: the server's tier messages no longer fit.
    forget((key) => key.startsWith('tiers'));
  };
  const changeTier = (index: number, patch: Partial<TierDraft>) =>
    setTiers(draft.tiers.map((tier, at) => (at === index ? { ...tier, ...patch } : tier)));
  const removeTier = (index: number) => setTiers(draft.tiers.filter((_, at) => at !== index));
  const addTier = () => {
    setTiers([...draft.tiers, { key: newTierKey(), min_sales: '', rate: '' }]);
    setAdded((n) => n + 1);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = draftProblems(draft, language);
    setChecking(true);
    setServer({});
    if (Object.keys(found).length > 0) {
      setAttempt((n) => n + 1);
      return;
    }
    save.mutate(valuesOf(draft, language) as ProgramSettings, {
      onSuccess: () => {
        setChecking(false);
        notifySuccess(t('manager.settings.saved'));
      },
      onError: (failed) => {
        setServer(serverFieldErrors(failed) ?? {});
        setAttempt((n) => n + 1);
      },
    });
  };

  const numberField = (
    field: NumberField,
    unit: string,
    options: { whole?: boolean; hint?: string } = {},
  ) => (
    <NumberInput
      field={field}
      label={t(`manager.settings.fields.${field}`)}
      hint={
        options.hint ??
        t(`manager.settings.fields.${field}_hint` as 'manager.settings.fields.minimum_payout_hint')
      }
      unit={unit}
      whole={options.whole}
      value={draft[field]}
      onValue={(value) => setField(field, value)}
      error={error(field)}
    />
  );
  const currency = settings.currency;
  const percent = t('manager.settings.units.percent');
  const fixed = draft.referral_comission_type === 'fixed';

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5" data-testid="settings-form">
      <Group
        id="payouts"
        title={t('manager.settings.groups.payouts')}
        lead={t('manager.settings.groups.payouts_lead')}
      >
        <div className="grid gap-5 md:grid-cols-3">
          {numberField('holding_period_days', t('manager.settings.units.days'), { whole: true })}
          {numberField('minimum_payout', currency)}
          {numberField('manager_threshold', currency)}
        </div>
      </Group>

      <Group
        id="rates"
        title={t('manager.settings.groups.rates')}
        lead={t('manager.settings.groups.rates_lead')}
      >
        <div className="grid gap-5 md:grid-cols-2">
          {numberField('marketplace_rate', percent)}
          {numberField('default_discount', percent)}
        </div>
      </Group>

      <Group
        id="referral"
        title={t('manager.settings.groups.referral')}
        lead={t('manager.settings.groups.referral_lead')}
      >
        <div className="grid gap-5 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <ReferralTypeChoice
            value={draft.referral_comission_type}
            onValue={(type) => {
              setDraft((current) => ({ ...current, referral_comission_type: type }));
              forget((key) => key.startsWith('referral'));
            }}
            error={error('referral_comission_type')}
          />
          {numberField('referral_commission_amount', fixed ? currency : percent, {
            whole: true,
            hint: t(
              fixed
                ? 'manager.settings.fields.referral_fixed_hint'
                : 'manager.settings.fields.referral_percent_hint',
            ),
          })}
        </div>
      </Group>

      <Group
        id="tiers"
        title={t('manager.settings.groups.tiers')}
        lead={t('manager.settings.groups.tiers_lead')}
        aside={
          <span
            className="rounded-full bg-stone-100 px-2.5 py-1 text-xs font-medium text-stone-700 dark:bg-stone-800 dark:text-stone-300"
            data-testid="tiers-count"
          >
            {t('manager.settings.tiers.count', { count: draft.tiers.length })}
          </span>
        }
      >
        {wide ? (
          <TierTable tiers={draft.tiers} error={error} change={changeTier} remove={removeTier} />
        ) : (
          <TierCards tiers={draft.tiers} error={error} change={changeTier} remove={removeTier} />
        )}
        <ErrorText message={error('tiers')} />
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-muted">{t('manager.settings.tiers.first_note')}</p>
          <button
            type="button"
            className="btn-secondary shrink-0"
            onClick={addTier}
            disabled={draft.tiers.length >= SETTINGS_LIMITS.tiersMax}
            data-testid="tier-add"
          >
            <Glyph name="plus" />
            {t('manager.settings.tiers.add')}
          </button>
        </div>
      </Group>

      {/* The save bar stays in view at the bottom of the screen while the form scrolls under it. */}
      <div className="sticky bottom-0 z-10 -mx-4 border-t border-stone-200 bg-stone-50/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border sm:px-5 dark:border-stone-800 dark:bg-stone-950/90">
        {failure ? (
          <p
            role="alert"
            className="mb-2 text-sm font-medium text-red-700 dark:text-red-300"
            data-testid="settings-failure"
          >
            {failure}
          </p>
        ) : hasProblems ? (
          <p
            role="alert"
            className="mb-2 text-sm font-medium text-red-700 dark:text-red-300"
            data-testid="settings-problems"
          >
            {t('manager.settings.check_fields')}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted" aria-live="polite" data-testid="settings-state">
            {dirty ? (
              <span className="inline-flex items-center gap-2 font-medium text-amber-800 dark:text-amber-300">
                <span className="h-2 w-2 rounded-full bg-amber-500" aria-hidden="true" />
                {t('manager.settings.unsaved')}
              </span>
            ) : settings.updated_at ? (
              t('manager.settings.last_changed', { date: dateTime(settings.updated_at) })
            ) : (
              t('manager.settings.never_changed')
            )}
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            {dirty ? (
              <button
                type="button"
                className="btn-secondary"
                onClick={() => {
                  setDraft(saved);
                  setServer({});
                  setChecking(false);
                  save.reset();
                }}
                data-testid="settings-undo"
              >
                {t('manager.settings.undo')}
              </button>
            ) : null}
            <button
              type="submit"
              className="btn-primary"
              disabled={save.isPending || !dirty}
              title={dirty ? undefined : t('manager.settings.no_changes')}
              data-testid="settings-save"
            >
              {save.isPending ? t('manager.settings.saving') : t('manager.settings.save')}
            </button>
          </div>
        </div>
      </div>
    </form>
  );
}

export function SettingsPage() {
  const { t } = useTranslation();
  const title = t('titles.manager_settings');
  useDocumentTitle(title);
  const query = useProgramSettings();
  useSignOutOnUnauthorized(query.error);

  return (
    <>
      <PageHeading title={title} lead={t('manager.settings.lead')} />
      <aside
        className="mb-5 flex gap-3 rounded-2xl border border-sky-200 bg-sky-50 px-4 py-3.5 text-sm text-sky-950 dark:border-sky-400/25 dark:bg-sky-950/40 dark:text-sky-100"
        aria-labelledby="settings-applies-title"
        data-testid="settings-applies"
      >
        <Icon name="info" width={20} height={20} className="mt-0.5 shrink-0 text-sky-700 dark:text-sky-300" />
        <div>
          <p id="settings-applies-title" className="font-semibold">
            {t('manager.settings.applies_title')}
          </p>
          <p className="mt-1 leading-relaxed">{t('manager.settings.applies_body')}</p>
        </div>
      </aside>
      {query.data ? (
        <SettingsForm settings={query.data} />
      ) : query.isError ? (
        <LoadFailed
          title={t('manager.settings.load_failed')}
          onRetry={() => void query.refetch()}
          testId="settings-load-failed"
        />
      ) : (
        <div className="card p-5 sm:p-6" data-testid="settings-loading">
          <SkeletonLines lines={6} />
        </div>
      )}
      {/* Saved on its own, change by change (docs/product/commissions.md#currency): not part of the form above. */}
      <CurrencySection />
      <TimeZoneSection />
      <StoreSection />
    </>
  );
}
