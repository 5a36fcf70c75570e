// The Shopify deliveries as the ledger keeps them (webhook_deliveries, webhook_rejections): each
// is stored before it is processed, and one that can never succeed is kept apart with its error
// (docs/decisions/011-poison-webhook-deliveries.md). What to keep and when is service.ts's.
import type { Db } from '../../db';
import { prepared } from '../../db/prepared';

/** A delivery's row as first stored: the raw body, already marked processed at `at`. */
export interface StoredDelivery {
  deliveryId: string;
  topic: string;
  at: string;
  body: string;
}

// Every delivery's first statement, compiled once (db/prepared.ts).
const insertProcessed = prepared(4, (db, deliveryId: string, topic: string, at: string, body: string) =>
  db
    .insertInto('webhook_deliveries')
    .values({ delivery_id: deliveryId, topic, received_at: at, body, processed_at: at, error: null })
    .onConflict((oc) => oc.column('delivery_id').doNothing())
    .returning('delivery_id'),
);

/** Stores a delivery as processed; false when its id is known already (the row is left alone). */
export async function insertDelivery(db: Db, delivery: StoredDelivery): Promise<boolean> {
  const [fresh] = await insertProcessed(db, delivery.deliveryId, delivery.topic, delivery.at, delivery.body);
  return fresh !== undefined;
}

/** When a known delivery was processed (null: it failed before and is being retried). */
export async function processedAt(db: Db, deliveryId: string): Promise<string | null> {
  const stored = await db
    .selectFrom('webhook_deliveries')
    .select('processed_at')
    .where('delivery_id', '=', deliveryId)
    .executeTakeFirstOrThrow();
  return stored.processed_at;
}

/** Settles a delivery: processed at `at`, with the error it was refused for (or none). */
export async function settleDelivery(
  db: Db,
  deliveryId: string,
  at: string,
  outcome: { error: string | null; test?: boolean },
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ processed_at: at, error: outcome.error, ...(outcome.test ? { test: 1 } : {}) })
    .where('delivery_id', '=', deliveryId)
    .execute();
}

export interface NewRejection {
  deliveryId: string;
  webhookId: string | null;
  shopDomain: string | null;
  errorId: string;
  at: string;
}

/** Keeps a rejection once per delivery; answers the error id kept (the first one on a retry). */
export async function keepRejectionOnce(db: Db, rejection: NewRejection): Promise<string> {
  const kept = await db
    .insertInto('webhook_rejections')
    .values({
      delivery_id: rejection.deliveryId,
      webhook_id: rejection.webhookId,
      shop_domain: rejection.shopDomain,
      error_id: rejection.errorId,
      rejected_at: rejection.at,
    })
    .onConflict((oc) => oc.column('delivery_id').doNothing())
    .returning('error_id')
    .executeTakeFirst();
  if (kept) return kept.error_id;
  const first = await db
    .selectFrom('webhook_rejections')
    .select('error_id')
    .where('delivery_id', '=', rejection.deliveryId)
    .executeTakeFirstOrThrow();
  return first.error_id;
}

/** Stores a delivery that failed with its error, unsettled; a known one keeps its row but the new error. */
export async function keepFailed(
  db: Db,
  delivery: Omit<StoredDelivery, 'at'> & { receivedAt: string; error: string },
): Promise<void> {
  await db
    .insertInto('webhook_deliveries')
    .values({
      delivery_id: delivery.deliveryId,
      topic: delivery.topic,
      received_at: delivery.receivedAt,
      body: delivery.body,
      processed_at: null,
      error: delivery.error,
    })
    .onConflict((oc) => oc.column('delivery_id').doUpdateSet({ error: delivery.error }))
    .execute();
}
