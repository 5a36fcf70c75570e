import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { idColumn } from '../dialect';

// Cash-out (docs/product/payouts.md#cash-out): payouts with the history of every status change, the earnings each
// one gathered (as they were when it was requested, so its invoice never changes afterwards),
// invoices numbered per year without gaps, and what PayPal was asked and answered.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payouts')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('partner_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    // Where the money goes, as registered when the partner asked.
    .addColumn('paypal_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('earnings_count', 'integer', (c) => c.notNull())
    // The last reason given for a status (rejection, review, PayPal failure), shown to the partner.
    .addColumn('reason', 'varchar(500)')
    .addColumn('fraudulent', 'integer', (c) => c.notNull().defaultTo(0))
    // Who approved the first stage: the manager stage must be someone else.
    .addColumn('approved_by', 'integer')
    // A payment made by hand (PayPal not configured): its reference.
    .addColumn('reference', 'varchar(200)')
    .addColumn('paid_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    // PayPal: set when the payout is due to be sent; each round has its own sender_batch_id.
    .addColumn('send_after', 'varchar(32)')
    .addColumn('send_round', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('send_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('send_locked_until', 'varchar(32)')
    .addColumn('send_error', 'varchar(1000)')
    .addColumn('paypal_batch_id', 'varchar(64)')
    .addColumn('paypal_item_id', 'varchar(64)')
    .addColumn('paypal_status', 'varchar(64)')
    .addColumn('checked_at', 'varchar(32)')
    .execute();
  // At most one open payout per partner, whatever the number of requests or nodes.
  await sql`CREATE UNIQUE INDEX payouts_one_open ON payouts (partner_id) WHERE status NOT IN ('PAID', 'REJECTED', 'MANAGER_REJECTED')`.execute(
    db,
  );
  await db.schema
    .createIndex('payouts_partner')
    .on('payouts')
    .columns(['partner_id', 'created_at'])
    .execute();
  await db.schema.createIndex('payouts_status').on('payouts').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('payouts_send').on('payouts').column('send_after').execute();
  await db.schema.createIndex('payouts_batch').on('payouts').column('paypal_batch_id').execute();

  await db.schema
    .createTable('payout_events')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('payout_id', 'integer', (c) => c.notNull())
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .addColumn('from_status', 'varchar(20)')
    .addColumn('to_status', 'varchar(20)', (c) => c.notNull())
    // partner | staff | system | paypal
    .addColumn('actor_kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('actor_id', 'integer')
    .addColumn('actor_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)')
    .execute();
  await db.schema.createIndex('payout_events_payout').on('payout_events').column('payout_id').execute();

  await db.schema
    .createTable('payout_items')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('payout_id', 'integer', (c) => c.notNull())
    .addColumn('earning_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('order_number', 'varchar(40)')
    .addColumn('occurred_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('product', 'varchar(255)')
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payout_items_payout')
    .on('payout_items')
    .columns(['payout_id', 'earning_id'])
    .unique()
    .execute();
  await db.schema.createIndex('payout_items_earning').on('payout_items').column('earning_id').execute();

  await db.schema
    .createTable('invoice_counters')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('number', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('partner_id', 'integer', (c) => c.notNull())
    .addColumn('payout_id', 'integer', (c) => c.notNull().unique())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('locale', 'varchar(5)', (c) => c.notNull())
    // Who billed whom, as it stood when issued (JSON): an invoice does not change afterwards.
    .addColumn('billing', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invoices_year_seq').on('invoices').columns(['year', 'seq']).unique().execute();
  await db.schema
    .createIndex('invoices_partner')
    .on('invoices')
    .columns(['partner_id', 'issued_at'])
    .execute();

  // Earnings gathered into a payout, by payout (their status is IN_PAYOUT meanwhile).
  await db.schema.createIndex('earnings_payout').on('earnings').column('payout_id').execute();
  // When the partner's next pending earning becomes payable: one index seek.
  await db.schema
    .createIndex('earnings_partner_hold')
    .on('earnings')
    .columns(['partner_id', 'status', 'hold_until'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX earnings_partner_hold`.execute(db);
  await sql`DROP INDEX earnings_payout`.execute(db);
  for (const table of ['invoices', 'invoice_counters', 'payout_items', 'payout_events', 'payouts']) {
    await db.schema.dropTable(table).execute();
  }
}
