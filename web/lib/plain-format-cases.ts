// The inputs on which the hand-written formats (plain-format.ts) must be Intl's, and the comparison
// itself, run wherever this module runs: in Node by plain-format.test.ts, and bundled into
// Chromium, the browser partners use, by scripts/lib/plain-format-chromium.test.ts. Test code only:
// no page imports it.
import {
  formatDate,
  formatDayMonth,
  formatMoney,
  formatMonth,
  formatNumber,
  formatPercent,
  formatTimeOfDay,
  formatWeekdayDate,
} from './plain-format';

export const LOCALES = ['en-US', 'fr-CA'] as const;

/** Amounts by hand: halves, float artefacts, signs, zeros, grouping, millions. */
export const EDGES = [
  0,
  -0,
  0.005,
  -0.004,
  0.125,
  1.005,
  2.5,
  -2.5,
  0.1 + 0.2,
  999.995,
  999.994,
  1000,
  1234.5,
  -1234.56,
  1234567.891,
  99999999.999,
  12.345,
  1.015,
  1.025,
  1e15,
  0.000001,
  1e-7,
  42,
  -1,
  1_000_000,
  -2_500_000.5,
  -9_876_543.21,
];

let seed = 7;
const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
/** A seeded spread of amounts from cents to tens of millions, a fifth negative, a third whole cents. */
export const SPREAD = Array.from({ length: 3000 }, (_, i) => {
  const scale = 10 ** (i % 8);
  const value = random() * scale;
  const cents = i % 3 === 0 ? Math.round(value * 100) / 100 : value;
  return i % 5 === 0 ? -cents : cents;
});

export const NUMBERS = [
  ...EDGES,
  ...SPREAD,
  ...SPREAD.map(Math.round),
  ...SPREAD.map((value) => Math.round(value * 1000) / 1000),
  9007199254740991,
  2 ** 60,
  1e20,
];

/** Percentages (12.5 for 12.5 %). */
export const RATES = [
  0,
  -0,
  5,
  12.5,
  3.25,
  100,
  1000,
  -1,
  33.33,
  0.01,
  ...SPREAD.map((v) => Math.round(v) / 100),
];

/** Every day of two years (a leap year among them), at hours that cross midnight in most zones. */
export const DAYS = Array.from(
  { length: 731 },
  (_, i) => new Date(Date.UTC(2027, 0, 1 + i, (i * 7) % 24, 30)),
);
export const DATE_EDGES = [
  new Date(Date.UTC(1000, 0, 1)),
  new Date(Date.UTC(9999, 11, 31)),
  new Date(Date.UTC(1970, 0, 1)),
];

/** The visitor's zone decides the day of a time: UTC, one zone west of it and one east. */
export const ZONES = ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati'];

/**
 * Times of day in the zone this runs in: the first and the last day of every month of 2026, at
 * every hour (midnight and noon among them) and at minutes 0, 1, 30 and 59.
 */
function localTimes(): Date[] {
  const times: Date[] = [];
  for (let month = 0; month < 12; month++)
    for (const day of [1, new Date(2026, month + 1, 0).getDate()])
      for (let hour = 0; hour < 24; hour++)
        for (const minute of [0, 1, 30, 59]) times.push(new Date(2026, month, day, hour, minute));
  return times;
}

export interface Comparison {
  /** How many values each format wrote by hand (and so was compared with Intl). */
  written: Record<string, number>;
  /** Each value whose hand-written text is not Intl's, with both texts. */
  mismatches: string[];
}

/**
 * Every input above through the hand formatter and through this environment's Intl, in its time
 * zone. A null from the hand formatter means Intl writes that value, and is not compared.
 */
export function comparePlainFormat(): Comparison {
  const written: Record<string, number> = {};
  const mismatches: string[] = [];
  const check = (what: string, input: string, mine: string | null, theirs: () => string) => {
    if (mine === null) return;
    written[what] = (written[what] ?? 0) + 1;
    const intl = theirs();
    if (mine !== intl)
      mismatches.push(`${what} ${input}: hand ${JSON.stringify(mine)}, Intl ${JSON.stringify(intl)}`);
  };

  for (const locale of LOCALES) {
    for (const fraction of [0, 2] as const) {
      const money = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: fraction,
        maximumFractionDigits: fraction,
      });
      for (const amount of [...EDGES, ...SPREAD])
        check(
          `money ${locale} ${fraction}`,
          String(amount),
          formatMoney(locale, 'USD', amount, fraction),
          () => money.format(amount),
        );
    }

    const number = new Intl.NumberFormat(locale);
    for (const value of NUMBERS)
      check(`number ${locale}`, String(value), formatNumber(locale, value), () => number.format(value));
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
    for (const rate of RATES)
      check(`percent ${locale}`, String(rate), formatPercent(locale, rate), () => percent.format(rate / 100));

    const medium = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    const dayMonth = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const month = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
    const monthYear = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long' });
    const weekdayYear = new Intl.DateTimeFormat(locale, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short' });
    for (const day of [...DAYS, ...DATE_EDGES, ...localTimes()]) {
      const input = `${day.toISOString()} (local ${day.getHours()}:${day.getMinutes()})`;
      check(`date ${locale}`, input, formatDate(locale, day), () => medium.format(day));
      check(`day-month ${locale}`, input, formatDayMonth(locale, day), () => dayMonth.format(day));
      check(`month ${locale}`, input, formatMonth(locale, day, false), () => month.format(day));
      check(`month-year ${locale}`, input, formatMonth(locale, day, true), () => monthYear.format(day));
      check(`weekday ${locale}`, input, formatWeekdayDate(locale, day, false), () => weekday.format(day));
      check(`weekday-year ${locale}`, input, formatWeekdayDate(locale, day, true), () =>
        weekdayYear.format(day),
      );
      check(`time ${locale}`, input, formatTimeOfDay(locale, day), () => time.format(day));
    }
  }
  return { written, mismatches };
}
