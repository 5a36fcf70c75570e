// What the back office's filter cards share (Audit log, refused deliveries): a labelled field of
// the filters' grid, the days from and to (each bounded by the other), the link that clears every
// filter, and how a change of days lands in the URL (?from=&to=, as YYYY-MM-DD).
import type { ReactNode } from 'react';
import { inputClass } from '../../components/form';

/** A filter's control: as tall as a finger needs, the same border in every filter card. */
export const filterControlClass = `${inputClass} min-h-10 border-stone-300 py-2 dark:border-stone-700`;

export function FilterField({
  id,
  label,
  span,
  children,
}: {
  id: string;
  label: string;
  /** Its columns of the filters' grid (2 on phones). */
  span: string;
  children: ReactNode;
}) {
  return (
    <div className={`min-w-0 ${span}`}>
      <label htmlFor={id} className="mb-1 block text-xs font-semibold text-muted">
        {label}
      </label>
      {children}
    </div>
  );
}

export interface DayRange {
  from: string | null;
  to: string | null;
}

/**
 * The first and the last day, side by side (a column each of the grid); neither can be picked
 * past the other. Test ids: `<testPrefix>-filter-from`, `<testPrefix>-filter-to`.
 */
export function DayRangeFields({
  id,
  range,
  onChange,
  labels,
  testPrefix,
}: {
  /** The card's `useId()`: the fields are `<id>-from` and `<id>-to`. */
  id: string;
  range: DayRange;
  onChange: (change: Partial<DayRange>) => void;
  labels: { from: string; to: string };
  testPrefix: string;
}) {
  return (
    <>
      <FilterField id={`${id}-from`} label={labels.from} span="col-span-1">
        <input
          id={`${id}-from`}
          type="date"
          value={range.from ?? ''}
          max={range.to ?? undefined}
          onChange={(event) => onChange({ from: event.target.value || null })}
          className={filterControlClass}
          data-testid={`${testPrefix}-filter-from`}
        />
      </FilterField>
      <FilterField id={`${id}-to`} label={labels.to} span="col-span-1">
        <input
          id={`${id}-to`}
          type="date"
          value={range.to ?? ''}
          min={range.from ?? undefined}
          onChange={(event) => onChange({ to: event.target.value || null })}
          className={filterControlClass}
          data-testid={`${testPrefix}-filter-to`}
        />
      </FilterField>
    </>
  );
}

/** The link that clears every filter, in a cell of the grid the page places (`className`). */
export function ClearFilters({
  className,
  onClear,
  testId,
  children,
}: {
  className: string;
  onClear: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <button type="button" className="link text-sm" onClick={onClear} data-testid={testId}>
        {children}
      </button>
    </div>
  );
}

/**
 * The last step of a filters change in the URL (`next` already holds it): the other end of the
 * range follows a day moved past it, and a change of filter starts again at the first page.
 */
export function settleFilterParams(
  next: URLSearchParams,
  change: Partial<DayRange> & { page?: number },
): void {
  const from = next.get('from');
  const to = next.get('to');
  if (from && to && from > to) {
    if ('from' in change) next.set('to', from);
    else next.set('from', to);
  }
  if (change.page && change.page > 1) next.set('page', String(change.page));
  else next.delete('page');
}
