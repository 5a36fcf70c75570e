import type { Kysely } from 'kysely';
import { idColumn } from '../dialect';

// Shopify deliveries that can never succeed (a genuine, signed payload with a bad shape or bad
// values), for the back office to list. The delivery itself (topic, raw body, error, when it came)
// is its row in webhook_deliveries; this row adds what only a rejection has: the error id that was
// logged, and the headers that name the sender. They are answered 2xx, so the store stops
// retrying them (decisions/011).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_rejections')
    .addColumn('id', 'integer', idColumn(db))
    // One row per delivery, however often it is retried.
    .addColumn('delivery_id', 'varchar(100)', (c) =>
      c.notNull().unique().references('webhook_deliveries.delivery_id'),
    )
    .addColumn('webhook_id', 'varchar(100)')
    .addColumn('shop_domain', 'varchar(255)')
    .addColumn('error_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('rejected_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_rejections_rejected')
    .on('webhook_rejections')
    .column('rejected_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_rejections').execute();
}
