// The overview's reads (docs/decisions/037-program-overview.md): the program's running totals
// (migration 022) and a few rows from indexes, never a scan of orders or earnings. The reads are
// plain SQL in the subset both databases share (every staff visit runs all of them: the query
// builder's own work would cost more than the reads). Counts and sums come back as strings from
// pg: they are made numbers here.
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { EarningKind, EarningStatus, PayoutStatus } from '../../db/schema';

const n = (value: unknown) => Number(value ?? 0);

export interface MonthFigures {
  month: string;
  orders: number;
  sales_cents: number;
  partners_joined: number;
  partners_active: number;
}

/**
 * The program's month rows from `first` to `last` ('YYYY-MM-01'), and the all-time row ('');
 * a month without a row is zero.
 */
export async function monthRows(db: Db, first: string, last: string): Promise<Map<string, MonthFigures>> {
  const { rows } = await sql<Record<keyof MonthFigures, string | number>>`
    select month, orders, sales_cents, partners_joined, partners_active from program_month_stats
    where month = '' or (month >= ${first} and month <= ${last})`.execute(db);
  return new Map(
    rows.map((r) => [
      String(r.month),
      { month: String(r.month), orders: n(r.orders), sales_cents: n(r.sales_cents), partners_joined: n(r.partners_joined), partners_active: n(r.partners_active) },
    ]),
  );
}

export interface EarningFigures {
  month: string;
  kind: EarningKind;
  status: EarningStatus;
  earnings: number;
  cents: number;
}

/** The program's earnings by kind and status, all time ('') and from `first` to `last`. */
export async function earningRows(db: Db, first: string, last: string): Promise<EarningFigures[]> {
  const { rows } = await sql<{ month: string; kind: EarningKind; status: EarningStatus; earnings: string | number; cents: string | number }>`
    select month, kind, status, earnings, cents from program_earning_stats
    where month = '' or (month >= ${first} and month <= ${last})`.execute(db);
  return rows.map((r) => ({ month: r.month, kind: r.kind, status: r.status, earnings: n(r.earnings), cents: n(r.cents) }));
}

/** Open payouts by status, with their amounts, from the index of open payouts (payouts_waiting). */
export async function waitingPayouts(db: Db): Promise<{ status: PayoutStatus; count: number; cents: number }[]> {
  // The partial index's own condition, so the planner reads the index alone.
  const { rows } = await sql<{ status: PayoutStatus; n: string | number; cents: string | number }>`
    select status, count(*) as n, coalesce(sum(amount_cents), 0) as cents from payouts
    where status not in ('PAID', 'REJECTED', 'MANAGER_REJECTED') group by status`.execute(db);
  return rows.map((r) => ({ status: r.status, count: n(r.n), cents: n(r.cents) }));
}

/** The month's best sellers by sales (partner_sales_stats_month_sales), with who they are. */
export async function topSellers(db: Db, month: string, limit: number) {
  const { rows } = await sql<{ uuid: string; first_name: string; last_name: string; email: string; orders: string | number; sales_cents: string | number; commission_cents: string | number }>`
    select p.uuid, p.first_name, p.last_name, p.email, s.orders, s.sales_cents, s.commission_cents
    from partner_sales_stats s inner join partners p on p.id = s.partner_id
    where s.period = 'm' and s.start = ${month} and s.sales_cents > 0
    order by s.sales_cents desc, s.partner_id desc
    limit ${limit}`.execute(db);
  return rows.map((r) => ({ ...r, orders: n(r.orders), sales_cents: n(r.sales_cents), commission_cents: n(r.commission_cents) }));
}

/** The latest sign-ups (partners_created). */
export async function recentPartners(db: Db, limit: number) {
  const { rows } = await sql<{ uuid: string; first_name: string; last_name: string; email: string; country: string | null; verified: number; status: string; created_at: string }>`
    select uuid, first_name, last_name, email, country, verified, status, created_at from partners
    order by created_at desc, id desc
    limit ${limit}`.execute(db);
  return rows;
}

/**
 * Payouts PayPal failed, returned or left unclaimed (sent back to review with the reason), and
 * payouts whose sending keeps failing (retried meanwhile): both carry the error. Open statuses
 * only, so the read stays on the few open payouts (payouts_status).
 */
const PAYPAL_TROUBLE = sql`py.status in ('IN_REVIEW', 'APPROVED', 'MANAGER_APPROVED') and py.send_error is not null
  and (py.status = 'IN_REVIEW' or py.paypal_batch_id is null)`;

/**
 * How many of each thing needs a look, in one statement: Shopify deliveries kept with their error
 * since `since` (webhook_rejections_rejected), codes the store refused (store_code_syncs_state_updated),
 * payouts PayPal sent back or cannot be sent.
 */
export async function attentionCounts(db: Db, since: string): Promise<{ deliveries: number; pushes: number; paypal: number }> {
  const { rows } = await sql<{ deliveries: string | number; pushes: string | number; paypal: string | number }>`
    select
      (select count(*) from webhook_rejections where rejected_at >= ${since}) as deliveries,
      (select count(*) from store_code_syncs where state = 'failed') as pushes,
      (select count(*) from payouts py where ${PAYPAL_TROUBLE}) as paypal`.execute(db);
  const row = rows[0]!;
  return { deliveries: n(row.deliveries), pushes: n(row.pushes), paypal: n(row.paypal) };
}

/** The latest Shopify deliveries kept with their error since `since`. */
export async function rejectedDeliveries(db: Db, since: string, limit: number) {
  const { rows } = await sql<{ delivery_id: string; error_id: string; rejected_at: string; topic: string; error: string | null }>`
    select r.delivery_id, r.error_id, r.rejected_at, d.topic, substr(d.error, 1, 300) as error
    from webhook_rejections r inner join webhook_deliveries d on d.delivery_id = r.delivery_id
    where r.rejected_at >= ${since}
    order by r.rejected_at desc, r.id desc
    limit ${limit}`.execute(db);
  return rows;
}

/** The latest partner codes the store refused, or that failed every attempt. */
export async function failedStorePushes(db: Db, limit: number) {
  const { rows } = await sql<{ code: string; message: string | null; attempts: string | number; updated_at: string; uuid: string; first_name: string; last_name: string }>`
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
  const { rows } = await sql<{ id: number; status: PayoutStatus; amount_cents: string | number; currency: string; updated_at: string; error: string | null; uuid: string; first_name: string; last_name: string }>`
    select py.id, py.status, py.amount_cents, py.currency, py.updated_at, substr(py.send_error, 1, 300) as error,
      p.uuid, p.first_name, p.last_name
    from payouts py inner join partners p on p.id = py.partner_id
    where ${PAYPAL_TROUBLE}
    order by py.updated_at desc, py.id desc
    limit ${limit}`.execute(db);
  return rows.map((r) => ({ ...r, id: n(r.id), amount_cents: n(r.amount_cents) }));
}
