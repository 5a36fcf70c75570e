// The `from` and `to` of a staff list or export: a day (`YYYY-MM-DD`, a UTC day) or an ISO 8601
// time. The SPA sends the times its user's days begin and end; a day suits a script or a link.
// Both become bounds in the stored form of every time (ISO UTC text, decisions/002), so the
// query compares text with text: since ≤ time < until.
import { z } from 'zod';
import { sayKey } from '../i18n';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** The instant a bound names, or undefined when it names none (31 February, 25:00). */
function instantOf(text: string): Date | undefined {
  const day = new Date(`${text.slice(0, 10)}T00:00:00.000Z`);
  // Date rolls 30 February over into March: the day must be a real one.
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text.slice(0, 10)) return undefined;
  if (DAY.test(text)) return day;
  if (!TIME.test(text)) return undefined;
  const time = new Date(text);
  const year = time.getUTCFullYear();
  return Number.isNaN(time.getTime()) || year < 1970 || year > 9999 ? undefined : time;
}

const bound = z
  .string({ error: sayKey('wrong_value') })
  .max(40, sayKey('wrong_value'))
  .refine((text) => instantOf(text) !== undefined, sayKey('wrong_value'))
  .optional();

/** `from` and `to` as a query's fields; `to` before `from` is refused at `to`. */
export const timeRangeQuery = z.object({ from: bound, to: bound });

export interface TimeRange {
  /** Inclusive lower bound, as stored text. */
  since?: string | undefined;
  /** Exclusive upper bound, as stored text. */
  until?: string | undefined;
}

/**
 * The stored-text bounds of `from` and `to`: a day from its first instant to the next day's first
 * (`to` a day takes that whole day), a time to the next millisecond (the stored precision).
 */
export function timeRange(query: { from?: string | undefined; to?: string | undefined }): TimeRange {
  const from = query.from === undefined ? undefined : instantOf(query.from);
  const to = query.to === undefined ? undefined : instantOf(query.to);
  const toEnd =
    to && query.to && DAY.test(query.to)
      ? new Date(to.getTime() + 86_400_000)
      : to && new Date(to.getTime() + 1);
  return { since: from?.toISOString(), until: toEnd?.toISOString() };
}

/** For a schema's superRefine: `to` before `from` is a 422 at `to`. */
export function refineTimeRange(
  query: { from?: string | undefined; to?: string | undefined },
  issue: z.RefinementCtx,
): void {
  const { since, until } = timeRange(query);
  if (since && until && until <= since)
    issue.addIssue({ code: 'custom', path: ['to'], message: sayKey('wrong_value') });
}
