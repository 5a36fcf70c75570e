import { sql } from 'kysely';
import type { Insertable } from 'kysely';
import type { Db } from '../../db';
import type { LinkClicksTable } from '../../db/schema';

export function insertClick(db: Db, row: Insertable<LinkClicksTable>) {
  return db.insertInto('link_clicks').values(row).execute();
}

/** The partner's clicks per UTC day from `from` (a day key) on; bots left out. */
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

/** The partner's store orders (own-voucher orders left out) per UTC day of placing, from `from` on. */
export async function ordersPerDay(db: Db, partnerId: number, from: string): Promise<Map<string, number>> {
  const { rows } = await sql<{ day: string; orders: number | string }>`
    select substr(placed_at, 1, 10) as day, count(*) as orders from orders
    where partner_id = ${partnerId} and voucher_id is null and status != 'created' and placed_at >= ${from}
    group by substr(placed_at, 1, 10)`.execute(db);
  return new Map(rows.map((r) => [r.day, Number(r.orders)]));
}
