// The demo program's short-link clicks: a month of them, so the affiliate links page shows a
// believable conversion (orders per click well under one) rather than more orders than clicks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkStats } from '../modules/links/service';
import { createTestDatabase, type TestDatabase } from '../test/db';
import { DEMO_PARTNER, seedDemoProgram } from './demo';

describe('the demo program’s clicks', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await seedDemoProgram(t.db, { sales: true });
  });
  afterAll(() => t.drop());

  it('fill the last 30 days, with fewer orders than clicks', async () => {
    const partner = await t.db
      .selectFrom('partners')
      .select('id')
      .where('email', '=', DEMO_PARTNER.email)
      .executeTakeFirstOrThrow();
    const stats = await linkStats(t.db, partner.id);
    expect(stats.days.filter((d) => d.clicks > 0).length).toBeGreaterThanOrEqual(29);
    expect(stats.clicks).toBeGreaterThan(stats.orders * 10);
    expect(stats.conversion).toBeGreaterThan(0);
    expect(stats.conversion).toBeLessThan(0.1);
  });
});
