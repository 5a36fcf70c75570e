// When a feed item happened, in the interface language: "5 minutes ago", "yesterday", then the
// date; and the day headings of the timeline ("Today", "Yesterday", "Monday, November 3"). Intl
// says all of it in both languages, so none of these words weigh on the catalogs.
import { useEffect, useState } from 'react';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

// An Intl formatter costs far more to make than to use: one per locale (and shape), made on first use.
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
const relativeFormat = (locale: string) => {
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(locale, format);
  }
  return format;
};
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormat = (locale: string, withYear: boolean) => {
  const key = `${locale}:${withYear}`;
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      ...(withYear ? { year: 'numeric' } : {}),
    });
    dayFormats.set(key, format);
  }
  return format;
};

/** Calendar days from `time` to `now` in the visitor's time zone (0: the same day). */
function daysBetween(time: Date, now: Date): number {
  const midnight = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  // Rounded: a day with a daylight-saving change is 23 or 25 hours long.
  return Math.round((midnight(now) - midnight(time)) / (24 * HOUR));
}

/**
 * "now", "12 minutes ago", "3 hours ago", "yesterday", "4 days ago" within the last week; null
 * beyond it (the caller writes the date). A time a little ahead of the clock (a server's clock
 * differs from the phone's) counts as now.
 */
export function relativeTime(iso: string, locale: string, now: number): string | null {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return null;
  const ago = Math.max(0, now - time.getTime());
  const format = relativeFormat(locale);
  if (ago < MINUTE) return format.format(0, 'second');
  if (ago < HOUR) return format.format(-Math.floor(ago / MINUTE), 'minute');
  const days = daysBetween(time, new Date(now));
  if (days === 0) return format.format(-Math.floor(ago / HOUR), 'hour');
  if (days < 7) return format.format(-days, 'day');
  return null;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** The time of day of `iso` in the visitor's time zone ("2:30 PM", "14 h 30"). */
export function timeOfDay(iso: string, locale: string): string | null {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return null;
  let format = timeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeStyle: 'short' });
    timeFormats.set(locale, format);
  }
  return format.format(time);
}

const capitalized = (text: string, locale: string) =>
  text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);

/** The calendar day of `iso` in the visitor's time zone, as a key ("2026-11-20"). */
export function localDayKey(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso.slice(0, 10);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`;
}

/**
 * The calendar day an item belongs to, as a key. A promo starts on a date, not at an hour (the API
 * dates it at that day's midnight UTC): its own date, wherever the visitor is; anything else
 * happened at an instant, on the visitor's day of it.
 */
export function itemDayKey(item: { kind: string; date: string }): string {
  return item.kind === 'promotion' ? item.date.slice(0, 10) : localDayKey(item.date);
}

/** A day key's date at the visitor's local noon. */
const localNoon = (day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date!, 12);
};

/** A promo's start date as written ("Nov 26"), whatever the visitor's time zone. */
const calendarFormats = new Map<string, Intl.DateTimeFormat>();
export function calendarDate(item: { date: string }, locale: string): string {
  let format = calendarFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    calendarFormats.set(locale, format);
  }
  return format.format(new Date(item.date));
}

/** A timeline heading for a day key: "Today", "Yesterday", else the weekday and date (the year when not this one). */
export function dayHeading(day: string, locale: string, now: number): string {
  const time = localNoon(day);
  if (Number.isNaN(time.getTime())) return day;
  const today = new Date(now);
  const days = daysBetween(time, today);
  const text =
    days === 0 || days === 1
      ? relativeFormat(locale).format(-days, 'day')
      : dayFormat(locale, time.getFullYear() !== today.getFullYear()).format(time);
  return capitalized(text, locale);
}

/** The time now, moved on every minute: "2 minutes ago" does not stay "now" while the page is open. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE);
    return () => clearInterval(timer);
  }, []);
  return now;
}
