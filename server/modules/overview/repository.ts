// The overview's reads (docs/decisions/037-program-overview.md): the program's running totals
// (migration 022) and a few rows from indexes, never a scan of orders or earnings. Counts and
// sums come back as strings from pg: they are made numbers here.
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

/** The program's month rows for `months` (and the all-time row ''); a month without a row is zero. */
export async function monthRows(db: Db, months: string[]): Promise<Map<string, MonthFigures>> {
  const rows = await db
    .selectFrom('program_month_stats')
    .select(['month', 'orders', 'sales_cents', 'partners_joined', 'partners_active'])
    .where('month', 'in', ['', ...months])
    .execute();
  return new Map(
    rows.map((r) => [
      r.month,
      { month: r.month, orders: n(r.orders), sales_cents: n(r.sales_cents), partners_joined: n(r.partners_joined), partners_active: n(r.partners_active) },
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

/** The program's earnings by kind and status for `months` ('' is all time). */
export async function earningRows(db: Db, months: string[]): Promise<EarningFigures[]> {
  const rows = await db.selectFrom('program_earning_stats').selectAll().where('month', 'in', months).execute();
  return rows.map((r) => ({ month: r.month, kind: r.kind, status: r.status, earnings: n(r.earnings), cents: n(r.cents) }));
}

const WAITING: readonly PayoutStatus[] = ['PENDING', 'IN_REVIEW', 'MANAGER_IN_REVIEW', 'APPROVED', 'MANAGER_APPROVED'];

/** Open payouts by status, with their amounts (from the index of open payouts, payouts_waiting). */
export async function waitingPayouts(db: Db): Promise<{ status: PayoutStatus; count: number; cents: number }[]> {
  const rows = await db
    .selectFrom('payouts')
    .select(['status', sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(amount_cents), 0)`.as('cents')])
    // The partial index's own condition, so the planner may read the index alone.
    .where(sql<boolean>`status not in ('PAID', 'REJECTED', 'MANAGER_REJECTED')`)
    .groupBy('status')
    .execute();
  return rows.filter((r) => WAITING.includes(r.status)).map((r) => ({ status: r.status, count: n(r.n), cents: n(r.cents) }));
}

/** The month's best sellers by sales (partner_sales_stats_month_sales), with who they are. */
export async function topSellers(db: Db, month: string, limit: number) {
  const rows = await db
    .selectFrom('partner_sales_stats as s')
    .innerJoin('partners as p', 'p.id', 's.partner_id')
    .select(['p.uuid', 'p.first_name', 'p.last_name', 'p.email', 's.orders', 's.sales_cents', 's.commission_cents'])
    .where('s.period', '=', 'm')
    .where('s.start', '=', month)
    .where('s.sales_cents', '>', 0)
    .orderBy('s.sales_cents', 'desc')
    .orderBy('s.partner_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, orders: n(r.orders), sales_cents: n(r.sales_cents), commission_cents: n(r.commission_cents) }));
}

/** The latest sign-ups (partners_created). */
export function recentPartners(db: Db, limit: number) {
  return db
    .selectFrom('partners')
    .select(['uuid', 'first_name', 'last_name', 'email', 'country', 'verified', 'status', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Shopify deliveries kept with their error since `since`: how many, and the latest (webhook_rejections_rejected). */
export async function rejectedDeliveries(db: Db, since: string, limit: number) {
  const [count, items] = await Promise.all([
    db.selectFrom('webhook_rejections').select(sql<number>`count(*)`.as('n')).where('rejected_at', '>=', since).executeTakeFirstOrThrow(),
    db
      .selectFrom('webhook_rejections as r')
      .innerJoin('webhook_deliveries as d', 'd.delivery_id', 'r.delivery_id')
      .select(['r.delivery_id', 'r.error_id', 'r.rejected_at', 'd.topic', sql<string | null>`substr(d.error, 1, 300)`.as('error')])
      .where('r.rejected_at', '>=', since)
      .orderBy('r.rejected_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(limit)
      .execute(),
  ]);
  return { count: n(count.n), items };
}

/** Partner codes the store refused, or that failed every attempt (store_code_syncs_state_updated). */
export async function failedStorePushes(db: Db, limit: number) {
  const [count, items] = await Promise.all([
    db.selectFrom('store_code_syncs').select(sql<number>`count(*)`.as('n')).where('state', '=', 'failed').executeTakeFirstOrThrow(),
    db
      .selectFrom('store_code_syncs as s')
      .innerJoin('promo_codes as c', 'c.id', 's.promo_code_id')
      .innerJoin('partners as p', 'p.id', 'c.partner_id')
      .select(['c.code', 's.message', 's.attempts', 's.updated_at', 'p.uuid', 'p.first_name', 'p.last_name'])
      .where('s.state', '=', 'failed')
      .orderBy('s.updated_at', 'desc')
      .orderBy('s.promo_code_id', 'desc')
      .limit(limit)
      .execute(),
  ]);
  return { count: n(count.n), items };
}

/**
 * Payouts PayPal failed, returned or left unclaimed (sent back to review with the reason), and
 * payouts whose sending keeps failing (retried meanwhile): both carry the error (payouts_status).
 */
export async function paypalTroubles(db: Db, limit: number) {
  const troubled = (query: ReturnType<typeof base>) =>
    query
      // Open statuses only, so the read stays on the few open payouts (payouts_status).
      .where('py.status', 'in', ['IN_REVIEW', 'APPROVED', 'MANAGER_APPROVED'])
      .where('py.send_error', 'is not', null)
      .where((eb) => eb.or([eb('py.status', '=', 'IN_REVIEW'), eb('py.paypal_batch_id', 'is', null)]));
  const base = () => db.selectFrom('payouts as py');
  const [count, items] = await Promise.all([
    troubled(base()).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    troubled(base())
      .innerJoin('partners as p', 'p.id', 'py.partner_id')
      .select(['py.id', 'py.status', 'py.amount_cents', 'py.currency', 'py.updated_at', sql<string | null>`substr(py.send_error, 1, 300)`.as('error'), 'p.uuid', 'p.first_name', 'p.last_name'])
      .orderBy('py.updated_at', 'desc')
      .orderBy('py.id', 'desc')
      .limit(limit)
      .execute(),
  ]);
  return { count: n(count.n), items: items.map((r) => ({ ...r, amount_cents: n(r.amount_cents) })) };
}
