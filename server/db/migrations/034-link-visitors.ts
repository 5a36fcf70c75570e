import type { Kysely } from 'kysely';

// Short-link visitors already counted (issue 31 item 7, docs/decisions/059-click-counting.md): a
// visitor's clicks of one code count once per 30 minutes. A visitor is a keyed hash (HMAC-SHA256
// with a server secret) of the code, the address and the user agent, never the address itself;
// the primary key decides which of two racing visits (on any node) is the counted one. Rows past
// `expires_at` are deleted by a periodic task.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('link_visitors')
    .addColumn('visitor_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('link_visitors_expires').on('link_visitors').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('link_visitors').execute();
}
