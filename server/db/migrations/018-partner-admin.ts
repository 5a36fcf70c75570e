import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { idColumn } from '../dialect';

// Partners in the back office (issue 13, docs/decisions/036-partners-in-the-back-office.md):
//
// - `status`: `active` or `suspended` (docs/product/back-office.md#suspension: a suspended partner cannot sign in or cash
//   out; their orders are still recorded).
// - Each partner's lifetime figures beside them, so the list sorts and filters by them from an
//   index at any size: `total_sales_cents` (what partner_sales_stats holds for all time: paid
//   orders with the partner's own code, net of refunds), `total_earned_cents` (every earning
//   pending, approved, in a payout or paid: the dashboard's total commissions) and
//   `verified_sales` (sale earnings approved, in a payout or paid: what places them in a tier).
//   They are running totals like the stats tables, written in the same transaction by
//   server/modules/ledger/stats.ts; filled here from the stats tables for existing ledgers.
// - `partner_notes`: staff notes on a partner, each with who and when (append only).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('partners')
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('active'))
    .execute();
  for (const column of ['total_sales_cents', 'total_earned_cents', 'verified_sales']) {
    await db.schema
      .alterTable('partners')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await fillPartnerTotals(db);

  // The list's orders (each with id, so a page is read in index order and stops after one page),
  // the tier filter's range, and a partner's referrals.
  await db.schema.createIndex('partners_sales').on('partners').columns(['total_sales_cents', 'id']).execute();
  await db.schema
    .createIndex('partners_earned')
    .on('partners')
    .columns(['total_earned_cents', 'id'])
    .execute();
  await db.schema.createIndex('partners_created').on('partners').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('partners_verified_sales').on('partners').column('verified_sales').execute();
  await db.schema.createIndex('partners_referrer').on('partners').column('referrer_id').execute();

  await db.schema
    .createTable('partner_notes')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id'))
    .addColumn('staff_id', 'integer', (c) => c.references('staff_users.id'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('partner_notes_partner')
    .on('partner_notes')
    .columns(['partner_id', 'id'])
    .execute();
}

/**
 * This migration's own copy of the totals' rules as they stood when it was written (what
 * rebuildLedgerStats computes from the stats tables then): later changes to the application never
 * change what it does.
 */
async function fillPartnerTotals(db: Kysely<unknown>): Promise<void> {
  await sql`
    update partners set
      total_sales_cents = coalesce((
        select sum(s.sales_cents) from partner_sales_stats s
        where s.partner_id = partners.id and s.period = 'a'), 0),
      total_earned_cents = coalesce((
        select sum(e.cents) from partner_earning_stats e
        where e.partner_id = partners.id and e.month = ''
          and e.status in ('PENDING', 'APPROVED', 'IN_PAYOUT', 'PAID')), 0),
      verified_sales = coalesce((
        select sum(e.earnings) from partner_earning_stats e
        where e.partner_id = partners.id and e.month = '' and e.kind = 'sale'
          and e.status in ('APPROVED', 'IN_PAYOUT', 'PAID')), 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('partner_notes').execute();
  for (const index of [
    'partners_sales',
    'partners_earned',
    'partners_created',
    'partners_verified_sales',
    'partners_referrer',
  ])
    await db.schema.dropIndex(index).execute();
  for (const column of ['verified_sales', 'total_earned_cents', 'total_sales_cents', 'status'])
    await db.schema.alterTable('partners').dropColumn(column).execute();
}
