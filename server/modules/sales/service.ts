// Shopify deliveries into the ledger: each delivery is stored (raw) before it is processed, so
// nothing the store sends is lost; a delivery already processed changes nothing.
import { createHash } from 'node:crypto';
import type { Db } from '../../db';
import { nowIso } from '../../db/dialect';
import { shopifyOrder, shopifyRefund } from '../../integrations/shopify/webhooks';
import { recordCancellation, recordCreatedOrder, recordPaidOrder, recordRefund } from './orders';

export const HANDLED_TOPICS = ['orders/create', 'orders/paid', 'orders/cancelled', 'refunds/create'] as const;

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

export class WebhookPayloadError extends Error {}

export async function handleShopifyDelivery(
  db: Db,
  delivery: { topic: string; webhookId: string | undefined; rawBody: Buffer },
  now = new Date(),
): Promise<WebhookOutcome> {
  const body = delivery.rawBody.toString('utf8');
  // Without an id of its own, a delivery is known by its content.
  const deliveryId = delivery.webhookId ?? `sha256:${createHash('sha256').update(delivery.rawBody).digest('hex')}`;
  await db
    .insertInto('webhook_deliveries')
    .values({ delivery_id: deliveryId, topic: delivery.topic, received_at: nowIso(now), body, processed_at: null, error: null })
    .onConflict((oc) => oc.column('delivery_id').doNothing())
    .execute();
  const stored = await db.selectFrom('webhook_deliveries').select(['processed_at']).where('delivery_id', '=', deliveryId).executeTakeFirstOrThrow();
  if (stored.processed_at) return 'duplicate';
  if (!(HANDLED_TOPICS as readonly string[]).includes(delivery.topic)) {
    await db.updateTable('webhook_deliveries').set({ processed_at: nowIso(now) }).where('delivery_id', '=', deliveryId).execute();
    return 'ignored';
  }

  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new WebhookPayloadError('the body is not JSON');
  }
  try {
    await db.transaction().execute(async (trx) => {
      if (delivery.topic === 'refunds/create') {
        const refund = shopifyRefund.safeParse(json);
        if (!refund.success) throw new WebhookPayloadError(refund.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
        await recordRefund(trx, refund.data, now);
      } else {
        const order = shopifyOrder.safeParse(json);
        if (!order.success) throw new WebhookPayloadError(order.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
        if (delivery.topic === 'orders/paid') await recordPaidOrder(trx, order.data, now);
        else if (delivery.topic === 'orders/cancelled') await recordCancellation(trx, order.data, now);
        else await recordCreatedOrder(trx, order.data, now);
      }
      await trx.updateTable('webhook_deliveries').set({ processed_at: nowIso(now), error: null }).where('delivery_id', '=', deliveryId).execute();
    });
  } catch (error) {
    // The delivery stays stored with its error; Shopify's retry (or a person) processes it again.
    await db
      .updateTable('webhook_deliveries')
      .set({ error: error instanceof Error ? error.message.slice(0, 2000) : String(error) })
      .where('delivery_id', '=', deliveryId)
      .execute();
    throw error;
  }
  return 'processed';
}

export { approveMaturedEarnings, verifiedSalesCount } from './ledger';
export { currentRateBp } from './orders';
export { allTiers } from './repository';
export { createEarning } from './ledger';
export { HOLDING_PERIOD_DAYS } from './orders';
