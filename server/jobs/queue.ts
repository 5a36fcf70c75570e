// A durable queue of follow-up work in the database: what a webhook must not wait for
// (notifications, live push, badges) but must not lose either. Jobs are claimed with a
// conditional update, so each runs on one node at a time; a failed job is retried later.
import type { Db } from '../db';
import { nowIso } from '../db/dialect';

export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;

const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 8;

export async function enqueueJob(db: Db, kind: string, payload: Record<string, unknown>, now = new Date()): Promise<void> {
  await db
    .insertInto('jobs')
    .values({ kind, payload: JSON.stringify(payload), run_after: nowIso(now), locked_until: null, done_at: null, last_error: null, created_at: nowIso(now) })
    .execute();
}

/** Runs the jobs that are due; answers how many finished. */
export async function runDueJobs(
  db: Db,
  handlers: Record<string, JobHandler>,
  log: { error(obj: object, msg: string): void },
  now = new Date(),
  limit = 50,
): Promise<number> {
  const at = nowIso(now);
  const due = await db
    .selectFrom('jobs')
    .select(['id', 'kind', 'payload', 'attempts'])
    .where('done_at', 'is', null)
    .where('run_after', '<=', at)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
    .where('attempts', '<', MAX_ATTEMPTS)
    .orderBy('id')
    .limit(limit)
    .execute();
  let finished = 0;
  for (const job of due) {
    const claimed = await db
      .updateTable('jobs')
      .set({ locked_until: new Date(now.getTime() + LEASE_MS).toISOString(), attempts: job.attempts + 1 })
      .where('id', '=', job.id)
      .where('attempts', '=', job.attempts)
      .where('done_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(JSON.parse(job.payload) as Record<string, unknown>);
      await db.updateTable('jobs').set({ done_at: nowIso(), locked_until: null, last_error: null }).where('id', '=', job.id).execute();
      finished++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.error({ err: error, job: job.id, kind: job.kind }, 'job failed; it will be retried');
      // Back off: 30 s, 1 min, 2 min, ... until MAX_ATTEMPTS, then it stays for a person to see.
      const retryAt = new Date(now.getTime() + 30_000 * 2 ** job.attempts).toISOString();
      await db.updateTable('jobs').set({ run_after: retryAt, locked_until: null, last_error: message.slice(0, 1000) }).where('id', '=', job.id).execute();
    }
  }
  return finished;
}
