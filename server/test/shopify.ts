// Signed delivery of Shopify webhooks to an app under test (payload shapes: sample-payloads.ts).
import { randomUUID } from 'node:crypto';
import type { App } from '../app';
import { signShopifyBody } from '../integrations/shopify/webhooks';

export { shopifyOrderPayload, shopifyRefundPayload } from '../integrations/shopify/sample-payloads';
export type { OrderOptions, OrderPayload } from '../integrations/shopify/sample-payloads';

export async function deliver(
  app: App,
  topic: string,
  payload: unknown,
  options: { secret: string; webhookId?: string; signature?: string | null; rawBody?: string },
) {
  const body = options.rawBody ?? JSON.stringify(payload);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-shopify-topic': topic,
    'x-shopify-shop-domain': 'sunbite.myshopify.com',
    'x-shopify-api-version': '2025-01',
    'x-shopify-webhook-id': options.webhookId ?? randomUUID(),
  };
  if (options.signature !== null) headers['x-shopify-hmac-sha256'] = options.signature ?? signShopifyBody(body, options.secret);
  return app.inject({ method: 'POST', url: '/api/webhooks/shopify', headers, payload: body });
}
