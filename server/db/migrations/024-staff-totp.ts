import type { Kysely } from 'kysely';
import { idColumn } from '../dialect';

// Staff sign-in's second factor (issue 13, docs/decisions/035-staff-totp.md): a TOTP secret per
// staff member (RFC 6238), single-use recovery codes, and the short-lived challenge that links a
// right password to the code that must follow it. The "required for every staff member" switch
// is a row of `settings` (`staff_totp_required`), written when an admin first sets it.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per staff member who started enrolment. `secret_sealed` is the secret under
  // AES-256-GCM (never the secret itself); `enabled_at` is null until a first code confirmed it.
  // `last_used_step` is the newest time step whose code was accepted: a code is refused unless
  // its step is newer, so a code works once.
  await db.schema
    .createTable('staff_totp')
    .addColumn('staff_id', 'integer', (c) => c.primaryKey().references('staff_users.id'))
    .addColumn('secret_sealed', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('enabled_at', 'varchar(32)')
    .addColumn('last_used_step', 'integer')
    .execute();

  // Recovery codes: SHA-256 of the staff id and the code (never the code), single use.
  await db.schema
    .createTable('staff_recovery_codes')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_users.id'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('staff_recovery_codes_staff')
    .on('staff_recovery_codes')
    .column('staff_id')
    .execute();

  // The second step of a sign-in: a 256-bit random token (stored hashed) answered for a right
  // password, valid a few minutes, used once.
  await db.schema
    .createTable('staff_sign_in_challenges')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_users.id'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('staff_sign_in_challenges_expiry')
    .on('staff_sign_in_challenges')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff_sign_in_challenges').execute();
  await db.schema.dropTable('staff_recovery_codes').execute();
  await db.schema.dropTable('staff_totp').execute();
}
