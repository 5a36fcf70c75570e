// /manager/partners: every partner of the program, found by name, e-mail or promo code (decisions
// §11). The search and the page live in the URL (?q=&page=), so a reload, a shared link or coming
// back from a partner shows the same list.
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons';
import { useDocumentTitle } from '../../../lib/document-title';
import { PageHeading } from '../../pages/PageHeading';
import { useFormatters } from '../../sales/format';
import { Pager } from '../../sales/ui';
import { useSignOutOnUnauthorized } from '../ManagerPages';
import { ListResults, TableHead, tableCell, useBackInRange, usePageParam } from '../messages/list-parts';
import { partnerName, usePartners, type PartnerListRow } from './partners-api';
import { CodeChips, useCountryName, VerifiedChip } from './ui';

/** How long typing pauses before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The search box: it updates the URL once typing pauses, and follows the URL (back, reload). */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <div role="search" className="relative w-full sm:max-w-sm">
      <label htmlFor="partners-search" className="sr-only">
        {t('manager.partners.search_label')}
      </label>
      <Icon
        name="search"
        width={18}
        height={18}
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-stone-500 dark:text-stone-400"
      />
      <input
        id="partners-search"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSearch(text.trim());
        }}
        placeholder={t('manager.partners.search_placeholder')}
        autoComplete="off"
        spellCheck={false}
        data-testid="partners-search"
        className="block min-h-10 w-full rounded-full border border-stone-300 bg-white py-2 pr-3 pl-9 text-base text-stone-900 placeholder:text-stone-500 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 sm:text-sm dark:border-stone-700 dark:bg-stone-950 dark:text-stone-100 dark:placeholder:text-stone-400 dark:focus:outline-brand-400"
      />
    </div>
  );
}

type RowsProps = { rows: PartnerListRow[]; from: string };

function PartnersTable({ rows, from }: RowsProps) {
  const { t } = useTranslation();
  const f = useFormatters();
  const country = useCountryName();
  const td = tableCell.body;
  return (
    <table className="w-full border-separate border-spacing-0 text-sm" data-testid="partners-table">
      <caption className="sr-only">{t('manager.partners.caption')}</caption>
      <TableHead
        columns={(['partner', 'codes', 'country', 'verified', 'signed_up'] as const).map((key) => ({
          key,
          header: t(`manager.partners.columns.${key}`),
        }))}
      />
      <tbody>
        {rows.map((row) => (
          <tr
            key={row.uuid}
            data-testid="partner-row"
            className="relative transition-colors hover:bg-stone-50 dark:hover:bg-stone-800/40"
          >
            <td className={td}>
              {/* The link covers the whole row, so the row opens the partner wherever it is clicked. */}
              <Link
                to={`/manager/partners/${encodeURIComponent(row.uuid)}`}
                state={{ list: from }}
                className="font-semibold text-stone-900 after:absolute after:inset-0 after:content-[''] hover:underline dark:text-white"
              >
                {partnerName(row)}
              </Link>
              <span className="block max-w-72 truncate text-xs text-stone-600 dark:text-stone-400">
                {row.email}
              </span>
            </td>
            <td className={td}>
              <CodeChips codes={row.codes} />
            </td>
            <td className={`${td} text-stone-700 dark:text-stone-300`}>{country(row.country)}</td>
            <td className={td}>
              <VerifiedChip verified={row.verified} />
            </td>
            <td className={`${td} whitespace-nowrap text-stone-700 dark:text-stone-300`}>
              {f.date(row.created_at)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function PartnersCards({ rows, from }: RowsProps) {
  const { t } = useTranslation();
  const f = useFormatters();
  const country = useCountryName();
  return (
    <ul className="space-y-2.5" aria-label={t('manager.partners.caption')}>
      {rows.map((row) => (
        <li key={row.uuid} data-testid="partner-row">
          <Link
            to={`/manager/partners/${encodeURIComponent(row.uuid)}`}
            state={{ list: from }}
            className="block rounded-xl border border-stone-200 bg-white p-3.5 transition-colors hover:border-stone-300 dark:border-stone-800 dark:bg-stone-900 dark:hover:border-stone-700"
          >
            <span className="flex items-start justify-between gap-3">
              <span className="min-w-0">
                <span className="block truncate font-semibold">{partnerName(row)}</span>
                <span className="block truncate text-xs text-stone-600 dark:text-stone-400">{row.email}</span>
              </span>
              <span className="shrink-0">
                <VerifiedChip verified={row.verified} />
              </span>
            </span>
            <span className="mt-2.5 block text-xs">
              <CodeChips codes={row.codes} />
            </span>
            <span className="mt-2.5 flex flex-wrap gap-x-3 gap-y-1 text-xs text-stone-600 dark:text-stone-400">
              <span>{country(row.country)}</span>
              <span>{t('manager.partners.signed_up_on', { date: f.date(row.created_at) })}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
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
  const { page, goTo } = usePageParam();
  const query = usePartners({ q, page });
  useSignOutOnUnauthorized(query.error);
  const data = query.data;
  useBackInRange(data, page, goTo);

  // A new search starts again at page 1.
  const onSearch = useCallback(
    (value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set('q', value);
          else next.delete('q');
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return (
    <>
      <PageHeading title={title} lead={t('manager.partners.lead')} />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <SearchBox value={q} onSearch={onSearch} />
        {/* The empty state says it when there are none. */}
        {data && data.total > 0 ? (
          <p
            className="text-sm text-stone-600 dark:text-stone-400"
            aria-live="polite"
            data-testid="partners-total"
          >
            {t('manager.partners.results', { count: data.total, formatted: f.number(data.total) })}
          </p>
        ) : null}
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
              : {
                  icon: 'users',
                  title: t('manager.partners.empty_title'),
                  body: t('manager.partners.empty_body'),
                }
          }
          rows={(rows) => ({
            table: <PartnersTable rows={rows} from={location.search} />,
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
