// What an upload did, in the report's currency: rows imported, duplicates skipped and each rejected
// line with its number and reason; or, for a file imported before, when and by whom (nothing changed). It takes the focus
// when it appears, so a screen reader hears the outcome.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons';
import { useFormatters } from '../../../lib/format';
import { useReportCurrencies, type ImportAnswer } from './marketplace-api';
import { importCurrency } from './report-currency';
import { RejectedLines } from './RejectedLines';
import { Pager } from '../../../components/pager';
import { Notice } from '../../../components/staff/fields';

/** Rejected lines shown at once in the result; more are paged. */
const RESULT_LINES = 50;

function Figure({
  label,
  value,
  tone,
  testId,
}: {
  label: string;
  value: number;
  tone: 'good' | 'neutral' | 'bad';
  testId: string;
}) {
  const f = useFormatters();
  const tones = {
    good: 'text-emerald-700 dark:text-emerald-300',
    neutral: 'text-stone-900 dark:text-white',
    bad: 'text-red-700 dark:text-red-300',
  };
  return (
    <div className="flex min-w-0 flex-col justify-between rounded-xl bg-stone-50 px-3 py-3 sm:px-4 dark:bg-stone-800/50">
      <dt className="text-xs font-medium text-stone-600 sm:text-sm dark:text-stone-400">{label}</dt>
      <dd
        className={`mt-1 text-2xl font-bold tracking-tight tabular-nums sm:text-3xl ${tones[tone]}`}
        data-testid={testId}
      >
        {f.number(value)}
      </dd>
    </div>
  );
}

export function ImportResult({ answer, onDismiss }: { answer: ImportAnswer; onDismiss: () => void }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const heading = useRef<HTMLHeadingElement>(null);
  const [page, setPage] = useState(1);
  useEffect(() => {
    heading.current?.focus();
  }, [answer]);

  const earlier = answer.import;
  const currencies = useReportCurrencies();
  const currency = importCurrency(earlier, currencies.data);
  const last = Math.max(1, Math.ceil(answer.rejected.length / RESULT_LINES));
  const shown = answer.rejected.slice((page - 1) * RESULT_LINES, page * RESULT_LINES);

  return (
    <section
      aria-labelledby="import-result-title"
      className="card p-4 sm:p-6"
      data-testid="import-result"
      data-already={answer.already_imported ? 'true' : 'false'}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <span
            className={`mt-0.5 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${
              answer.already_imported
                ? 'bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300'
                : 'bg-emerald-100 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-300'
            }`}
          >
            <Icon name={answer.already_imported ? 'info' : 'check'} width={18} height={18} />
          </span>
          <div className="min-w-0">
            <h2
              id="import-result-title"
              ref={heading}
              tabIndex={-1}
              className="text-lg font-semibold tracking-tight focus:outline-none"
            >
              {answer.already_imported
                ? t('manager.marketplace.result.already')
                : t('manager.marketplace.result.done')}
            </h2>
            <p
              className="truncate text-sm text-muted"
              title={earlier.filename}
              data-testid="import-result-file"
            >
              {earlier.filename}
            </p>
            {currency ? (
              <p className="text-xs text-muted" data-testid="import-result-currency">
                {t('manager.marketplace.currency.in_currency', { currency })}
              </p>
            ) : null}
          </div>
        </div>
        <button
          type="button"
          className="icon-button -mt-1 -mr-2 shrink-0"
          onClick={onDismiss}
          aria-label={t('manager.marketplace.result.dismiss')}
          data-testid="import-result-dismiss"
        >
          <Icon name="close" width={18} height={18} />
        </button>
      </div>

      {answer.already_imported ? (
        <div className="mt-4">
          <Notice tone="warning" testId="import-already">
            {earlier.imported_by
              ? t('manager.marketplace.result.already_body', {
                  date: f.date(earlier.created_at),
                  name: earlier.imported_by.name,
                })
              : t('manager.marketplace.result.already_body_unknown', { date: f.date(earlier.created_at) })}
          </Notice>
        </div>
      ) : (
        <>
          <dl className="mt-5 grid grid-cols-3 gap-2 sm:gap-3">
            <Figure
              label={t('manager.marketplace.result.imported')}
              value={answer.imported}
              tone={answer.imported > 0 ? 'good' : 'neutral'}
              testId="result-imported"
            />
            <Figure
              label={t('manager.marketplace.result.duplicates')}
              value={answer.duplicates}
              tone="neutral"
              testId="result-duplicates"
            />
            <Figure
              label={t('manager.marketplace.result.rejected')}
              value={answer.rejected.length}
              tone={answer.rejected.length > 0 ? 'bad' : 'neutral'}
              testId="result-rejected"
            />
          </dl>
          {answer.duplicates > 0 ? (
            <p className="mt-3 text-sm text-muted">{t('manager.marketplace.result.duplicates_hint')}</p>
          ) : null}
          {answer.rejected.length > 0 ? (
            <div className="mt-6">
              <h3 className="text-base font-semibold tracking-tight">
                {t('manager.marketplace.result.rejected_heading')}
              </h3>
              <p className="mt-1 mb-3 text-sm text-muted">{t('manager.marketplace.result.rejected_hint')}</p>
              <RejectedLines lines={shown} label={t('manager.marketplace.result.rejected_heading')} />
              {last > 1 ? (
                <Pager
                  page={page}
                  lastPage={last}
                  onPage={setPage}
                  label={t('manager.marketplace.lines_pages_label')}
                  testPrefix="result-lines-pager"
                />
              ) : null}
            </div>
          ) : (
            <p className="mt-4 text-sm text-muted" data-testid="result-none-rejected">
              {t('manager.marketplace.result.none_rejected')}
            </p>
          )}
        </>
      )}
    </section>
  );
}
