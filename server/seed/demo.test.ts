import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/db';
import type { TestDatabase } from '../test/db';
import { verifyPassword } from '../credentials/passwords';
import { bootstrapFirstAdmin } from '../modules/staff/service';
import { DEMO_PARTNER, DEMO_STAFF, seedDemoProgram } from './demo';

describe('the demo program', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  it('is seeded into an empty database, with argon2id passwords that sign in', async () => {
    const result = await seedDemoProgram(t.db);
    expect(result).toMatchObject({ seeded: true, partner: DEMO_PARTNER, staff: DEMO_STAFF });
    const partner = await t.db
      .selectFrom('partners')
      .selectAll()
      .where('email', '=', DEMO_PARTNER.email)
      .executeTakeFirstOrThrow();
    expect(partner.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(partner.password_hash!, DEMO_PARTNER.password)).toBe(true);
    expect(await verifyPassword(partner.password_hash!, 'wrong-password')).toBe(false);
    const staff = await t.db.selectFrom('staff_users').selectAll().executeTakeFirstOrThrow();
    expect(staff).toMatchObject({ email: DEMO_STAFF.email, role: 'admin' });
    expect(staff.password_hash).toMatch(/^\$argon2id\$/);
    const sub = await t.db.selectFrom('subpartners').selectAll().executeTakeFirstOrThrow();
    expect(sub.slug).toBe(result.subpartner);
  });

  it('is never seeded twice, nor over existing data', async () => {
    expect(await seedDemoProgram(t.db)).toEqual({ seeded: false });
    const n = await t.db
      .selectFrom('partners')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(n.n).toBe(1);
  });

  it('reads a malformed stored hash as a failed sign-in', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });
});

describe('the first staff admin', () => {
  it('is created from STAFF_BOOTSTRAP_* only while no staff exists', async () => {
    const t = await createTestDatabase();
    try {
      expect(await bootstrapFirstAdmin(t.db, undefined)).toBeUndefined();
      const admin = await bootstrapFirstAdmin(t.db, {
        email: 'Boss@Example.com',
        password: 'a-long-password',
      });
      expect(admin).toMatchObject({ email: 'boss@example.com', role: 'admin' });
      expect(await verifyPassword(admin!.password_hash, 'a-long-password')).toBe(true);
      expect(
        await bootstrapFirstAdmin(t.db, { email: 'second@example.com', password: 'another-password' }),
      ).toBeUndefined();
    } finally {
      await t.drop();
    }
  });
});
