// Money, numbers and dates in the interface language (en → en-US, fr → fr-CA): written by hand
// where ./plain-format can (no Intl object to make on a first load), by Intl otherwise. Money is
// in the program currency (lib/program.ts) unless a caller names another.
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { programCurrency, subscribeProgramCurrency } from './program';
import {
  formatDate,
  formatDayMonth,
  formatMoney,
  formatMonth,
  formatNumber,
  formatPercent,
} from './plain-format';

export const intlLocale = (language: string) => (language.startsWith('fr') ? 'fr-CA' : 'en-US');

export interface Formatters {
  locale: string;
  /** `currency` defaults to the program's (lib/program.ts), read at each call. */
  money: (amount: number, currency?: string) => string;
  /** Whole units when the amount has no cents (chart axes, compact figures); the same default. */
  moneyShort: (amount: number, currency?: string) => string;
  number: (value: number) => string;
  percent: (value: number) => string;
  /** An ISO time as a date in the visitor's time zone. */
  date: (iso: string) => string;
  /** An ISO time as a date and a time of day in the visitor's time zone. */
  dateTime: (iso: string) => string;
  /** A calendar day ('YYYY-MM-DD') as a short day and month, without time-zone shifts. */
  day: (isoDay: string) => string;
  /** A calendar day as a short month name (and year when asked). */
  month: (isoDay: string, withYear?: boolean) => string;
}

export function makeFormatters(language: string): Formatters {
  const locale = intlLocale(language);
  const moneyCache = new Map<string, Intl.NumberFormat>();
  const moneyFormat = (currency: string, short: boolean) => {
    const key = `${currency}:${short}`;
    let format = moneyCache.get(key);
    if (!format) {
      format = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        ...(short ? { maximumFractionDigits: 0, minimumFractionDigits: 0 } : {}),
      });
      moneyCache.set(key, format);
    }
    return format;
  };
  // Built on first use: an Intl formatter costs far more to make than to use, and a phone's
  // first render of the dashboard made dozens of them.
  const once = <T>(make: () => T) => {
    let made: T | undefined;
    return () => (made ??= make());
  };
  const numberFormat = once(() => new Intl.NumberFormat(locale));
  const percentFormat = once(
    () => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }),
  );
  const dateFormat = once(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }));
  const dateTimeFormat = once(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
  );
  const dayFormat = once(
    () => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
  );
  const monthFormat = once(() => new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }));
  const monthYearFormat = once(
    () => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  );
  const asDay = (isoDay: string) => new Date(`${isoDay.slice(0, 10)}T00:00:00Z`);
  return {
    locale,
    money: (amount, currency = programCurrency()) =>
      formatMoney(locale, currency, amount, 2) ?? moneyFormat(currency, false).format(amount),
    moneyShort: (amount, currency = programCurrency()) => {
      const short = Number.isInteger(amount);
      return (
        formatMoney(locale, currency, amount, short ? 0 : 2) ?? moneyFormat(currency, short).format(amount)
      );
    },
    number: (value) => formatNumber(locale, value) ?? numberFormat().format(value),
    percent: (value) => formatPercent(locale, value) ?? percentFormat().format(value / 100),
    date: (iso) => {
      const time = new Date(iso);
      if (Number.isNaN(time.getTime())) return iso;
      return formatDate(locale, time) ?? dateFormat().format(time);
    },
    dateTime: (iso) => {
      const time = new Date(iso);
      return Number.isNaN(time.getTime()) ? iso : dateTimeFormat().format(time);
    },
    day: (isoDay) => {
      const day = asDay(isoDay);
      return formatDayMonth(locale, day) ?? dayFormat().format(day);
    },
    month: (isoDay, withYear = false) => {
      const day = asDay(isoDay);
      return formatMonth(locale, day, withYear) ?? (withYear ? monthYearFormat : monthFormat)().format(day);
    },
  };
}

const formattersByLanguage = new Map<string, Formatters>();

// By language and program currency: a new currency gives new formatters, so what a component
// memoizes on them (or passes to a memoized child) is made again in it.
function formattersOf(language: string, currency: string): Formatters {
  const key = `${language}|${currency}`;
  let formatters = formattersByLanguage.get(key);
  if (!formatters) {
    formatters = makeFormatters(language);
    formattersByLanguage.set(key, formatters);
  }
  return formatters;
}

/**
 * The formatters of the interface language, shared by every component (they hold no state). A
 * component that uses them renders again when the program currency arrives or changes.
 */
export function useFormatters(): Formatters {
  const { i18n } = useTranslation();
  const currency = useSyncExternalStore(subscribeProgramCurrency, programCurrency);
  return formattersOf(i18n.language, currency);
}

/** An order number as the store shows it: one leading '#', whatever the source sent. */
export const orderLabel = (orderNumber: string) => `#${orderNumber.replace(/^#+/, '')}`;

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** An ISO time as date and time in the interface language (the back office's lists). */
export function useDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  let format = dateTimeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    dateTimeFormats.set(locale, format);
  }
  const chosen = format;
  return (iso) => {
    const time = new Date(iso);
    return Number.isNaN(time.getTime()) ? iso : chosen.format(time);
  };
}
