// The pages behind the overview's "needs a look" (docs/decisions/039-needs-a-look.md), on both
// databases: refused Shopify deliveries, made through the real path (signed deliveries the intake
// refuses), listed, paged and filtered, worded field by field, with their payload on demand
// (secrets hidden, huge ones cut short) and whether the ledger got the order later; and the
// codes whose push the store refused (through the Admin API stand-in), retried one at a time or
// all at once by managers, audited once per code however often "Retry all" is pressed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopifyAdminClient } from '../../integrations/shopify/admin';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { payoutPartner, staffMember } from '../../test/payouts';
import type { TestPartner, TestStaff } from '../../test/payouts';
import { deliver, shopifyOrderPayload, shopifyRefundPayload } from '../../test/shopify';
import { startShopifyAdminStandIn } from '../../test/shopify-admin';
import type { ShopifyAdminStandIn } from '../../test/shopify-admin';
import { createPromoCode } from '../promo-codes/service';
import { pushDueCodes, requestStoreSync } from '../store-sync/service';
import { PAYLOAD_SHOWN_MAX } from './rejection-view';

const SECRET = 'needs-a-look-webhook-secret';
const TAKEN = 'Code must be unique. Please try a different code.';

let t: TestApp;
let stand: ShopifyAdminStandIn;
let reviewer: TestStaff;
let manager: TestStaff;
let partner: TestPartner;

const bearer = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});
const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, token?: string) => t.app.inject({ method: 'POST', url, headers: bearer(token) });
const send = (topic: string, payload: unknown, options: { webhookId?: string; rawBody?: string } = {}) =>
  deliver(t.app, topic, payload, { secret: SECRET, ...options });
/** A delivery the intake refuses: answered 200 `rejected`, with its error id. */
async function refused(
  topic: string,
  payload: unknown,
  options: { webhookId?: string; rawBody?: string } = {},
): Promise<string> {
  const res = await send(topic, payload, options);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.outcome).toBe('rejected');
  return res.json().data.id as string;
}
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

beforeAll(async () => {
  stand = await startShopifyAdminStandIn();
  t = await createTestApp({
    env: {
      SHOPIFY_WEBHOOK_SECRET: SECRET,
      SHOPIFY_SHOP_DOMAIN: 'sunbite-test.myshopify.com',
      SHOPIFY_ADMIN_TOKEN: stand.token,
      SHOPIFY_ADMIN_API_URL: stand.url,
    },
    build: { rateLimits: { api: 100_000 } },
  });
  reviewer = await staffMember(t.database.db, 'reviewer', 'Rita Reviewer');
  manager = await staffMember(t.database.db, 'manager', 'Max Manager');
  partner = await payoutPartner(t.database.db, { first: 'Alma', last: 'Seller' });
});
afterAll(async () => {
  await t?.close();
  await stand?.close();
});

describe('refused Shopify deliveries', () => {
  const url = '/api/manager/overview/deliveries';
  let paidOrder: ReturnType<typeof shopifyOrderPayload>;
  let laterOrder: ReturnType<typeof shopifyOrderPayload>;
  let ids: Record<string, string>;
  let between: string;

  beforeAll(async () => {
    paidOrder = shopifyOrderPayload({ code: null });
    laterOrder = shopifyOrderPayload({ code: null });
    const refundOf = shopifyOrderPayload({ code: null });
    ids = {};
    // First batch: an order whose payment the store sent with a bad amount (sent again right by a
    // later delivery, below), a refund with an impossible date, a body that is not JSON.
    ids.badAmount = await refused(
      'orders/paid',
      { ...paidOrder, total_price: 'twelve dollars' },
      { webhookId: 'delivery-bad-amount' },
    );
    await pause();
    ids.badRefund = await refused(
      'refunds/create',
      { ...shopifyRefundPayload(refundOf, [[0, 1]]), created_at: '2026-02-30T10:00:00Z' },
      { webhookId: 'delivery-bad-refund' },
    );
    await pause();
    ids.notJson = await refused('orders/create', null, {
      webhookId: 'delivery-not-json',
      rawBody: '{"id": 5, "token": "abc123secret", oops',
    });
    await pause();
    between = new Date().toISOString();
    await pause();
    // Second batch: an order with a line item's price wrong and a secret or two in it, one with
    // no readable id, and a huge one.
    ids.secrets = await refused(
      'orders/create',
      {
        ...laterOrder,
        token: 'f00dfeedcafe0000',
        checkout_token: 'checkout-secret-1',
        order_status_url: 'https://sunbite.example/123/orders/abc/authenticate?key=order-status-key',
        client_details: { browser_ip: '203.0.113.9', user_agent: 'Mozilla/5.0' },
        line_items: [
          laterOrder.line_items[0],
          { ...laterOrder.line_items[0], id: laterOrder.line_items[0]!.id + 1, price: '-4.00' },
        ],
      },
      { webhookId: 'delivery-secrets' },
    );
    await pause();
    ids.noId = await refused('orders/paid', { id: 'not-an-order' }, { webhookId: 'delivery-no-id' });
    await pause();
    const huge = {
      ...shopifyOrderPayload({ code: null }),
      line_items: Array.from({ length: 400 }, (_, i) => ({
        ...laterOrder.line_items[0]!,
        id: 900_000 + i,
        title: `Gummies ${'x'.repeat(200)} ${i}`,
        quantity: i === 399 ? 1.5 : 1,
      })),
    };
    ids.huge = await refused('orders/paid', huge, { webhookId: 'delivery-huge' });

    // The store sends the first order's payment again, right, under another delivery id.
    const fixed = await send('orders/paid', paidOrder, { webhookId: 'delivery-fixed' });
    expect(fixed.json().data.outcome).toBe('processed');
    // A retry of a refused delivery is a duplicate: it stays refused, listed once.
    expect(
      (await send('orders/paid', paidOrder, { webhookId: 'delivery-bad-amount' })).json().data.outcome,
    ).toBe('duplicate');
  });

  it('lists every kept rejection, newest first, for any staff role; a partner or no token is 401', async () => {
    for (const token of [reviewer.token, manager.token]) {
      const res = await get(url, token);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ current_page: 1, per_page: 20, last_page: 1, total: 6 });
      expect(body.data.map((d: { delivery_id: string }) => d.delivery_id)).toEqual([
        'delivery-huge',
        'delivery-no-id',
        'delivery-secrets',
        'delivery-not-json',
        'delivery-bad-refund',
        'delivery-bad-amount',
      ]);
    }
    for (const token of [partner.token, undefined]) {
      const res = await get(url, token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 401, error: 'not_authorized', message: 'Not Authorized' });
    }
  });

  it('gives each its topic, shop, times, error id and the reason field by field', async () => {
    const { data } = (await get(url, reviewer.token)).json();
    const byId = new Map(data.map((d: { delivery_id: string }) => [d.delivery_id, d]));
    expect(byId.get('delivery-bad-amount')).toEqual({
      id: expect.any(Number),
      delivery_id: 'delivery-bad-amount',
      topic: 'orders/paid',
      shop: 'sunbite.myshopify.com',
      received_at: expect.any(String),
      rejected_at: expect.any(String),
      error_id: ids.badAmount,
      error: 'total_price: not an amount',
      problems: [{ field: 'total_price', item: null, issue: 'amount', detail: 'total_price: not an amount' }],
      payload_length: expect.any(Number),
      ledger: { state: 'recorded', shopify_id: String(paidOrder.id), order_number: paidOrder.name },
    });
    expect(byId.get('delivery-bad-refund')).toMatchObject({
      topic: 'refunds/create',
      problems: [{ field: 'created_at', item: null, issue: 'date' }],
      ledger: { state: 'not_recorded', order_number: null },
    });
    expect(byId.get('delivery-not-json')).toMatchObject({
      problems: [{ field: 'body', item: null, issue: 'not_json' }],
      // The id it names, read from the start of the text: no such order in the ledger.
      ledger: { state: 'not_recorded', shopify_id: '5' },
    });
    expect(byId.get('delivery-secrets')).toMatchObject({
      problems: [{ field: 'line_items.price', item: 2, issue: 'amount_range' }],
      ledger: { state: 'not_recorded', shopify_id: String(laterOrder.id) },
    });
    expect(byId.get('delivery-no-id')).toMatchObject({
      ledger: { state: 'unknown', shopify_id: null, order_number: null },
    });
    const noId = byId.get('delivery-no-id') as { problems: { field: string; issue: string }[] };
    expect(noId.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'order_id', issue: 'bad_format' }),
        expect.objectContaining({ field: 'currency', issue: 'missing' }),
      ]),
    );
    expect(byId.get('delivery-huge')).toMatchObject({
      problems: [{ field: 'line_items.quantity', item: 400, issue: 'whole_number' }],
    });
  });

  it('gives the overview’s card the same words: its latest three, field by field', async () => {
    const { data } = (await get('/api/manager/overview', reviewer.token)).json();
    expect(data.needs_attention.shopify_deliveries.count).toBe(6);
    expect(data.needs_attention.shopify_deliveries.items[0]).toMatchObject({
      delivery_id: 'delivery-huge',
      problems: [{ field: 'line_items.quantity', item: 400, issue: 'whole_number' }],
    });
  });

  it('pages, and filters by topic and by when the delivery was refused', async () => {
    const first = (await get(`${url}?length=4`, reviewer.token)).json();
    expect(first).toMatchObject({ current_page: 1, per_page: 4, last_page: 2, total: 6 });
    expect(first.data).toHaveLength(4);
    const second = (await get(`${url}?length=4&page=2`, reviewer.token)).json();
    expect(second.data.map((d: { delivery_id: string }) => d.delivery_id)).toEqual([
      'delivery-bad-refund',
      'delivery-bad-amount',
    ]);
    expect((await get(`${url}?length=4&page=3`, reviewer.token)).json()).toMatchObject({
      data: [],
      total: 6,
      last_page: 2,
    });

    const paid = (await get(`${url}?topic=orders/paid`, reviewer.token)).json();
    expect(paid.total).toBe(3);
    expect(paid.data.every((d: { topic: string }) => d.topic === 'orders/paid')).toBe(true);

    const early = (await get(`${url}?to=${encodeURIComponent(between)}`, reviewer.token)).json();
    expect(early.data.map((d: { delivery_id: string }) => d.delivery_id)).toEqual([
      'delivery-not-json',
      'delivery-bad-refund',
      'delivery-bad-amount',
    ]);
    const late = (
      await get(`${url}?from=${encodeURIComponent(between)}&topic=orders/create`, reviewer.token)
    ).json();
    expect(late.data.map((d: { delivery_id: string }) => d.delivery_id)).toEqual(['delivery-secrets']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(`${url}?from=${today}&to=${today}`, reviewer.token)).json().total).toBe(6);
    expect((await get(`${url}?to=2020-01-01`, reviewer.token)).json()).toMatchObject({
      data: [],
      total: 0,
      last_page: 1,
    });
  });

  it('refuses bad query parameters with a 422 at the field', async () => {
    for (const [query, field] of [
      ['topic=orders/updated', 'topic'],
      ['from=2026-02-30', 'from'],
      ['to=yesterday', 'to'],
      ['from=2026-05-02&to=2026-05-01', 'to'],
      ['page=0', 'page'],
      ['length=101', 'length'],
      ['length=abc', 'length'],
    ] as const) {
      const res = await get(`${url}?${query}`, reviewer.token);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors), query).toContain(field);
    }
  });

  it('shows a payload on demand, pretty-printed, with keys and card details hidden', async () => {
    const { data } = (await get(url, reviewer.token)).json();
    const idOf = (delivery: string) =>
      data.find((d: { delivery_id: string }) => d.delivery_id === delivery).id as number;

    const res = await get(`${url}/${idOf('delivery-secrets')}/payload`, reviewer.token);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().data;
    expect(view).toMatchObject({
      delivery_id: 'delivery-secrets',
      topic: 'orders/create',
      error_id: ids.secrets,
      format: 'json',
      truncated: false,
      hidden: 4,
    });
    const shown = JSON.parse(view.text);
    expect(shown).toMatchObject({
      token: '[hidden]',
      checkout_token: '[hidden]',
      order_status_url: '[hidden]',
      client_details: '[hidden]',
    });
    // What staff need to rebuild the order stays.
    expect(shown).toMatchObject({
      id: laterOrder.id,
      email: 'customer@example.com',
      total_price: laterOrder.total_price,
    });
    expect(view.text).toContain('\n  "id": ');
    for (const secret of ['f00dfeedcafe0000', 'checkout-secret-1', 'order-status-key', '203.0.113.9'])
      expect(view.text).not.toContain(secret);

    const text = (await get(`${url}/${idOf('delivery-not-json')}/payload`, reviewer.token)).json().data;
    expect(text).toMatchObject({ format: 'text', hidden: 1, truncated: false });
    expect(text.text).toBe('{"id": 5, "token": "[hidden]", oops');

    const huge = (await get(`${url}/${idOf('delivery-huge')}/payload`, reviewer.token)).json().data;
    expect(huge.truncated).toBe(true);
    expect(huge.text).toHaveLength(PAYLOAD_SHOWN_MAX);
    expect(huge.length).toBeGreaterThan(PAYLOAD_SHOWN_MAX);

    expect((await get(`${url}/999999/payload`, reviewer.token)).statusCode).toBe(404);
    expect((await get(`${url}/abc/payload`, reviewer.token)).statusCode).toBe(422);
    expect((await get(`${url}/${idOf('delivery-secrets')}/payload`, partner.token)).statusCode).toBe(401);
  });
});

describe('codes the store refused', () => {
  const url = '/api/manager/overview/store-pushes';
  const shopify = () => createShopifyAdminClient({ url: stand.url, token: stand.token });
  const log = { warn: () => undefined };
  const codes: string[] = [];
  const auditOf = (code: string) =>
    t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'promo_code.store_sync_retry')
      .where('entity_id', '=', code)
      .orderBy('id')
      .execute();
  const failedCount = async () => (await get(url, reviewer.token)).json().total as number;

  beforeAll(async () => {
    // Three codes someone made in the store by hand (the store refuses ours), one it takes.
    const db = t.database.db;
    for (const [i, name] of ['Bea', 'Cy', 'Di', 'Ed'].entries()) {
      const owner = await payoutPartner(db, { first: name, last: 'Pusher' });
      const code = `${name.toUpperCase()}PUSH${i}`;
      if (i < 3) stand.addExisting(code);
      await db.transaction().execute(async (trx) => {
        const promo = await createPromoCode(trx, owner.id, code);
        expect(await requestStoreSync(trx, promo.id, t.config)).toBe(true);
      });
      codes.push(code);
    }
    await pushDueCodes(db, shopify(), log);
  });

  it('lists every failed push with its partner, the store’s words and when, for any staff role', async () => {
    const res = await get(url, reviewer.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      current_page: 1,
      per_page: 20,
      last_page: 1,
      total: 3,
      push_configured: true,
    });
    expect(body.data.map((r: { code: string }) => r.code).sort()).toEqual(codes.slice(0, 3).sort());
    expect(body.data[0]).toEqual({
      code: expect.any(String),
      partner: {
        uuid: expect.any(String),
        name: expect.stringMatching(/ Pusher$/),
        email: expect.stringMatching(/@partners\.example$/),
      },
      message: TAKEN,
      attempts: 1,
      failed_at: expect.any(String),
    });
    const paged = (await get(`${url}?length=2&page=2`, manager.token)).json();
    expect(paged).toMatchObject({ total: 3, last_page: 2 });
    expect(paged.data).toHaveLength(1);
    expect((await get(`${url}?length=0`, reviewer.token)).statusCode).toBe(422);
    expect((await get(url, partner.token)).statusCode).toBe(401);
  });

  it('lets a manager retry one, audited; a reviewer is refused (403), and a push no longer failed is a 409', async () => {
    const code = codes[0]!;
    const refusedReviewer = await post(`${url}/${code}/retry`, reviewer.token);
    expect(refusedReviewer.statusCode).toBe(403);
    expect(await auditOf(code)).toHaveLength(0);

    const res = await post(`${url}/${code.toLowerCase()}/retry`, manager.token);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toEqual({
      code,
      store_sync: {
        state: 'pending',
        store_id: null,
        message: null,
        attempts: 0,
        updated_at: expect.any(String),
      },
    });
    const lines = await auditOf(code);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ staff_id: manager.id, entity: 'promo_code' });
    expect(JSON.parse(lines[0]!.before!)).toMatchObject({ state: 'failed', message: TAKEN });
    expect(JSON.parse(lines[0]!.after!)).toMatchObject({ state: 'pending' });

    expect((await post(`${url}/${code}/retry`, manager.token)).statusCode).toBe(409);
    expect(await auditOf(code)).toHaveLength(1);
    expect((await post(`${url}/NOSUCHCODE/retry`, manager.token)).statusCode).toBe(404);
    expect((await post(`${url}/not-a-code/retry`, manager.token)).statusCode).toBe(422);
    expect(await failedCount()).toBe(2);
  });

  it('retries all for a manager in one go, each code audited once, and a second press changes nothing', async () => {
    expect((await post(`${url}/retry-all`, reviewer.token)).statusCode).toBe(403);
    expect(await failedCount()).toBe(2);

    const res = await post(`${url}/retry-all`, manager.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { retried: 2 } });
    expect(await failedCount()).toBe(0);
    for (const code of codes.slice(1, 3)) {
      const lines = await auditOf(code);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ staff_id: manager.id });
      expect(JSON.parse(lines[0]!.before!)).toMatchObject({ state: 'failed', message: TAKEN, attempts: 1 });
      expect(JSON.parse(lines[0]!.after!)).toEqual({
        state: 'pending',
        store_id: null,
        message: null,
        attempts: 0,
        updated_at: expect.any(String),
      });
    }
    const rows = await t.database.db
      .selectFrom('store_code_syncs')
      .select(['state', 'attempts'])
      .where('state', '=', 'pending')
      .execute();
    expect(rows).toHaveLength(3);

    const again = await post(`${url}/retry-all`, manager.token);
    expect(again.json()).toEqual({ data: { retried: 0 } });
    expect(await auditOf(codes[1]!)).toHaveLength(1);
  });

  it('retries each code once when "Retry all" comes from two tabs at once', async () => {
    // The store still holds the three codes: the next round fails them again.
    await pushDueCodes(t.database.db, shopify(), log);
    expect(await failedCount()).toBe(3);
    const before = await Promise.all(codes.slice(0, 3).map(auditOf));

    const [a, b] = await Promise.all([
      post(`${url}/retry-all`, manager.token),
      post(`${url}/retry-all`, manager.token),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.retried + b.json().data.retried).toBe(3);
    const after = await Promise.all(codes.slice(0, 3).map(auditOf));
    expect(after.map((lines, i) => lines.length - before[i]!.length)).toEqual([1, 1, 1]);
    expect(await failedCount()).toBe(0);
  });
});

describe('codes the store refused, with the push off', () => {
  let off: TestApp;
  let boss: TestStaff;
  beforeAll(async () => {
    off = await createTestApp();
    boss = await staffMember(off.database.db, 'admin', 'Ada Admin');
  });
  afterAll(() => off.close());

  it('says the push is off, and "Retry all" is a 409', async () => {
    const list = await off.app.inject({
      method: 'GET',
      url: '/api/manager/overview/store-pushes',
      headers: bearer(boss.token),
    });
    expect(list.json()).toMatchObject({ data: [], total: 0, push_configured: false });
    const retry = await off.app.inject({
      method: 'POST',
      url: '/api/manager/overview/store-pushes/retry-all',
      headers: bearer(boss.token),
    });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toMatch(/^No store is connected/);
  });
});
