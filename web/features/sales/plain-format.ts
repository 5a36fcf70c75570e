// US dollars and whole numbers written out by hand, exactly as Intl.NumberFormat writes them in the
// portal's two locales (en-US "$1,234.50", fr-CA "1 234,50 $ US"), for what a page shows at once.
// Why: a phone takes 15–30 ms (60–120 ms at Lighthouse's fourfold slowdown) to make its first
// number formatter, the time to load the locale's number data, and the dashboard's first
// figures paid it in one long task (docs/performance.md). Anything else (another currency, a
// number this does not write in plain digits) goes to Intl; a test holds the two equal.

const SHAPES = {
  'en-US': { group: ',', decimal: '.', write: (digits: string) => `$${digits}` },
  'fr-CA': { group: '\u00a0', decimal: ',', write: (digits: string) => `${digits}\u00a0$\u00a0US` },
} as const;

type UsdLocale = keyof typeof SHAPES;

const isUsdLocale = (locale: string): locale is UsdLocale => Object.hasOwn(SHAPES, locale);

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

/** A whole number as Intl.NumberFormat(locale) writes it, or null when this cannot say. */
export function formatWhole(locale: string, value: number): string | null {
  if (!isUsdLocale(locale) || !Number.isSafeInteger(value)) return null;
  const grouped = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, SHAPES[locale].group);
  return (value < 0 || Object.is(value, -0) ? '-' : '') + grouped;
}

/**
 * The amount as Intl writes it in `locale` and `currency` with `fraction` digits, or null when this
 * cannot say (a currency other than US dollars among them).
 */
export function formatMoney(
  locale: string,
  currency: string,
  amount: number,
  fraction: 0 | 2,
): string | null {
  if (currency !== 'USD' || !isUsdLocale(locale) || !Number.isFinite(amount)) return null;
  const rounded = roundedDigits(amount, fraction);
  if (!rounded) return null;
  const shape = SHAPES[locale];
  const [whole, decimals] = rounded;
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, shape.group);
  // Intl keeps the sign of a negative amount that rounds to zero, and of -0.
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return sign + shape.write(fraction ? `${grouped}${shape.decimal}${decimals}` : grouped);
}
