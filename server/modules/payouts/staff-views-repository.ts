// Queries of what staff read about payouts (server/modules/payouts/staff-views.ts): the queue with
// its search, one payout with its partner, earnings and fraud signals, and the queue's CSV pages.
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { PayoutStatus } from '../../db/schema';
import { CLOSED_STATUSES } from './repository';

export type StatusFilter = PayoutStatus | 'open' | undefined;
export interface QueueFilter {
  status?: StatusFilter;
  q?: string | undefined;
}

/** The queue's rows for a status filter (or `open`) and a search by partner, payout or invoice. */
function queueQuery(db: Db, filter: QueueFilter) {
  let query = db.selectFrom('payouts').innerJoin('partners', 'partners.id', 'payouts.partner_id');
  if (filter.status === 'open') query = query.where('payouts.status', 'not in', [...CLOSED_STATUSES]);
  else if (filter.status) query = query.where('payouts.status', '=', filter.status);
  const q = filter.q?.trim().toLowerCase();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const asId = /^\d{1,9}$/.test(q) ? Number(q) : -1;
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(partners.first_name || ' ' || partners.last_name)`, 'like', sql`${like} escape '\\'`),
        eb(sql`lower(partners.email)`, 'like', sql`${like} escape '\\'`),
        eb('payouts.id', '=', asId),
        eb.exists(
          eb
            .selectFrom('promo_codes')
            .select('promo_codes.id')
            .whereRef('promo_codes.partner_id', '=', 'partners.id')
            .where(sql`lower(promo_codes.code)`, '=', q),
        ),
        eb.exists(
          eb
            .selectFrom('invoices')
            .select('invoices.id')
            .whereRef('invoices.payout_id', '=', 'payouts.id')
            .where(sql`lower(invoices.number)`, '=', q),
        ),
      ]),
    );
  }
  return query;
}

/** A page of the queue, with each payout's partner, in payout order. */
export function queuePage(db: Db, filter: QueueFilter, order: 'asc' | 'desc', page: number, length: number) {
  return queueQuery(db, filter)
    .selectAll('payouts')
    .select(['partners.uuid', 'partners.first_name', 'partners.last_name', 'partners.email'])
    .orderBy('payouts.id', order)
    .limit(length)
    .offset((page - 1) * length)
    .execute();
}

/** How many payouts the queue's filter holds. */
export async function queueCount(db: Db, filter: QueueFilter): Promise<number> {
  const total = await queueQuery(db, filter)
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(total.n);
}

/** The queue's rows after the payout `after`, oldest first, with their invoice numbers (an export's page). */
export function queueRowsAfter(db: Db, filter: QueueFilter, after: number, limit: number) {
  return queueQuery(db, filter)
    .leftJoin('invoices', 'invoices.payout_id', 'payouts.id')
    .selectAll('payouts')
    .select([
      'partners.uuid',
      'partners.first_name',
      'partners.last_name',
      'partners.email',
      'invoices.number as invoice_number',
    ])
    .where('payouts.id', '>', after)
    .orderBy('payouts.id')
    .limit(limit)
    .execute();
}

/** One payout with what staff see of its partner. */
export function payoutWithPartner(db: Db, payoutId: number) {
  return db
    .selectFrom('payouts')
    .innerJoin('partners', 'partners.id', 'payouts.partner_id')
    .selectAll('payouts')
    .select([
      'partners.uuid',
      'partners.first_name',
      'partners.last_name',
      'partners.email',
      'partners.paypal_email as partner_paypal',
      'partners.verified',
      'partners.country',
      'partners.created_at as partner_since',
    ])
    .where('payouts.id', '=', payoutId)
    .executeTakeFirst();
}

export function invoiceOfPayout(db: Db, payoutId: number) {
  return db
    .selectFrom('invoices')
    .select(['id', 'number'])
    .where('payout_id', '=', payoutId)
    .executeTakeFirst();
}

/** The payout's lines as they were snapshotted, with each earning's status now. */
export function payoutLines(db: Db, payoutId: number) {
  return db
    .selectFrom('payout_items')
    .leftJoin('earnings', 'earnings.id', 'payout_items.earning_id')
    .select([
      'payout_items.earning_id as id',
      'payout_items.kind',
      'payout_items.order_number',
      'payout_items.occurred_at',
      'payout_items.product',
      'payout_items.amount_cents',
      'earnings.status',
    ])
    .where('payout_items.payout_id', '=', payoutId)
    .orderBy('payout_items.kind')
    .orderBy('payout_items.occurred_at')
    .orderBy('payout_items.id')
    .execute();
}

export async function countPartnerPayouts(db: Db, partnerId: number): Promise<number> {
  const row = await db
    .selectFrom('payouts')
    .select(sql<number>`count(*)`.as('n'))
    .where('partner_id', '=', partnerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The partner's latest orders (at most 20) whose customer e-mail is one of `emails` (in lower case). */
export function ordersByCustomerEmails(db: Db, partnerId: number, emails: string[]) {
  return db
    .selectFrom('orders')
    .select(['order_number', 'placed_at', 'customer_email'])
    .where('partner_id', '=', partnerId)
    .where(sql`lower(customer_email)`, 'in', emails)
    .orderBy('placed_at', 'desc')
    .limit(20)
    .execute();
}

/** How many of the partner's orders used a voucher. */
export async function countVoucherOrders(db: Db, partnerId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select(sql<number>`count(*)`.as('n'))
    .where('partner_id', '=', partnerId)
    .where('voucher_id', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The partner's earnings in review now and their amount, from the running totals (all time). */
export async function earningsInReview(db: Db, partnerId: number): Promise<{ count: number; cents: number }> {
  const row = await db
    .selectFrom('partner_earning_stats')
    .select([
      sql<number>`coalesce(sum(earnings), 0)`.as('n'),
      sql<number>`coalesce(sum(cents), 0)`.as('cents'),
    ])
    .where('partner_id', '=', partnerId)
    .where('month', '=', '')
    .where('status', '=', 'IN_REVIEW')
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), cents: Number(row.cents) };
}
