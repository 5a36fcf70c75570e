import type { Kysely } from 'kysely';
import { idColumn } from '../dialect';

// Shopify deliveries that can never succeed (a genuine, signed payload with a bad shape or bad
// values): kept apart with their error and the error id that was logged, for the back office to
// list. They are answered 2xx, so the store stops retrying them (decisions/011).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_rejections')
    .addColumn('id', 'integer', idColumn(db))
    // The delivery's key in webhook_deliveries: one row per delivery, however often it is retried.
    .addColumn('delivery_id', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('topic', 'varchar(60)', (c) => c.notNull())
    .addColumn('webhook_id', 'varchar(100)')
    .addColumn('shop_domain', 'varchar(255)')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('error', 'text', (c) => c.notNull())
    .addColumn('error_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_rejections_received').on('webhook_rejections').column('received_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_rejections').execute();
}
