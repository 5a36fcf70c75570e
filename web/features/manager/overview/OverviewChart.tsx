// The program's last 12 months: sales and commissions side by side, in the partner dashboard's
// chart language (plain elements, the theme's colours, a table for screen readers).
import { useTranslation } from 'react-i18next';
import { niceMax } from '../../dashboard/SalesHistoryChart';
import { useFormatters } from '../../sales/format';
import { EmptyState, Skeleton } from '../../sales/ui';
import type { MonthPoint } from './overview-api';

export function OverviewChartSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex h-52 items-end gap-2 sm:h-60" data-testid="overview-chart-loading">
      <span className="sr-only">{t('loading')}</span>
      {Array.from({ length: 12 }, (_, index) => (
        <Skeleton key={index} className={`flex-1 ${['h-1/3', 'h-1/2', 'h-2/3', 'h-2/5'][index % 4]}`} />
      ))}
    </div>
  );
}

export function OverviewChart({ points, currency }: { points: MonthPoint[]; currency: string }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const max = niceMax(Math.max(0, ...points.map((point) => Math.max(point.sales, point.commissions))));
  const totals = points.reduce(
    (sum, point) => ({ sales: sum.sales + point.sales, commissions: sum.commissions + point.commissions }),
    { sales: 0, commissions: 0 },
  );
  const pct = (value: number) => `${Math.max(0, Math.min(100, (value / max) * 100))}%`;
  if (points.every((point) => point.sales === 0 && point.commissions === 0))
    return (
      <EmptyState
        icon="trend"
        title={t('manager.overview.chart.empty_title')}
        body={t('manager.overview.chart.empty_body')}
        testId="overview-chart-empty"
      />
    );
  return (
    <div data-testid="overview-chart">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p className="text-sm text-stone-600 dark:text-stone-400" data-testid="overview-chart-total">
          {t('manager.overview.chart.total', {
            sales: f.money(totals.sales, currency),
            commissions: f.money(totals.commissions, currency),
          })}
        </p>
        <ul className="flex gap-4 text-xs text-stone-600 dark:text-stone-400" aria-hidden="true">
          <li className="flex items-center gap-1.5">
            <span className="h-2.5 w-2.5 rounded-sm bg-brand-200 dark:bg-brand-800" />
            {t('manager.overview.chart.sales')}
          </li>
          <li className="flex items-center gap-1.5">
            <span className="h-2.5 w-2.5 rounded-sm bg-brand-600 dark:bg-brand-400" />
            {t('manager.overview.chart.commissions')}
          </li>
        </ul>
      </div>
      <div className="relative h-52 pl-14 sm:h-60" aria-hidden="true">
        {[1, 0.5, 0].map((share) => (
          <div
            key={share}
            className="absolute right-0 left-14 border-t border-dashed border-stone-200 dark:border-stone-800"
            style={{ bottom: `${share * 100}%` }}
          >
            <span className="absolute -top-2 -left-14 w-12 text-right text-[11px] text-stone-500 tabular-nums dark:text-stone-400">
              {f.moneyShort(max * share, currency)}
            </span>
          </div>
        ))}
        <ol className="absolute inset-0 left-14 flex items-end gap-1 sm:gap-2">
          {points.map((point) => (
            <li
              key={point.month}
              className="group relative flex h-full min-w-0 flex-1 items-end justify-center gap-[2px]"
              data-testid="overview-chart-column"
            >
              <span
                className="w-1/2 max-w-5 rounded-t-sm bg-brand-200 dark:bg-brand-800"
                style={{ height: pct(point.sales) }}
              />
              <span
                className="w-1/2 max-w-5 rounded-t-sm bg-brand-600 dark:bg-brand-400"
                style={{ height: pct(point.commissions) }}
              />
              <span className="pointer-events-none absolute bottom-full left-1/2 z-10 mb-1 hidden -translate-x-1/2 rounded-lg bg-stone-900 px-2.5 py-1.5 text-xs whitespace-nowrap text-white shadow-lg group-hover:block dark:bg-stone-100 dark:text-stone-900">
                <span className="block font-semibold">{f.month(point.month, true)}</span>
                {t('manager.overview.chart.sales')}: {f.money(point.sales, currency)}
                <br />
                {t('manager.overview.chart.commissions')}: {f.money(point.commissions, currency)}
              </span>
            </li>
          ))}
        </ol>
      </div>
      <ol className="mt-2 flex gap-1 pl-14 sm:gap-2" aria-hidden="true">
        {points.map((point, index) => (
          <li
            key={point.month}
            className={`min-w-0 flex-1 text-center text-[11px] whitespace-nowrap text-stone-500 dark:text-stone-400 ${index % 3 === 2 ? '' : 'invisible sm:visible'}`}
            data-testid="overview-chart-label"
          >
            {f.month(point.month)}
          </li>
        ))}
      </ol>
      <div className="sr-only">
        <table>
          <caption>{t('manager.overview.chart.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('manager.overview.chart.month_column')}</th>
              <th scope="col">{t('manager.overview.chart.orders')}</th>
              <th scope="col">{t('manager.overview.chart.sales')}</th>
              <th scope="col">{t('manager.overview.chart.commissions')}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.month}>
                <th scope="row">{f.month(point.month, true)}</th>
                <td>{f.number(point.orders)}</td>
                <td>{f.money(point.sales, currency)}</td>
                <td>{f.money(point.commissions, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
