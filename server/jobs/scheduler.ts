// Background work on every server node: the job queue every few seconds (and at once when this
// node has just queued work), the holding-period approval every few minutes. Both are safe when
// several nodes run them at once.
import type { Db } from '../db';
import type { JobHandler, RunLog } from './queue';
import { JOB_BATCH, runDueJobs, runLog } from './queue';

export interface Scheduler {
  /** Runs one round of everything now (tests and the first tick use it). */
  tick(): Promise<void>;
  /**
   * Makes a periodic task due now rather than at its next interval: it runs in the round under way
   * if that has not reached it yet (a job's after-commit effect runs before the round's tasks),
   * else in one more round of due tasks right after. A burst of calls is one round. (A job that
   * put mail in the outbox wakes its send round this way: decisions/047.)
   */
  soon(task: string): void;
  stop(): Promise<void>;
}

/**
 * How code that queues jobs tells this node's scheduler to look now rather than at its next tick,
 * and how requests that must be answered first (webhooks) hold follow-up work back while they run.
 */
export interface JobSignal {
  wake(): void;
  /** Sets the listener (one per node); answers how to remove it. */
  listen(listener: () => void): () => void;
  /** Marks answer-first work in progress; answers how to end the mark. */
  hold(): () => void;
  held(): boolean;
}

export function createJobSignal(): JobSignal {
  let listener: (() => void) | undefined;
  let holds = 0;
  return {
    wake: () => listener?.(),
    listen(next) {
      listener = next;
      return () => {
        if (listener === next) listener = undefined;
      };
    },
    hold() {
      holds++;
      let released = false;
      return () => {
        if (!released) holds--;
        released = true;
      };
    },
    held: () => holds > 0,
  };
}

/**
 * Longest a woken run waits for answer-first work to end: follow-ups lag a burst, never starve.
 * Under a steady stream of deliveries the wait always runs out, so it sets the follow-up's pace
 * then: a batch (JOB_BATCH jobs, run together, a few tens of milliseconds) every 100 ms keeps up
 * with well over 1,700 orders a second, where 500 ms let the queue grow through the whole burst
 * (decisions/044).
 */
const MAX_DEFER_MS = 100;

export function startScheduler<L extends RunLog>(options: {
  db: Db;
  handlers: Record<string, JobHandler<L>>;
  /**
   * Tasks run every `everyMs`. A `detached` task waits on outside services (a provider's API): it
   * runs beside the job queue rather than in its chain, so a slow provider never holds back the
   * follow-up of orders; one round of it at a time. `run` logs through the round's own logger.
   */
  periodic: { name: string; everyMs: number; run(log: L): Promise<unknown>; detached?: boolean }[];
  log: L;
  signal?: JobSignal;
  jobsEveryMs?: number;
  /** The longest any periodic task waits between rounds, whatever its own `everyMs`. */
  maxEveryMs?: number;
  maxDeferMs?: number;
}): Scheduler {
  const maxDeferMs = options.maxDeferMs ?? MAX_DEFER_MS;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const lastRun = new Map<string, number>();
  const inFlight = new Map<string, Promise<void>>();
  const runJobs = async () => {
    // A full batch means more may be waiting: keep going until the queue is drained, or until
    // answer-first work arrives (the next wake or tick goes on from there).
    while (
      (await runDueJobs(options.db, options.handlers, options.log)) >= JOB_BATCH &&
      !stopped &&
      !options.signal?.held()
    );
  };
  /** Answers the detached rounds it started, for a caller that wants to wait for them (tests). */
  const tick = async (): Promise<Promise<void>[]> => {
    await runJobs();
    return runTasks();
  };
  const runTasks = async (): Promise<Promise<void>[]> => {
    const started: Promise<void>[] = [];
    for (const task of options.periodic) {
      if (Date.now() - (lastRun.get(task.name) ?? 0) < Math.min(task.everyMs, options.maxEveryMs ?? Infinity))
        continue;
      if (task.detached && inFlight.has(task.name)) continue;
      lastRun.set(task.name, Date.now());
      // Each round has its own id on every line it logs, its failure's too (decisions/041).
      const roundLog = runLog(options.log, { task: task.name });
      const round = task
        .run(roundLog)
        .then(() => undefined)
        // A round's logger names the task already: the key once per line.
        .catch((err: unknown) =>
          roundLog.error(
            roundLog === options.log ? { err, task: task.name } : { err },
            'scheduled task failed',
          ),
        );
      if (!task.detached) {
        await round;
        continue;
      }
      const tracked = round.finally(() => inFlight.delete(task.name));
      inFlight.set(task.name, tracked);
      started.push(tracked);
    }
    return started;
  };
  const after = (work: () => Promise<void>) => {
    running = running.then(work).catch((err: unknown) => options.log.error({ err }, 'scheduler tick failed'));
  };
  const timer = setInterval(() => {
    if (!stopped) after(async () => void (await tick()));
  }, options.jobsEveryMs ?? 2000);
  timer.unref();
  let soonPending = false;
  const soon = (name: string) => {
    lastRun.delete(name);
    if (stopped || soonPending) return;
    soonPending = true;
    after(async () => {
      soonPending = false;
      // Asked for just before the server began to stop: the next start's rounds will do it.
      if (!stopped) await runTasks();
    });
  };
  // Wake-ups that come while a round is queued are one round: a burst of webhooks is served by
  // a few batches, not one round per order.
  // While webhooks are being answered the run waits (the answer must not be delayed), at most
  // maxDeferMs; the periodic tick does not wait.
  let wakePending = false;
  const unlisten = options.signal?.listen(() => {
    if (stopped || wakePending) return;
    wakePending = true;
    const since = Date.now();
    const attempt = () => {
      if (stopped) return;
      if (options.signal!.held() && Date.now() - since < maxDeferMs) {
        setTimeout(attempt, 5).unref();
        return;
      }
      after(async () => {
        wakePending = false;
        await runJobs();
      });
    };
    setImmediate(attempt);
  });
  return {
    // One whole round, detached tasks included.
    tick: () =>
      (running = running.then(async () => {
        await Promise.all(await tick());
      })),
    soon,
    async stop() {
      stopped = true;
      unlisten?.();
      clearInterval(timer);
      await running.catch(() => undefined);
      await Promise.all(inFlight.values());
    },
  };
}
