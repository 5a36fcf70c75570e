import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoProgram } from '../../seed/demo';
import { rebuildLedgerStats } from '../../modules/ledger/service';
import { createTestDatabase } from '../../test/db';
import type { TestDatabase } from '../../test/db';
import type { Db } from '../index';
import * as m005 from './005-ledger-stats';
import * as m028 from './028-program-calendar';

// Migration 005 adds the running totals to a database that already holds a ledger, and fills them
// in with SQL of its own (a migration never imports application code). Applied again to a year
// of demo sales, then migration 028's cut of the months and weeks in the program's time zone, it
// must give what the ledger kept and what rebuildLedgerStats gives today.
describe('migration 005 on a database with orders', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await seedDemoProgram(t.db, { sales: true });
  });
  afterAll(() => t.drop());

  const snapshot = async (db: Db) => ({
    sales: await db
      .selectFrom('partner_sales_stats')
      .selectAll()
      .where((eb) =>
        eb.or([eb('orders', '!=', 0), eb('sales_cents', '!=', 0), eb('commission_cents', '!=', 0)]),
      )
      .orderBy(['partner_id', 'period', 'start', 'geo'])
      .execute(),
    earnings: await db
      .selectFrom('partner_earning_stats')
      .selectAll()
      .where((eb) => eb.or([eb('earnings', '!=', 0), eb('cents', '!=', 0)]))
      .orderBy(['partner_id', 'month', 'kind', 'status'])
      .execute(),
    counted: await db
      .selectFrom('orders')
      .select(['id', 'counted_orders', 'counted_sales_cents', 'counted_commission_cents'])
      .orderBy('id')
      .execute(),
  });

  it('builds the totals the ledger kept, and the same as the rebuild', async () => {
    const kept = await snapshot(t.db);
    expect(kept.sales.length).toBeGreaterThan(50);
    expect(kept.earnings.length).toBeGreaterThan(10);
    expect(kept.counted.some((o) => o.counted_commission_cents > 0)).toBe(true);

    await t.db.transaction().execute(async (trx) => {
      // Back to the schema before 005 (its tables and order columns gone), then 005 again.
      await m005.down(trx as unknown as Kysely<unknown>);
      expect((await trx.introspection.getTables()).map((x) => x.name)).not.toContain('partner_sales_stats');
      await m005.up(trx as unknown as Kysely<unknown>);
      await m028.recut(trx as unknown as Kysely<unknown>, m028.DEFAULT_ZONE, 'paid');
    });
    expect(await snapshot(t.db)).toEqual(kept);

    await t.db.transaction().execute((trx) => rebuildLedgerStats(trx));
    expect(await snapshot(t.db)).toEqual(kept);
  });
});
