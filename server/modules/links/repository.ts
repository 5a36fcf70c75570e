import { sql } from 'kysely';
import type { Insertable } from 'kysely';
import type { Db } from '../../db';
import type { LinkClicksTable } from '../../db/schema';

export function insertClick(db: Db, row: Insertable<LinkClicksTable>) {
  return db.insertInto('link_clicks').values(row).execute();
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
export async function ordersPerDay(db: Db, partnerId: number, from: string, dayOf: (placedAt: string) => string): Promise<Map<string, number>> {
  const { rows } = await sql<{ placed_at: string }>`
    select placed_at from orders
    where partner_id = ${partnerId} and voucher_id is null and status != 'created' and placed_at >= ${from}`.execute(db);
  const perDay = new Map<string, number>();
  for (const { placed_at: at } of rows) {
    const day = dayOf(at);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  return perDay;
}
