// A sub-partner's partners, newest first: the partners list's own API with its sub-partner filter
// (what /manager/partners?subpartner= shows), a page at a time (?page= in the URL). Each opens the
// partner's page, whose way back leads to the partners list filtered to this sub-partner.
import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons';
import { useFormatters } from '../../sales/format';
import { useSignOutOnUnauthorized } from '../ManagerPages';
import { ListResults, PagedSection, TableHead, tableCell, usePageParam } from '../messages/list-parts';
import { partnerName, usePartners, type PartnerListRow } from '../partners/partners-api';
import { CodeChips, StatusChip, VerifiedChip } from '../partners/ui';
import type { Subpartner } from './subpartners-api';
import { partnersOf, publicAddress } from './ui';

type RowsProps = { rows: PartnerListRow[]; list: string };

const partnerPath = (row: PartnerListRow) => `/manager/partners/${encodeURIComponent(row.uuid)}`;

function PartnersTable({ rows, list }: RowsProps) {
  const { t } = useTranslation();
  const f = useFormatters();
  const td = tableCell.body;
  return (
    <table
      className="w-full border-separate border-spacing-0 text-sm"
      data-testid="subpartner-partners-table"
    >
      <caption className="sr-only">{t('manager.subpartners.partners.caption')}</caption>
      <TableHead
        columns={[
          { key: 'partner', header: t('manager.partners.columns.partner') },
          { key: 'codes', header: t('manager.partners.columns.codes') },
          { key: 'verified', header: t('manager.partners.columns.verified') },
          { key: 'sales', header: t('manager.partners.columns.sales') },
          { key: 'signed_up', header: t('manager.partners.columns.signed_up') },
        ]}
      />
      <tbody>
        {rows.map((row) => (
          <tr
            key={row.uuid}
            data-testid="subpartner-partner-row"
            className="relative transition-colors hover:bg-stone-50 dark:hover:bg-stone-800/40"
          >
            <td className={td}>
              <Link
                to={partnerPath(row)}
                state={{ list }}
                className="font-semibold text-stone-900 after:absolute after:inset-0 after:content-[''] hover:underline dark:text-white"
              >
                {partnerName(row)}
              </Link>
              {row.status === 'suspended' ? (
                <span className="relative ml-2 align-middle">
                  <StatusChip status={row.status} />
                </span>
              ) : null}
              <span className="block max-w-72 truncate text-xs text-stone-600 dark:text-stone-400">
                {row.email}
              </span>
            </td>
            <td className={td}>
              <CodeChips codes={row.codes} />
            </td>
            <td className={td}>
              <VerifiedChip verified={row.verified} />
            </td>
            <td className={`${td} font-semibold whitespace-nowrap tabular-nums`}>
              {f.money(row.sales, row.currency)}
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

function PartnersCards({ rows, list }: RowsProps) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <ul className="space-y-2.5" aria-label={t('manager.subpartners.partners.caption')}>
      {rows.map((row) => (
        <li key={row.uuid} data-testid="subpartner-partner-row">
          <Link
            to={partnerPath(row)}
            state={{ list }}
            className="block rounded-xl border border-stone-200 bg-white p-3.5 transition-colors hover:border-stone-300 dark:border-stone-800 dark:bg-stone-900 dark:hover:border-stone-700"
          >
            <span className="flex items-start justify-between gap-3">
              <span className="min-w-0">
                <span className="block truncate font-semibold">{partnerName(row)}</span>
                <span className="block truncate text-xs text-stone-600 dark:text-stone-400">{row.email}</span>
              </span>
              <span className="flex shrink-0 flex-col items-end gap-1">
                <VerifiedChip verified={row.verified} />
                {row.status === 'suspended' ? <StatusChip status={row.status} /> : null}
              </span>
            </span>
            <span className="mt-2.5 block text-xs">
              <CodeChips codes={row.codes} />
            </span>
            <span className="mt-2.5 flex flex-wrap justify-between gap-x-3 gap-y-1 text-xs text-stone-600 dark:text-stone-400">
              <span className="font-semibold text-stone-900 tabular-nums dark:text-white">
                {f.money(row.sales, row.currency)}
              </span>
              <span>{t('manager.partners.signed_up_on', { date: f.date(row.created_at) })}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function SubpartnerPartners({ subpartner }: { subpartner: Subpartner }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const headingId = useId();
  const { page, goTo } = usePageParam();
  const query = usePartners({ q: '', page, filters: { subpartner: subpartner.slug } });
  useSignOutOnUnauthorized(query.error);
  const data = query.data;
  // The partners list with this sub-partner's filter: where a partner's page leads back to.
  const list = `?subpartner=${encodeURIComponent(subpartner.slug)}`;
  return (
    <PagedSection
      id={headingId}
      title={t('manager.subpartners.partners.title')}
      total={
        data
          ? t('manager.subpartners.partners_count', { count: data.total, formatted: f.number(data.total) })
          : null
      }
      page={data ? { current: data.current_page, last: data.last_page } : null}
      onPage={goTo}
      busy={query.isFetching}
      placeholder={query.isPlaceholderData}
      pagerLabel={t('manager.subpartners.partners.pages_label')}
      testPrefix="subpartner-partners"
    >
      {data && data.total > 0 ? (
        <p className="-mt-1 mb-3 text-sm">
          <Link
            to={partnersOf(subpartner.slug)}
            className="link inline-flex items-center gap-1"
            data-testid="subpartner-partners-all"
          >
            {t('manager.subpartners.partners.open_list')}
            <Icon name="arrow-right" width={14} height={14} />
          </Link>
        </p>
      ) : null}
      <ListResults
        query={query}
        testPrefix="subpartner-partners"
        failedTitle={t('manager.subpartners.partners.load_failed')}
        empty={{
          icon: 'users',
          title: t('manager.subpartners.partners.empty_title', { name: subpartner.name }),
          body: subpartner.active
            ? t('manager.subpartners.partners.empty_body', {
                address: `${publicAddress(subpartner.slug)}/register`,
              })
            : t('manager.subpartners.partners.empty_body_inactive'),
        }}
        rows={(rows) => ({
          table: <PartnersTable rows={rows} list={list} />,
          cards: <PartnersCards rows={rows} list={list} />,
        })}
      />
    </PagedSection>
  );
}
