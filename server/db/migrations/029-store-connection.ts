import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// The store connection (issue 30, docs/decisions/056-store-connection.md):
// - store_connection: the Shopify store an admin connected from the back office (one row, id 1):
//   the shop's domain, its Admin API access token and the app's client secret (the webhook
//   secret), both sealed as the integrations' tokens are (server/modules/integrations/seal.ts).
//   SHOPIFY_SHOP_DOMAIN / SHOPIFY_ADMIN_TOKEN / SHOPIFY_WEBHOOK_SECRET, when set, win over it.
// - store_status: what the portal last learnt from the store, whichever source holds the
//   connection (one row, id 1, written here so the lease's conditional update always has a row):
//   the shop's name, currency and the token's scopes; the webhook subscriptions the portal keeps
//   (per topic), when they were last checked and why that failed; and the lease of the node that
//   checks them (next_check_at: due from then; locked_until: held until then).
// - An index on webhook_deliveries (topic, received_at): the back office shows each topic's last
//   delivery.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('store_connection')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('shop_domain', 'varchar(255)', (c) => c.notNull())
    .addColumn('admin_token_sealed', 'text', (c) => c.notNull())
    .addColumn('webhook_secret_sealed', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('store_status')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    // The shop the rest of the row is about: a row about another shop is not shown.
    .addColumn('shop_domain', 'varchar(255)')
    .addColumn('shop_name', 'varchar(255)')
    .addColumn('currency', 'varchar(8)')
    // JSON list of the token's scope handles.
    .addColumn('scopes', 'text')
    .addColumn('checked_at', 'varchar(32)')
    .addColumn('check_error', 'varchar(1000)')
    // JSON list of {topic, registered, callback_url, error} from the last check of the subscriptions.
    .addColumn('topics', 'text')
    .addColumn('subscriptions_checked_at', 'varchar(32)')
    .addColumn('subscriptions_error', 'varchar(1000)')
    .addColumn('next_check_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  const at = new Date().toISOString();
  await sql`insert into store_status (id, next_check_at, updated_at) values (1, ${'1970-01-01T00:00:00.000Z'}, ${at})`.execute(
    db,
  );
  await db.schema
    .createIndex('webhook_deliveries_topic_received')
    .on('webhook_deliveries')
    .columns(['topic', 'received_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('webhook_deliveries_topic_received').execute();
  await db.schema.dropTable('store_status').execute();
  await db.schema.dropTable('store_connection').execute();
}
