// /manager/payouts: the payouts queue (docs/product/payouts.md, docs/product/back-office.md). The status filter, the search and the
// page live in the URL (?status=&q=&page=), so a reload, a shared link or coming back from a
// payout shows the same list.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STATUSES, type Status } from '../../../../common/statuses';
import { useDocumentTitle } from '../../../lib/document-title';
import { PageHeading } from '../../../components/PageHeading';
import { useFormatters } from '../../../lib/format';
import { isUnauthorized } from '../../../lib/api';
import {
  downloadStaffFile,
  isQueueFilter,
  OPEN_STATUSES,
  QUEUE_FILTERS,
  usePayoutQueue,
  type PayoutListRow,
  type QueueFilter,
  type StatusCounts,
} from './payouts-api';
import { PaypalStateText, StageChip } from './ui';
import { Skeleton } from '../../../components/skeleton';
import { EmptyState } from '../../../components/states';
import { Pager } from '../../../components/pager';
import { useManagerSignOut, useSignOutOnUnauthorized } from '../staff-session';
import { ListSearch } from '../../../components/list-search';
import { useWideLayout } from '../../../components/staff/table-or-cards';
import { PayoutStatusChip } from '../../../components/staff/chips';
import { ListTable, tableCell, type TableColumn } from '../../../components/table';

function countFor(filter: QueueFilter, counts: StatusCounts | undefined): number | undefined {
  if (!counts) return undefined;
  const sum = (statuses: readonly Status[]) =>
    statuses.reduce((total, status) => total + (counts[status] ?? 0), 0);
  if (filter === 'open') return counts.open ?? sum(OPEN_STATUSES);
  if (filter === 'all') return sum(STATUSES);
  return counts[filter] ?? 0;
}

function StatusFilter({
  active,
  counts,
  onChoose,
}: {
  active: QueueFilter;
  counts: StatusCounts | undefined;
  onChoose: (filter: QueueFilter) => void;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  const refs = useRef<Partial<Record<QueueFilter, HTMLButtonElement | null>>>({});
  // On a phone the filters scroll sideways: keep the chosen one in view (after a reload too).
  // Scrolls the list itself, not the page (scrollIntoView would fight the page's own scroll to the top).
  useEffect(() => {
    const tab = refs.current[active];
    const list = tab?.parentElement;
    if (!tab || !list || list.scrollWidth <= list.clientWidth) return;
    const left = tab.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft || left + tab.offsetWidth > list.scrollLeft + list.clientWidth)
      list.scrollLeft = Math.max(0, left - 16);
  }, [active]);
  const choose = (next: QueueFilter) => {
    onChoose(next);
    refs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = QUEUE_FILTERS.indexOf(active);
    let next: QueueFilter | undefined;
    if (event.key === 'ArrowRight') next = QUEUE_FILTERS[(index + 1) % QUEUE_FILTERS.length];
    else if (event.key === 'ArrowLeft')
      next = QUEUE_FILTERS[(index + QUEUE_FILTERS.length - 1) % QUEUE_FILTERS.length];
    else if (event.key === 'Home') next = QUEUE_FILTERS[0];
    else if (event.key === 'End') next = QUEUE_FILTERS[QUEUE_FILTERS.length - 1];
    if (next) {
      event.preventDefault();
      choose(next);
    }
  };
  return (
    <div
      role="tablist"
      aria-label={t('manager.payouts.filters_label')}
      onKeyDown={onKeyDown}
      className="-mx-4 flex gap-1.5 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
    >
      {QUEUE_FILTERS.map((filter) => {
        const selected = filter === active;
        const count = countFor(filter, counts);
        return (
          <button
            key={filter}
            ref={(element) => {
              refs.current[filter] = element;
            }}
            type="button"
            role="tab"
            id={`payouts-filter-${filter}`}
            aria-selected={selected}
            aria-controls="payouts-results"
            tabIndex={selected ? 0 : -1}
            onClick={() => onChoose(filter)}
            data-testid={`payouts-filter-${filter}`}
            className={`inline-flex min-h-9 shrink-0 items-center gap-1.5 rounded-full border px-3 text-[13px] font-semibold whitespace-nowrap transition-colors ${
              selected
                ? 'border-stone-900 bg-stone-900 text-white dark:border-stone-100 dark:bg-stone-100 dark:text-stone-900'
                : 'border-stone-200 bg-white text-stone-700 hover:border-stone-300 hover:text-stone-900 dark:border-stone-800 dark:bg-stone-900 dark:text-stone-300 dark:hover:border-stone-700 dark:hover:text-white'
            }`}
          >
            {t(`manager.payouts.filters.${filter}`)}
            {count === undefined ? null : (
              <span
                className={`rounded-full px-1.5 text-xs tabular-nums ${
                  selected
                    ? 'bg-white/20 dark:bg-stone-900/15'
                    : count > 0
                      ? 'bg-stone-100 text-stone-700 dark:bg-stone-800 dark:text-stone-200'
                      : 'text-stone-400 dark:text-stone-500'
                }`}
                data-testid="filter-count"
              >
                {f.number(count)}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}

function QueueTable({ rows, from }: { rows: PayoutListRow[]; from: string }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const columns: TableColumn[] = [
    { key: 'partner', header: t('manager.payouts.columns.partner') },
    { key: 'amount', header: t('manager.payouts.columns.amount'), align: 'end' },
    { key: 'status', header: t('manager.payouts.columns.status') },
    { key: 'stage', header: t('manager.payouts.columns.stage') },
    { key: 'requested', header: t('manager.payouts.columns.requested') },
    { key: 'earnings', header: t('manager.payouts.columns.earnings'), align: 'end' },
    { key: 'paypal', header: t('manager.payouts.columns.paypal') },
  ];
  return (
    <ListTable caption={t('manager.payouts.caption')} testId="payouts-table" columns={columns}>
      {rows.map((row) => (
        <tr
          key={row.id}
          data-testid="payout-row"
          className="relative transition-colors hover:bg-stone-50 dark:hover:bg-stone-800/40"
        >
          <td className={tableCell.body}>
            {/* The link covers the whole row, so the row opens the payout wherever it is clicked. */}
            <Link
              to={`/manager/payouts/${row.id}`}
              state={{ queue: from }}
              className="font-semibold text-stone-900 after:absolute after:inset-0 after:content-[''] hover:underline dark:text-white"
            >
              {row.partner.name}{' '}
              <span className="sr-only">· {t('manager.payouts.payout_number', { id: row.id })}</span>
            </Link>
            <span className="block max-w-64 truncate text-xs text-stone-500 dark:text-stone-400">
              {row.partner.email}
            </span>
          </td>
          <td className={`${tableCell.body} text-right font-semibold tabular-nums`}>
            {f.money(row.amount, row.currency)}
          </td>
          <td className={tableCell.body}>
            <PayoutStatusChip status={row.status} />
          </td>
          <td className={tableCell.body}>
            <StageChip stage={row.stage} />
          </td>
          <td className={`${tableCell.body} whitespace-nowrap text-stone-700 dark:text-stone-300`}>
            {f.date(row.created_at)}
          </td>
          <td className={`${tableCell.body} text-right tabular-nums`}>{f.number(row.earnings_count)}</td>
          <td className={`${tableCell.body} whitespace-nowrap`}>
            <PaypalStateText state={row.paypal_state} />
          </td>
        </tr>
      ))}
    </ListTable>
  );
}

function QueueCards({ rows, from }: { rows: PayoutListRow[]; from: string }) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <ul className="space-y-2.5" aria-label={t('manager.payouts.caption')}>
      {rows.map((row) => (
        <li key={row.id} data-testid="payout-row">
          <Link
            to={`/manager/payouts/${row.id}`}
            state={{ queue: from }}
            className="block rounded-xl border border-stone-200 bg-white p-3.5 transition-colors hover:border-stone-300 dark:border-stone-800 dark:bg-stone-900 dark:hover:border-stone-700"
          >
            <span className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 truncate font-semibold">{row.partner.name}</span>
              <span className="shrink-0 text-base font-bold tabular-nums">
                {f.money(row.amount, row.currency)}
              </span>
            </span>
            <span className="block truncate text-xs text-stone-500 dark:text-stone-400">
              {row.partner.email}
            </span>
            <span className="mt-2 flex flex-wrap items-center gap-1.5">
              <PayoutStatusChip status={row.status} />
              <StageChip stage={row.stage} />
            </span>
            <span className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted">
              <span>{f.date(row.created_at)}</span>
              <span>{t('manager.payouts.earnings_count', { count: row.earnings_count })}</span>
              <span>
                {t('manager.payouts.paypal_prefix')} <PaypalStateText state={row.paypal_state} />
              </span>
            </span>{' '}
            <span className="sr-only">· {t('manager.payouts.payout_number', { id: row.id })}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function QueueSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" className="space-y-3 p-4" data-testid="payouts-loading">
      <span className="sr-only">{t('loading')}</span>
      {Array.from({ length: 6 }, (_, row) => (
        <div key={row} className="grid grid-cols-3 gap-4 md:grid-cols-6">
          {Array.from({ length: 6 }, (_, cell) => (
            <Skeleton key={cell} className={`h-5 ${cell >= 3 ? 'hidden md:block' : ''}`} />
          ))}
        </div>
      ))}
    </div>
  );
}

export function PayoutsQueuePage() {
  const { t } = useTranslation();
  const f = useFormatters();
  const title = t('titles.manager_payouts');
  useDocumentTitle(title);
  const wide = useWideLayout();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const filter: QueueFilter = isQueueFilter(requested) ? requested : 'open';
  const q = (params.get('q') ?? '').trim();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const query = usePayoutQueue({ filter, q, page });
  useSignOutOnUnauthorized(query.error);

  // Every change of filter or search starts again at page 1; the default filter stays out of the URL.
  const update = useCallback(
    (changes: { status?: QueueFilter; q?: string; page?: number }) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (changes.status !== undefined) {
            if (changes.status === 'open') next.delete('status');
            else next.set('status', changes.status);
          }
          if (changes.q !== undefined) {
            if (changes.q) next.set('q', changes.q);
            else next.delete('q');
          }
          if (changes.page && changes.page > 1) next.set('page', String(changes.page));
          else next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const onSearch = useCallback((value: string) => update({ q: value }), [update]);

  const data = query.data;
  // A page beyond the last (the queue shrank since the link was made): the last page instead.
  const beyond =
    data && data.data.length === 0 && data.total > 0 && page > data.last_page ? data.last_page : null;
  useEffect(() => {
    if (beyond) update({ page: beyond });
  }, [beyond, update]);
  let results;
  if (query.isPending) results = <QueueSkeleton />;
  else if (query.isError && !data)
    results = (
      <EmptyState icon="alert" title={t('manager.payouts.load_failed')} testId="payouts-error">
        <button type="button" className="btn-secondary mt-4" onClick={() => void query.refetch()}>
          {t('manager.shell.retry')}
        </button>
      </EmptyState>
    );
  else if (!data || data.data.length === 0)
    results = (
      <EmptyState
        icon="wallet"
        title={q ? t('manager.payouts.empty_search', { q }) : t('manager.payouts.empty_title')}
        body={q ? t('manager.payouts.empty_search_body') : t('manager.payouts.empty_body')}
        testId="payouts-empty"
      />
    );
  else
    results = (
      <div className={`transition-opacity ${query.isPlaceholderData ? 'opacity-60' : ''}`}>
        {wide ? (
          <QueueTable rows={data.data} from={location.search} />
        ) : (
          <QueueCards rows={data.data} from={location.search} />
        )}
      </div>
    );

  return (
    <>
      <PageHeading title={title} lead={t('manager.payouts.lead')} />
      <div className="mb-4 flex flex-col gap-3">
        <StatusFilter active={filter} counts={data?.counts} onChoose={(status) => update({ status })} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <ListSearch
            value={q}
            onSearch={onSearch}
            id="payouts-search"
            label={t('manager.payouts.search_label')}
            placeholder={t('manager.payouts.search_placeholder')}
            testId="payouts-search"
          />
          <div className="flex items-center gap-3">
            {data ? (
              <p className="text-sm text-muted" aria-live="polite" data-testid="payouts-total">
                {t('manager.payouts.results', { count: data.total, formatted: f.number(data.total) })}
              </p>
            ) : null}
            <ExportButton filter={filter} q={q} />
          </div>
        </div>
      </div>
      <div
        id="payouts-results"
        role="tabpanel"
        aria-labelledby={`payouts-filter-${filter}`}
        aria-busy={query.isFetching}
        // The panel is focusable, as tab panels are, which also lets a keyboard scroll a wide table.
        tabIndex={0}
        className={wide ? 'card overflow-x-auto' : ''}
      >
        {results}
      </div>
      {data && data.last_page > 1 ? (
        <Pager
          page={data.current_page}
          lastPage={data.last_page}
          onPage={(next) => update({ page: next })}
          busy={query.isPlaceholderData}
          label={t('manager.payouts.pages_label')}
          testPrefix="payouts-pager"
        />
      ) : null}
    </>
  );
}

/** The queue as it is filtered, as CSV for accounting (docs/product/back-office.md#exports). */
function ExportButton({ filter, q }: { filter: QueueFilter; q: string }) {
  const { t } = useTranslation();
  const signOut = useManagerSignOut();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    setFailed(false);
    const query = new URLSearchParams();
    if (filter !== 'all') query.set('status', filter);
    if (q) query.set('q', q);
    try {
      await downloadStaffFile(`/api/manager/payouts.csv?${query.toString()}`, 'payouts.csv');
    } catch (error) {
      if (isUnauthorized(error)) signOut();
      else setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="btn-secondary min-h-10 px-4 py-1.5 text-sm"
        onClick={() => void exportCsv()}
        disabled={busy}
        data-testid="payouts-export"
      >
        {busy ? t('manager.payouts.exporting') : t('manager.payouts.export')}
      </button>
      {failed ? (
        <p
          role="alert"
          className="text-sm text-red-700 dark:text-red-300"
          data-testid="payouts-export-failed"
        >
          {t('manager.payouts.export_failed')}
        </p>
      ) : null}
    </>
  );
}
