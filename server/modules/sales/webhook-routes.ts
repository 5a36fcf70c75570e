import type { AppContext, TypedApp } from '../../context';
import { AppError, MESSAGES, notAuthorized } from '../../errors';
import { verifyShopifyHmac } from '../../integrations/shopify/webhooks';
import { WebhookPayloadError, shopifyIngest } from './service';

export function shopifyWebhookRoutes(app: TypedApp, ctx: AppContext): void {
  const ingest = shopifyIngest(ctx.db);
  // The signature covers the exact bytes Shopify sent: this route reads its body raw.
  void app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 2 * 1024 * 1024 }, (_request, body, done) => done(null, body));
    raw.post(
      '/api/webhooks/shopify',
      {
        config: { rateLimit: false },
        schema: { tags: ['webhooks'], summary: 'Shopify order and refund webhooks (HMAC-signed)', hide: false },
      },
      async (request, reply) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['x-shopify-hmac-sha256'];
        if (!verifyShopifyHmac(rawBody, typeof signature === 'string' ? signature : undefined, ctx.config.shopify.webhookSecret)) {
          throw notAuthorized();
        }
        const topic = String(request.headers['x-shopify-topic'] ?? '');
        const webhookId = request.headers['x-shopify-webhook-id'];
        // Follow-up work waits while deliveries are being answered (see jobs/scheduler.ts).
        const release = ctx.jobs.hold();
        try {
          const outcome = await ingest({ topic, webhookId: typeof webhookId === 'string' ? webhookId : undefined, rawBody });
          if (outcome === 'ignored') request.log.info({ topic }, 'shopify webhook topic ignored');
          // The order's follow-up (notification, live push) was queued with it: run it now.
          if (outcome === 'processed') ctx.jobs.wake();
          return reply.code(200).send({ data: { outcome } });
        } catch (error) {
          if (error instanceof WebhookPayloadError) {
            request.log.warn({ topic, reason: error.message }, 'shopify webhook refused');
            throw new AppError(422, MESSAGES.invalidForm, { body: [error.message] });
          }
          throw error;
        } finally {
          release();
        }
      },
    );
  });
}
