// Two server nodes sharing PostgreSQL or SQLite and Redis: rate limits (the short link's limit per
// address too) and live push cross nodes.
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import type { App } from './app';
import { loadConfig } from './config';
import { createTestDatabase } from './test/db';
import type { TestDatabase } from './test/db';
import { DEMO_PARTNER, DEMO_PROMO_CODE, seedDemoProgram } from './seed/demo';
import { deliver, shopifyOrderPayload } from './test/shopify';
import { issueToken } from './modules/auth/service';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECRET = 'multi-node-secret';
const CLIENT = 'multi-node-public-client-token-0000';

async function redisAvailable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const available = await redisAvailable();

describe.skipIf(!available)('several nodes with Redis', () => {
  let database: TestDatabase;
  let nodes: App[];
  const prefix = `pp-test-${process.pid}-${Date.now()}`;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoProgram(database.db);
    nodes = [];
    for (let i = 0; i < 2; i++) {
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        REDIS_URL,
        SHOPIFY_WEBHOOK_SECRET: SECRET,
        PUBLIC_CLIENT_TOKEN: CLIENT,
        DATA_DIR: `/tmp/${prefix}`,
        // Where short links send shoppers: without any store a short link answers 503.
        STORE_URL: 'https://shop.sunbite.example',
      });
      const app = await buildApp({
        config,
        database,
        rateLimits: { api: 4, shortLink: 4 },
        webRoot: '/nonexistent',
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      nodes.push(app);
    }
  });
  afterAll(async () => {
    for (const app of nodes) await app.close();
    await database.drop();
  });

  const url = (app: App) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  it('counts a client’s requests across nodes', async () => {
    // Alternating nodes, 6 requests against a limit of 4 per minute. (Counts left in Redis by an
    // earlier run within the minute can only add refusals, never remove them.)
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await fetch(`${url(nodes[i % 2]!)}/api/docs`)).status);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(2);
  });

  it('counts at most 4 short-link visits a minute from one address across nodes, and redirects every hit', async () => {
    // A new user agent each hit: each would be a new visitor. The limiter's key is a hash keyed by
    // this database's own secret, so no count of an earlier run can be in Redis.
    const code = await database.db
      .selectFrom('promo_codes')
      .select('id')
      .where('code', '=', DEMO_PROMO_CODE)
      .executeTakeFirstOrThrow();
    const visits = async () =>
      (
        await database.db
          .selectFrom('link_clicks')
          .select('id')
          .where('promo_code_id', '=', code.id)
          .execute()
      ).length;
    const before = await visits();
    for (let i = 0; i < 10; i++) {
      const answer = await fetch(`${url(nodes[i % 2]!)}/s/${DEMO_PROMO_CODE}`, {
        redirect: 'manual',
        headers: { 'user-agent': `Mozilla/5.0 (iPhone) Mobile/15E148 Rotated/${i}` },
      });
      expect(answer.status).toBe(302);
    }
    expect((await visits()) - before).toBe(4);
  });

  it('records each order once when its deliveries reach both nodes at the same time', async () => {
    const orders = Array.from({ length: 30 }, () => shopifyOrderPayload({ code: DEMO_PROMO_CODE }));
    // Shopify retries with the same delivery id; a second subscription sends another id.
    const answers = await Promise.all(
      orders.flatMap((order, i) => [
        deliver(nodes[0]!, 'orders/paid', order, { secret: SECRET, webhookId: `burst-${i}` }),
        deliver(nodes[1]!, 'orders/paid', order, { secret: SECRET, webhookId: `burst-${i}` }),
        deliver(nodes[1]!, 'orders/paid', order, { secret: SECRET, webhookId: `burst-other-${i}` }),
      ]),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(90).fill(200));
    const ids = orders.map((o) => String(o.id));
    const recorded = await database.db
      .selectFrom('orders')
      .select('id')
      .where('shopify_order_id', 'in', ids)
      .execute();
    expect(recorded).toHaveLength(30);
    const earnings = await database.db
      .selectFrom('earnings')
      .select('order_id')
      .where(
        'order_id',
        'in',
        recorded.map((r) => r.id),
      )
      .where('kind', '=', 'sale')
      .execute();
    expect(earnings).toHaveLength(30);
    const counted = await database.db
      .selectFrom('orders')
      .select('counted_orders')
      .where('shopify_order_id', 'in', ids)
      .execute();
    expect(counted.every((c) => c.counted_orders === 1)).toBe(true);
  });

  it('delivers a sale recorded on one node to a socket connected to the other', async () => {
    // Issued directly: the sign-in route shares the low limit this file sets.
    const partner = await database.db
      .selectFrom('partners')
      .select('id')
      .where('email', '=', DEMO_PARTNER.email)
      .executeTakeFirstOrThrow();
    const { token } = await issueToken(database.db, 'partner', partner.id);
    const socket = connect(url(nodes[1]!), {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const received = new Promise<Record<string, unknown>>((resolve) => socket.on('new_order', resolve));
    await deliver(nodes[0]!, 'orders/paid', shopifyOrderPayload({ code: DEMO_PROMO_CODE }), {
      secret: SECRET,
    });
    await nodes[0]!.background.tick();
    expect(await received).toMatchObject({ order_id: expect.any(Number) });
    socket.close();
  });
});
