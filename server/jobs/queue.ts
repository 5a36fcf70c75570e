// A durable queue of follow-up work in the database: what a webhook must not wait for
// (notifications, live push, badges) but must not lose either.
//
// Due jobs are claimed a batch at a time by one conditional update, so each runs on one node at a
// time; a node that dies holding a claim lets it go when the lease ends. A claimed batch runs in
// one transaction, each job in its own savepoint: what the jobs write and their being done commit
// together, once per batch. What must only happen after that commit (a live push) is what a
// handler returns, and runs then. A failed job is rolled back alone and retried later.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db';
import type { Database } from '../db/schema';
import { retryOnConflict } from '../db/retry';
import { nowIso } from '../db/dialect';
import { prepared } from '../db/prepared';

/**
 * What background work logs through: at least `error`; pino's loggers (the app's) also have
 * `child`, which marks every line of one run (decisions/041).
 */
export interface RunLog {
  error(obj: object, msg: string): void;
  child?(bindings: Record<string, unknown>): RunLog;
}

/** The logger of one run: each of its lines carries the run's own id and what ran. */
export function runLog<L extends RunLog>(log: L, fields: Record<string, unknown>): L {
  return log.child ? (log.child({ runId: randomUUID(), ...fields }) as L) : log;
}

/**
 * Writes through `trx`, logs through `log` (the run's); answers what to do once those writes are
 * committed, if anything.
 */
export type JobHandler<L extends RunLog = RunLog> = ((
  payload: Record<string, unknown>,
  trx: Db,
  log: L,
) => Promise<(() => void) | void>) & {
  /**
   * Runs several jobs of the kind at once, as one unit: the same writes as running each alone, in
   * a few statements for the whole claim instead of a few per job (a burst of orders queues
   * hundreds). If it fails, what it wrote is rolled back and each job runs alone, so one bad job
   * still fails alone.
   */
  batch?: (payloads: Record<string, unknown>[], trx: Db, log: L) => Promise<(() => void) | void>;
};

const LEASE_MS = 60_000;
export const MAX_ATTEMPTS = 8;
/** Most jobs claimed and run in one transaction. */
export const JOB_BATCH = 200;

export async function enqueueJob(
  db: Db,
  kind: string,
  payload: Record<string, unknown>,
  now = new Date(),
): Promise<void> {
  const at = nowIso(now);
  await insertJob(db, kind, JSON.stringify(payload), at);
}

// Every recorded order queues its follow-up: compiled once (db/prepared.ts).
const insertJob = prepared(3, (db, kind: string, payload: string, at: string) =>
  db.insertInto('jobs').values({
    kind,
    payload,
    run_after: at,
    locked_until: null,
    done_at: null,
    last_error: null,
    created_at: at,
  }),
);

/** Claims up to `limit` due jobs for this node; answers the ones it got. */
async function claimDueJobs(db: Db, now: Date, limit: number) {
  const at = nowIso(now);
  const due = (eb: ExpressionBuilder<Database, 'jobs'>) =>
    eb.and([
      eb('done_at', 'is', null),
      eb('run_after', '<=', at),
      eb('attempts', '<', MAX_ATTEMPTS),
      eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]),
    ]);
  // The conditions are repeated on the update itself: on PostgreSQL a job another node claimed
  // meanwhile is re-checked under its row lock and left out.
  return db
    .updateTable('jobs')
    .set((eb) => ({
      locked_until: new Date(now.getTime() + LEASE_MS).toISOString(),
      attempts: eb('attempts', '+', 1),
    }))
    .where((eb) => eb('id', 'in', eb.selectFrom('jobs').select('id').where(due).orderBy('id').limit(limit)))
    .where(due)
    .returning(['id', 'kind', 'payload', 'attempts'])
    .execute();
}

/** Runs the jobs that are due, a batch at a time; answers how many finished. */
export async function runDueJobs<L extends RunLog>(
  db: Db,
  handlers: Record<string, JobHandler<L>>,
  log: L,
  now = new Date(),
  limit = JOB_BATCH,
): Promise<number> {
  const claimed = (await claimDueJobs(db, now, limit)).sort((a, b) => a.id - b.id);
  if (claimed.length === 0) return 0;
  let effects: { effect: () => void; log: L }[] = [];
  let finished: number[] = [];
  // Kinds whose handler takes several at once, with more than one job claimed.
  const kinds = new Map<string, typeof claimed>();
  for (const job of claimed)
    if (handlers[job.kind]?.batch) kinds.set(job.kind, [...(kinds.get(job.kind) ?? []), job]);
  // The claim is committed: on a conflict the batch runs again, from the start.
  await retryOnConflict(() =>
    db.transaction().execute(async (trx) => {
      effects = [];
      finished = [];
      const alone: typeof claimed = [];
      const together = new Set<number>();
      for (const [kind, jobs] of kinds) {
        if (jobs.length < 2) continue;
        const batchLog = runLog(log, { jobs: jobs.map((job) => job.id), kind });
        await sql`savepoint job_batch`.execute(trx);
        try {
          const effect = await handlers[kind]!.batch!(
            jobs.map((job) => JSON.parse(job.payload) as Record<string, unknown>),
            trx,
            batchLog,
          );
          if (effect) effects.push({ effect, log: batchLog });
          for (const job of jobs) together.add(job.id);
        } catch (error) {
          // Each job of the kind runs alone below: the one at fault fails and is retried alone.
          // Said in the log, or a batch path that always fails would only show as lost speed.
          batchLog.error({ err: error }, 'job batch failed; running its jobs one by one');
          await sql`rollback to savepoint job_batch`.execute(trx);
        }
        await sql`release savepoint job_batch`.execute(trx);
      }
      for (const job of claimed) if (!together.has(job.id)) alone.push(job);
      finished = [...together];
      for (const job of alone) {
        // Each run of a job has its own id on every line it logs (decisions/041), its effect's too.
        const jobLog = runLog(log, { job: job.id, kind: job.kind });
        await sql`savepoint job`.execute(trx);
        try {
          const handler = handlers[job.kind];
          if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
          const effect = await handler(JSON.parse(job.payload) as Record<string, unknown>, trx, jobLog);
          if (effect) effects.push({ effect, log: jobLog });
          finished.push(job.id);
        } catch (error) {
          await sql`rollback to savepoint job`.execute(trx);
          const message = error instanceof Error ? error.message : String(error);
          // A run's logger names the job already: the key once per line.
          jobLog.error(
            jobLog === log ? { err: error, job: job.id, kind: job.kind } : { err: error },
            'job failed; it will be retried',
          );
          // Back off: 30 s, 1 min, 2 min, ... until MAX_ATTEMPTS, then it stays for a person to see.
          const retryAt = new Date(now.getTime() + 30_000 * 2 ** (job.attempts - 1)).toISOString();
          await trx
            .updateTable('jobs')
            .set({ run_after: retryAt, locked_until: null, last_error: message.slice(0, 1000) })
            .where('id', '=', job.id)
            .execute();
        }
        await sql`release savepoint job`.execute(trx);
      }
      for (let i = 0; i < finished.length; i += 512) {
        await trx
          .updateTable('jobs')
          .set({ done_at: nowIso(), locked_until: null, last_error: null })
          .where('id', 'in', finished.slice(i, i + 512))
          .execute();
      }
    }),
  );
  for (const { effect, log: jobLog } of effects) {
    try {
      effect();
    } catch (error) {
      // The job's writes are committed; a failed effect (a push) is logged, and the client
      // catches up when it next fetches.
      jobLog.error({ err: error }, 'job effect failed after commit');
    }
  }
  return finished.length;
}

/**
 * The queue as /metrics shows it (plugins/metrics.ts), in one read of the unfinished jobs (the
 * jobs_due index holds them apart from the done ones): how many still to run, how long the oldest
 * of them has waited, and how many ran out of attempts and wait for a person.
 */
export async function queueStats(
  db: Db,
  now = new Date(),
): Promise<{ waiting: number; oldestWaitingSeconds: number; givenUp: number }> {
  const row = await db
    .selectFrom('jobs')
    .select([
      sql<number>`count(case when attempts < ${MAX_ATTEMPTS} then 1 end)`.as('waiting'),
      sql<number>`count(case when attempts >= ${MAX_ATTEMPTS} then 1 end)`.as('given_up'),
      sql<string | null>`min(case when attempts < ${MAX_ATTEMPTS} then created_at end)`.as('oldest'),
    ])
    .where('done_at', 'is', null)
    .executeTakeFirstOrThrow();
  const oldest = row.oldest ? Date.parse(row.oldest) : Number.NaN;
  return {
    // pg answers counts as text (bigint).
    waiting: Number(row.waiting),
    oldestWaitingSeconds: Number.isNaN(oldest) ? 0 : Math.max(0, (now.getTime() - oldest) / 1000),
    givenUp: Number(row.given_up),
  };
}
