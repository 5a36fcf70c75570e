// Queries of monthly challenges, the partners' standing in them, and their rewards.
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { ChallengeMetric, ChallengesTable } from '../../db/schema';

export type ChallengeRow = Omit<ChallengesTable, 'id'>;

export function insertChallenge(db: Db, row: ChallengeRow) {
  return db.insertInto('challenges').values(row).returning('id').executeTakeFirstOrThrow();
}

export function updateChallenge(db: Db, id: number, change: Partial<ChallengeRow>) {
  return db.updateTable('challenges').set(change).where('id', '=', id).executeTakeFirst();
}

export function findChallenge(db: Db, id: number) {
  return db.selectFrom('challenges').selectAll().where('id', '=', id).executeTakeFirst();
}

export function deleteChallenge(db: Db, id: number) {
  return db.deleteFrom('challenges').where('id', '=', id).executeTakeFirst();
}

export async function countChallenges(db: Db): Promise<number> {
  return Number(
    (
      await db
        .selectFrom('challenges')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

/** A page of challenges, newest month first; or, with `id`, that one. */
export function challengeRows(db: Db, which: { limit: number; offset: number } | { id: number }) {
  let q = db
    .selectFrom('challenges')
    .leftJoin('staff_users', 'staff_users.id', 'challenges.author_staff_id')
    .selectAll('challenges')
    .select('staff_users.name as author');
  q =
    'id' in which
      ? q.where('challenges.id', '=', which.id)
      : q
          .orderBy('challenges.month', 'desc')
          .orderBy('challenges.id', 'desc')
          .limit(which.limit)
          .offset(which.offset);
  return q.execute();
}

export function challengesOfMonths(db: Db, from: string, to: string) {
  return db
    .selectFrom('challenges')
    .selectAll()
    .where('month', '>=', from)
    .where('month', '<=', to)
    .orderBy('id')
    .execute();
}

/** Every partner's running totals of one month (all regions together). */
const monthTotals = (db: Db, monthStart: string) =>
  db
    .selectFrom('partner_sales_stats')
    .where('partner_sales_stats.period', '=', 'm')
    .where('partner_sales_stats.start', '=', monthStart)
    .where('partner_sales_stats.geo', '=', '');

/** The running total a metric reads in a partner's month row. */
const measureColumn = (metric: ChallengeMetric) => (metric === 'sales_count' ? 'orders' : 'sales_cents');

/**
 * Partners at or past the target this month who have not been rewarded yet; with `readers`, only
 * those who read the challenge's one language (French readers, or everyone else).
 */
export function unrewardedAtTarget(
  db: Db,
  challengeId: number,
  monthStart: string,
  metric: ChallengeMetric,
  target: number,
  readers: 'en' | 'fr' | null,
) {
  let q = monthTotals(db, monthStart)
    .select('partner_sales_stats.partner_id')
    .where(`partner_sales_stats.${measureColumn(metric)}`, '>=', target)
    .where(
      'partner_sales_stats.partner_id',
      'not in',
      db.selectFrom('challenge_rewards').select('partner_id').where('challenge_id', '=', challengeId),
    );
  if (readers)
    q = q
      .innerJoin('partners', 'partners.id', 'partner_sales_stats.partner_id')
      .where('partners.locale', readers === 'fr' ? '=' : '<>', 'fr');
  return q.execute();
}

/**
 * What the partners' sales of the month weigh: orders paid in it (own-voucher orders left out),
 * how many and their sales net of refunds. `live`: every sale whose commission counts now (pending
 * ones included, refused or held for review left out, a fully refunded one left out);
 * `verified`: only those whose commission is APPROVED or PAID.
 */
export async function monthSales(
  db: Db,
  partnerIds: number[],
  from: string,
  until: string,
  which: 'live' | 'verified',
) {
  if (!partnerIds.length) return new Map<number, { orders: number; sales_cents: number }>();
  let q = db
    .selectFrom('orders')
    .innerJoin('earnings', (j) =>
      j.onRef('earnings.order_id', '=', 'orders.id').on('earnings.kind', '=', 'sale'),
    )
    .select([
      'orders.partner_id',
      sql<number>`count(*)`.as('orders'),
      sql<number>`sum(orders.subtotal_cents - orders.refunded_cents)`.as('sales_cents'),
    ])
    .where('orders.partner_id', 'in', partnerIds)
    // Paid in the month, as the running totals count them.
    .where('orders.paid_at', '>=', from)
    .where('orders.paid_at', '<', until)
    .where('orders.voucher_id', 'is', null)
    .where('orders.status', '=', 'paid')
    .where(sql<boolean>`orders.subtotal_cents > orders.refunded_cents`);
  q =
    which === 'verified'
      ? q.where('earnings.status', 'in', ['APPROVED', 'PAID'])
      : q.where('earnings.status', 'not in', ['REJECTED', 'IN_REVIEW']);
  const rows = await q.groupBy('orders.partner_id').execute();
  return new Map(
    rows.map((row) => [
      Number(row.partner_id),
      { orders: Number(row.orders), sales_cents: Number(row.sales_cents) },
    ]),
  );
}

/**
 * How many partners' month running totals reach `target` (read from the totals' index). The totals
 * still count a fully refunded order as an order.
 */
export async function countAtTarget(
  db: Db,
  monthStart: string,
  metric: ChallengeMetric,
  target: number,
): Promise<number> {
  const row = await monthTotals(db, monthStart)
    .select(sql<number>`count(*)`.as('n'))
    .where(`partner_sales_stats.${measureColumn(metric)}`, '>=', target)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function rewardCounts(db: Db, challengeIds: number[]): Promise<Map<number, number>> {
  if (!challengeIds.length) return new Map();
  const rows = await db
    .selectFrom('challenge_rewards')
    .select(['challenge_id', sql<number>`count(*)`.as('n')])
    .where('challenge_id', 'in', challengeIds)
    .groupBy('challenge_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.challenge_id), Number(row.n)]));
}

/** Claims the reward of (challenge, partner): true for the one caller that inserted the row. */
export async function claimReward(
  db: Db,
  row: { challenge_id: number; partner_id: number; progress: number; rewarded_at: string },
): Promise<number | undefined> {
  const inserted = await db
    .insertInto('challenge_rewards')
    .values({ ...row, earning_id: null, voucher_id: null })
    .onConflict((oc) => oc.columns(['challenge_id', 'partner_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export function noteRewardPaid(db: Db, id: number, paid: { earning_id?: number; voucher_id?: number }) {
  return db.updateTable('challenge_rewards').set(paid).where('id', '=', id).execute();
}

export function rewardsOfPartner(db: Db, partnerId: number, challengeIds: number[]) {
  if (!challengeIds.length) return Promise.resolve([]);
  return db
    .selectFrom('challenge_rewards')
    .select(['challenge_id', 'rewarded_at'])
    .where('partner_id', '=', partnerId)
    .where('challenge_id', 'in', challengeIds)
    .execute();
}

/** The partners who sold in the month, best measure first, with their reward if paid (staff's "who met it"). */
export function standingsPage(
  db: Db,
  challengeId: number,
  monthStart: string,
  metric: ChallengeMetric,
  limit: number,
  offset: number,
) {
  return monthTotals(db, monthStart)
    .innerJoin('partners', 'partners.id', 'partner_sales_stats.partner_id')
    .leftJoin('challenge_rewards', (j) =>
      j
        .onRef('challenge_rewards.partner_id', '=', 'partner_sales_stats.partner_id')
        .on('challenge_rewards.challenge_id', '=', challengeId),
    )
    .select([
      'partner_sales_stats.partner_id',
      'partners.uuid',
      'partners.email',
      'partners.first_name',
      'partners.last_name',
      'challenge_rewards.rewarded_at',
    ])
    .where('partner_sales_stats.orders', '>', 0)
    .orderBy(`partner_sales_stats.${measureColumn(metric)}`, 'desc')
    .orderBy('partners.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countSellers(db: Db, monthStart: string): Promise<number> {
  const row = await monthTotals(db, monthStart)
    .select(sql<number>`count(*)`.as('n'))
    .where('partner_sales_stats.orders', '>', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function partnerProfile(db: Db, partnerId: number) {
  return db
    .selectFrom('partners')
    .select(['id', 'uuid', 'locale'])
    .where('id', '=', partnerId)
    .executeTakeFirst();
}
