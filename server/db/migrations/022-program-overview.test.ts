import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoProgram } from '../../seed/demo';
import { createPartnerAccount } from '../../modules/partners/service';
import { rebuildLedgerStats } from '../../modules/ledger/service';
import { createTestDatabase } from '../../test/db';
import type { TestDatabase } from '../../test/db';
import type { Db } from '../index';
import * as m022 from './022-program-overview';
import * as m031 from './031-partner-months';

// The program's running totals (migration 022) are kept by triggers on the per-partner totals:
// after a year of demo sales they must equal the per-partner totals added up; filled again by the
// migration itself they are the same; and rebuildLedgerStats (which deletes and writes every
// per-partner row again) leaves them the same.
describe('migration 022 on a database with orders', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await seedDemoProgram(t.db, { sales: true });
  });
  afterAll(() => t.drop());

  const n = (v: unknown) => Number(v);
  const kept = async (db: Db) => ({
    months: (await db.selectFrom('program_month_stats').selectAll().orderBy('month').execute())
      .map((r) => ({
        month: r.month,
        orders: n(r.orders),
        sales: n(r.sales_cents),
        commission: n(r.commission_cents),
        joined: n(r.partners_joined),
        active: n(r.partners_active),
      }))
      .filter((r) => r.month === '' || r.orders || r.sales || r.commission || r.joined || r.active),
    earnings: (
      await db
        .selectFrom('program_earning_stats')
        .selectAll()
        .orderBy('month')
        .orderBy('kind')
        .orderBy('status')
        .execute()
    )
      .map((r) => ({
        month: r.month,
        kind: r.kind,
        status: r.status,
        earnings: n(r.earnings),
        cents: n(r.cents),
      }))
      .filter((r) => r.earnings || r.cents),
  });

  /** The same figures added up from the per-partner tables, as the overview would otherwise. */
  const addedUp = async (db: Db) => {
    const sales = await db
      .selectFrom('partner_sales_stats')
      .select([
        'start',
        sql<number>`sum(orders)`.as('orders'),
        sql<number>`sum(sales_cents)`.as('sales'),
        sql<number>`sum(commission_cents)`.as('commission'),
      ])
      .where('period', '=', 'm')
      .groupBy('start')
      .execute();
    const partners = await db.selectFrom('partners').select(['created_at', 'joined_month']).execute();
    const active = await db
      .selectFrom('partner_sales_stats')
      .select(['start', sql<number>`count(*)`.as('n')])
      .where('period', '=', 'm')
      .where('orders', '>', 0)
      .groupBy('start')
      .execute();
    const months = new Map<
      string,
      { month: string; orders: number; sales: number; commission: number; joined: number; active: number }
    >();
    const row = (month: string) => {
      if (!months.has(month))
        months.set(month, { month, orders: 0, sales: 0, commission: 0, joined: 0, active: 0 });
      return months.get(month)!;
    };
    row('').joined = partners.length;
    for (const s of sales)
      Object.assign(row(s.start), { orders: n(s.orders), sales: n(s.sales), commission: n(s.commission) });
    // The month of the program's calendar the partner joined in (migration 031).
    for (const p of partners) row(p.joined_month ?? `${p.created_at.slice(0, 7)}-01`).joined += 1;
    for (const a of active) row(a.start).active = n(a.n);
    const earnings = await db
      .selectFrom('partner_earning_stats')
      .select([
        'month',
        'kind',
        'status',
        sql<number>`sum(earnings)`.as('earnings'),
        sql<number>`sum(cents)`.as('cents'),
      ])
      .groupBy(['month', 'kind', 'status'])
      .execute();
    return {
      months: [...months.values()]
        .filter((r) => r.month === '' || r.orders || r.sales || r.commission || r.joined || r.active)
        .sort((a, b) => a.month.localeCompare(b.month)),
      earnings: earnings
        .map((r) => ({
          month: r.month,
          kind: r.kind,
          status: r.status,
          earnings: n(r.earnings),
          cents: n(r.cents),
        }))
        .filter((r) => r.earnings || r.cents)
        .sort(
          (a, b) =>
            a.month.localeCompare(b.month) ||
            a.kind.localeCompare(b.kind) ||
            a.status.localeCompare(b.status),
        ),
    };
  };

  it('keeps the per-partner totals added up, fills them the same, and follows the rebuild', async () => {
    const before = await kept(t.db);
    expect(before.months.some((m) => m.orders > 0 && m.active > 0)).toBe(true);
    expect(before.earnings.length).toBeGreaterThan(0);
    // No partner of the demo has signed in yet: active partners are those who sold.
    expect(before).toEqual(await addedUp(t.db));

    await t.db.transaction().execute(async (trx) => {
      // Migration 031 changed 022's triggers on partners: undone first, done again last.
      await m031.down(trx as unknown as Kysely<unknown>);
      await m022.down(trx as unknown as Kysely<unknown>);
      expect((await trx.introspection.getTables()).map((x) => x.name)).not.toContain('program_month_stats');
      await m022.up(trx as unknown as Kysely<unknown>);
      await m031.up(trx as unknown as Kysely<unknown>);
    });
    expect(await kept(t.db)).toEqual(before);

    await t.db.transaction().execute((trx) => rebuildLedgerStats(trx));
    expect(await kept(t.db)).toEqual(before);
  });

  it('counts a partner active once a month, whether they sold, signed in, or both', async () => {
    const month = (iso: string) => `${iso.slice(0, 7)}-01`;
    const activeIn = async (m: string) =>
      n(
        (
          await t.db
            .selectFrom('program_month_stats')
            .select('partners_active')
            .where('month', '=', m)
            .executeTakeFirst()
        )?.partners_active ?? 0,
      );
    const seller = await t.db
      .selectFrom('partner_sales_stats')
      .select(['partner_id', 'start'])
      .where('period', '=', 'm')
      .where('orders', '>', 0)
      .orderBy('start', 'desc')
      .executeTakeFirstOrThrow();
    // Someone who never sold (their sign-up counts them in, not as active).
    const joinedBefore = n(
      (
        await t.db
          .selectFrom('program_month_stats')
          .select('partners_joined')
          .where('month', '=', '')
          .executeTakeFirstOrThrow()
      ).partners_joined,
    );
    const idle = await createPartnerAccount(t.db, {
      email: 'idle.partner@example.test',
      password: 'idle-password-1',
      first_name: 'Idle',
      last_name: 'Partner',
    });
    expect(
      n(
        (
          await t.db
            .selectFrom('program_month_stats')
            .select('partners_joined')
            .where('month', '=', '')
            .executeTakeFirstOrThrow()
        ).partners_joined,
      ),
    ).toBe(joinedBefore + 1);
    const at = `${seller.start.slice(0, 7)}-15T10:00:00.000Z`;
    const was = await activeIn(seller.start);

    // A seller signing in that month: already counted.
    await t.db
      .updateTable('partners')
      .set({ last_login_dt: at })
      .where('id', '=', seller.partner_id)
      .execute();
    expect(await activeIn(seller.start)).toBe(was);
    // Someone who did not sell: counted from their first sign-in, once however often they come.
    await t.db.updateTable('partners').set({ last_login_dt: at }).where('id', '=', idle.id).execute();
    expect(await activeIn(seller.start)).toBe(was + 1);
    await t.db
      .updateTable('partners')
      .set({ last_login_dt: `${at.slice(0, 8)}20T08:00:00.000Z` })
      .where('id', '=', idle.id)
      .execute();
    expect(await activeIn(seller.start)).toBe(was + 1);
    // A sign-in the next month counts there, and leaves this month's count alone.
    const next = new Date(Date.UTC(Number(at.slice(0, 4)), Number(at.slice(5, 7)), 2)).toISOString();
    const nextWas = await activeIn(month(next));
    await t.db.updateTable('partners').set({ last_login_dt: next }).where('id', '=', idle.id).execute();
    expect(await activeIn(month(next))).toBe(nextWas + 1);
    expect(await activeIn(seller.start)).toBe(was + 1);
  });
});
