import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoProgram } from '../../seed/demo';
import { rebuildLedgerStats } from '../../modules/ledger/service';
import { createTestDatabase } from '../../test/db';
import type { TestDatabase } from '../../test/db';
import type { Db } from '../index';
import * as m018 from './018-partner-admin';
import * as m026 from './026-partner-search';

// Migration 018 puts each partner's lifetime figures on their row, filled from the running totals
// with SQL of its own (a migration never imports application code). Applied again to a year of
// demo sales, it must give what the ledger kept and what rebuildLedgerStats gives today.
describe('migration 018 on a database with orders', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await seedDemoProgram(t.db, { sales: true });
  });
  afterAll(() => t.drop());

  const totals = (db: Db) =>
    db
      .selectFrom('partners')
      .select(['id', 'status', 'total_sales_cents', 'total_earned_cents', 'verified_sales'])
      .orderBy('id')
      .execute();

  it('fills the figures the ledger kept, and the same as the rebuild', async () => {
    const kept = await totals(t.db);
    expect(
      kept.some((p) => p.total_sales_cents > 0 && p.total_earned_cents > 0 && p.verified_sales > 0),
    ).toBe(true);
    expect(kept.every((p) => p.status === 'active')).toBe(true);

    // 026 indexes columns 018 adds: it goes first and comes back last, as a migrator would.
    await t.db.transaction().execute(async (trx) => {
      const db = trx as unknown as Kysely<unknown>;
      await m026.down(db);
      await m018.down(db);
      expect((await trx.introspection.getTables()).map((x) => x.name)).not.toContain('partner_notes');
      await m018.up(db);
      await m026.up(db);
    });
    expect(await totals(t.db)).toEqual(kept);

    await t.db.transaction().execute((trx) => rebuildLedgerStats(trx));
    expect(await totals(t.db)).toEqual(kept);
  });
});
