import type { Kysely } from 'kysely';
import { idColumn } from '../dialect';

// The first-sale survey (docs/product/engagement.md#first-sale-survey): one answer per partner (the unique partner makes it once),
// and the free-product requests that "Claim bottles" records for staff to ship or decline.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('survey_answers')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('partner_id', 'integer', (c) => c.notNull().unique().references('partners.id'))
    .addColumn('choice', 'varchar(20)', (c) => c.notNull())
    .addColumn('answered_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('product_claims')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id'))
    // open, shipped or declined
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    // JSON: the shipping address as given (a later profile change does not move a parcel).
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('note', 'varchar(500)')
    .addColumn('handled_by', 'integer', (c) => c.references('staff_users.id'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('product_claims_status')
    .on('product_claims')
    .columns(['status', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('product_claims').execute();
  await db.schema.dropTable('survey_answers').execute();
}
