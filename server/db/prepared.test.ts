import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/db';
import type { TestDatabase } from '../test/db';
import { sql } from 'kysely';
import { dialectOf } from './dialect';
import { literalLimit, prepared, preparedList, preparedPer } from './prepared';

let database: TestDatabase;
const at = '2026-11-26T00:00:00.000Z';

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db
    .insertInto('settings')
    .values([
      { key: 'prepared.a', value: 'one', updated_at: at },
      { key: 'prepared.b', value: 'two', updated_at: at },
      { key: 'prepared.c', value: 'three', updated_at: '2026-11-27T00:00:00.000Z' },
    ])
    .execute();
});
afterAll(() => database.drop());

describe('a prepared query', () => {
  // Arguments in another order than the query binds them, one fixed value between them, one
  // argument used twice: each run must bind each value where the build put it.
  const pick = prepared(2, (db, since: string, key: string) =>
    db
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('updated_at', '=', at)
      .where((eb) => eb.or([eb('key', '=', key), eb('value', '=', key)]))
      .where('updated_at', '>=', since)
      .orderBy('key'),
  );

  it('binds each run’s own values, in the places the build used them', async () => {
    expect(await pick(database.db, '2026-01-01', 'prepared.a')).toEqual([
      { key: 'prepared.a', value: 'one' },
    ]);
    expect(await pick(database.db, '2026-01-01', 'two')).toEqual([{ key: 'prepared.b', value: 'two' }]);
    // The fixed value stays: prepared.c has another updated_at.
    expect(await pick(database.db, '2026-01-01', 'prepared.c')).toEqual([]);
    expect(await pick(database.db, '2027-01-01', 'prepared.a')).toEqual([]);
  });

  it('runs inside a transaction with the transaction’s view', async () => {
    await database.db.transaction().execute(async (trx) => {
      await trx.updateTable('settings').set({ value: 'uno' }).where('key', '=', 'prepared.a').execute();
      expect(await pick(trx, '2026-01-01', 'uno')).toEqual([{ key: 'prepared.a', value: 'uno' }]);
      await trx.updateTable('settings').set({ value: 'one' }).where('key', '=', 'prepared.a').execute();
    });
  });

  it('refuses a build that does not bind an argument as a parameter', async () => {
    const unbound = prepared(2, (db, key: string, _unused: string) =>
      db.selectFrom('settings').select('key').where('key', '=', key),
    );
    await expect(unbound(database.db, 'prepared.a', 'x')).rejects.toThrow('argument 1 is not bound');
  });
});

describe('a prepared query with a list', () => {
  const values = preparedList(2, (db, keys: string[]) =>
    db.selectFrom('settings').select('value').where('key', 'in', keys).orderBy('key'),
  );

  it('binds lists of each length in turn, and a list longer than it keeps', async () => {
    expect(await values(database.db, ['prepared.b'])).toEqual([{ value: 'two' }]);
    expect(await values(database.db, ['prepared.a', 'prepared.c'])).toEqual([
      { value: 'one' },
      { value: 'three' },
    ]);
    expect(await values(database.db, ['prepared.c'])).toEqual([{ value: 'three' }]);
    // Longer than 2: built for this call alone, the same answer.
    expect(await values(database.db, ['prepared.c', 'prepared.a', 'prepared.b'])).toEqual([
      { value: 'one' },
      { value: 'two' },
      { value: 'three' },
    ]);
  });
});

describe('a LIMIT', () => {
  it('is written into the text on SQLite, an OFFSET stays bound; PostgreSQL binds both', () => {
    const compiled = database.db
      .selectFrom('settings')
      .select('key')
      .orderBy('key')
      .limit(2)
      .offset(1)
      .compile();
    if (dialectOf(database.db) === 'sqlite') {
      expect(compiled.sql).toMatch(/ limit 2 offset \?$/);
      expect(compiled.parameters).toEqual([1]);
    } else {
      expect(compiled.sql).toMatch(/ limit \$1 offset \$2$/);
      expect(compiled.parameters).toEqual([2, 1]);
    }
    // An expression (here already a literal) is compiled as Kysely compiles it.
    expect(database.db.selectFrom('settings').select('key').limit(sql.lit(3)).compile().sql).toMatch(
      / limit 3$/,
    );
  });

  it('of a query compiled once is one text per value, each answering its own', async () => {
    const firstKeys = preparedPer(1, (db, limit: number, prefix: string) =>
      db.selectFrom('settings').select('key').where('key', 'like', prefix).orderBy('key').limit(limit),
    );
    expect(await firstKeys(database.db, 1, 'prepared.%')).toEqual([{ key: 'prepared.a' }]);
    expect(await firstKeys(database.db, 2, 'prepared.%')).toEqual([
      { key: 'prepared.a' },
      { key: 'prepared.b' },
    ]);
    expect(await firstKeys(database.db, 1, 'prepared.b%')).toEqual([{ key: 'prepared.b' }]);
    expect(await firstKeys(database.db, 2, 'prepared.%')).toEqual([
      { key: 'prepared.a' },
      { key: 'prepared.b' },
    ]);
  });

  it('in SQL written by hand is a whole number or nothing', async () => {
    const { rows } = await sql<{
      key: string;
    }>`select key from settings where key like 'prepared.%' order by key limit ${literalLimit(2)}`.execute(
      database.db,
    );
    expect(rows.map((r) => r.key)).toEqual(['prepared.a', 'prepared.b']);
    expect(() => literalLimit(1.5)).toThrow('not a row count');
    expect(() => literalLimit(-1)).toThrow('not a row count');
    expect(() => literalLimit(Number.NaN)).toThrow('not a row count');
  });
});
