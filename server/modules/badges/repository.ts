// Reads of the measures badges are awarded on, and the award rows themselves.
import type { Db } from '../../db';

export async function paidPayouts(db: Db, partnerId: number): Promise<number> {
  const row = await db
    .selectFrom('payouts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('partner_id', '=', partnerId)
    .where('status', '=', 'PAID')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function profileOf(db: Db, partnerId: number) {
  return db
    .selectFrom('partners')
    .select(['uuid', 'locale', 'first_name', 'last_name', 'phone', 'address_1', 'city', 'postal', 'country', 'paypal_email', 'about', 'instagram_url', 'facebook_url', 'youtube_url', 'tiktok_url'])
    .where('id', '=', partnerId)
    .executeTakeFirst();
}

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof profileOf>>>;

export function awardsOf(db: Db, partnerId: number) {
  return db.selectFrom('badge_awards').select(['badge', 'awarded_at']).where('partner_id', '=', partnerId).execute();
}

/** Records an award once; answers whether this call made it. */
export async function insertAward(db: Db, partnerId: number, badge: string, at: string): Promise<boolean> {
  const inserted = await db
    .insertInto('badge_awards')
    .values({ partner_id: partnerId, badge, awarded_at: at })
    .onConflict((oc) => oc.columns(['partner_id', 'badge']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function orderPartner(db: Db, orderId: number): Promise<number | null> {
  const row = await db.selectFrom('orders').select('partner_id').where('id', '=', orderId).executeTakeFirst();
  return row?.partner_id ?? null;
}

export async function payoutPartner(db: Db, payoutId: number): Promise<number | null> {
  const row = await db.selectFrom('payouts').select('partner_id').where('id', '=', payoutId).executeTakeFirst();
  return row?.partner_id ?? null;
}

/**
 * Partners who may be owed a badge: some sale, some earning or some paid payout, and fewer awards
 * than badges. The sweep then weighs each one by the rules.
 */
export async function partnersWithActivity(db: Db, badgeCount: number, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('partners')
    .select('partners.id')
    .where('partners.id', '>', afterId)
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('partner_sales_stats as s').select('s.partner_id').whereRef('s.partner_id', '=', 'partners.id').where('s.period', '=', 'a').where('s.orders', '>', 0)),
        eb.exists(eb.selectFrom('payouts as p').select('p.id').whereRef('p.partner_id', '=', 'partners.id').where('p.status', '=', 'PAID')),
        eb.and([eb('partners.paypal_email', 'is not', null), eb('partners.about', 'is not', null)]),
      ]),
    )
    .where((eb) => eb(eb.selectFrom('badge_awards as b').select((b) => b.fn.countAll<number>().as('n')).whereRef('b.partner_id', '=', 'partners.id'), '<', badgeCount))
    .orderBy('partners.id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
