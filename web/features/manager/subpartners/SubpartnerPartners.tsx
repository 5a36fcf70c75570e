// A sub-partner's partners, newest first: the partners list's own API with its sub-partner filter
// (what /manager/partners?subpartner= shows), a page at a time (?page= in the URL). Each opens the
// partner's page, whose way back leads to the partners list filtered to this sub-partner.
import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons';
import { useFormatters } from '../../../lib/format';
import { usePartners, type PartnerListRow } from '../partners-api';
import { CodeChips, partnerRowClass, PartnerRowCard, PartnerRowName, VerifiedChip } from '../partner-rows';
import type { Subpartner } from './subpartners-api';
import { partnersOf, publicAddress } from './ui';
import { useSignOutOnUnauthorized } from '../staff-session';
import { ListTable, tableCell } from '../../../components/table';
import { ListCards } from '../../../components/staff/table-or-cards';
import { PagedSection } from '../../../components/paged-section';
import { ListResults } from '../../../components/staff/list-results';
import { usePageParam } from '../../../lib/page-param';

type RowsProps = { rows: PartnerListRow[]; list: string };

function PartnersTable({ rows, list }: RowsProps) {
  const { t } = useTranslation();
  const f = useFormatters();
  const td = tableCell.body;
  return (
    <ListTable
      caption={t('manager.subpartners.partners.caption')}
      testId="subpartner-partners-table"
      columns={[
        { key: 'partner', header: t('manager.partners.columns.partner') },
        { key: 'codes', header: t('manager.partners.columns.codes') },
        { key: 'verified', header: t('manager.partners.columns.verified') },
        { key: 'sales', header: t('manager.partners.columns.sales') },
        { key: 'signed_up', header: t('manager.partners.columns.signed_up') },
      ]}
    >
      {rows.map((row) => (
        <tr key={row.uuid} data-testid="subpartner-partner-row" className={partnerRowClass}>
          <td className={td}>
            <PartnerRowName row={row} list={list} />
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
    </ListTable>
  );
}

function PartnersCards({ rows, list }: RowsProps) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <ListCards label={t('manager.subpartners.partners.caption')}>
      {rows.map((row) => (
        <PartnerRowCard key={row.uuid} row={row} list={list} testId="subpartner-partner-row">
          <span className="mt-2.5 flex flex-wrap justify-between gap-x-3 gap-y-1 text-xs text-muted">
            <span className="font-semibold text-stone-900 tabular-nums dark:text-white">
              {f.money(row.sales, row.currency)}
            </span>
            <span>{t('manager.partners.signed_up_on', { date: f.date(row.created_at) })}</span>
          </span>
        </PartnerRowCard>
      ))}
    </ListCards>
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
