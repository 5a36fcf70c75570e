// /account/referrals: partners who joined through the partner's referral link, and the sales of
// theirs that earned the partner a referral commission (docs/product/commissions.md#referrals).
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/document-title';
import { PageHeading } from '../../components/PageHeading';
import { useCurrentUser } from '../../lib/current-user';
import { useFormatters } from '../../lib/format';
import { useTotals } from './sales-api';
import { PagedTable } from './SalesTable';
import { Skeleton } from '../../components/skeleton';

export interface ReferredPartner {
  email?: string;
  first_name?: string | null;
  last_name?: string | null;
}

export function referredPartners(user: { [field: string]: unknown } | null): ReferredPartner[] {
  const referrals = user?.referrals;
  return Array.isArray(referrals) ? (referrals as ReferredPartner[]) : [];
}

export const referredName = (partner: ReferredPartner) =>
  [partner.first_name, partner.last_name].filter(Boolean).join(' ') || partner.email || '—';

export function ReferralsPage() {
  const { t } = useTranslation();
  const f = useFormatters();
  const title = t('titles.referrals');
  useDocumentTitle(title);
  const user = useCurrentUser();
  const people = referredPartners(user);
  const totals = useTotals();

  return (
    <>
      <PageHeading title={title} lead={t('pages.referrals')} />
      <section aria-label={t('referrals.summary')} className="mb-8 grid gap-3 sm:grid-cols-2 sm:gap-4">
        <div className="card p-5">
          <p className="text-sm text-muted">{t('referrals.earned')}</p>
          {totals.data ? (
            <p
              className="mt-1 text-3xl font-bold tracking-tight tabular-nums sm:text-4xl"
              data-testid="referral-commissions"
            >
              {f.money(totals.data.referral_commissions, totals.data.currency)}
            </p>
          ) : (
            <Skeleton className="mt-2 h-9 w-32" />
          )}
        </div>
        <div className="card p-5">
          <p className="text-sm text-muted">{t('referrals.joined')}</p>
          <p
            className="mt-1 text-3xl font-bold tracking-tight tabular-nums sm:text-4xl"
            data-testid="referral-count"
          >
            {f.number(people.length)}
          </p>
          {people.length > 0 ? (
            <p className="mt-2 truncate text-sm text-muted">
              {people.slice(0, 4).map(referredName).join(', ')}
              {people.length > 4 ? ` ${t('referrals.and_more', { count: people.length - 4 })}` : ''}
            </p>
          ) : null}
        </div>
      </section>
      <div className="card p-4 sm:p-6">
        <h2 className="mb-4 text-base font-semibold">{t('referrals.table_title')}</h2>
        <PagedTable
          name="referrals"
          caption={t('referrals.table_title')}
          empty={{ icon: 'users', title: t('referrals.empty_title'), body: t('referrals.empty_body') }}
        />
      </div>
    </>
  );
}
