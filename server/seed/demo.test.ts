import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/db';
import type { TestDatabase } from '../test/db';
import { verifyPassword } from '../credentials/passwords';
import { BADGES } from '../../common/badges';
import { sweepBadges } from '../modules/badges/service';
import { newsfeedPage } from '../modules/newsfeed/service';
import { bootstrapFirstAdmin } from '../modules/staff/service';
import { DEMO_PARTNER, DEMO_STAFF, seedDemoProgram } from './demo';
import { LAUNCHED_PRODUCT } from './demo-messages';

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

describe('the demo program after its year of sales', () => {
  let t: TestDatabase;
  let maya: number;
  let seededBy: string;
  const DAY = 86_400_000;
  beforeAll(async () => {
    t = await createTestDatabase();
    await seedDemoProgram(t.db, { sales: true });
    seededBy = new Date().toISOString();
    maya = (
      await t.db
        .selectFrom('partners')
        .select('id')
        .where('email', '=', DEMO_PARTNER.email)
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.drop());

  const awardsOf = (partnerId: number) =>
    t.db
      .selectFrom('badge_awards')
      .select(['badge', 'awarded_at'])
      .where('partner_id', '=', partnerId)
      .orderBy('awarded_at')
      .execute();

  it("dates each of the demo partner's badges at the event of the year that earned it", async () => {
    const awards = await awardsOf(maya);
    const held = new Set(awards.map((a) => a.badge));
    for (const id of ['first_sale', 'sales_10', 'sales_50', 'first_cashout', 'earned_1000'])
      expect(held).toContain(id);
    // Not all at the first start: each its own instant, none after the seed.
    expect(new Set(awards.map((a) => a.awarded_at)).size).toBe(awards.length);
    for (const a of awards) expect(a.awarded_at <= seededBy).toBe(true);

    const orders = await t.db
      .selectFrom('orders')
      .select('placed_at')
      .where('partner_id', '=', maya)
      .orderBy('placed_at')
      .execute();
    const created = await t.db
      .selectFrom('earning_events')
      .innerJoin('earnings', 'earnings.id', 'earning_events.earning_id')
      .select(['earning_events.at', 'earning_events.amount_after_cents'])
      .where('earnings.partner_id', '=', maya)
      .where('earning_events.from_status', 'is', null)
      .execute();
    const paidAt = (
      await t.db
        .selectFrom('payouts')
        .select('paid_at')
        .where('partner_id', '=', maya)
        .where('status', '=', 'PAID')
        .orderBy('paid_at')
        .execute()
    ).map((p) => p.paid_at!);
    expect(paidAt.length).toBeGreaterThan(0);
    for (const { badge, awarded_at: at } of awards) {
      const rule = BADGES.find((b) => b.id === badge)!;
      if (rule.metric === 'sales') {
        // At the order that took her there: no sooner than her target-th order.
        expect(orders.map((o) => o.placed_at)).toContain(at);
        expect(orders.filter((o) => o.placed_at <= at).length).toBeGreaterThanOrEqual(rule.target);
      } else if (rule.metric === 'earned') {
        // When an earning was recorded, and no sooner than her earnings recorded by then reach it.
        expect(created.map((e) => e.at)).toContain(at);
        const by = created
          .filter((e) => e.at <= at)
          .reduce((sum, e) => sum + Number(e.amount_after_cents), 0);
        expect(by).toBeGreaterThanOrEqual(rule.target * 100);
      } else if (rule.metric === 'cashouts') {
        expect(at).toBe(paidAt[rule.target - 1]);
      }
    }
    expect(awards.find((a) => a.badge === 'first_sale')!.awarded_at).toBe(orders[0]!.placed_at);

    // Every demo partner's badges, each dated by the year.
    const all = await t.db.selectFrom('badge_awards').select(['partner_id', 'awarded_at']).execute();
    expect(new Set(all.map((a) => a.partner_id)).size).toBeGreaterThan(1);
    for (const a of all) expect(a.awarded_at < new Date(Date.parse(seededBy) - DAY).toISOString()).toBe(true);
  });

  it('leaves nothing for the first start to award, and a second seed changes nothing', async () => {
    const snapshot = async () => ({
      awards: await t.db.selectFrom('badge_awards').selectAll().orderBy('id').execute(),
      notifications: await t.db
        .selectFrom('notifications')
        .select(['id', 'created_at'])
        .orderBy('id')
        .execute(),
    });
    const before = await snapshot();
    expect(await sweepBadges(t.db)).toEqual([]);
    expect(await seedDemoProgram(t.db, { sales: true })).toEqual({ seeded: false });
    expect(await snapshot()).toEqual(before);
  });

  it("spreads the newsfeed's items over the year: badges and announcements each at their own time", async () => {
    const feed = await newsfeedPage(t.db, maya, { page: 1, length: 1000 }, 'en');
    const items = feed.data;
    expect(items.length).toBe(feed.total);
    const kinds = new Set(items.map((i) => i.kind));
    for (const kind of ['sale', 'badge', 'announcement', 'promotion']) expect(kinds).toContain(kind);
    for (const i of items) expect(i.date <= seededBy).toBe(true);
    const news = items.filter((i) => i.kind === 'badge' || i.kind === 'announcement');
    expect(new Set(news.map((i) => i.date)).size).toBe(news.length);
    // Each badge in the feed at its award.
    const awards = new Map((await awardsOf(maya)).map((a) => [a.badge, a.awarded_at]));
    const badges = items.filter((i) => i.kind === 'badge');
    expect(badges.length).toBe(awards.size);
    for (const b of badges) expect(b.date).toBe(awards.get(b.badge!));
    // The announcements on the seeded year's days: the launch the day before the product's first
    // sale, the PayPal cash-outs the day after the last cash-out paid by hand.
    const firstLaunched = await t.db
      .selectFrom('orders')
      .innerJoin('order_items', 'order_items.order_id', 'orders.id')
      .select('orders.placed_at')
      .where('order_items.product', '=', LAUNCHED_PRODUCT)
      .orderBy('orders.placed_at')
      .executeTakeFirstOrThrow();
    const lastPaid = await t.db
      .selectFrom('payouts')
      .select('paid_at')
      .where('status', '=', 'PAID')
      .orderBy('paid_at', 'desc')
      .executeTakeFirstOrThrow();
    const shifted = (iso: string, days: number) => new Date(Date.parse(iso) + days * DAY).toISOString();
    const announced = new Map(items.filter((i) => i.kind === 'announcement').map((i) => [i.title, i.date]));
    expect(announced.get('Matcha Mind joins the line-up')).toBe(shifted(firstLaunched.placed_at, -1));
    expect(announced.get('Cash-outs now reach PayPal within 2 business days')).toBe(
      shifted(lastPaid.paid_at!, 1),
    );
  });

  it("lists the bell's notifications newest first by time as well as by order of writing", async () => {
    const rows = await t.db
      .selectFrom('notifications')
      .select(['id', 'created_at'])
      .where('partner_id', '=', maya)
      .orderBy('id')
      .execute();
    const times = rows.map((r) => r.created_at);
    expect(times).toEqual([...times].sort());
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
