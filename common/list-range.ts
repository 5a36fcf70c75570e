// The partner's lists' page sizes, date ranges and CSV download (docs/product/partner-portal.md#tables):
// what the SPA writes in the address and the API reads. Days are 'YYYY-MM-DD' of the program's
// calendar (common/calendar.ts, docs/decisions/054-program-calendar.md); the server turns them into
// instants in the program's time zone, so "last month" is the month the dashboard counts.
import { addToDay } from './calendar';

/** Rows per page a partner can choose; the first is the spec's default (PAGING.defaultLength). */
export const LIST_SIZES = [5, 10, 25, 50] as const;
export type ListSize = (typeof LIST_SIZES)[number];

/** The date ranges of a list; none (the address without `range`) is all time. */
export const LIST_RANGES = ['this_month', 'last_month', 'last_90_days', 'custom'] as const;
export type ListRange = (typeof LIST_RANGES)[number];
export type ListPreset = Exclude<ListRange, 'custom'>;

/** The most rows a CSV download holds: the newest of the range. */
export const LIST_EXPORT_MAX = 5000;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `text` is a real calendar day written 'YYYY-MM-DD' (not 31 February), years 1970 to 9999. */
export function isDay(text: unknown): text is string {
  if (typeof text !== 'string' || !DAY.test(text)) return false;
  const year = Number(text.slice(0, 4));
  if (year < 1970) return false;
  const date = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export const isListSize = (value: unknown): value is ListSize =>
  typeof value === 'number' && (LIST_SIZES as readonly number[]).includes(value);
export const isListRange = (value: unknown): value is ListRange =>
  typeof value === 'string' && (LIST_RANGES as readonly string[]).includes(value);

/**
 * The first and last day of a preset, `today` being the program calendar's day now: this month
 * and last month whole, the last 90 days ending today (today included).
 */
export function presetDays(preset: ListPreset, today: string): { from: string; to: string } {
  const monthStart = `${today.slice(0, 7)}-01`;
  if (preset === 'this_month')
    return { from: monthStart, to: addToDay(addToDay(monthStart, { months: 1 }), { days: -1 }) };
  if (preset === 'last_month')
    return { from: addToDay(monthStart, { months: -1 }), to: addToDay(monthStart, { days: -1 }) };
  return { from: addToDay(today, { days: -89 }), to: today };
}

/** A list's range as the API query carries it: a preset by name, custom days as `from` and `to`. */
export interface ListRangeQuery {
  range?: ListRange | undefined;
  from?: string | undefined;
  to?: string | undefined;
}
