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

const money = z.union([z.string(), z.number()]).transform((v, ctx) => {
  try {
    return toCents(v);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'not an amount' });
    return z.NEVER;
  }
});
const id = z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(String);

export const shopifyOrder = z.object({
  id,
  name: z.string().max(40).optional(),
  order_number: z.union([z.number(), z.string()]).optional(),
  email: z.string().max(254).nullish(),
  contact_email: z.string().max(254).nullish(),
  currency: z.string().length(3),
  subtotal_price: money,
  total_price: money,
  financial_status: z.string().nullish(),
  created_at: z.string(),
  processed_at: z.string().nullish(),
  cancelled_at: z.string().nullish(),
  discount_codes: z.array(z.object({ code: z.string().max(100) }).passthrough()).default([]),
  line_items: z
    .array(
      z
        .object({
          id,
          title: z.string().max(255),
          sku: z.string().max(100).nullish(),
          quantity: z.number().int(),
          price: money,
        })
        .passthrough(),
    )
    .default([]),
  shipping_address: z.object({ country_code: z.string().nullish() }).passthrough().nullish(),
  refunds: z.array(z.lazy(() => shopifyRefund)).default([]),
});
export type ShopifyOrder = z.output<typeof shopifyOrder>;

export const shopifyRefund = z.object({
  id,
  order_id: id,
  created_at: z.string(),
  refund_line_items: z.array(z.object({ line_item_id: id.optional(), quantity: z.number().int(), subtotal: money }).passthrough()).default([]),
});
export type ShopifyRefund = z.output<typeof shopifyRefund>;

/** The part of the order subtotal a refund gives back (its line items' subtotals). */
export function refundAmountCents(refund: ShopifyRefund): number {
  return refund.refund_line_items.reduce((sum, item) => sum + item.subtotal, 0);
}
