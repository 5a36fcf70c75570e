import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoProgram } from '../../seed/demo';
import { referralSales, shopSales } from '../../modules/dashboard/service';
import { createTestDatabase } from '../../test/db';
import type { TestDatabase } from '../../test/db';
import type { Db } from '../index';
import * as m007 from './007-order-products';

// Migration 007 copies each order's first product and product count from its line items onto the
// order, where the sales lists read them. Applied again to a year of demo sales, it must give the
// same columns, and the lists the same pages, as the orders recorded with them.
describe('migration 007 on a database with orders', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await seedDemoProgram(t.db, { sales: true });
    // An order without line items, and one with three, beside the demo's.
    const partner = await t.db
      .selectFrom('orders')
      .select('partner_id')
      .where('partner_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    for (const [n, items] of [
      [0, []],
      [1, ['Kids Multi', 'Dreamy Sleep', 'Calm Bites']],
    ] as const) {
      const { id } = await t.db
        .insertInto('orders')
        .values({
          shopify_order_id: `m007-${n}`,
          order_number: `#M007${n}`,
          partner_id: partner.partner_id,
          currency: 'USD',
          subtotal_cents: 1000,
          total_cents: 1000,
          geo: 'US',
          status: 'paid',
          placed_at: now,
          created_at: now,
          updated_at: now,
          first_product: items[0] ?? null,
          product_count: items.length,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [i, product] of items.entries()) {
        await t.db
          .insertInto('order_items')
          .values({
            order_id: id,
            line_item_id: `m007-${n}-${i}`,
            product,
            sku: null,
            quantity: 1,
            price_cents: 100,
          })
          .execute();
      }
    }
  });
  afterAll(() => t.drop());

  /** Each order's first product (by line item id) and product count, from the line items. */
  const fromItems = async (db: Db) =>
    (
      await sql<{ id: number; first_product: string | null; product_count: number }>`
        select o.id,
          (select i.product from order_items i where i.order_id = o.id order by i.id limit 1) as first_product,
          (select count(*) from order_items i where i.order_id = o.id) as product_count
        from orders o order by o.id`.execute(db)
    ).rows.map((r) => ({ ...r, product_count: Number(r.product_count) }));
  const onOrders = (db: Db) =>
    db.selectFrom('orders').select(['id', 'first_product', 'product_count']).orderBy('id').execute();
  const lists = async (db: Db) => {
    const partners = await db.selectFrom('partners').select('id').orderBy('id').execute();
    const pages = [];
    for (const { id } of partners) {
      for (const paging of [
        { page: 1, length: 5 },
        { page: 2, length: 7 },
        { page: 1, length: 100 },
      ]) {
        pages.push(await shopSales(db, id, paging, 'en'), await referralSales(db, id, paging, 'fr'));
      }
    }
    return pages;
  };

  it('gives each order the products of its line items, and the lists the same pages', async () => {
    const recorded = await onOrders(t.db);
    expect(recorded).toEqual(await fromItems(t.db));
    expect(recorded.filter((o) => o.product_count > 1).length).toBeGreaterThan(0);
    expect(recorded.some((o) => o.product_count === 0 && o.first_product === null)).toBe(true);
    const shown = await lists(t.db);
    expect(shown.flatMap((p) => p.data).map((r) => r.product)).toEqual(
      expect.arrayContaining(['Kids Multi +2', '']),
    );

    await t.db.transaction().execute(async (trx) => {
      await m007.down(trx as unknown as Kysely<unknown>);
      expect(
        (await trx.introspection.getTables()).find((x) => x.name === 'orders')!.columns.map((c) => c.name),
      ).not.toContain('first_product');
      await m007.up(trx as unknown as Kysely<unknown>);
    });
    expect(await onOrders(t.db)).toEqual(recorded);
    expect(await lists(t.db)).toEqual(shown);
  });
});
