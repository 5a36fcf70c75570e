// The hand-written dollars, numbers, percentages and dates must be Intl's, character for
// character, in both locales.
import { afterEach, describe, expect, it } from 'vitest';
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
import {
  comparePlainFormat,
  DATE_EDGES,
  DAYS,
  EDGES,
  LOCALES,
  NUMBERS,
  RATES,
  SPREAD,
  ZONES,
} from './plain-format-cases';

const intl = (locale: string, amount: number, fraction: 0 | 2) =>
  new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: fraction,
    maximumFractionDigits: fraction,
  }).format(amount);

// The inputs (edges by hand, then a seeded spread) are those the Chromium test uses too
// (scripts/lib/plain-format-chromium.test.ts).

describe('formatMoney', () => {
  for (const locale of ['en-US', 'fr-CA'])
    for (const fraction of [0, 2] as const)
      it(`writes what Intl writes (${locale}, ${fraction} decimals)`, () => {
        for (const amount of [...EDGES, ...SPREAD]) {
          const mine = formatMoney(locale, 'USD', amount, fraction);
          if (mine !== null) expect(mine, String(amount)).toBe(intl(locale, amount, fraction));
        }
      });

  it('answers null where Intl must speak: another currency or locale, exponents, NaN, infinities', () => {
    expect(formatMoney('en-US', 'CAD', 1, 2)).toBeNull();
    expect(formatMoney('toString', 'USD', 1, 2)).toBeNull();
    expect(formatMoney('de-DE', 'USD', 1, 2)).toBeNull();
    expect(formatMoney('en-US', 'USD', 1e-7, 2)).toBeNull();
    expect(formatMoney('en-US', 'USD', 1e21, 2)).toBeNull();
    expect(formatMoney('en-US', 'USD', Number.NaN, 2)).toBeNull();
    expect(formatMoney('fr-CA', 'USD', Number.POSITIVE_INFINITY, 0)).toBeNull();
  });

  it('covers the amounts a page shows', () => {
    expect(formatMoney('en-US', 'USD', 1234.5, 2)).toBe('$1,234.50');
    expect(formatMoney('fr-CA', 'USD', -1234.56, 2)).toBe('-1\u00a0234,56\u00a0$\u00a0US');
  });
});

describe('formatNumber and formatPercent', () => {
  const values = NUMBERS;
  for (const locale of LOCALES) {
    it(`writes numbers as Intl does (${locale})`, () => {
      const format = new Intl.NumberFormat(locale);
      let written = 0;
      for (const value of values) {
        const mine = formatNumber(locale, value);
        if (mine === null) continue;
        written += 1;
        expect(mine, String(value)).toBe(format.format(value));
      }
      // Whole numbers and up to three decimals are written by hand, not left to Intl.
      expect(written).toBeGreaterThan(values.length / 2);
      expect(formatNumber(locale, 1.5)).toBe(format.format(1.5));
    });

    it(`writes percentages as Intl does (${locale})`, () => {
      const format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
      const rates = RATES;
      for (const rate of rates) {
        const mine = formatPercent(locale, rate);
        expect(mine, String(rate)).not.toBeNull();
        expect(mine, String(rate)).toBe(format.format(rate / 100));
      }
    });
  }

  it('answers null where Intl must round or speak: more decimals, exponents, NaN, other locales', () => {
    expect(formatNumber('en-US', 1.2345)).toBeNull();
    expect(formatNumber('en-US', 1e21)).toBeNull();
    expect(formatNumber('en-US', Number.NaN)).toBeNull();
    expect(formatNumber('de-DE', 1)).toBeNull();
    expect(formatPercent('fr-CA', 12.345)).toBeNull();
    expect(formatPercent('fr-CA', Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('covers the figures a page shows', () => {
    expect(formatNumber('fr-CA', -1234.5)).toBe('-1\u00a0234,5');
    expect(formatPercent('fr-CA', 12.5)).toBe('12,5\u00a0%');
    expect(formatPercent('en-US', 12.5)).toBe('12.5%');
  });
});

describe('formatDate, formatDayMonth and formatMonth', () => {
  const days = DAYS;
  const edges = DATE_EDGES;

  // The visitor's zone decides the day of a time: the process's zone is switched (Node reads TZ
  // again when it changes) to one east and one west of UTC.
  const zones = ZONES;
  const savedZone = process.env.TZ;
  afterEach(() => {
    if (savedZone === undefined) delete process.env.TZ;
    else process.env.TZ = savedZone;
  });

  for (const locale of LOCALES)
    for (const zone of zones)
      it(`writes dates as Intl does (${locale}, ${zone})`, () => {
        process.env.TZ = zone;
        const medium = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
        expect(medium.resolvedOptions().timeZone).toBe(zone);
        const dayMonth = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
        const month = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
        const monthYear = new Intl.DateTimeFormat(locale, {
          month: 'long',
          year: 'numeric',
          timeZone: 'UTC',
        });
        const pairs = (day: Date) => [
          [formatDate(locale, day), medium.format(day)],
          [formatDayMonth(locale, day), dayMonth.format(day)],
          [formatMonth(locale, day, false), month.format(day)],
          [formatMonth(locale, day, true), monthYear.format(day)],
        ];
        const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long' });
        const weekdayYear = new Intl.DateTimeFormat(locale, {
          weekday: 'long',
          day: 'numeric',
          month: 'long',
          year: 'numeric',
        });
        const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short' });
        for (const day of days) {
          for (const [mine, theirs] of pairs(day)) expect(mine, day.toISOString()).toBe(theirs);
          expect(formatWeekdayDate(locale, day, false), day.toISOString()).toBe(weekday.format(day));
          expect(formatWeekdayDate(locale, day, true), day.toISOString()).toBe(weekdayYear.format(day));
          expect(formatTimeOfDay(locale, day), day.toISOString()).toBe(time.format(day));
        }
        // At the edges (a local year of 999 in a zone west of UTC), null says Intl is to write it.
        for (const day of edges)
          for (const [mine, theirs] of pairs(day))
            if (mine !== null) expect(mine, day.toISOString()).toBe(theirs);
      });

  // The comparison the Chromium test runs, here in Node: times of day at every hour (midnight and
  // noon among them) too.
  for (const zone of zones)
    it(`writes every input of plain-format-cases.ts as Intl does (${zone})`, () => {
      process.env.TZ = zone;
      expect(comparePlainFormat().mismatches).toEqual([]);
    });

  it('answers null for what Intl writes otherwise: an invalid time, a year outside 1000–9999, other locales', () => {
    expect(formatDate('en-US', new Date(Number.NaN))).toBeNull();
    expect(formatDayMonth('fr-CA', new Date(Date.UTC(12345, 0, 1)))).toBeNull();
    expect(formatMonth('en-US', new Date(Date.UTC(999, 0, 1)), true)).toBeNull();
    expect(formatDate('de-DE', new Date())).toBeNull();
  });

  it('covers the dates a page shows', () => {
    const day = new Date(Date.UTC(2026, 1, 5));
    expect(formatDayMonth('fr-CA', day)).toBe('5 f\u00e9vr.');
    expect(formatMonth('fr-CA', day, true)).toBe('f\u00e9vrier 2026');
    expect(formatMonth('en-US', day, false)).toBe('Feb');
  });
});
