// Background work on every server node: the job queue every few seconds, the holding-period
// approval every few minutes. Both are safe when several nodes run them at once.
import type { Db } from '../db';
import type { JobHandler } from './queue';
import { runDueJobs } from './queue';

export interface Scheduler {
  /** Runs one round of everything now (tests and the first tick use it). */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

export function startScheduler(options: {
  db: Db;
  handlers: Record<string, JobHandler>;
  periodic: { name: string; everyMs: number; run(): Promise<unknown> }[];
  log: { error(obj: object, msg: string): void };
  jobsEveryMs?: number;
}): Scheduler {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const lastRun = new Map<string, number>();
  const tick = async () => {
    await runDueJobs(options.db, options.handlers, options.log);
    for (const task of options.periodic) {
      if (Date.now() - (lastRun.get(task.name) ?? 0) < task.everyMs) continue;
      lastRun.set(task.name, Date.now());
      await task.run().catch((err: unknown) => options.log.error({ err, task: task.name }, 'scheduled task failed'));
    }
  };
  const timer = setInterval(() => {
    if (stopped) return;
    running = running.then(tick).catch((err: unknown) => options.log.error({ err }, 'scheduler tick failed'));
  }, options.jobsEveryMs ?? 2000);
  timer.unref();
  return {
    tick: () => (running = running.then(tick)),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running.catch(() => undefined);
    },
  };
}
