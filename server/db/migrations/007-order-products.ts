import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// The sales lists show each order's first product and how many products it has ("ACV Gummies +2").
// They read them from the order itself, carried by the list index, instead of looking up the line
// items of every listed order: those sit scattered across a large ledger, so a page cost a read in
// another index per order. Now a page of a partner's list reads one stretch of one index, which a
// small page cache holds (docs/performance.md). Line items never change after the order is
// recorded, so the two columns are written once, with the order.
const LIST_COLUMNS = [
  'partner_id',
  'placed_at',
  'id',
  'voucher_id',
  'status',
  'order_number',
  'subtotal_cents',
  'refunded_cents',
  'country_code',
  'geo',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('first_product', 'varchar(255)').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('product_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The first line item is the one stored first (items are stored in the order's own order).
  await sql`
    update orders set
      first_product = (select i.product from order_items i where i.order_id = orders.id order by i.id limit 1),
      product_count = (select count(*) from order_items i where i.order_id = orders.id)
    where exists (select 1 from order_items i where i.order_id = orders.id)`.execute(db);
  await db.schema.dropIndex('orders_partner_list').execute();
  await db.schema
    .createIndex('orders_partner_list')
    .on('orders')
    .columns([...LIST_COLUMNS, 'first_product', 'product_count'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_partner_list').execute();
  await db.schema.createIndex('orders_partner_list').on('orders').columns(LIST_COLUMNS).execute();
  await db.schema.alterTable('orders').dropColumn('product_count').execute();
  await db.schema.alterTable('orders').dropColumn('first_product').execute();
}
