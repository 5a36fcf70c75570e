import type { Kysely } from 'kysely';

// PayPal webhook transmissions PayPal confirmed (issue 31 item 8): the same transmission with the
// same body (PayPal's redelivery, or someone replaying it) is known genuine without asking PayPal
// again, which spends the program's API quota. Kept by transmission id and the body's SHA-256.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('paypal_verified_transmissions')
    .addColumn('transmission_id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('body_sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('verified_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('paypal_verified_transmissions').execute();
}
