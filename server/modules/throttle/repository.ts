import { sql } from 'kysely';
import type { Db } from '../../db';

/** Events of each bucket inside the window (buckets without any are left out). */
export async function countEventsSince(
  db: Db,
  buckets: string[],
  since: string,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('throttle_events')
    .select(['bucket', sql<number>`count(*)`.as('n')])
    .where('bucket', 'in', buckets)
    .where('created_at', '>', since)
    .groupBy('bucket')
    .execute();
  return new Map(rows.map((r) => [r.bucket, Number(r.n)]));
}

export async function insertEvents(db: Db, buckets: string[], at: string): Promise<number[]> {
  if (!buckets.length) return [];
  const rows = await db
    .insertInto('throttle_events')
    .values(buckets.map((bucket) => ({ bucket, created_at: at })))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function deleteEventsById(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('throttle_events').where('id', 'in', ids).execute();
}

export async function deleteEvents(db: Db, bucket: string): Promise<void> {
  await db.deleteFrom('throttle_events').where('bucket', '=', bucket).execute();
}

export async function deleteEventsBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('throttle_events').where('created_at', '<', before).execute();
}
