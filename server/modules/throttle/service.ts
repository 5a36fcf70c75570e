// Counting attempts per bucket (an e-mail, an IP) in a sliding window. With REDIS_URL the counts
// live in Redis (stores/redis.ts); otherwise the events live in the database, which every node of
// one PostgreSQL database shares as well (decisions/043).
//
// An attempt is counted before it is made, never after: checking a count and recording the
// attempt later lets attempts that arrive together all pass the check (30 passwords sent at
// once all reached the password check). Reserving writes the attempt's events and counts them
// in one transaction that holds the buckets' locks, so reservations of the same bucket, on any
// node, happen one after the other and each sees all those before it (decisions/016).
import type { Db } from '../../db';
import { lockKeys, nowIso } from '../../db/dialect';
import { retryOnConflict } from '../../db/retry';
import { tooManyRequests } from '../../errors';
import { sharedStoresOf } from '../../stores';
import type { RateStore, ThrottleRule } from '../../stores';
import {
  countEventsSince,
  deleteEvents,
  deleteEventsBefore,
  deleteEventsById,
  insertEvents,
} from './repository';

export type { ThrottleRule };

/** An attempt counted in its buckets. */
export interface Reservation {
  /** Takes the attempt back, as if it had never been made (a sign-in that succeeded is no failure). */
  release(): Promise<void>;
}

// The advisory-lock namespace of throttle buckets on PostgreSQL ("th").
const LOCK_NAMESPACE = 0x7468;

class Refused extends Error {}

/**
 * Counts an attempt in every bucket, unless one of them already holds `limit` attempts inside
 * the window: then nothing is counted and the answer is null.
 */
export function tryReserveAttempt(
  db: Db,
  buckets: string[],
  rule: ThrottleRule,
  now = new Date(),
): Promise<Reservation | null> {
  return rateStoreOf(db).reserve(buckets, rule, now);
}

/** The store the app runs with: Redis's with REDIS_URL, else the database's. */
function rateStoreOf(db: Db): RateStore {
  return sharedStoresOf(db)?.rate ?? databaseRateStore(db);
}

/** The embedded rate store: events in the database, reserved under the buckets' locks. */
export function databaseRateStore(db: Db): RateStore {
  return {
    reserve: (buckets, rule, now) => reserveInDatabase(db, buckets, rule, now),
    clear: (bucket) => deleteEvents(db, bucket),
  };
}

async function reserveInDatabase(
  db: Db,
  buckets: string[],
  rule: ThrottleRule,
  now: Date,
): Promise<Reservation | null> {
  const since = new Date(now.getTime() - rule.windowMs).toISOString();
  let ids: number[];
  try {
    ids = await retryOnConflict(() =>
      db.transaction().execute(async (trx) => {
        await lockKeys(trx, LOCK_NAMESPACE, buckets);
        // Written first, then counted with the others: a refusal rolls the events back.
        const inserted = await insertEvents(trx, buckets, nowIso(now));
        const counts = await countEventsSince(trx, buckets, since);
        if (buckets.some((bucket) => (counts.get(bucket) ?? 0) > rule.limit)) throw new Refused();
        return inserted;
      }),
    );
  } catch (error) {
    if (error instanceof Refused) return null;
    throw error;
  }
  // Old events are worthless; dropping them now and then keeps the table small.
  if (Math.random() < 0.02)
    await deleteEventsBefore(db, new Date(now.getTime() - Math.max(rule.windowMs, 86_400_000)).toISOString());
  return { release: () => deleteEventsById(db, ids) };
}

/** As tryReserveAttempt, but a refusal is the 429 `Too many requests`. */
export async function reserveAttempt(
  db: Db,
  buckets: string[],
  rule: ThrottleRule,
  now = new Date(),
): Promise<Reservation> {
  const reservation = await tryReserveAttempt(db, buckets, rule, now);
  if (!reservation) throw tooManyRequests();
  return reservation;
}

export async function clearAttempts(db: Db, bucket: string): Promise<void> {
  await rateStoreOf(db).clear(bucket);
}
