// The dashboard's widgets (docs/product/partner-portal.md#dashboard) other than the figures and the chart.
import { useTranslation } from 'react-i18next';
import { copyWithToast } from '../../lib/clipboard';
import { usePayMeNowStats } from '../../features/cashout/cashout-api';
import { useCurrentUser } from '../../lib/current-user';
import { referredName, referredPartners } from '../../features/sales/ReferralsPage';
import { orderLabel, useFormatters } from '../../lib/format';
import { Glyph } from '../../components/glyphs';
import { ShareButton } from '../../components/share-button';
import { usePagedList, useTotals, useVerifiedTiers, type Region } from '../../features/sales/sales-api';
import { PAGING } from '../../../common/statuses';
import { useDeferredData } from '../../lib/deferred-answer';
import { Widget } from '../../components/card';
import { FitText } from '../../components/fit-text';
import { SkeletonLines } from '../../components/skeleton';
import { EmptyState } from '../../components/states';
import { StatusBadge } from '../../components/status';

/** The partner's promo code with its customer discount and commission (docs/product/partners-and-accounts.md#the-partner-profile placeholders). */
export function CopyCodeBox() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const promo = user?.promo_codes?.[0];
  const copy = async () => {
    if (!promo) return;
    await copyWithToast(promo.code, {
      copied: t('dashboard.code.copied'),
      failed: t('dashboard.code.copy_failed'),
    });
  };
  return (
    <Widget id="code" title={t('dashboard.code.title')} icon="gift" testId="widget-copy-code">
      {!user ? (
        // About the loaded box's height, so that the figures below do not move when it arrives.
        <div className="min-h-[214px] md:min-h-[194px] xl:min-h-[214px]">
          <SkeletonLines lines={3} />
        </div>
      ) : !promo ? (
        <EmptyState icon="gift" title={t('dashboard.code.none_title')} body={t('dashboard.code.none_body')} />
      ) : (
        <div className="flex flex-1 flex-col">
          <p className="text-sm [overflow-wrap:anywhere] text-muted">
            {t('dashboard.code.explain', {
              percent: promo.value,
              commission: promo.commission_rate,
              code: promo.code,
            })}
          </p>
          {/* The code and its Copy and Share buttons side by side where the code has room, else the
              buttons below: a code of up to twenty characters shows whole at every width (FitText). */}
          <div className="@container mt-4">
            <div className="flex flex-col gap-2 rounded-xl border border-dashed border-brand-300 bg-brand-50/60 p-2 pl-4 @lg:flex-row @lg:items-center dark:border-brand-800 dark:bg-brand-950/40">
              <FitText
                as="code"
                text={promo.code}
                className="min-w-0 flex-1 font-mono text-2xl font-bold tracking-wider text-brand-800 dark:text-brand-200"
                data-testid="promo-code"
              />
              <div className="grid shrink-0 grid-cols-2 gap-2 @lg:flex">
                <button
                  type="button"
                  className="btn-primary px-4"
                  onClick={() => void copy()}
                  data-testid="copy-code"
                  aria-label={t('dashboard.code.copy_label', { code: promo.code })}
                >
                  <Glyph name="copy" width={18} height={18} />
                  {t('dashboard.code.copy')}
                </button>
                {/* The code in a sentence, with the short link that applies it (components/share-button.tsx). */}
                <ShareButton
                  data={{
                    text: t('share.code_text', { code: promo.code, percent: promo.value }),
                    url: user.short_url ?? undefined,
                  }}
                  label={t('share.share_code')}
                  testId="share-code"
                />
              </div>
            </div>
          </div>
          <dl className="mt-4 grid grid-cols-2 gap-3 text-center">
            <div className="rounded-xl bg-stone-50 p-3 dark:bg-stone-800/60">
              <dt className="text-xs text-muted">{t('dashboard.code.discount')}</dt>
              <dd className="text-xl font-bold tabular-nums" data-testid="promo-discount">
                {t('dashboard.code.percent', { value: promo.value })}
              </dd>
            </div>
            <div className="rounded-xl bg-stone-50 p-3 dark:bg-stone-800/60">
              <dt className="text-xs text-muted">{t('dashboard.code.commission')}</dt>
              <dd className="text-xl font-bold tabular-nums" data-testid="promo-commission">
                {t('dashboard.code.percent', { value: promo.commission_rate })}
              </dd>
            </div>
          </dl>
        </div>
      )}
    </Widget>
  );
}

/** The commission tiers of docs/product/commissions.md#commission-tiers: the current rate and what the next tier needs. */
export function TierProgress() {
  const { t } = useTranslation();
  const f = useFormatters();
  const data = useDeferredData(useVerifiedTiers().data);
  return (
    <Widget id="tiers" title={t('dashboard.tiers.title')} icon="trophy" testId="widget-tiers">
      {!data ? (
        <SkeletonLines lines={4} />
      ) : (
        <div className="flex flex-1 flex-col">
          <div className="flex items-end justify-between gap-3">
            <div>
              <p className="text-sm text-muted">{t('dashboard.tiers.current_rate')}</p>
              <p className="text-4xl font-bold tracking-tight tabular-nums" data-testid="tier-current-rate">
                {f.percent(data.current_rate)}
              </p>
            </div>
            <p className="text-right text-sm text-muted">
              {t('dashboard.tiers.verified', {
                count: data.verified_sales,
                formatted: f.number(data.verified_sales),
              })}
            </p>
          </div>
          <div
            role="progressbar"
            aria-label={t('dashboard.tiers.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(data.progress * 100)}
            className="mt-4 h-2.5 overflow-hidden rounded-full bg-stone-100 dark:bg-stone-800"
          >
            <div
              className="h-full rounded-full bg-gradient-to-r from-brand-500 to-rose-500"
              style={{ width: `${Math.max(2, Math.round(data.progress * 100))}%` }}
            />
          </div>
          <p className="mt-2 text-sm" data-testid="tier-next">
            {data.override
              ? t('dashboard.tiers.override')
              : data.next_tier
                ? t('dashboard.tiers.next', {
                    count: data.next_tier.sales_needed,
                    formatted: f.number(data.next_tier.sales_needed),
                    rate: f.percent(data.next_tier.rate),
                  })
                : t('dashboard.tiers.top')}
          </p>
          <ol className="mt-4 grid grid-cols-4 gap-1.5 text-center">
            {data.tiers.map((tier) => (
              <li
                key={tier.min_sales}
                className={`rounded-lg px-1 py-2 ${tier.reached ? 'bg-brand-50 text-brand-800 dark:bg-brand-950/60 dark:text-brand-200' : 'bg-stone-50 text-stone-500 dark:bg-stone-800/50 dark:text-stone-400'}`}
              >
                <span className="block text-sm font-bold tabular-nums">{f.percent(tier.rate)}</span>
                <span className="block text-[11px]">
                  {t('dashboard.tiers.from', { count: tier.min_sales, formatted: f.number(tier.min_sales) })}
                </span>
              </li>
            ))}
          </ol>
        </div>
      )}
    </Widget>
  );
}

const REGIONS: Region[] = ['CA', 'US', 'OTHER'];

/** Orders and sales by shipping country: Canada, the United States, everywhere else. */
export function GeographyCard() {
  const { t } = useTranslation();
  const f = useFormatters();
  const data = useDeferredData(useTotals().data);
  const byRegion = new Map(data?.geography.map((row) => [row.region, row]));
  const total = data?.geography.reduce((sum, row) => sum + row.sales, 0) ?? 0;
  const orders = data?.geography.reduce((sum, row) => sum + row.orders, 0) ?? 0;
  return (
    <Widget id="geo" title={t('dashboard.geo.title')} icon="globe" testId="widget-geography">
      {!data ? (
        <SkeletonLines lines={3} />
      ) : orders === 0 ? (
        <EmptyState
          icon="globe"
          title={t('dashboard.geo.empty_title')}
          body={t('dashboard.geo.empty_body')}
          testId="geo-empty"
        />
      ) : (
        <ul className="space-y-4">
          {REGIONS.map((region) => {
            const row = byRegion.get(region) ?? { region, orders: 0, sales: 0 };
            const share = total > 0 ? row.sales / total : 0;
            return (
              <li key={region} data-testid={`geo-${region}`}>
                <div className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="font-medium">{t(`dashboard.geo.${region}`)}</span>
                  <span className="tabular-nums">
                    <span className="font-semibold" data-testid={`geo-${region}-sales`}>
                      {f.money(row.sales, data.currency)}
                    </span>
                    <span className="text-stone-500 dark:text-stone-400">
                      {' '}
                      · {t('dashboard.geo.orders', { count: row.orders, formatted: f.number(row.orders) })}
                    </span>
                  </span>
                </div>
                <div
                  className="mt-1.5 h-2 overflow-hidden rounded-full bg-stone-100 dark:bg-stone-800"
                  aria-hidden="true"
                >
                  <div
                    className="h-full rounded-full bg-brand-500 dark:bg-brand-400"
                    style={{ width: `${Math.round(share * 100)}%` }}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Widget>
  );
}

const monthOf = (iso: string) => iso.slice(0, 7);

/** This month's orders: the mapping list (length 6), the rows dated this month. */
export function MonthOrders() {
  const { t } = useTranslation();
  const f = useFormatters();
  const data = useDeferredData(usePagedList('store', PAGING.defaultPage, PAGING.mappingLength).data);
  const thisMonth = new Date().toISOString().slice(0, 7);
  const rows = data?.data.filter((row) => monthOf(row.date) === thisMonth) ?? [];
  return (
    <Widget
      id="month-orders"
      title={t('dashboard.month_orders.title')}
      icon="receipt"
      action={{ to: '/account/sales', label: t('dashboard.see_all'), testId: 'month-orders-see-all' }}
      testId="widget-month-orders"
    >
      {!data ? (
        <SkeletonLines lines={4} />
      ) : rows.length === 0 ? (
        <EmptyState
          icon="receipt"
          title={t('dashboard.month_orders.empty_title')}
          body={t('dashboard.month_orders.empty_body')}
          testId="month-orders-empty"
        />
      ) : (
        <>
          <ColumnCaption
            start={t('dashboard.month_orders.order')}
            end={t('dashboard.month_orders.order_total')}
          />
          <ul className="divide-y divide-stone-100 dark:divide-stone-800">
            {rows.map((row) => (
              <li key={row.id} className="flex items-center gap-3 py-2.5" data-testid="month-order-row">
                <span className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-stone-100 text-[11px] font-bold text-stone-600 dark:bg-stone-800 dark:text-stone-300">
                  {row.country ?? '—'}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="line-clamp-2 text-sm font-medium break-words">{row.product}</span>
                  <span className="block text-xs text-stone-500 dark:text-stone-400">
                    {orderLabel(row.order_number)} · {f.date(row.date)}
                  </span>
                </span>
                <span
                  className="text-right text-sm font-semibold tabular-nums"
                  data-testid="month-order-total"
                >
                  <span className="sr-only">{t('dashboard.month_orders.order_total')}: </span>
                  {f.money(row.order_amount)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Widget>
  );
}

/** What a list's two sides show (the order, and which of its amounts), above the rows. */
function ColumnCaption({ start, end }: { start: string; end: string }) {
  return (
    <p
      className="flex justify-between gap-3 border-b border-stone-100 pb-1.5 text-xs font-medium text-stone-500 dark:border-stone-800 dark:text-stone-400"
      aria-hidden="true"
    >
      <span>{start}</span>
      <span>{end}</span>
    </p>
  );
}

/** The latest store sales and what each earned (page 1 of the sales list, shared with /account/sales). */
export function RecentSales() {
  const { t } = useTranslation();
  const f = useFormatters();
  const data = useDeferredData(usePagedList('store', PAGING.defaultPage, PAGING.defaultLength).data);
  return (
    <Widget
      id="recent-sales"
      title={t('dashboard.recent_sales.title')}
      icon="trend"
      action={{ to: '/account/sales', label: t('dashboard.see_all'), testId: 'recent-sales-see-all' }}
      testId="widget-recent-sales"
    >
      {!data ? (
        <SkeletonLines lines={4} />
      ) : data.data.length === 0 ? (
        <EmptyState
          icon="trend"
          title={t('dashboard.recent_sales.empty_title')}
          body={t('dashboard.recent_sales.empty_body')}
          testId="recent-sales-empty"
        />
      ) : (
        <>
          <ColumnCaption
            start={t('dashboard.recent_sales.sale')}
            end={t('dashboard.recent_sales.commission')}
          />
          <ul className="divide-y divide-stone-100 dark:divide-stone-800">
            {data.data.map((row) => (
              // Two lines, each with its own right side: the product beside the commission, the
              // order and its day beside the status, so the chip never narrows the product's name.
              <li key={row.id} className="py-2.5" data-testid="recent-sale-row">
                <span className="flex items-baseline gap-3">
                  <span className="line-clamp-2 min-w-0 flex-1 text-sm font-medium break-words">
                    {row.product}
                  </span>
                  <span
                    className="shrink-0 text-right text-sm font-semibold tabular-nums"
                    data-testid="recent-sale-commission"
                  >
                    <span className="sr-only">{t('dashboard.recent_sales.commission')}: </span>
                    {f.money(row.commission)}
                  </span>
                </span>
                <span className="mt-1 flex items-center gap-3">
                  <span className="min-w-0 flex-1 truncate text-xs text-stone-500 dark:text-stone-400">
                    {orderLabel(row.order_number)} · {f.date(row.date)}
                  </span>
                  <StatusBadge status={row.status} label={row.status_label} />
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Widget>
  );
}

/** Referral earnings and the partners who joined through the partner's link. */
export function ReferralsCard() {
  const { t } = useTranslation();
  const f = useFormatters();
  const user = useCurrentUser();
  const people = referredPartners(user);
  const data = useDeferredData(usePagedList('referrals', PAGING.defaultPage, PAGING.defaultLength).data);
  return (
    <Widget
      id="referrals"
      title={t('dashboard.referrals.title')}
      icon="users"
      action={{ to: '/account/referrals', label: t('dashboard.see_all'), testId: 'referrals-see-all' }}
      testId="widget-referrals"
    >
      {!data ? (
        <SkeletonLines lines={3} />
      ) : data.data.length === 0 && people.length === 0 ? (
        <EmptyState
          icon="users"
          title={t('dashboard.referrals.empty_title')}
          body={t('dashboard.referrals.empty_body')}
          testId="referrals-empty"
        />
      ) : (
        <>
          {people.length > 0 ? (
            <p className="text-sm text-muted" data-testid="referrals-joined">
              {t('dashboard.referrals.joined', { count: people.length, formatted: f.number(people.length) })}
            </p>
          ) : null}
          {data.data.length === 0 ? (
            <p className="mt-3 text-sm text-muted">{t('dashboard.referrals.no_sales')}</p>
          ) : (
            <ul className="divide-y divide-stone-100 dark:divide-stone-800">
              {data.data.slice(0, 4).map((row) => (
                <li
                  key={row.id}
                  className="flex items-center gap-3 py-2.5"
                  data-testid="dashboard-referral-row"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium">{row.referral ?? '—'}</span>
                    {/* The day first: a long product name is cut, never the day. */}
                    <span className="block truncate text-xs text-stone-500 dark:text-stone-400">
                      {f.date(row.date)} · {row.product}
                    </span>
                  </span>
                  <span className="text-sm font-semibold tabular-nums">{f.money(row.commission)}</span>
                </li>
              ))}
            </ul>
          )}
          {people.length > 0 && data.data.length === 0 ? (
            <p className="mt-2 truncate text-sm">{people.slice(0, 3).map(referredName).join(', ')}</p>
          ) : null}
        </>
      )}
    </Widget>
  );
}

/** The latest cash-outs (getPayMeNowStats' recent_cashouts) and what can be cashed out now. */
export function RecentCashouts() {
  const { t } = useTranslation();
  const f = useFormatters();
  const data = useDeferredData(usePayMeNowStats().data);
  return (
    <Widget
      id="cashouts"
      title={t('dashboard.cashouts.title')}
      icon="wallet"
      action={{ to: '/account/cashout', label: t('dashboard.see_all'), testId: 'cashouts-see-all' }}
      testId="widget-cashouts"
    >
      {!data ? (
        <SkeletonLines lines={4} />
      ) : (
        <div className="flex flex-1 flex-col">
          <p className="flex items-baseline justify-between gap-3 rounded-xl bg-brand-50/70 px-4 py-3 dark:bg-brand-950/50">
            <span className="text-sm text-stone-700 dark:text-stone-300">
              {t('dashboard.cashouts.payable')}
            </span>
            <span className="text-xl font-bold tracking-tight tabular-nums" data-testid="cashouts-payable">
              {f.money(data.payable_balance, data.currency)}
            </span>
          </p>
          {data.recent_cashouts.length === 0 ? (
            <EmptyState
              icon="wallet"
              title={t('dashboard.cashouts.empty_title')}
              body={t('dashboard.cashouts.empty_body', { minimum: f.money(data.minimum, data.currency) })}
              testId="cashouts-empty"
            />
          ) : (
            <ul className="mt-2 divide-y divide-stone-100 dark:divide-stone-800">
              {data.recent_cashouts.map((row) => (
                <li
                  key={row.id}
                  // The chip goes under the amount when the card is too narrow for both (French, lg).
                  className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2.5"
                  data-testid="recent-cashout-row"
                >
                  <span className="min-w-0">
                    <span className="block text-sm font-semibold tabular-nums">
                      {f.money(row.amount, row.currency)}
                    </span>
                    <span
                      className="block truncate text-xs text-stone-500 dark:text-stone-400"
                      data-testid="recent-cashout-date"
                    >
                      {row.paid_at
                        ? t('dashboard.cashouts.paid_on', { date: f.date(row.paid_at) })
                        : t('dashboard.cashouts.requested_on', { date: f.date(row.date) })}
                    </span>
                  </span>
                  <StatusBadge status={row.status} label={row.status_label} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Widget>
  );
}
