import type { Kysely } from 'kysely';
import { idColumn } from '../dialect';

// Staff accounts in the back office (issue 13, docs/product/back-office.md#staff-accounts): a staff member is invited, sets a
// password from a single-use link, and can be deactivated and reactivated.
export async function up(db: Kysely<unknown>): Promise<void> {
  // active, invited (no password yet: password_hash is '' until the invite is accepted, which no
  // password verifies) or deactivated (cannot sign in; their sessions were ended).
  await db.schema
    .alterTable('staff_users')
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('active'))
    .execute();
  // The language of the mail the staff member receives (the invite): the inviter's choice.
  await db.schema
    .alterTable('staff_users')
    .addColumn('locale', 'varchar(5)', (c) => c.notNull().defaultTo('en'))
    .execute();

  // Invitation links: 256-bit random tokens stored hashed, single use, valid a few days. A newer
  // invite (resend) or a deactivation retires the older ones (used_at set).
  await db.schema
    .createTable('staff_invites')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_users.id'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('invited_by', 'integer', (c) => c.references('staff_users.id'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('staff_invites_staff')
    .on('staff_invites')
    .columns(['staff_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff_invites').execute();
  await db.schema.alterTable('staff_users').dropColumn('locale').execute();
  await db.schema.alterTable('staff_users').dropColumn('status').execute();
}
