// Signed delivery of Shopify webhooks to an app under test (payload shapes: sample-payloads.ts).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { App } from '../app';
import type { Db } from '../db';
import { signShopifyBody } from '../integrations/shopify/webhooks';

export { shopifyOrderPayload, shopifyRefundPayload } from '../integrations/shopify/sample-payloads';
export type { OrderOptions, OrderPayload } from '../integrations/shopify/sample-payloads';

/** The headers Shopify sends with a webhook, signed with `secret` unless `signature` says otherwise (null: none). */
export function shopifyHeaders(
  topic: string,
  body: string,
  options: { secret: string; webhookId?: string | undefined; signature?: string | null | undefined },
): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-shopify-topic': topic,
    'x-shopify-shop-domain': 'sunbite.myshopify.com',
    'x-shopify-api-version': '2025-01',
    'x-shopify-webhook-id': options.webhookId ?? randomUUID(),
  };
  if (options.signature !== null)
    headers['x-shopify-hmac-sha256'] = options.signature ?? signShopifyBody(body, options.secret);
  return headers;
}

export async function deliver(
  app: App,
  topic: string,
  payload: unknown,
  options: { secret: string; webhookId?: string; signature?: string | null; rawBody?: string },
) {
  const body = options.rawBody ?? JSON.stringify(payload);
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/shopify',
    headers: shopifyHeaders(topic, body, options),
    payload: body,
  });
}

const LEDGER_TABLES = [
  'orders',
  'order_items',
  'refunds',
  'earnings',
  'earning_events',
  'jobs',
  'partner_sales_stats',
  'partner_earning_stats',
] as const;

/** How many rows each ledger table holds: a delivery that writes nothing leaves it unchanged. */
export async function ledgerCounts(db: Db): Promise<Record<(typeof LEDGER_TABLES)[number], number>> {
  const counts = {} as Record<(typeof LEDGER_TABLES)[number], number>;
  for (const table of LEDGER_TABLES) {
    counts[table] = Number(
      (
        await db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  }
  return counts;
}
