// Opens the database the configuration names: the embedded SQLite file by default,
// PostgreSQL when DATABASE_URL is set. Both get the same migrations.
import fs from 'node:fs';
import { makePrivateDirSync, PRIVATE_FILE } from '../private-files';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import type { MigrationProvider } from 'kysely';
import type PG from 'pg';
import type { DialectName } from './dialect';
import { migrations } from './migrations';
import { LiteralLimitSqliteDialect } from './sqlite-dialect';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  close(): Promise<void>;
}

// pg is loaded only when PostgreSQL is configured: the embedded database (the default) spares its
// loading at every start and its memory. A plain require leaves it out of the server's bundle.
let pgModule: typeof PG | undefined;
const loadPg = () => (pgModule ??= createRequire(import.meta.url)('pg') as typeof PG);

// pg returns bigint and numeric as strings (SUM, COUNT); SQLite returns numbers.
// Normalize once here so the rest of the code sees numbers on both.
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    const pg = loadPg();
    if (oid === pg.types.builtins.INT8) return (v: string) => Number.parseInt(v, 10);
    if (oid === pg.types.builtins.NUMERIC) return (v: string) => Number.parseFloat(v);
    return pg.types.getTypeParser(oid, format);
  },
};

export function openSqlite(file: string): DatabaseHandle {
  if (file !== ':memory:') makePrivateDirSync(path.dirname(file));
  const sqlite = new SQLite(file);
  // Owner-only, an existing file too (issue 31); SQLite gives its -wal and -shm files the same mode.
  if (file !== ':memory:') fs.chmodSync(file, PRIVATE_FILE);
  sqlite.pragma('journal_mode = WAL');
  // It holds payouts: every commit must be on disk (one fsync per commit).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // 4 MiB of page cache (SQLite's default is 2): the pages a busy dashboard keeps reading (a
  // partner's stretch of the sales list index, their earnings, the running totals) stay in memory.
  // A page missed is read from the OS's file cache, which the process's memory does not count. No
  // more, since the cache fills and stays full, and it is part of the server's resident memory,
  // which must stay under 150 MB with a million orders: 8 MiB held about 9 MB of it
  // (decisions/045). No mmap either: mapped file pages count in the resident memory too
  // (docs/performance.md).
  sqlite.pragma('cache_size = -4096');
  const db = new Kysely<Database>({
    dialect: new LiteralLimitSqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * Kysely prepares every query it runs; preparing costs about as much as running a small indexed
 * query. The same SQL text (parameters are bound, not inlined) reuses its prepared statement,
 * from a bounded cache where the least recently used statement goes first.
 */
function withStatementCache(sqlite: SQLite.Database, size = 300) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string) {
      const cached = cache.get(sql);
      cache.delete(sql);
      // A statement still being iterated cannot run twice at once: that caller gets a fresh one.
      const statement = cached && !cached.busy ? cached : sqlite.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > size) cache.delete(cache.keys().next().value!);
      return statement;
    },
    close() {
      cache.clear();
      sqlite.close();
    },
  };
}

export function openPostgres(connectionString: string, max = 10): DatabaseHandle {
  const pool = new (loadPg().Pool)({ connectionString, max, types: pgTypes });
  // An idle connection that the server drops (restart, failover, admin command) must not take
  // the process down: the pool replaces it on the next query.
  pool.on('error', (err: Error & { code?: string }) => {
    if (err.code !== '57P01') console.error('PostgreSQL connection lost:', err.message);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

export function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string }): DatabaseHandle {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openSqlite(path.join(options.dataDir, 'portal.db'));
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

// The session-level advisory lock every node takes around its start-up writes on PostgreSQL
// ("pp-start"); any number that no transaction-scoped lock of the code uses.
const STARTUP_LOCK = 0x70702d7374;

/**
 * Runs the start-up work (migrations, the first admin, the seeds) while holding a lock no other
 * node can hold at the same time (decisions/043). Nodes started together on a fresh PostgreSQL
 * database would otherwise race: Kysely's own migration lock covers the migrations only, not
 * the seeds each start writes after them. The lock is taken on a connection of its own, outside
 * the pool, so that the work's queries and transactions do not care, and so that a node that dies
 * holding it frees it with its connection. The embedded database needs none: it is one file
 * that one process serves (a single node).
 */
export async function underStartupLock<T>(
  databaseUrl: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (!databaseUrl) return work();
  const client = new (loadPg().Client)({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await work();
  } finally {
    // Ending the session frees its locks as well; unlocking first says so plainly.
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
