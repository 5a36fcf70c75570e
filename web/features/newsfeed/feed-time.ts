// When a feed item happened, in the interface language: "5 minutes ago", "yesterday", then the
// date; and the day headings of the timeline ("Today", "Yesterday", "Monday, November 3"). The
// relative words are the catalog's (dashboard.newsfeed.when, with i18next's plurals), the dates
// and times written by hand (lib/plain-format.ts): no Intl formatter is made on a first load
// (i18next's plurals make an Intl.PluralRules, which other plural strings already made). The
// first Intl.RelativeTimeFormat of a visit cost 115–160 ms at Lighthouse's fourfold slowdown on the
// dashboard (ICU's data, one long task), a first DateTimeFormat 60–140 ms (docs/performance-log.md,
// 2026-11-23 and 2026-11-26: the first RelativeTimeFormat 101 ms of a 320 ms task at 4×).
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { formatDayMonth, formatTimeOfDay, formatWeekdayDate } from '../../lib/plain-format';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

// What plain-format cannot write (a locale other than the portal's two, a year beyond 9999) goes
// to Intl, one formatter per locale and shape, made on first use.
const intlFormats = new Map<string, Intl.DateTimeFormat>();
const intlFormat = (locale: string, shape: string, options: Intl.DateTimeFormatOptions) => {
  const key = `${locale}:${shape}`;
  let format = intlFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    intlFormats.set(key, format);
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
 * "just now", "12 minutes ago", "3 hours ago", "yesterday", "4 days ago" within the last week, in
 * the language of `t`; null beyond it (the caller writes the date). A time a little ahead of the
 * clock (a server's clock differs from the phone's) counts as now.
 */
export function relativeTime(iso: string, t: TFunction, now: number): string | null {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return null;
  const ago = Math.max(0, now - time.getTime());
  if (ago < MINUTE) return t('dashboard.newsfeed.when.now');
  if (ago < HOUR) return t('dashboard.newsfeed.when.minutes', { count: Math.floor(ago / MINUTE) });
  const days = daysBetween(time, new Date(now));
  if (days === 0) return t('dashboard.newsfeed.when.hours', { count: Math.floor(ago / HOUR) });
  if (days === 1) return t('dashboard.newsfeed.when.yesterday');
  if (days < 7) return t('dashboard.newsfeed.when.days', { count: days });
  return null;
}

/** The time of day of `iso` in the visitor's time zone ("2:30 PM", "14 h 30"). */
export function timeOfDay(iso: string, locale: string): string | null {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return null;
  return formatTimeOfDay(locale, time) ?? intlFormat(locale, 'time', { timeStyle: 'short' }).format(time);
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
export function calendarDate(item: { date: string }, locale: string): string {
  const day = new Date(item.date);
  return (
    formatDayMonth(locale, day) ??
    intlFormat(locale, 'calendar', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(day)
  );
}

/**
 * A timeline heading for a day key, in the language of `t`: "Today", "Yesterday", else the weekday
 * and date (the year when not this one).
 */
export function dayHeading(day: string, t: TFunction, locale: string, now: number): string {
  const time = localNoon(day);
  if (Number.isNaN(time.getTime())) return day;
  const today = new Date(now);
  const days = daysBetween(time, today);
  if (days === 0) return capitalized(t('dashboard.newsfeed.when.today'), locale);
  if (days === 1) return capitalized(t('dashboard.newsfeed.when.yesterday'), locale);
  const withYear = time.getFullYear() !== today.getFullYear();
  const text =
    formatWeekdayDate(locale, time, withYear) ??
    intlFormat(locale, withYear ? 'day-year' : 'day', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      ...(withYear ? { year: 'numeric' } : {}),
    }).format(time);
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
