// Sales and commissions per period as pairs of bars: the chart language the partner's dashboard
// and the back office's overview share. Plain elements, so it scales to any width, follows the
// theme's colours and needs no chart library; the same figures are in a table for screen readers.
// The callers bring the words and the labels, so each keeps its own catalog part.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../lib/format';
import { Skeleton } from './skeleton';

/** A round upper bound for the axis: 1, 2, 2.5 or 5 times a power of ten. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (value <= step * power) return step * power;
  return 10 * power;
}

export interface BarPoint {
  key: string;
  sales: number;
  commissions: number;
  orders: number;
  /** Under the column (short). */
  label: string;
  /** In the tooltip and the screen readers' table. */
  longLabel: string;
}

export interface BarWords {
  sales: string;
  commissions: string;
  orders: string;
  periodColumn: string;
  caption: string;
}

/** Tailwind's classes must stand whole in the source: one set per axis width. */
const AXIS = {
  narrow: { pad: 'pl-12', inset: 'left-12', tick: '-left-12 w-10', bar: 'max-w-4' },
  wide: { pad: 'pl-14', inset: 'left-14', tick: '-left-14 w-12', bar: 'max-w-5' },
} as const;

export function SalesBarsLegend({ words }: { words: Pick<BarWords, 'sales' | 'commissions'> }) {
  return (
    <ul className="flex gap-4 text-xs text-muted" aria-hidden="true">
      <li className="flex items-center gap-1.5">
        <span className="h-2.5 w-2.5 rounded-sm bg-brand-200 dark:bg-brand-800" />
        {words.sales}
      </li>
      <li className="flex items-center gap-1.5">
        <span className="h-2.5 w-2.5 rounded-sm bg-brand-600 dark:bg-brand-400" />
        {words.commissions}
      </li>
    </ul>
  );
}

export function SalesBarsSkeleton({ testId, className = 'h-52' }: { testId: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className={`flex items-end gap-2 ${className}`} data-testid={testId}>
      <span className="sr-only">{t('loading')}</span>
      {Array.from({ length: 12 }, (_, index) => (
        <Skeleton key={index} className={`flex-1 ${['h-1/3', 'h-1/2', 'h-2/3', 'h-2/5'][index % 4]}`} />
      ))}
    </div>
  );
}

export function SalesBars({
  points,
  currency,
  words,
  axis,
  showLabelOnPhone,
  testIds,
  children,
}: {
  points: BarPoint[];
  currency: string;
  words: BarWords;
  axis: keyof typeof AXIS;
  /**
   * Which columns keep their label on a narrow chart, where twelve do not fit. How many show
   * follows the chart's own width (a container query), not the screen's: a half-width card on a
   * wide screen is narrow too. All twelve from 42rem (about 3.5rem a label).
   */
  showLabelOnPhone: (index: number) => boolean;
  testIds: { column: string; label: string };
  /** Above the bars (a total line, a legend). */
  children?: ReactNode;
}) {
  const f = useFormatters();
  const a = AXIS[axis];
  const max = niceMax(Math.max(0, ...points.map((point) => Math.max(point.sales, point.commissions))));
  const pct = (value: number) => `${Math.max(0, Math.min(100, (value / max) * 100))}%`;
  return (
    <>
      {children}
      <div className={`relative h-52 sm:h-60 ${a.pad}`} aria-hidden="true">
        {[1, 0.5, 0].map((share) => (
          <div
            key={share}
            className={`absolute right-0 border-t border-dashed border-stone-200 dark:border-stone-800 ${a.inset}`}
            style={{ bottom: `${share * 100}%` }}
          >
            <span
              className={`absolute -top-2 text-right text-[11px] text-stone-500 tabular-nums dark:text-stone-400 ${a.tick}`}
            >
              {f.moneyShort(max * share, currency)}
            </span>
          </div>
        ))}
        <ol className={`absolute inset-0 flex items-end gap-1 sm:gap-2 ${a.inset}`}>
          {points.map((point) => (
            <li
              key={point.key}
              className="group relative flex h-full min-w-0 flex-1 items-end justify-center gap-[2px]"
              data-testid={testIds.column}
            >
              <span
                className={`w-1/2 rounded-t-sm bg-brand-200 dark:bg-brand-800 ${a.bar}`}
                style={{ height: pct(point.sales) }}
              />
              <span
                className={`w-1/2 rounded-t-sm bg-brand-600 dark:bg-brand-400 ${a.bar}`}
                style={{ height: pct(point.commissions) }}
              />
              <span className="pointer-events-none absolute bottom-full left-1/2 z-10 mb-1 hidden -translate-x-1/2 rounded-lg bg-stone-900 px-2.5 py-1.5 text-xs whitespace-nowrap text-white shadow-lg group-hover:block dark:bg-stone-100 dark:text-stone-900">
                <span className="block font-semibold">{point.longLabel}</span>
                {words.sales}: {f.money(point.sales, currency)}
                <br />
                {words.commissions}: {f.money(point.commissions, currency)}
              </span>
            </li>
          ))}
        </ol>
      </div>
      <div className="@container">
        <ol className={`mt-2 flex gap-1 sm:gap-2 ${a.pad}`} aria-hidden="true">
          {points.map((point, index) => (
            <li
              key={point.key}
              className={`min-w-0 flex-1 text-center text-[11px] whitespace-nowrap text-stone-500 dark:text-stone-400 ${showLabelOnPhone(index) ? '' : 'invisible @2xl:visible'}`}
              data-testid={testIds.label}
            >
              {point.label}
            </li>
          ))}
        </ol>
      </div>
      <div className="sr-only">
        <table>
          <caption>{words.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{words.periodColumn}</th>
              <th scope="col">{words.orders}</th>
              <th scope="col">{words.sales}</th>
              <th scope="col">{words.commissions}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.key}>
                <th scope="row">{point.longLabel}</th>
                <td>{f.number(point.orders)}</td>
                <td>{f.money(point.sales, currency)}</td>
                <td>{f.money(point.commissions, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
