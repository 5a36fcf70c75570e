import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { idColumn } from '../dialect';

// Program mail (docs/product/engagement.md#mail-a-partner-receives): each partner's switches (no row: every switch on), the durable
// outbox the mail goes out from (one row per mail, made once by its dedupe key; retried until the
// SMTP server takes it), the hashed unsubscribe tokens the mails carry, and when each
// announcement, promo and challenge was put in the outbox.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_preferences')
    .addColumn('partner_id', 'integer', (c) => c.primaryKey().references('partners.id'))
    .addColumn('sales_digest', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('announcements', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('promotions', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('challenges', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id'))
    // sales_digest, announcements, promotions or challenges: the switch that governs it
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    // The announcement, promo or challenge; a digest's hours are in the payload.
    .addColumn('ref_id', 'integer')
    .addColumn('payload', 'text')
    .addColumn('dedupe_key', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('run_after', 'varchar(32)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('done_at', 'varchar(32)')
    // sent, or why it was not: unsubscribed (meanwhile), gone (the content was deleted, the
    // address unverified), rejected (the SMTP server refused it for good)
    .addColumn('outcome', 'varchar(20)')
    .addColumn('message_id', 'varchar(250)')
    .addColumn('last_error', 'varchar(1000)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mail_outbox_due')
    .on('mail_outbox')
    .columns(['done_at', 'run_after'])
    .execute();

  await db.schema
    .createTable('mail_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  // The digest reads an hour of sale notifications of every partner at once.
  await db.schema
    .createIndex('notifications_kind_created')
    .on('notifications')
    .columns(['kind', 'created_at'])
    .execute();

  for (const table of ['staff_messages', 'promotions', 'challenges'])
    await db.schema.alterTable(table).addColumn('mailed_at', 'varchar(32)').execute();
  // What was already out before program mail is not news to mail now; promos and challenges
  // still to come are mailed when they start.
  const now = new Date().toISOString();
  await sql`update staff_messages set mailed_at = created_at`.execute(db);
  await sql`update promotions set mailed_at = created_at where starts_on <= ${now.slice(0, 10)}`.execute(db);
  await sql`update challenges set mailed_at = created_at where month <= ${now.slice(0, 7)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['challenges', 'promotions', 'staff_messages'])
    await db.schema.alterTable(table).dropColumn('mailed_at').execute();
  await db.schema.dropIndex('notifications_kind_created').execute();
  await db.schema.dropTable('mail_tokens').execute();
  await db.schema.dropTable('mail_outbox').execute();
  await db.schema.dropTable('mail_preferences').execute();
}
