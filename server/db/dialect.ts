// The few places where SQLite and PostgreSQL differ, kept together (engineering guide).
import { PostgresAdapter, sql } from 'kysely';
import type { ColumnDefinitionBuilder, Kysely, QueryExecutorProvider } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

export function dialectOf(db: QueryExecutorProvider): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** An auto-numbered integer primary key: SQLite's rowid alias, PostgreSQL's identity column. */
export function idColumn(db: Kysely<unknown>) {
  const postgres = dialectOf(db) === 'postgres';
  return (c: ColumnDefinitionBuilder) =>
    postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
}

/** True when a database error is a unique-constraint violation, on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code } = error as { code?: unknown };
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** The current time as the portable ISO-8601 UTC text every table stores. */
export function nowIso(now: Date = new Date()): string {
  return now.toISOString();
}

/**
 * Inside a transaction: waits until no other transaction (on any node) holds one of these keys,
 * and holds them until commit. PostgreSQL takes transaction-scoped advisory locks (in a fixed
 * order, so two holders cannot deadlock); SQLite needs none, since a transaction that writes
 * first holds the whole database until it commits.
 */
export async function lockKeys(trx: QueryExecutorProvider, namespace: number, keys: string[]): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const key of [...new Set(keys)].sort())
    await sql`select pg_advisory_xact_lock(${namespace}, hashtext(${key}))`.execute(trx);
}
