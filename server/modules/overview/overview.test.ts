import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { actor, addEarnings, payoutPartner, staffMember } from '../../test/payouts';
import type { TestPartner, TestStaff } from '../../test/payouts';
import { deliver, shopifyOrderPayload, shopifyRefundPayload } from '../../test/shopify';
import { signInPartner } from '../auth/service';
import { findPayout, markPayoutPaid, requestPayout, reviewPayout, transition } from '../payouts/service';
import { createPromoCode } from '../promo-codes/service';
import { DEFAULT_TIME_ZONE, localMonthStart, startOfDay } from '../../../common/calendar';
import { createEarning } from '../ledger/service';

// Months are the program's time zone's (the default, America/Toronto; decisions/054): the instant
// each begins, and its row.
const monthStart = (date: Date, offset = 0) =>
  startOfDay(localMonthStart(date, DEFAULT_TIME_ZONE, offset), DEFAULT_TIME_ZONE);
const dayKey = (monthBegins: Date) => localMonthStart(monthBegins, DEFAULT_TIME_ZONE);

const SECRET = 'overview-webhook-secret';

// GET /api/manager/overview (docs/product/back-office.md#overview): every figure checked against a small ledger built
// through the real paths (signed Shopify deliveries, the ledger, payouts and their decisions),
// with orders on both sides of the month's first instant.
describe('the program overview', () => {
  let t: TestApp;
  let reviewer: TestStaff;
  let manager: TestStaff;
  let alma: TestPartner;
  let bruno: TestPartner;
  let cleo: TestPartner;
  let vicPayout: number;
  let rejectedDelivery: string;
  const now = new Date();
  const thisMonth = monthStart(now);
  const lastMonth = monthStart(now, -1);

  const send = (topic: string, payload: unknown, webhookId?: string) =>
    deliver(t.app, topic, payload, { secret: SECRET, ...(webhookId ? { webhookId } : {}) });
  const overview = (token?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/manager/overview',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const partner = (first: string, last: string) => payoutPartner(t.database.db, { first, last });
  /** A partner whose approved earnings are gathered into a payout, as Pay me now does. */
  const withPayout = async (first: string, cents: number) => {
    const p = await partner(first, 'Payee');
    await addEarnings(t.database.db, p.id, [cents]);
    return (await requestPayout(t.database.db, p.id, 'en')).id;
  };
  const decide = (staff: TestStaff, payoutId: number, action: 'approve' | 'reject' | 'review') =>
    reviewPayout(t.database.db, {
      payoutId,
      staff: actor(staff),
      action,
      reason: 'checked',
      paypalConfigured: false,
    });

  beforeAll(async () => {
    t = await createTestApp({ env: { SHOPIFY_WEBHOOK_SECRET: SECRET } });
    const db = t.database.db;
    reviewer = await staffMember(db, 'reviewer', 'Rita Reviewer');
    manager = await staffMember(db, 'manager', 'Max Manager');

    // Sales: two sellers, on both sides of the month's first instant, one partial refund, one
    // order a year ago, and one order without a partner's code (the program does not count it).
    alma = await partner('Alma', 'Seller');
    bruno = await partner('Bruno', 'Seller');
    await createPromoCode(db, alma.id, 'ALMA');
    await createPromoCode(db, bruno.id, 'BRUNO');
    const orders = {
      a1: shopifyOrderPayload({ code: 'ALMA', items: [['ACV Gummies', 1, 10000]] }), // 85.00, earns 8.50
      // The first millisecond of this month: this month's.
      a2: shopifyOrderPayload({
        code: 'ALMA',
        items: [['Dreamy Sleep', 2, 5000]],
        createdAt: thisMonth.toISOString(),
      }), // 85.00, half refunded
      a3: shopifyOrderPayload({
        code: 'ALMA',
        items: [['ACV Gummies', 1, 4000]],
        createdAt: monthStart(now, -13).toISOString(),
      }), // 34.00, earns 3.40
      // The last millisecond of last month: last month's.
      b1: shopifyOrderPayload({
        code: 'BRUNO',
        items: [['Energy Bites', 1, 20000]],
        createdAt: new Date(thisMonth.getTime() - 1).toISOString(),
      }), // 170.00, earns 17.00
      b2: shopifyOrderPayload({ code: 'BRUNO', items: [['ACV Gummies', 3, 10000]] }), // 255.00, earns 25.50
      none: shopifyOrderPayload({ code: null }),
    };
    for (const order of Object.values(orders))
      expect((await send('orders/paid', order)).json().data.outcome).toBe('processed');
    expect(
      (await send('refunds/create', shopifyRefundPayload(orders.a2, [[0, 1]]))).json().data.outcome,
    ).toBe('processed'); // 42.50 back, earns 4.25

    // Earnings of last month: a bonus that counts, a refused one that does not.
    const lastMonthDay = new Date(lastMonth.getTime() + 14 * 86_400_000);
    for (const [status, cents] of [
      ['APPROVED', 1000],
      ['REJECTED', 500],
    ] as const)
      await createEarning(
        db,
        {
          partner_id: alma.id,
          kind: 'bonus',
          source_key: `overview-${status}`,
          base_cents: cents,
          rate_bp: null,
          amount_cents: cents,
          status,
          hold_until: null,
        },
        'test',
        'test',
        lastMonthDay,
      );

    // Payouts at every stage.
    await withPayout('Pia', 3000); // PENDING
    await decide(reviewer, await withPayout('Quinn', 4000), 'review'); // IN_REVIEW
    await decide(reviewer, await withPayout('Rosa', 60000), 'approve'); // above 500.00: MANAGER_IN_REVIEW
    await decide(reviewer, await withPayout('Sam', 5000), 'approve'); // APPROVED, to be paid
    const tess = await withPayout('Tess', 7000);
    await decide(reviewer, tess, 'approve');
    await markPayoutPaid(db, {
      payoutId: tess,
      staff: actor(manager),
      reference: 'BANK-1',
      paypalConfigured: false,
    }); // PAID
    await decide(reviewer, await withPayout('Uma', 8000), 'reject'); // REJECTED: 80.00 payable again
    vicPayout = await withPayout('Vic', 9000);
    await decide(reviewer, vicPayout, 'approve');
    // PayPal returned it: back to review with PayPal's reason, as the PayPal task does.
    await db.transaction().execute(async (trx) =>
      transition(
        trx,
        (await findPayout(trx, vicPayout))!,
        'IN_REVIEW',
        { kind: 'paypal', id: null, name: 'PayPal' },
        {
          reason: 'RECEIVER_UNREGISTERED',
          paypalConfigured: true,
          set: { send_error: 'PayPal: RECEIVER_UNREGISTERED (item returned)' },
        },
      ),
    );
    const will = await partner('Will', 'Below');
    await addEarnings(db, will.id, [2000]); // payable, below the minimum
    const xena = await partner('Xena', 'Held');
    await addEarnings(db, xena.id, [1500], { status: 'PENDING' });
    await addEarnings(db, xena.id, [700], { status: 'IN_REVIEW' });

    // Cleo never sold, and signs in: active this month.
    cleo = await partner('Cleo', 'Visitor');
    await signInPartner(db, { email: cleo.email, password: 'partner-password-1', ip: '127.0.0.1' });

    // Something for staff to look at: a delivery that can never succeed, a code the store refused
    // (and one it took), a payout PayPal returned (Vic, above).
    rejectedDelivery = 'overview-bad-delivery';
    expect((await send('orders/paid', { id: 'not-an-order' }, rejectedDelivery)).statusCode).toBe(200);
    const codes = await db
      .selectFrom('promo_codes')
      .select(['id', 'code'])
      .where('code', 'in', ['ALMA', 'BRUNO'])
      .orderBy('code')
      .execute();
    const at = new Date().toISOString();
    await db
      .insertInto('store_code_syncs')
      .values([
        {
          promo_code_id: codes[0]!.id,
          state: 'failed',
          store_id: null,
          message: 'Code must be unique. Please try a different code.',
          attempts: 1,
          created_at: at,
          updated_at: at,
        },
        {
          promo_code_id: codes[1]!.id,
          state: 'created',
          store_id: 'gid://shopify/DiscountCodeNode/1',
          message: null,
          attempts: 1,
          created_at: at,
          updated_at: at,
        },
      ])
      .execute();
    await partner('Zoe', 'Newest');
  });
  afterAll(() => t.close());

  it('answers reviewers (and managers); a partner token or none is 401', async () => {
    expect((await overview(reviewer.token)).statusCode).toBe(200);
    expect((await overview(manager.token)).statusCode).toBe(200);
    for (const token of [alma.token, undefined]) {
      const res = await overview(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 401, error: 'not_authorized', message: 'Not Authorized' });
    }
  });

  it('counts partners, this month’s active ones and sign-ups', async () => {
    const { data } = (await overview(reviewer.token)).json();
    // Alma, Bruno, Pia, Quinn, Rosa, Sam, Tess, Uma, Vic, Will, Xena, Cleo, Zoe.
    expect(data.partners).toEqual({
      total: 13,
      // Alma and Bruno sold this month, Cleo signed in; last month only Bruno sold.
      active: { this_month: 3, last_month: 1 },
      joined: { this_month: 13, last_month: 0 },
    });
    expect(data.currency).toBe('USD');
    expect(data.month).toBe(dayKey(thisMonth));
    expect(data.last_month).toBe(dayKey(lastMonth));
  });

  it('adds up sales and commissions by the month orders were paid (sales net of refunds), other earnings by the month they were earned', async () => {
    const { data } = (await overview(reviewer.token)).json();
    // a1 85.00 + a2 (85.00 - 42.50) + b2 255.00; b1 alone last month; a3 is a year back.
    expect(data.sales).toEqual({
      this_month: { orders: 3, amount: 382.5 },
      last_month: { orders: 1, amount: 170 },
    });
    // Every earning made now (the sales paid this month, 8.50 + 4.25 + 25.50, and the payout
    // fixtures' 30 + 40 + 600 + 50 + 70 + 80 + 90 + 20 + 15) but the one held for review; last
    // month, b1's 17.00 (paid then, recorded now: decisions/054) and the approved bonus but not
    // the refused one; a3's 3.40 a year back.
    expect(data.commissions).toEqual({
      this_month: { count: 12, amount: 1033.25 },
      last_month: { count: 2, amount: 27 },
    });
    expect(data.monthly).toHaveLength(12);
    expect(data.monthly.map((m: { month: string }) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => dayKey(monthStart(now, i - 11))),
    );
    expect(data.monthly[11]).toEqual({
      month: dayKey(thisMonth),
      orders: 3,
      sales: 382.5,
      commissions: 1033.25,
    });
    expect(data.monthly[10]).toEqual({ month: dayKey(lastMonth), orders: 1, sales: 170, commissions: 27 });
    expect(
      data.monthly
        .slice(0, 10)
        .every(
          (m: { orders: number; sales: number; commissions: number }) =>
            m.orders === 0 && m.sales === 0 && m.commissions === 0,
        ),
    ).toBe(true);
  });

  it('tells the money owed, and the payouts waiting at each stage', async () => {
    const { data } = (await overview(reviewer.token)).json();
    expect(data.money_owed).toEqual({
      payable: 110, // Uma's 80.00 back from a rejected payout, Will's 20.00, Alma's bonus 10.00
      pending: 73.65, // the five sales' 58.65 in their holding period, Xena's 15.00
      in_review: 7,
      in_payouts: 810, // Pia 30, Quinn 40, Rosa 600, Sam 50, Vic 90
    });
    expect(data.payouts_waiting).toEqual([
      {
        stage: 'review',
        count: 3,
        amount: 160,
        statuses: [
          { status: 'PENDING', count: 1, amount: 30 },
          { status: 'IN_REVIEW', count: 2, amount: 130 },
        ],
      },
      {
        stage: 'manager',
        count: 1,
        amount: 600,
        statuses: [{ status: 'MANAGER_IN_REVIEW', count: 1, amount: 600 }],
      },
      {
        stage: 'payment',
        count: 1,
        amount: 50,
        statuses: [
          { status: 'APPROVED', count: 1, amount: 50 },
          { status: 'MANAGER_APPROVED', count: 0, amount: 0 },
        ],
      },
    ]);
  });

  it('lists this month’s best sellers and the latest sign-ups', async () => {
    const { data } = (await overview(reviewer.token)).json();
    expect(data.top_partners).toEqual([
      {
        uuid: bruno.uuid,
        name: 'Bruno Seller',
        email: bruno.email,
        orders: 1,
        sales: 255,
        commissions: 25.5,
      },
      {
        uuid: alma.uuid,
        name: 'Alma Seller',
        email: alma.email,
        orders: 2,
        sales: 127.5,
        commissions: 12.75,
      },
    ]);
    expect(data.recent_signups).toHaveLength(5);
    expect(data.recent_signups[0]).toMatchObject({
      name: 'Zoe Newest',
      country: 'CA',
      verified: true,
      status: 'active',
    });
    expect(data.recent_signups.map((p: { name: string }) => p.name)).toEqual([
      'Zoe Newest',
      'Cleo Visitor',
      'Xena Held',
      'Will Below',
      'Vic Payee',
    ]);
  });

  it('counts what needs a look, with the latest of each', async () => {
    const { data } = (await overview(reviewer.token)).json();
    const { needs_attention: attention } = data;
    expect(attention.total).toBe(3);
    expect(attention.shopify_deliveries.count).toBe(1);
    expect(attention.shopify_deliveries.items).toEqual([
      expect.objectContaining({
        delivery_id: rejectedDelivery,
        topic: 'orders/paid',
        error_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        error: expect.any(String),
      }),
    ]);
    expect(attention.store_pushes).toEqual({
      count: 1,
      items: [
        {
          code: 'ALMA',
          partner: { uuid: alma.uuid, name: 'Alma Seller' },
          message: 'Code must be unique. Please try a different code.',
          attempts: 1,
          updated_at: expect.any(String),
        },
      ],
    });
    expect(attention.paypal_payouts).toEqual({
      count: 1,
      items: [
        {
          id: vicPayout,
          partner: { uuid: expect.any(String), name: 'Vic Payee' },
          amount: 90,
          currency: 'USD',
          status: 'IN_REVIEW',
          error: 'PayPal: RECEIVER_UNREGISTERED (item returned)',
          updated_at: expect.any(String),
        },
      ],
    });
  });
});

describe('the overview of a new program', () => {
  let t: TestApp;
  let staff: TestStaff;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await staffMember(t.database.db, 'reviewer', 'Nina New');
  });
  afterAll(() => t.close());

  it('is all zeros and empty lists, with twelve empty months', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/manager/overview',
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.partners).toEqual({
      total: 0,
      active: { this_month: 0, last_month: 0 },
      joined: { this_month: 0, last_month: 0 },
    });
    expect(data.sales).toEqual({
      this_month: { orders: 0, amount: 0 },
      last_month: { orders: 0, amount: 0 },
    });
    expect(data.commissions).toEqual({
      this_month: { count: 0, amount: 0 },
      last_month: { count: 0, amount: 0 },
    });
    expect(data.monthly).toHaveLength(12);
    expect(data.money_owed).toEqual({ payable: 0, pending: 0, in_review: 0, in_payouts: 0 });
    expect(data.payouts_waiting.map((s: { count: number }) => s.count)).toEqual([0, 0, 0]);
    expect(data.top_partners).toEqual([]);
    expect(data.recent_signups).toEqual([]);
    expect(data.needs_attention.total).toBe(0);
  });
});

// The program's totals are kept by triggers (migration 022; deferred to the commit on PostgreSQL):
// deliveries arriving together, for partners in common, on one database, leave them equal to the
// per-partner totals they add up.
describe('the program totals under concurrent deliveries', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SHOPIFY_WEBHOOK_SECRET: SECRET } });
  });
  afterAll(() => t.close());

  it('equal the partners’ totals added up', async () => {
    const db = t.database.db;
    const codes: string[] = [];
    for (const name of ['Ann', 'Ben', 'Cat', 'Dan']) {
      const p = await payoutPartner(db, { first: name, last: 'Busy' });
      await createPromoCode(db, p.id, `${name}BUSY`);
      codes.push(`${name}BUSY`);
    }
    const orders = Array.from({ length: 40 }, (_, i) =>
      shopifyOrderPayload({
        code: codes[i % codes.length]!,
        items: [['ACV Gummies', 1 + (i % 3), 2500]],
        createdAt: monthStart(new Date(), -(i % 3)).toISOString(),
      }),
    );
    const answers = await Promise.all(
      orders.map((order) => deliver(t.app, 'orders/paid', order, { secret: SECRET })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(orders.map(() => 200));
    const refunds = await Promise.all(
      orders
        .slice(0, 8)
        .map((order) =>
          deliver(t.app, 'refunds/create', shopifyRefundPayload(order, [[0, 1]]), { secret: SECRET }),
        ),
    );
    expect(refunds.map((a) => a.statusCode)).toEqual(refunds.map(() => 200));

    const n = (v: unknown) => Number(v);
    const program = await db
      .selectFrom('program_month_stats')
      .selectAll()
      .where('month', '!=', '')
      .orderBy('month')
      .execute();
    const partners = await db
      .selectFrom('partner_sales_stats')
      .select([
        'start',
        sql<number>`sum(orders)`.as('orders'),
        sql<number>`sum(sales_cents)`.as('sales'),
        sql<number>`sum(commission_cents)`.as('commission'),
        sql<number>`sum(case when orders > 0 then 1 else 0 end)`.as('sellers'),
      ])
      .where('period', '=', 'm')
      .groupBy('start')
      .orderBy('start')
      .execute();
    expect(
      program
        .filter((r) => n(r.orders) !== 0)
        .map((r) => [r.month, n(r.orders), n(r.sales_cents), n(r.commission_cents), n(r.partners_active)]),
    ).toEqual(partners.map((r) => [r.start, n(r.orders), n(r.sales), n(r.commission), n(r.sellers)]));
    expect(partners.reduce((sum, r) => sum + n(r.orders), 0)).toBe(40);
    const earnings = await db
      .selectFrom('program_earning_stats')
      .select(['month', 'kind', 'status', 'earnings', 'cents'])
      .where('month', '=', '')
      .execute();
    const perPartner = await db
      .selectFrom('partner_earning_stats')
      .select([
        'kind',
        'status',
        sql<number>`sum(earnings)`.as('earnings'),
        sql<number>`sum(cents)`.as('cents'),
      ])
      .where('month', '=', '')
      .groupBy(['kind', 'status'])
      .execute();
    const key = (r: { kind: string; status: string }) => `${r.kind}:${r.status}`;
    expect(
      Object.fromEntries(
        earnings.filter((r) => n(r.earnings) !== 0).map((r) => [key(r), [n(r.earnings), n(r.cents)]]),
      ),
    ).toEqual(
      Object.fromEntries(
        perPartner.filter((r) => n(r.earnings) !== 0).map((r) => [key(r), [n(r.earnings), n(r.cents)]]),
      ),
    );
  });
});
