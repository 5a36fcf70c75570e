// Shopify deliveries into the ledger: each delivery is stored (raw) before it is processed, so
// nothing the store sends is lost; a delivery already processed changes nothing. A delivery that
// can never succeed (its payload fails the schema) is kept apart with its error and settled, so
// that the store's retries stop; anything else that fails is a 5xx and the store retries it
// (docs/decisions/011-poison-webhook-deliveries.md).
import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../../db';
import { groupCommit } from '../../db/group-commit';
import { retryOnConflict } from '../../db/retry';
import type { GroupCommitOptions } from '../../db/group-commit';
import { nowIso } from '../../db/dialect';
import { parseShopifyPayload } from '../../integrations/shopify/webhooks';
import { recordCancellation, recordCreatedOrder, recordPaidOrder, recordRefund } from './orders';
import {
  insertDelivery,
  keepFailed,
  keepRejectionOnce,
  processedAt,
  settleDelivery,
} from './webhook-repository';

export const HANDLED_TOPICS = ['orders/create', 'orders/paid', 'orders/cancelled', 'refunds/create'] as const;

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored' | 'rejected' | 'test';

export interface WebhookResult {
  outcome: WebhookOutcome;
  /** Set when rejected: the error kept with the delivery, and its id (for the log). */
  rejection?: { errorId: string; error: string };
}

export interface ShopifyDelivery {
  topic: string;
  webhookId: string | undefined;
  /** X-Shopify-Shop-Domain, kept with a rejected delivery. */
  shop?: string | undefined;
  rawBody: Buffer;
}

// What the columns can hold: a header is the sender's to choose, and PostgreSQL's text cannot
// hold a NUL character (a body with one is not JSON, but it is kept all the same).
const storedTopic = (delivery: ShopifyDelivery) => delivery.topic.slice(0, 60);
const storedBody = (delivery: ShopifyDelivery) =>
  delivery.rawBody.toString('utf8').replaceAll('\u0000', '\uFFFD');

/** Runs one delivery into the ledger; the caller provides the transaction. */
async function ingestDelivery(trx: Db, delivery: ShopifyDelivery, now: Date): Promise<WebhookResult> {
  const body = storedBody(delivery);
  const deliveryId = deliveryIdOf(delivery);
  const handled = (HANDLED_TOPICS as readonly string[]).includes(delivery.topic);
  // Stored as processed at once: if processing fails, the transaction (or the savepoint) takes
  // the row back, and the failure is kept apart with its error.
  const at = nowIso(now);
  const fresh = await insertDelivery(trx, { deliveryId, topic: storedTopic(delivery), at, body });
  // Known already: done (processed or rejected), unless it failed before and is retried now.
  if (!fresh && (await processedAt(trx, deliveryId))) return { outcome: 'duplicate' };
  if (!handled) return { outcome: 'ignored' };
  const parsed = parseShopifyPayload(delivery.topic, delivery.rawBody.toString('utf8'));
  if (!parsed.ok && parsed.testNotification) {
    // The store's "Send test notification": kept as a test delivery, never as a refusal.
    await settleDelivery(trx, deliveryId, nowIso(now), { error: null, test: true });
    return { outcome: 'test' };
  }
  // Rejected without throwing: the unit commits with its batch and disturbs none of the others.
  if (!parsed.ok)
    return { outcome: 'rejected', rejection: await keepRejection(trx, delivery, parsed.error, now) };
  const { payload } = parsed;
  if (payload.kind === 'refund') await recordRefund(trx, payload.refund, now);
  else if (delivery.topic === 'orders/paid') await recordPaidOrder(trx, payload.order, now);
  else if (delivery.topic === 'orders/cancelled') await recordCancellation(trx, payload.order, now);
  else await recordCreatedOrder(trx, payload.order, now);
  if (!fresh) await settleDelivery(trx, deliveryId, nowIso(now), { error: null });
  return { outcome: 'processed' };
}

// Without an id of its own, a delivery is known by its content (and an id too long to be
// Shopify's, by a digest of it).
const deliveryIdOf = (delivery: ShopifyDelivery) => {
  const { webhookId } = delivery;
  if (webhookId !== undefined && webhookId.length <= 100) return webhookId;
  return `sha256:${createHash('sha256')
    .update(webhookId ?? delivery.rawBody)
    .digest('hex')}`;
};

/**
 * Keeps a delivery that can never succeed with its error (on its webhook_deliveries row, which
 * holds its body) and a new error id, once per delivery, and settles it: a retry of it is a
 * duplicate. Answers the error id (the first one on a retry).
 */
async function keepRejection(
  trx: Db,
  delivery: ShopifyDelivery,
  error: string,
  now: Date,
): Promise<{ errorId: string; error: string }> {
  const deliveryId = deliveryIdOf(delivery);
  const errorId = await keepRejectionOnce(trx, {
    deliveryId,
    webhookId: delivery.webhookId?.slice(0, 100) ?? null,
    shopDomain: delivery.shop?.slice(0, 255) ?? null,
    errorId: randomUUID(),
    at: nowIso(now),
  });
  await settleDelivery(trx, deliveryId, nowIso(now), { error });
  return { errorId, error };
}

/**
 * Keeps a delivery that failed for another reason (the database, a defect of ours) with its
 * error, unsettled: the store's retry (or a person) processes it again.
 */
async function keepFailedDelivery(
  db: Db,
  delivery: ShopifyDelivery,
  error: unknown,
  now: Date,
): Promise<void> {
  const message = error instanceof Error ? error.message.slice(0, 2000) : String(error);
  await keepFailed(db, {
    deliveryId: deliveryIdOf(delivery),
    topic: storedTopic(delivery),
    receivedAt: nowIso(now),
    body: storedBody(delivery),
    error: message,
  })
    // When the database itself is what failed, the store's retry brings the delivery back.
    .catch(() => undefined);
}

/** One delivery, stored and processed together in its own transaction. */
export async function handleShopifyDelivery(
  db: Db,
  delivery: ShopifyDelivery,
  now = new Date(),
): Promise<WebhookResult> {
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
export function shopifyIngest(
  db: Db,
  options: GroupCommitOptions = {},
): (delivery: ShopifyDelivery) => Promise<WebhookResult> {
  const submit = groupCommit(
    db,
    (trx, delivery: ShopifyDelivery) => ingestDelivery(trx, delivery, new Date()),
    options,
  );
  return async (delivery) => {
    try {
      return await submit(delivery);
    } catch (error) {
      await keepFailedDelivery(db, delivery, error, new Date());
      throw error;
    }
  };
}

export { approveMaturedEarnings } from './earnings';
export {
  currentRateBp,
  recordCancellation,
  recordPaidOrder,
  recordRefund,
  releaseOrdersAwaitingRate,
} from './orders';
export { allTiers } from './repository';
export { commissionRateBp, tierReached, tierSpan } from './rules';
export type { RatedPartner, Tier } from './rules';
export { createEarning, foldAdjustmentsBack, moveEarnings } from './earnings';
export type { MovedEarning } from './earnings';
export { ALL_TIME, dayKey, monthKeyIn, rebuildCalendarStats, rebuildLedgerStats, weekKeyIn } from './stats';
export { programTimeZone, rangeWindow, TIME_ZONE_KEY, zoneOf } from './calendar';

/**
 * What the partner keeps from an earning: a rejected earning keeps its amount in the ledger (the
 * history of what it was) but is worth nothing; adjustments taken back after payment count
 * against it (docs/decisions/012-earned-commission-in-lists.md).
 */
export const earnedCents = (status: string | null, amountCents: number | null, adjustmentCents = 0): number =>
  (status === null || status === 'REJECTED' ? 0 : (amountCents ?? 0)) + adjustmentCents;
