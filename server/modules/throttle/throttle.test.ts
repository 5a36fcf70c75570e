// Throttles under concurrency: an attempt is counted before it is made, atomically, so attempts
// sent at once (to one node or to several sharing the database) cannot pass the limit together.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPostgres } from '../../db';
import type { DatabaseHandle } from '../../db';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import type { TestDatabase } from '../../test/db';
import { readOutbox } from '../../test/mailbox';
import { DEMO_PARTNER, seedDemoProgram } from '../../seed/demo';
import { reserveAttempt, tryReserveAttempt } from './service';

const ATTEMPTS = 30;

describe('reserving attempts', () => {
  let database: TestDatabase;
  let otherNode: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    // A second pool on the same database, as a second server node has. Several nodes share a
    // PostgreSQL database only: SQLite is one node's file (and a second connection in this
    // process would block the event loop on the first one's lock), so there both are the same.
    otherNode = database.url ? openPostgres(database.url, 5) : { ...database, close: async () => {} };
  });
  afterAll(async () => {
    await otherNode.close();
    await database.drop();
  });

  const rule = { limit: 10, windowMs: 60_000 };
  const events = async (bucket: string) =>
    Number(
      (
        await database.db
          .selectFrom('throttle_events')
          .select(sql<number>`count(*)`.as('n'))
          .where('bucket', '=', bucket)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it(`grants at most the limit of ${ATTEMPTS} attempts made at once on two nodes (PostgreSQL), and exactly the limit`, async () => {
    const granted = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, i) =>
        tryReserveAttempt(i % 2 ? database.db : otherNode.db, ['race:a', `race:other-${i}`], rule),
      ),
    );
    expect(granted.filter(Boolean)).toHaveLength(rule.limit);
    // Refused attempts leave nothing behind; the granted ones are what is counted.
    expect(await events('race:a')).toBe(rule.limit);
    await expect(reserveAttempt(database.db, ['race:a'], rule)).rejects.toMatchObject({
      status: 429,
      message: 'Too many requests',
    });
  });

  it('takes a released attempt back, and forgets events older than the window', async () => {
    const first = await reserveAttempt(database.db, ['release:a'], { limit: 1, windowMs: 60_000 });
    expect(await tryReserveAttempt(otherNode.db, ['release:a'], { limit: 1, windowMs: 60_000 })).toBeNull();
    await first.release();
    expect(await events('release:a')).toBe(0);
    expect(
      await tryReserveAttempt(otherNode.db, ['release:a'], { limit: 1, windowMs: 60_000 }),
    ).not.toBeNull();
    const later = new Date(Date.now() + 61_000);
    expect(
      await tryReserveAttempt(database.db, ['release:a'], { limit: 1, windowMs: 60_000 }, later),
    ).not.toBeNull();
  });
});

const CLIENT = 'throttle-test-public-client-token-000';
const client = { authorization: `Bearer ${CLIENT}` };

describe('throttles of the other routes under concurrent requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { PUBLIC_CLIENT_TOKEN: CLIENT },
      build: { rateLimits: { api: 100_000, codeAvailability: 5 } },
    });
    await seedDemoProgram(t.database.db);
  });
  afterAll(() => t.close());
  beforeEach(() => t.database.db.deleteFrom('throttle_events').execute());

  const mails = async (subject: string) => (await readOutbox(t.dataDir)).filter((m) => m.subject === subject);
  const forgot = (email: string, ip = '10.1.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/password/forgot',
      headers: client,
      remoteAddress: ip,
      payload: { email },
    });

  it('mails one reset link for an address however many requests arrive at once', async () => {
    const before = (await mails('Reset your password')).length;
    const answers = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, i) => forgot(DEMO_PARTNER.email, `10.1.1.${i}`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(ATTEMPTS).fill(200));
    const messages = answers.map((a) => a.json().data.message as string);
    expect(messages.filter((m) => m.startsWith('If an account exists'))).toHaveLength(1);
    expect(messages.filter((m) => m.startsWith('We have already sent'))).toHaveLength(ATTEMPTS - 1);
    expect((await mails('Reset your password')).length - before).toBe(1);
  });

  it('answers at most 20 reset requests an hour from one address, even at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, i) => forgot(`nobody${i}@example.com`, '10.1.2.1')),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(20);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(ATTEMPTS - 20);
  });

  it('sends the verification mail at most 3 times in 15 minutes, even at once', async () => {
    await t.database.db
      .updateTable('partners')
      .set({ verified: 0 })
      .where('email', '=', DEMO_PARTNER.email)
      .execute();
    const token = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/get_token',
        headers: client,
        payload: { email: DEMO_PARTNER.email, password: DEMO_PARTNER.password },
      })
    ).json().token as string;
    const before = (await readOutbox(t.dataDir)).length;
    const answers = await Promise.all(
      Array.from({ length: ATTEMPTS }, () =>
        t.app.inject({
          method: 'GET',
          url: '/api/auth/resend_verify_email',
          headers: { authorization: `Bearer ${token}` },
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(ATTEMPTS - 3);
    expect((await readOutbox(t.dataDir)).length - before).toBe(3);
  });

  it('answers promo-code availability within its per-client limit, even at once (counted before the handler runs)', async () => {
    const answers = await Promise.all(
      Array.from({ length: ATTEMPTS }, () =>
        t.app.inject({
          method: 'GET',
          url: '/api/promo-codes/availability?code=SUNNY',
          headers: client,
          remoteAddress: '10.1.3.1',
        }),
      ),
    );
    const granted = answers.filter((a) => a.statusCode === 200).length;
    // At most the limit. (@fastify/rate-limit's in-process store hands every request of a burst
    // the same counter object, read after the whole burst is counted: a burst over the limit is
    // refused entirely, which errs on the safe side.)
    expect(granted).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.statusCode === 429).map((a) => a.json())).toEqual(
      Array(ATTEMPTS - granted).fill({ code: 429, error: 'too_many_requests', message: 'Too many requests' }),
    );
    // One after the other, a client gets exactly its limit: the limit refuses, it does not lock out.
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/api/promo-codes/availability?code=SUNNY',
        headers: client,
        remoteAddress: '10.1.3.2',
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });
});
