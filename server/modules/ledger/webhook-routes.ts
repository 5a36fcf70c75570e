import { shopifyWebhookAnswer } from '../../../common/contracts/sales';
import type { AppContext, TypedApp } from '../../context';
import { notAuthorized } from '../../errors';
import { verifyShopifyHmac } from '../../integrations/shopify/webhooks';
import { storeDeps, webhookSecret } from '../store-connection/service';
import { shopifyIngest } from './service';

export function shopifyWebhookRoutes(app: TypedApp, ctx: AppContext): void {
  const ingest = shopifyIngest(ctx.db);
  const deps = storeDeps(ctx);
  // The signature covers the exact bytes Shopify sent: this route reads its body raw.
  void app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 2 * 1024 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    raw.post(
      '/api/webhooks/shopify',
      {
        config: { rateLimit: false },
        schema: {
          tags: ['webhooks'],
          summary: 'Shopify order and refund webhooks (HMAC-signed)',
          description:
            'Answers 200 `{"data": {"outcome": "processed" | "duplicate" | "ignored" | "rejected" | "test", "id"?}}`. ' +
            'The store\'s "Send test notification" (its sample payloads) is `test`: kept as a test delivery, never refused. ' +
            'Orders are read in shop money; an order with `test: true` is recorded as a test order, earning nothing. ' +
            'A signed delivery that can never succeed (bad shape or values) is `rejected`: kept for staff with the error id `id` ' +
            '(also in the server log), so the store stops retrying it. A bad signature is 401; a transient failure is 5xx, so the store retries.',
          hide: false,
          response: { 200: shopifyWebhookAnswer },
        },
      },
      async (request, reply) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['x-shopify-hmac-sha256'];
        // SHOPIFY_WEBHOOK_SECRET, else the app's client secret stored with the store connection.
        if (
          !verifyShopifyHmac(
            rawBody,
            typeof signature === 'string' ? signature : undefined,
            await webhookSecret(deps),
          )
        ) {
          ctx.metrics.webhookDelivery('unauthorized');
          throw notAuthorized();
        }
        const topic = String(request.headers['x-shopify-topic'] ?? '');
        const webhookId = request.headers['x-shopify-webhook-id'];
        const shop = request.headers['x-shopify-shop-domain'];
        // Follow-up work waits while deliveries are being answered (see jobs/scheduler.ts).
        const release = ctx.jobs.hold();
        try {
          const { outcome, rejection } = await ingest({
            topic,
            webhookId: typeof webhookId === 'string' ? webhookId : undefined,
            shop: typeof shop === 'string' ? shop : undefined,
            rawBody,
          }).catch((error: unknown) => {
            // Transient (the store retries it): counted apart from the deliveries settled.
            ctx.metrics.webhookDelivery('failed');
            throw error;
          });
          ctx.metrics.webhookDelivery(outcome);
          if (outcome === 'ignored') request.log.info({ topic }, 'shopify webhook topic ignored');
          if (outcome === 'test')
            request.log.info({ topic, webhookId, shop }, 'shopify test notification received');
          // The order's follow-up (notification, live push) was queued with it: run it now.
          if (outcome === 'processed') ctx.jobs.wake();
          if (rejection) {
            // A genuine delivery that can never succeed: kept for staff, and answered 2xx, since
            // the store retries a failing delivery and then drops the subscription.
            request.log.error(
              { errorId: rejection.errorId, topic, webhookId, shop, reason: rejection.error },
              'shopify webhook rejected',
            );
            return reply.code(200).send({ data: { outcome, id: rejection.errorId } });
          }
          return reply.code(200).send({ data: { outcome } });
        } finally {
          release();
        }
      },
    );
  });
}
