import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/db';
import type { TestDatabase } from '../test/db';
import { isUniqueViolation, nowIso } from './dialect';
import { migrateToLatest } from './index';

describe('the database layer', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  it('starts migrated, and migrating again changes nothing', async () => {
    expect(await migrateToLatest(t.db)).toEqual([]);
    const tables = await t.db.introspection.getTables();
    expect(tables.map((x) => x.name)).toEqual(
      expect.arrayContaining(['settings', 'partners', 'staff_users', 'subpartners']),
    );
  });

  it('answers counts and sums as numbers on both dialects', async () => {
    const row = await t.db
      .selectFrom('partners')
      .select([
        sql<number>`count(*)`.as('n'),
        sql<number>`coalesce(sum(referral_commission_amount), 0)`.as('total'),
      ])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ n: 0, total: 0 });
  });

  it('keeps e-mail addresses unique ignoring case, and says so as a unique violation', async () => {
    const base = {
      first_name: 'A',
      last_name: 'B',
      password_hash: null,
      created_at: nowIso(),
      updated_at: nowIso(),
    };
    await t.db
      .insertInto('partners')
      .values({ ...base, uuid: crypto.randomUUID(), email: 'case@example.com' })
      .execute();
    const error = await t.db
      .insertInto('partners')
      .values({ ...base, uuid: crypto.randomUUID(), email: 'CASE@example.com' })
      .execute()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
  });

  it('gives each test file its own database', async () => {
    const other = await createTestDatabase();
    try {
      const row = await other.db
        .selectFrom('partners')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      expect(row.n).toBe(0);
    } finally {
      await other.drop();
    }
  });
});
