// The partner's cash-outs and their invoices (GET /api/getInvoices, paged like the sales lists):
// a table from the small breakpoint up; on a phone the same rows are small cards (amount and
// status, then date and invoice number beside the PDF button), not one labelled line per column.
// The page, the rows per page and the dates are in the address (lib/list-params.ts), above the
// table with the CSV download.
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/form';
import { Icon } from '../../components/icons';
import { ListControls } from '../../components/list-controls';
import { useBackInRange } from '../../components/paged-section';
import { useFormatters } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { INVOICES_EXPORT, useInvoiceDownload, useInvoices, type InvoiceRow } from './cashout-api';
import { Widget } from '../../components/card';
import { Skeleton } from '../../components/skeleton';
import { EmptyState } from '../../components/states';
import { StatusBadge } from '../../components/status';
import { Pager } from '../../components/pager';
import { ListTable } from '../../components/table';

/** The PDF of one invoice, saved as `<number>.pdf`. */
export function InvoiceButton({
  invoice,
  compact = false,
  testId = 'invoice-download',
}: {
  invoice: { pdf_url: string; number: string };
  /** In a table row: a smaller button that reads "PDF" (its column says it is the invoice). */
  compact?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const download = useInvoiceDownload();
  const busy = download.isPending;
  return (
    <button
      type="button"
      className={`btn-secondary min-h-10 ${compact ? 'px-3' : 'px-4'}`}
      onClick={() => download.mutate(invoice)}
      disabled={busy}
      aria-busy={busy || undefined}
      aria-label={t('cashout.history.download_label', { number: invoice.number })}
      data-testid={testId}
    >
      {busy ? <Spinner /> : <Icon name="download" width={16} height={16} />}
      {compact ? t('cashout.history.download') : t('cashout.history.download_invoice')}
    </button>
  );
}

function HistorySkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" data-testid="history-loading" className="space-y-3">
      <span className="sr-only">{t('loading')}</span>
      {Array.from({ length: 3 }, (_, row) => (
        <div key={row} className="grid grid-cols-2 items-center gap-3 sm:grid-cols-5">
          {Array.from({ length: 5 }, (_, cell) => (
            <Skeleton key={cell} className={`h-5 ${cell > 1 ? 'hidden sm:block' : ''}`} />
          ))}
        </div>
      ))}
    </div>
  );
}

interface Column {
  key: string;
  header: string;
  cell: (row: InvoiceRow) => ReactNode;
  align?: 'end';
  /** Where the cell sits in a phone's card: amount and status first, then date and invoice. */
  phone: string;
}

export function CashoutHistory() {
  const { t } = useTranslation();
  const f = useFormatters();
  const list = useListParams();
  const { page, setPage } = list;
  const query = useInvoices(page, list.size, list.rangeQuery);
  useBackInRange(query.data, page, setPage);
  const caption = t('cashout.history.title');
  const columns: Column[] = [
    {
      key: 'date',
      header: t('cashout.history.columns.date'),
      cell: (row) => <span className="whitespace-nowrap">{f.date(row.date)}</span>,
      phone: 'col-start-1 row-start-2 text-[13px] text-muted',
    },
    {
      key: 'invoice',
      header: t('cashout.history.columns.invoice'),
      cell: (row) => <span className="font-mono text-[13px] tabular-nums">{row.number}</span>,
      phone: 'col-start-1 row-start-3 self-center text-stone-500 dark:text-stone-400',
    },
    {
      key: 'amount',
      header: t('cashout.history.columns.amount'),
      cell: (row) => (
        <span className="font-semibold text-stone-900 dark:text-white">{f.money(row.amount)}</span>
      ),
      align: 'end',
      phone: 'col-start-1 row-start-1 text-base',
    },
    {
      key: 'status',
      header: t('cashout.history.columns.status'),
      cell: (row) => (
        <span className="inline-flex flex-col items-end gap-0.5 sm:items-start">
          <StatusBadge status={row.status} label={row.status_label} />
          {row.paid_at ? (
            <span className="text-xs whitespace-nowrap text-stone-500 dark:text-stone-400">
              {t('cashout.history.paid_on', { date: f.date(row.paid_at) })}
            </span>
          ) : null}
        </span>
      ),
      phone: 'col-start-2 row-start-1 row-span-2 justify-self-end',
    },
    {
      key: 'pdf',
      header: t('cashout.history.columns.pdf'),
      cell: (row) => <InvoiceButton invoice={row} compact />,
      align: 'end',
      phone: 'col-start-2 row-start-3 mt-1 justify-self-end',
    },
  ];

  let body: ReactNode;
  if (query.isPending) body = <HistorySkeleton />;
  else if (query.isError && !query.data)
    body = (
      <EmptyState icon="receipt" title={t('sales.load_failed')} testId="history-error">
        <button type="button" className="btn-secondary mt-4" onClick={() => void query.refetch()}>
          {t('sales.retry')}
        </button>
      </EmptyState>
    );
  else if (!query.data || query.data.total === 0 || query.data.data.length === 0)
    body = (
      <EmptyState
        icon="wallet"
        title={
          Object.keys(list.rangeQuery).length > 0
            ? t('lists.empty_range_title')
            : t('cashout.history.empty_title')
        }
        body={
          Object.keys(list.rangeQuery).length > 0
            ? t('lists.empty_range_body')
            : t('cashout.history.empty_body')
        }
        testId="history-empty"
      />
    );
  else
    body = (
      <>
        <div className={`transition-opacity ${query.isPlaceholderData ? 'opacity-60' : ''}`}>
          <ListTable caption={caption} columns={columns} phoneCards>
            {query.data.data.map((row) => (
              <tr
                key={row.id}
                data-testid="history-row"
                className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 rounded-xl border border-stone-200 p-4 sm:table-row sm:rounded-none sm:border-0 sm:p-0 dark:border-stone-800"
              >
                {columns.map((column) => (
                  <td
                    key={column.key}
                    data-column={column.key}
                    className={`block min-w-0 ${column.phone} sm:table-cell sm:border-b sm:border-stone-100 sm:px-3 sm:py-3 sm:align-middle sm:text-sm sm:first:pl-0 sm:last:pr-0 sm:dark:border-stone-800/70 ${column.align === 'end' ? 'sm:text-right sm:tabular-nums' : ''}`}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </ListTable>
        </div>
        <Pager
          page={page}
          lastPage={query.data.last_page}
          onPage={setPage}
          busy={query.isPlaceholderData}
          label={t('sales.pages_of', { list: caption })}
          testPrefix="history-pager"
        />
      </>
    );

  return (
    <Widget id="cashout-history" title={caption} icon="receipt" testId="cashout-history">
      <ListControls
        list={list}
        listName={caption}
        exportPath={INVOICES_EXPORT.path}
        fileName={INVOICES_EXPORT.file}
        total={query.data && !query.isPlaceholderData ? query.data.total : null}
        testPrefix="history"
      />
      <div aria-busy={query.isFetching}>{body}</div>
    </Widget>
  );
}
