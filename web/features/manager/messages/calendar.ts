// Calendar days ('YYYY-MM-DD') and months ('YYYY-MM') as the monthly sections send them: in the
// program's calendar, UTC, as the server judges them (a challenge's month, whether a promo runs
// today), and shown without a time zone moving them a day.
import { intlLocale } from '../../../lib/format';

const pad = (value: number) => String(value).padStart(2, '0');

/** The day of `date` in the program's (UTC) calendar. */
export const isoDay = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** The month of `date` in the program's (UTC) calendar. */
export const isoMonth = (date: Date) => isoDay(date).slice(0, 7);

/** The first and last days of `date`'s month. */
export function monthBounds(date: Date): { first: string; last: string } {
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0));
  return { first: `${isoMonth(date)}-01`, last: isoDay(last) };
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = intlLocale(language);
  const key = `${locale}:${JSON.stringify(options)}`;
  let made = formats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    formats.set(key, made);
  }
  return made;
}

/** A day as "Mar 1, 2026" (1 mars 2026); what the server sent when it is not a day. */
export function formatDay(day: string, language: string): string {
  const time = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(time.getTime()) ? day : format(language, { dateStyle: 'medium' }).format(time);
}

/** A month as "March 2026" (mars 2026). */
export function formatMonth(month: string, language: string): string {
  const time = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(time.getTime())
    ? month
    : format(language, { month: 'long', year: 'numeric' }).format(time);
}
