// The queries of the discount push: one row of store_code_syncs per queued promo code.
import type { ExpressionBuilder, Updateable } from 'kysely';
import type { Db } from '../../db';
import { prepared } from '../../db/prepared';
import type { Database, StoreCodeSyncsTable } from '../../db/schema';

export type StoreCodeSync = {
  promo_code_id: number;
  state: StoreCodeSyncsTable['state'];
  store_id: string | null;
  message: string | null;
  attempts: number;
  throttled: number;
  next_attempt_at: string | null;
  locked_until: string | null;
  revision: number;
  created_at: string;
  updated_at: string;
};

/**
 * Queues the code's push, due now: a new row, or the existing one back to pending with a new
 * revision. A push in flight keeps its lease (no other node may push the code meanwhile); its
 * outcome then sees the new revision and leaves the request standing.
 */
export async function upsertPending(trx: Db, promoCodeId: number, at: string): Promise<void> {
  await trx
    .insertInto('store_code_syncs')
    .values({
      promo_code_id: promoCodeId,
      state: 'pending',
      next_attempt_at: at,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.column('promo_code_id').doUpdateSet((eb) => ({
        state: 'pending',
        message: null,
        attempts: 0,
        throttled: 0,
        next_attempt_at: at,
        revision: eb('store_code_syncs.revision', '+', 1),
        updated_at: at,
      })),
    )
    .execute();
}

// A partner's page reads the push of their code (almost always one): compiled once.
const syncOfOne = prepared(1, (db, promoCodeId: number) =>
  db.selectFrom('store_code_syncs').selectAll().where('promo_code_id', '=', promoCodeId),
);

export function syncsOf(db: Db, promoCodeIds: number[]): Promise<StoreCodeSync[]> {
  if (promoCodeIds.length === 0) return Promise.resolve([]);
  if (promoCodeIds.length === 1) return syncOfOne(db, promoCodeIds[0]!);
  return db.selectFrom('store_code_syncs').selectAll().where('promo_code_id', 'in', promoCodeIds).execute();
}

const isDue = (at: string) => (eb: ExpressionBuilder<Database, 'store_code_syncs'>) =>
  eb.and([
    eb('state', '=', 'pending'),
    eb('next_attempt_at', '<=', at),
    eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]),
  ]);

/**
 * Claims the next code due (this node alone holds it until `leaseUntil`), by a conditional update:
 * on PostgreSQL a second node's update of the same row waits for the first and then no longer
 * matches; on SQLite writes are serial.
 */
export async function claimNextDue(
  db: Db,
  at: string,
  leaseUntil: string,
): Promise<(StoreCodeSync & { code: string; value_bp: number }) | undefined> {
  for (;;) {
    const due = await db
      .selectFrom('store_code_syncs')
      .select('promo_code_id')
      .where(isDue(at))
      .orderBy('next_attempt_at')
      .orderBy('promo_code_id')
      .limit(1)
      .executeTakeFirst();
    if (!due) return undefined;
    const claimed = await db
      .updateTable('store_code_syncs')
      .set((eb) => ({ locked_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
      .where('promo_code_id', '=', due.promo_code_id)
      .where(isDue(at))
      .returningAll()
      .executeTakeFirst();
    if (!claimed) continue; // another node took it between our read and our update
    const code = await db
      .selectFrom('promo_codes')
      .select(['code', 'value_bp'])
      .where('id', '=', claimed.promo_code_id)
      .executeTakeFirstOrThrow();
    return { ...claimed, ...code };
  }
}

/**
 * Writes a push's outcome while this node still holds the code's lease. When a new request came
 * meanwhile (another revision), only what stays true is kept: the store's id of a discount just
 * created, and the lease is given up so the request runs now. Answers false when the lease was
 * lost (the outcome is someone else's to write then).
 */
export async function recordOutcome(
  db: Db,
  claim: { promo_code_id: number; locked_until: string | null; revision: number },
  set: Updateable<StoreCodeSyncsTable>,
  storeId: string | null,
): Promise<boolean> {
  const held = db
    .updateTable('store_code_syncs')
    .where('promo_code_id', '=', claim.promo_code_id)
    .where('locked_until', '=', claim.locked_until);
  const current = await held
    .set({ ...set, locked_until: null })
    .where('revision', '=', claim.revision)
    .executeTakeFirst();
  if (Number(current.numUpdatedRows) > 0) return true;
  const superseded = await held
    .set({ locked_until: null, ...(storeId ? { store_id: storeId } : {}) })
    .executeTakeFirst();
  return Number(superseded.numUpdatedRows) > 0;
}

/** A failed push back to pending, due now; false when it is not failed (any more). */
export async function requeueFailed(trx: Db, promoCodeId: number, at: string): Promise<boolean> {
  const result = await trx
    .updateTable('store_code_syncs')
    .set((eb) => ({
      state: 'pending',
      message: null,
      attempts: 0,
      throttled: 0,
      next_attempt_at: at,
      revision: eb('revision', '+', 1),
      updated_at: at,
    }))
    .where('promo_code_id', '=', promoCodeId)
    .where('state', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The next failed pushes after `afterId` (by promo code id), each with its code. */
export function failedSyncsAfter(
  db: Db,
  afterId: number,
  limit: number,
): Promise<(StoreCodeSync & { code: string })[]> {
  return db
    .selectFrom('store_code_syncs as s')
    .innerJoin('promo_codes as c', 'c.id', 's.promo_code_id')
    .selectAll('s')
    .select('c.code')
    .where('s.state', '=', 'failed')
    .where('s.promo_code_id', '>', afterId)
    .orderBy('s.promo_code_id')
    .limit(limit)
    .execute();
}

/**
 * These failed pushes back to pending, due now, as requeueFailed does one; answers the ids it
 * moved. A push another request moved first (no longer failed) is left out: on PostgreSQL the
 * second update waits for the first and then no longer matches.
 */
export async function requeueFailedMany(trx: Db, promoCodeIds: number[], at: string): Promise<Set<number>> {
  if (promoCodeIds.length === 0) return new Set();
  const moved = await trx
    .updateTable('store_code_syncs')
    .set((eb) => ({
      state: 'pending',
      message: null,
      attempts: 0,
      throttled: 0,
      next_attempt_at: at,
      revision: eb('revision', '+', 1),
      updated_at: at,
    }))
    .where('promo_code_id', 'in', promoCodeIds)
    .where('state', '=', 'failed')
    .returning('promo_code_id')
    .execute();
  return new Set(moved.map((row) => row.promo_code_id));
}
