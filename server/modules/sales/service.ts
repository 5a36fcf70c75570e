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
  const handled = (HANDLED_TOPICS as readonly string[]).includes(delivery.topic);
  try {
    // One transaction, one commit: the delivery is stored and processed together.
    return await db.transaction().execute(async (trx) => {
      const fresh = await trx
        .insertInto('webhook_deliveries')
        .values({ delivery_id: deliveryId, topic: delivery.topic, received_at: nowIso(now), body, processed_at: handled ? null : nowIso(now), error: null })
        .onConflict((oc) => oc.column('delivery_id').doNothing())
        .returning('delivery_id')
        .executeTakeFirst();
      if (!fresh) {
        const stored = await trx.selectFrom('webhook_deliveries').select('processed_at').where('delivery_id', '=', deliveryId).executeTakeFirstOrThrow();
        if (stored.processed_at) return 'duplicate' as const;
      }
      if (!handled) return 'ignored' as const;
      await processDelivery(trx, delivery.topic, body, now);
      await trx.updateTable('webhook_deliveries').set({ processed_at: nowIso(now), error: null }).where('delivery_id', '=', deliveryId).execute();
      return 'processed' as const;
    });
  } catch (error) {
    // The delivery is kept with its error, whatever failed; Shopify's retry (or a person)
    // processes it again.
    const message = error instanceof Error ? error.message.slice(0, 2000) : String(error);
    await db
      .insertInto('webhook_deliveries')
      .values({ delivery_id: deliveryId, topic: delivery.topic, received_at: nowIso(now), body, processed_at: null, error: message })
      .onConflict((oc) => oc.column('delivery_id').doUpdateSet({ error: message }))
      .execute();
    throw error;
  }
}

async function processDelivery(trx: Db, topic: string, body: string, now: Date): Promise<void> {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new WebhookPayloadError('the body is not JSON');
  }
  const problems = (issues: { path: PropertyKey[]; message: string }[]) => issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  if (topic === 'refunds/create') {
    const refund = shopifyRefund.safeParse(json);
    if (!refund.success) throw new WebhookPayloadError(problems(refund.error.issues));
    await recordRefund(trx, refund.data, now);
    return;
  }
  const order = shopifyOrder.safeParse(json);
  if (!order.success) throw new WebhookPayloadError(problems(order.error.issues));
  if (topic === 'orders/paid') await recordPaidOrder(trx, order.data, now);
  else if (topic === 'orders/cancelled') await recordCancellation(trx, order.data, now);
  else await recordCreatedOrder(trx, order.data, now);
}

export { approveMaturedEarnings, verifiedSalesCount } from './ledger';
export { currentRateBp } from './orders';
export { allTiers } from './repository';
export { createEarning } from './ledger';
export { HOLDING_PERIOD_DAYS } from './orders';
export { ALL_TIME, dayKey, monthStart, rebuildLedgerStats, weekStart } from './stats';
