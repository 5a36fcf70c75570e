// Reads of the measures badges are awarded on, and the award rows themselves. The reads take a
// batch of partners: the sweep weighs hundreds at once, a job or a profile save one.
import type { Db } from '../../db';

export async function paidPayoutCounts(db: Db, partnerIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('payouts')
    .select((eb) => ['partner_id', eb.fn.countAll<number | string>().as('n')])
    .where('partner_id', 'in', partnerIds)
    .where('status', '=', 'PAID')
    .groupBy('partner_id')
    .execute();
  return new Map(rows.map((row) => [row.partner_id, Number(row.n)]));
}

/** Monthly challenges each partner met (their reward paid). */
export async function challengesMetCounts(db: Db, partnerIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('challenge_rewards')
    .select((eb) => ['partner_id', eb.fn.countAll<number | string>().as('n')])
    .where('partner_id', 'in', partnerIds)
    .groupBy('partner_id')
    .execute();
  return new Map(rows.map((row) => [row.partner_id, Number(row.n)]));
}

export function profilesOf(db: Db, partnerIds: number[]) {
  return db
    .selectFrom('partners')
    .select([
      'id',
      'uuid',
      'locale',
      'first_name',
      'last_name',
      'phone',
      'address_1',
      'city',
      'postal',
      'country',
      'paypal_email',
      'about',
      'instagram_url',
      'facebook_url',
      'youtube_url',
      'tiktok_url',
    ])
    .where('id', 'in', partnerIds)
    .execute();
}

export type ProfileRow = Awaited<ReturnType<typeof profilesOf>>[number];

/** The awards of each partner, oldest first. */
export function awardsOf(db: Db, partnerIds: number[]) {
  return db
    .selectFrom('badge_awards')
    .select(['partner_id', 'badge', 'awarded_at'])
    .where('partner_id', 'in', partnerIds)
    .orderBy('awarded_at')
    .orderBy('id')
    .execute();
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

/** The partners of these orders, each once (orders without one left out). */
export async function orderPartners(db: Db, orderIds: number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('orders')
    .select('partner_id')
    .distinct()
    .where('id', 'in', orderIds)
    .where('partner_id', 'is not', null)
    .execute();
  return rows.map((row) => row.partner_id!);
}

export async function payoutPartner(db: Db, payoutId: number): Promise<number | null> {
  const row = await db
    .selectFrom('payouts')
    .select('partner_id')
    .where('id', '=', payoutId)
    .executeTakeFirst();
  return row?.partner_id ?? null;
}

/** A page of partner ids after `afterId`, for the sweep. */
export async function partnerIdsAfter(db: Db, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('partners')
    .select('id')
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
