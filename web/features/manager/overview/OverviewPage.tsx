// /manager/overview: the program at a glance (issue 13, docs/product/back-office.md#overview), the back office's first
// section. What staff act on comes first (payouts waiting, what needs a look), then the month's
// figures over time, then who sells and who joined. Every figure is the server's
// (GET /api/manager/overview): months are UTC months, as in the ledger.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons';
import { useDocumentTitle } from '../../../lib/document-title';
import { PageHeading } from '../../../components/PageHeading';
import { useFormatters, useDateTime } from '../../../lib/format';
import type { GlyphName } from '../../../components/glyphs';
import { rateLine } from '../currency-words';
import { useCountryName } from '../partner-rows';
import { OverviewChart, OverviewChartSkeleton } from './OverviewChart';
import { changeOf } from './month-change';
import { useProblemWords } from './needs-a-look-ui';
import { useProgramOverview, type ProgramOverview, type WaitingStage } from './overview-api';
import { Widget } from '../../../components/card';
import { Skeleton } from '../../../components/skeleton';
import { EmptyState } from '../../../components/states';
import { useSignOutOnUnauthorized } from '../staff-session';
import { LoadFailed } from '../../../components/staff/list-results';

// ---- Month over month

function ChangeLine({ now, before, testId }: { now: number; before: number; testId: string }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const change = changeOf(now, before);
  const tone =
    change.kind === 'up'
      ? 'text-emerald-700 dark:text-emerald-300'
      : change.kind === 'down'
        ? 'text-red-700 dark:text-red-300'
        : 'text-stone-500 dark:text-stone-400';
  return (
    <p
      className={`mt-2 flex items-center gap-1 text-xs font-medium ${tone}`}
      data-testid={testId}
      data-change={change.kind}
    >
      {change.kind === 'up' || change.kind === 'down' ? (
        <Icon
          name="trend"
          width={14}
          height={14}
          aria-hidden="true"
          className={`shrink-0 ${change.kind === 'down' ? '-scale-y-100' : ''}`}
        />
      ) : null}
      <span>
        {change.kind === 'up' || change.kind === 'down'
          ? t(`manager.overview.change.${change.kind}`, { value: f.percent(change.percent) })
          : t(`manager.overview.change.${change.kind}`)}
      </span>
    </p>
  );
}

// ---- The month's figures

function KpiCard({
  id,
  icon,
  label,
  value,
  detail,
  change,
  money = false,
  className = '',
}: {
  /** Amounts are long (French ones most): their size follows the card's width; counts are short. */
  money?: boolean;
  className?: string;
  id: string;
  icon: GlyphName;
  label: string;
  value: string;
  detail: string;
  change: { now: number; before: number };
}) {
  return (
    // A container: the figure's size follows the card's width (French amounts are long).
    <div className={`card @container min-w-0 p-4 sm:p-5 ${className}`} data-testid={`kpi-${id}`}>
      <p className="flex items-start gap-2 text-sm text-stone-600 xl:min-h-10 dark:text-stone-400">
        <Icon
          name={icon}
          width={16}
          height={16}
          aria-hidden="true"
          className="mt-0.5 shrink-0 text-brand-700 dark:text-brand-300"
        />
        <span id={`kpi-label-${id}`}>{label}</span>
      </p>
      <p
        className={`mt-1.5 font-bold tracking-tight whitespace-nowrap tabular-nums ${
          money ? 'text-[length:clamp(1.25rem,13cqi,1.875rem)]' : 'text-3xl'
        }`}
        aria-describedby={`kpi-label-${id}`}
        data-testid={`kpi-${id}-value`}
      >
        {value}
      </p>
      <p className="mt-0.5 text-xs text-muted" data-testid={`kpi-${id}-detail`}>
        {detail}
      </p>
      <ChangeLine now={change.now} before={change.before} testId={`kpi-${id}-change`} />
    </div>
  );
}

function Kpis({ data }: { data: ProgramOverview }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const { sales, commissions, partners } = data;
  return (
    <section
      aria-label={t('manager.overview.kpis_label')}
      className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4"
    >
      <KpiCard
        id="sales"
        className="col-span-2 sm:col-span-1"
        money
        icon="trend"
        label={t('manager.overview.kpi.sales')}
        value={f.money(sales.this_month.amount, data.currency)}
        detail={t('manager.overview.orders', {
          count: sales.this_month.orders,
          formatted: f.number(sales.this_month.orders),
        })}
        change={{ now: sales.this_month.amount, before: sales.last_month.amount }}
      />
      <KpiCard
        id="commissions"
        className="col-span-2 sm:col-span-1"
        money
        icon="sparkle"
        label={t('manager.overview.kpi.commissions')}
        value={f.money(commissions.this_month.amount, data.currency)}
        detail={t('manager.overview.earnings', {
          count: commissions.this_month.count,
          formatted: f.number(commissions.this_month.count),
        })}
        change={{ now: commissions.this_month.amount, before: commissions.last_month.amount }}
      />
      <KpiCard
        id="active"
        icon="users"
        label={t('manager.overview.kpi.active')}
        value={f.number(partners.active.this_month)}
        detail={t('manager.overview.active_detail')}
        change={{ now: partners.active.this_month, before: partners.active.last_month }}
      />
      <KpiCard
        id="partners"
        icon="user"
        label={t('manager.overview.kpi.partners')}
        value={f.number(partners.total)}
        detail={t('manager.overview.joined', {
          count: partners.joined.this_month,
          formatted: f.number(partners.joined.this_month),
        })}
        change={{ now: partners.joined.this_month, before: partners.joined.last_month }}
      />
    </section>
  );
}

// ---- What staff act on

const STAGE_ORDER: readonly WaitingStage[] = ['review', 'manager', 'payment'];

function PayoutsWaiting({ data }: { data: ProgramOverview }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const total = data.payouts_waiting.reduce((sum, stage) => sum + stage.count, 0);
  const stages = [...data.payouts_waiting].sort(
    (a, b) => STAGE_ORDER.indexOf(a.stage) - STAGE_ORDER.indexOf(b.stage),
  );
  return (
    <Widget
      id="overview-waiting"
      title={t('manager.overview.waiting.title')}
      icon="wallet"
      action={{
        to: '/manager/payouts',
        label: t('manager.overview.waiting.all'),
        testId: 'overview-waiting-all',
      }}
      testId="overview-waiting"
    >
      {total === 0 ? (
        <EmptyState
          icon="check"
          title={t('manager.overview.waiting.empty_title')}
          body={t('manager.overview.waiting.empty_body')}
          testId="overview-waiting-empty"
        />
      ) : (
        <ol className="space-y-2.5">
          {stages.map((stage) => (
            <li
              key={stage.stage}
              className={`flex items-start justify-between gap-3 rounded-xl border px-3.5 py-3 ${
                stage.count > 0
                  ? 'border-stone-200 bg-stone-50/60 dark:border-stone-700 dark:bg-stone-800/40'
                  : 'border-dashed border-stone-200 dark:border-stone-800'
              }`}
              data-testid={`overview-stage-${stage.stage}`}
            >
              <div className="min-w-0">
                <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase dark:text-stone-400">
                  {t(`manager.overview.waiting.stages.${stage.stage}`)}
                </p>
                <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5">
                  {stage.statuses.map((status) => (
                    <li key={status.status}>
                      <Link
                        to={`/manager/payouts?status=${status.status}`}
                        className={`text-sm whitespace-nowrap underline-offset-4 hover:underline ${
                          status.count > 0
                            ? 'font-medium text-brand-700 dark:text-brand-300'
                            : 'text-stone-500 dark:text-stone-400'
                        }`}
                        data-testid={`overview-status-${status.status}`}
                      >
                        {t('manager.overview.waiting.status_count', {
                          status: t(`manager.payouts.statuses.${status.status}`),
                          count: f.number(status.count),
                        })}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
              <p className="shrink-0 text-right">
                <span
                  className="block text-2xl leading-tight font-bold tabular-nums"
                  data-testid="stage-count"
                >
                  {f.number(stage.count)}
                </span>
                <span
                  className="block text-xs text-stone-600 tabular-nums dark:text-stone-400"
                  data-testid="stage-amount"
                >
                  {f.money(stage.amount, data.currency)}
                </span>
              </p>
            </li>
          ))}
        </ol>
      )}
    </Widget>
  );
}

function AttentionGroup({
  id,
  title,
  hint,
  count,
  more,
  children,
}: {
  id: string;
  title: string;
  hint: string;
  count: number;
  more?: ReactNode;
  children: ReactNode;
}) {
  const f = useFormatters();
  return (
    <section
      aria-labelledby={`attention-${id}`}
      className="py-3 first:pt-0 last:pb-0"
      data-testid={`attention-${id}`}
    >
      <h3 id={`attention-${id}`} className="flex items-center justify-between gap-3 text-sm font-semibold">
        <span>{title}</span>
        <span
          className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 tabular-nums ring-1 ring-red-600/20 ring-inset dark:bg-red-400/10 dark:text-red-300 dark:ring-red-400/30"
          data-testid="attention-count"
        >
          {f.number(count)}
        </span>
      </h3>
      <p className="mt-0.5 text-xs text-muted">{hint}</p>
      <ul className="mt-2 space-y-2">{children}</ul>
      {more}
    </section>
  );
}

const itemText = 'mt-0.5 line-clamp-2 text-xs break-words text-muted';

function NeedsAttention({ data }: { data: ProgramOverview }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const dateTime = useDateTime();
  const problemWords = useProblemWords();
  const {
    shopify_deliveries: deliveries,
    store_pushes: pushes,
    paypal_payouts: paypal,
    orders_waiting: ordersWaiting,
  } = data.needs_attention;
  const more = (count: number, shown: number, to?: string) =>
    count > shown ? (
      to ? (
        <Link to={to} className="link mt-2 inline-block text-xs">
          {t('manager.overview.attention.more', { count: count - shown, formatted: f.number(count - shown) })}
        </Link>
      ) : (
        <p className="mt-2 text-xs text-stone-500 dark:text-stone-400">
          {t('manager.overview.attention.more', { count: count - shown, formatted: f.number(count - shown) })}
        </p>
      )
    ) : null;
  // The groups with a page of their own always lead to it (docs/decisions/039).
  const openList = (count: number, shown: number, to: string, label: string, testId: string) => (
    <Link to={to} className="link mt-2 inline-block text-xs" data-testid={testId}>
      {count > shown
        ? t('manager.overview.attention.more', { count: count - shown, formatted: f.number(count - shown) })
        : label}
    </Link>
  );
  return (
    <Widget
      id="overview-attention"
      title={t('manager.overview.attention.title')}
      icon="alert"
      testId="overview-attention"
    >
      {data.needs_attention.total === 0 ? (
        <EmptyState
          icon="check"
          title={t('manager.overview.attention.empty_title')}
          body={t('manager.overview.attention.empty_body')}
          testId="overview-attention-empty"
        />
      ) : (
        <div className="divide-y divide-stone-100 dark:divide-stone-800">
          {paypal.count > 0 ? (
            <AttentionGroup
              id="paypal"
              title={t('manager.overview.attention.paypal')}
              hint={t('manager.overview.attention.paypal_hint')}
              count={paypal.count}
              more={more(paypal.count, paypal.items.length, '/manager/payouts?status=IN_REVIEW')}
            >
              {paypal.items.map((item) => (
                <li key={item.id}>
                  <Link to={`/manager/payouts/${item.id}`} className="link text-sm">
                    {t('manager.overview.attention.payout', {
                      id: item.id,
                      name: item.partner.name,
                      amount: f.money(item.amount, item.currency),
                    })}
                  </Link>
                  {item.error ? <p className={itemText}>{item.error}</p> : null}
                </li>
              ))}
            </AttentionGroup>
          ) : null}
          {ordersWaiting.count > 0 ? (
            <AttentionGroup
              id="orders-waiting"
              title={t('manager.overview.attention.orders_waiting')}
              hint={t('manager.overview.attention.orders_waiting_hint')}
              count={ordersWaiting.count}
              more={
                <Link
                  to="/manager/overview/orders-waiting"
                  className="link mt-2 inline-block text-xs"
                  data-testid="attention-open-orders-waiting"
                >
                  {t('manager.overview.attention.open_orders_waiting')}
                </Link>
              }
            >
              {ordersWaiting.items.map((item) => (
                <li key={item.currency} data-testid="attention-waiting-currency">
                  <p className="text-sm font-medium">
                    {t('manager.overview.attention.waiting_currency', {
                      currency: item.currency,
                      orders: t('manager.overview.orders', {
                        count: item.orders,
                        formatted: f.number(item.orders),
                      }),
                    })}
                  </p>
                  <p className={itemText}>
                    {item.rate
                      ? t('manager.overview.attention.waiting_with_rate', {
                          rate: rateLine(item.currency, item.rate, data.currency),
                        })
                      : t('manager.overview.attention.waiting_without_rate')}
                  </p>
                </li>
              ))}
            </AttentionGroup>
          ) : null}
          {pushes.count > 0 ? (
            <AttentionGroup
              id="pushes"
              title={t('manager.overview.attention.pushes')}
              hint={t('manager.overview.attention.pushes_hint')}
              count={pushes.count}
              more={openList(
                pushes.count,
                pushes.items.length,
                '/manager/overview/store-pushes',
                t('manager.overview.attention.open_pushes'),
                'attention-open-pushes',
              )}
            >
              {pushes.items.map((item) => (
                <li key={item.code}>
                  <Link to={`/manager/partners/${item.partner.uuid}`} className="link text-sm">
                    {t('manager.overview.attention.push', { code: item.code, name: item.partner.name })}
                  </Link>
                  {item.message ? <p className={itemText}>{item.message}</p> : null}
                </li>
              ))}
            </AttentionGroup>
          ) : null}
          {deliveries.count > 0 ? (
            <AttentionGroup
              id="deliveries"
              title={t('manager.overview.attention.deliveries')}
              hint={t('manager.overview.attention.deliveries_hint')}
              count={deliveries.count}
              more={openList(
                deliveries.count,
                deliveries.items.length,
                '/manager/overview/deliveries',
                t('manager.overview.attention.open_deliveries'),
                'attention-open-deliveries',
              )}
            >
              {deliveries.items.map((item) => (
                <li key={item.delivery_id}>
                  <p className="text-sm font-medium">
                    {t('manager.overview.attention.delivery', {
                      topic: item.topic,
                      date: dateTime(item.rejected_at),
                    })}
                  </p>
                  {item.problems.length > 0 ? (
                    <p className={itemText}>{item.problems.slice(0, 2).map(problemWords).join(' · ')}</p>
                  ) : item.error ? (
                    <p className={itemText}>{item.error}</p>
                  ) : null}
                  <p className="mt-0.5 text-xs text-stone-500 dark:text-stone-400">
                    {t('manager.overview.attention.error_id')}{' '}
                    <code className="font-mono text-[11px] break-all text-stone-700 select-all dark:text-stone-300">
                      {item.error_id}
                    </code>
                  </p>
                </li>
              ))}
            </AttentionGroup>
          ) : null}
        </div>
      )}
      {/* Never a trouble (they earn nothing by design), but staff can see them. */}
      <div className="mt-auto pt-4">
        <p className="border-t border-stone-100 pt-3 text-xs dark:border-stone-800">
          <Link to="/manager/overview/test-orders" className="link" data-testid="attention-open-test-orders">
            {t('manager.overview.attention.open_test_orders')}
          </Link>
        </p>
      </div>
    </Widget>
  );
}

// ---- Over time, and money

function MoneyOwed({ data }: { data: ProgramOverview }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const { money_owed: owed } = data;
  const rows = [
    { id: 'pending', value: owed.pending },
    { id: 'in_payouts', value: owed.in_payouts },
    { id: 'in_review', value: owed.in_review },
  ] as const;
  return (
    <Widget id="overview-owed" title={t('manager.overview.owed.title')} icon="receipt" testId="overview-owed">
      <p className="text-sm text-muted" id="owed-payable-label">
        {t('manager.overview.owed.payable')}
      </p>
      <p
        className="mt-0.5 text-3xl font-bold tracking-tight tabular-nums"
        aria-describedby="owed-payable-label"
        data-testid="owed-payable"
      >
        {f.money(owed.payable, data.currency)}
      </p>
      <p className="mt-0.5 text-xs text-stone-500 dark:text-stone-400">
        {t('manager.overview.owed.payable_hint')}
      </p>
      <dl className="mt-4 divide-y divide-stone-100 border-t border-stone-100 dark:divide-stone-800 dark:border-stone-800">
        {rows.map((row) => (
          <div key={row.id} className="flex items-baseline justify-between gap-3 py-2.5">
            <dt className="min-w-0">
              <span className="block text-sm text-stone-800 dark:text-stone-200">
                {t(`manager.overview.owed.${row.id}`)}
              </span>
              <span className="block text-xs text-stone-500 dark:text-stone-400">
                {t(`manager.overview.owed.${row.id}_hint`)}
              </span>
            </dt>
            <dd className="shrink-0 font-semibold tabular-nums" data-testid={`owed-${row.id}`}>
              {f.money(row.value, data.currency)}
            </dd>
          </div>
        ))}
      </dl>
    </Widget>
  );
}

// ---- Who sells, who joined

function TopPartners({ data }: { data: ProgramOverview }) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <Widget id="overview-top" title={t('manager.overview.top.title')} icon="trophy" testId="overview-top">
      {data.top_partners.length === 0 ? (
        <EmptyState
          icon="trophy"
          title={t('manager.overview.top.empty_title')}
          body={t('manager.overview.top.empty_body')}
          testId="overview-top-empty"
        />
      ) : (
        <ol className="-my-2 divide-y divide-stone-100 dark:divide-stone-800">
          {data.top_partners.map((partner, index) => (
            <li key={partner.uuid} className="flex items-center gap-3 py-2.5" data-testid="overview-top-row">
              <span
                className={`inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-bold tabular-nums ${
                  index === 0
                    ? 'bg-brand-600 text-white dark:bg-brand-400 dark:text-stone-950'
                    : 'bg-stone-100 text-stone-700 dark:bg-stone-800 dark:text-stone-300'
                }`}
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <span className="min-w-0 flex-1">
                <Link
                  to={`/manager/partners/${partner.uuid}`}
                  className="block truncate font-semibold text-stone-900 underline-offset-4 hover:underline dark:text-white"
                >
                  {partner.name}
                </Link>
                <span className="block text-xs text-muted">
                  {t('manager.overview.top.detail', {
                    orders: t('manager.overview.orders', {
                      count: partner.orders,
                      formatted: f.number(partner.orders),
                    }),
                    commissions: f.money(partner.commissions, data.currency),
                  })}
                </span>
              </span>
              <span className="shrink-0 font-semibold tabular-nums" data-testid="overview-top-sales">
                {f.money(partner.sales, data.currency)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Widget>
  );
}

const chip =
  'inline-flex items-center rounded-full px-2 py-0.5 text-[11px] font-medium whitespace-nowrap ring-1 ring-inset';

function RecentSignups({ data }: { data: ProgramOverview }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const country = useCountryName();
  return (
    <Widget
      id="overview-signups"
      title={t('manager.overview.signups.title')}
      icon="users"
      action={{ to: '/manager/partners', label: t('manager.overview.signups.all') }}
      testId="overview-signups"
    >
      {data.recent_signups.length === 0 ? (
        <EmptyState
          icon="users"
          title={t('manager.overview.signups.empty_title')}
          body={t('manager.overview.signups.empty_body')}
          testId="overview-signups-empty"
        />
      ) : (
        <ul className="-my-2 divide-y divide-stone-100 dark:divide-stone-800">
          {data.recent_signups.map((partner) => (
            <li
              key={partner.uuid}
              className="flex items-start justify-between gap-3 py-2.5"
              data-testid="overview-signup-row"
            >
              <span className="min-w-0">
                <Link
                  to={`/manager/partners/${partner.uuid}`}
                  className="block truncate font-semibold text-stone-900 underline-offset-4 hover:underline dark:text-white"
                >
                  {partner.name}
                </Link>
                <span className="block truncate text-xs text-muted">{partner.email}</span>
                {!partner.verified || partner.status === 'suspended' ? (
                  <span className="mt-1 flex flex-wrap gap-1">
                    {!partner.verified ? (
                      <span
                        className={`${chip} bg-amber-50 text-amber-800 ring-amber-600/25 dark:bg-amber-400/10 dark:text-amber-300 dark:ring-amber-400/30`}
                      >
                        {t('manager.overview.signups.unverified')}
                      </span>
                    ) : null}
                    {partner.status === 'suspended' ? (
                      <span
                        className={`${chip} bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-400/10 dark:text-red-300 dark:ring-red-400/30`}
                      >
                        {t('manager.overview.signups.suspended')}
                      </span>
                    ) : null}
                  </span>
                ) : null}
              </span>
              <span className="shrink-0 text-right text-xs text-muted">
                <span className="block whitespace-nowrap">{f.date(partner.created_at)}</span>
                {partner.country ? <span className="block">{country(partner.country)}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Widget>
  );
}

// ---- The page

function OverviewSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" className="space-y-6" data-testid="overview-loading">
      <span className="sr-only">{t('loading')}</span>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="card space-y-2.5 p-4 sm:p-5">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-8 w-28" />
            <Skeleton className="h-3 w-20" />
          </div>
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        {Array.from({ length: 2 }, (_, index) => (
          <div key={index} className="card space-y-3 p-5 sm:p-6">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-4 w-3/4" />
          </div>
        ))}
      </div>
      <div className="card p-5 sm:p-6">
        <Skeleton className="mb-5 h-5 w-56" />
        <OverviewChartSkeleton />
      </div>
    </div>
  );
}

export function OverviewPage() {
  const { t } = useTranslation();
  const title = t('titles.manager_overview');
  useDocumentTitle(title);
  const query = useProgramOverview();
  useSignOutOnUnauthorized(query.error);
  const data = query.data;

  return (
    <>
      <PageHeading title={title} lead={t('manager.overview.lead')} />
      {query.isPending ? (
        <OverviewSkeleton />
      ) : !data ? (
        <LoadFailed
          title={t('manager.overview.load_failed')}
          onRetry={() => void query.refetch()}
          testId="overview-error"
        />
      ) : (
        <div className="space-y-6" data-testid="overview">
          {data.partners.total === 0 ? (
            <div className="card" data-testid="overview-new-program">
              <EmptyState
                icon="sparkle"
                title={t('manager.overview.new_program_title')}
                body={t('manager.overview.new_program_body')}
              />
            </div>
          ) : null}
          <Kpis data={data} />
          <div className="grid gap-6 lg:grid-cols-2">
            <PayoutsWaiting data={data} />
            <NeedsAttention data={data} />
          </div>
          <div className="grid gap-6 lg:grid-cols-3">
            <Widget
              id="overview-chart"
              title={t('manager.overview.chart.title')}
              icon="chart"
              className="lg:col-span-2"
              testId="overview-history"
            >
              <OverviewChart points={data.monthly} currency={data.currency} />
            </Widget>
            <MoneyOwed data={data} />
          </div>
          <div className="grid gap-6 lg:grid-cols-2">
            <TopPartners data={data} />
            <RecentSignups data={data} />
          </div>
        </div>
      )}
    </>
  );
}
