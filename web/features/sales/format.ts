// Money, numbers and dates in the interface language (en → en-US, fr → fr-CA), with Intl.
import { useTranslation } from 'react-i18next';
import { afterIdle } from '../../lib/idle';
import { formatMoney, formatWhole } from './plain-format';

export const intlLocale = (language: string) => (language.startsWith('fr') ? 'fr-CA' : 'en-US');

export interface Formatters {
  locale: string;
  money: (amount: number, currency?: string) => string;
  /** Whole units when the amount has no cents (chart axes, compact figures). */
  moneyShort: (amount: number, currency?: string) => string;
  number: (value: number) => string;
  percent: (value: number) => string;
  /** An ISO time as a date in the visitor's time zone. */
  date: (iso: string) => string;
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
    money: (amount, currency = 'USD') =>
      formatMoney(locale, currency, amount, 2) ?? moneyFormat(currency, false).format(amount),
    moneyShort: (amount, currency = 'USD') => {
      const short = Number.isInteger(amount);
      return (
        formatMoney(locale, currency, amount, short ? 0 : 2) ?? moneyFormat(currency, short).format(amount)
      );
    },
    number: (value) => formatWhole(locale, value) ?? numberFormat().format(value),
    percent: (value) => percentFormat().format(value / 100),
    date: (iso) => {
      const time = new Date(iso);
      return Number.isNaN(time.getTime()) ? iso : dateFormat().format(time);
    },
    day: (isoDay) => dayFormat().format(asDay(isoDay)),
    month: (isoDay, withYear = false) => (withYear ? monthYearFormat : monthFormat)().format(asDay(isoDay)),
  };
}

const formattersByLanguage = new Map<string, Formatters>();

function formattersOf(language: string): Formatters {
  let formatters = formattersByLanguage.get(language);
  if (!formatters) {
    formatters = makeFormatters(language);
    formattersByLanguage.set(language, formatters);
  }
  return formatters;
}

/** The formatters of the interface language, shared by every component (they hold no state). */
export function useFormatters(): Formatters {
  const { i18n } = useTranslation();
  return formattersOf(i18n.language);
}

/**
 * Makes a language's Intl formatters ahead of use, one per idle moment, and answers how to stop.
 * A phone takes tens of milliseconds to make its first number or date formatter (loading the
 * locale's data): made while the page's code and figures are on their way, that time does not
 * fall in the render that shows the first figures (docs/performance.md).
 */
export function warmFormattersWhenIdle(language: string): () => void {
  const f = formattersOf(language);
  const day = new Date().toISOString().slice(0, 10);
  // Dollars and whole numbers need no Intl object (./plain-format); a fractional number still does.
  const steps = [
    () => f.number(0.5),
    () => f.percent(0),
    () => f.date(day),
    () => f.day(day),
    () => f.month(day),
  ];
  let cancel = () => {};
  const next = () => {
    const step = steps.shift();
    if (step)
      cancel = afterIdle(() => {
        step();
        next();
      });
  };
  next();
  return () => cancel();
}

/** An order number as the store shows it: one leading '#', whatever the source sent. */
export const orderLabel = (orderNumber: string) => `#${orderNumber.replace(/^#+/, '')}`;
