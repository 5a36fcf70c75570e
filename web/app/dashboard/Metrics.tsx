// The dashboard's figures (docs/product/partner-portal.md#dashboard): this month's commissions as the
// largest thing on screen, last month's beside it, then current month sales, total commissions
// earned, average order value and the latest paid cash-out.
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format';
import { Glyph, type GlyphName } from '../../components/glyphs';
import { useSalesSummary } from '../../features/sales/sales-api';
import { BrandHero } from '../../components/card';
import { FitText } from '../../components/fit-text';
import { Skeleton } from '../../components/skeleton';

/** The zone a partner reads the months in: Montréal for the program's own (America/Toronto), else the zone's city. */
function useZonePlace(zone: string | undefined): string {
  const { t } = useTranslation();
  if (!zone || zone === 'America/Toronto' || zone === 'America/Montreal')
    return t('dashboard.metrics.zone_montreal');
  return (zone.split('/').pop() ?? zone).replaceAll('_', ' ');
}

export function HeroMetric() {
  const { t } = useTranslation();
  const f = useFormatters();
  const { data } = useSalesSummary();
  const place = useZonePlace(data?.time_zone);
  return (
    <BrandHero
      labelId="metric-hero-label"
      label={t('dashboard.metrics.this_month_commissions')}
      figure={data ? f.money(data.this_month_commissions, data.currency) : undefined}
      figureTestId="metric-this_month_commissions"
    >
      <dl className="mt-6 flex flex-wrap gap-x-8 gap-y-3 text-orange-50">
        <div>
          <dt className="text-sm text-orange-100/90">{t('dashboard.metrics.last_month_commissions')}</dt>
          <dd className="text-2xl font-semibold tabular-nums" data-testid="metric-last_month_commissions">
            {data ? (
              f.money(data.last_month_commissions, data.currency)
            ) : (
              <Skeleton className="h-8 w-28 bg-white/20 dark:bg-white/20" />
            )}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-orange-100/90">{t('dashboard.metrics.orders_this_month')}</dt>
          <dd className="text-2xl font-semibold tabular-nums" data-testid="metric-current_month_orders">
            {data ? (
              f.number(data.current_month_orders)
            ) : (
              <Skeleton className="h-8 w-12 bg-white/20 dark:bg-white/20" />
            )}
          </dd>
        </div>
      </dl>
      {/* Which day counts, so a late delivery is not read as this month's sale (decisions/054). */}
      <p className="mt-4 text-xs text-orange-100/90" data-testid="metric-month-rule">
        {t('dashboard.metrics.month_rule', { zone: place })}
      </p>
    </BrandHero>
  );
}

function MetricCard({
  id,
  icon,
  label,
  value,
  note,
}: {
  id: string;
  icon: GlyphName;
  label: string;
  value: string | undefined;
  note?: string;
}) {
  return (
    <div className="card min-w-0 p-4 sm:p-5">
      <p className="flex items-center gap-2 text-sm text-muted">
        <Glyph name={icon} width={16} height={16} className="shrink-0 text-brand-700 dark:text-brand-300" />
        <span id={`metric-label-${id}`}>{label}</span>
      </p>
      {value === undefined ? (
        <Skeleton className="mt-2 h-8 w-28" />
      ) : (
        <FitText
          as="p"
          text={value}
          className="mt-1.5 text-2xl font-bold tracking-tight tabular-nums sm:text-3xl"
          aria-describedby={`metric-label-${id}`}
          data-testid={`metric-${id}`}
        />
      )}
      {note ? <p className="mt-1 text-xs text-stone-500 dark:text-stone-400">{note}</p> : null}
    </div>
  );
}

export function MetricGrid() {
  const { t } = useTranslation();
  const f = useFormatters();
  const { data } = useSalesSummary();
  const money = (amount: number | undefined) =>
    amount === undefined ? undefined : f.money(amount, data?.currency);
  const cashout = data?.latest_paid_cashout;
  return (
    // Two cards a row from 360 px: narrower, a French amount of millions would not fit half a row.
    <section
      aria-label={t('dashboard.metrics.label')}
      className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 sm:gap-4 lg:grid-cols-4"
    >
      <MetricCard
        id="current_month_sales"
        icon="trend"
        label={t('dashboard.metrics.current_month_sales')}
        value={money(data?.current_month_sales)}
      />
      <MetricCard
        id="total_commissions"
        icon="sparkle"
        label={t('dashboard.metrics.total_commissions')}
        value={money(data?.total_commissions)}
      />
      <MetricCard
        id="average_order_value"
        icon="receipt"
        label={t('dashboard.metrics.average_order_value')}
        value={money(data?.average_order_value)}
      />
      <MetricCard
        id="latest_paid_cashout"
        icon="wallet"
        label={t('dashboard.metrics.latest_paid_cashout')}
        value={data ? (cashout ? f.money(cashout.amount, data.currency) : '—') : undefined}
        note={
          data
            ? cashout
              ? t('dashboard.cashouts.paid_on', { date: f.date(cashout.date) })
              : t('dashboard.metrics.no_cashout')
            : undefined
        }
      />
    </section>
  );
}
