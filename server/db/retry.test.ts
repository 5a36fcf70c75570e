import { describe, expect, it } from 'vitest';
import { isTransientConflict, retryOnConflict } from './retry';

const conflict = (code: string) => Object.assign(new Error(`conflict ${code}`), { code });

describe('retrying a transaction after a conflict', () => {
  it('knows the conflicts that are safe to run again', () => {
    expect(['40P01', '40001', 'SQLITE_BUSY'].map((code) => isTransientConflict(conflict(code)))).toEqual([
      true,
      true,
      true,
    ]);
    expect([conflict('23505'), new Error('boom'), 'text', null].map(isTransientConflict)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('runs again after a deadlock, and answers the result', async () => {
    let runs = 0;
    const result = await retryOnConflict(async () => {
      runs++;
      if (runs < 3) throw conflict('40P01');
      return 'done';
    });
    expect([result, runs]).toEqual(['done', 3]);
  });

  it('does not run again after another error, and gives up after its attempts', async () => {
    let runs = 0;
    await expect(
      retryOnConflict(async () => {
        runs++;
        throw conflict('23505');
      }),
    ).rejects.toThrow('conflict 23505');
    expect(runs).toBe(1);
    runs = 0;
    await expect(
      retryOnConflict(async () => {
        runs++;
        throw conflict('40001');
      }, 3),
    ).rejects.toThrow('conflict 40001');
    expect(runs).toBe(3);
  });
});
