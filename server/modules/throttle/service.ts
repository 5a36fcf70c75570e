// Counting attempts per bucket (an e-mail, an IP) in a sliding window. The events live in the
// database, so every server node sees the same counts without Redis.
import type { Db } from '../../db';
import { tooManyRequests } from '../../errors';
import { countEventsSince, deleteEvents, deleteEventsBefore, insertEvents } from './repository';

export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

/** Throws 429 when any bucket already holds `limit` events inside the window. */
export async function assertNotThrottled(db: Db, buckets: string[], rule: ThrottleRule, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - rule.windowMs).toISOString();
  for (const bucket of buckets) {
    if ((await countEventsSince(db, bucket, since)) >= rule.limit) throw tooManyRequests();
  }
}

export async function recordAttempt(db: Db, buckets: string[], rule: ThrottleRule, now = new Date()): Promise<void> {
  await insertEvents(db, buckets, now.toISOString());
  // Old events are worthless; dropping them now and then keeps the table small.
  if (Math.random() < 0.02) await deleteEventsBefore(db, new Date(now.getTime() - Math.max(rule.windowMs, 86_400_000)).toISOString());
}

export async function clearAttempts(db: Db, bucket: string): Promise<void> {
  await deleteEvents(db, bucket);
}
