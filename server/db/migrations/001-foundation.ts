import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { idColumn } from '../dialect';

// Written in the subset SQLite and PostgreSQL share, so one migration serves both.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('partners')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('legacy_username', 'varchar(100)')
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('last_login_dt', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('phone', 'varchar(40)')
    .addColumn('address_1', 'varchar(200)')
    .addColumn('address_2', 'varchar(200)')
    .addColumn('city', 'varchar(100)')
    .addColumn('state', 'varchar(100)')
    .addColumn('postal', 'varchar(20)')
    .addColumn('po_box', 'varchar(40)')
    .addColumn('country', 'varchar(2)')
    .addColumn('paypal_email', 'varchar(254)')
    .addColumn('user_picture', 'text')
    .addColumn('locale', 'varchar(5)', (c) => c.notNull().defaultTo('en'))
    .addColumn('referral_commission_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('referral_comission_type', 'varchar(10)', (c) => c.notNull().defaultTo('percent'))
    .addColumn('accepted_terms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('about', 'text')
    .addColumn('date_of_birth', 'varchar(10)')
    .addColumn('category_id', 'integer')
    .addColumn('instagram_url', 'varchar(500)')
    .addColumn('facebook_url', 'varchar(500)')
    .addColumn('youtube_url', 'varchar(500)')
    .addColumn('tiktok_url', 'varchar(500)')
    .addColumn('contact_form_cancelled_date', 'varchar(32)')
    .addColumn('contact_form_filled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // E-mail is unique ignoring case; both dialects index an expression.
  await sql`CREATE UNIQUE INDEX partners_email_lower ON partners (lower(email))`.execute(db);

  await db.schema
    .createTable('staff_users')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('role', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_login_dt', 'varchar(32)')
    .execute();
  await sql`CREATE UNIQUE INDEX staff_users_email_lower ON staff_users (lower(email))`.execute(db);

  // White-label sub-partners (docs/product/partners-and-accounts.md#white-label-sub-partners); slugs are stored lower-case.
  await db.schema
    .createTable('subpartners')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('slug', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('logo_url', 'text')
    .addColumn('primary_color', 'varchar(7)', (c) => c.notNull())
    .addColumn('accent_color', 'varchar(7)', (c) => c.notNull())
    .addColumn('welcome_en', 'text', (c) => c.notNull())
    .addColumn('welcome_fr', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('subpartners').execute();
  await db.schema.dropTable('staff_users').execute();
  await db.schema.dropTable('partners').execute();
  await db.schema.dropTable('settings').execute();
}
