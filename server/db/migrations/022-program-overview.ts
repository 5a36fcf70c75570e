import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect';

// The back office's overview (issue 13, docs/product/back-office.md#overview `GET /api/manager/overview`,
// docs/decisions/037-program-overview.md): the program's figures as running totals of their own,
// so the overview reads a few dozen rows however many partners and orders the program has.
//
// - program_month_stats (month): for each UTC month ('YYYY-MM-01'), the per-partner month rows of
//   partner_sales_stats added up (orders, sales net of refunds, sale commission that counts), the
//   partners who joined in it, and the partners active in it. The all-time row (month '') holds
//   only the number of partners (partners_joined).
// - program_earning_stats (month, kind, status): partner_earning_stats added up over partners.
// - partner_month_activity (partner_id, month): whether the partner sold in the month (their
//   month row of partner_sales_stats counts at least one order) and whether they signed in then.
//   A partner is active in a month when either is true; partners_active counts them.
//
// They are kept by triggers on the tables they add up, in the same transaction as every change
// to those: whatever writes the per-partner totals (an order, a payout, the holding period's end,
// rebuildLedgerStats, a bulk seed), the program's totals follow, and always equal their sum. On
// PostgreSQL the triggers are deferred to the commit, so the few program-wide rows every order
// moves are held only while its transaction commits, not while it runs.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('program_month_stats')
    .addColumn('month', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('orders', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('sales_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('commission_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('partners_joined', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('partners_active', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('program_earning_stats')
    .addColumn('month', 'varchar(10)', (c) => c.notNull())
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('earnings', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('program_earning_stats_pk', ['month', 'kind', 'status'])
    .execute();
  await db.schema
    .createTable('partner_month_activity')
    .addColumn('partner_id', 'integer', (c) => c.notNull())
    .addColumn('month', 'varchar(10)', (c) => c.notNull())
    .addColumn('sold', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('signed_in', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('partner_month_activity_pk', ['partner_id', 'month'])
    .execute();

  // This month's best sellers straight from an index (only month rows are in it, so the week and
  // all-time rows every order also moves cost it nothing).
  await sql`CREATE INDEX partner_sales_stats_month_sales ON partner_sales_stats (start, sales_cents, partner_id) WHERE period = 'm'`.execute(
    db,
  );
  // The payouts waiting, and their amounts, from an index of open payouts alone.
  await sql`CREATE INDEX payouts_waiting ON payouts (status, amount_cents) WHERE status NOT IN ('PAID', 'REJECTED', 'MANAGER_REJECTED')`.execute(
    db,
  );
  // The latest failed discount pushes.
  await db.schema
    .createIndex('store_code_syncs_state_updated')
    .on('store_code_syncs')
    .columns(['state', 'updated_at'])
    .execute();

  // Migrations run before the server takes requests: the backfill sees no writer in between.
  await fillProgramStats(db);
  if (dialectOf(db) === 'postgres') await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
}

/** The month ('YYYY-MM-01') of an ISO time column, in SQL both databases share. */
const monthOf = (column: string) => `substr(${column}, 1, 7) || '-01'`;

/** This migration's own copy of the rules (a migration never imports application code). */
async function fillProgramStats(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into partner_month_activity (partner_id, month, sold, signed_in)
    select partner_id, start, 1, 0 from partner_sales_stats where period = 'm' and orders > 0`.execute(db);
  // Only the latest sign-in is known for the months before this migration.
  await sql`
    insert into partner_month_activity (partner_id, month, sold, signed_in)
    select id, ${sql.raw(monthOf('last_login_dt'))}, 0, 1 from partners where last_login_dt is not null
    on conflict (partner_id, month) do update set signed_in = 1`.execute(db);

  type MonthRow = {
    month: string;
    orders: number;
    sales_cents: number;
    commission_cents: number;
    partners_joined: number;
    partners_active: number;
  };
  const months = new Map<string, MonthRow>();
  const row = (month: string) => {
    let r = months.get(month);
    if (!r)
      months.set(
        month,
        (r = {
          month,
          orders: 0,
          sales_cents: 0,
          commission_cents: 0,
          partners_joined: 0,
          partners_active: 0,
        }),
      );
    return r;
  };
  const sales = await sql<{ month: string; orders: number; sales: number; commission: number }>`
    select start as month, sum(orders) as orders, sum(sales_cents) as sales, sum(commission_cents) as commission
    from partner_sales_stats where period = 'm' group by start`.execute(db);
  for (const s of sales.rows)
    Object.assign(row(s.month), {
      orders: Number(s.orders),
      sales_cents: Number(s.sales),
      commission_cents: Number(s.commission),
    });
  const joined = await sql<{ month: string; n: number }>`
    select ${sql.raw(monthOf('created_at'))} as month, count(*) as n from partners group by ${sql.raw(monthOf('created_at'))}`.execute(
    db,
  );
  for (const j of joined.rows) {
    row(j.month).partners_joined += Number(j.n);
    row('').partners_joined += Number(j.n);
  }
  const active = await sql<{ month: string; n: number }>`
    select month, count(*) as n from partner_month_activity where sold = 1 or signed_in = 1 group by month`.execute(
    db,
  );
  for (const a of active.rows) row(a.month).partners_active = Number(a.n);
  row('');
  const rows = [...months.values()];
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('program_month_stats' as never)
      .values(rows.slice(i, i + 200) as never)
      .execute();

  await sql`
    insert into program_earning_stats (month, kind, status, earnings, cents)
    select month, kind, status, sum(earnings), sum(cents) from partner_earning_stats group by month, kind, status`.execute(
    db,
  );
}

// ---- SQLite: plain triggers (one writer at a time: nothing to defer).

const sqliteMonthDelta = (month: string, set: Record<string, string>) => {
  const columns = Object.keys(set);
  return `insert into program_month_stats (month, ${columns.join(', ')}) values (${month}, ${columns.map((c) => set[c]).join(', ')})
    on conflict (month) do update set ${columns.map((c) => `${c} = program_month_stats.${c} + excluded.${c}`).join(', ')};`;
};

const sqliteEarningDelta = (row: 'new' | 'old', sign: '' | '-') =>
  `insert into program_earning_stats (month, kind, status, earnings, cents) values (${row}.month, ${row}.kind, ${row}.status, ${sign}${row}.earnings, ${sign}${row}.cents)
    on conflict (month, kind, status) do update set earnings = program_earning_stats.earnings + excluded.earnings, cents = program_earning_stats.cents + excluded.cents;`;

/** Sets one activity flag of (partner, month), creating the row if need be; the WHERE keeps it to real changes. */
const sqliteActivity = (
  partner: string,
  month: string,
  flag: 'sold' | 'signed_in',
  value: string,
  when: string,
) =>
  `insert into partner_month_activity (partner_id, month, sold, signed_in)
    select ${partner}, ${month}, ${flag === 'sold' ? value : '0'}, ${flag === 'signed_in' ? value : '0'} where ${when}
    on conflict (partner_id, month) do update set ${flag} = excluded.${flag};`;

const SQLITE_TRIGGERS = [
  `create trigger program_sales_insert after insert on partner_sales_stats when new.period = 'm' begin
    ${sqliteMonthDelta('new.start', { orders: 'new.orders', sales_cents: 'new.sales_cents', commission_cents: 'new.commission_cents' })}
    ${sqliteActivity('new.partner_id', 'new.start', 'sold', '1', 'new.orders > 0')}
  end`,
  `create trigger program_sales_update after update on partner_sales_stats when new.period = 'm' begin
    ${sqliteMonthDelta('new.start', { orders: 'new.orders - old.orders', sales_cents: 'new.sales_cents - old.sales_cents', commission_cents: 'new.commission_cents - old.commission_cents' })}
    ${sqliteActivity('new.partner_id', 'new.start', 'sold', 'new.orders > 0', '(new.orders > 0) <> (old.orders > 0)')}
  end`,
  `create trigger program_sales_delete after delete on partner_sales_stats when old.period = 'm' begin
    ${sqliteMonthDelta('old.start', { orders: '-old.orders', sales_cents: '-old.sales_cents', commission_cents: '-old.commission_cents' })}
    ${sqliteActivity('old.partner_id', 'old.start', 'sold', '0', 'old.orders > 0')}
  end`,
  `create trigger program_earnings_insert after insert on partner_earning_stats begin ${sqliteEarningDelta('new', '')} end`,
  // The key columns of a stats row never change: the difference goes to the same key.
  `create trigger program_earnings_update after update on partner_earning_stats begin
    insert into program_earning_stats (month, kind, status, earnings, cents) values (new.month, new.kind, new.status, new.earnings - old.earnings, new.cents - old.cents)
    on conflict (month, kind, status) do update set earnings = program_earning_stats.earnings + excluded.earnings, cents = program_earning_stats.cents + excluded.cents;
  end`,
  `create trigger program_earnings_delete after delete on partner_earning_stats begin ${sqliteEarningDelta('old', '-')} end`,
  `create trigger program_partner_insert after insert on partners begin
    ${sqliteMonthDelta(monthOf('new.created_at'), { partners_joined: '1' })}
    ${sqliteMonthDelta("''", { partners_joined: '1' })}
    ${sqliteActivity('new.id', monthOf('new.last_login_dt'), 'signed_in', '1', 'new.last_login_dt is not null')}
  end`,
  // A partner's first sign-in of a month makes them active in it (later ones change nothing).
  `create trigger program_partner_sign_in after update of last_login_dt on partners
    when new.last_login_dt is not null and (old.last_login_dt is null or substr(old.last_login_dt, 1, 7) <> substr(new.last_login_dt, 1, 7)) begin
    ${sqliteActivity('new.id', monthOf('new.last_login_dt'), 'signed_in', '1', '1')}
  end`,
  // The months the partner was active in stay counted: they were.
  `create trigger program_partner_delete after delete on partners begin
    ${sqliteMonthDelta(monthOf('old.created_at'), { partners_joined: '-1' })}
    ${sqliteMonthDelta("''", { partners_joined: '-1' })}
  end`,
  `create trigger program_activity_insert after insert on partner_month_activity when new.sold = 1 or new.signed_in = 1 begin
    ${sqliteMonthDelta('new.month', { partners_active: '1' })}
  end`,
  `create trigger program_activity_update after update on partner_month_activity
    when (new.sold = 1 or new.signed_in = 1) <> (old.sold = 1 or old.signed_in = 1) begin
    ${sqliteMonthDelta('new.month', { partners_active: 'case when new.sold = 1 or new.signed_in = 1 then 1 else -1 end' })}
  end`,
  `create trigger program_activity_delete after delete on partner_month_activity when old.sold = 1 or old.signed_in = 1 begin
    ${sqliteMonthDelta('old.month', { partners_active: '-1' })}
  end`,
];

async function createSqliteTriggers(db: Kysely<unknown>): Promise<void> {
  for (const trigger of SQLITE_TRIGGERS) await sql.raw(trigger).execute(db);
}

// ---- PostgreSQL: the same rules in PL/pgSQL, run at commit (deferred constraint triggers).

const pgMonthDelta = (month: string, set: Record<string, string>) => {
  const columns = Object.keys(set);
  return `insert into program_month_stats (month, ${columns.join(', ')}) values (${month}, ${columns.map((c) => set[c]).join(', ')})
      on conflict (month) do update set ${columns.map((c) => `${c} = program_month_stats.${c} + excluded.${c}`).join(', ')};`;
};

const pgActivity = (partner: string, month: string, flag: 'sold' | 'signed_in', value: string) =>
  `insert into partner_month_activity (partner_id, month, sold, signed_in)
      values (${partner}, ${month}, ${flag === 'sold' ? value : '0'}, ${flag === 'signed_in' ? value : '0'})
      on conflict (partner_id, month) do update set ${flag} = excluded.${flag};`;

const PG_FUNCTIONS: Record<string, string> = {
  program_follow_sales: `
    if tg_op in ('INSERT', 'UPDATE') then
      ${pgMonthDelta('new.start', {
        orders: `new.orders - case when tg_op = 'UPDATE' then old.orders else 0 end`,
        sales_cents: `new.sales_cents - case when tg_op = 'UPDATE' then old.sales_cents else 0 end`,
        commission_cents: `new.commission_cents - case when tg_op = 'UPDATE' then old.commission_cents else 0 end`,
      })}
      if (new.orders > 0) is distinct from (tg_op = 'UPDATE' and old.orders > 0) then
        ${pgActivity('new.partner_id', 'new.start', 'sold', 'case when new.orders > 0 then 1 else 0 end')}
      end if;
    else
      ${pgMonthDelta('old.start', { orders: '-old.orders', sales_cents: '-old.sales_cents', commission_cents: '-old.commission_cents' })}
      if old.orders > 0 then
        ${pgActivity('old.partner_id', 'old.start', 'sold', '0')}
      end if;
    end if;`,
  program_follow_earnings: `
    if tg_op in ('INSERT', 'UPDATE') then
      insert into program_earning_stats (month, kind, status, earnings, cents)
      values (new.month, new.kind, new.status,
        new.earnings - case when tg_op = 'UPDATE' then old.earnings else 0 end,
        new.cents - case when tg_op = 'UPDATE' then old.cents else 0 end)
      on conflict (month, kind, status) do update set earnings = program_earning_stats.earnings + excluded.earnings, cents = program_earning_stats.cents + excluded.cents;
    else
      insert into program_earning_stats (month, kind, status, earnings, cents) values (old.month, old.kind, old.status, -old.earnings, -old.cents)
      on conflict (month, kind, status) do update set earnings = program_earning_stats.earnings + excluded.earnings, cents = program_earning_stats.cents + excluded.cents;
    end if;`,
  program_follow_partners: `
    if tg_op = 'INSERT' then
      ${pgMonthDelta(monthOf('new.created_at'), { partners_joined: '1' })}
      ${pgMonthDelta("''", { partners_joined: '1' })}
      if new.last_login_dt is not null then
        ${pgActivity('new.id', monthOf('new.last_login_dt'), 'signed_in', '1')}
      end if;
    elsif tg_op = 'UPDATE' then
      ${pgActivity('new.id', monthOf('new.last_login_dt'), 'signed_in', '1')}
    else
      ${pgMonthDelta(monthOf('old.created_at'), { partners_joined: '-1' })}
      ${pgMonthDelta("''", { partners_joined: '-1' })}
    end if;`,
  program_follow_activity: `
    if tg_op = 'INSERT' then
      ${pgMonthDelta('new.month', { partners_active: '1' })}
    elsif tg_op = 'UPDATE' then
      ${pgMonthDelta('new.month', { partners_active: 'case when new.sold = 1 or new.signed_in = 1 then 1 else -1 end' })}
    else
      ${pgMonthDelta('old.month', { partners_active: '-1' })}
    end if;`,
};

/** [trigger, event, table, condition, function]: every trigger runs its function at commit. */
const PG_TRIGGERS: [string, string, string, string | null, string][] = [
  ['program_sales_insert', 'insert', 'partner_sales_stats', `new.period = 'm'`, 'program_follow_sales'],
  ['program_sales_update', 'update', 'partner_sales_stats', `new.period = 'm'`, 'program_follow_sales'],
  ['program_sales_delete', 'delete', 'partner_sales_stats', `old.period = 'm'`, 'program_follow_sales'],
  ['program_earnings_insert', 'insert', 'partner_earning_stats', null, 'program_follow_earnings'],
  ['program_earnings_update', 'update', 'partner_earning_stats', null, 'program_follow_earnings'],
  ['program_earnings_delete', 'delete', 'partner_earning_stats', null, 'program_follow_earnings'],
  ['program_partner_insert', 'insert', 'partners', null, 'program_follow_partners'],
  [
    'program_partner_sign_in',
    'update of last_login_dt',
    'partners',
    `new.last_login_dt is not null and (old.last_login_dt is null or substr(old.last_login_dt, 1, 7) <> substr(new.last_login_dt, 1, 7))`,
    'program_follow_partners',
  ],
  ['program_partner_delete', 'delete', 'partners', null, 'program_follow_partners'],
  [
    'program_activity_insert',
    'insert',
    'partner_month_activity',
    `new.sold = 1 or new.signed_in = 1`,
    'program_follow_activity',
  ],
  [
    'program_activity_update',
    'update',
    'partner_month_activity',
    `(new.sold = 1 or new.signed_in = 1) <> (old.sold = 1 or old.signed_in = 1)`,
    'program_follow_activity',
  ],
  [
    'program_activity_delete',
    'delete',
    'partner_month_activity',
    `old.sold = 1 or old.signed_in = 1`,
    'program_follow_activity',
  ],
];

async function createPostgresTriggers(db: Kysely<unknown>): Promise<void> {
  for (const [name, body] of Object.entries(PG_FUNCTIONS)) {
    await sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $fn$ begin ${body} return null; end; $fn$`,
      )
      .execute(db);
  }
  for (const [name, event, table, condition, fn] of PG_TRIGGERS) {
    await sql
      .raw(
        `create constraint trigger ${name} after ${event} on ${table} deferrable initially deferred for each row ${condition ? `when (${condition})` : ''} execute function ${fn}()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const [name, , table] of PG_TRIGGERS) await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
    for (const name of Object.keys(PG_FUNCTIONS)) await sql.raw(`drop function ${name}()`).execute(db);
  } else {
    for (const trigger of SQLITE_TRIGGERS)
      await sql.raw(`drop trigger ${/create trigger (\w+)/.exec(trigger)![1]}`).execute(db);
  }
  await db.schema.dropIndex('store_code_syncs_state_updated').execute();
  await sql`DROP INDEX payouts_waiting`.execute(db);
  await sql`DROP INDEX partner_sales_stats_month_sales`.execute(db);
  await db.schema.dropTable('partner_month_activity').execute();
  await db.schema.dropTable('program_earning_stats').execute();
  await db.schema.dropTable('program_month_stats').execute();
}
