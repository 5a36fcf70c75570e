// /manager/survey/claims: the free bottles partners claimed in the survey, open ones first (oldest
// first, the order to ship them), each with its shipping address. The status filter and the page
// live in the URL (?status=&page=). An open claim is shipped or declined, a handled one reopened,
// each through a dialog with an optional note.
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/document-title';
import { intlLocale, useFormatters, useDateTime } from '../../../lib/format';
import { ClaimDialog, type ClaimAction } from './ClaimDialog';
import {
  CLAIM_FILTERS,
  isClaimFilter,
  useClaims,
  type Claim,
  type ClaimAddress,
  type ClaimFilter,
} from './survey-api';
import { SurveyHeading } from './survey-ui';
import { useSignOutOnUnauthorized } from '../staff-session';
import { ListTable, tableCell } from '../../../components/table';
import { PagedSection, useBackInRange } from '../../../components/paged-section';
import { ListResults, PartnerName } from '../../../components/staff/list-results';
import { usePageParam } from '../../../lib/page-param';
import { Chip } from '../../../components/staff/chips';

const STATUS_TONES = { open: 'warning', shipped: 'success', declined: 'neutral' } as const;

function StatusChip({ claim }: { claim: Claim }) {
  const { t } = useTranslation();
  return (
    <Chip tone={STATUS_TONES[claim.status] ?? 'neutral'} testId="claim-status">
      {t(`manager.survey.claims.statuses.${claim.status}`, { defaultValue: claim.status })}
    </Chip>
  );
}

function countryName(code: string, language: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return new Intl.DisplayNames([intlLocale(language)], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function Address({ address }: { address: ClaimAddress }) {
  const { i18n } = useTranslation();
  const region = [address.state, address.postal].filter(Boolean).join(' ');
  return (
    <address
      className="text-sm leading-relaxed text-stone-700 not-italic dark:text-stone-300"
      data-testid="claim-address"
    >
      <span className="block">{address.address_1}</span>
      {address.address_2 ? <span className="block">{address.address_2}</span> : null}
      <span className="block">{[address.city, region].filter(Boolean).join(', ')}</span>
      <span className="block">{countryName(address.country, i18n.language)}</span>
    </address>
  );
}

/** The status, who handled it and when, and the note. */
function Handling({ claim }: { claim: Claim }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const date = dateTime(claim.updated_at);
  return (
    <div className="space-y-1.5">
      <StatusChip claim={claim} />
      {claim.status === 'open' ? null : (
        <p className="text-xs text-muted" data-testid="claim-handled-by">
          {claim.handled_by
            ? t('manager.survey.claims.handled_by', { name: claim.handled_by, date })
            : t('manager.survey.claims.handled_by_gone', { date })}
        </p>
      )}
      {claim.note ? (
        <p
          className="max-w-72 text-sm break-words text-stone-700 dark:text-stone-300"
          data-testid="claim-note-text"
        >
          {t('manager.survey.claims.note', { note: claim.note })}
        </p>
      ) : null}
    </div>
  );
}

function Actions({ claim, onAction }: { claim: Claim; onAction: (action: ClaimAction) => void }) {
  const { t } = useTranslation();
  const small = 'min-h-9 px-3 py-1.5 text-[13px]';
  return (
    <div
      role="group"
      aria-label={t('manager.survey.claims.actions_label', { name: claim.partner.name })}
      className="flex flex-wrap gap-2"
    >
      {claim.status === 'open' ? (
        <>
          <button
            type="button"
            className={`btn-primary ${small}`}
            onClick={() => onAction('ship')}
            data-testid="claim-ship"
          >
            {t('manager.survey.claims.ship')}
          </button>
          <button
            type="button"
            className={`btn-secondary ${small}`}
            onClick={() => onAction('decline')}
            data-testid="claim-decline"
          >
            {t('manager.survey.claims.decline')}
          </button>
        </>
      ) : (
        <button
          type="button"
          className={`btn-secondary ${small}`}
          onClick={() => onAction('reopen')}
          data-testid="claim-reopen"
        >
          {t('manager.survey.claims.reopen')}
        </button>
      )}
    </div>
  );
}

type RowProps = { rows: Claim[]; onAction: (claim: Claim, action: ClaimAction) => void };

function ClaimsTable({ rows, onAction }: RowProps) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const td = tableCell.body;
  return (
    <ListTable
      caption={t('manager.survey.claims.title')}
      testId="claims-table"
      columns={(['partner', 'address', 'requested', 'status', 'actions'] as const).map((key) => ({
        key,
        header: t(`manager.survey.claims.columns.${key}`),
      }))}
    >
      {rows.map((row) => (
        <tr key={row.id} data-testid="claim-row" data-id={row.id}>
          <td className={td}>
            <PartnerName partner={row.partner} />
          </td>
          <td className={td}>
            <Address address={row.address} />
          </td>
          <td className={`${td} whitespace-nowrap text-muted`}>{dateTime(row.created_at)}</td>
          <td className={td}>
            <Handling claim={row} />
          </td>
          <td className={td}>
            <Actions claim={row} onAction={(action) => onAction(row, action)} />
          </td>
        </tr>
      ))}
    </ListTable>
  );
}

function ClaimsCards({ rows, onAction }: RowProps) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  return (
    <ul className="space-y-3" aria-label={t('manager.survey.claims.title')}>
      {rows.map((row) => (
        <li key={row.id} className="card space-y-3 p-4" data-testid="claim-row" data-id={row.id}>
          <div className="flex items-start justify-between gap-3">
            <PartnerName partner={row.partner} />
            <span className="shrink-0 text-xs text-muted">{dateTime(row.created_at)}</span>
          </div>
          <Address address={row.address} />
          <Handling claim={row} />
          <Actions claim={row} onAction={(action) => onAction(row, action)} />
        </li>
      ))}
    </ul>
  );
}

/** All, open, shipped, declined; the choice is kept in the URL (?status=). */
function ClaimFilters({
  active,
  onChoose,
}: {
  active: ClaimFilter;
  onChoose: (filter: ClaimFilter) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="group"
      aria-label={t('manager.survey.claims.filters_label')}
      className="-mx-4 mb-4 flex gap-1.5 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
    >
      {CLAIM_FILTERS.map((filter) => (
        <button
          key={filter}
          type="button"
          aria-pressed={filter === active}
          onClick={() => onChoose(filter)}
          data-testid={`claims-filter-${filter}`}
          className={`inline-flex min-h-9 shrink-0 items-center rounded-full border px-3.5 text-[13px] font-semibold ${
            filter === active
              ? 'border-brand-700 bg-brand-700 text-white dark:border-brand-300 dark:bg-brand-300 dark:text-stone-950'
              : 'border-stone-200 bg-white text-stone-700 hover:text-stone-950 dark:border-stone-800 dark:bg-stone-900 dark:text-stone-300 dark:hover:text-white'
          }`}
        >
          {t(`manager.survey.claims.filters.${filter}`)}
        </button>
      ))}
    </div>
  );
}

export function ClaimsPage() {
  const { t } = useTranslation();
  const f = useFormatters();
  useDocumentTitle(t('titles.manager_claims'));
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const filter: ClaimFilter = isClaimFilter(requested) ? requested : 'all';
  const { page, goTo } = usePageParam();
  const query = useClaims(filter, page);
  useSignOutOnUnauthorized(query.error);
  const data = query.data;
  useBackInRange(data, page, goTo);
  const [open, setOpen] = useState<{ claim: Claim; action: ClaimAction } | null>(null);

  // A new filter starts again at page 1; "all" stays out of the URL.
  const choose = useCallback(
    (next: ClaimFilter) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === 'all') updated.delete('status');
          else updated.set('status', next);
          updated.delete('page');
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  const onAction = useCallback((claim: Claim, action: ClaimAction) => setOpen({ claim, action }), []);

  const filtered = filter !== 'all';
  const results = (
    <ListResults
      query={query}
      testPrefix="claims"
      failedTitle={t('manager.survey.claims.load_failed')}
      empty={{
        icon: 'gift',
        title: t(
          filtered ? 'manager.survey.claims.empty_filtered_title' : 'manager.survey.claims.empty_title',
        ),
        body: t(filtered ? 'manager.survey.claims.empty_filtered_body' : 'manager.survey.claims.empty_body'),
      }}
      rows={(rows) => ({
        table: <ClaimsTable rows={rows} onAction={onAction} />,
        cards: <ClaimsCards rows={rows} onAction={onAction} />,
      })}
    />
  );

  return (
    <>
      <SurveyHeading lead={t('manager.survey.claims.lead')} />
      <ClaimFilters active={filter} onChoose={choose} />
      <PagedSection
        id="survey-claims-heading"
        title={t('manager.survey.claims.title')}
        total={
          data
            ? t('manager.survey.claims.total', { count: data.total, formatted: f.number(data.total) })
            : null
        }
        page={data ? { current: data.current_page, last: data.last_page } : null}
        onPage={goTo}
        busy={query.isFetching}
        placeholder={query.isPlaceholderData}
        pagerLabel={t('manager.survey.claims.pages_label')}
        testPrefix="claims"
        className=""
      >
        {results}
      </PagedSection>
      {open ? <ClaimDialog action={open.action} claim={open.claim} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
