// US dollars, numbers, percentages, dates and times of day written out by hand, exactly as Intl
// writes them in the portal's two locales (en-US "$1,234.50", "Nov 23, 2026", "2:05 PM"; fr-CA
// "1 234,50 $ US", "23 nov. 2026", "14 h 05"), for what a page shows at once. Why: a phone takes
// 16–35 ms (60–140 ms at Lighthouse's fourfold slowdown) to make its first number or date
// formatter, the time to load the locale's data, and each one was a long task of the dashboard's
// first load (docs/performance-log.md, 2026-11-23; with WebSocket first, the dashboard 76 → 86).
// Anything else (another currency, a number that would need rounding, a year outside 1000–9999)
// goes to Intl; tests hold the two equal in Node (plain-format.test.ts) and in Chromium
// (scripts/lib/plain-format-chromium.test.ts).

const SHAPES = {
  'en-US': { group: ',', decimal: '.', write: (digits: string) => `$${digits}` },
  'fr-CA': { group: '\u00a0', decimal: ',', write: (digits: string) => `${digits}\u00a0$\u00a0US` },
} as const;

type PortalLocale = keyof typeof SHAPES;

const isPortalLocale = (locale: string): locale is PortalLocale => Object.hasOwn(SHAPES, locale);

const MONTHS: Record<PortalLocale, { short: readonly string[]; long: readonly string[] }> = {
  'en-US': {
    short: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
    long: [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ],
  },
  'fr-CA': {
    short: [
      'janv.',
      'févr.',
      'mars',
      'avr.',
      'mai',
      'juin',
      'juill.',
      'août',
      'sept.',
      'oct.',
      'nov.',
      'déc.',
    ],
    long: [
      'janvier',
      'février',
      'mars',
      'avril',
      'mai',
      'juin',
      'juillet',
      'août',
      'septembre',
      'octobre',
      'novembre',
      'décembre',
    ],
  },
};

/**
 * `amount` rounded to `fraction` digits (0 or 2) half away from zero, on its shortest decimal
 * writing (as Intl does: 1.005 gives 1.01), as integer and fraction digits; null if JavaScript
 * writes it with an exponent.
 */
function roundedDigits(amount: number, fraction: number): [string, string] | null {
  const text = String(Math.abs(amount));
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const [whole, decimals = ''] = text.split('.') as [string, string?];
  const kept = BigInt(whole + decimals.slice(0, fraction).padEnd(fraction, '0'));
  const up = (decimals[fraction] ?? '0') >= '5';
  const digits = (up ? kept + 1n : kept).toString().padStart(fraction + 1, '0');
  return [digits.slice(0, digits.length - fraction), digits.slice(digits.length - fraction)];
}

// Intl keeps the sign of a negative value that rounds to zero, and of -0.
const signOf = (value: number) => (value < 0 || Object.is(value, -0) ? '-' : '');

/**
 * `value`'s digits as `locale` groups and separates them, when JavaScript writes it in plain
 * digits with at most `maxFraction` decimals (so that nothing needs rounding); null otherwise.
 */
function plainDigits(locale: PortalLocale, value: number, maxFraction: number): string | null {
  const text = String(Math.abs(value));
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match || (match[2]?.length ?? 0) > maxFraction) return null;
  const shape = SHAPES[locale];
  const grouped = match[1]!.replace(/\B(?=(\d{3})+$)/g, shape.group);
  return match[2] ? `${grouped}${shape.decimal}${match[2]}` : grouped;
}

/** A number as Intl.NumberFormat(locale) writes it (at most 3 decimals), or null when this cannot say. */
export function formatNumber(locale: string, value: number): string | null {
  if (!isPortalLocale(locale)) return null;
  const digits = plainDigits(locale, value, 3);
  return digits === null ? null : signOf(value) + digits;
}

/**
 * A percentage (`value` 12.5 for 12.5 %) as Intl's percent style with at most 2 decimals writes
 * it, or null when this cannot say.
 */
export function formatPercent(locale: string, value: number): string | null {
  if (!isPortalLocale(locale)) return null;
  const digits = plainDigits(locale, value, 2);
  if (digits === null) return null;
  return signOf(value) + (locale === 'fr-CA' ? `${digits}\u00a0%` : `${digits}%`);
}

const writableYear = (year: number) => year >= 1000 && year <= 9999;

/** A time as Intl's dateStyle 'medium' writes it in the visitor's time zone, or null. */
export function formatDate(locale: string, time: Date): string | null {
  if (!isPortalLocale(locale) || !writableYear(time.getFullYear())) return null;
  const month = MONTHS[locale].short[time.getMonth()];
  const day = time.getDate();
  return locale === 'fr-CA'
    ? `${day} ${month} ${time.getFullYear()}`
    : `${month} ${day}, ${time.getFullYear()}`;
}

/** A UTC day as its day and short month ('Nov 23', '23 nov.'), or null. */
export function formatDayMonth(locale: string, day: Date): string | null {
  if (!isPortalLocale(locale) || !writableYear(day.getUTCFullYear())) return null;
  const month = MONTHS[locale].short[day.getUTCMonth()];
  return locale === 'fr-CA' ? `${day.getUTCDate()} ${month}` : `${month} ${day.getUTCDate()}`;
}

/** A UTC day's month, short ('Nov', 'nov.') or long with its year ('November 2026'), or null. */
export function formatMonth(locale: string, day: Date, withYear: boolean): string | null {
  if (!isPortalLocale(locale) || !writableYear(day.getUTCFullYear())) return null;
  const names = MONTHS[locale];
  return withYear
    ? `${names.long[day.getUTCMonth()]} ${day.getUTCFullYear()}`
    : (names.short[day.getUTCMonth()] ?? null);
}

const WEEKDAYS: Record<PortalLocale, readonly string[]> = {
  'en-US': ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  'fr-CA': ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'],
};

/**
 * A time's weekday and date in the visitor's time zone, as Intl's { weekday: 'long', day:
 * 'numeric', month: 'long' } (and year: 'numeric' when asked) writes it ('Tuesday, November 3',
 * 'mardi 3 novembre 2026'), or null.
 */
export function formatWeekdayDate(locale: string, time: Date, withYear: boolean): string | null {
  if (!isPortalLocale(locale) || !writableYear(time.getFullYear())) return null;
  const weekday = WEEKDAYS[locale][time.getDay()];
  const month = MONTHS[locale].long[time.getMonth()];
  const day = time.getDate();
  const year = withYear ? time.getFullYear() : null;
  if (locale === 'fr-CA') return `${weekday} ${day} ${month}${year === null ? '' : ` ${year}`}`;
  return `${weekday}, ${month} ${day}${year === null ? '' : `, ${year}`}`;
}

/**
 * A time of day in the visitor's time zone as Intl's timeStyle 'short' writes it ('2:05 PM',
 * '14 h 05'), or null.
 */
export function formatTimeOfDay(locale: string, time: Date): string | null {
  if (!isPortalLocale(locale) || Number.isNaN(time.getTime())) return null;
  const hours = time.getHours();
  const minutes = String(time.getMinutes()).padStart(2, '0');
  if (locale === 'fr-CA') return `${String(hours).padStart(2, '0')} h ${minutes}`;
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * The amount as Intl writes it in `locale` and `currency` with `fraction` digits, or null when this
 * cannot say (a currency other than US dollars among them: a program in Canadian dollars, say,
 * lib/program.ts, is written by Intl, "12,50 $" in fr-CA and "CA$12.50" in en-US).
 */
export function formatMoney(
  locale: string,
  currency: string,
  amount: number,
  fraction: 0 | 2,
): string | null {
  if (currency !== 'USD' || !isPortalLocale(locale) || !Number.isFinite(amount)) return null;
  const rounded = roundedDigits(amount, fraction);
  if (!rounded) return null;
  const shape = SHAPES[locale];
  const [whole, decimals] = rounded;
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, shape.group);
  return signOf(amount) + shape.write(fraction ? `${grouped}${shape.decimal}${decimals}` : grouped);
}
