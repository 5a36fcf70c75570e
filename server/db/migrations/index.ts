// Migrations in order. Each is applied once, on start, the same on SQLite and PostgreSQL.
import type { Migration } from 'kysely';
import * as m001 from './001-foundation';

export const migrations: Record<string, Migration> = {
  '001-foundation': m001,
};
