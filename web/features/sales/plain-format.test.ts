// The hand-written dollars must be Intl's, character for character, in both locales.
import { describe, expect, it } from 'vitest';
import { formatMoney, formatWhole } from './plain-format';

const intl = (locale: string, amount: number, fraction: 0 | 2) =>
  new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: fraction,
    maximumFractionDigits: fraction,
  }).format(amount);

// Edges by hand (halves, float artefacts, signs, zeros, grouping), then a seeded spread.
const EDGES = [
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
];
let seed = 7;
const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
const SPREAD = Array.from({ length: 3000 }, (_, i) => {
  const scale = 10 ** (i % 8);
  const value = random() * scale;
  const cents = i % 3 === 0 ? Math.round(value * 100) / 100 : value;
  return i % 5 === 0 ? -cents : cents;
});

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

  for (const locale of ['en-US', 'fr-CA'])
    it(`writes whole numbers as Intl does (${locale})`, () => {
      const format = new Intl.NumberFormat(locale);
      for (const value of [0, -0, 7, -7, 999, 1000, -1234567, 9007199254740991, ...SPREAD.map(Math.round)])
        expect(formatWhole(locale, value), String(value)).toBe(format.format(value));
      expect(formatWhole(locale, 1.5)).toBeNull();
      expect(formatWhole(locale, 2 ** 60)).toBeNull();
    });

  it('covers the amounts a page shows', () => {
    expect(formatMoney('en-US', 'USD', 1234.5, 2)).toBe('$1,234.50');
    expect(formatMoney('fr-CA', 'USD', -1234.56, 2)).toBe('-1\u00a0234,56\u00a0$\u00a0US');
  });
});
