// /manager/partners: every partner of the program, found by name, e-mail or promo code, filtered
// and ordered (docs/product/back-office.md#exports), with their sales and commissions, and exported as CSV with the same
// filters and order. The search, the filters, the order and the page live in the URL
// (?q=&status=&sort=&page=…), so a reload, a shared link or coming back from a partner shows the
// same list.
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons';
import { useDocumentTitle } from '../../../lib/document-title';
import { notifyError } from '../../../lib/toast';
import { PageHeading } from '../../../components/PageHeading';
import { useFormatters } from '../../../lib/format';
import { activeFilterCount, FilterPanel, FiltersToggle, SortSelect } from './PartnerFilters';
import {
  DEFAULT_SORT,
  downloadPartnersCsv,
  FILTER_KEYS,
  PARTNER_SORTS,
  usePartners,
  type FilterKey,
  type PartnerFilters,
  type PartnerListRow,
  type PartnerSort,
} from '../partners-api';
import {
  CodeChips,
  partnerRowClass,
  PartnerRowCard,
  PartnerRowName,
  useCountryName,
  VerifiedChip,
} from '../partner-rows';
import { Pager } from '../../../components/pager';
import { useSignOutOnUnauthorized } from '../staff-session';
import { ListTable, tableCell, type TableColumn } from '../../../components/table';
import { useBackInRange } from '../../../components/paged-section';
import { ListSearch } from '../../../components/list-search';
import { ListResults } from '../../../components/staff/list-results';
import { usePageParam } from '../../../lib/page-param';

const isSort = (value: string | null): value is PartnerSort => PARTNER_SORTS.includes(value as PartnerSort);

type RowsProps = {
  rows: PartnerListRow[];
  from: string;
  sort: PartnerSort;
  onSort: (sort: PartnerSort) => void;
};

/** A column that orders the list: its header is a button; a second press turns the order round. */
function SortHeader({
  column,
  sort,
  onSort,
  children,
  align = 'left',
}: {
  column: 'created' | 'sales' | 'commissions';
  sort: PartnerSort;
  onSort: (sort: PartnerSort) => void;
  children: ReactNode;
  align?: 'left' | 'right';
}) {
  const { t } = useTranslation();
  const active = sort.replace('-', '') === column;
  const descending = sort.startsWith('-');
  return (
    <button
      type="button"
      onClick={() => onSort(active && descending ? column : `-${column}`)}
      className={`inline-flex items-center gap-1 uppercase hover:text-stone-900 dark:hover:text-white ${align === 'right' ? 'flex-row-reverse' : ''} ${active ? 'text-stone-900 dark:text-white' : ''}`}
      data-testid={`sort-${column}`}
    >
      {children}
      <span aria-hidden="true" className={active ? '' : 'opacity-0'}>
        {active && !descending ? '↑' : '↓'}
      </span>
      <span className="sr-only">
        {active
          ? t(descending ? 'manager.partners.sort.sorted_desc' : 'manager.partners.sort.sorted_asc')
          : t('manager.partners.sort.sort_by')}
      </span>
    </button>
  );
}

function PartnersTable({ rows, from, sort, onSort }: RowsProps) {
  const { t } = useTranslation();
  const f = useFormatters();
  const country = useCountryName();
  const td = tableCell.body;
  const ariaSort = (column: string) =>
    sort.replace('-', '') === column ? (sort.startsWith('-') ? 'descending' : 'ascending') : undefined;
  const columns: TableColumn[] = [
    { key: 'partner', header: t('manager.partners.columns.partner') },
    { key: 'codes', header: t('manager.partners.columns.codes') },
    { key: 'country', header: t('manager.partners.columns.country') },
    { key: 'verified', header: t('manager.partners.columns.verified') },
    {
      key: 'sales',
      align: 'end',
      ariaSort: ariaSort('sales'),
      header: (
        <SortHeader column="sales" sort={sort} onSort={onSort} align="right">
          {t('manager.partners.columns.sales')}
        </SortHeader>
      ),
    },
    {
      key: 'commissions',
      align: 'end',
      ariaSort: ariaSort('commissions'),
      header: (
        <SortHeader column="commissions" sort={sort} onSort={onSort} align="right">
          {t('manager.partners.columns.commissions')}
        </SortHeader>
      ),
    },
    {
      key: 'created',
      ariaSort: ariaSort('created'),
      header: (
        <SortHeader column="created" sort={sort} onSort={onSort}>
          {t('manager.partners.columns.signed_up')}
        </SortHeader>
      ),
    },
  ];
  return (
    <ListTable caption={t('manager.partners.caption')} testId="partners-table" columns={columns}>
      {rows.map((row) => (
        <tr key={row.uuid} data-testid="partner-row" className={partnerRowClass}>
          <td className={td}>
            <PartnerRowName row={row} list={from} />
          </td>
          <td className={td}>
            <CodeChips codes={row.codes} />
          </td>
          <td className={`${td} text-stone-700 dark:text-stone-300`}>{country(row.country)}</td>
          <td className={td}>
            <VerifiedChip verified={row.verified} />
          </td>
          <td
            className={`${td} text-right font-semibold whitespace-nowrap tabular-nums`}
            data-testid="row-sales"
          >
            {f.money(row.sales, row.currency)}
          </td>
          <td
            className={`${td} text-right whitespace-nowrap tabular-nums text-stone-700 dark:text-stone-300`}
            data-testid="row-commissions"
          >
            {f.money(row.commissions, row.currency)}
          </td>
          <td className={`${td} whitespace-nowrap text-stone-700 dark:text-stone-300`}>
            {f.date(row.created_at)}
          </td>
        </tr>
      ))}
    </ListTable>
  );
}

function PartnersCards({ rows, from }: Pick<RowsProps, 'rows' | 'from'>) {
  const { t } = useTranslation();
  const f = useFormatters();
  const country = useCountryName();
  return (
    <ul className="space-y-2.5" aria-label={t('manager.partners.caption')}>
      {rows.map((row) => (
        <PartnerRowCard key={row.uuid} row={row} list={from} testId="partner-row">
          <span className="mt-2.5 grid grid-cols-2 gap-2 text-sm">
            <span className="min-w-0">
              <span className="block text-xs text-muted">{t('manager.partners.columns.sales')}</span>
              <span className="block font-semibold tabular-nums" data-testid="row-sales">
                {f.money(row.sales, row.currency)}
              </span>
            </span>
            <span className="min-w-0">
              <span className="block text-xs text-muted">{t('manager.partners.columns.commissions')}</span>
              <span className="block font-semibold tabular-nums" data-testid="row-commissions">
                {f.money(row.commissions, row.currency)}
              </span>
            </span>
          </span>
          <span className="mt-2.5 flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted">
            <span>{country(row.country)}</span>
            <span>{t('manager.partners.signed_up_on', { date: f.date(row.created_at) })}</span>
          </span>
        </PartnerRowCard>
      ))}
    </ul>
  );
}

/** A button that downloads the list as it is filtered and ordered, as CSV. */
function ExportButton({ q, sort, filters }: { q: string; sort: PartnerSort; filters: PartnerFilters }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await downloadPartnersCsv({ q, sort, filters });
    } catch {
      notifyError(t('manager.partners.export.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn-secondary min-h-10 px-4 py-1.5"
      onClick={() => void exportCsv()}
      disabled={busy}
      aria-busy={busy || undefined}
      data-testid="partners-export"
    >
      <Icon name="download" width={16} height={16} />
      {busy ? t('manager.partners.export.working') : t('manager.partners.export.button')}
    </button>
  );
}

export function PartnersPage() {
  const { t } = useTranslation();
  const f = useFormatters();
  const title = t('titles.manager_partners');
  useDocumentTitle(title);
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const sortParam = params.get('sort');
  const sort: PartnerSort = isSort(sortParam) ? sortParam : DEFAULT_SORT;
  const filterKey = JSON.stringify(FILTER_KEYS.map((key) => [key, params.get(key) ?? '']));
  // One object per set of values, so it only changes with them.
  const filters: PartnerFilters = useMemo(
    () => Object.fromEntries((JSON.parse(filterKey) as [FilterKey, string][]).filter(([, value]) => value)),
    [filterKey],
  );
  const { page, goTo } = usePageParam();
  const query = usePartners({ q, page, sort, filters });
  useSignOutOnUnauthorized(query.error);
  const data = query.data;
  useBackInRange(data, page, goTo);

  // Changes made before the URL has caught up with the last one build on it, not on the URL of
  // the last render (two filters chosen quickly both stay).
  const pending = useRef<{ last: URLSearchParams; issued: Set<string> } | null>(null);
  useEffect(() => {
    const now = params.toString();
    // Caught up with the last change, or moved elsewhere (back, the pager): the URL is the truth again.
    if (pending.current && (now === pending.current.last.toString() || !pending.current.issued.has(now)))
      pending.current = null;
  }, [params]);
  // A new search, filter or order starts again at page 1.
  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(pending.current?.last ?? current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          next.delete('page');
          pending.current = {
            last: next,
            issued: new Set([...(pending.current?.issued ?? []), next.toString()]),
          };
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const onSearch = useCallback((value: string) => update({ q: value }), [update]);
  const onSort = useCallback(
    (value: PartnerSort) => update({ sort: value === DEFAULT_SORT ? null : value }),
    [update],
  );
  const onFilter = useCallback((key: FilterKey, value: string) => update({ [key]: value }), [update]);
  const onClear = useCallback(
    () => update(Object.fromEntries(FILTER_KEYS.map((key) => [key, null]))),
    [update],
  );
  const filtered = activeFilterCount(filters) > 0;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panelId = useId();

  return (
    <>
      <PageHeading title={title} lead={t('manager.partners.lead')} />
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <ListSearch
          value={q}
          onSearch={onSearch}
          id="partners-search"
          label={t('manager.partners.search_label')}
          placeholder={t('manager.partners.search_placeholder')}
          testId="partners-search"
        />
        <div className="flex w-full items-end gap-2 sm:w-60">
          <div className="min-w-0 flex-1">
            <SortSelect value={sort} onChange={onSort} />
          </div>
          <FiltersToggle
            count={activeFilterCount(filters)}
            open={filtersOpen}
            onToggle={() => setFiltersOpen((open) => !open)}
            panelId={panelId}
          />
        </div>
      </div>
      <FilterPanel
        filters={filters}
        onChange={onFilter}
        onClear={onClear}
        open={filtersOpen}
        panelId={panelId}
      />
      <div className="mb-3 flex min-h-10 flex-wrap items-center justify-between gap-x-3 gap-y-2">
        {/* The empty state says it when there are none. */}
        {data && data.total > 0 ? (
          <p className="text-sm text-muted" aria-live="polite" data-testid="partners-total">
            {t('manager.partners.results', { count: data.total, formatted: f.number(data.total) })}
          </p>
        ) : (
          <span />
        )}
        {data && data.total > 0 ? <ExportButton q={q} sort={sort} filters={filters} /> : null}
      </div>
      <div aria-busy={query.isFetching} data-testid="partners-results">
        <ListResults
          query={query}
          testPrefix="partners"
          failedTitle={t('manager.partners.load_failed')}
          empty={
            q
              ? {
                  icon: 'search',
                  title: t('manager.partners.empty_search', { q }),
                  body: t('manager.partners.empty_search_body'),
                }
              : filtered
                ? {
                    icon: 'search',
                    title: t('manager.partners.empty_filtered'),
                    body: t('manager.partners.empty_filtered_body'),
                  }
                : {
                    icon: 'users',
                    title: t('manager.partners.empty_title'),
                    body: t('manager.partners.empty_body'),
                  }
          }
          rows={(rows) => ({
            table: <PartnersTable rows={rows} from={location.search} sort={sort} onSort={onSort} />,
            cards: <PartnersCards rows={rows} from={location.search} />,
          })}
        />
      </div>
      {data && data.last_page > 1 ? (
        <Pager
          page={data.current_page}
          lastPage={data.last_page}
          onPage={goTo}
          busy={query.isPlaceholderData}
          label={t('manager.partners.pages_label')}
          testPrefix="partners-pager"
        />
      ) : null}
    </>
  );
}
