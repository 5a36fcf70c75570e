// The report's currency on the upload card: the program currency first (read as it is), then the
// Amazon stores' currencies, each saying whether a rate is set. A currency without a rate is said
// at once, with where to set one (the settings, an admin's), since the server refuses the report.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { inputClass } from '../../../components/form';
import type { ReportCurrencies } from './marketplace-api';
import { setRateHref, type ReportCurrencyChoice } from './report-currency';
import { RetryLine } from '../../../components/states';
import { useStaffMember } from '../staff-session';
import { hasRole } from '../../../../common/staff-roles';
import { ErrorText, Notice } from '../../../components/staff/fields';

/** An option's words: "USD — program currency · amazon.com", "CAD — amazon.ca · rate 0.7312". */
function useOptionLabel() {
  const { t } = useTranslation();
  return (choice: ReportCurrencyChoice) => {
    const stores = choice.stores.join(', ');
    const words = { currency: choice.currency, stores, rate: choice.rate };
    if (choice.program)
      return stores
        ? t('manager.marketplace.currency.option_program_store', words)
        : t('manager.marketplace.currency.option_program', words);
    return choice.rate
      ? t('manager.marketplace.currency.option_rate', words)
      : t('manager.marketplace.currency.option_no_rate', words);
  };
}

export function ReportCurrencyField({
  id,
  settings,
  failed,
  onRetry,
  choices,
  chosen,
  onChoose,
  disabled,
  error,
}: {
  id: string;
  settings: ReportCurrencies | undefined;
  /** The settings could not be read: the report goes in the program currency. */
  failed: boolean;
  onRetry: () => void;
  choices: readonly ReportCurrencyChoice[];
  chosen: ReportCurrencyChoice | null;
  onChoose: (currency: string) => void;
  disabled: boolean;
  /** The server's refusal for the currency. */
  error: string | null;
}) {
  const { t } = useTranslation();
  const label = useOptionLabel();
  const me = useStaffMember();
  const admin = hasRole(me.data?.role, 'admin');
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const noRate = chosen !== null && chosen.rate === null;

  return (
    <div className="min-w-0" data-testid="report-currency-field">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200">
        {t('manager.marketplace.currency.label')}
      </label>
      <select
        id={id}
        value={chosen?.currency ?? ''}
        onChange={(event) => onChoose(event.target.value)}
        disabled={disabled || !settings}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        className={`${inputClass} ${
          error ? 'border-red-600 dark:border-red-400' : 'border-stone-300 dark:border-stone-700'
        } disabled:opacity-60`}
        data-testid="report-currency"
      >
        {settings ? (
          choices.map((choice) => (
            <option key={choice.currency} value={choice.currency} data-rate={choice.rate ?? undefined}>
              {label(choice)}
            </option>
          ))
        ) : (
          <option value="">
            {failed ? t('manager.marketplace.currency.program') : t('manager.marketplace.currency.loading')}
          </option>
        )}
      </select>
      <ErrorText id={errorId} message={error} />
      <div id={hintId} className="mt-1.5 text-xs text-muted" data-testid="report-currency-hint">
        {failed && !settings ? (
          <RetryLine text={t('manager.marketplace.currency.load_failed')} onRetry={onRetry} />
        ) : !settings || !chosen ? null : chosen.program ? (
          <p>{t('manager.marketplace.currency.hint_program', { currency: chosen.currency })}</p>
        ) : chosen.rate ? (
          <p>
            {t('manager.marketplace.currency.hint_rate', {
              program: settings.currency,
              line: `1 ${chosen.currency} = ${chosen.rate} ${settings.currency}`,
            })}
          </p>
        ) : null}
      </div>
      {noRate ? (
        <div className="mt-2">
          <Notice tone="warning" testId="report-currency-no-rate">
            {t('manager.marketplace.currency.no_rate', { currency: chosen.currency })}{' '}
            {admin ? (
              <Link
                to={setRateHref(chosen.currency)}
                className="link font-semibold"
                data-testid="report-currency-set-rate"
              >
                {t('manager.marketplace.currency.set_rate')}
              </Link>
            ) : (
              <span data-testid="report-currency-by-admin">
                {t('manager.marketplace.currency.rate_by_admin')}
              </span>
            )}
          </Notice>
        </div>
      ) : null}
    </div>
  );
}
