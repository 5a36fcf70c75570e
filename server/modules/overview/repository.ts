// The overview's reads (docs/decisions/037-program-overview.md): the program's running totals
// (migration 022) and a few rows from indexes, never a scan of orders or earnings. The reads are
// plain SQL in the subset both databases share (every staff visit runs all of them: the query
// builder's own work would cost more than the reads). Counts and sums come back as strings from
// pg: they are made numbers here.
import { sql } from 'kysely';
import type { Db } from '../../db';
import { literalLimit, prepared, preparedPer } from '../../db/prepared';
import type { EarningStatus, PayoutStatus } from '../../db/schema';

const n = (value: unknown) => Number(value ?? 0);
/** Counts and sums come back as strings from pg. */
type Numeric = string | number | null;

export interface MonthFigures {
  month: string;
  orders: number;
  sales_cents: number;
  partners_joined: number;
  partners_active: number;
}

export interface EarningFigures {
  month: string;
  status: EarningStatus;
  earnings: number;
  cents: number;
}

/**
 * Payouts PayPal failed, returned or left unclaimed (sent back to review with the reason), and
 * payouts whose sending keeps failing (retried meanwhile): both carry the error. Open statuses
 * only, so the read stays on the few open payouts (payouts_status).
 */
const PAYPAL_TROUBLE = sql`py.status in ('IN_REVIEW', 'APPROVED', 'MANAGER_APPROVED') and py.send_error is not null
  and (py.status = 'IN_REVIEW' or py.paypal_batch_id is null)`;

// Every staff visit starts here, so the overview's reads are compiled once (db/prepared.ts), and
// its numbers are one statement: a union whose every part keeps its own index read (the plans
// are those of the four statements it replaces). On PostgreSQL each statement is a round trip;
// on SQLite a trip through the driver.

/**
 * The program's numbers, one row per figure, `part` saying which:
 * - `month`: program_month_stats from `first` to `last` ('YYYY-MM-01') and the all-time row ('');
 *   a = orders, b = sales, c = partners joined, d = partners active;
 * - `earning`: program_earning_stats by month and status, the same months; a = earnings, b = cents;
 * - `payout`: open payouts by status, from the index of open payouts (payouts_waiting); a = count,
 *   b = cents (the partial index's own condition, so the planner reads the index alone);
 * - `attention`: a = Shopify deliveries kept with their error since `since`
 *   (webhook_rejections_rejected), b = codes the store refused (store_code_syncs_state_updated),
 *   c = payouts PayPal sent back or cannot be sent.
 */
const figureRows = prepared(
  3,
  (_db, first: string, last: string, since: string) =>
    sql<{
      part: 'month' | 'earning' | 'payout' | 'attention';
      month: string | null;
      status: string | null;
      a: Numeric;
      b: Numeric;
      c: Numeric;
      d: Numeric;
    }>`
    select 'month' as part, month, null as status, orders as a, sales_cents as b, partners_joined as c, partners_active as d
      from program_month_stats where month = ''
    union all
    select 'month', month, null, orders, sales_cents, partners_joined, partners_active
      from program_month_stats where month >= ${first} and month <= ${last}
    union all
    select 'earning', month, status, earnings, cents, null, null from program_earning_stats where month = ''
    union all
    select 'earning', month, status, earnings, cents, null, null
      from program_earning_stats where month >= ${first} and month <= ${last}
    union all
    select 'payout', null, status, count(*), coalesce(sum(amount_cents), 0), null, null from payouts
      where status not in ('PAID', 'REJECTED', 'MANAGER_REJECTED') group by status
    union all
    select 'attention', null, null,
      (select count(*) from webhook_rejections where rejected_at >= ${since}),
      (select count(*) from store_code_syncs where state = 'failed'),
      (select count(*) from payouts py where ${PAYPAL_TROUBLE}),
      null`,
);
export interface ProgramFigures {
  /** By month ('' for all time); a month without a row is zero. */
  months: Map<string, MonthFigures>;
  earnings: EarningFigures[];
  waiting: { status: PayoutStatus; count: number; cents: number }[];
  attention: { deliveries: number; pushes: number; paypal: number };
}

/** The program's running totals from `first` to `last` ('YYYY-MM-01') and all time, open payouts, and what needs a look since `since`. */
export async function programFigures(
  db: Db,
  first: string,
  last: string,
  since: string,
): Promise<ProgramFigures> {
  const figures: ProgramFigures = {
    months: new Map(),
    earnings: [],
    waiting: [],
    attention: { deliveries: 0, pushes: 0, paypal: 0 },
  };
  for (const r of await figureRows(db, first, last, since)) {
    if (r.part === 'month') {
      const month = String(r.month);
      figures.months.set(month, {
        month,
        orders: n(r.a),
        sales_cents: n(r.b),
        partners_joined: n(r.c),
        partners_active: n(r.d),
      });
    } else if (r.part === 'earning')
      figures.earnings.push({
        month: String(r.month),
        status: r.status as EarningStatus,
        earnings: n(r.a),
        cents: n(r.b),
      });
    else if (r.part === 'payout')
      figures.waiting.push({ status: r.status as PayoutStatus, count: n(r.a), cents: n(r.b) });
    else figures.attention = { deliveries: n(r.a), pushes: n(r.b), paypal: n(r.c) };
  }
  return figures;
}

/** The month's best sellers by sales (partner_sales_stats_month_sales), with who they are. */
const topSellerRows = preparedPer(
  1,
  (_db, limit: number, month: string) =>
    sql<{
      uuid: string;
      first_name: string;
      last_name: string;
      email: string;
      orders: Numeric;
      sales_cents: Numeric;
      commission_cents: Numeric;
    }>`
    select p.uuid, p.first_name, p.last_name, p.email, s.orders, s.sales_cents, s.commission_cents
    from partner_sales_stats s inner join partners p on p.id = s.partner_id
    where s.period = 'm' and s.start = ${month} and s.sales_cents > 0
    order by s.sales_cents desc, s.partner_id desc
    limit ${literalLimit(limit)}`,
);

export async function topSellers(db: Db, month: string, limit: number) {
  const rows = await topSellerRows(db, limit, month);
  return rows.map((r) => ({
    ...r,
    orders: n(r.orders),
    sales_cents: n(r.sales_cents),
    commission_cents: n(r.commission_cents),
  }));
}

/** The latest sign-ups (partners_created). */
export const recentPartners = preparedPer(
  0,
  (_db, limit: number) =>
    sql<{
      uuid: string;
      first_name: string;
      last_name: string;
      email: string;
      country: string | null;
      verified: number;
      status: string;
      created_at: string;
    }>`
    select uuid, first_name, last_name, email, country, verified, status, created_at from partners
    order by created_at desc, id desc
    limit ${literalLimit(limit)}`,
);

/** The latest Shopify deliveries kept with their error since `since`. */
export async function rejectedDeliveries(db: Db, since: string, limit: number) {
  const { rows } = await sql<{
    delivery_id: string;
    error_id: string;
    rejected_at: string;
    topic: string;
    error: string | null;
  }>`
    select r.delivery_id, r.error_id, r.rejected_at, d.topic, substr(d.error, 1, 300) as error
    from webhook_rejections r inner join webhook_deliveries d on d.delivery_id = r.delivery_id
    where r.rejected_at >= ${since}
    order by r.rejected_at desc, r.id desc
    limit ${limit}`.execute(db);
  return rows;
}

/** The latest partner codes the store refused, or that failed every attempt. */
export async function failedStorePushes(db: Db, limit: number) {
  const { rows } = await sql<{
    code: string;
    message: string | null;
    attempts: string | number;
    updated_at: string;
    uuid: string;
    first_name: string;
    last_name: string;
  }>`
    select c.code, s.message, s.attempts, s.updated_at, p.uuid, p.first_name, p.last_name
    from store_code_syncs s
      inner join promo_codes c on c.id = s.promo_code_id
      inner join partners p on p.id = c.partner_id
    where s.state = 'failed'
    order by s.updated_at desc, s.promo_code_id desc
    limit ${limit}`.execute(db);
  return rows.map((r) => ({ ...r, attempts: n(r.attempts) }));
}

/** The latest payouts PayPal sent back or cannot be sent. */
export async function paypalTroubles(db: Db, limit: number) {
  const { rows } = await sql<{
    id: number;
    status: PayoutStatus;
    amount_cents: string | number;
    currency: string;
    updated_at: string;
    error: string | null;
    uuid: string;
    first_name: string;
    last_name: string;
  }>`
    select py.id, py.status, py.amount_cents, py.currency, py.updated_at, substr(py.send_error, 1, 300) as error,
      p.uuid, p.first_name, p.last_name
    from payouts py inner join partners p on p.id = py.partner_id
    where ${PAYPAL_TROUBLE}
    order by py.updated_at desc, py.id desc
    limit ${limit}`.execute(db);
  return rows.map((r) => ({ ...r, id: n(r.id), amount_cents: n(r.amount_cents) }));
}

// ---------------------------------------------------------------------------------------------
// The pages behind "needs a look" (docs/decisions/039-needs-a-look.md)

export interface RejectionFilter {
  topic?: string | undefined;
  /** Inclusive, stored text. */
  since?: string | undefined;
  /** Exclusive, stored text. */
  until?: string | undefined;
}

/** How much of each body a page of rejections reads, for the ids it names (they come first). */
export const BODY_PREFIX_CHARS = 16_384;

/**
 * A page of kept rejections, newest first (webhook_rejections_rejected gives the order; the
 * topic is the delivery's, one primary-key read per row), with the start of each body.
 */
export async function rejectionPage(db: Db, filter: RejectionFilter, page: number, length: number) {
  let query = db
    .selectFrom('webhook_rejections as r')
    .innerJoin('webhook_deliveries as d', 'd.delivery_id', 'r.delivery_id');
  if (filter.topic !== undefined) query = query.where('d.topic', '=', filter.topic);
  if (filter.since !== undefined) query = query.where('r.rejected_at', '>=', filter.since);
  if (filter.until !== undefined) query = query.where('r.rejected_at', '<', filter.until);
  const [rows, counted] = await Promise.all([
    query
      .select([
        'r.id',
        'r.delivery_id',
        'r.shop_domain',
        'r.error_id',
        'r.rejected_at',
        'd.topic',
        'd.received_at',
        'd.error',
        sql<string>`substr(d.body, 1, ${BODY_PREFIX_CHARS})`.as('body_start'),
        sql<string | number>`length(d.body)`.as('body_length'),
      ])
      .orderBy('r.rejected_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(length)
      .offset((page - 1) * length)
      .execute(),
    query.select(sql<string | number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, id: n(r.id), body_length: n(r.body_length) })),
    total: n(counted.n),
  };
}

/** One kept rejection with its whole body, or undefined. */
export function rejectionWithBody(db: Db, id: number) {
  return db
    .selectFrom('webhook_rejections as r')
    .innerJoin('webhook_deliveries as d', 'd.delivery_id', 'r.delivery_id')
    .select(['r.id', 'r.delivery_id', 'r.error_id', 'd.topic', 'd.body'])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

/** Of these store orders, those the ledger holds, with what it recorded of them. */
export async function ordersByShopifyId(db: Db, shopifyIds: string[]) {
  if (shopifyIds.length === 0)
    return new Map<string, { order_number: string; status: string; paid: boolean; cancelled: boolean }>();
  const rows = await db
    .selectFrom('orders')
    .select(['shopify_order_id', 'order_number', 'status', 'paid_at', 'cancelled_at'])
    .where('shopify_order_id', 'in', shopifyIds)
    .execute();
  return new Map(
    rows.map((r) => [
      r.shopify_order_id,
      {
        order_number: r.order_number,
        status: r.status,
        paid: r.paid_at !== null,
        cancelled: r.cancelled_at !== null,
      },
    ]),
  );
}

/** Of these store refunds, those the ledger holds. */
export async function refundsByShopifyId(db: Db, shopifyIds: string[]): Promise<Set<string>> {
  if (shopifyIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('refunds')
    .select('shopify_refund_id')
    .where('shopify_refund_id', 'in', shopifyIds)
    .execute();
  return new Set(rows.map((r) => r.shopify_refund_id));
}

/** A page of the codes whose push failed, the latest failure first (store_code_syncs_state_updated). */
export async function failedPushPage(db: Db, page: number, length: number) {
  const failed = db
    .selectFrom('store_code_syncs as s')
    .innerJoin('promo_codes as c', 'c.id', 's.promo_code_id')
    .innerJoin('partners as p', 'p.id', 'c.partner_id')
    .where('s.state', '=', 'failed');
  const [rows, counted] = await Promise.all([
    failed
      .select([
        'c.code',
        's.message',
        's.attempts',
        's.updated_at',
        'p.uuid',
        'p.first_name',
        'p.last_name',
        'p.email',
      ])
      .orderBy('s.updated_at', 'desc')
      .orderBy('s.promo_code_id', 'desc')
      .limit(length)
      .offset((page - 1) * length)
      .execute(),
    failed.select(sql<string | number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ ...r, attempts: n(r.attempts) })), total: n(counted.n) };
}

/**
 * A page of the orders kept apart from the figures (docs/decisions/053): paid orders waiting for
 * their currency's rate, or the store's test orders; newest first, from their partial indexes.
 */
export async function ordersApartPage(db: Db, kind: 'awaiting_rate' | 'test', page: number, length: number) {
  const apart = db.selectFrom('orders as o').where(kind === 'test' ? 'o.test' : 'o.awaiting_rate', '=', 1);
  const [rows, total] = await Promise.all([
    apart
      .leftJoin('partners as p', 'p.id', 'o.partner_id')
      .select([
        'o.id',
        'o.shopify_order_id',
        'o.order_number',
        'o.status',
        'o.placed_at',
        'o.paid_at',
        'o.currency',
        'o.source_subtotal_cents',
        'o.source_total_cents',
        'o.discount_code',
        'p.uuid',
        'p.first_name',
        'p.last_name',
      ])
      .orderBy('o.placed_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(length)
      .offset((page - 1) * length)
      .execute(),
    apart.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
