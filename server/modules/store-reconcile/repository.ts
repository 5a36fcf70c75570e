// The queries of the reconciliation with the store: its one row of store_reconciliation (id 1),
// claimed with a lease by a conditional update as store-sync/repository.ts claims a code.
import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../db';
import type { StoreReconciliationTable } from '../../db/schema';

export type ReconciliationRow = Selectable<StoreReconciliationTable>;
const ROW = 1;

export function readReconciliation(db: Db): Promise<ReconciliationRow | undefined> {
  return db.selectFrom('store_reconciliation').selectAll().where('id', '=', ROW).executeTakeFirst();
}

/** What the overview's "needs a look" reads of the row: the last round and the last misses. */
export function readAttention(db: Db) {
  return db
    .selectFrom('store_reconciliation')
    .select([
      'last_run_at',
      'last_error',
      'missed_at',
      'missed_orders',
      'missed_cancellations',
      'missed_refunds',
    ])
    .where('id', '=', ROW)
    .executeTakeFirst();
}

/** The row, made when it is missing (the first round ever). */
export async function ensureReconciliation(db: Db, at: string): Promise<void> {
  await db
    .insertInto('store_reconciliation')
    .values({ id: ROW, updated_at: at })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/**
 * Claims the round for this node until `leaseUntil`: no other node holds it, and it is due (its
 * last round began before `dueBefore`, or a pass stopped half-way without an error waits to go on). On PostgreSQL a
 * second node's update waits for the first and then no longer matches; on SQLite writes are
 * serial. Answers the row as claimed, or undefined.
 */
export function claimReconciliation(
  db: Db,
  at: string,
  dueBefore: string,
  leaseUntil: string,
): Promise<ReconciliationRow | undefined> {
  return db
    .updateTable('store_reconciliation')
    .set({ locked_until: leaseUntil })
    .where('id', '=', ROW)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
    .where((eb) =>
      eb.or([
        eb('last_run_at', 'is', null),
        eb('last_run_at', '<=', dueBefore),
        // A pass stopped by its page budget or a restart goes on at once; one stopped by an error waits its turn.
        eb.and([eb('pass_from', 'is not', null), eb('last_error', 'is', null)]),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
}

/**
 * Writes what this node did while it still holds the lease `heldUntil` (and moves the lease to
 * `set.locked_until` when given): false when the lease was lost, and nothing is written then.
 */
export async function writeHeld(
  db: Db,
  heldUntil: string,
  set: Updateable<StoreReconciliationTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('store_reconciliation')
    .set(set)
    .where('id', '=', ROW)
    .where('locked_until', '=', heldUntil)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether the ledger knows the store's order (by its shopify_order_id). */
export async function ledgerHasOrder(db: Db, shopifyOrderId: string): Promise<boolean> {
  return Boolean(
    await db
      .selectFrom('orders')
      .select('id')
      .where('shopify_order_id', '=', shopifyOrderId)
      .executeTakeFirst(),
  );
}
