import { sql } from 'kysely';
import type { CreateTableBuilder, Kysely } from 'kysely';
import { dialectOf } from '../dialect';
import type { Database } from '../schema';
import { rebuildLedgerStats } from '../../modules/sales/stats';

// Per-partner running totals of the ledger (docs/decisions/009-ledger-running-totals.md), and what
// each order contributes to them. Orders already recorded are counted in.
export async function up(db: Kysely<unknown>): Promise<void> {
  // On SQLite the rows are stored in primary-key order (WITHOUT ROWID): a partner's stats sit
  // together on one or two pages instead of scattered across a large table.
  const clustered = (table: CreateTableBuilder<string, never>) =>
    dialectOf(db) === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table;

  for (const column of ['counted_orders', 'counted_sales_cents', 'counted_commission_cents']) {
    await db.schema
      .alterTable('orders')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
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
    .$call(clustered)
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
    .$call(clustered)
    .execute();

  // The partner's sales list reads a page and its count from indexes alone, without visiting
  // order and earning rows scattered across a large ledger. The list index replaces the
  // (partner_id, placed_at) one; the indexes of earnings and line items by order now carry what
  // the list shows.
  await db.schema
    .createIndex('orders_partner_list')
    .on('orders')
    .columns([
      'partner_id',
      // The list's order (newest first, then by id): with id here the page is read in index order
      // and stops after one page, instead of joining all of the partner's orders to sort them.
      'placed_at',
      'id',
      'voucher_id',
      'status',
      'order_number',
      'subtotal_cents',
      'refunded_cents',
      'country_code',
      'geo',
    ])
    .execute();
  await db.schema.dropIndex('orders_partner_placed').execute();
  await db.schema
    .createIndex('earnings_order_listed')
    .on('earnings')
    .columns(['order_id', 'kind', 'partner_id', 'amount_cents', 'status'])
    .execute();
  await db.schema.dropIndex('earnings_order').execute();
  await db.schema
    .createIndex('order_items_products')
    .on('order_items')
    .columns(['order_id', 'product'])
    .execute();
  await db.schema.dropIndex('order_items_order').execute();

  // Migrations run before the server takes requests: the backfill sees no writer in between.
  await rebuildLedgerStats(db as unknown as Kysely<Database>);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('order_items_order').on('order_items').column('order_id').execute();
  await db.schema.dropIndex('order_items_products').execute();
  await db.schema.createIndex('earnings_order').on('earnings').column('order_id').execute();
  await db.schema.dropIndex('earnings_order_listed').execute();
  await db.schema
    .createIndex('orders_partner_placed')
    .on('orders')
    .columns(['partner_id', 'placed_at'])
    .execute();
  await db.schema.dropIndex('orders_partner_list').execute();
  await db.schema.dropTable('partner_earning_stats').execute();
  await db.schema.dropTable('partner_sales_stats').execute();
  for (const column of ['counted_commission_cents', 'counted_sales_cents', 'counted_orders']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
}
