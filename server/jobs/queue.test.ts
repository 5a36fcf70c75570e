import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, markerRows } from '../test/db';
import type { TestDatabase } from '../test/db';
import { openPostgres } from '../db';
import type { JobHandler } from './queue';
import { enqueueJob, runDueJobs } from './queue';
import type { Scheduler } from './scheduler';
import { createJobSignal, startScheduler } from './scheduler';

const silent = { error: () => undefined };

describe('the job queue', () => {
  let database: TestDatabase;
  const put = markerRows.put;
  const keys = (prefix: string) => markerRows.keys(database.db, prefix);
  const openJobs = async () =>
    database.db.selectFrom('jobs').selectAll().where('done_at', 'is', null).orderBy('id').execute();

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('runs due jobs as one batch, and their effects only after the commit', async () => {
    for (let i = 0; i < 5; i++) await enqueueJob(database.db, 'write', { key: `batch-${i}` });
    const seenAtEffect: number[] = [];
    const handlers: Record<string, JobHandler> = {
      write: async (payload, trx) => {
        await put(trx, String(payload.key));
        // The effect reads through the database handle, outside the transaction: it must see the write.
        return () => void keys('batch-').then((k) => seenAtEffect.push(k.length));
      },
    };
    expect(await runDueJobs(database.db, handlers, silent)).toBe(5);
    await expect.poll(() => seenAtEffect.length).toBe(5);
    expect(seenAtEffect.every((n) => n === 5)).toBe(true);
    expect(await keys('batch-')).toHaveLength(5);
    expect(await openJobs()).toEqual([]);
    // Nothing is run twice.
    expect(await runDueJobs(database.db, handlers, silent)).toBe(0);
  });

  it('rolls back a failing job alone and retries it later', async () => {
    for (const key of ['fail-a', 'fail-b', 'fail-c']) await enqueueJob(database.db, 'write', { key });
    const handlers: Record<string, JobHandler> = {
      write: async (payload, trx) => {
        await put(trx, String(payload.key));
        if (payload.key === 'fail-b') throw new Error('b is broken');
      },
    };
    const now = new Date();
    expect(await runDueJobs(database.db, handlers, silent, now)).toBe(2);
    expect(await keys('fail-')).toEqual(['fail-a', 'fail-c']);
    const [left] = await openJobs();
    expect(left).toMatchObject({ attempts: 1, last_error: 'b is broken', locked_until: null });
    expect(Date.parse(left!.run_after)).toBe(now.getTime() + 30_000);
    // Not due before its time; due after it.
    expect(await runDueJobs(database.db, handlers, silent, now)).toBe(0);
    const fixed: Record<string, JobHandler> = {
      write: (payload, trx) => put(trx, `${String(payload.key)}-fixed`).then(() => undefined),
    };
    expect(await runDueJobs(database.db, fixed, silent, new Date(now.getTime() + 31_000))).toBe(1);
    expect(await keys('fail-b')).toEqual(['fail-b-fixed']);
  });

  it('runs the jobs of a kind together when its handler takes several, and alone when that fails', async () => {
    const runs: string[] = [];
    const write: JobHandler = Object.assign(
      async (payload: Record<string, unknown>, trx: Parameters<JobHandler>[1]) => {
        runs.push('alone');
        await put(trx, String(payload.key));
        if (payload.key === 'together-bad') throw new Error('bad job');
      },
      {
        batch: async (payloads: Record<string, unknown>[], trx: Parameters<JobHandler>[1]) => {
          runs.push(`together ${payloads.length}`);
          for (const payload of payloads) await put(trx, String(payload.key));
          if (payloads.some((payload) => payload.key === 'together-bad')) throw new Error('bad batch');
          const keys = payloads.map((payload) => String(payload.key));
          return () => void runs.push(`effect ${keys.join(',')}`);
        },
      },
    );
    for (const key of ['together-a', 'together-b', 'together-c'])
      await enqueueJob(database.db, 'write', { key });
    expect(await runDueJobs(database.db, { write }, silent)).toBe(3);
    expect(runs).toEqual(['together 3', 'effect together-a,together-b,together-c']);
    expect(await keys('together-')).toEqual(['together-a', 'together-b', 'together-c']);

    // One bad job: the batch's writes are rolled back, every job runs alone, the bad one fails alone.
    runs.length = 0;
    for (const key of ['together-bad', 'together-d']) await enqueueJob(database.db, 'write', { key });
    expect(await runDueJobs(database.db, { write }, silent)).toBe(1);
    expect(runs).toEqual(['together 2', 'alone', 'alone']);
    expect(await keys('together-')).toEqual(['together-a', 'together-b', 'together-c', 'together-d']);
    const [left] = await openJobs();
    expect(left).toMatchObject({ attempts: 1, last_error: 'bad job' });
    await database.db.deleteFrom('jobs').where('id', '=', left!.id).execute();
  });

  it('runs each job once when several runners (nodes) take the same queue at once', async () => {
    for (let i = 0; i < 60; i++)
      await enqueueJob(database.db, 'write', { key: `shared-${String(i).padStart(2, '0')}` });
    // On PostgreSQL a second pool is a second node; SQLite has one writer per file.
    const other = database.url ? openPostgres(database.url, 3) : undefined;
    const handlers: Record<string, JobHandler> = {
      write: (payload, trx) => put(trx, String(payload.key)).then(() => undefined),
    };
    try {
      const runs = await Promise.all([
        runDueJobs(database.db, handlers, silent, new Date(), 25),
        runDueJobs(other?.db ?? database.db, handlers, silent, new Date(), 25),
        runDueJobs(database.db, handlers, silent, new Date(), 25),
      ]);
      let total = runs.reduce((a, b) => a + b, 0);
      while (total < 60) total += await runDueJobs(database.db, handlers, silent, new Date(), 25);
      expect(total).toBe(60);
    } finally {
      await other?.close();
    }
    // A duplicate key would have failed its job: every one ran exactly once.
    expect(await keys('shared-')).toHaveLength(60);
    expect(await openJobs()).toEqual([]);
  });

  it('holds woken work back while webhooks are being answered, then runs it', async () => {
    const start = (maxDeferMs: number) => {
      const signal = createJobSignal();
      const handlers: Record<string, JobHandler> = {
        write: (payload, trx) => put(trx, String(payload.key)).then(() => undefined),
      };
      const scheduler = startScheduler({
        db: database.db,
        handlers,
        periodic: [],
        log: silent,
        signal,
        jobsEveryMs: 3_600_000,
        maxDeferMs,
      });
      return { signal, scheduler };
    };
    const patient = start(60_000);
    try {
      const release = patient.signal.hold();
      await enqueueJob(database.db, 'write', { key: 'held' });
      patient.signal.wake();
      await new Promise((r) => setTimeout(r, 100));
      expect(await keys('held')).toEqual([]);
      release();
      await expect.poll(() => keys('held')).toEqual(['held']);
    } finally {
      await patient.scheduler.stop();
    }
    // A hold that is never released does not starve the follow-up: it runs after the bound.
    const bounded = start(50);
    try {
      bounded.signal.hold();
      await enqueueJob(database.db, 'write', { key: 'starved' });
      bounded.signal.wake();
      await expect.poll(() => keys('starved')).toEqual(['starved']);
    } finally {
      await bounded.scheduler.stop();
    }
  });

  it('runs a detached task beside the queue: a slow provider never holds back queued work', async () => {
    const signal = createJobSignal();
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    let rounds = 0;
    const scheduler = startScheduler({
      db: database.db,
      handlers: { write: (payload, trx) => put(trx, String(payload.key)).then(() => undefined) },
      periodic: [{ name: 'slow-provider', everyMs: 1, detached: true, run: () => ((rounds += 1), slow) }],
      log: silent,
      signal,
      jobsEveryMs: 20,
    });
    try {
      await expect.poll(() => rounds).toBe(1);
      await enqueueJob(database.db, 'write', { key: 'beside' });
      signal.wake();
      await expect.poll(() => keys('beside')).toEqual(['beside']);
      // One round of it at a time, however many ticks pass meanwhile.
      await new Promise((r) => setTimeout(r, 100));
      expect(rounds).toBe(1);
      release();
      await expect.poll(() => rounds).toBeGreaterThan(1);
    } finally {
      release();
      await scheduler.stop();
    }
  });

  it('runs queued work at once when woken, not at the next tick', async () => {
    const signal = createJobSignal();
    const scheduler = startScheduler({
      db: database.db,
      handlers: { write: (payload, trx) => put(trx, String(payload.key)).then(() => undefined) },
      periodic: [],
      log: silent,
      signal,
      jobsEveryMs: 3_600_000,
    });
    try {
      await enqueueJob(database.db, 'write', { key: 'woken' });
      signal.wake();
      await expect.poll(() => keys('woken')).toEqual(['woken']);
    } finally {
      await scheduler.stop();
    }
  });

  it('runs a periodic task at once when a job’s effect asks for it after the commit, once for a burst, the others at their interval', async () => {
    const signal = createJobSignal();
    const rounds = { mail: 0, other: 0 };
    let committedAtRound: string[] = [];
    const scheduler: Scheduler = startScheduler({
      db: database.db,
      handlers: {
        queue_mail: async (payload, trx) => {
          await put(trx, String(payload.key));
          return () => scheduler.soon('mail');
        },
      },
      periodic: [
        // What the round finds is what the jobs committed before it ran.
        {
          name: 'mail',
          everyMs: 3_600_000,
          run: async () => void ((rounds.mail += 1), (committedAtRound = await keys('soon-'))),
        },
        { name: 'other', everyMs: 3_600_000, run: async () => void (rounds.other += 1) },
      ],
      log: silent,
      signal,
      jobsEveryMs: 3_600_000,
    });
    try {
      await scheduler.tick();
      expect(rounds).toEqual({ mail: 1, other: 1 });
      for (let i = 0; i < 5; i++) await enqueueJob(database.db, 'queue_mail', { key: `soon-${i}` });
      signal.wake();
      await expect.poll(() => rounds.mail).toBe(2);
      expect(committedAtRound).toHaveLength(5);
      await new Promise((r) => setTimeout(r, 50));
      // Five effects, one round; the task that was not asked for waits for its hour.
      expect(rounds).toEqual({ mail: 2, other: 1 });
      // A tick whose jobs ask for it runs it in that same round, after the jobs' commit.
      await enqueueJob(database.db, 'queue_mail', { key: 'soon-tick' });
      await scheduler.tick();
      expect(rounds).toEqual({ mail: 3, other: 1 });
      expect(committedAtRound).toContain('soon-tick');
    } finally {
      await scheduler.stop();
    }
  });

  it('runs every periodic task at least every maxEveryMs (TASK_INTERVAL_MAX_SECONDS), whatever its own interval', async () => {
    const rounds = { hourly: 0, daily: 0 };
    const scheduler = startScheduler({
      db: database.db,
      handlers: {},
      periodic: [
        { name: 'hourly', everyMs: 3_600_000, run: async () => void (rounds.hourly += 1) },
        { name: 'daily', everyMs: 86_400_000, detached: true, run: async () => void (rounds.daily += 1) },
      ],
      log: silent,
      jobsEveryMs: 20,
      maxEveryMs: 1,
    });
    try {
      await expect.poll(() => Math.min(rounds.hourly, rounds.daily)).toBeGreaterThanOrEqual(3);
    } finally {
      await scheduler.stop();
    }
  });
});
