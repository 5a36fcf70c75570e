import type { Kysely } from 'kysely';
import { idColumn } from '../dialect';

// Sign-ups waiting for their address to be confirmed (issue 31 item 11,
// docs/decisions/060-registration-without-oracle.md): the account is made only when the link
// mailed to the address is followed, so a sign-up shows nothing about whether the address already
// had an account. The link's token is kept hashed; a row lives 48 hours, until it is used, or
// until the same address signs up again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pending_registrations')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    // The other fields of the sign-up, as JSON (the account's columns when it is made).
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pending_registrations_email')
    .on('pending_registrations')
    .column('email')
    .execute();
  await db.schema
    .createIndex('pending_registrations_expires')
    .on('pending_registrations')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pending_registrations').execute();
}
