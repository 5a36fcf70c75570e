// Which request, job run or task round a log line belongs to (decisions/041). Fastify binds the
// request id to `request.log` only; services, the mailer and the job queue log through the app's
// own logger, handed to them once at start. An AsyncLocalStorage carries the id of the work in
// progress, and the logger's mixin writes it on every line, whichever logger wrote it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';

/** What every line of one piece of work carries: a request's `reqId`, or a run's `runId` with what ran. */
export type LogFields = { reqId: string } | { runId: string; job?: number; kind?: string; task?: string };

const storage = new AsyncLocalStorage<LogFields>();
const { chindingsSym } = pino.symbols;

/** Runs `fn` with `fields` on every line it logs (and what it starts, awaits or schedules). */
export function withLogContext<T>(fields: LogFields, fn: () => T): T {
  return storage.run(fields, fn);
}

/** Runs `fn` outside any request or run: work it starts belongs to none (a wake-up of the job runner). */
export function outsideLogContext<T>(fn: () => T): T {
  return storage.exit(fn);
}

/** A fresh id for a job run or a task round: the same shape as request ids, searchable across nodes. */
export const newRunId = (): string => randomUUID();

/**
 * pino's `mixin`: the current work's fields. A request's child logger already has its `reqId`
 * bound (Fastify's); writing it again would put the key twice on the line. pino merges the log
 * call's own object into what this answers, so each call answers a fresh object.
 */
export function logContextMixin(_merge: object, _level: number, logger: unknown): Record<string, unknown> {
  const fields = storage.getStore();
  if (fields === undefined) return {};
  if ('reqId' in fields) {
    const bound = (logger as Record<symbol, unknown> | undefined)?.[chindingsSym];
    return typeof bound === 'string' && bound.includes('"reqId":') ? {} : { reqId: fields.reqId };
  }
  return { ...fields };
}
