import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { idColumn } from '../dialect';

// Registration, promo codes, e-mail verification, password reset and the human check.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('partners').addColumn('referrer_id', 'integer').execute();
  await db.schema.alterTable('partners').addColumn('subpartner_id', 'integer').execute();

  await db.schema
    .createTable('promo_codes')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('partner_id', 'integer', (c) => c.notNull())
    .addColumn('code', 'varchar(20)', (c) => c.notNull())
    // Percentages in basis points (1500 = 15%): integers on both databases.
    .addColumn('value_bp', 'integer', (c) => c.notNull())
    .addColumn('commission_rate_bp', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await sql`CREATE UNIQUE INDEX promo_codes_code_lower ON promo_codes (lower(code))`.execute(db);
  await db.schema.createIndex('promo_codes_partner').on('promo_codes').column('partner_id').execute();

  await db.schema
    .createTable('one_time_tokens')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();

  await db.schema
    .createTable('altcha_used')
    .addColumn('challenge_id', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('altcha_used').execute();
  await db.schema.dropTable('one_time_tokens').execute();
  await db.schema.dropTable('promo_codes').execute();
  await db.schema.alterTable('partners').dropColumn('subpartner_id').execute();
  await db.schema.alterTable('partners').dropColumn('referrer_id').execute();
}
