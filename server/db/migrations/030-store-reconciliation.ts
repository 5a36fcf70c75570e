import type { Kysely } from 'kysely';

// Reconciliation with the store (issue 30, docs/decisions/057-store-reconciliation.md): one row
// (id 1) of working state for the periodic task that reads the store's orders and records what
// the webhooks missed. Every node runs the task; the row's lease (locked_until, taken by a
// conditional update) lets one node at a time read the store. Each page read moves the cursor
// forward on the row, so a round stopped half-way (a restart, the store failing) goes on from
// there at the next round.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('store_reconciliation')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    // Which store the state is about (the Admin API address): another store starts over.
    .addColumn('store', 'varchar(255)')
    .addColumn('locked_until', 'varchar(32)')
    // Everything the store had updated before this moment is in the ledger.
    .addColumn('synced_through', 'varchar(32)')
    // The pass under way: orders updated since pass_from, read up to `cursor` (null: from the
    // start); pass_started_at becomes synced_through when the pass ends.
    .addColumn('pass_from', 'varchar(32)')
    .addColumn('pass_started_at', 'varchar(32)')
    .addColumn('cursor', 'varchar(1000)')
    // The first pass reads back 60 days: pending, running, done.
    .addColumn('backfill_state', 'varchar(10)')
    .addColumn('backfill_from', 'varchar(32)')
    .addColumn('backfill_through', 'varchar(32)')
    .addColumn('last_run_at', 'varchar(32)')
    // What the last round found that the ledger did not have (the webhooks had missed it).
    .addColumn('found_orders', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('found_cancellations', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('found_refunds', 'integer', (c) => c.notNull().defaultTo(0))
    // The last round that found anything, and what (the overview's "needs a look" shows it).
    .addColumn('missed_at', 'varchar(32)')
    .addColumn('missed_orders', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('missed_cancellations', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('missed_refunds', 'integer', (c) => c.notNull().defaultTo(0))
    // Why the last round stopped short (null when it ended well).
    .addColumn('last_error', 'varchar(2000)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('store_reconciliation').execute();
}
