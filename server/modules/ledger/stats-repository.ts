// Queries of the ledger's running totals (./stats.ts holds when and by how much they move):
// partner_sales_stats, partner_earning_stats, the orders' counted_* columns, the partners'
// lifetime figures (total_sales_cents, total_earned_cents, verified_sales), the months partners
// joined and signed in, and program_month_stats' partners joined
// (docs/decisions/009-ledger-running-totals.md).
import { sql } from 'kysely';
import type { Db } from '../../db';
import { prepared } from '../../db/prepared';
import type {
  EarningKind,
  EarningStatus,
  Order,
  PartnerEarningStatsTable,
  PartnerSalesStatsTable,
} from '../../db/schema';

/** A region of partner_sales_stats, or '' (ALL_REGIONS) in month and week rows. */
export type Geo = Order['geo'] | typeof ALL_REGIONS;
/** A row of partner_sales_stats: all time, a month, an ISO week. */
export type Period = 'a' | 'm' | 'w';

/** The month (partner_earning_stats) or start (partner_sales_stats) of the all-time rows. */
export const ALL_TIME = '';
/** The geo of the month and week rows of partner_sales_stats: all regions together. */
export const ALL_REGIONS = '';

// The running totals' statements are written on every order in a fixed shape: compiled once
// (db/prepared.ts), only bound for each order.
export const movePartnerTotals = prepared(
  4,
  (_db, partnerId: number, sales: number, earned: number, verified: number) => sql`
    update partners set
      total_sales_cents = total_sales_cents + ${sales},
      total_earned_cents = total_earned_cents + ${earned},
      verified_sales = verified_sales + ${verified}
    where id = ${partnerId}`,
);

// The three rows of periodsOf, in its order: all time (by region), the month, the ISO week.
// Plain SQL here costs a third of the query builder's time.
export const upsertSalesRows = prepared(
  7,
  (
    _db,
    partnerId: number,
    geo: Geo,
    month: string,
    week: string,
    orders: number,
    sales: number,
    commission: number,
  ) => {
    const row = (period: Period, start: string, rowGeo: Geo) =>
      sql`(${partnerId}, ${period}, ${start}, ${rowGeo}, ${orders}, ${sales}, ${commission})`;
    return sql`
    insert into partner_sales_stats (partner_id, period, start, geo, orders, sales_cents, commission_cents)
    values ${sql.join([row('a', ALL_TIME, geo), row('m', month, ALL_REGIONS), row('w', week, ALL_REGIONS)])}
    on conflict (partner_id, period, start, geo) do update set
      orders = partner_sales_stats.orders + excluded.orders,
      sales_cents = partner_sales_stats.sales_cents + excluded.sales_cents,
      commission_cents = partner_sales_stats.commission_cents + excluded.commission_cents`;
  },
);

// The month's row, then the all-time one.
export const upsertEarningRows = prepared(
  6,
  (
    _db,
    partnerId: number,
    month: string,
    kind: EarningKind,
    status: EarningStatus,
    count: number,
    cents: number,
  ) => {
    const row = (m: string) => sql`(${partnerId}, ${m}, ${kind}, ${status}, ${count}, ${cents})`;
    return sql`
    insert into partner_earning_stats (partner_id, month, kind, status, earnings, cents)
    values ${sql.join([row(month), row(ALL_TIME)])}
    on conflict (partner_id, month, kind, status) do update set
      earnings = partner_earning_stats.earnings + excluded.earnings,
      cents = partner_earning_stats.cents + excluded.cents`;
  },
);

/** What syncing an order reads: the order, what it counts now, and its sale earning. */
export type OrderStatsView = {
  partner_id: number | null;
  voucher_id: number | null;
  order_status: Order['status'];
  subtotal_cents: number;
  refunded_cents: number;
  placed_at: string;
  /** Set on every paid order; a created or cancelled-unpaid one counts nothing. */
  paid_at: string | null;
  geo: Order['geo'];
  counted_orders: number;
  counted_sales_cents: number;
  counted_commission_cents: number;
  amount_cents: number | null;
  status: EarningStatus | null;
};

/** The order with what it counts now, and its sale earning (of the order's partner), if any. */
export function orderStatsView(db: Db, orderId: number): Promise<OrderStatsView | undefined> {
  return db
    .selectFrom('orders')
    .leftJoin('earnings', (j) =>
      j
        .onRef('earnings.order_id', '=', 'orders.id')
        .onRef('earnings.partner_id', '=', 'orders.partner_id')
        .on('earnings.kind', '=', 'sale'),
    )
    .select([
      'orders.partner_id',
      'orders.voucher_id',
      'orders.status as order_status',
      'orders.subtotal_cents',
      'orders.refunded_cents',
      'orders.placed_at',
      'orders.paid_at',
      'orders.geo',
      'orders.counted_orders',
      'orders.counted_sales_cents',
      'orders.counted_commission_cents',
      'earnings.amount_cents',
      'earnings.status',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
}

/** What an order counts in partner_sales_stats now (orders.counted_*). */
export type OrderCounted = { orders: number; sales: number; commission: number };

export async function setOrderCounted(db: Db, orderId: number, counted: OrderCounted): Promise<void> {
  await db
    .updateTable('orders')
    .set({
      counted_orders: counted.orders,
      counted_sales_cents: counted.sales,
      counted_commission_cents: counted.commission,
    })
    .where('id', '=', orderId)
    .execute();
}

/** Empties partner_sales_stats, then partner_earning_stats. */
export async function deleteAllStats(db: Db): Promise<void> {
  await db.deleteFrom('partner_sales_stats').execute();
  await db.deleteFrom('partner_earning_stats').execute();
}

/**
 * Every order counted again from the ledger: first none counts, then each paid order made with
 * a partner's own code (no voucher) counts once, with its sales net of refunds and its sale
 * earning's commission unless refused or held for review.
 */
export async function recountOrders(db: Db): Promise<void> {
  await db
    .updateTable('orders')
    .set({ counted_orders: 0, counted_sales_cents: 0, counted_commission_cents: 0 })
    .where('counted_orders', '!=', 0)
    .execute();
  await db
    .updateTable('orders')
    .set((eb) => ({
      counted_orders: 1,
      counted_sales_cents: eb('subtotal_cents', '-', eb.ref('refunded_cents')),
      counted_commission_cents: eb.fn.coalesce(
        eb
          .selectFrom('earnings')
          .select('earnings.amount_cents')
          .whereRef('earnings.order_id', '=', 'orders.id')
          .whereRef('earnings.partner_id', '=', 'orders.partner_id')
          .where('earnings.kind', '=', 'sale')
          .where('earnings.status', 'not in', ['REJECTED', 'IN_REVIEW']),
        sql<number>`0`,
      ),
    }))
    .where('status', '=', 'paid')
    .where('voucher_id', 'is', null)
    .where('partner_id', 'is not', null)
    .execute();
}

/** The all-time rows of partner_earning_stats, summed from every earning. */
export async function insertAllTimeEarningRows(db: Db): Promise<void> {
  await db
    .insertInto('partner_earning_stats')
    .columns(['partner_id', 'month', 'kind', 'status', 'earnings', 'cents'])
    .expression((eb) =>
      eb
        .selectFrom('earnings')
        .select([
          'partner_id',
          sql<string>`''`.as('month'),
          'kind',
          'status',
          sql<number>`count(*)`.as('earnings'),
          sql<number>`sum(amount_cents)`.as('cents'),
        ])
        .groupBy(['partner_id', 'kind', 'status']),
    )
    .execute();
}

/**
 * Each partner's lifetime figures from their all-time stats rows: the sales, the earnings of the
 * `earned` statuses, and the count of the verified sales (earnings of `verified.kind` in
 * `verified.statuses`).
 */
export async function setPartnerTotalsFromStats(
  db: Db,
  earned: readonly EarningStatus[],
  verified: { kind: EarningKind; statuses: readonly EarningStatus[] },
): Promise<void> {
  await db
    .updateTable('partners')
    .set((eb) => ({
      total_sales_cents: eb.fn.coalesce(
        eb
          .selectFrom('partner_sales_stats')
          .select((s) => s.fn.sum<number>('sales_cents').as('n'))
          .whereRef('partner_sales_stats.partner_id', '=', 'partners.id')
          .where('period', '=', 'a'),
        sql<number>`0`,
      ),
      total_earned_cents: eb.fn.coalesce(
        eb
          .selectFrom('partner_earning_stats')
          .select((s) => s.fn.sum<number>('cents').as('n'))
          .whereRef('partner_earning_stats.partner_id', '=', 'partners.id')
          .where('month', '=', ALL_TIME)
          .where('status', 'in', earned),
        sql<number>`0`,
      ),
      verified_sales: eb.fn.coalesce(
        eb
          .selectFrom('partner_earning_stats')
          .select((s) => s.fn.sum<number>('earnings').as('n'))
          .whereRef('partner_earning_stats.partner_id', '=', 'partners.id')
          .where('month', '=', ALL_TIME)
          .where('kind', '=', verified.kind)
          .where('status', 'in', verified.statuses),
        sql<number>`0`,
      ),
    }))
    .execute();
}

/** Empties the month and week rows of partner_sales_stats, then the month rows of partner_earning_stats. */
export async function deleteCalendarStats(db: Db): Promise<void> {
  await db.deleteFrom('partner_sales_stats').where('period', 'in', ['m', 'w']).execute();
  await db.deleteFrom('partner_earning_stats').where('month', '!=', ALL_TIME).execute();
}

/** Up to `limit` partners after id `after`, in id order, with when they joined and last signed in. */
export function partnersSlice(db: Db, after: number, limit: number) {
  return db
    .selectFrom('partners')
    .select(['id', 'created_at', 'last_login_dt'])
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Sets the month partners `ids` joined in and last signed in. */
export async function setPartnerMonths(
  db: Db,
  ids: number[],
  joined: string,
  login: string | null,
): Promise<void> {
  await db
    .updateTable('partners')
    .set({ joined_month: joined, login_month: login })
    .where('id', 'in', ids)
    .execute();
}

/** program_month_stats' partners joined per month, counted again from partners.joined_month. */
export async function recountPartnersJoined(db: Db): Promise<void> {
  await db
    .updateTable('program_month_stats')
    .set({ partners_joined: 0 })
    .where('month', '!=', ALL_TIME)
    .execute();
  await sql`insert into program_month_stats (month, partners_joined)
    select joined_month, count(*) from partners group by joined_month
    on conflict (month) do update set partners_joined = excluded.partners_joined`.execute(db);
}

/** Up to `limit` counted orders (orders.counted_*) after id `after`, in id order. */
export function countedOrdersSlice(db: Db, after: number, limit: number) {
  return db
    .selectFrom('orders')
    .select([
      'id',
      'partner_id',
      'placed_at',
      'paid_at',
      'geo',
      'counted_orders',
      'counted_sales_cents',
      'counted_commission_cents',
    ])
    .where('counted_orders', '=', 1)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Up to `limit` earnings after id `after`, in id order, with what the stats count of them. */
export function earningsSlice(db: Db, after: number, limit: number) {
  return db
    .selectFrom('earnings')
    .select(['id', 'partner_id', 'kind', 'status', 'amount_cents', 'created_at', 'dated_at'])
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Rows inserted 500 to a statement. */
const INSERT_BATCH = 500;

/** Inserts new partner_sales_stats rows. */
export async function insertSalesStatsRows(db: Db, rows: readonly PartnerSalesStatsTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH)
    await db
      .insertInto('partner_sales_stats')
      .values(rows.slice(i, i + INSERT_BATCH))
      .execute();
}

/** Inserts new partner_earning_stats rows. */
export async function insertEarningStatsRows(
  db: Db,
  rows: readonly PartnerEarningStatsTable[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH)
    await db
      .insertInto('partner_earning_stats')
      .values(rows.slice(i, i + INSERT_BATCH))
      .execute();
}
