// The partner's lists' page sizes, date ranges and CSV download (docs/product/partner-portal.md#tables):
// what the SPA writes in the address and the API reads. Days are 'YYYY-MM-DD' of the program's
// calendar (common/calendar.ts, docs/decisions/054-program-calendar.md); the server turns them into
// instants in the program's time zone, so "last month" is the month the dashboard counts.
import { addToDay, localDay, startOfDay } from './calendar';

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

/** What a list's query filters by: its days and the instants they run between ([since, until)). */
export interface ListWindow {
  /** The first day, included. */
  fromDay?: string | undefined;
  /** The last day, included. */
  toDay?: string | undefined;
  /** The first instant, as stored text (ISO UTC, decisions/002). */
  since?: string | undefined;
  /** The first instant after the range. */
  until?: string | undefined;
}

/** Whether a query names a range at all (none is all time, and needs no time zone). */
export const hasRange = (query: ListRangeQuery): boolean =>
  (query.range !== undefined && query.range !== 'custom') ||
  query.from !== undefined ||
  query.to !== undefined;

/**
 * The days and instants of a list's range in the program's time zone `zone`: a preset from
 * today's day there, else `from` and `to` as given. No range is all time (an empty window).
 */
export function listWindow(query: ListRangeQuery, zone: string, now: Date = new Date()): ListWindow {
  const days =
    query.range && query.range !== 'custom'
      ? presetDays(query.range, localDay(now, zone))
      : { from: query.from, to: query.to };
  return {
    fromDay: days.from,
    toDay: days.to,
    since: days.from === undefined ? undefined : startOfDay(days.from, zone).toISOString(),
    until: days.to === undefined ? undefined : startOfDay(addToDay(days.to, { days: 1 }), zone).toISOString(),
  };
}
