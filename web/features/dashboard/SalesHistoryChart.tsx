// Sales history (spec point 2): sales and commissions per week (12 weeks) or per month
// (12 months), drawn with plain elements so it scales to any width, follows the theme's
// colours and needs no chart library; the same figures are in a table for screen readers.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../sales/format';
import { useSalesChart, type ChartPoint } from '../sales/sales-api';
import { EmptyState, Skeleton, Widget } from '../sales/ui';

export type ChartPeriod = 'weekly' | 'monthly';

/** A round upper bound for the axis: 1, 2, 2.5 or 5 times a power of ten. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (value <= step * power) return step * power;
  return 10 * power;
}

export function SalesHistoryChart() {
  const { t } = useTranslation();
  const f = useFormatters();
  const [period, setPeriod] = useState<ChartPeriod>('weekly');
  const { data } = useSalesChart();
  const points: ChartPoint[] = data ? data[period] : [];
  const currency = data?.currency ?? 'USD';
  const max = niceMax(Math.max(0, ...points.map((point) => Math.max(point.sales, point.commissions))));
  const label = (point: ChartPoint) => (period === 'weekly' ? f.day(point.start) : f.month(point.start));
  const longLabel = (point: ChartPoint) =>
    period === 'weekly'
      ? t('dashboard.chart.week_of', { day: f.day(point.start) })
      : f.month(point.start, true);
  const totals = points.reduce(
    (sum, point) => ({ sales: sum.sales + point.sales, commissions: sum.commissions + point.commissions }),
    { sales: 0, commissions: 0 },
  );
  const empty = data !== undefined && points.every((point) => point.sales === 0 && point.commissions === 0);
  const pct = (value: number) => `${Math.max(0, Math.min(100, (value / max) * 100))}%`;

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
        <ul className="flex gap-4 text-xs text-stone-600 dark:text-stone-400" aria-hidden="true">
          <li className="flex items-center gap-1.5">
            <span className="h-2.5 w-2.5 rounded-sm bg-brand-200 dark:bg-brand-800" />
            {t('dashboard.chart.sales')}
          </li>
          <li className="flex items-center gap-1.5">
            <span className="h-2.5 w-2.5 rounded-sm bg-brand-600 dark:bg-brand-400" />
            {t('dashboard.chart.commissions')}
          </li>
        </ul>
      </div>
      {!data ? (
        <div role="status" className="flex h-52 items-end gap-2" data-testid="chart-loading">
          <span className="sr-only">{t('loading')}</span>
          {Array.from({ length: 12 }, (_, index) => (
            <Skeleton key={index} className={`flex-1 ${['h-1/3', 'h-1/2', 'h-2/3', 'h-2/5'][index % 4]}`} />
          ))}
        </div>
      ) : empty ? (
        <EmptyState
          icon="trend"
          title={t(period === 'weekly' ? 'dashboard.chart.empty_weekly' : 'dashboard.chart.empty_monthly')}
          body={t('dashboard.chart.empty_body')}
          testId="chart-empty"
        />
      ) : (
        <div data-testid="sales-chart" data-period={period}>
          <p className="mb-3 text-sm text-stone-600 dark:text-stone-400" data-testid="chart-total">
            {t(period === 'weekly' ? 'dashboard.chart.total_weekly' : 'dashboard.chart.total_monthly', {
              sales: f.money(totals.sales, currency),
              commissions: f.money(totals.commissions, currency),
            })}
          </p>
          <div className="relative h-52 pl-12 sm:h-60" aria-hidden="true">
            {[1, 0.5, 0].map((share) => (
              <div
                key={share}
                className="absolute right-0 left-12 border-t border-dashed border-stone-200 dark:border-stone-800"
                style={{ bottom: `${share * 100}%` }}
              >
                <span className="absolute -top-2 -left-12 w-10 text-right text-[11px] text-stone-500 tabular-nums dark:text-stone-400">
                  {f.moneyShort(max * share, currency)}
                </span>
              </div>
            ))}
            <ol className="absolute inset-0 left-12 flex items-end gap-1 sm:gap-2">
              {points.map((point) => (
                <li
                  key={point.start}
                  className="group relative flex h-full min-w-0 flex-1 items-end justify-center gap-[2px]"
                  data-testid="chart-column"
                >
                  <span
                    className="w-1/2 max-w-4 rounded-t-sm bg-brand-200 dark:bg-brand-800"
                    style={{ height: pct(point.sales) }}
                  />
                  <span
                    className="w-1/2 max-w-4 rounded-t-sm bg-brand-600 dark:bg-brand-400"
                    style={{ height: pct(point.commissions) }}
                  />
                  <span className="pointer-events-none absolute bottom-full left-1/2 z-10 mb-1 hidden -translate-x-1/2 rounded-lg bg-stone-900 px-2.5 py-1.5 text-xs whitespace-nowrap text-white shadow-lg group-hover:block dark:bg-stone-100 dark:text-stone-900">
                    <span className="block font-semibold">{longLabel(point)}</span>
                    {t('dashboard.chart.sales')}: {f.money(point.sales, currency)}
                    <br />
                    {t('dashboard.chart.commissions')}: {f.money(point.commissions, currency)}
                  </span>
                </li>
              ))}
            </ol>
          </div>
          <ol className="mt-2 flex gap-1 pl-12 sm:gap-2" aria-hidden="true">
            {points.map((point, index) => (
              <li
                key={point.start}
                className={`min-w-0 flex-1 text-center text-[11px] whitespace-nowrap text-stone-500 dark:text-stone-400 ${index % 3 ? 'invisible sm:visible' : ''}`}
                data-testid="chart-label"
              >
                {label(point)}
              </li>
            ))}
          </ol>
          <div className="sr-only">
            <table>
              <caption>
                {t(
                  period === 'weekly' ? 'dashboard.chart.caption_weekly' : 'dashboard.chart.caption_monthly',
                )}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.chart.period_column')}</th>
                  <th scope="col">{t('dashboard.chart.orders')}</th>
                  <th scope="col">{t('dashboard.chart.sales')}</th>
                  <th scope="col">{t('dashboard.chart.commissions')}</th>
                </tr>
              </thead>
              <tbody>
                {points.map((point) => (
                  <tr key={point.start}>
                    <th scope="row">{longLabel(point)}</th>
                    <td>{f.number(point.orders)}</td>
                    <td>{f.money(point.sales, currency)}</td>
                    <td>{f.money(point.commissions, currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </Widget>
  );
}
