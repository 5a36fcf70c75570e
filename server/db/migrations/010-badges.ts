import type { Kysely } from 'kysely';
import { idColumn } from '../dialect';

// Badges (docs/product/engagement.md#badges): one row per badge a partner was awarded. The unique pair is what makes an
// award happen once, whichever node or job reaches the threshold first.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('badge_awards')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id'))
    .addColumn('badge', 'varchar(32)', (c) => c.notNull())
    .addColumn('awarded_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('badge_awards_partner_badge')
    .on('badge_awards')
    .columns(['partner_id', 'badge'])
    .unique()
    .execute();
  // The newsfeed reads a partner's awards newest first.
  await db.schema
    .createIndex('badge_awards_partner_time')
    .on('badge_awards')
    .columns(['partner_id', 'awarded_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('badge_awards').execute();
}
