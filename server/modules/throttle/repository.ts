import { sql } from 'kysely';
import type { Db } from '../../db';

export async function countEventsSince(db: Db, bucket: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('throttle_events')
    .select(sql<number>`count(*)`.as('n'))
    .where('bucket', '=', bucket)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertEvents(db: Db, buckets: string[], at: string): Promise<void> {
  if (buckets.length) await db.insertInto('throttle_events').values(buckets.map((bucket) => ({ bucket, created_at: at }))).execute();
}

export async function deleteEvents(db: Db, bucket: string): Promise<void> {
  await db.deleteFrom('throttle_events').where('bucket', '=', bucket).execute();
}

export async function deleteEventsBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('throttle_events').where('created_at', '<', before).execute();
}
