import type { Kysely } from 'kysely';
import { idColumn } from '../dialect';

// Short-link clicks (docs/product/links-and-integrations.md#short-links): one row per visit of `/s/{code}`, with the partner, the time,
// the referring site and the device class, and no IP address. `day` (UTC) is what the partner's
// clicks-per-day chart groups by.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('link_clicks')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id'))
    .addColumn('promo_code_id', 'integer', (c) => c.notNull().references('promo_codes.id'))
    .addColumn('clicked_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    // The referring site's host only ("instagram.com"), never the page.
    .addColumn('referrer_host', 'varchar(255)')
    // mobile, tablet, desktop or bot
    .addColumn('device', 'varchar(10)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('link_clicks_partner_day')
    .on('link_clicks')
    .columns(['partner_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('link_clicks').execute();
}
