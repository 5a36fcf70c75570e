// The queries of recording store orders (orders.ts): the orders, their line items and refunds, and
// the re-read of an earning a refund lowers. orders.ts decides what is written; these say how.
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db';
import { prepared } from '../../db/prepared';
import type { Order, OrderItemsTable, OrdersTable, RefundsTable } from '../../db/schema';

/** An order's row as recording writes it (orderRow, orders.ts): every column but those the database fills. */
export type OrderRow = Pick<
  Order,
  | 'shopify_order_id'
  | 'order_number'
  | 'partner_id'
  | 'discount_code'
  | 'voucher_id'
  | 'customer_email'
  | 'currency'
  | 'subtotal_cents'
  | 'total_cents'
  | 'source_subtotal_cents'
  | 'source_total_cents'
  | 'fx_rate'
  | 'awaiting_rate'
  | 'test'
  | 'taxes_included'
  | 'country_code'
  | 'geo'
  | 'first_product'
  | 'product_count'
  | 'status'
  | 'placed_at'
  | 'paid_at'
  | 'cancelled_at'
  | 'created_at'
  | 'updated_at'
>;

/** A paid order's row, with what it counts in the running totals (stats.ts). */
export type NewOrderRow = OrderRow & {
  counted_orders: number;
  counted_sales_cents: number;
  counted_commission_cents: number;
};

/** A refund as stored, with what applying it reads. */
export type StoredRefund = {
  id: number;
  shopify_refund_id: string;
  amount_cents: number;
  tax_cents: number;
  discrepancy_cents: number;
};

/** `columns` as given, when they are exactly the keys of Row: tsc names a missing or an extra one. */
const everyColumnOf =
  <Row>() =>
  <const Columns extends readonly (keyof Row)[]>(
    columns: Columns &
      ([Exclude<keyof Row, Columns[number]>] extends [never]
        ? unknown
        : { missingColumns: Exclude<keyof Row, Columns[number]> }),
  ) =>
    columns;
// The columns of a paid order's insert, in the order its compiled text binds them.
const ORDER_COLUMNS = everyColumnOf<NewOrderRow>()([
  'shopify_order_id',
  'order_number',
  'partner_id',
  'discount_code',
  'voucher_id',
  'customer_email',
  'currency',
  'subtotal_cents',
  'total_cents',
  'source_subtotal_cents',
  'source_total_cents',
  'fx_rate',
  'awaiting_rate',
  'test',
  'taxes_included',
  'country_code',
  'geo',
  'first_product',
  'product_count',
  'status',
  'placed_at',
  'paid_at',
  'cancelled_at',
  'created_at',
  'updated_at',
  'counted_orders',
  'counted_sales_cents',
  'counted_commission_cents',
]);

// Every paid order's insert and its line item, compiled once (db/prepared.ts): building a
// twenty-column insert costs more than SQLite takes to run it. No bench figure of its own (part of
// ingestion's ×0.58 CPU per order, docs/performance-log.md, 2026-11-26).
const insertOrderRow = prepared(ORDER_COLUMNS.length, (db, ...values: unknown[]) =>
  db
    .insertInto('orders')
    .values(Object.fromEntries(ORDER_COLUMNS.map((column, i) => [column, values[i]])) as NewOrderRow)
    .onConflict((oc) => oc.column('shopify_order_id').doNothing())
    .returning('id'),
);

/** Inserts a paid order unless its Shopify id is known: its id, or no row when it was there already. */
export const insertPaidOrder = (db: Db, row: NewOrderRow) =>
  insertOrderRow(db, ...ORDER_COLUMNS.map((column) => row[column]));

/** One line item of an order (an order with one, the most common). */
export const insertOrderItem = prepared(
  6,
  (
    db,
    orderId: number,
    lineItemId: string,
    product: string,
    sku: string | null,
    quantity: number,
    price: number,
  ) =>
    db
      .insertInto('order_items')
      .values({ order_id: orderId, line_item_id: lineItemId, product, sku, quantity, price_cents: price }),
);

/** Several line items of an order, in one statement. */
export async function insertOrderItems(db: Db, items: Insertable<OrderItemsTable>[]): Promise<void> {
  await db.insertInto('order_items').values(items).execute();
}

/** Inserts an order unless its Shopify id is known: its id, or undefined when it was there already. */
export function insertOrder(db: Db, row: OrderRow): Promise<{ id: number } | undefined> {
  return db
    .insertInto('orders')
    .values(row)
    .onConflict((oc) => oc.column('shopify_order_id').doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** Changes an order if it is still in `status`: how many rows changed (0 when it moved meanwhile). */
export async function updateOrderInStatus(
  db: Db,
  orderId: number,
  status: Order['status'],
  changes: Updateable<OrdersTable>,
): Promise<number> {
  const updated = await db
    .updateTable('orders')
    .set(changes)
    .where('id', '=', orderId)
    .where('status', '=', status)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows);
}

export function findOrderById(db: Db, orderId: number): Promise<Order | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

/** The order, which must be there (Kysely's NoResultError otherwise). */
export function getOrderById(db: Db, orderId: number): Promise<Order> {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
}

/** Changes an order if it still waits for a rate: how many rows changed (0 when another release won). */
export async function updateOrderAwaitingRate(
  db: Db,
  orderId: number,
  changes: Updateable<OrdersTable>,
): Promise<number> {
  const updated = await db
    .updateTable('orders')
    .set(changes)
    .where('id', '=', orderId)
    .where('awaiting_rate', '=', 1)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows);
}

/** The orders in `currency` waiting for a rate, in id order. */
export function ordersAwaitingRate(db: Db, currency: string): Promise<{ id: number }[]> {
  return db
    .selectFrom('orders')
    .select('id')
    .where('awaiting_rate', '=', 1)
    .where('currency', '=', currency)
    .orderBy('id')
    .execute();
}

export async function setOrderRefunded(
  db: Db,
  orderId: number,
  refundedCents: number,
  updatedAt: string,
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ refunded_cents: refundedCents, updated_at: updatedAt })
    .where('id', '=', orderId)
    .execute();
}

/** Inserts a refund unless its Shopify id is known: the refund as stored, or undefined when it was there already. */
export function insertRefund(db: Db, row: Insertable<RefundsTable>): Promise<StoredRefund | undefined> {
  return db
    .insertInto('refunds')
    .values(row)
    .onConflict((oc) => oc.column('shopify_refund_id').doNothing())
    .returning(['id', 'shopify_refund_id', 'amount_cents', 'tax_cents', 'discrepancy_cents'])
    .executeTakeFirst();
}

/** Marks a refund applied unless it was already: how many rows changed (0 when another got it first). */
export async function claimRefund(db: Db, refundId: number, appliedAt: string): Promise<number> {
  const claimed = await db
    .updateTable('refunds')
    .set({ applied_at: appliedAt })
    .where('id', '=', refundId)
    .where('applied_at', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows);
}
