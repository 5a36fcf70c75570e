// The queries of the store connection (issue 30): the stored connection (store_connection, one
// row) and what the portal last learnt from the store with the subscriptions' lease (store_status,
// one row written by migration 029).
import type { Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { StoreConnectionTable, StoreStatusTable } from '../../db/schema';

export const ROW_ID = 1;

export type StoredConnection = Omit<StoreConnectionTable, 'id'>;
export type StoreStatus = Omit<StoreStatusTable, 'id'>;

export function storedConnection(db: Db): Promise<StoredConnection | undefined> {
  return db
    .selectFrom('store_connection')
    .select([
      'shop_domain',
      'admin_token_sealed',
      'webhook_secret_sealed',
      'client_id',
      'token_expires_at',
      'created_at',
      'updated_at',
    ])
    .where('id', '=', ROW_ID)
    .executeTakeFirst();
}

export async function saveConnection(
  db: Db,
  row: {
    shop_domain: string;
    admin_token_sealed: string;
    webhook_secret_sealed: string | null;
    client_id: string | null;
    token_expires_at: string | null;
  },
  at: string,
): Promise<void> {
  await db
    .insertInto('store_connection')
    .values({ id: ROW_ID, ...row, created_at: at, updated_at: at })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        shop_domain: row.shop_domain,
        admin_token_sealed: row.admin_token_sealed,
        webhook_secret_sealed: row.webhook_secret_sealed,
        client_id: row.client_id,
        token_expires_at: row.token_expires_at,
        updated_at: at,
      }),
    )
    .execute();
}

/**
 * Keeps a token the client credentials grant issued in place of the one that was stored (`was`),
 * for the same app of the same shop: a connection changed meanwhile is left as it is.
 */
export async function saveGrantedToken(
  db: Db,
  was: { shop_domain: string; client_id: string; admin_token_sealed: string },
  granted: { admin_token_sealed: string; token_expires_at: string },
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('store_connection')
    .set({ ...granted, updated_at: at })
    .where('id', '=', ROW_ID)
    .where('shop_domain', '=', was.shop_domain)
    .where('client_id', '=', was.client_id)
    .where('admin_token_sealed', '=', was.admin_token_sealed)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteConnection(db: Db): Promise<boolean> {
  const result = await db.deleteFrom('store_connection').where('id', '=', ROW_ID).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function storeStatus(db: Db): Promise<StoreStatus | undefined> {
  return db
    .selectFrom('store_status')
    .select([
      'shop_domain',
      'shop_name',
      'currency',
      'scopes',
      'checked_at',
      'check_error',
      'topics',
      'subscriptions_checked_at',
      'subscriptions_error',
      'next_check_at',
      'locked_until',
      'updated_at',
    ])
    .where('id', '=', ROW_ID)
    .executeTakeFirst();
}

export async function updateStatus(db: Db, set: Updateable<StoreStatusTable>): Promise<void> {
  await db.updateTable('store_status').set(set).where('id', '=', ROW_ID).execute();
}

/**
 * Claims the subscriptions' check until `leaseUntil` (this node alone holds it), by a conditional
 * update of the one row, as store-sync/repository.ts claims a code: on PostgreSQL a second node's
 * update waits for the first, then no longer matches; on SQLite writes are serial. `due` false
 * claims it even before its next check is due (a connection just made), never from another holder.
 */
export async function claimSubscriptionsCheck(
  db: Db,
  at: string,
  leaseUntil: string,
  due: boolean,
): Promise<boolean> {
  let query = db
    .updateTable('store_status')
    .set({ locked_until: leaseUntil })
    .where('id', '=', ROW_ID)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]));
  if (due) query = query.where('next_check_at', '<=', at);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The check's outcome, while this node still holds the lease; false when it was lost. */
export async function recordCheck(
  db: Db,
  leaseUntil: string,
  set: Updateable<StoreStatusTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('store_status')
    .set({ ...set, locked_until: null })
    .where('id', '=', ROW_ID)
    .where('locked_until', '=', leaseUntil)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Per topic (as webhook_deliveries stores it): the last delivery received. */
export async function lastDeliveries(db: Db, topics: readonly string[]): Promise<Map<string, string>> {
  const rows = await Promise.all(
    topics.map((topic) =>
      db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.max('received_at').as('at'))
        .where('topic', '=', topic)
        .executeTakeFirst()
        .then((row) => [topic, row?.at ?? null] as const),
    ),
  );
  return new Map(rows.filter((row): row is readonly [string, string] => row[1] !== null));
}

/** Per topic: deliveries refused (kept in webhook_rejections) since `since`. */
export async function refusedSince(
  db: Db,
  topics: readonly string[],
  since: string,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('webhook_rejections as r')
    .innerJoin('webhook_deliveries as d', 'd.delivery_id', 'r.delivery_id')
    .select(['d.topic', sql<number>`count(*)`.as('n')])
    .where('d.topic', 'in', [...topics])
    .where('r.rejected_at', '>=', since)
    .groupBy('d.topic')
    .execute();
  return new Map(rows.map((row) => [row.topic, Number(row.n)]));
}
