import type { Kysely } from 'kysely';
import { idColumn } from '../dialect';

// Monthly promos and challenges (docs/product/engagement.md#monthly-challenges). A challenge's reward is paid once per partner:
// the unique (challenge, partner) row of `challenge_rewards` is what makes it once, whichever node
// or sweep gets there first.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('promotions')
    .addColumn('id', 'integer', idColumn(db))
    // JSON: { en?: { title, body }, fr?: { title, body } }
    .addColumn('content', 'text', (c) => c.notNull())
    // A product code whose artwork is the promo's image, or null.
    .addColumn('product', 'varchar(20)')
    .addColumn('starts_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('ends_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('author_staff_id', 'integer', (c) => c.references('staff_users.id'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('promotions_dates')
    .on('promotions')
    .columns(['ends_on', 'starts_on'])
    .execute();

  await db.schema
    .createTable('challenges')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    // sales_count: orders; sales_amount: cents of sales net of refunds.
    .addColumn('metric', 'varchar(20)', (c) => c.notNull())
    .addColumn('target', 'integer', (c) => c.notNull())
    // bonus (cents) or voucher (percent: basis points; fixed: cents).
    .addColumn('reward_kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('reward_voucher_type', 'varchar(10)')
    .addColumn('reward_amount', 'integer', (c) => c.notNull())
    .addColumn('author_staff_id', 'integer', (c) => c.references('staff_users.id'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('challenges_month').on('challenges').column('month').execute();

  await db.schema
    .createTable('challenge_rewards')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('challenge_id', 'integer', (c) => c.notNull().references('challenges.id'))
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id'))
    // The verified measure that met the target (orders, or cents).
    .addColumn('progress', 'integer', (c) => c.notNull())
    .addColumn('earning_id', 'integer')
    .addColumn('voucher_id', 'integer')
    .addColumn('rewarded_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('challenge_rewards_once')
    .on('challenge_rewards')
    .columns(['challenge_id', 'partner_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('challenge_rewards_partner')
    .on('challenge_rewards')
    .column('partner_id')
    .execute();

  // Who is at or past a challenge's target this month: a range of this index, which holds the
  // measures itself (the table is clustered on the partner, so reading rows would cost a lookup
  // each).
  await db.schema
    .createIndex('partner_sales_stats_period')
    .on('partner_sales_stats')
    .columns(['period', 'start', 'geo', 'orders', 'sales_cents'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('partner_sales_stats_period').execute();
  await db.schema.dropTable('challenge_rewards').execute();
  await db.schema.dropTable('challenges').execute();
  await db.schema.dropTable('promotions').execute();
}
