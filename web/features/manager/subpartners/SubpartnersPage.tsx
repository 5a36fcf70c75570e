// /manager/subpartners: the agencies and retailers with white-label pages of their own
// (docs/product/partners-and-accounts.md#white-label-sub-partners), found by name or address, each with its colours, whether it is open, and how
// many partners came through it. Managers and admins add new ones. The search, the state filter
// and the page live in the URL (?q=&state=&page=), so a reload or a shared link shows the same list.
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons';
import { useDocumentTitle } from '../../../lib/document-title';
import { PageHeading } from '../../../components/PageHeading';
import { useFormatters } from '../../../lib/format';
import { SUBPARTNER_STATES, useSubpartners, type Subpartner, type SubpartnerState } from './subpartners-api';
import { LogoTile, partnersOf, StateChip, Swatches } from './ui';
import { Pager } from '../../../components/pager';
import { useSignOutOnUnauthorized, useStaffMember } from '../staff-session';
import { hasRole } from '../../../../common/staff-roles';
import { ListTable, tableCell } from '../../../components/table';
import { ListCards } from '../../../components/staff/table-or-cards';
import { useBackInRange } from '../../../components/paged-section';
import { ListSearch } from '../../../components/list-search';
import { ListResults } from '../../../components/staff/list-results';
import { usePageParam } from '../../../lib/page-param';

const isState = (value: string | null): value is SubpartnerState =>
  SUBPARTNER_STATES.includes(value as SubpartnerState);

const detailPath = (row: Subpartner) => `/manager/subpartners/${row.id}`;

function NameCell({ row }: { row: Subpartner }) {
  return (
    <span className="flex min-w-0 items-center gap-3">
      <LogoTile name={row.name} logoUrl={row.logo_url} primary={row.primary_color} />
      <span className="min-w-0">
        <span
          className="block truncate font-semibold text-stone-900 dark:text-white"
          data-testid="subpartner-name"
        >
          {row.name}
        </span>
        <span className="block truncate font-mono text-xs text-muted" data-testid="subpartner-slug">
          /{row.slug}
        </span>
      </span>
    </span>
  );
}

function PartnersCount({ row }: { row: Subpartner }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const text = t('manager.subpartners.partners_count', {
    count: row.partners_count,
    formatted: f.number(row.partners_count),
  });
  return row.partners_count > 0 ? (
    // Above the row's own link, so it opens the partners list rather than the sub-partner.
    <Link
      to={partnersOf(row.slug)}
      className="link relative z-10 whitespace-nowrap"
      data-testid="subpartner-partners"
    >
      {text}
    </Link>
  ) : (
    <span className="whitespace-nowrap text-muted" data-testid="subpartner-partners">
      {text}
    </span>
  );
}

function SubpartnersTable({ rows }: { rows: Subpartner[] }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const td = tableCell.body;
  return (
    <ListTable
      caption={t('manager.subpartners.caption')}
      testId="subpartners-table"
      columns={(['subpartner', 'colours', 'state', 'partners', 'created'] as const).map((key) => ({
        key,
        header: t(`manager.subpartners.columns.${key}`),
      }))}
    >
      {rows.map((row) => (
        <tr
          key={row.id}
          data-testid="subpartner-row"
          className="relative transition-colors hover:bg-stone-50 dark:hover:bg-stone-800/40"
        >
          <td className={td}>
            {/* The link covers the whole row, so the row opens the sub-partner wherever it is clicked. */}
            <Link to={detailPath(row)} className="block after:absolute after:inset-0 after:content-['']">
              <NameCell row={row} />
            </Link>
          </td>
          <td className={td}>
            <Swatches primary={row.primary_color} accent={row.accent_color} />
          </td>
          <td className={td}>
            <StateChip active={row.active} />
          </td>
          <td className={td}>
            <PartnersCount row={row} />
          </td>
          <td className={`${td} whitespace-nowrap text-stone-700 dark:text-stone-300`}>
            {f.date(row.created_at)}
          </td>
        </tr>
      ))}
    </ListTable>
  );
}

function SubpartnersCards({ rows }: { rows: Subpartner[] }) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <ListCards label={t('manager.subpartners.caption')}>
      {rows.map((row) => (
        <li
          key={row.id}
          data-testid="subpartner-row"
          className="relative rounded-xl border border-stone-200 bg-white p-3.5 transition-colors hover:border-stone-300 dark:border-stone-800 dark:bg-stone-900 dark:hover:border-stone-700"
        >
          <div className="flex items-start justify-between gap-3">
            <Link to={detailPath(row)} className="min-w-0 after:absolute after:inset-0 after:content-['']">
              <NameCell row={row} />
            </Link>
            <span className="shrink-0">
              <StateChip active={row.active} />
            </span>
          </div>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-stone-100 pt-3 text-sm dark:border-stone-800">
            <PartnersCount row={row} />
            <span className="flex items-center gap-3 text-xs text-muted">
              <Swatches primary={row.primary_color} accent={row.accent_color} />
              {t('manager.subpartners.created_on', { date: f.date(row.created_at) })}
            </span>
          </div>
        </li>
      ))}
    </ListCards>
  );
}

export function SubpartnersPage() {
  const { t } = useTranslation();
  const f = useFormatters();
  const title = t('titles.manager_subpartners');
  useDocumentTitle(title);
  const me = useStaffMember();
  const canEdit = hasRole(me.data?.role, 'manager');
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const stateParam = params.get('state');
  const state = isState(stateParam) ? stateParam : '';
  const { page, goTo } = usePageParam();
  const query = useSubpartners({ q, state, page });
  useSignOutOnUnauthorized(query.error);
  const data = query.data;
  useBackInRange(data, page, goTo);

  // A new search or state starts again at page 1.
  const update = useCallback(
    (key: 'q' | 'state', value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(key, value);
          else next.delete(key);
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const onSearch = useCallback((value: string) => update('q', value), [update]);

  return (
    <>
      <PageHeading title={title} lead={t('manager.subpartners.lead')}>
        {canEdit ? (
          <Link to="/manager/subpartners/new" className="btn-primary mt-5" data-testid="subpartner-new">
            <Icon name="sparkle" width={16} height={16} />
            {t('manager.subpartners.new')}
          </Link>
        ) : null}
      </PageHeading>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <ListSearch
          value={q}
          onSearch={onSearch}
          id="subpartners-search"
          label={t('manager.subpartners.search_label')}
          placeholder={t('manager.subpartners.search_placeholder')}
          testId="subpartners-search"
        />
        <div className="w-full sm:w-48">
          <label htmlFor="subpartners-state" className="mb-1 block text-xs font-medium text-muted">
            {t('manager.subpartners.state_label')}
          </label>
          <select
            id="subpartners-state"
            value={state}
            onChange={(event) => update('state', event.target.value)}
            className="block min-h-10 w-full rounded-full border border-stone-300 bg-white py-2 pr-8 pl-3.5 text-base text-stone-900 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 sm:text-sm dark:border-stone-700 dark:bg-stone-950 dark:text-stone-100 dark:focus:outline-brand-400"
            data-testid="subpartners-state"
          >
            <option value="">{t('manager.subpartners.state.all')}</option>
            {SUBPARTNER_STATES.map((value) => (
              <option key={value} value={value}>
                {t(`manager.subpartners.state.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="mb-3 flex min-h-6 items-center">
        {data && data.total > 0 ? (
          <p className="text-sm text-muted" aria-live="polite" data-testid="subpartners-total">
            {t('manager.subpartners.results', { count: data.total, formatted: f.number(data.total) })}
          </p>
        ) : null}
      </div>
      <div aria-busy={query.isFetching} data-testid="subpartners-results">
        <ListResults
          query={query}
          testPrefix="subpartners"
          failedTitle={t('manager.subpartners.load_failed')}
          empty={
            q || state
              ? {
                  icon: 'search',
                  title: t('manager.subpartners.empty_search'),
                  body: t('manager.subpartners.empty_search_body'),
                }
              : {
                  icon: 'globe',
                  title: t('manager.subpartners.empty_title'),
                  body: canEdit
                    ? t('manager.subpartners.empty_body')
                    : t('manager.subpartners.empty_body_read'),
                }
          }
          rows={(rows) => ({
            table: <SubpartnersTable rows={rows} />,
            cards: <SubpartnersCards rows={rows} />,
          })}
        />
      </div>
      {data && data.last_page > 1 ? (
        <Pager
          page={data.current_page}
          lastPage={data.last_page}
          onPage={goTo}
          busy={query.isPlaceholderData}
          label={t('manager.subpartners.pages_label')}
          testPrefix="subpartners-pager"
        />
      ) : null}
    </>
  );
}
