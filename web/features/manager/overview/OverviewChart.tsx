// The program's last 12 months: sales and commissions side by side, in the partner dashboard's
// chart (sales/SalesBars).
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import { SalesBars, SalesBarsLegend, SalesBarsSkeleton } from '../../../components/SalesBars';
import type { MonthPoint } from './overview-api';
import { EmptyState } from '../../../components/states';

export function OverviewChartSkeleton() {
  return <SalesBarsSkeleton testId="overview-chart-loading" className="h-52 sm:h-60" />;
}

export function OverviewChart({ points, currency }: { points: MonthPoint[]; currency: string }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const totals = points.reduce(
    (sum, point) => ({ sales: sum.sales + point.sales, commissions: sum.commissions + point.commissions }),
    { sales: 0, commissions: 0 },
  );
  if (points.every((point) => point.sales === 0 && point.commissions === 0))
    return (
      <EmptyState
        icon="trend"
        title={t('manager.overview.chart.empty_title')}
        body={t('manager.overview.chart.empty_body')}
        testId="overview-chart-empty"
      />
    );
  const words = {
    sales: t('manager.overview.chart.sales'),
    commissions: t('manager.overview.chart.commissions'),
    orders: t('manager.overview.chart.orders'),
    periodColumn: t('manager.overview.chart.month_column'),
    caption: t('manager.overview.chart.caption'),
  };
  return (
    <div data-testid="overview-chart">
      <SalesBars
        points={points.map((point) => ({
          ...point,
          key: point.month,
          label: f.month(point.month),
          longLabel: f.month(point.month, true),
        }))}
        currency={currency}
        words={words}
        axis="wide"
        // The latest month is the last column: keep it and every third before it.
        showLabelOnPhone={(index) => index % 3 === 2}
        testIds={{ column: 'overview-chart-column', label: 'overview-chart-label' }}
      >
        <div className="mb-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <p className="text-sm text-muted" data-testid="overview-chart-total">
            {t('manager.overview.chart.total', {
              sales: f.money(totals.sales, currency),
              commissions: f.money(totals.commissions, currency),
            })}
          </p>
          <SalesBarsLegend words={words} />
        </div>
      </SalesBars>
    </div>
  );
}
