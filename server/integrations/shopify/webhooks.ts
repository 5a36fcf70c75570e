// Shopify webhooks: the signature check and the shapes of the payloads we read. Shopify sends
// money as decimal strings; we turn them into integer cents here, once.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { noNul } from '../../../common/validation';

/** Constant-time check of `X-Shopify-Hmac-Sha256` (base64 HMAC-SHA256 of the raw body). */
export function verifyShopifyHmac(
  rawBody: Buffer,
  header: string | undefined,
  secret: string | undefined,
): boolean {
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
const text = (max: number) => z.string().max(max).refine(noNul, 'contains a NUL character');

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
const shopifyId = z.union([
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  z.string().regex(/^[1-9]\d{0,19}$/),
]);
const id = shopifyId.transform(String);

const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))$/;
const EARLIEST_YEAR = 2000;

/**
 * An ISO 8601 date and time with its offset ("2026-01-10T11:00:00-05:00") as the UTC instant it
 * names ("2026-01-10T16:00:00.000Z"); null for anything else, impossible dates included (which
 * `Date` would quietly roll over or refuse with "Invalid time value").
 */
export function toInstant(value: string): string | null {
  const m = ISO_INSTANT.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((p) => Number(p ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
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

// Shopify's `*_set` amounts: the same amount in the shop's money and in the customer's
// (presentment) money. Only the shop's money is read (docs/product/commissions.md#currency).
const moneySet = z
  .object({ shop_money: z.object({ amount: money, currency_code: upperCode(3).nullish() }) })
  .nullish();
const signedMoney = z.union([z.string(), z.number()]).transform((v, ctx) => {
  let cents: number;
  try {
    cents = toCents(v);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'not an amount' });
    return z.NEVER;
  }
  if (Math.abs(cents) > MAX_AMOUNT_CENTS) {
    ctx.addIssue({
      code: 'custom',
      message: `an amount from -${MAX_AMOUNT_CENTS / 100} to ${MAX_AMOUNT_CENTS / 100}`,
    });
    return z.NEVER;
  }
  return cents;
});
const signedMoneySet = z
  .object({ shop_money: z.object({ amount: signedMoney, currency_code: upperCode(3).nullish() }) })
  .nullish();
/** A `*_set` amount in shop money where the payload has one, else its plain field (shop money too). */
const shopMoney = (plain: number, set: { shop_money: { amount: number } } | null | undefined) =>
  set?.shop_money.amount ?? plain;

const allocation = z.object({ amount: money, amount_set: moneySet });
const taxLine = z.object({ price: money, price_set: moneySet });
const lineItem = z.object({
  id,
  title: text(255),
  sku: text(100).nullish(),
  quantity: z.number().int().min(0).max(MAX_QUANTITY),
  price: money,
  price_set: moneySet,
  gift_card: z.boolean().nullish(),
  discount_allocations: z.array(allocation).max(MAX_DISCOUNT_CODES).nullish(),
  tax_lines: z.array(taxLine).max(MAX_DISCOUNT_CODES).nullish(),
});
type LineItem = z.output<typeof lineItem>;

export const shopifyOrder = z.object({
  id,
  name: text(40).nullish(),
  order_number: shopifyId.nullish(),
  email: email.nullish(),
  contact_email: email.nullish(),
  currency: upperCode(3),
  subtotal_price: money,
  subtotal_price_set: moneySet,
  total_price: money,
  total_price_set: moneySet,
  total_tax: money.nullish(),
  total_tax_set: moneySet,
  taxes_included: z.boolean().nullish(),
  test: z.boolean().nullish(),
  created_at: instant,
  processed_at: instant.nullish(),
  cancelled_at: instant.nullish(),
  discount_codes: z
    .array(z.object({ code: text(100) }))
    .max(MAX_DISCOUNT_CODES)
    .default([]),
  line_items: z.array(lineItem).max(MAX_LINE_ITEMS).default([]),
  shipping_address: z.object({ country_code: upperCode(2).nullish() }).nullish(),
});
export type ShopifyOrder = z.output<typeof shopifyOrder>;

const lineGross = (item: Pick<LineItem, 'price' | 'price_set'>, quantity: number) =>
  shopMoney(item.price, item.price_set) * quantity;
const lineDiscounts = (item: Pick<LineItem, 'discount_allocations'>) =>
  (item.discount_allocations ?? []).reduce((sum, a) => sum + shopMoney(a.amount, a.amount_set), 0);
const lineTax = (item: Pick<LineItem, 'tax_lines'>) =>
  (item.tax_lines ?? []).reduce((sum, t) => sum + shopMoney(t.price, t.price_set), 0);

/** The order's money as the ledger reads it: in the shop's currency, whatever the customer paid in. */
export interface OrderMoney {
  currency: string;
  /**
   * The commission base (docs/product/commissions.md#commission-base): the subtotal after discounts, before shipping and tax,
   * of the line items that are not gift cards; in a shop whose prices include tax, without the tax
   * inside them.
   */
  baseCents: number;
  totalCents: number;
}

export function orderMoney(order: ShopifyOrder): OrderMoney {
  const subtotal = shopMoney(order.subtotal_price, order.subtotal_price_set);
  // The subtotal is the stores' own figure; what is not commissioned is taken out of it: a gift
  // card line (after its share of the discounts) is money held for a later purchase, which earns
  // when it is spent.
  const giftCards = order.line_items
    .filter((item) => item.gift_card === true)
    .reduce((sum, item) => sum + lineGross(item, item.quantity) - lineDiscounts(item), 0);
  let includedTax = 0;
  if (order.taxes_included === true) {
    // The tax inside the line prices (after discounts: Shopify taxes the discounted price); a
    // payload without tax lines gives only its total, which holds no shipping tax then.
    const sold = order.line_items.filter((item) => item.gift_card !== true);
    const perLine = sold.some((item) => item.tax_lines != null);
    includedTax = perLine
      ? sold.reduce((sum, item) => sum + lineTax(item), 0)
      : shopMoney(order.total_tax ?? 0, order.total_tax_set);
  }
  const currency = order.subtotal_price_set?.shop_money.currency_code ?? order.currency;
  return {
    currency,
    baseCents: Math.max(0, subtotal - giftCards - includedTax),
    totalCents: shopMoney(order.total_price, order.total_price_set),
  };
}

const refundLineItem = z.object({
  line_item_id: id.optional(),
  quantity: z.number().int().min(0).max(MAX_QUANTITY),
  // The older format has no subtotal: it is then read from the line item it names.
  subtotal: money.nullish(),
  subtotal_set: moneySet,
  total_tax: money.nullish(),
  total_tax_set: moneySet,
  line_item: z
    .object({
      price: money,
      price_set: moneySet,
      quantity: z.number().int().min(0).max(MAX_QUANTITY),
      gift_card: z.boolean().nullish(),
      discount_allocations: z.array(allocation).max(MAX_DISCOUNT_CODES).nullish(),
    })
    .nullish(),
});

export const shopifyRefund = z
  .object({
    id,
    order_id: id,
    created_at: instant,
    refund_line_items: z.array(refundLineItem).max(MAX_LINE_ITEMS).default([]),
    order_adjustments: z
      .array(
        z.object({
          kind: text(60).nullish(),
          amount: signedMoney,
          amount_set: signedMoneySet,
          tax_amount: signedMoney.nullish(),
          tax_amount_set: signedMoneySet,
        }),
      )
      .max(MAX_LINE_ITEMS)
      .default([]),
  })
  .superRefine((refund, ctx) => {
    let unreadable = false;
    refund.refund_line_items.forEach((item, i) => {
      if (item.subtotal == null && item.subtotal_set == null && item.line_item == null) {
        ctx.addIssue({
          code: 'custom',
          path: ['refund_line_items', i, 'subtotal'],
          message: 'no subtotal and no line item to read it from',
        });
        unreadable = true;
      }
    });
    if (unreadable) return;
    const { lines, discrepancy } = refundParts(refund);
    if (lines > MAX_AMOUNT_CENTS || Math.abs(discrepancy) > MAX_AMOUNT_CENTS)
      ctx.addIssue({
        code: 'custom',
        path: ['refund_line_items'],
        message: 'refunds more than an order can hold',
      });
  });
export type ShopifyRefund = z.output<typeof shopifyRefund>;

/** What a refund gives back, in shop money, before the order is known (docs/product/commissions.md#refunds). */
export interface RefundParts {
  /** Its line items' subtotals, gift cards left out (in a tax-included shop these hold the tax, below). */
  lines: number;
  /** The tax of those line items. */
  linesTax: number;
  /**
   * What the refund gave back beyond (or, when negative, short of) its line items: its order
   * adjustments of kind `refund_discrepancy`, tax left out. Shopify writes them as what the order
   * loses (negative when more is given back); here it is what the customer got back.
   */
  discrepancy: number;
}

export function refundParts(
  refund: Pick<ShopifyRefund, 'refund_line_items' | 'order_adjustments'>,
): RefundParts {
  let lines = 0;
  let linesTax = 0;
  for (const item of refund.refund_line_items) {
    // A gift card given back was never in the base.
    if (item.line_item?.gift_card === true) continue;
    let subtotal = item.subtotal_set?.shop_money.amount ?? item.subtotal ?? null;
    if (subtotal === null) {
      // The older format: price × quantity less the line's discounts, for the quantity given back.
      const line = item.line_item!;
      const discounts =
        line.quantity > 0 ? Math.round((lineDiscounts(line) * item.quantity) / line.quantity) : 0;
      subtotal = Math.max(0, lineGross(line, item.quantity) - discounts);
    }
    lines += subtotal;
    linesTax += item.total_tax_set?.shop_money.amount ?? item.total_tax ?? 0;
  }
  // Shipping refunds (kind `shipping_refund`) take nothing of the base; an adjustment's tax is
  // apart from its amount.
  const discrepancy = -refund.order_adjustments
    .filter((a) => a.kind === 'refund_discrepancy')
    .reduce((sum, a) => sum + (a.amount_set?.shop_money.amount ?? a.amount), 0);
  return { lines, linesTax, discrepancy };
}

export type ShopifyPayload =
  { kind: 'order'; order: ShopifyOrder } | { kind: 'refund'; refund: ShopifyRefund };

/**
 * Whether a body that fails the schema is Shopify's "Send test notification": its sample payloads
 * name resources by ids beyond what any real store's ids reach (820982911946154508, above 2^53,
 * which no JavaScript number holds exactly), or are marked `test`.
 */
function isTestNotification(json: unknown): boolean {
  if (typeof json !== 'object' || json === null) return false;
  const { id, order_id: orderId, test } = json as Record<string, unknown>;
  // Still a 64-bit id, as Shopify's are: a number beyond that is no id at all, and is refused.
  const sampleId = (value: unknown) =>
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value > Number.MAX_SAFE_INTEGER &&
    value < 2 ** 63;
  return test === true || sampleId(id) || sampleId(orderId);
}

export type ParsedDelivery =
  { ok: true; payload: ShopifyPayload } | { ok: false; error: string; testNotification: boolean };

/**
 * Reads a delivery's body for a topic we handle: the payload, or why it can never be read
 * (named by the field at fault; the values themselves are left out of the reason), and whether it
 * is only the store's test notification.
 */
export function parseShopifyPayload(topic: string, body: string): ParsedDelivery {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, error: 'body: not JSON', testNotification: false };
  }
  const problems = (issues: { path: PropertyKey[]; message: string }[]) =>
    issues
      .map((i) => `${i.path.length ? i.path.map(String).join('.') : 'body'}: ${i.message}`)
      .join('; ')
      .slice(0, 2000);
  const refused = (issues: { path: PropertyKey[]; message: string }[]) => ({
    ok: false as const,
    error: problems(issues),
    testNotification: isTestNotification(json),
  });
  if (topic === 'refunds/create') {
    const refund = shopifyRefund.safeParse(json);
    return refund.success
      ? { ok: true, payload: { kind: 'refund', refund: refund.data } }
      : refused(refund.error.issues);
  }
  const order = shopifyOrder.safeParse(json);
  return order.success
    ? { ok: true, payload: { kind: 'order', order: order.data } }
    : refused(order.error.issues);
}
