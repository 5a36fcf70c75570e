// Read-side queries of the partner's dashboard. Every figure comes from the ledger, always
// filtered by the partner's own id.
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { EarningStatus } from '../../db/schema';

/** The instants a list's range runs between, [since, until), as stored text (plugins/list-range.ts). */
export interface ListInstants {
  since?: string | undefined;
  until?: string | undefined;
}

/** Earnings that count as earned: not refused, not held for review. */
export const EARNED = ['PENDING', 'APPROVED', 'IN_PAYOUT', 'PAID'] as const;

/**
 * The partner's sales stats: the all-time rows if asked, and the month and week rows from the
 * given starts on. A few dozen rows at most, however many orders the partner has.
 */
export function salesStatRows(
  db: Db,
  partnerId: number,
  wanted: { allTime?: boolean; monthsFrom?: string; weeksFrom?: string },
) {
  return db
    .selectFrom('partner_sales_stats')
    .select(['period', 'start', 'geo', 'orders', 'sales_cents', 'commission_cents'])
    .where('partner_id', '=', partnerId)
    .where((eb) =>
      eb.or([
        ...(wanted.allTime ? [eb('period', '=', 'a')] : []),
        ...(wanted.monthsFrom
          ? [eb.and([eb('period', '=', 'm'), eb('start', '>=', wanted.monthsFrom)])]
          : []),
        ...(wanted.weeksFrom ? [eb.and([eb('period', '=', 'w'), eb('start', '>=', wanted.weeksFrom)])] : []),
      ]),
    )
    .execute();
}

/** The partner's earning stats for the given months ('' is all time). */
export function earningStatRows(db: Db, partnerId: number, months: string[]) {
  return db
    .selectFrom('partner_earning_stats')
    .select(['month', 'kind', 'status', 'earnings', 'cents'])
    .where('partner_id', '=', partnerId)
    .where('month', 'in', months)
    .execute();
}

/**
 * Orders counted and cents earned to date of each of `partnerIds` (partners without either are
 * left out): the figures the badges weigh, read for a batch of partners at once.
 */
export async function lifetimeFigureRows(db: Db, partnerIds: number[], allTimeMonth: string) {
  const [sales, earned] = await Promise.all([
    db
      .selectFrom('partner_sales_stats')
      .select((eb) => ['partner_id', eb.fn.sum<number | string>('orders').as('orders')])
      .where('partner_id', 'in', partnerIds)
      .where('period', '=', 'a')
      .groupBy('partner_id')
      .execute(),
    db
      .selectFrom('partner_earning_stats')
      .select((eb) => ['partner_id', eb.fn.sum<number | string>('cents').as('cents')])
      .where('partner_id', 'in', partnerIds)
      .where('month', '=', allTimeMonth)
      .where('status', 'in', EARNED)
      .groupBy('partner_id')
      .execute(),
  ]);
  return { sales, earned };
}

/** A row of the partner's sales list: the order, and the sale earning the partner has from it. */
export interface SaleRow {
  id: number;
  order_number: string;
  placed_at: string;
  subtotal_cents: number;
  refunded_cents: number;
  country_code: string | null;
  geo: 'CA' | 'US' | 'OTHER';
  order_status: 'created' | 'paid' | 'cancelled';
  first_product: string | null;
  product_count: number;
  amount_cents: number | null;
  status: EarningStatus | null;
}

/**
 * A page of the partner's own store orders (own-voucher orders left out), newest first, and how
 * many there are in all. The dashboard asks for it on every visit: one statement of plain SQL,
 * the count computed once inside it, costs a third less than two built queries. Everything but
 * the earning comes from the list index (migration 007).
 */
export async function salePage(
  db: Db,
  partnerId: number,
  limit: number,
  offset: number,
  range: ListInstants = {},
): Promise<{ rows: SaleRow[]; total: number }> {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`bad page length ${limit}`);
  // The length is written into the SQL, not bound: SQLite plans a LIMIT it can read, and a bound one
  // makes it prepare the statement again on every run (its plan may depend on the value), which
  // cost a third of the query. Lengths are few (1 to the paging maximum), so are the statements.
  const { rows } = await sql<SaleRow & { total: number }>`
    select o.id, o.order_number, o.placed_at, o.subtotal_cents, o.refunded_cents, o.country_code, o.geo,
      o.status as order_status, o.first_product, o.product_count, e.amount_cents, e.status,
      (${countListed(partnerId, range)}) as total
    from orders o
    left join earnings e on e.order_id = o.id and e.kind = 'sale' and e.partner_id = ${partnerId}
    where ${listed(partnerId, range)}
    order by o.placed_at desc, o.id desc
    limit ${sql.lit(limit)} offset ${offset}`.execute(db);
  if (rows.length > 0) return { rows, total: Number(rows[0]!.total) };
  // Past the last page there is no row to carry the count.
  const { rows: counted } = await sql<{ total: number }>`${countListed(partnerId, range)}`.execute(db);
  return { rows, total: Number(counted[0]!.total) };
}

/** The partner's listed sales as (id, time), newest first: the newsfeed's share of a page. */
export async function saleTimeline(
  db: Db,
  partnerId: number,
  limit: number,
): Promise<{ id: number; at: string }[]> {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`bad limit ${limit}`);
  const { rows } = await sql<{ id: number; at: string }>`
    select o.id, o.placed_at as at from orders o
    where ${listed(partnerId)}
    order by o.placed_at desc, o.id desc
    limit ${sql.lit(limit)}`.execute(db);
  return rows;
}

export async function countSales(db: Db, partnerId: number): Promise<number> {
  const { rows } = await sql<{ total: number }>`${countListed(partnerId)}`.execute(db);
  return Number(rows[0]!.total);
}

/** Listed sales of the partner by id (another partner's ids find nothing). */
export async function saleRowsByIds(db: Db, partnerId: number, ids: number[]): Promise<SaleRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<SaleRow>`
    select o.id, o.order_number, o.placed_at, o.subtotal_cents, o.refunded_cents, o.country_code, o.geo,
      o.status as order_status, o.first_product, o.product_count, e.amount_cents, e.status
    from orders o
    left join earnings e on e.order_id = o.id and e.kind = 'sale' and e.partner_id = ${partnerId}
    where ${listed(partnerId)} and o.id in (${sql.join(ids)})`.execute(db);
  return rows;
}

/**
 * The orders the partner's sales list shows (as `o`): own code, not an own voucher, not merely
 * created; with a range, those placed in it (the day the list shows, on the list index).
 */
const listed = (partnerId: number, range: ListInstants = {}) =>
  sql`o.partner_id = ${partnerId} and o.voucher_id is null and o.status != 'created'${placedIn(range)}`;
const placedIn = ({ since, until }: ListInstants) =>
  sql`${since === undefined ? sql`` : sql` and o.placed_at >= ${since}`}${until === undefined ? sql`` : sql` and o.placed_at < ${until}`}`;
const countListed = (partnerId: number, range: ListInstants = {}) =>
  sql`select count(*) as total from orders o where ${listed(partnerId, range)}`;

/** The order columns the referrals list shows. */
const orderColumns = [
  'orders.id',
  'orders.order_number',
  'orders.placed_at',
  'orders.subtotal_cents',
  'orders.refunded_cents',
  'orders.country_code',
  'orders.geo',
  'orders.status as order_status',
  'orders.first_product',
  'orders.product_count',
  'earnings.amount_cents',
  'earnings.status',
] as const;

export async function countReferralRows(
  db: Db,
  partnerId: number,
  range: ListInstants = {},
): Promise<number> {
  if (range.since !== undefined || range.until !== undefined) {
    // A range is of the order's day: the count joins the orders.
    const row = await db
      .selectFrom('earnings')
      .innerJoin('orders', 'orders.id', 'earnings.order_id')
      .select(sql<number>`count(*)`.as('n'))
      .where('earnings.partner_id', '=', partnerId)
      .where('earnings.kind', '=', 'referral')
      .$if(range.since !== undefined, (q) => q.where('orders.placed_at', '>=', range.since!))
      .$if(range.until !== undefined, (q) => q.where('orders.placed_at', '<', range.until!))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  const row = await db
    .selectFrom('earnings')
    .select(sql<number>`count(*)`.as('n'))
    .where('partner_id', '=', partnerId)
    .where('kind', '=', 'referral')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Referral earnings with the order and the referred partner's name, newest first (in a range of the order's day). */
export function referralRows(
  db: Db,
  partnerId: number,
  limit: number,
  offset: number,
  range: ListInstants = {},
) {
  return db
    .selectFrom('earnings')
    .innerJoin('orders', 'orders.id', 'earnings.order_id')
    .innerJoin('partners as referred', 'referred.id', 'orders.partner_id')
    .select(orderColumns)
    .select(['referred.first_name', 'referred.last_name'])
    .where('earnings.partner_id', '=', partnerId)
    .where('earnings.kind', '=', 'referral')
    .$if(range.since !== undefined, (q) => q.where('orders.placed_at', '>=', range.since!))
    .$if(range.until !== undefined, (q) => q.where('orders.placed_at', '<', range.until!))
    .orderBy('orders.placed_at', 'desc')
    .orderBy('earnings.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export function latestSaleNotifications(db: Db, partnerId: number, limit: number) {
  return db
    .selectFrom('notifications')
    .selectAll()
    .select(sql<null>`null`.as('message_content'))
    .where('partner_id', '=', partnerId)
    .where('kind', '=', 'sale')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The newest notifications, a staff message's copy with the message's words in both languages. */
export function latestNotifications(db: Db, partnerId: number, limit: number) {
  return db
    .selectFrom('notifications')
    .leftJoin('staff_messages', 'staff_messages.id', 'notifications.message_id')
    .selectAll('notifications')
    .select('staff_messages.content as message_content')
    .where('notifications.partner_id', '=', partnerId)
    .orderBy('notifications.id', 'desc')
    .limit(limit)
    .execute();
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

/** Unread notifications, and how many of them are custom notifications from staff (the header's dot). */
export async function unreadCounts(db: Db, partnerId: number): Promise<{ all: number; custom: number }> {
  const row = await db
    .selectFrom('notifications')
    .select([
      sql<number>`count(*)`.as('n'),
      sql<number>`sum(case when kind = 'custom' then 1 else 0 end)`.as('custom'),
    ])
    .where('partner_id', '=', partnerId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { all: Number(row.n), custom: Number(row.custom ?? 0) };
}

export async function markRead(
  db: Db,
  partnerId: number,
  ids: number[] | undefined,
  at: string,
): Promise<(number | null)[]> {
  let q = db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('partner_id', '=', partnerId)
    .where('read_at', 'is', null);
  if (ids) q = q.where('id', 'in', ids.length ? ids : [-1]);
  // The staff messages they are copies of, whose read counts move with them.
  return (await q.returning('message_id').execute()).map((row) => row.message_id);
}

/** The partner's vouchers, in a range of the day each became valid (`valid_from`). */
export async function countVouchers(db: Db, partnerId: number, range: ListInstants = {}): Promise<number> {
  const row = await db
    .selectFrom('vouchers')
    .select(sql<number>`count(*)`.as('n'))
    .where('partner_id', '=', partnerId)
    .$if(range.since !== undefined, (q) => q.where('valid_from', '>=', range.since!))
    .$if(range.until !== undefined, (q) => q.where('valid_from', '<', range.until!))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function voucherRows(
  db: Db,
  partnerId: number,
  limit: number,
  offset: number,
  range: ListInstants = {},
) {
  return db
    .selectFrom('vouchers')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .$if(range.since !== undefined, (q) => q.where('valid_from', '>=', range.since!))
    .$if(range.until !== undefined, (q) => q.where('valid_from', '<', range.until!))
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/**
 * The adjustments taken back from the partner's earnings on the given orders (refunds after
 * payment), summed per order. Rejected adjustments take nothing back.
 */
export async function adjustmentsOf(
  db: Db,
  partnerId: number,
  orderIds: number[],
): Promise<Map<number, number>> {
  const map = new Map<number, number>();
  if (orderIds.length === 0) return map;
  const rows = await db
    .selectFrom('earnings')
    .select(['order_id', sql<number>`sum(amount_cents)`.as('cents')])
    .where('order_id', 'in', orderIds)
    .where('kind', '=', 'adjustment')
    .where('partner_id', '=', partnerId)
    .where('status', '!=', 'REJECTED')
    .groupBy('order_id')
    .execute();
  for (const row of rows) map.set(row.order_id!, Number(row.cents));
  return map;
}
