import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, markerRows } from '../test/db';
import type { TestDatabase } from '../test/db';
import { groupCommit } from './group-commit';

describe('group commit', () => {
  let database: TestDatabase;
  const put = markerRows.put;
  const keys = (prefix: string) => markerRows.keys(database.db, prefix);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('commits units that arrive together once, and answers each with its own result', async () => {
    const batches: number[] = [];
    const submit = groupCommit(
      database.db,
      async (trx, n: number) => {
        await put(trx, `together-${String(n).padStart(2, '0')}`);
        return n * 2;
      },
      { onBatch: (size) => batches.push(size) },
    );
    const results = await Promise.all(Array.from({ length: 40 }, (_, n) => submit(n)));
    expect(results).toEqual(Array.from({ length: 40 }, (_, n) => n * 2));
    expect(await keys('together-')).toHaveLength(40);
    // Forty units arrived in one turn of the event loop: far fewer commits than units.
    expect(batches.reduce((a, b) => a + b, 0)).toBe(40);
    expect(batches.length).toBeLessThanOrEqual(2);
  });

  it('keeps a batch at the size it is given', async () => {
    const batches: number[] = [];
    const submit = groupCommit(database.db, (trx, n: number) => put(trx, `bounded-${n}`), {
      maxBatch: 8,
      onBatch: (size) => batches.push(size),
    });
    await Promise.all(Array.from({ length: 20 }, (_, n) => submit(n)));
    expect(Math.max(...batches)).toBeLessThanOrEqual(8);
    expect(await keys('bounded-')).toHaveLength(20);
  });

  it('rolls back only the failing unit: its caller gets its error, its neighbours commit', async () => {
    const submit = groupCommit(database.db, async (trx, n: number) => {
      await put(trx, `isolated-${n}`);
      if (n === 3) throw new Error('unit 3 is broken');
      return n;
    });
    const settled = await Promise.allSettled(Array.from({ length: 6 }, (_, n) => submit(n)));
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect((settled[3] as PromiseRejectedResult).reason).toEqual(new Error('unit 3 is broken'));
    expect(await keys('isolated-')).toEqual([
      'isolated-0',
      'isolated-1',
      'isolated-2',
      'isolated-4',
      'isolated-5',
    ]);
  });

  it('runs a unit that failed inside a batch again alone, where it may succeed', async () => {
    let attempts = 0;
    const submit = groupCommit(database.db, async (trx, n: number) => {
      if (n === 1 && attempts++ === 0) throw new Error('conflict with a neighbour');
      await put(trx, `retried-${n}`);
      return n;
    });
    expect(await Promise.all([submit(0), submit(1), submit(2)])).toEqual([0, 1, 2]);
    expect(attempts).toBe(2);
    expect(await keys('retried-')).toEqual(['retried-0', 'retried-1', 'retried-2']);
  });

  // SQLite: the batch's savepoints journal in memory (decisions/049), and only the batch's
  // transaction does; a unit rolled back there still leaves nothing.
  it('keeps SQLite’s savepoint journal in memory for the batch only, and rolls a unit back from it', async () => {
    if (database.dialect !== 'sqlite') return;
    const seen: number[] = [];
    const outside: Promise<number>[] = [];
    const tempStore = async (db = database.db) =>
      Number((await sql<{ temp_store: number }>`pragma temp_store`.execute(db)).rows[0]!.temp_store);
    const submit = groupCommit(database.db, async (trx, n: number) => {
      seen.push(await tempStore(trx));
      if (n === 0) for (let i = 0; i < 3; i++) outside.push(tempStore());
      // Units that write well over the 64 KiB a file-backed sub-journal holds in memory.
      for (let i = 0; i < 40; i++)
        await put(trx, `journal-${n}-${String(i).padStart(2, '0')}-${'x'.repeat(1500)}`);
      if (n === 2) throw new Error('unit 2 is broken');
      return n;
    });
    const settled = await Promise.allSettled(Array.from({ length: 4 }, (_, n) => submit(n)));
    // Statements of other callers asked for while the batch was under way waited for its
    // connection, and ran once the memory setting was gone.
    expect(await Promise.all(outside)).toEqual([0, 0, 0]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    // 2 = memory, inside the batch (the unit that failed ran once more alone, as before: default).
    expect(seen.slice(0, 4)).toEqual([2, 2, 2, 2]);
    expect(await tempStore()).toBe(0);
    const written = await keys('journal-');
    expect(written).toHaveLength(120);
    expect(written.some((key) => key.startsWith('journal-2-'))).toBe(false);
  });

  it('answers a unit that fails for itself with its own error, after its retry alone', async () => {
    // Two units of one batch writing the same key: the second fails on the unique key inside the
    // batch, is retried alone, and fails again; the first is kept.
    const submit = groupCommit(database.db, (trx, key: string) => put(trx, key));
    const settled = await Promise.allSettled([submit('same-key'), submit('same-key'), submit('other-key')]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await keys('same-key')).toEqual(['same-key']);
    expect(await keys('other-key')).toEqual(['other-key']);
  });
});
