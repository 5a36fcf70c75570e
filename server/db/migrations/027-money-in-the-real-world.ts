import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Money as real stores send it (docs/decisions/053-money-in-the-real-world.md):
// - orders: `subtotal_cents` and `total_cents` are now the commission base and the total in the
//   program currency; `currency` stays the shop's, with what the order was in it
//   (`source_subtotal_cents`, `source_total_cents`) and the rate it was converted at (`fx_rate`,
//   a decimal as text; null when the shop's currency is the program's). `awaiting_rate` marks an
//   order in a currency with no rate yet: recorded, earning nothing until staff release it.
//   `test` marks Shopify's test orders, which earn nothing and count in no figure;
//   `taxes_included` whether the shop's prices held the tax (read again by the order's refunds).
// - refunds: what a refund gave back beyond its line items (`discrepancy_cents`, signed) and the
//   tax of its line items (`tax_cents`), both in shop money; `amount_cents` is its line items'
//   subtotals, gift cards left out.
// - webhook_deliveries: `test` marks the store's test notifications (answered, never refused).
// - marketplace_imports: the report's currency (amazon.com USD, amazon.ca CAD…), chosen at
//   import; marketplace_sales: each line's revenue in it and the rate it was converted at
//   (`revenue_cents` is in the program currency).
// Existing rows were recorded in the program currency: their source amounts are their amounts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('source_subtotal_cents', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('source_total_cents', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('fx_rate', 'varchar(24)').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('awaiting_rate', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('test', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('taxes_included', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update orders set source_subtotal_cents = subtotal_cents, source_total_cents = total_cents`.execute(
    db,
  );
  // The two short lists staff read (Needs a look): a partial index each, empty in most programs.
  await sql`create index orders_awaiting_rate on orders (placed_at) where awaiting_rate = 1`.execute(db);
  await sql`create index orders_test on orders (placed_at) where test = 1`.execute(db);

  await db.schema
    .alterTable('refunds')
    .addColumn('tax_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('refunds')
    .addColumn('discrepancy_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .alterTable('webhook_deliveries')
    .addColumn('test', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema.alterTable('marketplace_imports').addColumn('currency', 'varchar(3)').execute();
  await db.schema.alterTable('marketplace_sales').addColumn('source_revenue_cents', 'integer').execute();
  await db.schema.alterTable('marketplace_sales').addColumn('fx_rate', 'varchar(24)').execute();
  await sql`update marketplace_sales set source_revenue_cents = revenue_cents`.execute(db);
}
