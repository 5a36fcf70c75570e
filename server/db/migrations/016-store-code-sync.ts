import type { Kysely } from 'kysely';

// The push of each partner code to the Shopify store (docs/product/links-and-integrations.md#discount-push, docs/decisions/028): one row
// per promo code that was queued, made in the transaction that created (or changed) the code.
//
// A table of its own rather than columns of promo_codes: promo_codes is read on hot paths (every
// order's code, every short-link visit) and means the same with or without a store, while this is
// an integration's working state (leases, retries, the store's word), written by a background
// task on every node. No row means the code was never queued (the push was off then): that is
// the state `off`, told apart from `pending` without a sentinel value.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('store_code_syncs')
    .addColumn('promo_code_id', 'integer', (c) => c.primaryKey().references('promo_codes.id'))
    // pending (due at next_attempt_at), created (the store has it as asked), failed (the store
    // refused it, or did not answer after every attempt: staff retry it)
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    // The store's id of the discount (gid://shopify/DiscountCodeNode/...), once created: a later
    // change of the code's discount updates that discount rather than creating another.
    .addColumn('store_id', 'varchar(255)')
    // Why it failed (the store's own words for a refusal), or why the last attempt did not land.
    .addColumn('message', 'varchar(1000)')
    // Calls made since it was last queued; a throttled call (the store asked us to wait) is not one.
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // Throttled answers in a row: the wait after the next one grows with it.
    .addColumn('throttled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)')
    // A node pushing this code holds it until then; no other node pushes it meanwhile.
    .addColumn('locked_until', 'varchar(32)')
    // Raised by every new request: the outcome of a push that began before it does not end it.
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('store_code_syncs_due')
    .on('store_code_syncs')
    .columns(['state', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('store_code_syncs').execute();
}
