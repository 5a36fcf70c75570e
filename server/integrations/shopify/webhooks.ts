// Shopify webhooks: the signature check and the shapes of the payloads we read. Shopify sends
// money as decimal strings; we turn them into integer cents here, once.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** Constant-time check of `X-Shopify-Hmac-Sha256` (base64 HMAC-SHA256 of the raw body). */
export function verifyShopifyHmac(rawBody: Buffer, header: string | undefined, secret: string | undefined): boolean {
  if (!secret || !header) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(header, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function signShopifyBody(rawBody: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

/** "19.99" → 1999; refuses anything that is not a plain decimal amount. */
export function toCents(amount: string | number): number {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  const m = /^(-?)(\d+)(?:\.(\d{1,2})\d*)?$/.exec(text);
  if (!m) throw new Error(`not an amount: ${amount}`);
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

// Everything below is what a delivery must satisfy before it reaches the ledger: a payload that
// fails here can never succeed, however often the store retries it, so it is kept apart with its
// error instead (docs/decisions/011-poison-webhook-deliveries.md). Each bound is one the ledger
// would otherwise trip over later: a column's length, PostgreSQL's 32-bit integers, the number of
// parameters one statement may bind.

/** One amount of one order: far above any real order, and its sums stay within 32-bit cents. */
export const MAX_AMOUNT_CENTS = 100_000_000;
const MAX_QUANTITY = 100_000;
const MAX_LINE_ITEMS = 1000;
const MAX_DISCOUNT_CODES = 50;

// PostgreSQL's text cannot hold a NUL character.
const text = (max: number) => z.string().max(max).refine((v) => !v.includes('\u0000'), 'contains a NUL character');

const money = z.union([z.string(), z.number()]).transform((v, ctx) => {
  let cents: number;
  try {
    cents = toCents(v);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'not an amount' });
    return z.NEVER;
  }
  if (cents < 0 || cents > MAX_AMOUNT_CENTS) {
    ctx.addIssue({ code: 'custom', message: `an amount from 0 to ${MAX_AMOUNT_CENTS / 100}` });
    return z.NEVER;
  }
  return cents;
});

// Shopify ids are positive 64-bit integers; as JSON numbers only those JavaScript holds exactly.
const shopifyId = z.union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^[1-9]\d{0,19}$/)]);
const id = shopifyId.transform(String);

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))$/;
const EARLIEST_YEAR = 2000;

/**
 * An ISO 8601 date and time with its offset ("2026-01-10T11:00:00-05:00") as the UTC instant it
 * names ("2026-01-10T16:00:00.000Z"); null for anything else, impossible dates included (which
 * `Date` would quietly roll over or refuse with "Invalid time value").
 */
export function toInstant(value: string): string | null {
  const m = ISO_INSTANT.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((p) => Number(p ?? 0)) as [number, number, number, number, number, number];
  const [offsetHours, offsetMinutes] = [Number(m[10] ?? 0), Number(m[11] ?? 0)];
  // Shopify opened in 2006: an earlier year is no store order's, and four digits keep the
  // stored text sortable.
  if (year < EARLIEST_YEAR || month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  if (day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  if (offsetHours > 23 || offsetMinutes > 59) return null;
  const millis = Number((m[7] ?? '0').padEnd(3, '0').slice(0, 3));
  const offset = (m[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
  const instant = new Date(Date.UTC(year, month - 1, day, hour, minute, second, millis) - offset);
  const utcYear = instant.getUTCFullYear();
  return utcYear >= EARLIEST_YEAR && utcYear <= 9999 ? instant.toISOString() : null;
}

const instant = z.string().transform((v, ctx) => {
  const at = toInstant(v);
  if (at === null) {
    ctx.addIssue({ code: 'custom', message: 'not a date and time' });
    return z.NEVER;
  }
  return at;
});

// Only compared with partners' addresses (own-purchase review), but stored: it must be one.
const email = z.string().transform((v, ctx) => {
  const address = v.trim().toLowerCase();
  if (address === '') return null;
  if (address.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(address) || address.includes('\u0000')) {
    ctx.addIssue({ code: 'custom', message: 'not an e-mail address' });
    return z.NEVER;
  }
  return address;
});

const upperCode = (length: number) =>
  z
    .string()
    .regex(new RegExp(`^[A-Za-z]{${length}}$`))
    .transform((v) => v.toUpperCase());

const lineItem = z.object({
  id,
  title: text(255),
  sku: text(100).nullish(),
  quantity: z.number().int().min(0).max(MAX_QUANTITY),
  price: money,
});

export const shopifyOrder = z.object({
  id,
  name: text(40).nullish(),
  order_number: shopifyId.nullish(),
  email: email.nullish(),
  contact_email: email.nullish(),
  currency: upperCode(3),
  subtotal_price: money,
  total_price: money,
  created_at: instant,
  processed_at: instant.nullish(),
  cancelled_at: instant.nullish(),
  discount_codes: z.array(z.object({ code: text(100) })).max(MAX_DISCOUNT_CODES).default([]),
  line_items: z.array(lineItem).max(MAX_LINE_ITEMS).default([]),
  shipping_address: z.object({ country_code: upperCode(2).nullish() }).nullish(),
});
export type ShopifyOrder = z.output<typeof shopifyOrder>;

export const shopifyRefund = z.object({
  id,
  order_id: id,
  created_at: instant,
  refund_line_items: z
    .array(z.object({ line_item_id: id.optional(), quantity: z.number().int().min(0).max(MAX_QUANTITY), subtotal: money }))
    .max(MAX_LINE_ITEMS)
    .default([])
    .refine((items) => items.reduce((sum, item) => sum + item.subtotal, 0) <= MAX_AMOUNT_CENTS, 'refunds more than an order can hold'),
});
export type ShopifyRefund = z.output<typeof shopifyRefund>;

/** The part of the order subtotal a refund gives back (its line items' subtotals). */
export function refundAmountCents(refund: ShopifyRefund): number {
  return refund.refund_line_items.reduce((sum, item) => sum + item.subtotal, 0);
}

export type ShopifyPayload = { kind: 'order'; order: ShopifyOrder } | { kind: 'refund'; refund: ShopifyRefund };

/**
 * Reads a delivery's body for a topic we handle: the payload, or why it can never be read
 * (named by the field at fault; the values themselves are left out of the reason).
 */
export function parseShopifyPayload(topic: string, body: string): { ok: true; payload: ShopifyPayload } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, error: 'body: not JSON' };
  }
  const problems = (issues: { path: PropertyKey[]; message: string }[]) =>
    issues.map((i) => `${i.path.length ? i.path.map(String).join('.') : 'body'}: ${i.message}`).join('; ').slice(0, 2000);
  if (topic === 'refunds/create') {
    const refund = shopifyRefund.safeParse(json);
    return refund.success ? { ok: true, payload: { kind: 'refund', refund: refund.data } } : { ok: false, error: problems(refund.error.issues) };
  }
  const order = shopifyOrder.safeParse(json);
  return order.success ? { ok: true, payload: { kind: 'order', order: order.data } } : { ok: false, error: problems(order.error.issues) };
}
