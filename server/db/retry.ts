// Transactions that touch the same rows from several places (webhook batches, follow-up jobs,
// the holding-period approval, several nodes) can deadlock on PostgreSQL; the database then
// aborts one of them. Nothing of an aborted transaction is kept, so it is safe to run it again.
import { setTimeout as sleep } from 'node:timers/promises';

/** PostgreSQL's deadlock and serialization failures, SQLite's busy database. */
export function isTransientConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code } = error as { code?: unknown };
  return code === '40P01' || code === '40001' || code === 'SQLITE_BUSY';
}

/** Runs `transaction` again (up to `attempts` times, with a short random back-off) while it fails on a conflict. */
export async function retryOnConflict<T>(transaction: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= attempts || !isTransientConflict(error)) throw error;
      await sleep(Math.random() * 20 * 2 ** attempt);
    }
  }
}
