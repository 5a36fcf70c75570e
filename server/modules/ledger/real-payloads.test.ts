// Real Shopify payloads into the ledger (docs/product/commissions.md#currency, docs/decisions/053): orders read in shop
// money and converted at the rate staff set (never one for one), waiting without one until
// released; the commission base without gift cards and without the tax inside tax-included
// prices; test orders kept apart; refunds lowering what they take back of the base (line items,
// the older format without `subtotal`, refund discrepancies) and nothing for shipping or gift
// cards; the store's test notification answered as a test. Every payload goes through the signed
// webhook, in the shape of Shopify's documented examples (server/test/shopify-documented.ts).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { bearer, createStaffWithToken } from '../../test/payouts-fixture';
import type { FixtureStaff } from '../../test/payouts-fixture';
import { deliver } from '../../test/shopify';
import {
  documentedOrder,
  documentedRefund,
  TEST_NOTIFICATION_ORDER,
  TEST_NOTIFICATION_REFUND,
} from '../../test/shopify-documented';
import { createPartnerAccount } from '../partners/service';
import { createPromoCode } from '../promo-codes/service';

const SECRET = 'shpss_real_payloads_secret';
const CODE = 'LEAGLOWS';

let t: TestApp;
let admin: FixtureStaff;
let manager: FixtureStaff;
let reviewer: FixtureStaff;
let partnerId: number;

const db = () => t.database.db;
const send = (topic: string, payload: unknown, rawBody?: string) =>
  deliver(t.app, topic, payload, { secret: SECRET, ...(rawBody ? { rawBody } : {}) });
const orderOf = (shopifyId: number) =>
  db()
    .selectFrom('orders')
    .selectAll()
    .where('shopify_order_id', '=', String(shopifyId))
    .executeTakeFirstOrThrow();
const earningsOf = async (shopifyId: number) =>
  db()
    .selectFrom('earnings')
    .innerJoin('orders', 'orders.id', 'earnings.order_id')
    .select(['earnings.kind', 'earnings.status', 'earnings.base_cents', 'earnings.amount_cents'])
    .where('orders.shopify_order_id', '=', String(shopifyId))
    .orderBy('earnings.id')
    .execute();
const partnerFigures = async () => {
  const row = await db()
    .selectFrom('partners')
    .select(['total_sales_cents', 'total_earned_cents'])
    .where('id', '=', partnerId)
    .executeTakeFirstOrThrow();
  const stats = await db()
    .selectFrom('partner_sales_stats')
    .select([
      sql<number>`coalesce(sum(orders), 0)`.as('orders'),
      sql<number>`coalesce(sum(sales_cents), 0)`.as('sales'),
    ])
    .where('partner_id', '=', partnerId)
    .where('period', '=', 'a')
    .executeTakeFirstOrThrow();
  return {
    sales: Number(row.total_sales_cents),
    earned: Number(row.total_earned_cents),
    orders: Number(stats.orders),
    statsSales: Number(stats.sales),
  };
};
const setRate = (currency: string, rate: string, token = admin.token) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/manager/settings/rates/${currency}`,
    headers: bearer(token),
    payload: { rate },
  });
const release = (currency: string, token = manager.token) =>
  t.app.inject({
    method: 'POST',
    url: '/api/manager/overview/orders-waiting/release',
    headers: bearer(token),
    payload: { currency },
  });

beforeAll(async () => {
  t = await createTestApp({ env: { SHOPIFY_WEBHOOK_SECRET: SECRET } });
  admin = await createStaffWithToken(db(), 'admin');
  manager = await createStaffWithToken(db(), 'manager');
  reviewer = await createStaffWithToken(db(), 'reviewer');
  const partner = await createPartnerAccount(db(), {
    email: 'lea@example.com',
    password: 'lea-partner-pass-1',
    first_name: 'Léa',
    last_name: 'Tremblay',
  });
  partnerId = partner.id;
  await createPromoCode(db(), partnerId, CODE);
});
afterAll(() => t.close());

describe('orders in another currency than the program’s', () => {
  it('reads the shop’s money, never the customer’s presentment currency', async () => {
    // A USD shop; the customer pays in EUR (presentment money 0.92 × shop money).
    const order = documentedOrder({
      shopCurrency: 'USD',
      presentmentCurrency: 'EUR',
      presentmentRate: 0.92,
      code: CODE,
      lines: [{ title: 'ACV Gummies', quantity: 2, price: 2500, discount: 750 }],
      subtotal: 4250,
      shipping: 795,
      totalTax: 553,
      total: 5598,
      country: 'US',
    });
    expect((await send('orders/paid', order)).json()).toEqual({ data: { outcome: 'processed' } });
    expect(await orderOf(order.id)).toMatchObject({
      currency: 'USD',
      subtotal_cents: 4250,
      source_subtotal_cents: 4250,
      fx_rate: null,
      awaiting_rate: 0,
    });
    expect(await earningsOf(order.id)).toEqual([
      { kind: 'sale', status: 'PENDING', base_cents: 4250, amount_cents: 425 },
    ]);
  });

  it('keeps a CAD order without a rate, earning nothing, until staff set one and release it', async () => {
    const before = await partnerFigures();
    const order = documentedOrder({
      shopCurrency: 'CAD',
      code: CODE,
      lines: [{ title: 'Dreamy Sleep', quantity: 2, price: 3000, discount: 900, tax: 765 }],
      subtotal: 5100,
      shipping: 1000,
      totalTax: 895,
      total: 6995,
    });
    expect((await send('orders/paid', order)).json().data.outcome).toBe('processed');
    expect(await orderOf(order.id)).toMatchObject({
      currency: 'CAD',
      status: 'paid',
      subtotal_cents: 0,
      source_subtotal_cents: 5100,
      source_total_cents: 6995,
      awaiting_rate: 1,
      partner_id: partnerId,
    });
    expect(await earningsOf(order.id)).toEqual([]);
    expect(await partnerFigures()).toEqual(before);

    // Needs a look lists it, and the overview counts it.
    const waiting = await t.app.inject({
      method: 'GET',
      url: '/api/manager/overview/orders-waiting',
      headers: bearer(reviewer.token),
    });
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json().data).toEqual([
      expect.objectContaining({
        order_number: order.name,
        currency: 'CAD',
        amount: 51,
        total: 69.95,
        code: CODE,
        rate: null,
        partner: expect.objectContaining({ name: 'Léa Tremblay' }),
      }),
    ]);
    const overview = (
      await t.app.inject({ method: 'GET', url: '/api/manager/overview', headers: bearer(reviewer.token) })
    ).json().data;
    expect(overview.needs_attention.orders_waiting).toEqual({
      count: 1,
      items: [{ currency: 'CAD', orders: 1, rate: null }],
    });

    // No rate yet: nothing to release. A reviewer may not release; an admin sets the rate.
    expect((await release('CAD')).statusCode).toBe(409);
    expect((await setRate('CAD', '0.7312', manager.token)).statusCode).toBe(403);
    expect((await setRate('CAD', '0,7312')).statusCode).toBe(422);
    const set = await setRate('CAD', '0.73120');
    expect(set.statusCode).toBe(200);
    expect(set.json().data.rates).toEqual([
      expect.objectContaining({ currency: 'CAD', rate: '0.7312', orders_waiting: 1 }),
    ]);
    expect((await release('CAD', reviewer.token)).statusCode).toBe(403);
    expect((await release('CAD')).json()).toEqual({ data: { released: 1 } });
    // 51.00 CAD × 0.7312 = 37.2912 → 37.29 USD; 10% → 3.73.
    expect(await orderOf(order.id)).toMatchObject({
      subtotal_cents: 3729,
      total_cents: 5115,
      fx_rate: '0.7312',
      awaiting_rate: 0,
    });
    expect(await earningsOf(order.id)).toEqual([
      { kind: 'sale', status: 'PENDING', base_cents: 3729, amount_cents: 373 },
    ]);
    expect(await partnerFigures()).toEqual({
      sales: before.sales + 3729,
      earned: before.earned + 373,
      orders: before.orders + 1,
      statsSales: before.statsSales + 3729,
    });
    // A second release finds nothing; both are audited (the rate with before and after).
    expect((await release('CAD')).statusCode).toBe(409);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'after'])
      .where('action', 'in', ['settings.exchange_rate', 'orders.release_rate'])
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, a.entity_id])).toEqual([
      ['settings.exchange_rate', 'CAD'],
      ['orders.release_rate', 'CAD'],
    ]);
  });

  it('converts at the rate set when an order arrives, and its refund at the same rate', async () => {
    const order = documentedOrder({
      shopCurrency: 'CAD',
      code: CODE,
      lines: [{ title: 'Beets Cardio', quantity: 1, price: 4000 }],
      subtotal: 4000,
      total: 4520,
      totalTax: 520,
    });
    await send('orders/paid', order);
    // 40.00 × 0.7312 = 29.248 → 29.25.
    expect(await orderOf(order.id)).toMatchObject({
      subtotal_cents: 2925,
      fx_rate: '0.7312',
      awaiting_rate: 0,
    });
    expect(await earningsOf(order.id)).toEqual([
      { kind: 'sale', status: 'PENDING', base_cents: 2925, amount_cents: 293 },
    ]);
    // Half of it back (20.00 CAD = 14.62 USD of the base): 2.93 × 14.63 / 29.25 = 1.4655 → 1.47.
    await send(
      'refunds/create',
      documentedRefund(order, {
        lines: [{ index: 0, quantity: 1, subtotal: 2000, tax: 260 }],
        transaction: 2260,
      }),
    );
    expect(await orderOf(order.id)).toMatchObject({ refunded_cents: 1462 });
    expect((await earningsOf(order.id))[0]).toMatchObject({ amount_cents: 147 });
  });

  it('earns nothing for an order in a currency whose rate was removed', async () => {
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/manager/settings/rates/CAD',
          headers: bearer(admin.token),
        })
      ).json().data.rates,
    ).toEqual([]);
    const order = documentedOrder({
      shopCurrency: 'CAD',
      code: CODE,
      lines: [{ title: 'ACV Gummies', quantity: 1, price: 2500 }],
      subtotal: 2500,
      total: 2500,
    });
    await send('orders/paid', order);
    expect(await orderOf(order.id)).toMatchObject({ awaiting_rate: 1, subtotal_cents: 0 });
    expect(await earningsOf(order.id)).toEqual([]);
  });

  it('refuses to change the program currency once the ledger holds money', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/manager/settings/currency',
      headers: bearer(admin.token),
      payload: { currency: 'CAD' },
    });
    expect(res.statusCode).toBe(409);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/manager/settings/currency',
      headers: bearer(reviewer.token),
    });
    expect(read.json().data).toMatchObject({ currency: 'USD', can_change: false });
  });
});

describe('the commission base of real payloads', () => {
  it('takes the tax out of a tax-included shop’s prices (AUD, GST inside)', async () => {
    expect((await setRate('AUD', '0.65')).statusCode).toBe(200);
    // 2 × 55.00 AUD with GST inside, 10% off: 99.00 paid for the goods, of which 9.00 GST.
    const order = documentedOrder({
      shopCurrency: 'AUD',
      taxesIncluded: true,
      code: CODE,
      lines: [{ title: 'ACV Gummies', quantity: 2, price: 5500, discount: 1100, tax: 900 }],
      subtotal: 9900,
      shipping: 1000,
      totalTax: 991,
      total: 10900,
      country: 'AU',
    });
    await send('orders/paid', order);
    // Base 90.00 AUD × 0.65 = 58.50 USD; 10% → 5.85 (not 6.44 with the GST in it).
    expect(await orderOf(order.id)).toMatchObject({
      source_subtotal_cents: 9000,
      subtotal_cents: 5850,
      taxes_included: 1,
    });
    expect(await earningsOf(order.id)).toEqual([
      { kind: 'sale', status: 'PENDING', base_cents: 5850, amount_cents: 585 },
    ]);
    // A refund of one unit (49.50 with its 4.50 GST) takes 45.00 AUD of the base = 29.25 USD.
    await send(
      'refunds/create',
      documentedRefund(order, {
        lines: [{ index: 0, quantity: 1, subtotal: 4950, tax: 450 }],
        transaction: 4950,
      }),
    );
    expect(await orderOf(order.id)).toMatchObject({ refunded_cents: 2925 });
    expect((await earningsOf(order.id))[0]).toMatchObject({ amount_cents: 293 });
  });

  it('leaves gift cards out of the base, and a gift card’s refund changes nothing', async () => {
    const order = documentedOrder({
      code: CODE,
      lines: [
        { title: 'Sunbite gift card', quantity: 1, price: 5000, giftCard: true },
        { title: 'Glow Bites', quantity: 1, price: 4000, discount: 600 },
      ],
      subtotal: 8400,
      total: 8842,
      totalTax: 442,
      country: 'US',
    });
    await send('orders/paid', order);
    expect(await orderOf(order.id)).toMatchObject({ subtotal_cents: 3400 });
    expect(await earningsOf(order.id)).toEqual([
      { kind: 'sale', status: 'PENDING', base_cents: 3400, amount_cents: 340 },
    ]);
    await send(
      'refunds/create',
      documentedRefund(order, { lines: [{ index: 0, quantity: 1, subtotal: 5000 }], transaction: 5000 }),
    );
    expect(await orderOf(order.id)).toMatchObject({ refunded_cents: 0 });
    expect((await earningsOf(order.id))[0]).toMatchObject({ amount_cents: 340 });
  });

  it('records a test order for staff to see, earning nothing and counting in no figure', async () => {
    const before = await partnerFigures();
    const order = documentedOrder({
      test: true,
      code: CODE,
      lines: [{ title: 'ACV Gummies', quantity: 1, price: 2500 }],
      subtotal: 2500,
      total: 2500,
      country: 'US',
    });
    expect((await send('orders/paid', order)).json().data.outcome).toBe('processed');
    expect(await orderOf(order.id)).toMatchObject({ test: 1, partner_id: null, discount_code: CODE });
    expect(await earningsOf(order.id)).toEqual([]);
    expect(await partnerFigures()).toEqual(before);
    // Its refund changes nothing either.
    await send(
      'refunds/create',
      documentedRefund(order, { lines: [{ index: 0, quantity: 1, subtotal: 2500 }], transaction: 2500 }),
    );
    expect(await orderOf(order.id)).toMatchObject({ refunded_cents: 0 });
    // A test order in a currency without a rate waits for none.
    const inHkd = documentedOrder({
      test: true,
      shopCurrency: 'HKD',
      code: CODE,
      lines: [{ title: 'ACV Gummies', quantity: 1, price: 19500 }],
      subtotal: 19500,
      total: 19500,
      country: 'US',
    });
    await send('orders/paid', inHkd);
    expect(await orderOf(inHkd.id)).toMatchObject({ test: 1, awaiting_rate: 0, partner_id: null });
    expect(await partnerFigures()).toEqual(before);
    const tests = await t.app.inject({
      method: 'GET',
      url: '/api/manager/overview/test-orders',
      headers: bearer(reviewer.token),
    });
    expect(tests.json()).toMatchObject({
      total: 2,
      data: expect.arrayContaining([
        expect.objectContaining({ order_number: order.name, code: CODE, partner: null, amount: 25 }),
      ]),
    });
    const waiting = await t.app.inject({
      method: 'GET',
      url: '/api/manager/overview/orders-waiting',
      headers: bearer(reviewer.token),
    });
    expect(waiting.json().data.map((o: { order_number: string }) => o.order_number)).not.toContain(
      inHkd.name,
    );
  });
});

describe('refunds as Shopify writes them', () => {
  const paidOrder = async () => {
    // 80.00 of goods after the discount, 8.00 shipping, 12.00 tax: 100.00.
    const order = documentedOrder({
      code: CODE,
      lines: [{ title: 'ACV Gummies', quantity: 4, price: 2500, discount: 2000, tax: 1200 }],
      subtotal: 8000,
      shipping: 800,
      totalTax: 1200,
      total: 10000,
      country: 'US',
    });
    await send('orders/paid', order);
    expect(await earningsOf(order.id)).toEqual([
      { kind: 'sale', status: 'PENDING', base_cents: 8000, amount_cents: 800 },
    ]);
    return order;
  };

  it('lowers the commission for an amount refunded with no line item (refund_discrepancy), for the base’s part of the total', async () => {
    const order = await paidOrder();
    // 10.00 given back with no line item: 8.00 of it is the base's part (80 of 100).
    await send(
      'refunds/create',
      documentedRefund(order, {
        adjustments: [{ kind: 'refund_discrepancy', amount: -1000 }],
        transaction: 1000,
      }),
    );
    expect(await orderOf(order.id)).toMatchObject({ refunded_cents: 800 });
    expect((await earningsOf(order.id))[0]).toMatchObject({ amount_cents: 720 });
  });

  it('reads an older refund without `subtotal` as price × quantity less the line’s discounts', async () => {
    const order = await paidOrder();
    // One unit of four at 25.00, with a quarter of the line's 20.00 discount: 20.00 of the base.
    const refund = documentedRefund(order, {
      older: true,
      lines: [{ index: 0, quantity: 1 }],
      transaction: 2300,
    });
    expect(refund.refund_line_items[0]).not.toHaveProperty('subtotal');
    expect((await send('refunds/create', refund)).json().data.outcome).toBe('processed');
    expect(await orderOf(order.id)).toMatchObject({ refunded_cents: 2000 });
    expect((await earningsOf(order.id))[0]).toMatchObject({ amount_cents: 600 });
  });

  it('lowers nothing for a shipping-only refund', async () => {
    const order = await paidOrder();
    expect(
      (
        await send(
          'refunds/create',
          documentedRefund(order, {
            adjustments: [{ kind: 'shipping_refund', amount: -800 }],
            transaction: 800,
          }),
        )
      ).json().data.outcome,
    ).toBe('processed');
    expect(await orderOf(order.id)).toMatchObject({ refunded_cents: 0 });
    expect((await earningsOf(order.id))[0]).toMatchObject({ amount_cents: 800, status: 'PENDING' });
  });

  it('applies a refund that came before its order (converted, with its discrepancy) when the order arrives', async () => {
    const order = documentedOrder({
      code: CODE,
      lines: [{ title: 'Glow Bites', quantity: 2, price: 4000 }],
      subtotal: 8000,
      shipping: 0,
      total: 10000,
      totalTax: 2000,
      country: 'US',
    });
    await send(
      'refunds/create',
      documentedRefund(order, {
        lines: [{ index: 0, quantity: 1, subtotal: 4000, tax: 1000 }],
        adjustments: [{ kind: 'refund_discrepancy', amount: 500 }],
        transaction: 4500,
      }),
    );
    await send('orders/paid', order);
    // 40.00 of line items, less the 5.00 not given back (its base part: 4.00): 36.00 of 80.00.
    expect(await orderOf(order.id)).toMatchObject({ refunded_cents: 3600 });
    expect((await earningsOf(order.id))[0]).toMatchObject({ amount_cents: 440 });
  });
});

describe('the store’s test notification', () => {
  it('is answered 200 and kept as a test delivery, never a refusal', async () => {
    const rejectionsBefore = Number(
      (
        await db()
          .selectFrom('webhook_rejections')
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    for (const [topic, body] of [
      ['orders/paid', TEST_NOTIFICATION_ORDER],
      ['orders/create', TEST_NOTIFICATION_ORDER],
      ['refunds/create', TEST_NOTIFICATION_REFUND],
    ] as const) {
      const res = await send(topic, null, body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { outcome: 'test' } });
    }
    expect(
      Number(
        (
          await db()
            .selectFrom('webhook_rejections')
            .select(sql<number>`count(*)`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(rejectionsBefore);
    const kept = await db()
      .selectFrom('webhook_deliveries')
      .select(['topic', 'test', 'error'])
      .where('test', '=', 1)
      .orderBy('received_at')
      .execute();
    expect(kept).toHaveLength(3);
    expect(kept.every((d) => d.error === null)).toBe(true);
    const overview = (
      await t.app.inject({ method: 'GET', url: '/api/manager/overview', headers: bearer(reviewer.token) })
    ).json().data;
    expect(overview.needs_attention.shopify_deliveries.count).toBe(0);
  });
});

describe('the API document', () => {
  it('shows the currency fields: the program currency, the rates, the orders waiting and the report currency', async () => {
    const doc = JSON.stringify((await t.app.inject({ url: '/api/docs' })).json());
    for (const field of [
      '/api/manager/settings/currency',
      '/api/manager/settings/rates/{currency}',
      '/api/manager/overview/orders-waiting',
      '/api/manager/overview/test-orders',
      'orders_waiting',
      'can_change',
    ]) {
      expect(doc).toContain(field);
    }
    expect(doc).toContain('The report’s currency');
  });
});

describe('a refund that cannot be read', () => {
  it('is refused with the field at fault when a line has neither a subtotal nor its line item', async () => {
    const order = documentedOrder({
      code: CODE,
      lines: [{ title: 'ACV Gummies', quantity: 1, price: 2500 }],
      subtotal: 2500,
      total: 2500,
      country: 'US',
    });
    const refund = documentedRefund(order, {
      older: true,
      lines: [{ index: 0, quantity: 1 }],
      transaction: 2500,
    });
    const bare = {
      ...refund,
      refund_line_items: refund.refund_line_items.map(({ line_item: _line, ...rest }) => rest),
    };
    const res = await send('refunds/create', bare);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.outcome).toBe('rejected');
    const kept = await db()
      .selectFrom('webhook_deliveries')
      .select('error')
      .where('error', 'like', '%refund_line_items.0.subtotal%')
      .execute();
    expect(kept).toHaveLength(1);
  });
});
