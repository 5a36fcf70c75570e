// The program's calendar (docs/product/commissions.md#calendar, docs/decisions/054-program-calendar.md): the
// sales and the commissions of a month are the same orders, dated by when the customer paid, and
// months and weeks are cut at midnight in the program's time zone (America/Toronto unless admins
// change it), daylight saving included. A change of zone moves the figures, and the running
// totals always equal the ledger recomputed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  isTimeZone,
  localMonthStart,
  localWeekStart,
  monthBoundsIn,
  startOfDay,
} from '../../../common/calendar';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, createStaffWithToken, type FixtureStaff } from '../../test/payouts-fixture';
import { deliver, shopifyOrderPayload } from '../../test/shopify';
import { createChallenge, partnerChallenges } from '../challenges/service';
import { salesChart, salesSummary } from '../dashboard/service';
import { createPartnerAccount } from '../partners/service';
import { createPromoCode } from '../promo-codes/service';
import { createPromotion, partnerPromotions } from '../promotions/service';
import { createEarning, rebuildLedgerStats } from './service';

const SECRET = 'calendar-webhook-secret';

describe('the calendar arithmetic', () => {
  it('cuts months and ISO weeks at local midnight, daylight saving included', () => {
    const zone = 'America/Toronto';
    // 23:30 in Montréal on November 30th is 04:30 UTC on December 1st.
    expect(localMonthStart('2026-12-01T04:30:00.000Z', zone)).toBe('2026-11-01');
    expect(localMonthStart('2026-12-01T05:00:00.000Z', zone)).toBe('2026-12-01');
    expect(localMonthStart('2026-12-01T04:30:00.000Z', 'UTC')).toBe('2026-12-01');
    // Summer time (UTC-4) ends on November 1st 2026 at 2:00: that midnight is still at UTC-4.
    expect(monthBoundsIn('2026-10', zone)).toEqual({
      start: '2026-10-01',
      from: '2026-10-01T04:00:00.000Z',
      until: '2026-11-01T04:00:00.000Z',
    });
    expect(monthBoundsIn('2026-11', zone)).toEqual({
      start: '2026-11-01',
      from: '2026-11-01T04:00:00.000Z',
      until: '2026-12-01T05:00:00.000Z',
    });
    // It starts on March 8th 2026 at 2:00: February ends at UTC-5, April begins at UTC-4.
    expect(monthBoundsIn('2026-03', zone)).toEqual({
      start: '2026-03-01',
      from: '2026-03-01T05:00:00.000Z',
      until: '2026-04-01T04:00:00.000Z',
    });
    expect(startOfDay('2026-03-08', zone).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfDay('2026-03-09', zone).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    // Sunday March 8th, 23:30 (UTC-4) is still the week of Monday March 2nd.
    expect(localWeekStart('2026-03-09T03:30:00.000Z', zone)).toBe('2026-03-02');
    expect(localWeekStart('2026-03-09T04:00:00.000Z', zone)).toBe('2026-03-09');
    // A zone whose clocks skip midnight (Santiago, September 8th 2024): the day begins at 1:00.
    expect(startOfDay('2024-09-08', 'America/Santiago').toISOString()).toBe('2024-09-08T04:00:00.000Z');
    // Half-hour offsets: Newfoundland, India.
    expect(startOfDay('2026-12-01', 'America/St_Johns').toISOString()).toBe('2026-12-01T03:30:00.000Z');
    expect(localMonthStart('2026-11-30T18:29:00.000Z', 'Asia/Kolkata')).toBe('2026-11-01');
    expect(localMonthStart('2026-11-30T18:30:00.000Z', 'Asia/Kolkata')).toBe('2026-12-01');
  });

  it('knows IANA zones', () => {
    expect(DEFAULT_TIME_ZONE).toBe('America/Toronto');
    for (const zone of ['America/Toronto', 'UTC', 'Europe/Paris', 'America/Montreal'])
      expect(isTimeZone(zone)).toBe(true);
    for (const zone of ['', 'Mars/Olympus', 'EST5EDT;drop', '+05:00', 'America', 42])
      expect(isTimeZone(zone)).toBe(false);
  });
});

describe('the program calendar', () => {
  let t: TestApp;
  let admin: FixtureStaff;
  let manager: FixtureStaff;
  let ana: number;
  let ref: number;
  const db = () => t.database.db;
  /** A sale of 40.00 (commission 10%: 4.00) with Ana's code, placed and paid when given. */
  const sale = async (placed: string, paid: string) => {
    const order = {
      ...shopifyOrderPayload({
        code: 'ANA15',
        items: [['ACV Gummies', 1, 4000]],
        discountPercent: 0,
        country: 'CA',
        createdAt: placed,
      }),
      processed_at: paid,
    };
    expect((await deliver(t.app, 'orders/paid', order, { secret: SECRET })).json().data.outcome).toBe(
      'processed',
    );
    return order;
  };
  const monthRow = (partnerId: number, start: string) =>
    db()
      .selectFrom('partner_sales_stats')
      .selectAll()
      .where('partner_id', '=', partnerId)
      .where('period', '=', 'm')
      .where('start', '=', start)
      .where('geo', '=', '')
      .executeTakeFirst();
  const earningMonth = async (partnerId: number, month: string, kind: string) => {
    const rows = await db()
      .selectFrom('partner_earning_stats')
      .selectAll()
      .where('partner_id', '=', partnerId)
      .where('month', '=', month)
      .where('kind', '=', kind as never)
      .execute();
    return rows.reduce((sum, r) => sum + Number(r.cents), 0);
  };
  const snapshot = async () => ({
    sales: (
      await db()
        .selectFrom('partner_sales_stats')
        .selectAll()
        .orderBy(['partner_id', 'period', 'start', 'geo'])
        .execute()
    ).filter((r) => Number(r.orders) || Number(r.sales_cents) || Number(r.commission_cents)),
    earnings: (
      await db()
        .selectFrom('partner_earning_stats')
        .selectAll()
        .orderBy(['partner_id', 'month', 'kind', 'status'])
        .execute()
    ).filter((r) => Number(r.earnings) || Number(r.cents)),
    program: (
      await db()
        .selectFrom('program_month_stats')
        .select(['month', 'orders', 'sales_cents', 'commission_cents'])
        .orderBy('month')
        .execute()
    ).filter((r) => Number(r.orders) || Number(r.sales_cents) || Number(r.commission_cents)),
  });
  const setZone = (token: string, zone: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/manager/settings/time-zone',
      headers: bearer(token),
      payload: { time_zone: zone },
    });

  beforeAll(async () => {
    t = await createTestApp({ env: { SHOPIFY_WEBHOOK_SECRET: SECRET } });
    const referrer = await createPartnerAccount(db(), {
      email: 'ref@example.com',
      password: 'ref-password-1',
      first_name: 'Ref',
      last_name: 'Erer',
      locale: 'en',
    });
    const p = await createPartnerAccount(db(), {
      email: 'ana@example.com',
      password: 'ana-password-1',
      first_name: 'Ana',
      last_name: 'Seller',
      locale: 'en',
    });
    await createPromoCode(db(), p.id, 'ANA15');
    // Ana came through Ref's link: Ref earns 5% of each of her sales (2.00 here).
    await db().updateTable('partners').set({ referrer_id: referrer.id }).where('id', '=', p.id).execute();
    await db()
      .updateTable('partners')
      .set({ referral_commission_amount: 5, referral_comission_type: 'percent' })
      .where('id', '=', referrer.id)
      .execute();
    ana = p.id;
    ref = referrer.id;
    admin = await createStaffWithToken(db(), 'admin');
    manager = await createStaffWithToken(db(), 'manager');
  });
  afterAll(() => t.close());

  it('counts an order paid at 23:30 in Montréal on November 30th in November, sales and commissions alike', async () => {
    await sale('2026-11-30T23:00:00-05:00', '2026-11-30T23:30:00-05:00');
    expect(await monthRow(ana, '2026-11-01')).toMatchObject({
      orders: 1,
      sales_cents: 4000,
      commission_cents: 400,
    });
    expect(await monthRow(ana, '2026-12-01')).toBeUndefined();
    expect(await earningMonth(ana, '2026-11-01', 'sale')).toBe(400);
    // The referral follows the order it comes from.
    expect(await earningMonth(ref, '2026-11-01', 'referral')).toBe(200);
    // On December 1st at noon in Montréal, it is last month's.
    const summary = await salesSummary(db(), ana, new Date('2026-12-01T12:00:00-05:00'));
    expect(summary).toMatchObject({
      current_month_sales: 0,
      current_month_orders: 0,
      this_month_commissions: 0,
      last_month_commissions: 4,
      time_zone: 'America/Toronto',
    });
    // On November 30th at 23:45, this month's.
    expect(await salesSummary(db(), ana, new Date('2026-11-30T23:45:00-05:00'))).toMatchObject({
      current_month_sales: 40,
      current_month_orders: 1,
      this_month_commissions: 4,
    });
  });

  it('counts an order placed in October and paid in November in November, for its sales and its commission', async () => {
    await sale('2026-10-20T10:00:00-04:00', '2026-11-05T10:00:00-05:00');
    expect(await monthRow(ana, '2026-10-01')).toBeUndefined();
    expect(await monthRow(ana, '2026-11-01')).toMatchObject({
      orders: 2,
      sales_cents: 8000,
      commission_cents: 800,
    });
    const november = await salesSummary(db(), ana, new Date('2026-11-20T12:00:00-05:00'));
    expect(november).toMatchObject({
      current_month_sales: 80,
      current_month_orders: 2,
      this_month_commissions: 8,
      last_month_commissions: 0,
    });
    // The chart's month and ISO week of the payment (Thursday November 5th: the week of Monday the 2nd).
    const chart = await salesChart(db(), ana, new Date('2026-11-20T12:00:00-05:00'));
    expect(chart.monthly.at(-1)).toEqual({ start: '2026-11-01', orders: 2, sales: 80, commissions: 8 });
    expect(chart.monthly.at(-2)).toEqual({ start: '2026-10-01', orders: 0, sales: 0, commissions: 0 });
    expect(chart.weekly.find((w) => w.start === '2026-11-02')).toEqual({
      start: '2026-11-02',
      orders: 1,
      sales: 40,
      commissions: 4,
    });
    expect(chart.weekly.find((w) => w.start === '2026-11-30')).toBeUndefined();
  });

  it('cuts at local midnight across the change of time', async () => {
    // Saturday October 31st, 23:59 at UTC-4 (summer time ends the next night): October.
    await sale('2026-10-31T23:00:00-04:00', '2026-10-31T23:59:00-04:00');
    // Sunday March 8th 2026, 23:30 at UTC-4 (summer time began that morning): March, week of the 2nd.
    await sale('2026-03-08T20:00:00-04:00', '2026-03-08T23:30:00-04:00');
    expect(await monthRow(ana, '2026-10-01')).toMatchObject({ orders: 1, sales_cents: 4000 });
    const weeks = await db()
      .selectFrom('partner_sales_stats')
      .select(['start', 'orders'])
      .where('partner_id', '=', ana)
      .where('period', '=', 'w')
      .orderBy('start')
      .execute();
    expect(weeks.map((w) => [w.start, Number(w.orders)])).toEqual([
      ['2026-03-02', 1],
      ['2026-10-26', 1],
      ['2026-11-02', 1],
      ['2026-11-30', 1],
    ]);
  });

  it('dates earnings without an order by their own day', async () => {
    await createEarning(
      db(),
      {
        partner_id: ana,
        kind: 'bonus',
        source_key: 'calendar:bonus',
        base_cents: 500,
        rate_bp: null,
        amount_cents: 500,
        status: 'APPROVED',
        hold_until: null,
      },
      'bonus',
      'test',
      new Date('2026-12-01T04:30:00.000Z'),
    );
    expect(await earningMonth(ana, '2026-11-01', 'bonus')).toBe(500);
  });

  it('keeps challenge and promo months in the program’s time zone', async () => {
    const november = new Date('2026-11-15T12:00:00-05:00');
    const challenge = await createChallenge(
      db(),
      {
        month: '2026-11',
        metric: 'sales_count',
        target: 2,
        reward: { kind: 'bonus', amount: 10 },
        content: { en: { title: 'Three', body: 'Sell three.' } },
      },
      manager.id,
      november,
    );
    const [mine] = await partnerChallenges(db(), ana, 'en', november);
    // The two orders paid in November in Montréal, the one at 23:30 on the 30th included (not the
    // one placed in November's first minutes UTC, which was October 31st's in Montréal).
    expect(mine).toMatchObject({
      id: challenge.id,
      progress: 2,
      met: true,
      ends_at: '2026-12-01T05:00:00.000Z',
    });

    await createPromotion(
      db(),
      {
        content: { en: { title: 'November', body: 'x' } },
        product: null,
        starts_on: '2026-11-01',
        ends_on: '2026-11-30',
      },
      manager.id,
    );
    await createPromotion(
      db(),
      {
        content: { en: { title: 'December', body: 'y' } },
        product: null,
        starts_on: '2026-12-01',
        ends_on: '2026-12-31',
      },
      manager.id,
    );
    // 22:00 on November 30th in Montréal (03:00 UTC on December 1st): November's promo runs.
    expect(
      (await partnerPromotions(db(), 'en', new Date('2026-12-01T03:00:00.000Z'))).map((p) => p.title),
    ).toEqual(['November']);
    expect(
      (await partnerPromotions(db(), 'en', new Date('2026-12-01T05:00:00.000Z'))).map((p) => p.title),
    ).toEqual(['December']);
  });

  it('moves the figures when admins change the time zone, audited, and keeps the totals equal to the ledger', async () => {
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/manager/settings/time-zone',
      headers: bearer(admin.token),
    });
    expect(get.json().data).toMatchObject({ time_zone: 'America/Toronto' });
    expect((await setZone(manager.token, 'UTC')).statusCode).toBe(403);
    const refused = await setZone(admin.token, 'Mars/Olympus');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toHaveProperty('time_zone');

    const before = await snapshot();
    const changed = await setZone(admin.token, 'UTC');
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ time_zone: 'UTC' });
    // In UTC the order paid at 04:30 UTC on December 1st is December's, sales and commissions,
    // and the one paid at 03:59 UTC on November 1st November's.
    expect(await monthRow(ana, '2026-10-01')).toBeUndefined();
    expect(await monthRow(ana, '2026-11-01')).toMatchObject({
      orders: 2,
      sales_cents: 8000,
      commission_cents: 800,
    });
    expect(await monthRow(ana, '2026-12-01')).toMatchObject({
      orders: 1,
      sales_cents: 4000,
      commission_cents: 400,
    });
    expect(await earningMonth(ana, '2026-12-01', 'sale')).toBe(400);
    expect(await earningMonth(ana, '2026-12-01', 'bonus')).toBe(500);
    expect(await salesSummary(db(), ana, new Date('2026-12-01T12:00:00.000Z'))).toMatchObject({
      current_month_orders: 1,
      this_month_commissions: 9,
      last_month_commissions: 8,
      time_zone: 'UTC',
    });
    // The program's totals follow, and what the ledger says is what was kept.
    const kept = await snapshot();
    expect(kept.program.find((m) => m.month === '2026-12-01')).toMatchObject({
      orders: 1,
      sales_cents: 4000,
      commission_cents: 400,
    });
    await db()
      .transaction()
      .execute((trx) => rebuildLedgerStats(trx));
    expect(await snapshot()).toEqual(kept);

    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'settings.time_zone')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.before!)).toEqual({ time_zone: 'America/Toronto' });
    expect(JSON.parse(audit[0]!.after!)).toEqual({ time_zone: 'UTC' });

    // Back to Montréal: the figures are what they were.
    expect((await setZone(admin.token, 'America/Toronto')).statusCode).toBe(200);
    expect(await snapshot()).toEqual(before);
    // Setting the zone it is changes nothing and writes no audit line.
    expect((await setZone(admin.token, 'America/Toronto')).statusCode).toBe(200);
    expect(
      await db().selectFrom('audit_log').select('id').where('action', '=', 'settings.time_zone').execute(),
    ).toHaveLength(2);
  });
});
