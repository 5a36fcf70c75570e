// The program currency and the exchange rates staff set (docs/product/commissions.md#currency,
// docs/decisions/053-money-in-the-real-world.md): which currencies a program may run in, how a rate
// is written, and the one conversion every amount in another currency goes through. Exact: a rate
// is a decimal read into integers, and a conversion rounds once, half away from zero.

/** What a program has until an admin (or PROGRAM_CURRENCY at the first start) chooses. */
export const DEFAULT_PROGRAM_CURRENCY = 'USD';

/**
 * Currencies a program may run in: those PayPal Payouts pays in with two decimals (its
 * zero-decimal currencies, JPY, HUF and TWD, would need another ledger unit).
 */
export const PROGRAM_CURRENCIES = [
  'USD',
  'CAD',
  'EUR',
  'GBP',
  'AUD',
  'NZD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HKD',
  'SGD',
  'MXN',
  'BRL',
  'ILS',
  'MYR',
  'PHP',
  'THB',
  'CNY',
] as const;
export type ProgramCurrency = (typeof PROGRAM_CURRENCIES)[number];

export const isProgramCurrency = (code: string): code is ProgramCurrency =>
  (PROGRAM_CURRENCIES as readonly string[]).includes(code);

/** An ISO 4217 code of a currency in use (one the platform's Intl knows, where it can tell). */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'currency') => string[] };
  return intl.supportedValuesOf ? intl.supportedValuesOf('currency').includes(code) : true;
}

/** Decimals a rate may have: enough for a currency worth a ten-thousandth of the program's. */
export const RATE_DECIMALS = 10;
/** Bounds that keep a slip (a comma for a point, a rate typed upside down by 10⁶) out of the ledger. */
export const RATE_MIN = 0.000001;
export const RATE_MAX = 100_000;

/** A rate as the API and the settings carry it ("0.7312": one unit of the currency in program units), or null. */
export function parseRate(text: string): { numerator: bigint; scale: bigint } | null {
  const m = new RegExp(`^(\\d{1,6})(?:\\.(\\d{1,${RATE_DECIMALS}}))?$`).exec(text.trim());
  if (!m) return null;
  const decimals = m[2] ?? '';
  const value = Number(text);
  if (!(value >= RATE_MIN && value <= RATE_MAX)) return null;
  return { numerator: BigInt(m[1]! + decimals), scale: 10n ** BigInt(decimals.length) };
}

/** The rate written the one way it is stored: no trailing zeros, no leading ones ("0.7312"). */
export function normalizeRate(text: string): string | null {
  const rate = parseRate(text);
  if (!rate) return null;
  const digits = rate.scale === 1n ? 0 : rate.scale.toString().length - 1;
  const whole = rate.numerator / rate.scale;
  const fraction = (rate.numerator % rate.scale).toString().padStart(digits, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/**
 * Cents as the API answers money: major units, rounded to the cent (1234 → 12.34). A sum the
 * database gives as a string or a bigint is read as a number first.
 */
export const major = (cents: number | string | bigint): number => Math.round(Number(cents)) / 100;

/** `cents` of a currency in cents of the program currency at `rate`, rounded once, half away from zero. */
export function convertCents(cents: number, rate: string): number {
  const parsed = parseRate(rate);
  if (!parsed) throw new Error(`not an exchange rate: ${rate}`);
  const product = BigInt(Math.abs(cents)) * parsed.numerator;
  const rounded = (product * 2n + parsed.scale) / (parsed.scale * 2n);
  return cents < 0 ? -Number(rounded) : Number(rounded);
}
