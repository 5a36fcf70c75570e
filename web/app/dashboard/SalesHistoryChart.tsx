// Sales history (docs/product/partner-portal.md#dashboard): sales and commissions per week (12 weeks) or per month
// (12 months), in the house's bar chart (sales/SalesBars).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format';
import { SalesBars, SalesBarsLegend, SalesBarsSkeleton } from '../../components/SalesBars';
import { useSalesChart, type ChartPoint } from '../../features/sales/sales-api';
import { useDeferredData } from '../../lib/deferred-answer';
import { Widget } from '../../components/card';
import { EmptyState } from '../../components/states';

export type ChartPeriod = 'weekly' | 'monthly';

export function SalesHistoryChart() {
  const { t } = useTranslation();
  const f = useFormatters();
  const [period, setPeriod] = useState<ChartPeriod>('weekly');
  const data = useDeferredData(useSalesChart().data);
  const points: ChartPoint[] = data ? data[period] : [];
  const currency = data?.currency ?? 'USD';
  const longLabel = (point: ChartPoint) =>
    period === 'weekly'
      ? t('dashboard.chart.week_of', { day: f.day(point.start) })
      : f.month(point.start, true);
  const totals = points.reduce(
    (sum, point) => ({ sales: sum.sales + point.sales, commissions: sum.commissions + point.commissions }),
    { sales: 0, commissions: 0 },
  );
  const empty = data !== undefined && points.every((point) => point.sales === 0 && point.commissions === 0);
  const words = {
    sales: t('dashboard.chart.sales'),
    commissions: t('dashboard.chart.commissions'),
    orders: t('dashboard.chart.orders'),
    periodColumn: t('dashboard.chart.period_column'),
    caption: t(period === 'weekly' ? 'dashboard.chart.caption_weekly' : 'dashboard.chart.caption_monthly'),
  };

  return (
    <Widget id="history" title={t('dashboard.chart.title')} icon="trend" testId="widget-sales-history">
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <div
          role="group"
          aria-label={t('dashboard.chart.period')}
          className="inline-flex rounded-full bg-stone-100 p-1 dark:bg-stone-800/70"
        >
          {(['weekly', 'monthly'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={period === value}
              onClick={() => setPeriod(value)}
              data-testid={`chart-toggle-${value}`}
              className={`min-h-9 rounded-full px-4 text-sm font-semibold transition-colors ${
                period === value
                  ? 'bg-white text-stone-900 shadow-sm dark:bg-stone-950 dark:text-white'
                  : 'text-stone-600 hover:text-stone-900 dark:text-stone-400 dark:hover:text-white'
              }`}
            >
              {t(`dashboard.chart.${value}`)}
            </button>
          ))}
        </div>
        <SalesBarsLegend words={words} />
      </div>
      {!data ? (
        <SalesBarsSkeleton testId="chart-loading" />
      ) : empty ? (
        <EmptyState
          icon="trend"
          title={t(period === 'weekly' ? 'dashboard.chart.empty_weekly' : 'dashboard.chart.empty_monthly')}
          body={t('dashboard.chart.empty_body')}
          testId="chart-empty"
        />
      ) : (
        <div data-testid="sales-chart" data-period={period}>
          <SalesBars
            points={points.map((point) => ({
              ...point,
              key: point.start,
              label: period === 'weekly' ? f.day(point.start) : f.month(point.start),
              longLabel: longLabel(point),
            }))}
            currency={currency}
            words={words}
            axis="narrow"
            showLabelOnPhone={(index) => index % 3 === 0}
            testIds={{ column: 'chart-column', label: 'chart-label' }}
          >
            <p className="mb-3 text-sm text-muted" data-testid="chart-total">
              {t(period === 'weekly' ? 'dashboard.chart.total_weekly' : 'dashboard.chart.total_monthly', {
                sales: f.money(totals.sales, currency),
                commissions: f.money(totals.commissions, currency),
              })}
            </p>
          </SalesBars>
        </div>
      )}
    </Widget>
  );
}
