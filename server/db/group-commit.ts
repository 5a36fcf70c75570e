// Group commit: units of work that arrive together share one transaction and one commit, each
// inside its own savepoint. A durable commit costs one fsync (milliseconds on an ordinary disk),
// far more than the work itself; sharing it is what lets a single SQLite writer take on a burst
// of webhooks (docs/decisions/010-group-commit-and-follow-up.md).
//
// Every caller is answered only after the commit that holds its work, so nothing is acknowledged
// before it is durable. A unit that fails inside a batch is rolled back to its savepoint, and
// after the batch commits it runs again alone, in its own transaction: a failure caused by its
// neighbours (a deadlock between nodes on PostgreSQL) settles, and a failure of its own is
// answered as the caller would have seen it without batching. If the batch cannot commit,
// every unit of it runs alone the same way.
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import { dialectOf } from './dialect';
import type { Db } from './index';
import type { Database } from './schema';
import { retryOnConflict } from './retry';

export interface GroupCommitOptions {
  /** Most units in one transaction: bounds how long a batch holds the database. */
  maxBatch?: number;
  /** Called after a batch commits with how many units it held (tests and metrics). */
  onBatch?: (size: number) => void;
}

interface Pending<I, R> {
  item: I;
  resolve(result: R): void;
  reject(error: unknown): void;
}

type Outcome<R> = { ok: true; value: R } | { ok: false };

export function groupCommit<I, R>(
  db: Db,
  work: (trx: Db, item: I) => Promise<R>,
  options: GroupCommitOptions = {},
): (item: I) => Promise<R> {
  const maxBatch = options.maxBatch ?? 64;
  const queue: Pending<I, R>[] = [];
  let busy = false;

  const alone = (unit: Pending<I, R>) =>
    retryOnConflict(() => db.transaction().execute((trx) => work(trx, unit.item))).then(
      unit.resolve,
      unit.reject,
    );

  // SQLite keeps what a savepoint may have to restore (the pages its unit writes that earlier
  // units wrote already: a few dozen index pages per order) in a sub-journal that goes to a
  // temporary file past 64 KiB, and stays there for the rest of the transaction: every unit after
  // the first then paid a write system call per page (about 5% of the server's CPU in a burst,
  // decisions/049). A connection whose temporary storage is memory keeps the sub-journal in memory,
  // freed as each savepoint is released; whether it does is decided when the transaction begins.
  // Only the batch's transaction gets it: the pragma, the transaction and the pragma back hold the
  // connection together, so no other statement runs between them (large sorts and groupings of
  // the back office keep spilling to files as before, and the server's memory does not change).
  // Measured (docs/performance-log.md, 2026-12-04): ingestion at 10,000 orders about +10% with it
  // (1,566 and 1,412 orders/s against 1,361 and 1,354 without, alternating runs).
  const memoryJournal = dialectOf(db) === 'sqlite';
  const batchTransaction = <T>(run: (trx: Transaction<Database>) => Promise<T>): Promise<T> =>
    memoryJournal
      ? db.connection().execute(async (connection) => {
          await sql`pragma temp_store = memory`.execute(connection);
          try {
            return await connection.transaction().execute(run);
          } finally {
            // It fails only inside a transaction or with a temporary schema, neither of which
            // this connection has here; the batch's outcome stands either way.
            await sql`pragma temp_store = default`.execute(connection).catch(() => undefined);
          }
        })
      : db.transaction().execute(run);

  const runBatch = async (batch: Pending<I, R>[]) => {
    let outcomes: Outcome<R>[];
    try {
      outcomes = await batchTransaction(async (trx) => {
        const done: Outcome<R>[] = [];
        for (const unit of batch) {
          await sql`savepoint group_unit`.execute(trx);
          try {
            done.push({ ok: true, value: await work(trx, unit.item) });
          } catch {
            await sql`rollback to savepoint group_unit`.execute(trx);
            done.push({ ok: false });
          }
          await sql`release savepoint group_unit`.execute(trx);
        }
        return done;
      });
    } catch {
      outcomes = batch.map(() => ({ ok: false }));
    }
    options.onBatch?.(batch.length);
    const retries: Promise<void>[] = [];
    batch.forEach((unit, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) unit.resolve(outcome.value);
      else retries.push(alone(unit));
    });
    for (const retry of retries) await retry;
  };

  const drain = async () => {
    busy = true;
    try {
      while (queue.length > 0) {
        const batch = queue.splice(0, maxBatch);
        if (batch.length === 1) await alone(batch[0]!);
        else await runBatch(batch);
      }
    } finally {
      busy = false;
    }
  };

  return (item: I) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      // setImmediate runs after the I/O callbacks of this turn of the event loop: every request
      // that arrived with this one joins its batch.
      if (!busy && queue.length === 1) setImmediate(() => void drain());
    });
}
