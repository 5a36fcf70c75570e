// Shopify deliveries that can never succeed: kept with their error, logged with an error id and
// answered 2xx, so that the store neither retries them forever nor drops the subscription.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { deliver, ledgerCounts, shopifyOrderPayload, shopifyRefundPayload } from '../../test/shopify';
import type { OrderPayload } from '../../test/shopify';
import { DEMO_PROMO_CODE, seedDemoProgram } from '../../seed/demo';
import { shopifyIngest } from './service';

const SECRET = 'shpss_test_webhook_secret';
const BAD_DATES = ['', 'not a date', '2026-13-45T99:99:99Z', '0000-00-00'];

type Payload = Record<string, unknown>;
interface Case {
  label: string;
  topic: string;
  /** The field the error must name. */
  field: string;
  payload?: Payload;
  rawBody?: string;
}

const order = (changes: Payload = {}): Payload => ({
  ...shopifyOrderPayload({ code: DEMO_PROMO_CODE }),
  ...changes,
});
const withItem = (changes: Payload): Payload => {
  const base = shopifyOrderPayload({ code: DEMO_PROMO_CODE });
  return { ...base, line_items: [{ ...base.line_items[0], ...changes }] };
};

describe('Shopify deliveries that can never succeed', () => {
  let t: TestApp;
  let paid: OrderPayload;
  const send = (topic: string, payload: unknown, options: { webhookId?: string; rawBody?: string } = {}) =>
    deliver(t.app, topic, payload, { secret: SECRET, ...options });
  const refund = (changes: Payload = {}, lineChanges: Payload = {}): Payload => {
    const base = shopifyRefundPayload(paid, [[0, 1]]);
    return { ...base, refund_line_items: [{ ...base.refund_line_items[0], ...lineChanges }], ...changes };
  };
  /** The rejection with its delivery: what the back office will list. */
  const rejection = (deliveryId: string) =>
    t.database.db
      .selectFrom('webhook_rejections as r')
      .innerJoin('webhook_deliveries as d', 'd.delivery_id', 'r.delivery_id')
      .select([
        'd.topic',
        'd.body',
        'd.error',
        'd.processed_at',
        'r.webhook_id',
        'r.shop_domain',
        'r.error_id',
      ])
      .where('r.delivery_id', '=', deliveryId)
      .execute();

  /** Sends a case and checks everything a rejection owes: 2xx, the kept row, the logged error id. */
  async function expectRejected(c: Case, webhookId: string) {
    const body = c.rawBody ?? JSON.stringify(c.payload);
    const res = await send(c.topic, c.payload, { webhookId, rawBody: body });
    expect(res.statusCode, `${c.label}: ${res.body}`).toBe(200);
    const answer = res.json().data as { outcome: string; id: string };
    expect(answer.outcome, c.label).toBe('rejected');
    expect(answer.id).toMatch(/^[0-9a-f-]{36}$/);
    const rows = await rejection(webhookId);
    expect(rows, c.label).toHaveLength(1);
    // Kept as sent (a NUL, which PostgreSQL's text cannot hold, as U+FFFD).
    const kept = body.replaceAll('\u0000', '\uFFFD');
    expect(rows[0]).toMatchObject({
      topic: c.topic,
      webhook_id: webhookId,
      shop_domain: 'sunbite.myshopify.com',
      body: kept,
      error_id: answer.id,
    });
    expect(rows[0]!.error, c.label).toContain(c.field);
    // Settled: the store's retry of it is a duplicate.
    expect(rows[0]!.processed_at, c.label).not.toBeNull();
    expect(
      t.logs.some((line) => line.errorId === answer.id && line.level === 50),
      `${c.label}: error id logged`,
    ).toBe(true);
    // The store hears the outcome and the id, nothing of the payload or of the error.
    expect(Object.keys(answer).sort()).toEqual(['id', 'outcome']);
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { SHOPIFY_WEBHOOK_SECRET: SECRET } });
    await seedDemoProgram(t.database.db);
    paid = shopifyOrderPayload({
      code: DEMO_PROMO_CODE,
      items: [['ACV Gummies', 2, 2500]],
      discountPercent: 0,
    });
    expect((await send('orders/paid', paid)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('answers 2xx to every unparseable date, keeps it with its error and an error id, and writes nothing to the ledger', async () => {
    const before = await ledgerCounts(t.database.db);
    const cases: Case[] = [];
    for (const value of BAD_DATES) {
      for (const topic of ['orders/create', 'orders/paid', 'orders/cancelled']) {
        for (const field of ['created_at', 'processed_at', 'cancelled_at']) {
          cases.push({
            label: `${topic} ${field}=${JSON.stringify(value)}`,
            topic,
            field,
            payload: order({ [field]: value }),
          });
        }
      }
      cases.push({
        label: `refund created_at=${JSON.stringify(value)}`,
        topic: 'refunds/create',
        field: 'created_at',
        payload: refund({ created_at: value }),
      });
    }
    for (const [i, c] of cases.entries()) await expectRejected(c, `bad-date-${i}`);
    expect(await ledgerCounts(t.database.db)).toEqual(before);
  });

  it('refuses a bad value in any field the ledger reads, and writes nothing', async () => {
    const big = '9'.repeat(12) + '.00';
    const cases: Case[] = [
      ...(['abc', -5, 1.5, '9'.repeat(31), 1e300, null] as unknown[]).map((id) => ({
        label: `id ${String(id)}`,
        topic: 'orders/paid',
        field: 'id',
        payload: order({ id }),
      })),
      ...(['x'.repeat(41), 42, 'A\u0000B'] as unknown[]).map((name) => ({
        label: `name ${String(name)}`,
        topic: 'orders/paid',
        field: 'name',
        payload: order({ name }),
      })),
      ...(['x'.repeat(60), {}, -3] as unknown[]).map((n) => ({
        label: `order_number ${String(n)}`,
        topic: 'orders/paid',
        field: 'order_number',
        payload: order({ order_number: n }),
      })),
      ...([`${'x'.repeat(250)}@example.com`, 'not an e-mail', 42] as unknown[]).map((email) => ({
        label: `email ${String(email)}`,
        topic: 'orders/paid',
        field: 'email',
        payload: order({ email }),
      })),
      {
        label: 'contact_email too long',
        topic: 'orders/paid',
        field: 'contact_email',
        payload: order({ email: null, contact_email: `${'y'.repeat(300)}@example.com` }),
      },
      ...(['US', 'EURO', 'u$d', null, 840] as unknown[]).map((currency) => ({
        label: `currency ${String(currency)}`,
        topic: 'orders/paid',
        field: 'currency',
        payload: order({ currency }),
      })),
      ...(['lots', '-5.00', '1e5', big, null, '', '12.3.4'] as unknown[]).map((v) => ({
        label: `subtotal ${String(v)}`,
        topic: 'orders/paid',
        field: 'subtotal_price',
        payload: order({ subtotal_price: v }),
      })),
      ...(['NaN', '-1.00', {}, big] as unknown[]).map((v) => ({
        label: `total ${String(v)}`,
        topic: 'orders/paid',
        field: 'total_price',
        payload: order({ total_price: v }),
      })),
      ...(
        [
          'SUMMER',
          [{ code: 5 }],
          [{ code: 'x'.repeat(101) }],
          [{ code: 'A\u0000B' }],
          [null],
          Array.from({ length: 200 }, (_, i) => ({ code: `CODE${i}` })),
        ] as unknown[]
      ).map((codes, i) => ({
        label: `discount_codes ${i}`,
        topic: 'orders/paid',
        field: 'discount_codes',
        payload: order({ discount_codes: codes }),
      })),
      ...([{}, 'all', [null]] as unknown[]).map((items, i) => ({
        label: `line_items ${i}`,
        topic: 'orders/paid',
        field: 'line_items',
        payload: order({ line_items: items }),
      })),
      {
        label: 'too many line items',
        topic: 'orders/paid',
        field: 'line_items',
        payload: order({
          line_items: Array.from({ length: 5000 }, (_, i) => ({
            id: i + 1,
            title: 'Gummies',
            quantity: 1,
            price: '1.00',
          })),
        }),
      },
      ...([-1, 1.5, '2', 1e12, null] as unknown[]).map((quantity) => ({
        label: `quantity ${String(quantity)}`,
        topic: 'orders/paid',
        field: 'quantity',
        payload: withItem({ quantity }),
      })),
      ...(['abc', '-1.00', big] as unknown[]).map((price) => ({
        label: `price ${String(price)}`,
        topic: 'orders/paid',
        field: 'price',
        payload: withItem({ price }),
      })),
      { label: 'line item id', topic: 'orders/paid', field: 'id', payload: withItem({ id: 'x' }) },
      {
        label: 'line item title',
        topic: 'orders/paid',
        field: 'title',
        payload: withItem({ title: 'x'.repeat(256) }),
      },
      {
        label: 'line item without title',
        topic: 'orders/paid',
        field: 'title',
        payload: withItem({ title: undefined }),
      },
      {
        label: 'line item sku',
        topic: 'orders/paid',
        field: 'sku',
        payload: withItem({ sku: 'x'.repeat(101) }),
      },
      ...(['Main St', { country_code: 'USA' }, { country_code: '1' }, { country_code: 5 }] as unknown[]).map(
        (address, i) => ({
          label: `shipping_address ${i}`,
          topic: 'orders/paid',
          field: 'shipping_address',
          payload: order({ shipping_address: address }),
        }),
      ),
      {
        label: 'cancelled order with a bad amount',
        topic: 'orders/cancelled',
        field: 'subtotal_price',
        payload: order({ cancelled_at: new Date().toISOString(), subtotal_price: 'lots' }),
      },
      { label: 'refund id', topic: 'refunds/create', field: 'id', payload: refund({ id: 'x' }) },
      {
        label: 'refund order_id',
        topic: 'refunds/create',
        field: 'order_id',
        payload: refund({ order_id: 'abc' }),
      },
      {
        label: 'refund without order_id',
        topic: 'refunds/create',
        field: 'order_id',
        payload: refund({ order_id: undefined }),
      },
      {
        label: 'refund line items',
        topic: 'refunds/create',
        field: 'refund_line_items',
        payload: refund({ refund_line_items: 'all' }),
      },
      ...([-1, 2.5] as unknown[]).map((quantity) => ({
        label: `refund quantity ${String(quantity)}`,
        topic: 'refunds/create',
        field: 'quantity',
        payload: refund({}, { quantity }),
      })),
      ...(['abc', '-3.00', big] as unknown[]).map((subtotal) => ({
        label: `refund subtotal ${String(subtotal)}`,
        topic: 'refunds/create',
        field: 'subtotal',
        payload: refund({}, { subtotal }),
      })),
      {
        label: 'refund line_item_id',
        topic: 'refunds/create',
        field: 'line_item_id',
        payload: refund({}, { line_item_id: 'x' }),
      },
      ...['garbage{', '[]', 'null', '"text"', '', '{"id": 1\u0000}'].map((rawBody) => ({
        label: `body ${rawBody}`,
        topic: 'orders/paid',
        field: 'body',
        rawBody,
      })),
    ];
    const before = await ledgerCounts(t.database.db);
    for (const [i, c] of cases.entries()) await expectRejected(c, `bad-value-${i}`);
    expect(await ledgerCounts(t.database.db)).toEqual(before);
  });

  it('keeps one row for a poison delivery however often the store retries it', async () => {
    const poison = order({ created_at: 'not a date' });
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(await send('orders/paid', poison, { webhookId: 'poison-retried' }));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await rejection('poison-retried')).toHaveLength(1);
    // Retried together, too.
    const together = await Promise.all(
      [1, 2, 3].map(() => send('orders/paid', poison, { webhookId: 'poison-together' })),
    );
    expect(together.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await rejection('poison-together')).toHaveLength(1);
  });

  it('leaves the other deliveries of a shared commit alone, and later orders record', async () => {
    const batches: number[] = [];
    const ingest = shopifyIngest(t.database.db, { onBatch: (size) => batches.push(size) });
    const goods = [0, 1, 2].map(() => shopifyOrderPayload({ code: DEMO_PROMO_CODE }));
    const units = [
      goods[0],
      order({ processed_at: '2026-13-45T99:99:99Z' }),
      goods[1],
      order({ subtotal_price: 'lots' }),
      goods[2],
    ];
    const before = await ledgerCounts(t.database.db);
    const results = await Promise.all(
      units.map((payload, i) =>
        ingest({
          topic: 'orders/paid',
          webhookId: `batch-${i}`,
          shop: 'sunbite.myshopify.com',
          rawBody: Buffer.from(JSON.stringify(payload)),
        }),
      ),
    );
    expect(results.map((r) => r.outcome)).toEqual([
      'processed',
      'rejected',
      'processed',
      'rejected',
      'processed',
    ]);
    // All five shared one commit: the poison units did not push the others out of it.
    expect(batches).toEqual([5]);
    expect((await ledgerCounts(t.database.db)).orders).toBe(before.orders + 3);
    expect(await rejection('batch-1')).toHaveLength(1);
    expect(await rejection('batch-3')).toHaveLength(1);

    // Over HTTP as well, and an order after all of this still records.
    const mixed = await Promise.all([
      send('orders/paid', order({ cancelled_at: '' })),
      send('orders/paid', shopifyOrderPayload({ code: DEMO_PROMO_CODE })),
    ]);
    expect(mixed.map((a) => [a.statusCode, a.json().data.outcome])).toEqual([
      [200, 'rejected'],
      [200, 'processed'],
    ]);
    const later = shopifyOrderPayload({ code: DEMO_PROMO_CODE });
    expect((await send('orders/paid', later)).json()).toEqual({ data: { outcome: 'processed' } });
    const row = await t.database.db
      .selectFrom('orders')
      .select(['status', 'placed_at'])
      .where('shopify_order_id', '=', String(later.id))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'paid', placed_at: later.created_at });
  });

  it('stores whatever headers come with a genuine delivery: a long topic, a long webhook id', async () => {
    expect((await send('x'.repeat(100), { id: 1 })).json()).toEqual({ data: { outcome: 'ignored' } });
    const longId = 'w'.repeat(150);
    const good = shopifyOrderPayload({ code: DEMO_PROMO_CODE });
    expect((await send('orders/paid', good, { webhookId: longId })).json()).toEqual({
      data: { outcome: 'processed' },
    });
    expect((await send('orders/paid', good, { webhookId: longId })).json()).toEqual({
      data: { outcome: 'duplicate' },
    });
    const poison = await send('orders/paid', order({ created_at: '' }), { webhookId: 'v'.repeat(150) });
    expect(poison.json().data.outcome).toBe('rejected');
  });

  it('reads Shopify’s dates with their offset, as the instant they name', async () => {
    const local = shopifyOrderPayload({ code: DEMO_PROMO_CODE, createdAt: '2026-03-01T21:30:00-05:00' });
    expect((await send('orders/paid', local)).json().data.outcome).toBe('processed');
    const row = await t.database.db
      .selectFrom('orders')
      .select(['placed_at', 'paid_at'])
      .where('shopify_order_id', '=', String(local.id))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ placed_at: '2026-03-02T02:30:00.000Z', paid_at: '2026-03-02T02:30:00.000Z' });
  });
});

describe('Shopify deliveries while the database is unavailable', () => {
  it('answer 5xx, so the store retries them, good or bad', async () => {
    const t = await createTestApp({ env: { SHOPIFY_WEBHOOK_SECRET: SECRET } });
    try {
      await t.database.db.destroy();
      for (const payload of [shopifyOrderPayload(), { ...shopifyOrderPayload(), created_at: 'not a date' }]) {
        const res = await deliver(t.app, 'orders/paid', payload, { secret: SECRET });
        expect(res.statusCode).toBe(500);
        expect(res.json()).toMatchObject({ code: 500, id: expect.any(String) });
      }
    } finally {
      await t.close();
    }
  });
});
