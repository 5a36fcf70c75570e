// /manager/challenges/:id: one challenge (its month, target and reward, how many met it and were
// rewarded) and who made progress toward it, best first, each with a bar against the target.
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons';
import { useDocumentTitle } from '../../../lib/document-title';
import { NotFoundContent } from '../../../components/NotFoundContent';
import { PageHeading } from '../../../components/PageHeading';
import { useFormatters, useDateTime } from '../../../lib/format';
import { formatDay, formatMonth } from '../messages/calendar';
import { MessageTexts, nameOf } from '../messages/MessagesPage';
import { useChallenge, useChallengePartners, type Challenge, type ChallengePartner } from './challenges-api';
import { useChallengeText } from './challenge-text';
import { Skeleton } from '../../../components/skeleton';
import { EmptyState } from '../../../components/states';
import { useSignOutOnUnauthorized } from '../staff-session';
import { ListTable, tableCell } from '../../../components/table';
import { PagedSection, useBackInRange } from '../../../components/paged-section';
import { ListResults, LoadFailed, PartnerName } from '../../../components/staff/list-results';
import { usePageParam } from '../../../lib/page-param';
import { Chip } from '../../../components/staff/chips';

function Fact({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase dark:text-stone-400">
        {label}
      </dt>
      <dd className="mt-1 font-semibold text-stone-900 dark:text-white" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function Summary({ challenge }: { challenge: Challenge }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const text = useChallengeText();
  return (
    <section className="card p-4 sm:p-6" data-testid="challenge-summary">
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Fact
          label={t('manager.challenges.detail.summary.target')}
          value={text.target(challenge)}
          testId="summary-target"
        />
        <Fact
          label={t('manager.challenges.detail.summary.reward')}
          value={text.reward(challenge)}
          testId="summary-reward"
        />
        <Fact
          label={t('manager.challenges.detail.summary.met')}
          value={f.number(challenge.met)}
          testId="summary-met"
        />
        <Fact
          label={t('manager.challenges.detail.summary.rewarded')}
          value={f.number(challenge.rewarded)}
          testId="summary-rewarded"
        />
      </dl>
      <div className="mt-5 border-t border-stone-200 pt-4 dark:border-stone-800">
        <MessageTexts kind="challenges" item={challenge} />
      </div>
    </section>
  );
}

function ProgressBar({ challenge, row }: { challenge: Challenge; row: ChallengePartner }) {
  const text = useChallengeText();
  const share = challenge.target > 0 ? Math.min(1, Math.max(0, row.progress / challenge.target)) : 0;
  return (
    <span className="block min-w-40" data-testid="partner-progress">
      <span className="block text-sm text-stone-700 dark:text-stone-300">
        {text.progress(challenge, row.progress)}
      </span>
      <span
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={challenge.target}
        aria-valuenow={Math.min(row.progress, challenge.target)}
        aria-valuetext={text.progress(challenge, row.progress)}
        className="mt-1.5 block h-2 overflow-hidden rounded-full bg-stone-100 dark:bg-stone-800"
      >
        <span
          className={`block h-full rounded-full ${row.met ? 'bg-emerald-600 dark:bg-emerald-400' : 'bg-brand-600 dark:bg-brand-400'}`}
          style={{ width: `${share * 100}%` }}
        />
      </span>
    </span>
  );
}

function StateChips({ row }: { row: ChallengePartner }) {
  const { t, i18n } = useTranslation();
  const dateTime = useDateTime();
  return (
    <span className="flex flex-wrap gap-1.5" data-testid="partner-state">
      {row.met ? (
        <Chip tone="success">
          <Icon name="check" width={13} height={13} />
          {t('manager.challenges.detail.met')}
        </Chip>
      ) : (
        <Chip>{t('manager.challenges.detail.in_progress')}</Chip>
      )}
      {row.rewarded_at ? (
        <Chip tone="brand">
          <span title={dateTime(row.rewarded_at)}>
            {t('manager.challenges.detail.rewarded', {
              date: formatDay(row.rewarded_at.slice(0, 10), i18n.language),
            })}
          </span>
        </Chip>
      ) : null}
    </span>
  );
}

function PartnersTable({ challenge, rows }: { challenge: Challenge; rows: ChallengePartner[] }) {
  const { t } = useTranslation();
  const td = tableCell.body;
  return (
    <ListTable
      caption={t('manager.challenges.detail.partners_title')}
      testId="partners-table"
      columns={(['partner', 'progress', 'state'] as const).map((key) => ({
        key,
        header: t(`manager.challenges.detail.columns.${key}`),
      }))}
    >
      {rows.map((row) => (
        <tr key={row.partner.uuid} data-testid="partner-row">
          <td className={td}>
            <PartnerName partner={row.partner} />
          </td>
          <td className={`${td} w-1/2`}>
            <ProgressBar challenge={challenge} row={row} />
          </td>
          <td className={td}>
            <StateChips row={row} />
          </td>
        </tr>
      ))}
    </ListTable>
  );
}

function PartnersCards({ challenge, rows }: { challenge: Challenge; rows: ChallengePartner[] }) {
  const { t } = useTranslation();
  return (
    <ul className="space-y-3" aria-label={t('manager.challenges.detail.partners_title')}>
      {rows.map((row) => (
        <li key={row.partner.uuid} className="card space-y-3 p-4" data-testid="partner-row">
          <PartnerName partner={row.partner} />
          <ProgressBar challenge={challenge} row={row} />
          <StateChips row={row} />
        </li>
      ))}
    </ul>
  );
}

function Partners({ challenge }: { challenge: Challenge }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const { page, goTo } = usePageParam();
  const query = useChallengePartners(challenge.id, page);
  useSignOutOnUnauthorized(query.error);
  const data = query.data;
  useBackInRange(data, page, goTo);

  const results = (
    <ListResults
      query={query}
      testPrefix="partners"
      failedTitle={t('manager.challenges.detail.partners_load_failed')}
      empty={{
        icon: 'target',
        title: t('manager.challenges.detail.empty_title'),
        body: t('manager.challenges.detail.empty_body'),
      }}
      rows={(rows) => ({
        table: <PartnersTable challenge={challenge} rows={rows} />,
        cards: <PartnersCards challenge={challenge} rows={rows} />,
      })}
    />
  );

  return (
    <PagedSection
      id="challenge-partners-heading"
      title={t('manager.challenges.detail.partners_title')}
      total={
        data
          ? t('manager.challenges.detail.total', { count: data.total, formatted: f.number(data.total) })
          : null
      }
      page={data ? { current: data.current_page, last: data.last_page } : null}
      onPage={goTo}
      busy={query.isFetching}
      placeholder={query.isPlaceholderData}
      pagerLabel={t('manager.challenges.detail.pages_label')}
      testPrefix="partners"
      className="mt-8"
    >
      {results}
    </PagedSection>
  );
}

export function ChallengePage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  // An id the server could hold (a 32-bit integer), else none: "not found", not a failed load.
  const id =
    /^\d{1,10}$/.test(params.id ?? '') && Number(params.id) <= 2_147_483_647 ? Number(params.id) : null;
  const query = useChallenge(id);
  useSignOutOnUnauthorized(query.error);
  const challenge = query.data;
  const month = challenge ? formatMonth(challenge.month, i18n.language) : '';
  const name = challenge ? nameOf(challenge, i18n.language) || month : (params.id ?? '');
  useDocumentTitle(t('titles.manager_challenge', { name }));

  const back = (
    <Link
      to="/manager/challenges"
      className="link mb-4 inline-flex items-center gap-1.5 text-sm"
      data-testid="back-to-challenges"
    >
      <Icon name="arrow-left" width={16} height={16} />
      {t('manager.challenges.detail.back')}
    </Link>
  );

  if (id === null) return <NotFoundContent homeHref="/manager/challenges" />;
  let body;
  if (query.isPending)
    body = (
      <div role="status" className="card space-y-4 p-6" data-testid="challenge-loading">
        <span className="sr-only">{t('loading')}</span>
        <Skeleton className="h-7 w-1/2" />
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    );
  else if (query.isError && !challenge)
    body = (
      <LoadFailed
        title={t('manager.challenges.detail.load_failed')}
        onRetry={() => void query.refetch()}
        testId="challenge-error"
      />
    );
  else if (!challenge)
    body = (
      <div className="card">
        <EmptyState
          icon="target"
          title={t('manager.challenges.detail.not_found')}
          testId="challenge-not-found"
        />
      </div>
    );
  else
    body = (
      <>
        <PageHeading title={name} eyebrow={month} />
        <Summary challenge={challenge} />
        <Partners challenge={challenge} />
      </>
    );
  return (
    <>
      {back}
      {body}
    </>
  );
}
