// Which request or run each log line belongs to (decisions/041): every line of a request carries
// its id, the mailer's deep in a service too; X-Request-Id is answered, and a caller's kept only
// when it is a safe short token; every line of a job run or a periodic task's round carries that
// run's id, and no key is written twice on a line.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../jobs/queue';
import type { JobHandler } from '../jobs/queue';
import { startScheduler } from '../jobs/scheduler';
import { createTestApp } from '../test/app';
import type { TestApp } from '../test/app';
import { bearer, createPartnerWithEarnings, createStaffWithToken } from '../test/payouts-fixture';
import type { FixturePartner } from '../test/payouts-fixture';

const CLIENT = 'logging-test-public-client-token-000';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids in the log', () => {
  let t: TestApp;
  let payee: FixturePartner;
  /** Each line as written, to see a key is not there twice (parsing would hide it). */
  const raw: string[] = [];

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          raw.push(line);
          t?.logs.push(JSON.parse(line));
        }
        callback();
      },
    });
    t = await createTestApp({ env: { PUBLIC_CLIENT_TOKEN: CLIENT }, build: { logStream } });
    payee = await createPartnerWithEarnings(t.database.db, { approved: [4000, 2000] });
  });
  afterAll(() => t.close());

  const linesOf = (id: string) => t.logs.filter((line) => line.reqId === id);

  it('puts the request id on every line of a request, those of the mailer deep in a service too', async () => {
    const from = t.logs.length;
    const rawFrom = raw.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/password/forgot',
      headers: { authorization: `Bearer ${CLIENT}` },
      payload: { email: payee.email },
    });
    expect(res.statusCode).toBe(200);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(UUID);
    const written = t.logs.slice(from);
    // The reset mail is logged by the mailer, through app.log: no request logger reaches it.
    expect(written.map((line) => line.msg)).toEqual([
      'incoming request',
      expect.stringMatching(/^mail written to the outbox: /),
      'request completed',
    ]);
    expect(written.map((line) => line.reqId)).toEqual([id, id, id]);
    for (const line of raw.slice(rawFrom)) expect(line.split('"reqId"').length - 1, line).toBe(1);
  });

  it('keeps the id over a real connection, the body arriving in a later read', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const other = await createPartnerWithEarnings(t.database.db, {});
    const from = t.logs.length;
    // The body in two parts, the second well after the first: it arrives in a later read.
    const body = JSON.stringify({ email: other.email });
    const id = await new Promise<string | undefined>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/password/forgot',
          headers: {
            authorization: `Bearer ${CLIENT}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          expect(res.statusCode).toBe(200);
          res.resume();
          res.on('end', () => resolve(res.headers['x-request-id'] as string | undefined));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 5));
      setTimeout(() => req.end(body.slice(5)), 50);
    });
    expect(id).toMatch(UUID);
    const mailLine = t.logs
      .slice(from)
      .find((line) => String(line.msg).startsWith('mail written to the outbox'));
    expect(mailLine?.reqId).toBe(id);
  });

  it('keeps lines of requests served at once apart', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/password/forgot',
          headers: { authorization: `Bearer ${CLIENT}` },
          payload: { email: `nobody-${Math.random()}@example.test` },
        }),
      ),
    );
    const ids = answers.map((res) => String(res.headers['x-request-id']));
    expect(new Set(ids).size).toBe(6);
    for (const id of ids)
      expect(linesOf(id).map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('keeps a caller’s X-Request-Id when it is a safe short token, and answers it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'edge-7f3a9c1e.01' },
    });
    expect(res.headers['x-request-id']).toBe('edge-7f3a9c1e.01');
    expect(linesOf('edge-7f3a9c1e.01').map((line) => line.msg)).toEqual([
      'incoming request',
      'request completed',
    ]);
  });

  it('replaces any other X-Request-Id with its own', async () => {
    for (const given of [
      'short',
      'x'.repeat(65),
      'has space inside',
      'quote"inside-it',
      '-leading-dash',
      '../../etc/passwd',
      'ünïcödé-identifier',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': given },
      });
      expect(res.headers['x-request-id'], given).toMatch(UUID);
      expect(linesOf(given)).toEqual([]);
    }
  });

  it('answers the id on errors too, the same as the error line', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(res.statusCode).toBe(404);
    expect(linesOf(String(res.headers['x-request-id'])).length).toBeGreaterThan(0);
  });

  it('gives a task round its own id, on every line it writes (the mail of a payout decision, sent by the outbox round)', async () => {
    const reviewer = await createStaffWithToken(t.database.db, 'reviewer');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/payMeNow', headers: bearer(payee.token) })).statusCode,
    ).toBe(201);
    const payout = await t.database.db
      .selectFrom('payouts')
      .select('id')
      .where('partner_id', '=', payee.id)
      .executeTakeFirstOrThrow();
    const review = await t.app.inject({
      method: 'POST',
      url: `/api/manager/payouts/${payout.id}/review`,
      headers: bearer(reviewer.token),
      payload: { action: 'approve', expected_status: 'PENDING' },
    });
    expect(review.statusCode, review.body).toBe(200);
    const from = t.logs.length;
    await t.app.background.tick();
    const mailLine = t.logs
      .slice(from)
      .find((line) => String(line.msg).startsWith('mail written to the outbox'));
    // The payout's job queued the mail; the outbox's send round, woken after the job's commit,
    // sent it (decisions/047): the line carries that round's id.
    expect(mailLine).toMatchObject({
      runId: expect.stringMatching(UUID),
      task: 'program-mail-send',
    });
    expect(mailLine).not.toHaveProperty('job');
    // Not the id of the request that queued it.
    expect(mailLine).not.toHaveProperty('reqId');
  });
});

describe('run ids of the job queue and the scheduler', () => {
  /** A pino logger as the app's, every line kept. */
  function capture() {
    const lines: Record<string, unknown>[] = [];
    const raw: string[] = [];
    const log = pino(
      {},
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          raw.push(chunk.toString());
          lines.push(JSON.parse(chunk.toString()));
          callback();
        },
      }),
    );
    return { lines, raw, log };
  }
  const later = () => new Promise((resolve) => setTimeout(resolve, 5));

  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('marks each job’s lines, across awaits and in its effect after the commit, with the run’s own id', async () => {
    const { lines, raw, log } = capture();
    const now = new Date();
    for (const n of [1, 2]) {
      await t.database.db
        .insertInto('jobs')
        .values({
          kind: 'chatty',
          payload: JSON.stringify({ n }),
          run_after: now.toISOString(),
          locked_until: null,
          done_at: null,
          last_error: null,
          created_at: now.toISOString(),
        })
        .execute();
    }
    await t.database.db
      .insertInto('jobs')
      .values({
        kind: 'broken',
        payload: '{}',
        run_after: now.toISOString(),
        locked_until: null,
        done_at: null,
        last_error: null,
        created_at: now.toISOString(),
      })
      .execute();
    // Each handler logs through the logger its run is handed.
    const handlers: Record<string, JobHandler<typeof log>> = {
      chatty: async (payload, _trx, runLog) => {
        runLog.info({ n: payload.n }, 'job started');
        await later();
        runLog.info({ n: payload.n }, 'job went on');
        return () => runLog.info({ n: payload.n }, 'job effect');
      },
      broken: async (_payload, _trx, runLog) => {
        runLog.info('about to fail');
        throw new Error('broken on purpose');
      },
    };
    expect(await runDueJobs(t.database.db, handlers, log, new Date(now.getTime() + 1000))).toBe(2);
    const byJob = (n: number) => lines.filter((line) => line.n === n);
    for (const n of [1, 2]) {
      expect(byJob(n).map((line) => line.msg)).toEqual(['job started', 'job went on', 'job effect']);
      expect(new Set(byJob(n).map((line) => line.runId)).size).toBe(1);
      expect(byJob(n)[0]).toMatchObject({
        runId: expect.stringMatching(UUID),
        job: expect.any(Number),
        kind: 'chatty',
      });
    }
    expect(byJob(1)[0]!.runId).not.toBe(byJob(2)[0]!.runId);
    const failing = lines.filter((line) => line.kind === 'broken');
    expect(failing.map((line) => line.msg)).toEqual(['about to fail', 'job failed; it will be retried']);
    expect(failing[0]!.runId).toBe(failing[1]!.runId);
    for (const line of raw)
      for (const key of ['"runId"', '"job"', '"kind"']) expect(line.split(key).length - 1, line).toBe(1);
  });

  it('marks each round of a periodic task, its failure line too, with the round’s own id', async () => {
    const { lines, raw, log } = capture();
    let round = 0;
    const scheduler = startScheduler({
      db: t.database.db,
      handlers: {},
      log,
      jobsEveryMs: 60_000,
      periodic: [
        {
          name: 'talkative',
          everyMs: 0,
          run: async (roundLog) => {
            round++;
            roundLog.info({ round }, 'round begins');
            await later();
            roundLog.info({ round }, 'round ends');
            if (round === 2) throw new Error('second round fails');
          },
        },
      ],
    });
    try {
      await scheduler.tick();
      await later();
      await scheduler.tick();
    } finally {
      await scheduler.stop();
    }
    const first = lines.filter((line) => line.round === 1);
    const second = lines.filter((line) => line.task === 'talkative' && line.round !== 1);
    expect(first.map((line) => line.msg)).toEqual(['round begins', 'round ends']);
    expect(second.map((line) => line.msg)).toEqual(['round begins', 'round ends', 'scheduled task failed']);
    for (const group of [first, second]) {
      expect(group[0]).toMatchObject({ runId: expect.stringMatching(UUID), task: 'talkative' });
      expect(new Set(group.map((line) => line.runId)).size).toBe(1);
    }
    expect(first[0]!.runId).not.toBe(second[0]!.runId);
    for (const line of raw) expect(line.split('"task"').length - 1, line).toBe(1);
  });
});
