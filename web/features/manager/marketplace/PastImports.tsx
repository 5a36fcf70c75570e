// The past imports, newest first: when, the file and its currency (the program's for an import
// from before currencies were chosen), who, rows imported, duplicates skipped and lines rejected; each import with rejected lines opens to them (read when opened, paged). The page
// number lives in the URL (?page=).
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons';
import { useFormatters, useDateTime } from '../../../lib/format';
import { useImportLines, useImports, useReportCurrencies, type ImportSummary } from './marketplace-api';
import { importCurrency } from './report-currency';
import { RejectedLines } from './RejectedLines';
import { SkeletonLines } from '../../../components/skeleton';
import { RetryLine } from '../../../components/states';
import { Pager } from '../../../components/pager';
import { useSignOutOnUnauthorized } from '../staff-session';
import { ListTable, tableCell } from '../../../components/table';
import { ListCards, listCardClass } from '../../../components/staff/table-or-cards';
import { OpenedPanel, OpenedRow, openRowClass, useOpenRows } from '../../../components/open-rows';
import { PagedSection, useBackInRange } from '../../../components/paged-section';
import { ListResults } from '../../../components/staff/list-results';
import { usePageParam } from '../../../lib/page-param';

const number = 'text-right tabular-nums whitespace-nowrap';

/** One import's rejected lines, read when it is opened. */
function ImportLines({ summary, id }: { summary: ImportSummary; id: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useImportLines(summary.id, page);
  useSignOutOnUnauthorized(query.error);
  const data = query.data;
  return (
    <div id={id} data-testid="import-lines" aria-busy={query.isFetching}>
      {query.isPending ? (
        <SkeletonLines lines={3} testId="import-lines-loading" />
      ) : !data ? (
        <RetryLine text={t('manager.marketplace.lines_failed')} onRetry={() => void query.refetch()} />
      ) : data.total === 0 ? (
        <p className="text-sm text-muted" data-testid="import-lines-not-kept">
          {t('manager.marketplace.lines_not_kept')}
        </p>
      ) : (
        <div className={`transition-opacity ${query.isPlaceholderData ? 'opacity-60' : ''}`}>
          <RejectedLines
            lines={data.data}
            label={t('manager.marketplace.lines_label', { name: summary.filename })}
          />
          {data.last_page > 1 ? (
            <Pager
              page={data.current_page}
              lastPage={data.last_page}
              onPage={setPage}
              busy={query.isPlaceholderData}
              label={t('manager.marketplace.lines_pages_label')}
              testPrefix="import-lines-pager"
            />
          ) : null}
        </div>
      )}
    </div>
  );
}

/**
 * Opens an import with rejected lines to them; an import without any has nothing to open. Not the
 * shared OpenToggle: it names the file to screen readers and its chevron turns over, not sideways.
 */
function Toggle({
  summary,
  open,
  onToggle,
  controls,
}: {
  summary: ImportSummary;
  open: boolean;
  onToggle: () => void;
  controls: string;
}) {
  const { t } = useTranslation();
  if (summary.rows_rejected === 0) return null;
  return (
    <button
      type="button"
      className="inline-flex min-h-9 items-center gap-1 rounded-full border border-stone-300 px-3 text-[13px] font-semibold whitespace-nowrap text-stone-800 transition-colors hover:bg-stone-100 dark:border-stone-700 dark:text-stone-100 dark:hover:bg-stone-800"
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      onClick={onToggle}
      data-testid="imports-toggle"
    >
      {open ? t('manager.marketplace.hide_lines') : t('manager.marketplace.show_lines')}
      <span className="sr-only"> · {summary.filename}</span>
      <Icon
        name="chevron"
        width={14}
        height={14}
        className={`transition-transform ${open ? 'rotate-180' : ''}`}
      />
    </button>
  );
}

/** Who uploaded it: the name (the e-mail on hover, and below the name on cards). */
function Staff({ summary, withEmail = false }: { summary: ImportSummary; withEmail?: boolean }) {
  const { t } = useTranslation();
  if (!summary.imported_by)
    return (
      <span className="text-stone-500 italic dark:text-stone-400">
        {t('manager.marketplace.unknown_staff')}
      </span>
    );
  return (
    <span className="block min-w-0">
      <span
        className={`block font-medium text-stone-900 dark:text-white ${withEmail ? '' : 'whitespace-nowrap'}`}
        title={summary.imported_by.email}
      >
        {summary.imported_by.name}
      </span>
      {withEmail ? (
        <span className="block max-w-64 truncate text-xs text-muted">{summary.imported_by.email}</span>
      ) : null}
    </span>
  );
}

/** The number of rejected lines: red when there are some, else "None". */
function RejectedCount({ summary }: { summary: ImportSummary }) {
  const { t } = useTranslation();
  const f = useFormatters();
  return summary.rows_rejected > 0 ? (
    <span className="font-semibold text-red-700 dark:text-red-300">{f.number(summary.rows_rejected)}</span>
  ) : (
    <span className="text-stone-500 dark:text-stone-400">{t('manager.marketplace.no_rejected')}</span>
  );
}

/** The report's currency, as a tag; a dash while the program's is not known. */
function Currency({ code }: { code: string | null }) {
  const { t } = useTranslation();
  if (!code) return <span className="text-stone-500 dark:text-stone-400">—</span>;
  return (
    <span
      className="inline-flex items-center rounded-full bg-stone-100 px-2 py-0.5 font-mono text-xs font-semibold whitespace-nowrap text-stone-700 ring-1 ring-stone-300/60 ring-inset dark:bg-stone-800 dark:text-stone-200 dark:ring-stone-700"
      data-testid="imports-currency"
    >
      <span className="sr-only">{t('manager.marketplace.currency.tag', { currency: code })}</span>
      <span aria-hidden="true">{code}</span>
    </span>
  );
}

interface RowProps {
  summary: ImportSummary;
  /** The report's currency (the program's for an import from before), null while unknown. */
  currency: string | null;
  open: boolean;
  onToggle: () => void;
}

function ImportRow({ summary, currency, open, onToggle }: RowProps) {
  const when = useDateTime();
  const f = useFormatters();
  const td = tableCell.body;
  const linesId = `import-lines-${summary.id}`;
  return (
    <Fragment>
      <tr data-testid="imports-row" data-id={summary.id} className={openRowClass(open)}>
        <td className={`${td} whitespace-nowrap text-stone-700 dark:text-stone-300`}>
          <time dateTime={summary.created_at}>{when(summary.created_at)}</time>
        </td>
        {/* The report's currency under its name: one column fewer, the table stays within the page. */}
        <td className={`${td} min-w-40`}>
          <span
            className="block font-medium break-words text-stone-900 dark:text-white"
            data-testid="imports-file"
          >
            {summary.filename}
          </span>
          <span className="mt-1 block">
            <Currency code={currency} />
          </span>
        </td>
        <td className={td}>
          <Staff summary={summary} />
        </td>
        <td
          className={`${td} ${number} font-semibold text-stone-900 dark:text-white`}
          data-testid="imports-imported"
        >
          {f.number(summary.rows_imported)}
        </td>
        <td className={`${td} ${number} text-stone-700 dark:text-stone-300`} data-testid="imports-duplicates">
          {f.number(summary.duplicates_skipped)}
        </td>
        <td className={`${td} ${number}`} data-testid="imports-rejected" data-count={summary.rows_rejected}>
          <RejectedCount summary={summary} />
        </td>
        <td className={`${td} w-0 text-right`}>
          {/* The button is taller than a line of text: it sits centred on the row's first line. */}
          <div className="-my-2">
            <Toggle summary={summary} open={open} onToggle={onToggle} controls={linesId} />
          </div>
        </td>
      </tr>
      {open ? (
        <OpenedRow colSpan={7}>
          <ImportLines summary={summary} id={linesId} />
        </OpenedRow>
      ) : null}
    </Fragment>
  );
}

function ImportCard({ summary, currency, open, onToggle }: RowProps) {
  const { t } = useTranslation();
  const when = useDateTime();
  const f = useFormatters();
  const linesId = `import-lines-${summary.id}`;
  return (
    <li className={listCardClass} data-testid="imports-row" data-id={summary.id}>
      <div className="flex items-baseline justify-between gap-3">
        <p
          className="min-w-0 font-semibold break-words text-stone-900 dark:text-white"
          data-testid="imports-file"
        >
          {summary.filename}
        </p>
        <time dateTime={summary.created_at} className="shrink-0 text-xs text-muted">
          {when(summary.created_at)}
        </time>
      </div>
      <div className="mt-1 flex items-start justify-between gap-3 text-sm">
        <Staff summary={summary} withEmail />
        <span className="shrink-0">
          <Currency code={currency} />
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
        {(
          [
            ['imported', summary.rows_imported, 'text-stone-900 dark:text-white'],
            ['duplicates', summary.duplicates_skipped, 'text-stone-900 dark:text-white'],
            [
              'rejected',
              summary.rows_rejected,
              summary.rows_rejected > 0 ? 'text-red-700 dark:text-red-300' : 'text-stone-900 dark:text-white',
            ],
          ] as const
        ).map(([key, value, tone]) => (
          <div key={key} className="rounded-lg bg-stone-50 px-2 py-1.5 dark:bg-stone-800/50">
            <dt className="text-[11px] font-medium text-muted">{t(`manager.marketplace.columns.${key}`)}</dt>
            <dd className={`text-base font-semibold tabular-nums ${tone}`} data-testid={`imports-${key}`}>
              {f.number(value)}
            </dd>
          </div>
        ))}
      </dl>
      {summary.rows_rejected > 0 ? (
        <div className="mt-3">
          <Toggle summary={summary} open={open} onToggle={onToggle} controls={linesId} />
        </div>
      ) : null}
      {open ? (
        <OpenedPanel>
          <ImportLines summary={summary} id={linesId} />
        </OpenedPanel>
      ) : null}
    </li>
  );
}

export function PastImports() {
  const { t } = useTranslation();
  const f = useFormatters();
  const { page, goTo } = usePageParam();
  const query = useImports(page);
  useSignOutOnUnauthorized(query.error);
  const data = query.data;
  useBackInRange(data, page, goTo);
  const open = useOpenRows();
  const currencies = useReportCurrencies();
  const rowProps = (summary: ImportSummary): RowProps => ({
    summary,
    currency: importCurrency(summary, currencies.data),
    open: open.isOpen(summary.id),
    onToggle: () => open.toggle(summary.id),
  });

  return (
    <PagedSection
      id="past-imports"
      title={t('manager.marketplace.history')}
      total={
        data ? t('manager.marketplace.results', { count: data.total, formatted: f.number(data.total) }) : null
      }
      page={data ? { current: data.current_page, last: data.last_page } : null}
      onPage={goTo}
      busy={query.isFetching}
      placeholder={query.isPlaceholderData}
      pagerLabel={t('manager.marketplace.pages_label')}
      testPrefix="imports"
    >
      <ListResults
        query={query}
        testPrefix="imports"
        failedTitle={t('manager.marketplace.load_failed')}
        empty={{
          icon: 'receipt',
          title: t('manager.marketplace.empty_title'),
          body: t('manager.marketplace.empty_body'),
        }}
        rows={(rows) => ({
          table: (
            <ListTable
              caption={t('manager.marketplace.history')}
              testId="imports-table"
              columns={(['when', 'file', 'by', 'imported', 'duplicates', 'rejected', 'details'] as const).map(
                (key) => ({
                  key,
                  header:
                    key === 'details' ? (
                      <span className="sr-only">{t('manager.marketplace.columns.details')}</span>
                    ) : key === 'imported' || key === 'duplicates' || key === 'rejected' ? (
                      <span className="block text-right">{t(`manager.marketplace.columns.${key}`)}</span>
                    ) : (
                      t(`manager.marketplace.columns.${key}`)
                    ),
                }),
              )}
            >
              {rows.map((summary) => (
                <ImportRow key={summary.id} {...rowProps(summary)} />
              ))}
            </ListTable>
          ),
          cards: (
            <ListCards label={t('manager.marketplace.history')}>
              {rows.map((summary) => (
                <ImportCard key={summary.id} {...rowProps(summary)} />
              ))}
            </ListCards>
          ),
        })}
      />
    </PagedSection>
  );
}
