import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { dialectOf } from '../dialect';
import { calendarOf, DEFAULT_ZONE } from './028-program-calendar';

// The program's calendar for partners too (docs/product/commissions.md#calendar, docs/decisions/054-program-calendar.md):
// the overview's "joined" and "active" months (migration 022) were cut at midnight UTC from
// partners.created_at and last_login_dt, where sales are cut in the program's time zone.
// - partners.joined_month and login_month: the month ('YYYY-MM-01') in the program's zone of the
//   sign-up and of the latest sign-in, written with them by the application
//   (server/modules/partners/repository.ts), which knows the zone; a row written without them
//   (a bulk insert of a script) falls back to the UTC month, as before.
// - The triggers of migration 022 on partners count a partner joined in joined_month, and active
//   in login_month at their first sign-in of it.
// - The months joined of every partner and the latest sign-in's month are cut again in the zone.
//   Earlier sign-ins are known only by the month they were counted in (partner_month_activity):
//   those stay where they were counted.

const utcMonth = (column: string) => `substr(${column}, 1, 7) || '-01'`;
const joinedMonth = (row: 'new' | 'old') => `coalesce(${row}.joined_month, ${utcMonth(`${row}.created_at`)})`;

const SQLITE_OLD = ['program_partner_insert', 'program_partner_sign_in', 'program_partner_delete'];
const sqliteMonthDelta = (month: string, delta: string) =>
  `insert into program_month_stats (month, partners_joined) values (${month}, ${delta})
    on conflict (month) do update set partners_joined = program_month_stats.partners_joined + excluded.partners_joined;`;
const sqliteSignedIn = (month: string, when: string) =>
  `insert into partner_month_activity (partner_id, month, sold, signed_in) select new.id, ${month}, 0, 1 where ${when}
    on conflict (partner_id, month) do update set signed_in = excluded.signed_in;`;
const loginMonth = (row: 'new' | 'old') =>
  `coalesce(${row}.login_month, ${utcMonth(`${row}.last_login_dt`)})`;

const SQLITE_TRIGGERS = [
  `create trigger program_partner_insert after insert on partners begin
    ${sqliteMonthDelta(joinedMonth('new'), '1')}
    ${sqliteMonthDelta("''", '1')}
    ${sqliteSignedIn(loginMonth('new'), 'new.last_login_dt is not null')}
  end`,
  // A partner's first sign-in of a month makes them active in it (later ones change nothing).
  `create trigger program_partner_sign_in after update of last_login_dt, login_month on partners
    when new.last_login_dt is not null and (old.last_login_dt is null or ${loginMonth('old')} is not ${loginMonth('new')}) begin
    ${sqliteSignedIn(loginMonth('new'), '1')}
  end`,
  `create trigger program_partner_delete after delete on partners begin
    ${sqliteMonthDelta(joinedMonth('old'), '-1')}
    ${sqliteMonthDelta("''", '-1')}
  end`,
];

const pgMonthDelta = (month: string, delta: string) =>
  `insert into program_month_stats (month, partners_joined) values (${month}, ${delta})
      on conflict (month) do update set partners_joined = program_month_stats.partners_joined + excluded.partners_joined;`;
const pgSignedIn = (month: string) =>
  `insert into partner_month_activity (partner_id, month, sold, signed_in) values (new.id, ${month}, 0, 1)
      on conflict (partner_id, month) do update set signed_in = excluded.signed_in;`;

const pgFollowPartners = (joined: (row: 'new' | 'old') => string, login: (row: 'new' | 'old') => string) => `
    if tg_op = 'INSERT' then
      ${pgMonthDelta(joined('new'), '1')}
      ${pgMonthDelta("''", '1')}
      if new.last_login_dt is not null then
        ${pgSignedIn(login('new'))}
      end if;
    elsif tg_op = 'UPDATE' then
      ${pgSignedIn(login('new'))}
    else
      ${pgMonthDelta(joined('old'), '-1')}
      ${pgMonthDelta("''", '-1')}
    end if;`;

async function pgTriggers(db: Kysely<unknown>, zoned: boolean): Promise<void> {
  const joined = zoned ? joinedMonth : (row: 'new' | 'old') => utcMonth(`${row}.created_at`);
  const login = zoned ? loginMonth : (row: 'new' | 'old') => utcMonth(`${row}.last_login_dt`);
  await sql
    .raw(
      `create or replace function program_follow_partners() returns trigger language plpgsql as $fn$ begin ${pgFollowPartners(joined, login)} return null; end; $fn$`,
    )
    .execute(db);
  await sql`drop trigger program_partner_sign_in on partners`.execute(db);
  const events = zoned ? 'update of last_login_dt, login_month' : 'update of last_login_dt';
  const changed = zoned
    ? `${loginMonth('old')} is distinct from ${loginMonth('new')}`
    : `substr(old.last_login_dt, 1, 7) <> substr(new.last_login_dt, 1, 7)`;
  await sql
    .raw(
      `create constraint trigger program_partner_sign_in after ${events} on partners deferrable initially deferred for each row
        when (new.last_login_dt is not null and (old.last_login_dt is null or ${changed})) execute function program_follow_partners()`,
    )
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('partners').addColumn('joined_month', 'varchar(10)').execute();
  await db.schema.alterTable('partners').addColumn('login_month', 'varchar(10)').execute();
  const stored = await sql<{
    value: string;
  }>`select value from settings where key = 'program_time_zone'`.execute(db);
  await recutPartnerMonths(db, stored.rows[0]?.value ?? DEFAULT_ZONE);
  if (dialectOf(db) === 'postgres') await pgTriggers(db, true);
  else {
    for (const name of SQLITE_OLD) await sql.raw(`drop trigger ${name}`).execute(db);
    for (const trigger of SQLITE_TRIGGERS) await sql.raw(trigger).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') await pgTriggers(db, false);
  else {
    for (const name of SQLITE_OLD) await sql.raw(`drop trigger ${name}`).execute(db);
    // Migration 022's triggers, as it wrote them.
    await sql
      .raw(
        `create trigger program_partner_insert after insert on partners begin
      ${sqliteMonthDelta(utcMonth('new.created_at'), '1')}
      ${sqliteMonthDelta("''", '1')}
      ${sqliteSignedIn(utcMonth('new.last_login_dt'), 'new.last_login_dt is not null')}
    end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger program_partner_sign_in after update of last_login_dt on partners
      when new.last_login_dt is not null and (old.last_login_dt is null or substr(old.last_login_dt, 1, 7) <> substr(new.last_login_dt, 1, 7)) begin
      ${sqliteSignedIn(utcMonth('new.last_login_dt'), '1')}
    end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger program_partner_delete after delete on partners begin
      ${sqliteMonthDelta(utcMonth('old.created_at'), '-1')}
      ${sqliteMonthDelta("''", '-1')}
    end`,
      )
      .execute(db);
  }
  await recountJoined(db, utcMonth('created_at'));
  await db.schema.alterTable('partners').dropColumn('login_month').execute();
  await db.schema.alterTable('partners').dropColumn('joined_month').execute();
}

const SLICE = 5_000;

/**
 * Every partner's joined_month and login_month in `zone`, and the program's months joined counted
 * again from them. Also run by a change of zone (server/modules/ledger/stats.ts, rebuildCalendarStats),
 * which keeps its own copy of these rules: a migration never imports application code.
 */
export async function recutPartnerMonths(db: Kysely<unknown>, zone: string): Promise<void> {
  const cut = calendarOf(zone);
  for (let after = 0; ;) {
    const slice = await sql<{ id: number; created_at: string; last_login_dt: string | null }>`
      select id, created_at, last_login_dt from partners where id > ${after} order by id limit ${SLICE}`.execute(
      db,
    );
    // One statement per month pair (there are few), not per partner.
    const byMonths = new Map<string, number[]>();
    for (const p of slice.rows) {
      const key = `${cut.month(p.created_at)}|${p.last_login_dt ? cut.month(p.last_login_dt) : ''}`;
      let ids = byMonths.get(key);
      if (!ids) byMonths.set(key, (ids = []));
      ids.push(Number(p.id));
    }
    for (const [key, ids] of byMonths) {
      const [joined, login] = key.split('|') as [string, string];
      await sql`update partners set joined_month = ${joined}, login_month = ${login || null} where id in (${sql.join(ids)})`.execute(
        db,
      );
    }
    if (slice.rows.length < SLICE) break;
    after = Number(slice.rows[slice.rows.length - 1]!.id);
  }
  await recountJoined(db, 'joined_month');
}

/** program_month_stats.partners_joined of every month from `monthExpression` over partners. */
async function recountJoined(db: Kysely<unknown>, monthExpression: string): Promise<void> {
  await sql`update program_month_stats set partners_joined = 0 where month <> ''`.execute(db);
  await sql
    .raw(
      `insert into program_month_stats (month, partners_joined)
    select ${monthExpression}, count(*) from partners group by ${monthExpression}
    on conflict (month) do update set partners_joined = excluded.partners_joined`,
    )
    .execute(db);
}
