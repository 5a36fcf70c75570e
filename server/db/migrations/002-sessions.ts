import type { Kysely } from 'kysely';
import { idColumn } from '../dialect';

// Bearer sessions for partners and staff, and the sign-in throttle (docs/product/back-office.md#staff-accounts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auth_tokens')
    .addColumn('id', 'integer', idColumn(db))
    // 'partner' or 'staff': a token opens the routes of its own kind only.
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    // SHA-256 of the token; the token itself is never stored.
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('auth_tokens_subject')
    .on('auth_tokens')
    .columns(['kind', 'subject_id'])
    .execute();

  await db.schema
    .createTable('throttle_events')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('bucket', 'varchar(300)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('throttle_events_bucket')
    .on('throttle_events')
    .columns(['bucket', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('throttle_events').execute();
  await db.schema.dropTable('auth_tokens').execute();
}
