import type { Kysely } from 'kysely';
import { idColumn } from '../dialect';

// A partner's connected social accounts (docs/product/links-and-integrations.md#instagram) and the Instagram posts fetched for them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('partner_integrations')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id'))
    // instagram or facebook
    .addColumn('provider', 'varchar(12)', (c) => c.notNull())
    .addColumn('provider_user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('username', 'varchar(255)')
    .addColumn('display_name', 'varchar(255)')
    .addColumn('picture_url', 'text')
    // AES-256-GCM under INTEGRATIONS_KEY, bound to the partner and provider; never plain text.
    .addColumn('token_sealed', 'text', (c) => c.notNull())
    .addColumn('token_expires_at', 'varchar(32)')
    // connected, or reconnect once the provider refused the token (expired, revoked)
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('status_reason', 'varchar(255)')
    .addColumn('connected_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('token_refreshed_at', 'varchar(32)', (c) => c.notNull())
    // When the background sync last ran for this account, and the earliest it may run again.
    .addColumn('synced_at', 'varchar(32)')
    .addColumn('next_sync_at', 'varchar(32)', (c) => c.notNull())
    // A node syncing this account holds it until then; another node leaves it alone.
    .addColumn('locked_until', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('partner_integrations_partner_provider')
    .unique()
    .on('partner_integrations')
    .columns(['partner_id', 'provider'])
    .execute();
  // One account of a provider belongs to one partner: the same posts must not count for two.
  await db.schema
    .createIndex('partner_integrations_account')
    .unique()
    .on('partner_integrations')
    .columns(['provider', 'provider_user_id'])
    .execute();
  await db.schema
    .createIndex('partner_integrations_due')
    .on('partner_integrations')
    .columns(['status', 'next_sync_at'])
    .execute();

  await db.schema
    .createTable('instagram_media')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id'))
    .addColumn('media_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('caption', 'text')
    // IMAGE, VIDEO or CAROUSEL_ALBUM
    .addColumn('media_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('media_url', 'text')
    .addColumn('thumbnail_url', 'text')
    .addColumn('permalink', 'text', (c) => c.notNull())
    .addColumn('posted_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('like_count', 'integer', (c) => c.notNull())
    .addColumn('comments_count', 'integer', (c) => c.notNull())
    // The portal's own copy of a top post's picture (DATA_DIR/instagram-media), once downloaded.
    .addColumn('thumbnail_name', 'varchar(40)')
    .addColumn('fetched_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('instagram_media_partner_media')
    .unique()
    .on('instagram_media')
    .columns(['partner_id', 'media_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('instagram_media').execute();
  await db.schema.dropTable('partner_integrations').execute();
}
