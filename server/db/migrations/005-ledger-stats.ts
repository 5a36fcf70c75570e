import { sql } from 'kysely';
import type { CreateTableBuilder, Kysely } from 'kysely';
import { dialectOf } from '../dialect';

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
  await fillLedgerStats(db as unknown as Kysely<Tables>);
}

// The backfill below is this migration's own copy of the ledger rules as they stood when it was
// written (what server/modules/ledger/stats.ts computed then), so that later changes to the
// application never change what this migration does.

/** The columns the backfill reads and writes, as they were at this migration. */
interface Tables {
  orders: {
    id: number;
    partner_id: number | null;
    status: string;
    voucher_id: number | null;
    subtotal_cents: number;
    refunded_cents: number;
    placed_at: string;
    geo: string;
    counted_orders: number;
    counted_sales_cents: number;
    counted_commission_cents: number;
  };
  earnings: {
    partner_id: number;
    order_id: number | null;
    kind: string;
    status: string;
    amount_cents: number;
    created_at: string;
  };
  partner_sales_stats: {
    partner_id: number;
    period: string;
    start: string;
    geo: string;
    orders: number;
    sales_cents: number;
    commission_cents: number;
  };
  partner_earning_stats: {
    partner_id: number;
    month: string;
    kind: string;
    status: string;
    earnings: number;
    cents: number;
  };
}

const dayKey = (date: Date) => date.toISOString().slice(0, 10);

/** The stats rows an order counts in: all time by region; its UTC month and ISO week for all regions. */
function periodsOf(placed: Date, geo: string): { period: string; start: string; geo: string }[] {
  const month = new Date(Date.UTC(placed.getUTCFullYear(), placed.getUTCMonth(), 1));
  const week = new Date(
    Date.UTC(
      placed.getUTCFullYear(),
      placed.getUTCMonth(),
      placed.getUTCDate() - ((placed.getUTCDay() + 6) % 7),
    ),
  );
  return [
    { period: 'a', start: '', geo },
    { period: 'm', start: dayKey(month), geo: '' },
    { period: 'w', start: dayKey(week), geo: '' },
  ];
}

async function fillLedgerStats(db: Kysely<Tables>): Promise<void> {
  await db.deleteFrom('partner_sales_stats').execute();
  await db.deleteFrom('partner_earning_stats').execute();
  await db
    .updateTable('orders')
    .set({ counted_orders: 0, counted_sales_cents: 0, counted_commission_cents: 0 })
    .where('counted_orders', '!=', 0)
    .execute();
  // A paid order with the partner's own code counts, with its sale commission unless that is
  // rejected or in review.
  await db
    .updateTable('orders')
    .set((eb) => ({
      counted_orders: 1,
      counted_sales_cents: eb('subtotal_cents', '-', eb.ref('refunded_cents')),
      counted_commission_cents: eb.fn.coalesce(
        eb
          .selectFrom('earnings')
          .select('earnings.amount_cents')
          .whereRef('earnings.order_id', '=', 'orders.id')
          .whereRef('earnings.partner_id', '=', 'orders.partner_id')
          .where('earnings.kind', '=', 'sale')
          .where('earnings.status', 'not in', ['REJECTED', 'IN_REVIEW']),
        sql<number>`0`,
      ),
    }))
    .where('status', '=', 'paid')
    .where('voucher_id', 'is', null)
    .where('partner_id', 'is not', null)
    .execute();

  // Summed in memory, a slice of orders at a time, so months and ISO weeks are computed the same
  // way whatever the database.
  const totals = new Map<string, Tables['partner_sales_stats']>();
  for (let after = 0; ;) {
    const slice = await db
      .selectFrom('orders')
      .select([
        'id',
        'partner_id',
        'placed_at',
        'geo',
        'counted_orders',
        'counted_sales_cents',
        'counted_commission_cents',
      ])
      .where('counted_orders', '=', 1)
      .where('id', '>', after)
      .orderBy('id')
      .limit(10_000)
      .execute();
    for (const o of slice) {
      for (const { period, start, geo } of periodsOf(new Date(o.placed_at), o.geo)) {
        const key = `${o.partner_id}|${period}|${start}|${geo}`;
        const row = totals.get(key) ?? {
          partner_id: o.partner_id!,
          period,
          start,
          geo,
          orders: 0,
          sales_cents: 0,
          commission_cents: 0,
        };
        row.orders += o.counted_orders;
        row.sales_cents += o.counted_sales_cents;
        row.commission_cents += o.counted_commission_cents;
        totals.set(key, row);
      }
    }
    if (slice.length < 10_000) break;
    after = slice[slice.length - 1]!.id;
  }
  const rows = [...totals.values()];
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('partner_sales_stats')
      .values(rows.slice(i, i + 500))
      .execute();

  // Every earning by kind and status, for the month it was created in and for all time ('').
  const month = sql<string>`substr(created_at, 1, 7) || '-01'`;
  await db
    .insertInto('partner_earning_stats')
    .columns(['partner_id', 'month', 'kind', 'status', 'earnings', 'cents'])
    .expression((eb) =>
      eb
        .selectFrom('earnings')
        .select([
          'partner_id',
          month.as('month'),
          'kind',
          'status',
          sql<number>`count(*)`.as('earnings'),
          sql<number>`sum(amount_cents)`.as('cents'),
        ])
        .groupBy(['partner_id', month, 'kind', 'status']),
    )
    .execute();
  await db
    .insertInto('partner_earning_stats')
    .columns(['partner_id', 'month', 'kind', 'status', 'earnings', 'cents'])
    .expression((eb) =>
      eb
        .selectFrom('earnings')
        .select([
          'partner_id',
          sql<string>`''`.as('month'),
          'kind',
          'status',
          sql<number>`count(*)`.as('earnings'),
          sql<number>`sum(amount_cents)`.as('cents'),
        ])
        .groupBy(['partner_id', 'kind', 'status']),
    )
    .execute();
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
