// Reconciliation with the store (docs/decisions/057-store-reconciliation.md) against the Admin
// GraphQL stand-in (server/test/shopify-admin.ts with server/test/shopify-admin-orders.ts), on
// SQLite and, with TEST_DATABASE_URL, PostgreSQL: what the webhooks missed is recorded with the
// webhook's own commission, once whichever way it comes; throttled pages are asked again; a
// back-fill stopped half-way goes on from its last page; one node at a time holds the round.
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db';
import { openPostgres } from '../../db';
import { createShopifyGraphql } from '../../integrations/shopify/admin';
import { DEMO_PARTNER, DEMO_PROMO_CODE, seedDemoProgram } from '../../seed/demo';
import { createTestDatabase } from '../../test/db';
import type { TestDatabase } from '../../test/db';
import { startShopifyAdminStandIn } from '../../test/shopify-admin';
import type { ShopifyAdminStandIn } from '../../test/shopify-admin';
import { shopifyOrdersStandIn } from '../../test/shopify-admin-orders';
import type { StandInOrders } from '../../test/shopify-admin-orders';
import { shopifyOrderPayload, shopifyRefundPayload } from '../../test/shopify';
import { handleShopifyDelivery } from '../ledger/service';
import { programOverview } from '../overview/service';
import { reconcileStore, reconciliationState } from './service';
import type { ReconcileOptions } from './service';

const log = { info: () => undefined, warn: () => undefined } as unknown as Pick<
  FastifyBaseLogger,
  'info' | 'warn'
>;
const instant = () => Promise.resolve();
const minutes = (n: number, from = new Date()) => new Date(from.getTime() + n * 60_000);

interface Setup {
  database: TestDatabase;
  db: Db;
  store: StandInOrders;
  admin: ShopifyAdminStandIn;
  round(now?: Date, options?: ReconcileOptions): ReturnType<typeof reconcileStore>;
}

async function setUp(): Promise<Setup> {
  const database = await createTestDatabase();
  await seedDemoProgram(database.db);
  const store = shopifyOrdersStandIn();
  const admin = await startShopifyAdminStandIn({ handlers: store.handlers });
  const graphql = createShopifyGraphql({ url: admin.url, token: admin.token });
  return {
    database,
    db: database.db,
    store,
    admin,
    round: (now = new Date(), options = {}) =>
      reconcileStore(database.db, graphql, log, now, { sleep: instant, store: admin.url, ...options }),
  };
}

const deliver = (db: Db, topic: string, payload: unknown, webhookId = `w-${Math.random()}`) =>
  handleShopifyDelivery(db, { topic, webhookId, rawBody: Buffer.from(JSON.stringify(payload)) });

const earningsOf = (db: Db, shopifyId: number | string) =>
  db
    .selectFrom('earnings')
    .innerJoin('orders', 'orders.id', 'earnings.order_id')
    .select(['earnings.kind', 'earnings.status', 'earnings.amount_cents', 'earnings.partner_id'])
    .where('orders.shopify_order_id', '=', String(shopifyId))
    .orderBy('earnings.id')
    .execute();
const count = async (db: Db, table: 'orders' | 'earnings' | 'refunds' | 'earning_events' | 'jobs') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const ledger = async (db: Db) => [
  await count(db, 'orders'),
  await count(db, 'earnings'),
  await count(db, 'refunds'),
  await count(db, 'earning_events'),
];

/** The stand-in's twin of a webhook payload: the same order as Shopify's GraphQL answers it. */
function twin(
  store: StandInOrders,
  payload: ReturnType<typeof shopifyOrderPayload>,
  change: Parameters<StandInOrders['add']>[0] | object = {},
) {
  return store.add({
    id: payload.id,
    name: payload.name,
    code: payload.discount_codes[0]?.code ?? null,
    email: payload.email,
    subtotal: Math.round(Number(payload.subtotal_price) * 100),
    total: Math.round(Number(payload.total_price) * 100),
    totalTax: Math.round(Number(payload.total_tax) * 100),
    createdAt: payload.created_at,
    lines: payload.line_items.map((l) => ({
      title: l.title,
      quantity: l.quantity,
      price: Math.round(Number(l.price) * 100),
    })),
    ...change,
  });
}

describe('reconciliation with the store', () => {
  let s: Setup;
  let maya: number;
  beforeAll(async () => {
    s = await setUp();
    maya = (
      await s.db
        .selectFrom('partners')
        .select('id')
        .where('email', '=', DEMO_PARTNER.email)
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await s.admin.close();
    await s.database.drop();
  });

  it('back-fills 60 days: an order, a cancellation and a refund the webhooks missed, with the webhook’s commission', async () => {
    // A: paid with Maya's code, never delivered.
    const a = shopifyOrderPayload({ code: DEMO_PROMO_CODE, items: [['ACV Gummies', 2, 2500]] });
    twin(s.store, a);
    // B: delivered paid, then cancelled in the store (orders/cancelled lost).
    const b = shopifyOrderPayload({ code: DEMO_PROMO_CODE, items: [['Dreamy Sleep', 1, 3000]] });
    expect((await deliver(s.db, 'orders/paid', b)).outcome).toBe('processed');
    twin(s.store, b, { cancelledAt: new Date().toISOString(), financialStatus: 'REFUNDED' });
    // C: delivered paid, then one of its two units refunded (refunds/create lost).
    const c = shopifyOrderPayload({ code: DEMO_PROMO_CODE, items: [['ACV Gummies', 2, 2500]] });
    expect((await deliver(s.db, 'orders/paid', c)).outcome).toBe('processed');
    twin(s.store, c);
    s.store.refund(c.id, { lines: [{ line: 0, quantity: 1, subtotal: 2125, tax: 276 }] });
    // Not recorded: no code; not paid yet; updated before the 60 days.
    const none = twin(s.store, shopifyOrderPayload({ code: null }));
    const pending = twin(s.store, shopifyOrderPayload({ code: DEMO_PROMO_CODE }), {
      financialStatus: 'PENDING',
    });
    const old = twin(s.store, shopifyOrderPayload({ code: DEMO_PROMO_CODE }), {
      updatedAt: new Date(Date.now() - 61 * 86_400_000).toISOString(),
    });

    const jobsBefore = await count(s.db, 'jobs');
    const now = new Date();
    const round = await s.round(now);
    expect(round).toMatchObject({
      claimed: true,
      passDone: true,
      error: null,
      found: { orders: 1, cancellations: 1, refunds: 1 },
    });

    // A: 10% of 42.50, pending, Maya's; its follow-up queued as a webhook's is.
    expect(await earningsOf(s.db, a.id)).toEqual([
      { kind: 'sale', status: 'PENDING', amount_cents: 425, partner_id: maya },
    ]);
    expect(await count(s.db, 'jobs')).toBeGreaterThan(jobsBefore);
    expect(await earningsOf(s.db, b.id)).toMatchObject([{ status: 'REJECTED' }]);
    expect(
      (
        await s.db
          .selectFrom('orders')
          .select('status')
          .where('shopify_order_id', '=', String(b.id))
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('cancelled');
    // C: half its base given back, half its commission left (as refunds/create would leave it).
    expect(await earningsOf(s.db, c.id)).toMatchObject([{ status: 'PENDING', amount_cents: 213 }]);
    for (const order of [none, pending, old])
      expect(
        await s.db
          .selectFrom('orders')
          .select('id')
          .where('shopify_order_id', '=', String(order.id))
          .executeTakeFirst(),
      ).toBeUndefined();
    // The search asked for 60 days.
    expect(s.store.calls[0]!.query).toMatch(/^updated_at:>='/);
    expect(Date.parse(/'(.+)'/.exec(s.store.calls[0]!.query)![1]!)).toBeCloseTo(
      now.getTime() - 60 * 86_400_000,
      -3,
    );

    const state = await reconciliationState(s.db);
    expect(state).toEqual({
      last_run_at: now.toISOString(),
      synced_through: now.toISOString(),
      last_found: { orders: 1, cancellations: 1, refunds: 1 },
      backfill: {
        state: 'done',
        from: new Date(now.getTime() - 60 * 86_400_000).toISOString(),
        through: now.toISOString(),
      },
      error: null,
    });
    // The overview says when it ran and what it found.
    const overview = await programOverview(s.db, minutes(1, now));
    expect(overview.needs_attention.store_reconciliation).toEqual({
      count: 3,
      last_run_at: now.toISOString(),
      error: null,
      missed_at: now.toISOString(),
      missed: { orders: 1, cancellations: 1, refunds: 1 },
    });
  });

  it('records an order once when it comes both ways, or twice by both', async () => {
    // Found by reconciliation first, then delivered (twice), then read again.
    const a = shopifyOrderPayload({ code: DEMO_PROMO_CODE, items: [['Dreamy Sleep', 2, 3000]] });
    const order = twin(s.store, a);
    const t1 = minutes(16);
    const touched = minutes(20).toISOString();
    expect((await s.round(t1)).found).toEqual({ orders: 1, cancellations: 0, refunds: 0 });
    const earned = await earningsOf(s.db, a.id);
    expect(earned).toEqual([{ kind: 'sale', status: 'PENDING', amount_cents: 510, partner_id: maya }]);
    const before = await ledger(s.db);
    expect((await deliver(s.db, 'orders/paid', a, 'late-1')).outcome).toBe('processed');
    expect((await deliver(s.db, 'orders/paid', a, 'late-2')).outcome).toBe('processed');
    expect(await ledger(s.db)).toEqual(before);

    // Delivered first, then read by reconciliation; a refund by both ways.
    const b = shopifyOrderPayload({ code: DEMO_PROMO_CODE, items: [['ACV Gummies', 2, 2500]] });
    expect((await deliver(s.db, 'orders/paid', b)).outcome).toBe('processed');
    const refund = shopifyRefundPayload(b, [[0, 1]]);
    expect((await deliver(s.db, 'refunds/create', refund)).outcome).toBe('processed');
    twin(s.store, b, { updatedAt: touched });
    s.store.refund(b.id, {
      id: refund.id,
      createdAt: touched,
      lines: [
        { line: 0, quantity: 1, subtotal: Math.round(Number(refund.refund_line_items[0]!.subtotal) * 100) },
      ],
    });
    s.store.update(order.id, {}, touched);
    const mid = await ledger(s.db);
    const earnedB = await earningsOf(s.db, b.id);
    const t2 = minutes(32);
    const round = await s.round(t2);
    expect(round).toMatchObject({
      claimed: true,
      error: null,
      found: { orders: 0, cancellations: 0, refunds: 0 },
    });
    expect(await ledger(s.db)).toEqual(mid);
    expect(await earningsOf(s.db, a.id)).toEqual(earned);
    expect(await earningsOf(s.db, b.id)).toEqual(earnedB);
    // The next pass began a few minutes before the synced moment.
    const query = s.store.calls[s.store.calls.length - 1]!.query;
    expect(Date.parse(/'(.+)'/.exec(query)![1]!)).toBe(t1.getTime() - 5 * 60_000);
  });

  it('asks a throttled page again after the wait the store names', async () => {
    const a = shopifyOrderPayload({ code: DEMO_PROMO_CODE });
    twin(s.store, a, { updatedAt: minutes(40).toISOString() });
    const waits: number[] = [];
    s.admin.script(
      { throttled: true, currentlyAvailable: 0, restoreRate: 50 },
      { status: 429, retryAfter: '2' },
    );
    const requests = s.admin.requests.length;
    const round = await s.round(minutes(48), { sleep: async (ms) => void waits.push(ms) });
    expect(round).toMatchObject({ claimed: true, error: null, found: { orders: 1 } });
    // requestedQueryCost 10 with none available at 50 a second: 200 ms; then Retry-After 2 s.
    expect(waits).toEqual([200, 2000]);
    const asked = s.admin.requests.slice(requests).filter((r) => r.operation === 'orders');
    expect(asked).toHaveLength(3);
    expect(new Set(asked.map((r) => JSON.stringify(r.variables)))).toHaveProperty('size', 1);
    expect(await earningsOf(s.db, a.id)).toHaveLength(1);
  });

  it('is not due again before its interval, on any node', async () => {
    const round = await s.round(minutes(50));
    expect(round.claimed).toBe(false);
  });
});

describe('an interrupted back-fill', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp();
  });
  afterAll(async () => {
    await s.admin.close();
    await s.database.drop();
  });

  it('goes on from the last page read, at the next round (the store failing, then a round stopped by its page budget)', async () => {
    const base = Date.now() - 10 * 86_400_000;
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) {
      const payload = shopifyOrderPayload({
        code: DEMO_PROMO_CODE,
        createdAt: new Date(base + i * 60_000).toISOString(),
      });
      ids.push(twin(s.store, payload, { updatedAt: new Date(base + i * 60_000).toISOString() }).id);
    }
    s.store.failAfterPages = 1;
    const t0 = new Date();
    const first = await s.round(t0, { pageSize: 10 });
    expect(first).toMatchObject({ claimed: true, pages: 1, passDone: false, found: { orders: 10 } });
    expect(first.error).toMatch(/HTTP 500/);
    let state = await reconciliationState(s.db);
    expect(state).toMatchObject({
      synced_through: null,
      backfill: { state: 'running', through: t0.toISOString() },
      last_found: { orders: 10 },
    });
    expect(state.error).toMatch(/HTTP 500/);
    const cursor = (await s.db.selectFrom('store_reconciliation').select('cursor').executeTakeFirstOrThrow())
      .cursor;
    expect(cursor).toBeTruthy();

    // Not due again before its interval after an error, on any node.
    s.store.failAfterPages = null;
    expect((await s.round(minutes(1, t0), { pageSize: 10 })).claimed).toBe(false);
    // The next round (any node) takes the same search on from that page.
    const calls = s.store.calls.length;
    const second = await s.round(minutes(16, t0), { pageSize: 10, maxPages: 1 });
    expect(second).toMatchObject({
      claimed: true,
      pages: 1,
      passDone: false,
      error: null,
      found: { orders: 10 },
    });
    expect(s.store.calls[calls]).toMatchObject({ after: cursor, query: s.store.calls[0]!.query });
    // Stopped by its page budget (or a restart, once its lease ran out): due again at once.
    const third = await s.round(minutes(17, t0), { pageSize: 10 });
    expect(third).toMatchObject({ claimed: true, passDone: true, error: null, found: { orders: 5 } });
    state = await reconciliationState(s.db);
    expect(state).toMatchObject({
      synced_through: t0.toISOString(),
      backfill: { state: 'done' },
      error: null,
    });
    const recorded = await s.db.selectFrom('orders').select('shopify_order_id').execute();
    expect(new Set(recorded.map((r) => r.shopify_order_id))).toEqual(new Set(ids.map(String)));
    expect(await count(s.db, 'earnings')).toBe(25);
  });
});

describe('several nodes', () => {
  let s: Setup;
  const handles: { db: Db; close(): Promise<void> }[] = [];
  beforeAll(async () => {
    s = await setUp();
    for (let i = 0; i < 10; i++) twin(s.store, shopifyOrderPayload({ code: DEMO_PROMO_CODE }));
  });
  afterEach(async () => {
    for (const h of handles.splice(0)) await h.close();
  });
  afterAll(async () => {
    await s.admin.close();
    await s.database.drop();
  });

  it('lets one node hold the round at a time (the lease), each order recorded once', async () => {
    // On PostgreSQL three handles of their own, as three nodes; on SQLite the one file.
    const dbs: Db[] = s.database.url
      ? [0, 1, 2].map(() => {
          const h = openPostgres(s.database.url!, 3);
          handles.push(h);
          return h.db;
        })
      : [s.db, s.db, s.db];
    const graphql = createShopifyGraphql({ url: s.admin.url, token: s.admin.token });
    const now = new Date();
    const rounds = await Promise.all(
      dbs.map((db) =>
        reconcileStore(db, graphql, log, now, { sleep: instant, store: s.admin.url, pageSize: 3 }),
      ),
    );
    expect(rounds.filter((r) => r.claimed)).toHaveLength(1);
    expect(rounds.find((r) => r.claimed)).toMatchObject({ passDone: true, found: { orders: 10 } });
    expect(await count(s.db, 'orders')).toBe(10);
    expect(await count(s.db, 'earnings')).toBe(10);
  });
});
