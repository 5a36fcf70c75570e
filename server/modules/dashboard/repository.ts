// Read-side queries of the partner's dashboard. Every figure comes from the ledger, always
// filtered by the partner's own id.
import { sql } from 'kysely';
import type { Db } from '../../db';

/** Earnings that count as earned: not refused, not held for review. */
export const EARNED = ['PENDING', 'APPROVED', 'PAID'] as const;

export async function orderStats(db: Db, partnerId: number, from?: string, to?: string) {
  let q = db
    .selectFrom('orders')
    .select([sql<number>`count(*)`.as('orders'), sql<number>`coalesce(sum(subtotal_cents - refunded_cents), 0)`.as('cents')])
    .where('partner_id', '=', partnerId)
    .where('status', '=', 'paid')
    .where('voucher_id', 'is', null);
  if (from) q = q.where('placed_at', '>=', from);
  if (to) q = q.where('placed_at', '<', to);
  const row = await q.executeTakeFirstOrThrow();
  return { orders: Number(row.orders), cents: Number(row.cents) };
}

export async function earnedCents(db: Db, partnerId: number, from?: string, to?: string): Promise<number> {
  let q = db
    .selectFrom('earnings')
    .select(sql<number>`coalesce(sum(amount_cents), 0)`.as('cents'))
    .where('partner_id', '=', partnerId)
    .where('status', 'in', EARNED);
  if (from) q = q.where('created_at', '>=', from);
  if (to) q = q.where('created_at', '<', to);
  return Number((await q.executeTakeFirstOrThrow()).cents);
}

export async function earningsByStatusAndKind(db: Db, partnerId: number) {
  const rows = await db
    .selectFrom('earnings')
    .select(['status', 'kind', sql<number>`coalesce(sum(amount_cents), 0)`.as('cents'), sql<number>`count(*)`.as('n')])
    .where('partner_id', '=', partnerId)
    .groupBy(['status', 'kind'])
    .execute();
  return rows.map((r) => ({ status: r.status, kind: r.kind, cents: Number(r.cents), n: Number(r.n) }));
}

export async function geoBreakdown(db: Db, partnerId: number) {
  const rows = await db
    .selectFrom('orders')
    .select(['geo', sql<number>`count(*)`.as('orders'), sql<number>`coalesce(sum(subtotal_cents - refunded_cents), 0)`.as('cents')])
    .where('partner_id', '=', partnerId)
    .where('status', '=', 'paid')
    .where('voucher_id', 'is', null)
    .groupBy('geo')
    .execute();
  return rows.map((r) => ({ geo: r.geo, orders: Number(r.orders), cents: Number(r.cents) }));
}

/** Paid orders and their sale earnings since `from`, for the chart (bucketed in code). */
export async function ordersSince(db: Db, partnerId: number, from: string) {
  return db
    .selectFrom('orders')
    .leftJoin('earnings', (j) => j.onRef('earnings.order_id', '=', 'orders.id').on('earnings.kind', '=', 'sale').on('earnings.partner_id', '=', partnerId))
    .select(['orders.placed_at', 'orders.subtotal_cents', 'orders.refunded_cents', 'earnings.amount_cents', 'earnings.status'])
    .where('orders.partner_id', '=', partnerId)
    .where('orders.status', '=', 'paid')
    .where('orders.voucher_id', 'is', null)
    .where('orders.placed_at', '>=', from)
    .execute();
}

export async function countSaleRows(db: Db, partnerId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select(sql<number>`count(*)`.as('n'))
    .where('partner_id', '=', partnerId)
    .where('voucher_id', 'is', null)
    .where('status', '!=', 'created')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The partner's own store orders (own-voucher orders left out), newest first. */
export function saleRows(db: Db, partnerId: number, limit: number, offset: number) {
  return db
    .selectFrom('orders')
    .leftJoin('earnings', (j) => j.onRef('earnings.order_id', '=', 'orders.id').on('earnings.kind', '=', 'sale').on('earnings.partner_id', '=', partnerId))
    .select([
      'orders.id',
      'orders.order_number',
      'orders.placed_at',
      'orders.subtotal_cents',
      'orders.refunded_cents',
      'orders.country_code',
      'orders.geo',
      'orders.status as order_status',
      'earnings.amount_cents',
      'earnings.status',
    ])
    .where('orders.partner_id', '=', partnerId)
    .where('orders.voucher_id', 'is', null)
    .where('orders.status', '!=', 'created')
    .orderBy('orders.placed_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countReferralRows(db: Db, partnerId: number): Promise<number> {
  const row = await db
    .selectFrom('earnings')
    .select(sql<number>`count(*)`.as('n'))
    .where('partner_id', '=', partnerId)
    .where('kind', '=', 'referral')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Referral earnings with the order and the referred partner's name, newest first. */
export function referralRows(db: Db, partnerId: number, limit: number, offset: number) {
  return db
    .selectFrom('earnings')
    .innerJoin('orders', 'orders.id', 'earnings.order_id')
    .innerJoin('partners as referred', 'referred.id', 'orders.partner_id')
    .select([
      'orders.id',
      'orders.order_number',
      'orders.placed_at',
      'orders.subtotal_cents',
      'orders.refunded_cents',
      'orders.country_code',
      'orders.geo',
      'earnings.amount_cents',
      'earnings.status',
      'referred.first_name',
      'referred.last_name',
    ])
    .where('earnings.partner_id', '=', partnerId)
    .where('earnings.kind', '=', 'referral')
    .orderBy('orders.placed_at', 'desc')
    .orderBy('earnings.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Product names of orders, for the "product" column (the first item, and how many more). */
export async function productsOf(db: Db, orderIds: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (orderIds.length === 0) return map;
  const rows = await db.selectFrom('order_items').select(['order_id', 'product']).where('order_id', 'in', orderIds).orderBy('id').execute();
  for (const row of rows) map.set(row.order_id, [...(map.get(row.order_id) ?? []), row.product]);
  return map;
}

export function latestSaleNotifications(db: Db, partnerId: number, limit: number) {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .where('kind', '=', 'sale')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function latestNotifications(db: Db, partnerId: number, limit: number) {
  return db.selectFrom('notifications').selectAll().where('partner_id', '=', partnerId).orderBy('id', 'desc').limit(limit).execute();
}

export async function unreadCount(db: Db, partnerId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select(sql<number>`count(*)`.as('n'))
    .where('partner_id', '=', partnerId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function markRead(db: Db, partnerId: number, ids: number[] | undefined, at: string): Promise<void> {
  let q = db.updateTable('notifications').set({ read_at: at }).where('partner_id', '=', partnerId).where('read_at', 'is', null);
  if (ids) q = q.where('id', 'in', ids.length ? ids : [-1]);
  await q.execute();
}

export async function countVouchers(db: Db, partnerId: number): Promise<number> {
  const row = await db.selectFrom('vouchers').select(sql<number>`count(*)`.as('n')).where('partner_id', '=', partnerId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function voucherRows(db: Db, partnerId: number, limit: number, offset: number) {
  return db.selectFrom('vouchers').selectAll().where('partner_id', '=', partnerId).orderBy('id', 'desc').limit(limit).offset(offset).execute();
}
