// Three server processes started at once on a fresh PostgreSQL database, with Redis (issue 14,
// decisions/043): migrations under the start-up lock, a throttle counted across nodes, a one-time
// solution accepted once across nodes, live push from one node to a socket on another, and the
// follow-up jobs of orders run once while every node runs the scheduler. PostgreSQL and Redis only:
// elsewhere the file is skipped with the reason (the CI's PostgreSQL run has both).
import { randomUUID } from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { Redis } from 'ioredis';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from './db/migrations';
import { issueToken } from './modules/auth/service';
import { DEMO_PARTNER, DEMO_PROMO_CODE, seedDemoProgram } from './seed/demo';
import { CLUSTER_CLIENT, CLUSTER_SECRET, clusterPrerequisites, startCluster } from './test/cluster';
import type { Cluster } from './test/cluster';
import { readOutbox } from './test/mailbox';
import { shopifyHeaders, shopifyOrderPayload } from './test/shopify';

const prerequisites = await clusterPrerequisites();
const skip = 'skip' in prerequisites ? prerequisites.skip : undefined;
if (skip) console.warn(`cluster tests skipped: ${skip}`);

const client = { authorization: `Bearer ${CLUSTER_CLIENT}`, 'content-type': 'application/json' };

describe.skipIf(skip !== undefined)('three nodes on PostgreSQL and Redis', () => {
  let cluster: Cluster;
  const errorsBefore: string[] = [];
  const usedRateKeys: string[] = [];
  const admins: string[] = [];
  const randomIp = () =>
    `10.${14 + Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

  beforeAll(async () => {
    if ('skip' in prerequisites) return;
    // The proxy's address: each test names its own client address, so its per-address counts are its own.
    // Every node told to create the first admin: without the start-up lock, two of three nodes
    // started at once died on the unique e-mail of staff (found by running them without it).
    cluster = await startCluster({
      ...prerequisites,
      env: {
        TRUST_PROXY: '127.0.0.1',
        MAIL_DIGEST_SECONDS: '2',
        STAFF_BOOTSTRAP_EMAIL: 'first.admin@example.com',
        STAFF_BOOTSTRAP_PASSWORD: 'a-long-bootstrap-password',
      },
    });
    errorsBefore.push(...cluster.nodes.flatMap((n) => n.errors()));
    admins.push(
      ...(await cluster.database.db.selectFrom('staff_users').select('email').execute()).map((a) => a.email),
    );
    // The demo program is seeded into a program without people only: the first admin goes first.
    await cluster.database.db.deleteFrom('staff_users').execute();
    await seedDemoProgram(cluster.database.db);
  }, 90_000);
  afterAll(async () => {
    await cluster?.stop();
    if (usedRateKeys.length && 'redisUrl' in prerequisites) {
      const redis = new Redis(prerequisites.redisUrl);
      await redis.del(...usedRateKeys);
      await redis.quit();
    }
  }, 30_000);

  const node = (i: number) => cluster.nodes[i % cluster.nodes.length]!;
  const post = (i: number, url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${node(i).url}${url}`, {
      method: 'POST',
      headers: { ...client, ...headers },
      body: JSON.stringify(body),
    });

  it('migrates once: three nodes started at once on an empty database all become healthy, without an error', async () => {
    expect(errorsBefore).toEqual([]);
    const applied = await cluster.database.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    const names = (applied as { name: string }[]).map((r) => r.name).sort();
    expect(names).toEqual(Object.keys(migrations).sort());
    expect(admins).toEqual(['first.admin@example.com']);
    for (const n of cluster.nodes) expect((await fetch(`${n.url}/api/health`)).status).toBe(200);
  });

  it('counts sign-in failures across nodes: 30 wrong passwords at once, spread over 3 nodes, meet the limit of 10 in total', async () => {
    // An address and an e-mail of this run alone: the counts live in Redis, which outlives the run
    // (its keys expire with the window) and may serve other tests meanwhile.
    const ip = randomIp();
    const email = `nobody.${randomUUID()}@example.com`;
    usedRateKeys.push(`pp:rate:partner-signin:email:${email}`, `pp:rate:partner-signin:ip:${ip}`);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post(i, '/api/auth/get_token', { email, password: 'not-the-password' }, { 'x-forwarded-for': ip }),
      ),
    );
    const codes = answers.map((a) => a.status);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(20);
    // The e-mail's count is full on every node, whatever address tries next.
    for (let i = 0; i < 3; i++) {
      const other = randomIp();
      usedRateKeys.push(`pp:rate:partner-signin:ip:${other}`);
      expect(
        (
          await post(
            i,
            '/api/auth/get_token',
            { email, password: 'not-the-password' },
            { 'x-forwarded-for': other },
          )
        ).status,
      ).toBe(429);
    }
  });

  it('accepts a solved human check once across nodes: the same solution sent to 3 nodes at once signs up once', async () => {
    const challenge = await (await fetch(`${node(0).url}/api/altcha/challenge`, { headers: client })).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const body = (i: number) => ({
      first_name: 'Léa',
      last_name: 'Tremblay',
      email: `cluster.${i}.${randomUUID().slice(0, 8)}@example.com`,
      password: 'gummies-for-breakfast',
      password_confirmation: 'gummies-for-breakfast',
      promo_code: `CLU${i}${Math.floor(Math.random() * 1e6)}`,
      phone: '+1 514 555 0100',
      date_of_birth: '1992-07-14',
      country: 'CA',
      category_id: 2,
      instagram_url: 'https://instagram.com/lea',
      accepted_terms: true,
      locale: 'fr',
      altcha,
    });
    const answers = await Promise.all(
      [0, 1, 2].map((i) =>
        fetch(`${node(i).url}/api/add`, {
          method: 'PUT',
          headers: { ...client, 'x-forwarded-for': randomIp() },
          body: JSON.stringify(body(i)),
        }),
      ),
    );
    const codes = answers.map((a) => a.status).sort();
    // The one sign-up that passes is accepted (202): its account is made when its mailed link is followed.
    expect(codes).toEqual([202, 422, 422]);
    for (const answer of answers.filter((a) => a.status === 422)) {
      expect((await answer.json()).errors).toEqual({ altcha: ['You need to pass the verification'] });
    }
  });

  async function partnerSocket(i: number): Promise<Socket> {
    const partner = await cluster.database.db
      .selectFrom('partners')
      .select('id')
      .where('email', '=', DEMO_PARTNER.email)
      .executeTakeFirstOrThrow();
    const { token } = await issueToken(cluster.database.db, 'partner', partner.id);
    // WebSocket only: the transport decisions/043 documents for a load balancer without sticky sessions.
    const socket = connect(node(i).url, {
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  const deliverOrder = (i: number, order: unknown) => {
    const body = JSON.stringify(order);
    return fetch(`${node(i).url}/api/webhooks/shopify`, {
      method: 'POST',
      headers: shopifyHeaders('orders/paid', body, { secret: CLUSTER_SECRET }),
      body,
    });
  };

  it('pushes across nodes: a partner connected to node A hears of a sale delivered to node C', async () => {
    const socket = await partnerSocket(0);
    try {
      const heard = new Promise<{ order_id: number }>((resolve) => socket.once('new_order', resolve));
      const order = shopifyOrderPayload({ code: DEMO_PROMO_CODE });
      expect((await deliverOrder(2, order)).status).toBe(200);
      const event = await heard;
      const recorded = await cluster.database.db
        .selectFrom('orders')
        .select('id')
        .where('shopify_order_id', '=', String(order.id))
        .executeTakeFirstOrThrow();
      expect(event.order_id).toBe(recorded.id);
    } finally {
      socket.disconnect();
    }
  });

  it('runs each follow-up job once while all 3 nodes run the scheduler: 30 orders, 30 jobs each claimed once, 30 pushes', async () => {
    const socket = await partnerSocket(1);
    const pushed: number[] = [];
    socket.on('new_order', (event: { order_id: number }) => pushed.push(event.order_id));
    try {
      const orders = Array.from({ length: 30 }, () => shopifyOrderPayload({ code: DEMO_PROMO_CODE }));
      const answers = await Promise.all(orders.map((order, i) => deliverOrder(i, order)));
      expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
      const ids = (
        await cluster.database.db
          .selectFrom('orders')
          .select('id')
          .where(
            'shopify_order_id',
            'in',
            orders.map((o) => String(o.id)),
          )
          .execute()
      ).map((r) => r.id);
      expect(ids).toHaveLength(30);
      const jobs = () =>
        cluster.database.db
          .selectFrom('jobs')
          .select(['payload', 'attempts', 'done_at'])
          .where('kind', '=', 'order_recorded')
          .execute()
          .then((rows) =>
            rows.filter((r) => ids.includes(Number((JSON.parse(r.payload) as { orderId: number }).orderId))),
          );
      const deadline = Date.now() + 15_000;
      while ((await jobs()).some((j) => !j.done_at) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      const done = await jobs();
      expect(done).toHaveLength(30);
      // A job claimed by two nodes would count two attempts.
      expect(done.map((j) => [j.attempts, Boolean(j.done_at)])).toEqual(Array(30).fill([1, true]));
      const notifications = await cluster.database.db
        .selectFrom('notifications')
        .select('dedupe_key')
        .where('kind', '=', 'sale')
        .execute();
      for (const id of ids)
        expect(notifications.filter((n) => n.dedupe_key === `sale:${id}`)).toHaveLength(1);
      while (pushed.length < 30 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(pushed.sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    } finally {
      socket.disconnect();
    }
  });

  it('sends each program mail once while all 3 nodes run the mail rounds: the demo program news and the sale digests of those orders', async () => {
    const partner = await cluster.database.db
      .selectFrom('partners')
      .select('id')
      .where('email', '=', DEMO_PARTNER.email)
      .executeTakeFirstOrThrow();
    const outbox = () =>
      cluster.database.db
        .selectFrom('mail_outbox')
        .select(['id', 'kind', 'outcome', 'done_at'])
        .where('partner_id', '=', partner.id)
        .execute();
    // Each node writes what it sends into its own outbox: together they must hold each mail once.
    const mailed = async () =>
      (await Promise.all(cluster.nodes.map((n) => readOutbox(n.dataDir))))
        .flat()
        .filter((m) => m.to.includes(DEMO_PARTNER.email));
    // Digest windows of 2 s (MAIL_DIGEST_SECONDS), closed 0.4 s after their end. Compared once
    // the outbox is settled: every row sent, and no row added while the files were read.
    const deadline = Date.now() + 15_000;
    for (;;) {
      const rows = await outbox();
      const settled = rows.some((r) => r.kind === 'sales_digest') && rows.every((r) => r.done_at);
      if (settled) {
        const files = await mailed();
        if ((await outbox()).length === rows.length) {
          expect(rows.every((r) => r.outcome === 'sent')).toBe(true);
          expect(files).toHaveLength(rows.length);
          return;
        }
      }
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 200));
    }
  });

  it('approves held earnings once when all 3 nodes start at once and run the approval together', async () => {
    // The holding period of every sale so far ends now; each node runs the approval at its first round.
    const pending = await cluster.database.db
      .selectFrom('earnings')
      .select('id')
      .where('status', '=', 'PENDING')
      .execute();
    expect(pending.length).toBeGreaterThanOrEqual(30);
    await cluster.database.db
      .updateTable('earnings')
      .set({ hold_until: new Date(Date.now() - 1000).toISOString() })
      .where('status', '=', 'PENDING')
      .execute();
    await cluster.restart();
    const ids = pending.map((p) => p.id);
    const deadline = Date.now() + 15_000;
    const stillPending = () =>
      cluster.database.db
        .selectFrom('earnings')
        .select('id')
        .where('id', 'in', ids)
        .where('status', '=', 'PENDING')
        .execute();
    while ((await stillPending()).length > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(await stillPending()).toEqual([]);
    const events = await cluster.database.db
      .selectFrom('earning_events')
      .select('earning_id')
      .where('earning_id', 'in', ids)
      .where('to_status', '=', 'APPROVED')
      .execute();
    expect(events.map((e) => e.earning_id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  });

  it('logged no error on any node', () => {
    expect(cluster.nodes.flatMap((n) => n.errors())).toEqual([]);
  });
});
