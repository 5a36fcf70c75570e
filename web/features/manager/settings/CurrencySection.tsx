// The settings' "Currency and exchange rates" (docs/product/commissions.md#currency, docs/decisions/053): the program
// currency, which admins change only while the ledger holds no money, and the rate of each other
// currency a shop sells in. Every change is saved on its own, at once (not with the form above):
// a rate applies to the orders recorded from then on, and the orders already waiting for it are
// released from Needs a look. Other staff roles read it.
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { convertCents, isCurrencyCode, normalizeRate } from '../../../../common/currency';
import { inputClass } from '../../../components/form';
import { Icon } from '../../../components/icons';
import { apiMessage, serverFieldErrors } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { useFormatters } from '../../../lib/format';
import { ConfirmDialog } from '../../../components/staff/dialogs';
import {
  useChangeCurrency,
  useCurrencySettings,
  type CurrencySettings,
  type ExchangeRateRow,
} from '../currency-api';
import { rateLine, useCurrencyName } from '../currency-words';
import { SkeletonLines } from '../../../components/skeleton';
import { useSignOutOnUnauthorized, useStaffMember } from '../staff-session';
import { hasRole } from '../../../../common/staff-roles';
import { ListTable, tableCell, type TableColumn } from '../../../components/table';
import { useWideLayout } from '../../../components/staff/table-or-cards';
import { LoadFailed } from '../../../components/staff/list-results';
import { ErrorText, Glyph } from '../../../components/staff/fields';

/** Where the orders-waiting page links to (the rates, with the currency to set). */
export const RATES_ANCHOR = 'currency-rates';

const removeButton =
  'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-stone-500 transition-colors hover:bg-red-50 hover:text-red-700 disabled:pointer-events-none disabled:opacity-35 dark:text-stone-400 dark:hover:bg-red-950/40 dark:hover:text-red-300';
const borderOf = (error: string | null) =>
  error ? 'border-red-600 dark:border-red-400' : 'border-stone-300 dark:border-stone-700';
const label = 'mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200';

type Problems = { currency?: string; rate?: string };

/** The rate form's problems, by the server's rules (common/currency.ts), in the staff member's words. */
function useRateProblems(programCurrency: string) {
  const { t } = useTranslation();
  return (code: string, rate: string): Problems => {
    const problems: Problems = {};
    const currency = code.trim().toUpperCase();
    if (!currency) problems.currency = t('manager.settings.currency.errors.currency_required');
    else if (!isCurrencyCode(currency))
      problems.currency = t('manager.settings.currency.errors.currency_code');
    else if (currency === programCurrency)
      problems.currency = t('manager.settings.currency.errors.program_currency');
    const text = rate.trim();
    if (!text) problems.rate = t('manager.settings.currency.errors.rate_required');
    else if (text.includes(',')) problems.rate = t('manager.settings.currency.errors.rate_point');
    else if (!normalizeRate(text)) problems.rate = t('manager.settings.currency.errors.rate_invalid');
    return problems;
  };
}

function ProgramCurrency({ settings, admin }: { settings: CurrencySettings; admin: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const name = useCurrencyName();
  const change = useChangeCurrency();
  const [chosen, setChosen] = useState(settings.currency);
  const [confirming, setConfirming] = useState(false);
  const [seen, setSeen] = useState(settings.currency);
  if (settings.currency !== seen) {
    setSeen(settings.currency);
    setChosen(settings.currency);
  }
  const editable = admin && settings.can_change;
  const failure = change.error
    ? (serverFieldErrors(change.error)?.currency ??
      apiMessage(change.error) ??
      t('manager.settings.currency.change_failed'))
    : null;
  const onConfirm = () =>
    change.mutate(
      { kind: 'currency', currency: chosen },
      {
        onSuccess: (stored) => {
          setConfirming(false);
          notifySuccess(t('manager.settings.currency.currency_changed', { currency: stored.currency }));
        },
      },
    );

  return (
    <div data-testid="currency-program">
      {editable ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="min-w-0 sm:w-72">
            <label htmlFor={id} className={label}>
              {t('manager.settings.currency.program_currency')}
            </label>
            <select
              id={id}
              value={chosen}
              onChange={(event) => {
                setChosen(event.target.value);
                change.reset();
              }}
              className={`${inputClass} ${borderOf(null)}`}
              data-testid="currency-select"
            >
              {settings.currencies.map((code) => (
                <option key={code} value={code}>
                  {name(code) ? `${code} · ${name(code)}` : code}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="btn-secondary shrink-0"
            disabled={chosen === settings.currency || change.isPending}
            onClick={() => setConfirming(true)}
            data-testid="currency-change"
          >
            {t('manager.settings.currency.change')}
          </button>
        </div>
      ) : (
        <dl>
          <dt className={label}>{t('manager.settings.currency.program_currency')}</dt>
          <dd className="flex flex-wrap items-baseline gap-x-2.5" data-testid="currency-value">
            <span className="text-2xl font-bold tracking-tight">{settings.currency}</span>
            {name(settings.currency) ? (
              <span className="text-sm text-muted">{name(settings.currency)}</span>
            ) : null}
          </dd>
        </dl>
      )}
      <p className="mt-2 max-w-2xl text-xs leading-relaxed text-muted" data-testid="currency-note">
        {settings.can_change
          ? t('manager.settings.currency.can_change_note')
          : t('manager.settings.currency.locked_note')}
      </p>
      {confirming ? (
        <ConfirmDialog
          alert
          busyLabel={t('manager.partners.actions.working')}
          title={t('manager.settings.currency.confirm_title', { currency: chosen })}
          body={t('manager.settings.currency.confirm_body', { from: settings.currency, to: chosen })}
          confirmLabel={t('manager.settings.currency.confirm', { currency: chosen })}
          busy={change.isPending}
          error={failure}
          onConfirm={onConfirm}
          onClose={() => {
            setConfirming(false);
            change.reset();
          }}
          testId="currency-confirm"
        />
      ) : null}
    </div>
  );
}

function WaitingLink({ count }: { count: number }) {
  const { t } = useTranslation();
  const f = useFormatters();
  if (count === 0) return <span className="text-stone-500 dark:text-stone-400">{f.number(0)}</span>;
  return (
    <Link to="/manager/overview/orders-waiting" className="link whitespace-nowrap" data-testid="rate-waiting">
      {t('manager.settings.currency.orders_waiting', { count, formatted: f.number(count) })}
    </Link>
  );
}

function RateActions({
  row,
  onEdit,
  onRemove,
}: {
  row: ExchangeRateRow;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1">
      <button
        type="button"
        className="btn-secondary min-h-9 px-3 py-1.5 text-[13px] whitespace-nowrap"
        onClick={onEdit}
        aria-label={t('manager.settings.currency.edit_label', { currency: row.currency })}
        data-testid="rate-edit"
      >
        {t('manager.settings.currency.edit')}
      </button>
      <button
        type="button"
        className={removeButton}
        onClick={onRemove}
        aria-label={t('manager.settings.currency.remove_label', { currency: row.currency })}
        data-testid="rate-remove"
      >
        <Glyph name="trash" />
      </button>
    </span>
  );
}

function RatesList({
  settings,
  admin,
  onEdit,
  onRemove,
}: {
  settings: CurrencySettings;
  admin: boolean;
  onEdit: (row: ExchangeRateRow) => void;
  onRemove: (row: ExchangeRateRow) => void;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  const wide = useWideLayout();
  const name = useCurrencyName();
  if (settings.rates.length === 0)
    return (
      <p
        className="rounded-xl border border-dashed border-stone-300 px-4 py-5 text-center text-sm text-stone-600 dark:border-stone-700 dark:text-stone-400"
        data-testid="rates-empty"
      >
        {t('manager.settings.currency.no_rates')}
      </p>
    );
  const td = `${tableCell.body} align-middle`;
  // The last column keeps the card's padding: the actions for an admin, the waiting orders otherwise.
  const columns: TableColumn[] = [
    { key: 'currency', header: t('manager.settings.currency.columns.currency'), className: 'sm:pl-6' },
    { key: 'rate', header: t('manager.settings.currency.columns.rate') },
    { key: 'set_at', header: t('manager.settings.currency.columns.set_at') },
    {
      key: 'waiting',
      header: t('manager.settings.currency.columns.waiting'),
      className: admin ? undefined : 'sm:pr-6',
    },
    ...(admin
      ? [
          {
            key: 'actions',
            header: <span className="sr-only">{t('manager.settings.currency.columns.actions')}</span>,
            className: 'sm:pr-6',
          },
        ]
      : []),
  ];
  return wide ? (
    <div className="-mx-4 overflow-x-auto sm:-mx-6">
      <ListTable
        caption={t('manager.settings.currency.rates_caption')}
        testId="rates-table"
        columns={columns}
      >
        {settings.rates.map((row) => (
          <tr key={row.currency} data-testid="rate-row">
            <td className={`${td} sm:pl-6`}>
              <span className="block font-semibold text-stone-900 dark:text-white">{row.currency}</span>
              {name(row.currency) ? (
                <span className="block text-xs text-muted">{name(row.currency)}</span>
              ) : null}
            </td>
            <td className={`${td} font-mono tabular-nums`} data-testid="rate-line">
              {rateLine(row.currency, row.rate, settings.currency)}
            </td>
            <td className={`${td} whitespace-nowrap`}>
              <time dateTime={row.set_at}>{f.date(row.set_at)}</time>
            </td>
            <td className={`${td} ${admin ? '' : 'sm:pr-6'}`}>
              <WaitingLink count={row.orders_waiting} />
            </td>
            {admin ? (
              <td className={`${td} text-right sm:pr-6`}>
                <RateActions row={row} onEdit={() => onEdit(row)} onRemove={() => onRemove(row)} />
              </td>
            ) : null}
          </tr>
        ))}
      </ListTable>
    </div>
  ) : (
    <ul
      className="space-y-2.5"
      aria-label={t('manager.settings.currency.rates_caption')}
      data-testid="rates-cards"
    >
      {settings.rates.map((row) => (
        <li
          key={row.currency}
          className="rounded-xl border border-stone-200 bg-stone-50/60 p-3.5 dark:border-stone-800 dark:bg-stone-950/40"
          data-testid="rate-row"
        >
          <div className="flex items-center justify-between gap-3">
            <p className="min-w-0 font-semibold text-stone-900 dark:text-white">
              {row.currency}
              {name(row.currency) ? (
                <span className="ml-2 text-xs font-normal text-muted">{name(row.currency)}</span>
              ) : null}
            </p>
            {admin ? (
              <RateActions row={row} onEdit={() => onEdit(row)} onRemove={() => onRemove(row)} />
            ) : null}
          </div>
          <p className="mt-1 font-mono text-sm whitespace-nowrap tabular-nums" data-testid="rate-line">
            {rateLine(row.currency, row.rate, settings.currency)}
          </p>
          <p className="mt-2 flex flex-wrap justify-between gap-x-4 gap-y-1 text-xs text-muted">
            <span>{t('manager.settings.currency.set_on', { date: f.date(row.set_at) })}</span>
            <WaitingLink count={row.orders_waiting} />
          </p>
        </li>
      ))}
    </ul>
  );
}

/** Orders waiting in a currency that has no rate yet: each a line, with the way to set it. */
function MissingRates({
  settings,
  admin,
  onSet,
}: {
  settings: CurrencySettings;
  admin: boolean;
  onSet: (currency: string) => void;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  const rated = new Set(settings.rates.map((row) => row.currency));
  const missing = settings.waiting.filter((w) => !rated.has(w.currency) && w.orders > 0);
  if (missing.length === 0) return null;
  return (
    <ul className="mt-4 space-y-2" data-testid="rates-missing">
      {missing.map((w) => (
        <li
          key={w.currency}
          className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 px-3.5 py-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between dark:border-amber-400/30 dark:bg-amber-950/30 dark:text-amber-100"
          data-testid="rate-missing"
        >
          <span className="flex items-start gap-2">
            <Icon
              name="alert"
              width={18}
              height={18}
              className="mt-0.5 shrink-0 text-amber-700 dark:text-amber-300"
            />
            {t('manager.settings.currency.missing', {
              count: w.orders,
              formatted: f.number(w.orders),
              currency: w.currency,
            })}
          </span>
          {admin ? (
            <button
              type="button"
              className="btn-secondary min-h-9 shrink-0 px-3 py-1.5 text-[13px]"
              onClick={() => onSet(w.currency)}
              data-testid="rate-missing-set"
            >
              {t('manager.settings.currency.set_rate_of', { currency: w.currency })}
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function RateForm({
  settings,
  code,
  setCode,
  codeRef,
}: {
  settings: CurrencySettings;
  code: string;
  setCode: (code: string) => void;
  codeRef: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  const id = useId();
  const save = useChangeCurrency();
  const problemsOf = useRateProblems(settings.currency);
  const [rate, setRate] = useState('');
  const [checking, setChecking] = useState(false);
  const [server, setServer] = useState<Problems>({});
  const formRef = useRef<HTMLFormElement>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const problems = checking ? problemsOf(code, rate) : {};
  const error = (field: keyof Problems) => problems[field] ?? server[field] ?? null;
  const currency = code.trim().toUpperCase();
  const existing = settings.rates.find((row) => row.currency === currency);
  const normalized = normalizeRate(rate.trim());
  const preview =
    currency && isCurrencyCode(currency) && currency !== settings.currency && normalized ? normalized : null;
  const failure =
    save.error && !serverFieldErrors(save.error)
      ? (apiMessage(save.error) ?? t('manager.settings.currency.save_failed'))
      : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setChecking(true);
    setServer({});
    const found = problemsOf(code, rate);
    if (Object.keys(found).length > 0) {
      setAttempt((n) => n + 1);
      return;
    }
    save.mutate(
      { kind: 'rate', currency, rate: rate.trim() },
      {
        onSuccess: (stored) => {
          const row = stored.rates.find((r) => r.currency === currency);
          notifySuccess(
            t('manager.settings.currency.rate_saved', {
              rate: rateLine(currency, row?.rate ?? normalized ?? rate, stored.currency),
            }),
          );
          setChecking(false);
          setCode('');
          setRate('');
        },
        onError: (failed) => {
          const fields = serverFieldErrors(failed);
          setServer({ currency: fields?.currency, rate: fields?.rate });
          setAttempt((n) => n + 1);
        },
      },
    );
  };

  const describe = (field: string, hint: boolean, invalid: boolean) =>
    [invalid ? `${id}-${field}-error` : null, hint ? `${id}-${field}-hint` : null]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      className="mt-5 rounded-xl border border-stone-200 bg-stone-50/60 p-4 dark:border-stone-800 dark:bg-stone-950/40"
      aria-labelledby={`${id}-title`}
      data-testid="rate-form"
    >
      <h4 id={`${id}-title`} className="font-semibold text-stone-900 dark:text-white">
        {existing
          ? t('manager.settings.currency.form_change', { currency: existing.currency })
          : t('manager.settings.currency.form_add')}
      </h4>
      <div className="mt-3 grid gap-4 sm:grid-cols-[minmax(0,10rem)_minmax(0,16rem)_auto] sm:items-start">
        <div className="min-w-0">
          <label htmlFor={`${id}-currency`} className={label}>
            {t('manager.settings.currency.code')}
          </label>
          <input
            ref={codeRef}
            id={`${id}-currency`}
            type="text"
            value={code}
            onChange={(event) => {
              setCode(event.target.value.toUpperCase().slice(0, 3));
              setServer((current) => ({ ...current, currency: undefined }));
            }}
            maxLength={3}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="CAD"
            aria-invalid={error('currency') ? true : undefined}
            aria-describedby={describe('currency', true, Boolean(error('currency')))}
            className={`${inputClass} font-mono tracking-wider uppercase ${borderOf(error('currency'))}`}
            data-testid="rate-currency"
          />
          <p id={`${id}-currency-hint`} className="mt-1.5 text-xs text-muted">
            {t('manager.settings.currency.code_hint')}
          </p>
          <ErrorText id={`${id}-currency-error`} message={error('currency')} />
        </div>
        <div className="min-w-0">
          <label htmlFor={`${id}-rate`} className={label}>
            {t('manager.settings.currency.rate_label', { currency: settings.currency })}
          </label>
          <div className="relative">
            <input
              id={`${id}-rate`}
              type="text"
              inputMode="decimal"
              value={rate}
              onChange={(event) => {
                setRate(event.target.value);
                setServer((current) => ({ ...current, rate: undefined }));
              }}
              autoComplete="off"
              spellCheck={false}
              placeholder={existing?.rate ?? '0.7312'}
              aria-invalid={error('rate') ? true : undefined}
              aria-describedby={describe('rate', true, Boolean(error('rate')))}
              className={`${inputClass} pr-16 tabular-nums ${borderOf(error('rate'))}`}
              data-testid="rate-value"
            />
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 right-0 flex items-center pr-3.5 text-sm text-stone-500 dark:text-stone-400"
            >
              {settings.currency}
            </span>
          </div>
          <p id={`${id}-rate-hint`} className="mt-1.5 text-xs text-muted">
            {t('manager.settings.currency.rate_hint')}
          </p>
          <ErrorText id={`${id}-rate-error`} message={error('rate')} />
        </div>
        <button
          type="submit"
          className="btn-primary sm:mt-7 sm:justify-self-start"
          disabled={save.isPending}
          data-testid="rate-save"
        >
          {save.isPending ? t('manager.settings.saving') : t('manager.settings.currency.save_rate')}
        </button>
      </div>
      <p
        className="mt-3 text-sm text-stone-700 dark:text-stone-300"
        aria-live="polite"
        data-testid="rate-preview"
      >
        {preview ? (
          <>
            <span className="font-mono font-semibold tabular-nums">
              {rateLine(currency, preview, settings.currency)}
            </span>
            <span className="text-muted">
              {' · '}
              {t('manager.settings.currency.preview_example', {
                amount: f.money(100, currency),
                converted: f.money(convertCents(10_000, preview) / 100, settings.currency),
              })}
            </span>
          </>
        ) : (
          <span className="text-muted">
            {t('manager.settings.currency.preview_empty', { currency: settings.currency })}
          </span>
        )}
      </p>
      {failure ? (
        <p
          role="alert"
          className="mt-2 text-sm font-medium text-red-700 dark:text-red-300"
          data-testid="rate-failure"
        >
          {failure}
        </p>
      ) : null}
    </form>
  );
}

function CurrencyBody({ settings, admin }: { settings: CurrencySettings; admin: boolean }) {
  const { t } = useTranslation();
  const remove = useChangeCurrency();
  const [removing, setRemoving] = useState<ExchangeRateRow | null>(null);
  // `?rate=CAD` (the link of an order waiting for a rate) starts the form with that currency.
  const [params] = useSearchParams();
  const [code, setCode] = useState(() => params.get('rate')?.toUpperCase().slice(0, 3) ?? '');
  const codeRef = useRef<HTMLInputElement>(null);
  const focusForm = (currency: string) => {
    setCode(currency);
    codeRef.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    // The rate is what is left to type.
    setTimeout(() =>
      codeRef.current?.form?.querySelector<HTMLInputElement>('[data-testid="rate-value"]')?.focus(),
    );
  };
  const onRemove = () => {
    if (!removing) return;
    remove.mutate(
      { kind: 'remove', currency: removing.currency },
      {
        onSuccess: () => {
          notifySuccess(t('manager.settings.currency.rate_removed', { currency: removing.currency }));
          setRemoving(null);
        },
        onError: (failed) => {
          if (!serverFieldErrors(failed) && !apiMessage(failed))
            notifyError(t('manager.settings.currency.save_failed'));
        },
      },
    );
  };

  return (
    <>
      <ProgramCurrency settings={settings} admin={admin} />
      <div className="mt-6 border-t border-stone-100 pt-5 dark:border-stone-800">
        <h3 id={RATES_ANCHOR} className="scroll-mt-24 font-semibold text-stone-900 dark:text-white">
          {t('manager.settings.currency.rates_title')}
        </h3>
        <p className="mt-1 mb-4 max-w-2xl text-sm text-muted">
          {t('manager.settings.currency.rates_lead', { currency: settings.currency })}
        </p>
        <RatesList
          settings={settings}
          admin={admin}
          onEdit={(row) => focusForm(row.currency)}
          onRemove={setRemoving}
        />
        <MissingRates settings={settings} admin={admin} onSet={focusForm} />
        {admin ? (
          <RateForm settings={settings} code={code} setCode={setCode} codeRef={codeRef} />
        ) : (
          <p className="mt-4 text-sm text-muted" data-testid="currency-read-only">
            {t('manager.settings.currency.read_only')}
          </p>
        )}
      </div>
      {removing ? (
        <ConfirmDialog
          alert
          danger
          busyLabel={t('manager.partners.actions.working')}
          title={t('manager.settings.currency.remove_title', { currency: removing.currency })}
          body={t('manager.settings.currency.remove_body', { currency: removing.currency })}
          confirmLabel={t('manager.settings.currency.remove_confirm')}
          busy={remove.isPending}
          error={
            remove.error ? (serverFieldErrors(remove.error)?.currency ?? apiMessage(remove.error)) : null
          }
          onConfirm={onRemove}
          onClose={() => {
            setRemoving(null);
            remove.reset();
          }}
          testId="rate-remove-confirm"
        />
      ) : null}
    </>
  );
}

/** The section, read by every staff role; `admin` staff change it. */
export function CurrencySection() {
  const { t } = useTranslation();
  const query = useCurrencySettings();
  useSignOutOnUnauthorized(query.error);
  const me = useStaffMember();
  const admin = hasRole(me.data?.role, 'admin');
  const { hash } = useLocation();
  const loaded = Boolean(query.data);
  // A link to the rates (from the orders waiting for one) lands on them once they are drawn.
  useEffect(() => {
    if (loaded && hash === `#${RATES_ANCHOR}`) document.getElementById(RATES_ANCHOR)?.scrollIntoView?.();
  }, [loaded, hash]);

  return (
    <section
      className="card mt-5 p-4 sm:p-6"
      aria-labelledby="settings-currency-heading"
      data-testid="settings-group-currency"
    >
      <div className="mb-5 min-w-0">
        <h2 id="settings-currency-heading" className="text-lg font-semibold tracking-tight">
          {t('manager.settings.currency.title')}
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-muted">{t('manager.settings.currency.lead')}</p>
      </div>
      {query.data ? (
        <CurrencyBody settings={query.data} admin={admin} />
      ) : query.isError ? (
        <LoadFailed
          title={t('manager.settings.currency.load_failed')}
          onRetry={() => void query.refetch()}
          testId="currency-load-failed"
        />
      ) : (
        <div data-testid="currency-loading">
          <SkeletonLines lines={4} />
        </div>
      )}
    </section>
  );
}
