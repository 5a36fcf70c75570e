// The short link's last 30 days (issue 12): clicks, orders and the conversion rate as figures, and
// clicks per day as bars with that day's orders drawn inside them, in the house chart style of
// sales/SalesBars (plain elements, theme colours, a table for screen readers).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format';
import { useLinkStats, type LinkDay, type LinkStats } from './links-api';
import { Widget } from '../../components/card';
import { Skeleton } from '../../components/skeleton';
import { EmptyState, RetryLine } from '../../components/states';

/**
 * A round, even top for the axis of whole counts (2, 4, 6, 8, 10, 20, 40, 60...), so the middle
 * line's label is a whole count too. Not SalesBars' niceMax, made for money: its 2.5 and 5 steps
 * would put a half click on the middle line.
 */
export function countAxisMax(value: number): number {
  if (value <= 2) return 2;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 4, 6, 8, 10]) if (value <= step * power) return step * power;
  return 10 * power;
}

function Figure({
  label,
  value,
  help,
  testId,
}: {
  label: string;
  value: ReactNode;
  help?: string;
  testId: string;
}) {
  return (
    <div className="min-w-0 rounded-xl bg-stone-50 p-3 sm:p-4 dark:bg-stone-800/60">
      <dt className="truncate text-xs text-stone-600 sm:text-sm dark:text-stone-400">{label}</dt>
      <dd className="mt-1 text-xl font-bold tracking-tight tabular-nums sm:text-3xl" data-testid={testId}>
        {value}
      </dd>
      {help ? (
        <dd className="mt-0.5 text-xs leading-snug text-stone-500 dark:text-stone-400">{help}</dd>
      ) : null}
    </div>
  );
}

function Figures({ stats }: { stats: LinkStats }) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-3">
      <Figure label={t('engagement.links.clicks')} value={f.number(stats.clicks)} testId="links-clicks" />
      <Figure label={t('engagement.links.orders')} value={f.number(stats.orders)} testId="links-orders" />
      <Figure
        label={t('engagement.links.conversion')}
        // The API gives orders per click; the formatter takes percent units.
        value={
          stats.conversion === null ? (
            <>
              <span aria-hidden="true">—</span>
              <span className="sr-only">{t('engagement.links.no_conversion')}</span>
            </>
          ) : (
            f.percent(stats.conversion * 100)
          )
        }
        help={t('engagement.links.conversion_help')}
        testId="links-conversion"
      />
    </dl>
  );
}

function Chart({ days }: { days: LinkDay[] }) {
  const { t } = useTranslation();
  const f = useFormatters();
  // Orders can outnumber clicks (the code typed in by hand): the axis covers both.
  const max = countAxisMax(Math.max(0, ...days.map((day) => Math.max(day.clicks, day.orders))));
  const pct = (value: number) => `${Math.max(0, Math.min(100, (value / max) * 100))}%`;
  const last = days.length - 1;
  // A date under every seventh bar, counted back from today so today is always labelled.
  const labelled = (index: number) => (last - index) % 7 === 0;
  const dayLabel = (day: LinkDay, index: number) =>
    index === last ? t('engagement.links.today') : f.day(day.day);
  return (
    <div className="mt-5" data-testid="links-chart">
      <ul className="mb-3 flex gap-4 text-xs text-muted" aria-hidden="true">
        <li className="flex items-center gap-1.5">
          <span className="h-2.5 w-2.5 rounded-sm bg-brand-200 dark:bg-brand-800" />
          {t('engagement.links.clicks')}
        </li>
        <li className="flex items-center gap-1.5">
          <span className="h-2.5 w-2.5 rounded-sm bg-brand-600 dark:bg-brand-400" />
          {t('engagement.links.orders')}
        </li>
      </ul>
      <div className="relative h-40 pl-8 sm:h-48" aria-hidden="true">
        {[1, 0.5, 0].map((share) => (
          <div
            key={share}
            className="absolute right-0 left-8 border-t border-dashed border-stone-200 dark:border-stone-800"
            style={{ bottom: `${share * 100}%` }}
          >
            <span className="absolute -top-2 -left-8 w-6 text-right text-[11px] text-stone-500 tabular-nums dark:text-stone-400">
              {f.number(max * share)}
            </span>
          </div>
        ))}
        <ol className="absolute inset-0 left-8 flex items-end gap-px sm:gap-1">
          {days.map((day, index) => (
            <li
              key={day.day}
              className="group relative flex h-full min-w-0 flex-1 items-end justify-center"
              data-testid="links-chart-day"
            >
              <span
                className="absolute bottom-0 w-full max-w-5 rounded-t-sm bg-brand-200 dark:bg-brand-800"
                style={{ height: pct(day.clicks) }}
              />
              <span
                className="absolute bottom-0 w-1/2 max-w-2.5 rounded-t-sm bg-brand-600 dark:bg-brand-400"
                style={{ height: pct(day.orders) }}
              />
              <span
                className={`pointer-events-none absolute bottom-full z-10 mb-1 hidden rounded-lg bg-stone-900 px-2.5 py-1.5 text-xs whitespace-nowrap text-white shadow-lg group-hover:block dark:bg-stone-100 dark:text-stone-900 ${
                  // Near the edges the tip opens inwards, so it is never cut by the card.
                  index < 5 ? 'left-0' : index > last - 5 ? 'right-0' : 'left-1/2 -translate-x-1/2'
                }`}
              >
                <span className="block font-semibold">{f.day(day.day)}</span>
                {t('engagement.links.clicks')}: {f.number(day.clicks)}
                <br />
                {t('engagement.links.orders')}: {f.number(day.orders)}
              </span>
            </li>
          ))}
        </ol>
      </div>
      <div className="relative mt-1.5 ml-8 h-4" aria-hidden="true">
        {days.map((day, index) =>
          labelled(index) ? (
            <span
              key={day.day}
              className={`absolute top-0 text-[11px] whitespace-nowrap text-stone-500 dark:text-stone-400 ${
                index === last ? '-translate-x-full' : '-translate-x-1/2'
              } ${
                // On a phone the week before today is too close to today's label to share the line.
                index === last - 7 ? 'hidden sm:block' : ''
              }`}
              // The label sits under its bar's middle (today's ends at the right edge).
              style={{ left: `${((index + (index === last ? 1 : 0.5)) / days.length) * 100}%` }}
            >
              {dayLabel(day, index)}
            </span>
          ) : null,
        )}
      </div>
      <div className="sr-only">
        <table>
          <caption>{t('engagement.links.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('engagement.links.day')}</th>
              <th scope="col">{t('engagement.links.clicks')}</th>
              <th scope="col">{t('engagement.links.orders')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{f.day(day.day)}</th>
                <td>{f.number(day.clicks)}</td>
                <td>{f.number(day.orders)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export function LinkStatsCard() {
  const { t } = useTranslation();
  const stats = useLinkStats();
  return (
    <Widget id="link-stats" title={t('engagement.links.stats_title')} icon="chart" testId="links-stats">
      {stats.isPending ? (
        <div role="status" data-testid="links-stats-loading">
          <span className="sr-only">{t('loading')}</span>
          <div className="grid grid-cols-3 gap-2 sm:gap-3">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-20 rounded-xl sm:h-24" />
            ))}
          </div>
          <div className="mt-5 flex h-40 items-end gap-1 sm:h-48">
            {Array.from({ length: 30 }, (_, index) => (
              <Skeleton key={index} className={`flex-1 ${['h-1/4', 'h-1/2', 'h-1/3', 'h-2/3'][index % 4]}`} />
            ))}
          </div>
        </div>
      ) : !stats.data ? (
        <RetryLine text={t('engagement.links.stats_error')} onRetry={() => void stats.refetch()} />
      ) : (
        <>
          <Figures stats={stats.data} />
          {stats.data.clicks === 0 ? (
            <EmptyState
              icon="link"
              title={t('engagement.links.empty_title')}
              body={t('engagement.links.empty_body')}
              testId="links-empty"
            />
          ) : (
            <Chart days={stats.data.days} />
          )}
        </>
      )}
    </Widget>
  );
}
