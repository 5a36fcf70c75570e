import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { idColumn } from '../dialect';

// The sales ledger (docs/product/commissions.md#refunds): store orders and their items, refunds, marketplace sales,
// earnings with the history of every change, vouchers, commission tiers, and the durable queue
// of follow-up work. Money in integer cents, rates in basis points.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('partners').addColumn('commission_override_bp', 'integer').execute();
  await db.schema.alterTable('partners').addColumn('amazon_tracking_id', 'varchar(40)').execute();
  await sql`CREATE UNIQUE INDEX partners_amazon_tracking ON partners (amazon_tracking_id)`.execute(db);

  await db.schema
    .createTable('commission_tiers')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('min_sales', 'integer', (c) => c.notNull().unique())
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .execute();
  await db
    .insertInto('commission_tiers' as never)
    .values([
      { min_sales: 0, rate_bp: 1000 },
      { min_sales: 25, rate_bp: 1500 },
      { min_sales: 100, rate_bp: 2000 },
      { min_sales: 250, rate_bp: 2500 },
    ] as never)
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('delivery_id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('topic', 'varchar(60)', (c) => c.notNull())
    .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
    // The raw body is kept: nothing the store sends is lost, even when processing fails.
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'varchar(32)')
    .addColumn('error', 'text')
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('shopify_order_id', 'varchar(30)', (c) => c.notNull().unique())
    .addColumn('order_number', 'varchar(40)', (c) => c.notNull())
    .addColumn('partner_id', 'integer')
    .addColumn('discount_code', 'varchar(100)')
    .addColumn('voucher_id', 'integer')
    .addColumn('customer_email', 'varchar(254)')
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('country_code', 'varchar(2)')
    .addColumn('geo', 'varchar(5)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('placed_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('paid_at', 'varchar(32)')
    .addColumn('cancelled_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('orders_partner_placed')
    .on('orders')
    .columns(['partner_id', 'placed_at'])
    .execute();

  await db.schema
    .createTable('order_items')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('order_id', 'integer', (c) => c.notNull())
    .addColumn('line_item_id', 'varchar(30)', (c) => c.notNull())
    .addColumn('product', 'varchar(255)', (c) => c.notNull())
    .addColumn('sku', 'varchar(100)')
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_items_order').on('order_items').column('order_id').execute();

  await db.schema
    .createTable('refunds')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('shopify_refund_id', 'varchar(30)', (c) => c.notNull().unique())
    .addColumn('shopify_order_id', 'varchar(30)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('refunded_at', 'varchar(32)', (c) => c.notNull())
    // Null until applied: a refund may arrive before its order.
    .addColumn('applied_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('refunds_order').on('refunds').column('shopify_order_id').execute();

  await db.schema
    .createTable('vouchers')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('partner_id', 'integer', (c) => c.notNull())
    .addColumn('code', 'varchar(40)', (c) => c.notNull())
    .addColumn('type', 'varchar(12)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('valid_from', 'varchar(32)', (c) => c.notNull())
    .addColumn('valid_till', 'varchar(32)')
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('issued_by', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await sql`CREATE UNIQUE INDEX vouchers_code_lower ON vouchers (lower(code))`.execute(db);
  await db.schema.createIndex('vouchers_partner').on('vouchers').column('partner_id').execute();

  await db.schema
    .createTable('marketplace_imports')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('file_sha256', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('filename', 'varchar(255)', (c) => c.notNull())
    .addColumn('imported_by', 'integer')
    .addColumn('rows_imported', 'integer', (c) => c.notNull())
    .addColumn('rows_rejected', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('marketplace_sales')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('partner_id', 'integer', (c) => c.notNull())
    .addColumn('import_id', 'integer', (c) => c.notNull())
    // tracking id, product, date, items and revenue: the same report row twice is one sale.
    .addColumn('row_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('tracking_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('product', 'varchar(255)', (c) => c.notNull())
    .addColumn('sale_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('items', 'integer', (c) => c.notNull())
    .addColumn('revenue_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('marketplace_sales_partner')
    .on('marketplace_sales')
    .columns(['partner_id', 'sale_date'])
    .execute();

  await db.schema
    .createTable('earnings')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('partner_id', 'integer', (c) => c.notNull())
    // sale | referral | marketplace | bonus | adjustment
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('marketplace_sale_id', 'integer')
    // What the earning is for, unique per partner and kind: a repeat never earns twice.
    .addColumn('source_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('base_cents', 'integer', (c) => c.notNull())
    .addColumn('rate_bp', 'integer')
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('hold_until', 'varchar(32)')
    .addColumn('payout_id', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('earnings_source')
    .on('earnings')
    .columns(['partner_id', 'kind', 'source_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('earnings_partner_status')
    .on('earnings')
    .columns(['partner_id', 'status'])
    .execute();
  await db.schema.createIndex('earnings_order').on('earnings').column('order_id').execute();
  await db.schema.createIndex('earnings_hold').on('earnings').columns(['status', 'hold_until']).execute();

  await db.schema
    .createTable('earning_events')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('earning_id', 'integer', (c) => c.notNull())
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .addColumn('from_status', 'varchar(20)')
    .addColumn('to_status', 'varchar(20)', (c) => c.notNull())
    .addColumn('amount_before_cents', 'integer')
    .addColumn('amount_after_cents', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('actor', 'varchar(100)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('earning_events_earning').on('earning_events').column('earning_id').execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('partner_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('data', 'text')
    .addColumn('dedupe_key', 'varchar(100)', (c) => c.unique())
    .addColumn('read_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_partner')
    .on('notifications')
    .columns(['partner_id', 'read_at'])
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('run_after', 'varchar(32)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('done_at', 'varchar(32)')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['done_at', 'run_after']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'jobs',
    'notifications',
    'earning_events',
    'earnings',
    'marketplace_sales',
    'marketplace_imports',
    'vouchers',
    'refunds',
    'order_items',
    'orders',
    'webhook_deliveries',
    'commission_tiers',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await sql`DROP INDEX partners_amazon_tracking`.execute(db);
  await db.schema.alterTable('partners').dropColumn('amazon_tracking_id').execute();
  await db.schema.alterTable('partners').dropColumn('commission_override_bp').execute();
}
