import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { dialectOf } from '../dialect';

// The back office's partner search (docs/decisions/040-staff-search.md): "a part of the name, the
// e-mail or a promo code, in any case", answered from indexes instead of a scan of every partner.
//
// - `partner_search` (one row a partner): the searchable text folded (below), fields apart: the
//   name ("first last"), the e-mail and each promo code, one per line. One narrow column: a search
//   that matches most partners reads it in the list's order and stops after a page.
// - `partner_search_keys` (key, partner_id): every suffix of every folded field, cut to
//   KEY_LENGTH characters. A field contains a text exactly when one of its suffixes starts with it,
//   so a search is a range of this index (`key >= text and key < next(text)`), on both databases.
//   Byte order on both (SQLite's BINARY, PostgreSQL's "C"), so the range holds whatever the
//   database's locale.
// - Folding: ASCII letters and the upper-case letters of Latin-1, Latin Extended-A, Greek and
//   Cyrillic to lower case, one character for one; a line break to U+0001 (line breaks part the
//   fields); every other character as it is (accents kept).
//   Written out here, not left to lower(), which is ASCII-only on SQLite and follows the locale on
//   PostgreSQL: both databases fold the same. The server folds the words searched the same way
//   (server/modules/partner-admin/search.ts; a test holds the two to each other).
// - Kept by triggers on partners (insert, a change of name or e-mail, delete) and promo_codes
//   (insert, a change of code or owner, delete), in the transaction of the change: whatever
//   writes a partner or a code (the services, the seeds, a bulk load), the search follows.
//   The ledger's updates of a partner's running totals touch no searched column and fire nothing.
// - `partners_list_filters`: the list's filter columns, for the count of a filtered list;
//   `partners_suspended`: the few suspended partners (their list; the active ones' count).

/** Characters of a suffix kept in a key; a longer search is looked up by its start and checked on the text. */
const KEY_LENGTH = 32;
/** SQLite's triggers cannot generate rows: the positions of a field's characters come from this table. */
const POSITIONS = 4096;
const UPPER =
  'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞĀĂĄĆĈĊČĎĐĒĔĖĘĚĜĞĠĢĤĦĨĪĬĮĲĴĶĹĻĽĿŁŃŅŇŊŌŎŐŒŔŖŘŚŜŞŠŢŤŦŨŪŬŮŰŲŴŶŸŹŻŽΆΈΉΊΌΎΏΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩΪΫЀЁЂЃЄЅІЇЈЉЊЋЌЍЎЏАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ';
const LOWER =
  'àáâãäåæçèéêëìíîïðñòóôõöøùúûüýþāăąćĉċčďđēĕėęěĝğġģĥħĩīĭįĳĵķĺļľŀłńņňŋōŏőœŕŗřśŝşšţťŧũūŭůűųŵŷÿźżžάέήίόύώαβγδεζηθικλμνξοπρστυφχψωϊϋѐёђѓєѕіїјљњћќѝўџабвгдежзийклмнопрстуфхцчшщъыьэюя';
const ASCII_UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * SQLite's fold, after lower() (ASCII only there): statements that replace each other letter in
 * partner_search rows matching `where`, a few letters a statement (a deeper nest of replace()
 * overflows the parser of older SQLite builds, such as the sqlite3 shell's), each run only on rows
 * holding one of its letters.
 */
function sqliteFoldStatements(where: string): string {
  const upper = [...UPPER];
  const lower = [...LOWER];
  const statements: string[] = [];
  for (let at = 0; at < upper.length; at += 12) {
    let folded = 'folded';
    for (let i = at; i < Math.min(at + 12, upper.length); i++)
      folded = `replace(${folded}, '${upper[i]}', '${lower[i]}')`;
    statements.push(
      `update partner_search set folded = ${folded} where ${where} and folded glob '*[${upper.slice(at, at + 12).join('')}]*';`,
    );
  }
  return statements.join('\n');
}

/** The partner's row of partner_search: name, e-mail, then each code, one a line (`where` on `p`). */
const searchRow = (fold: (e: string) => string, newline: string, codes: string, where: string) => `
  select p.id, ${fold("p.first_name || ' ' || p.last_name")} || ${newline} || ${fold('p.email')}
    || coalesce((select ${codes} from promo_codes c where c.partner_id = p.id), '')
  from partners p where ${where}`;

// ---- SQLite

// A line break inside a field becomes U+0001 (as the server folds it), so line breaks only part fields.
const sqliteLower = (expression: string) => `lower(replace(${expression}, char(10), char(1)))`;

const sqliteRow = (where: string) =>
  searchRow(sqliteLower, 'char(10)', `group_concat(char(10) || ${sqliteLower('c.code')}, '')`, where);

/** Each field's suffixes in partner_search (`where` on `s`), cut at KEY_LENGTH and at the field's end. */
const sqliteKeys = (where: string) => `
  select distinct substr(k, 1, instr(k || char(10), char(10)) - 1) as key, partner_id from (
    select substr(s.folded, n.n, ${KEY_LENGTH}) as k, s.partner_id from partner_search s
    join search_positions n on n.n <= length(s.folded)
    where ${where} and substr(s.folded, n.n, 1) <> char(10))`;

/**
 * The statements that write a partner's search rows again (`id`: an expression of the trigger).
 * The old keys are those of the old folded row, deleted by their primary key: the keys are
 * indexed by key alone, so a delete by partner would read them all.
 */
const sqliteRebuild = (id: string) => `
  delete from partner_search_keys where partner_id = ${id} and key in (select key from (${sqliteKeys(`s.partner_id = ${id}`)}));
  delete from partner_search where partner_id = ${id};
  insert into partner_search (partner_id, folded) ${sqliteRow(`p.id = ${id}`)};
  ${sqliteFoldStatements(`partner_id = ${id}`)}
  insert into partner_search_keys (key, partner_id) ${sqliteKeys(`s.partner_id = ${id}`)};`;

const SQLITE_TRIGGERS = [
  `create trigger partner_search_partner_insert after insert on partners begin ${sqliteRebuild('new.id')} end`,
  `create trigger partner_search_partner_update after update of first_name, last_name, email on partners
    when new.first_name is not old.first_name or new.last_name is not old.last_name or new.email is not old.email
    begin ${sqliteRebuild('new.id')} end`,
  `create trigger partner_search_partner_delete after delete on partners begin
    delete from partner_search_keys where partner_id = old.id and key in (select key from (${sqliteKeys('s.partner_id = old.id')}));
    delete from partner_search where partner_id = old.id;
  end`,
  `create trigger partner_search_code_insert after insert on promo_codes begin ${sqliteRebuild('new.partner_id')} end`,
  `create trigger partner_search_code_update after update of code, partner_id on promo_codes
    when new.code is not old.code or new.partner_id is not old.partner_id
    begin ${sqliteRebuild('old.partner_id')} ${sqliteRebuild('new.partner_id')} end`,
  `create trigger partner_search_code_delete after delete on promo_codes begin ${sqliteRebuild('old.partner_id')} end`,
];

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`create table search_positions (n integer primary key)`.execute(db);
  await sql
    .raw(
      `insert into search_positions (n) with recursive s(n) as (select 1 union all select n + 1 from s where n < ${POSITIONS}) select n from s`,
    )
    .execute(db);
  await sql`create table partner_search (partner_id integer primary key, folded text not null)`.execute(db);
  await sql`create table partner_search_keys (key text not null, partner_id integer not null, primary key (key, partner_id)) without rowid`.execute(
    db,
  );
  await sql.raw(`insert into partner_search (partner_id, folded) ${sqliteRow('1 = 1')}`).execute(db);
  for (const statement of sqliteFoldStatements('1 = 1').split('\n')) await sql.raw(statement).execute(db);
  await sql.raw(`insert into partner_search_keys (key, partner_id) ${sqliteKeys('1 = 1')}`).execute(db);
  for (const trigger of SQLITE_TRIGGERS) await sql.raw(trigger).execute(db);
}

// ---- PostgreSQL: the fold is one translate(), the rebuild one function.

const pgFold = (expression: string) => `partner_search_fold(${expression})`;

const pgRow = (where: string) =>
  searchRow(pgFold, 'chr(10)', `string_agg(chr(10) || ${pgFold('c.code')}, '')`, where);

const pgKeys = (where: string) => `
  select distinct split_part(substr(s.folded, n, ${KEY_LENGTH}), chr(10), 1) as key, s.partner_id from partner_search s
  cross join lateral generate_series(1, length(s.folded)) n
  where ${where} and substr(s.folded, n, 1) <> chr(10)`;

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`create table partner_search (partner_id integer primary key, folded text collate "C" not null)`.execute(
    db,
  );
  await sql`create table partner_search_keys (key text collate "C" not null, partner_id integer not null, primary key (key, partner_id))`.execute(
    db,
  );
  await sql
    .raw(
      `create function partner_search_fold(t text) returns text language sql immutable strict as $fn$
        select translate(t, '${ASCII_UPPER}${UPPER}' || chr(10), '${ASCII_UPPER.toLowerCase()}${LOWER}' || chr(1)) $fn$`,
    )
    .execute(db);
  // The partner's row is locked first, so two changes to one partner (a new code beside a new
  // name) write its search rows one after the other, never from two views of the partner. Each
  // call is planned for its own partner: a plan kept from the first calls, made while the keys
  // table was nearly empty, would read the whole table to delete a partner's keys.
  await sql
    .raw(
      `create function partner_search_rebuild(pid integer) returns void language plpgsql set plan_cache_mode = force_custom_plan as $fn$ begin
        perform 1 from partners where id = pid for update;
        delete from partner_search_keys where partner_id = pid and key = any(array(select key from (${pgKeys('s.partner_id = pid')}) k));
        delete from partner_search where partner_id = pid;
        insert into partner_search (partner_id, folded) ${pgRow('p.id = pid')};
        insert into partner_search_keys (key, partner_id) ${pgKeys('s.partner_id = pid')};
      end; $fn$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function partner_search_follow() returns trigger language plpgsql set plan_cache_mode = force_custom_plan as $fn$ begin
        if tg_table_name = 'partners' then
          if tg_op = 'DELETE' then
            delete from partner_search_keys where partner_id = old.id and key = any(array(select key from (${pgKeys('s.partner_id = old.id')}) k));
            delete from partner_search where partner_id = old.id;
          else
            perform partner_search_rebuild(new.id);
          end if;
        else
          if tg_op in ('UPDATE', 'DELETE') then perform partner_search_rebuild(old.partner_id); end if;
          if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.partner_id <> old.partner_id) then perform partner_search_rebuild(new.partner_id); end if;
        end if;
        return null;
      end; $fn$`,
    )
    .execute(db);
  await sql.raw(`insert into partner_search (partner_id, folded) ${pgRow('true')}`).execute(db);
  await sql.raw(`insert into partner_search_keys (key, partner_id) ${pgKeys('true')}`).execute(db);
  for (const [name, event, table, condition] of PG_TRIGGERS)
    await sql
      .raw(
        `create trigger ${name} after ${event} on ${table} for each row ${condition ? `when (${condition})` : ''} execute function partner_search_follow()`,
      )
      .execute(db);
}

/** [trigger, event, table, condition]. */
const PG_TRIGGERS: [string, string, string, string | null][] = [
  ['partner_search_partner_insert', 'insert', 'partners', null],
  [
    'partner_search_partner_update',
    'update of first_name, last_name, email',
    'partners',
    'new.first_name is distinct from old.first_name or new.last_name is distinct from old.last_name or new.email is distinct from old.email',
  ],
  ['partner_search_partner_delete', 'delete', 'partners', null],
  ['partner_search_code_insert', 'insert', 'promo_codes', null],
  [
    'partner_search_code_update',
    'update of code, partner_id',
    'promo_codes',
    'new.code is distinct from old.code or new.partner_id is distinct from old.partner_id',
  ],
  ['partner_search_code_delete', 'delete', 'promo_codes', null],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // Migrations run before the server takes requests: the backfill sees no writer in between.
  if (dialectOf(db) === 'postgres') await upPostgres(db);
  else await upSqlite(db);
  // Every column the list filters on, in one narrow index: the count of a filtered list reads it
  // instead of every partner's row. Led by id, which no filter names, so it is never taken for a
  // filter's lookup in place of the index that gives the list's order (SQLite has no statistics
  // to weigh the two).
  await db.schema
    .createIndex('partners_list_filters')
    .on('partners')
    .columns([
      'id',
      'status',
      'country',
      'verified',
      'subpartner_id',
      'verified_sales',
      'commission_override_bp',
      'paypal_email',
    ])
    .execute();
  // The few suspended partners, newest first: their list, and the count of the active ones (all
  // partners but these). Status leads, so a count of them reads this index alone.
  await sql`create index partners_suspended on partners (status, created_at, id) where status = 'suspended'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('partners_suspended').execute();
  await db.schema.dropIndex('partners_list_filters').execute();
  if (dialectOf(db) === 'postgres') {
    for (const [name, , table] of PG_TRIGGERS) await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
    await sql`drop function partner_search_follow()`.execute(db);
    await sql`drop function partner_search_rebuild(integer)`.execute(db);
    await sql`drop function partner_search_fold(text)`.execute(db);
  } else {
    for (const trigger of SQLITE_TRIGGERS)
      await sql.raw(`drop trigger ${/create trigger (\w+)/.exec(trigger)![1]}`).execute(db);
    await sql`drop table search_positions`.execute(db);
  }
  await sql`drop table partner_search_keys`.execute(db);
  await sql`drop table partner_search`.execute(db);
}
