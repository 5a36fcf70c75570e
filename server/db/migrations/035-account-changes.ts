import type { Kysely } from 'kysely';
import { idColumn } from '../dialect';

// Changes of a partner's money details only their owner makes (issue 31 item 3,
// docs/decisions/063-account-changes.md): when the PayPal e-mail last replaced another (cash-out
// waits 72 hours after), and the changes a partner without a password confirms by a link mailed
// to their current address, kept until the link is used or expires.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('partners').addColumn('paypal_email_changed_at', 'varchar(32)').execute();
  await db.schema
    .createTable('account_change_requests')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('partners.id'))
    // paypal_email or email
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('value', 'varchar(254)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('account_change_requests_partner')
    .on('account_change_requests')
    .columns(['partner_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_change_requests').execute();
  await db.schema.alterTable('partners').dropColumn('paypal_email_changed_at').execute();
}
