import { sql } from 'kysely';
import type { Insertable } from 'kysely';
import type { Db } from '../../db';
import type { LinkClicksTable } from '../../db/schema';

export function insertClick(db: Db, row: Insertable<LinkClicksTable>) {
  return db.insertInto('link_clicks').values(row).execute();
}

/** True while the visitor's last counted visit of the code is less than its window old. */
export async function visitorSeen(db: Db, visitorKey: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('link_visitors')
    .select('visitor_key')
    .where('visitor_key', '=', visitorKey)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Claims the visitor's visit until `expiresAt`: true when the visitor is new or their window has
 * ended, false while another visit holds it. One statement, so atomic on both databases: of two
 * visits racing (on any node) the unique key lets one insert, and the other sees its row.
 */
export async function claimVisitor(
  db: Db,
  visitorKey: string,
  now: string,
  expiresAt: string,
): Promise<boolean> {
  const claimed = await db
    .insertInto('link_visitors')
    .values({ visitor_key: visitorKey, expires_at: expiresAt })
    .onConflict((oc) =>
      oc
        .column('visitor_key')
        .doUpdateSet({ expires_at: expiresAt })
        .where('link_visitors.expires_at', '<=', now),
    )
    .returning('visitor_key')
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function forgetExpiredVisitors(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('link_visitors').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The partner's clicks per day (as recorded) from `from` (a day key) on; bots left out. */
export async function clicksPerDay(db: Db, partnerId: number, from: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('link_clicks')
    .select((eb) => ['day', eb.fn.countAll<number | string>().as('clicks')])
    .where('partner_id', '=', partnerId)
    .where('day', '>=', from)
    .where('device', '<>', 'bot')
    .groupBy('day')
    .execute();
  return new Map(rows.map((r) => [r.day, Number(r.clicks)]));
}

/**
 * The partner's store orders (own-voucher orders left out) placed from `from` (an instant) on,
 * counted per day as `dayOf` cuts them (the program's calendar: SQL has no time zones on SQLite).
 */
export async function ordersPerDay(
  db: Db,
  partnerId: number,
  from: string,
  dayOf: (placedAt: string) => string,
): Promise<Map<string, number>> {
  const { rows } = await sql<{ placed_at: string }>`
    select placed_at from orders
    where partner_id = ${partnerId} and voucher_id is null and status != 'created' and placed_at >= ${from}`.execute(
    db,
  );
  const perDay = new Map<string, number>();
  for (const { placed_at: at } of rows) {
    const day = dayOf(at);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  return perDay;
}
