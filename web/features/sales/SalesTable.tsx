// The paged tables of /account/sales and /account/referrals (docs/product/partner-portal.md#tables "Tables show
// columns"): a real table from the small breakpoint up, one card per row on a phone (the same
// markup, restyled, with each cell's column name before it). The page, the rows per page and the
// dates are in the address (lib/list-params.ts), above the table with the CSV download.
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { orderLabel, useFormatters } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import type { GlyphName } from '../../components/glyphs';
import { ListControls } from '../../components/list-controls';
import { useBackInRange } from '../../components/paged-section';
import { LIST_EXPORTS, usePagedList, type ListName, type ListRow, type VoucherRow } from './sales-api';
import { Skeleton } from '../../components/skeleton';
import { EmptyState } from '../../components/states';
import { StatusBadge } from '../../components/status';
import { Pager } from '../../components/pager';
import { ListTable } from '../../components/table';
import { type SaleRow } from '../../lib/sales-data';

interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  align?: 'end';
  /** The main cell of a phone card (shown first, larger). */
  primary?: boolean;
  /** A date: never broken over two lines. */
  nowrap?: boolean;
}

const ROW_TEST_IDS: Record<ListName, string> = {
  store: 'sale-row',
  referrals: 'referral-row',
  marketplace: 'marketplace-row',
  vouchers: 'voucher-row',
};

function DataTable<Row extends { id: number }>({
  caption,
  columns,
  rows,
  rowTestId,
  dimmed,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowTestId: string;
  dimmed: boolean;
}) {
  return (
    <div className={`transition-opacity ${dimmed ? 'opacity-60' : ''}`}>
      <ListTable caption={caption} columns={columns} phoneCards>
        {rows.map((row) => (
          <tr
            key={row.id}
            data-testid={rowTestId}
            className="block rounded-xl border border-stone-200 p-3 sm:table-row sm:rounded-none sm:border-0 sm:p-0 dark:border-stone-800"
          >
            {columns.map((column) => (
              <td
                key={column.key}
                data-label={column.header}
                data-column={column.key}
                className={`flex items-center justify-between gap-4 py-1 before:text-stone-500 before:content-[attr(data-label)] sm:table-cell sm:border-b sm:border-stone-100 sm:px-3 sm:py-3 sm:before:content-none sm:first:pl-0 sm:last:pr-0 dark:before:text-stone-400 sm:dark:border-stone-800/70 ${column.align === 'end' ? 'sm:text-right sm:tabular-nums' : ''} ${column.primary ? 'font-medium' : ''} ${column.nowrap ? 'whitespace-nowrap' : ''}`}
              >
                <span className="text-right sm:text-inherit">{column.cell(row)}</span>
              </td>
            ))}
          </tr>
        ))}
      </ListTable>
    </div>
  );
}

function TableSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" data-testid="table-loading" className="space-y-3">
      <span className="sr-only">{t('loading')}</span>
      {Array.from({ length: 4 }, (_, row) => (
        <div key={row} className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {Array.from({ length: 4 }, (_, cell) => (
            <Skeleton key={cell} className="h-5" />
          ))}
        </div>
      ))}
    </div>
  );
}

function useSaleColumns(withReferral: boolean): Column<SaleRow>[] {
  const { t } = useTranslation();
  const f = useFormatters();
  const columns: Column<SaleRow>[] = [
    { key: 'date', header: t('sales.columns.date'), cell: (row) => f.date(row.date), nowrap: true },
    {
      key: 'order',
      header: t('sales.columns.order'),
      cell: (row) => <span className="tabular-nums">{orderLabel(row.order_number)}</span>,
    },
    { key: 'product', header: t('sales.columns.product'), cell: (row) => row.product, primary: true },
  ];
  if (withReferral)
    columns.push({
      key: 'referral',
      header: t('sales.columns.referral'),
      cell: (row) => row.referral ?? '—',
    });
  columns.push(
    {
      key: 'order_amount',
      header: t('sales.columns.order_amount'),
      cell: (row) => f.money(row.order_amount),
      align: 'end',
    },
    {
      key: 'commission',
      header: t('sales.columns.commission'),
      cell: (row) => (
        <>
          <span className="font-semibold text-stone-900 dark:text-white">{f.money(row.commission)}</span>
          {row.adjustment ? (
            <span
              data-testid="commission-adjustment"
              className="block text-xs text-stone-500 dark:text-stone-400"
            >
              {t('sales.adjustment_note', { amount: f.money(row.adjustment) })}
            </span>
          ) : null}
        </>
      ),
      align: 'end',
    },
    {
      key: 'status',
      header: t('sales.columns.status'),
      cell: (row) => <StatusBadge status={row.status} label={row.status_label} />,
    },
  );
  return columns;
}

function useVoucherColumns(): Column<VoucherRow>[] {
  const { t } = useTranslation();
  const f = useFormatters();
  const amount = (row: VoucherRow) =>
    row.type === 'percent'
      ? f.percent(row.amount)
      : row.type === 'fixed'
        ? f.money(row.amount)
        : f.number(row.amount);
  const typeLabel = (type: string) =>
    type === 'percent' || type === 'fixed' || type === 'product' ? t(`sales.voucher_types.${type}`) : type;
  return [
    {
      key: 'code',
      header: t('sales.columns.code'),
      cell: (row) => <code className="font-mono font-semibold">{row.code}</code>,
      primary: true,
    },
    { key: 'type', header: t('sales.columns.type'), cell: (row) => typeLabel(row.type) },
    { key: 'amount', header: t('sales.columns.amount'), cell: amount, align: 'end' },
    {
      key: 'valid_from',
      header: t('sales.columns.valid_from'),
      cell: (row) => (row.valid_from ? f.date(row.valid_from) : '—'),
      nowrap: true,
    },
    {
      key: 'valid_till',
      header: t('sales.columns.valid_till'),
      cell: (row) => (row.valid_till ? f.date(row.valid_till) : t('sales.no_expiry')),
      nowrap: true,
    },
    {
      key: 'status',
      header: t('sales.columns.status'),
      cell: (row) => (
        <span className="inline-flex rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-medium text-stone-700 dark:bg-stone-800 dark:text-stone-300">
          {row.status === 'active' ||
          row.status === 'used' ||
          row.status === 'expired' ||
          row.status === 'revoked'
            ? t(`sales.voucher_status.${row.status}`)
            : row.status}
        </span>
      ),
    },
  ];
}

export interface PagedTableProps<Name extends ListName> {
  name: Name;
  caption: string;
  empty: { icon: GlyphName; title: string; body?: string };
}

/**
 * One paged list, its page, rows per page and dates in the address; moving pages fetches only a
 * page not seen yet.
 */
export function PagedTable<Name extends ListName>({ name, caption, empty }: PagedTableProps<Name>) {
  const { t } = useTranslation();
  const list = useListParams();
  const { page, setPage } = list;
  const query = usePagedList(name, page, list.size, list.rangeQuery);
  useBackInRange(query.data, page, setPage);
  const saleColumns = useSaleColumns(name === 'referrals');
  const voucherColumns = useVoucherColumns();

  let body: ReactNode;
  if (query.isPending) body = <TableSkeleton />;
  else if (query.isError && !query.data)
    body = (
      <EmptyState icon="receipt" title={t('sales.load_failed')} testId={`${name}-error`}>
        <button type="button" className="btn-secondary mt-4" onClick={() => void query.refetch()}>
          {t('sales.retry')}
        </button>
      </EmptyState>
    );
  else if (!query.data || query.data.total === 0 || query.data.data.length === 0)
    body =
      Object.keys(list.rangeQuery).length > 0 ? (
        <EmptyState
          icon={empty.icon}
          title={t('lists.empty_range_title')}
          body={t('lists.empty_range_body')}
          testId={`${name}-empty`}
        />
      ) : (
        <EmptyState icon={empty.icon} title={empty.title} body={empty.body} testId={`${name}-empty`} />
      );
  else {
    const rows = query.data.data;
    body = (
      <>
        {name === 'vouchers' ? (
          <DataTable
            caption={caption}
            columns={voucherColumns}
            rows={rows as VoucherRow[]}
            rowTestId={ROW_TEST_IDS[name]}
            dimmed={query.isPlaceholderData}
          />
        ) : (
          <DataTable
            caption={caption}
            columns={saleColumns}
            rows={rows as SaleRow[]}
            rowTestId={ROW_TEST_IDS[name]}
            dimmed={query.isPlaceholderData}
          />
        )}
        {query.data.total > 0 ? (
          <Pager
            page={page}
            lastPage={query.data.last_page}
            onPage={setPage}
            busy={query.isPlaceholderData}
            label={t('sales.pages_of', { list: caption })}
          />
        ) : null}
      </>
    );
  }
  return (
    <>
      <ListControls
        list={list}
        listName={caption}
        exportPath={LIST_EXPORTS[name].path}
        fileName={LIST_EXPORTS[name].file}
        total={query.data && !query.isPlaceholderData ? query.data.total : null}
        testPrefix={name}
      />
      <div data-testid={`${name}-table`} aria-busy={query.isFetching}>
        {body}
      </div>
    </>
  );
}

export type { ListRow };
