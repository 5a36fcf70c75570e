import type { Kysely } from 'kysely';

// A store connected with a Dev Dashboard app's client credentials (docs/decisions/056-store-connection.md):
// - client_id: the app's client ID (not a secret; shown to staff). Null for a connection by an
//   admin-created app's access token.
// - token_expires_at: when the access token the client credentials grant issued stops working;
//   the token (admin_token_sealed) is asked again before then. Null for a token that does not expire.
// The client secret is webhook_secret_sealed: the same secret signs the store's webhooks.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('store_connection').addColumn('client_id', 'varchar(255)').execute();
  await db.schema.alterTable('store_connection').addColumn('token_expires_at', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('store_connection').dropColumn('token_expires_at').execute();
  await db.schema.alterTable('store_connection').dropColumn('client_id').execute();
}
