// One contract, two implementations (decisions/043): the database's stores (SQLite, or PostgreSQL
// with TEST_DATABASE_URL) and Redis's (skipped with the reason when no Redis answers). Each is
// used through two handles at once, as two server nodes use it: two pools on one PostgreSQL
// database, two connections to one Redis (SQLite is one node's file: both handles are the same).
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../db';
import type { Db } from '../db';
import { databaseStateStore } from '../modules/one-time-tokens/service';
import { databaseOnceStore } from '../modules/altcha/service';
import { databaseRateStore } from '../modules/throttle/service';
import { createTestDatabase } from '../test/db';
import { redisAnswers } from '../test/cluster';
import type { SharedStores } from './index';
import { createRedisStores } from './redis';

const ATTEMPTS = 30;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await redisAnswers(REDIS_URL);
if (!redisUp) console.warn(`Redis stores not tested: no Redis answers at ${REDIS_URL} (TEST_REDIS_URL)`);

interface Implementation {
  /** Two nodes' views of one store. */
  nodes: [SharedStores, SharedStores];
  close(): Promise<void>;
}

const databaseStores = (db: Db): SharedStores => ({
  rate: databaseRateStore(db),
  once: databaseOnceStore(db),
  states: databaseStateStore(db),
});

async function database(): Promise<Implementation> {
  const handle = await createTestDatabase();
  const other = handle.url ? openPostgres(handle.url, 5) : undefined;
  return {
    nodes: [databaseStores(handle.db), databaseStores(other?.db ?? handle.db)],
    async close() {
      await other?.close();
      await handle.drop();
    },
  };
}

async function redis(): Promise<Implementation> {
  // Keys of this run only, removed at the end: the Redis may be shared with anything else.
  const prefix = `pp-test:${process.pid}:${randomUUID().slice(0, 8)}:`;
  const clients = [new Redis(REDIS_URL), new Redis(REDIS_URL)];
  return {
    nodes: [createRedisStores(clients[0]!, prefix), createRedisStores(clients[1]!, prefix)],
    async close() {
      const keys = await clients[0]!.keys(`${prefix}*`);
      if (keys.length) await clients[0]!.del(...keys);
      await Promise.all(clients.map((c) => c.quit()));
    },
  };
}

const implementations: [string, () => Promise<Implementation>, boolean][] = [
  ['the database', database, true],
  ['Redis', redis, redisUp],
];

describe.each(implementations)('the shared stores in %s', (_name, open, available) => {
  let impl: Implementation;
  beforeAll(async () => {
    if (available) impl = await open();
  });
  afterAll(async () => {
    await impl?.close();
  });
  const node = (i: number) => impl.nodes[i % 2]!;

  describe.skipIf(!available)('rate store', () => {
    const rule = { limit: 10, windowMs: 60_000 };

    it(`grants exactly the limit of ${ATTEMPTS} attempts made at once on two nodes, and counts nothing for the refused`, async () => {
      const now = new Date();
      const granted = await Promise.all(
        Array.from({ length: ATTEMPTS }, (_, i) =>
          node(i).rate.reserve(['race:a', `race:other-${i}`], rule, now),
        ),
      );
      expect(granted.filter(Boolean)).toHaveLength(rule.limit);
      expect(await node(0).rate.reserve(['race:a'], rule, now)).toBeNull();
      // A refused attempt counted nothing in its other bucket either.
      const refused = granted.findIndex((g) => g === null);
      expect(
        await node(1).rate.reserve([`race:other-${refused}`], { limit: 1, windowMs: 60_000 }, now),
      ).not.toBeNull();
    });

    it('takes a released attempt back, forgets a cleared bucket, and slides its window', async () => {
      const one = { limit: 1, windowMs: 60_000 };
      const now = new Date();
      const first = await node(0).rate.reserve(['release:a'], one, now);
      expect(first).not.toBeNull();
      expect(await node(1).rate.reserve(['release:a'], one, now)).toBeNull();
      await first!.release();
      expect(await node(1).rate.reserve(['release:a'], one, now)).not.toBeNull();
      await node(0).rate.clear('release:a');
      expect(await node(0).rate.reserve(['release:a'], one, now)).not.toBeNull();
      expect(await node(1).rate.reserve(['release:a'], one, new Date(now.getTime() + 30_000))).toBeNull();
      expect(await node(1).rate.reserve(['release:a'], one, new Date(now.getTime() + 61_000))).not.toBeNull();
    });
  });

  describe.skipIf(!available)('one-time store', () => {
    it(`accepts one of ${ATTEMPTS} uses of the same id made at once on two nodes`, async () => {
      const id = `challenge-${randomUUID()}`;
      const expires = new Date(Date.now() + 60_000);
      const used = await Promise.all(
        Array.from({ length: ATTEMPTS }, (_, i) => node(i).once.useOnce(id, expires)),
      );
      expect(used.filter(Boolean)).toHaveLength(1);
      expect(await node(0).once.useOnce(`challenge-${randomUUID()}`, expires)).toBe(true);
    });
  });

  describe.skipIf(!available)('OAuth state store', () => {
    it(`gives a state to one of ${ATTEMPTS} callbacks presenting it at once on two nodes, and to no one after`, async () => {
      const hash = randomUUID();
      await node(0).states.put('oauth_google', hash, 42, new Date(Date.now() + 60_000));
      const taken = await Promise.all(
        Array.from({ length: ATTEMPTS }, (_, i) => node(i).states.take('oauth_google', hash, new Date())),
      );
      expect(taken.filter((t) => t !== null)).toEqual([42]);
      expect(await node(1).states.take('oauth_google', hash, new Date())).toBeNull();
    });

    it('keeps states of one purpose from another, and lets them expire', async () => {
      const hash = randomUUID();
      await node(0).states.put('connect_instagram', hash, 7, new Date(Date.now() + 60_000));
      expect(await node(1).states.take('oauth_facebook', hash, new Date())).toBeNull();
      expect(await node(1).states.take('connect_instagram', hash, new Date())).toBe(7);
      const short = randomUUID();
      await node(0).states.put('connect_facebook', short, 8, new Date(Date.now() + 50));
      await new Promise((r) => setTimeout(r, 120));
      expect(await node(1).states.take('connect_facebook', short, new Date())).toBeNull();
    });
  });
});

describe('a Redis that does not answer', () => {
  it('refuses with 503 (try again), never letting an attempt through uncounted', async () => {
    // Port 1 refuses at once; no offline queue and no retries, so each command fails immediately.
    const client = new Redis({
      host: '127.0.0.1',
      port: 1,
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    const stores = createRedisStores(client, 'pp-down:');
    const refused = { status: 503 };
    await expect(
      stores.rate.reserve(['sign-in:x'], { limit: 10, windowMs: 60_000 }, new Date()),
    ).rejects.toMatchObject(refused);
    await expect(stores.once.useOnce('solution', new Date(Date.now() + 60_000))).rejects.toMatchObject(
      refused,
    );
    await expect(stores.states.take('oauth_google', 'hash', new Date())).rejects.toMatchObject(refused);
    client.disconnect();
  });
});
