import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { rebuildLedgerStats } from '../../modules/sales/stats';

// Per-partner running totals of the ledger (docs/decisions/009-ledger-running-totals.md), and what
// each order contributes to them. Orders already recorded are counted in.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['counted_orders', 'counted_sales_cents', 'counted_commission_cents']) {
    await db.schema.alterTable('orders').addColumn(column, 'integer', (c) => c.notNull().defaultTo(0)).execute();
  }

  await db.schema
    .createTable('partner_sales_stats')
    .addColumn('partner_id', 'integer', (c) => c.notNull())
    // a: all time (start ''), m: UTC month, w: ISO week from Monday; start is its first day.
    .addColumn('period', 'varchar(1)', (c) => c.notNull())
    .addColumn('start', 'varchar(10)', (c) => c.notNull())
    // CA, US or OTHER in all-time rows; '' (all regions) in month and week rows.
    .addColumn('geo', 'varchar(5)', (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull())
    .addColumn('sales_cents', 'integer', (c) => c.notNull())
    .addColumn('commission_cents', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('partner_sales_stats_pk', ['partner_id', 'period', 'start', 'geo'])
    .execute();

  await db.schema
    .createTable('partner_earning_stats')
    .addColumn('partner_id', 'integer', (c) => c.notNull())
    // The first day of the month the earnings were created in, or '' for all time.
    .addColumn('month', 'varchar(10)', (c) => c.notNull())
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('earnings', 'integer', (c) => c.notNull())
    .addColumn('cents', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('partner_earning_stats_pk', ['partner_id', 'month', 'kind', 'status'])
    .execute();

  // One index serves the partner's sales list, its page (newest first) and its count, the latter
  // from the index alone; it replaces the (partner_id, placed_at) index: one less to write per order.
  await db.schema.createIndex('orders_partner_list').on('orders').columns(['partner_id', 'placed_at', 'voucher_id', 'status']).execute();
  await db.schema.dropIndex('orders_partner_placed').execute();

  // Migrations run before the server takes requests: the backfill sees no writer in between.
  await rebuildLedgerStats(db as unknown as Kysely<Database>);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('orders_partner_placed').on('orders').columns(['partner_id', 'placed_at']).execute();
  await db.schema.dropIndex('orders_partner_list').execute();
  await db.schema.dropTable('partner_earning_stats').execute();
  await db.schema.dropTable('partner_sales_stats').execute();
  for (const column of ['counted_commission_cents', 'counted_sales_cents', 'counted_orders']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
}
