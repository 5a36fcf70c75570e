// Shopify deliveries into the ledger: each delivery is stored (raw) before it is processed, so
// nothing the store sends is lost; a delivery already processed changes nothing.
import { createHash } from 'node:crypto';
import type { Db } from '../../db';
import { groupCommit } from '../../db/group-commit';
import { retryOnConflict } from '../../db/retry';
import type { GroupCommitOptions } from '../../db/group-commit';
import { nowIso } from '../../db/dialect';
import { shopifyOrder, shopifyRefund } from '../../integrations/shopify/webhooks';
import { recordCancellation, recordCreatedOrder, recordPaidOrder, recordRefund } from './orders';

export const HANDLED_TOPICS = ['orders/create', 'orders/paid', 'orders/cancelled', 'refunds/create'] as const;

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

export class WebhookPayloadError extends Error {}

export interface ShopifyDelivery {
  topic: string;
  webhookId: string | undefined;
  rawBody: Buffer;
}

/** Runs one delivery into the ledger; the caller provides the transaction. */
async function ingestDelivery(trx: Db, delivery: ShopifyDelivery, now: Date): Promise<WebhookOutcome> {
  const body = delivery.rawBody.toString('utf8');
  const deliveryId = deliveryIdOf(delivery);
  const handled = (HANDLED_TOPICS as readonly string[]).includes(delivery.topic);
  // Stored as processed at once: if processing fails, the transaction (or the savepoint) takes
  // the row back, and the failure is kept apart with its error.
  const fresh = await trx
    .insertInto('webhook_deliveries')
    .values({ delivery_id: deliveryId, topic: delivery.topic, received_at: nowIso(now), body, processed_at: nowIso(now), error: null })
    .onConflict((oc) => oc.column('delivery_id').doNothing())
    .returning('delivery_id')
    .executeTakeFirst();
  if (!fresh) {
    // Known already: done, unless it failed before (kept with its error) and is retried now.
    const stored = await trx.selectFrom('webhook_deliveries').select('processed_at').where('delivery_id', '=', deliveryId).executeTakeFirstOrThrow();
    if (stored.processed_at) return 'duplicate';
  }
  if (!handled) return 'ignored';
  await processDelivery(trx, delivery.topic, body, now);
  if (!fresh) await trx.updateTable('webhook_deliveries').set({ processed_at: nowIso(now), error: null }).where('delivery_id', '=', deliveryId).execute();
  return 'processed';
}

// Without an id of its own, a delivery is known by its content.
const deliveryIdOf = (delivery: ShopifyDelivery) => delivery.webhookId ?? `sha256:${createHash('sha256').update(delivery.rawBody).digest('hex')}`;

/**
 * Keeps a delivery that could not be processed, with its error, whatever failed: Shopify's retry
 * (or a person) processes it again.
 */
async function keepFailedDelivery(db: Db, delivery: ShopifyDelivery, error: unknown, now: Date): Promise<void> {
  const message = error instanceof Error ? error.message.slice(0, 2000) : String(error);
  const body = delivery.rawBody.toString('utf8');
  await db
    .insertInto('webhook_deliveries')
    .values({ delivery_id: deliveryIdOf(delivery), topic: delivery.topic, received_at: nowIso(now), body, processed_at: null, error: message })
    .onConflict((oc) => oc.column('delivery_id').doUpdateSet({ error: message }))
    .execute();
}

/** One delivery, stored and processed together in its own transaction. */
export async function handleShopifyDelivery(db: Db, delivery: ShopifyDelivery, now = new Date()): Promise<WebhookOutcome> {
  try {
    return await retryOnConflict(() => db.transaction().execute((trx) => ingestDelivery(trx, delivery, now)));
  } catch (error) {
    await keepFailedDelivery(db, delivery, error, now);
    throw error;
  }
}

/**
 * The webhook route's way in: deliveries that arrive together share one commit (group commit),
 * and each is answered once the commit holding it is on disk.
 */
export function shopifyIngest(db: Db, options: GroupCommitOptions = {}): (delivery: ShopifyDelivery) => Promise<WebhookOutcome> {
  const submit = groupCommit(db, (trx, delivery: ShopifyDelivery) => ingestDelivery(trx, delivery, new Date()), options);
  return async (delivery) => {
    try {
      return await submit(delivery);
    } catch (error) {
      await keepFailedDelivery(db, delivery, error, new Date());
      throw error;
    }
  };
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

/**
 * What the partner keeps from an earning: a rejected earning keeps its amount in the ledger (the
 * history of what it was) but is worth nothing; adjustments taken back after payment count
 * against it (docs/decisions/012-earned-commission-in-lists.md).
 */
export const earnedCents = (status: string | null, amountCents: number | null, adjustmentCents = 0): number =>
  (status === null || status === 'REJECTED' ? 0 : (amountCents ?? 0)) + adjustmentCents;
