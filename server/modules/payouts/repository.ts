// Payout queries, in the subset SQLite and PostgreSQL share.
import { sql } from 'kysely';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db';
import type { InvoicesTable, Payout, PayoutEventsTable, PayoutStatus, PayoutsTable } from '../../db/schema';
import { PAYOUT_RULE_KEYS } from '../settings/service';

/** A payout is open until it is paid or rejected; a partner has at most one (payouts_one_open). */
export const CLOSED_STATUSES: readonly PayoutStatus[] = ['PAID', 'REJECTED', 'MANAGER_REJECTED'];

export const findPayout = (db: Db, id: number) =>
  db.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirst();

export const findOpenPayout = (db: Db, partnerId: number) =>
  db
    .selectFrom('payouts')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .where('status', 'not in', [...CLOSED_STATUSES])
    .executeTakeFirst();

/** The payout with its invoice, as lists and answers show it. */
export const payoutWithInvoice = (db: Db) =>
  db
    .selectFrom('payouts')
    .leftJoin('invoices', 'invoices.payout_id', 'payouts.id')
    .selectAll('payouts')
    .select(['invoices.id as invoice_id', 'invoices.number as invoice_number']);

export type PayoutRow = Payout & { invoice_id: number | null; invoice_number: string | null };

export const recentPayouts = (db: Db, partnerId: number, limit: number): Promise<PayoutRow[]> =>
  payoutWithInvoice(db)
    .where('payouts.partner_id', '=', partnerId)
    .orderBy('payouts.id', 'desc')
    .limit(limit)
    .execute();

export const latestPaidPayout = (db: Db, partnerId: number): Promise<PayoutRow | undefined> =>
  payoutWithInvoice(db)
    .where('payouts.partner_id', '=', partnerId)
    .where('payouts.status', '=', 'PAID')
    .orderBy('payouts.paid_at', 'desc')
    .orderBy('payouts.id', 'desc')
    .limit(1)
    .executeTakeFirst();

export async function lifetimePaidCents(db: Db, partnerId: number): Promise<number> {
  const row = await db
    .selectFrom('payouts')
    .select(sql<number>`coalesce(sum(amount_cents), 0)`.as('cents'))
    .where('partner_id', '=', partnerId)
    .where('status', '=', 'PAID')
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}

/**
 * What the cash-out page needs of the partner and the program, in one read: the rules that apply
 * to them, their balances by status (the running totals, decisions/009), and when their earliest
 * pending earning ends its holding period.
 */
export function cashOutProfile(db: Db, partnerId: number) {
  return db
    .selectFrom('partners')
    .select((eb) => [
      'partners.verified',
      'partners.paypal_email',
      'partners.paypal_email_changed_at',
      eb
        .selectFrom('earnings')
        .select(sql<string | null>`min(hold_until)`.as('at'))
        .where('earnings.partner_id', '=', partnerId)
        .where('earnings.status', '=', 'PENDING')
        .as('next_payable_at'),
      eb
        .selectFrom('settings')
        .select('value')
        .where('key', '=', PAYOUT_RULE_KEYS.minimumCents)
        .as('minimum_setting'),
      eb
        .selectFrom('settings')
        .select('value')
        .where('key', '=', PAYOUT_RULE_KEYS.managerThresholdCents)
        .as('threshold_setting'),
      ...(['APPROVED', 'PENDING', 'IN_PAYOUT', 'PAID'] as const).map((status) =>
        eb
          .selectFrom('partner_earning_stats')
          .select(sql<number>`coalesce(sum(cents), 0)`.as('cents'))
          .where('partner_earning_stats.partner_id', '=', partnerId)
          .where('month', '=', '')
          .where('status', '=', status)
          .as(`${status.toLowerCase() as Lowercase<typeof status>}_cents`),
      ),
    ])
    .where('partners.id', '=', partnerId)
    .executeTakeFirst();
}

/** What the payout gathered, as it stood when requested (the invoice's lines). */
export async function snapshotPayoutItems(db: Db, payoutId: number): Promise<void> {
  await sql`
    insert into payout_items (payout_id, earning_id, kind, order_number, occurred_at, product, amount_cents)
    select e.payout_id, e.id, e.kind, o.order_number, coalesce(o.placed_at, m.sale_date, e.created_at),
           coalesce(o.first_product, m.product), e.amount_cents
    from earnings e
    left join orders o on o.id = e.order_id
    left join marketplace_sales m on m.id = e.marketplace_sale_id
    where e.payout_id = ${payoutId} and e.status = 'IN_PAYOUT'`.execute(db);
}

export const payoutItems = (db: Db, payoutId: number) =>
  db
    .selectFrom('payout_items')
    .selectAll()
    .where('payout_id', '=', payoutId)
    .orderBy('kind', 'asc')
    .orderBy('occurred_at')
    .orderBy('id')
    .execute();

/**
 * The next invoice number of the year. The counter row is updated in the caller's transaction:
 * a rolled-back payout gives its number back, so numbers have no gaps, and two transactions
 * cannot take the same one (the second waits for the row).
 */
export async function nextInvoiceSeq(db: Db, year: number): Promise<number> {
  const { rows } = await sql<{ last: number }>`
    insert into invoice_counters (year, last) values (${year}, 1)
    on conflict (year) do update set last = invoice_counters.last + 1
    returning last`.execute(db);
  return Number(rows[0]!.last);
}

export const invoiceOfPartner = (db: Db, invoiceId: number, partnerId?: number) => {
  let query = db
    .selectFrom('invoices')
    .innerJoin('payouts', 'payouts.id', 'invoices.payout_id')
    .selectAll('invoices')
    .select(['payouts.status', 'payouts.paid_at', 'payouts.reference'])
    .where('invoices.id', '=', invoiceId);
  if (partnerId !== undefined) query = query.where('invoices.partner_id', '=', partnerId);
  return query.executeTakeFirst();
};

/**
 * A page of the partner's invoices, newest first, and how many there are; with a range, those
 * issued in it ([since, until), stored text as plugins/list-range.ts writes it).
 */
export async function invoicePage(
  db: Db,
  partnerId: number,
  limit: number,
  offset: number,
  range: { since?: string | undefined; until?: string | undefined } = {},
) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('invoices')
      .innerJoin('payouts', 'payouts.id', 'invoices.payout_id')
      .select([
        'invoices.id',
        'invoices.number',
        'invoices.amount_cents',
        'invoices.currency',
        'invoices.issued_at',
        'invoices.payout_id',
        'payouts.status',
        'payouts.paid_at',
      ])
      .where('invoices.partner_id', '=', partnerId)
      .$if(range.since !== undefined, (q) => q.where('invoices.issued_at', '>=', range.since!))
      .$if(range.until !== undefined, (q) => q.where('invoices.issued_at', '<', range.until!))
      .orderBy('invoices.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('invoices')
      .select(sql<number>`count(*)`.as('n'))
      .where('partner_id', '=', partnerId)
      .$if(range.since !== undefined, (q) => q.where('issued_at', '>=', range.since!))
      .$if(range.until !== undefined, (q) => q.where('issued_at', '<', range.until!))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export const payoutEvents = (db: Db, payoutId: number) =>
  db.selectFrom('payout_events').selectAll().where('payout_id', '=', payoutId).orderBy('id').execute();

/** Every status a payout can be in, for counts that list each one even at zero. */
export const PAYOUT_STATUSES: readonly PayoutStatus[] = [
  'PENDING',
  'IN_REVIEW',
  'APPROVED',
  'MANAGER_IN_REVIEW',
  'MANAGER_APPROVED',
  'PAID',
  'REJECTED',
  'MANAGER_REJECTED',
];

/** How many payouts are in each status: one grouped read (payouts_status indexes it). */
export async function payoutCountsByStatus(db: Db): Promise<Record<PayoutStatus, number>> {
  const rows = await db
    .selectFrom('payouts')
    .select(['status', sql<number>`count(*)`.as('n')])
    .groupBy('status')
    .execute();
  const counts = Object.fromEntries(PAYOUT_STATUSES.map((s) => [s, 0])) as Record<PayoutStatus, number>;
  // pg answers counts as text (bigint).
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/** A payout event with what the partner is told of it: the payout's amount and state, the partner's language. */
export function payoutEventForPartner(db: Db, eventId: number) {
  return db
    .selectFrom('payout_events')
    .innerJoin('payouts', 'payouts.id', 'payout_events.payout_id')
    .innerJoin('partners', 'partners.id', 'payouts.partner_id')
    .select([
      'payout_events.id',
      'payout_events.at',
      'payout_events.payout_id',
      'payout_events.to_status',
      'payout_events.from_status',
      'payout_events.reason',
      'payout_events.actor_kind',
      'payouts.amount_cents',
      'payouts.currency',
      'payouts.paypal_email',
      'payouts.status',
      'partners.id as partner_id',
      'partners.uuid',
      'partners.locale',
    ])
    .where('payout_events.id', '=', eventId)
    .executeTakeFirst();
}

/** Another event of the same payout written after this one in the same change (the same time). */
export function laterEventAtSameTime(db: Db, event: { id: number; payout_id: number; at: string }) {
  return db
    .selectFrom('payout_events')
    .select('id')
    .where('payout_id', '=', event.payout_id)
    .where('id', '>', event.id)
    .where('at', '=', event.at)
    .executeTakeFirst();
}

/** A new payout's row; answers its id. */
export function insertPayout(db: Db, row: Insertable<PayoutsTable>) {
  return db.insertInto('payouts').values(row).returning('id').executeTakeFirstOrThrow();
}

/** What the payout holds, once its earnings are moved into it. */
export async function setPayoutTotal(db: Db, id: number, amountCents: number, count: number): Promise<void> {
  await db
    .updateTable('payouts')
    .set({ amount_cents: amountCents, earnings_count: count })
    .where('id', '=', id)
    .execute();
}

export async function insertInvoice(db: Db, row: Insertable<InvoicesTable>): Promise<void> {
  await db.insertInto('invoices').values(row).execute();
}

/** A line of the payout's history; answers its id. */
export async function insertPayoutEvent(db: Db, row: Insertable<PayoutEventsTable>): Promise<number> {
  const event = await db.insertInto('payout_events').values(row).returning('id').executeTakeFirstOrThrow();
  return event.id;
}

/**
 * Writes `changes` only if the payout is still as it was read (status, last change, and no send
 * claimed meanwhile: another node's PayPal job makes the change stale too); undefined when not.
 */
export function updatePayoutIfUnchanged(
  db: Db,
  payout: Pick<Payout, 'id' | 'status' | 'updated_at' | 'send_attempts' | 'send_round'>,
  changes: Updateable<PayoutsTable>,
): Promise<Payout | undefined> {
  return db
    .updateTable('payouts')
    .set(changes)
    .where('id', '=', payout.id)
    .where('status', '=', payout.status)
    .where('updated_at', '=', payout.updated_at)
    .where('send_attempts', '=', payout.send_attempts)
    .where('send_round', '=', payout.send_round)
    .returningAll()
    .executeTakeFirst();
}

/** The earnings a payout holds (still IN_PAYOUT). */
export function earningsInPayout(db: Db, payoutId: number) {
  return db
    .selectFrom('earnings')
    .select(['id', 'kind', 'order_id', 'amount_cents'])
    .where('payout_id', '=', payoutId)
    .where('status', '=', 'IN_PAYOUT')
    .execute();
}

/** The partner's approved adjustments, in no payout, of these orders (at most a few hundred at a time). */
export function approvedAdjustmentsOfOrders(db: Db, partnerId: number, orderIds: number[]) {
  return db
    .selectFrom('earnings')
    .select('id')
    .where('partner_id', '=', partnerId)
    .where('kind', '=', 'adjustment')
    .where('status', '=', 'APPROVED')
    .where('payout_id', 'is', null)
    .where('order_id', 'in', orderIds)
    .execute();
}
