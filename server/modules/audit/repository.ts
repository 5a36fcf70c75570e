// What the back office reads of the audit log (docs/product/back-office.md#audit-log). Every filter is answered from an
// index that also gives the order (newest first), migrations 011 and 021.
import { sql } from 'kysely';
import type { Insertable } from 'kysely';
import type { Db } from '../../db';
import type { AuditLogTable } from '../../db/schema';
import { prepared, preparedList } from '../../db/prepared';

/** Writes one line of the log, in the transaction of the change it records. */
export async function insertAuditLine(trx: Db, row: Omit<Insertable<AuditLogTable>, 'id'>): Promise<void> {
  await trx.insertInto('audit_log').values(row).execute();
}

export interface AuditFilter {
  actor?: number | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
  action?: string | undefined;
  /** Inclusive, stored text. */
  since?: string | undefined;
  /** Exclusive, stored text. */
  until?: string | undefined;
}

function filtered(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.actor !== undefined) query = query.where('audit_log.staff_id', '=', filter.actor);
  if (filter.entity !== undefined) query = query.where('audit_log.entity', '=', filter.entity);
  if (filter.entityId !== undefined) query = query.where('audit_log.entity_id', '=', filter.entityId);
  if (filter.action !== undefined) query = query.where('audit_log.action', '=', filter.action);
  if (filter.since !== undefined) query = query.where('audit_log.created_at', '>=', filter.since);
  if (filter.until !== undefined) query = query.where('audit_log.created_at', '<', filter.until);
  return query;
}

/**
 * Lines counted at most: past this many the answer says "more than" (`capped`). Counting every
 * line of a log of 300,000 took 24 ms on PostgreSQL (10 on SQLite) for each page. Counting to
 * 10,000 still took about 1 ms, most of a page's cost and the main reason the log read at ×0.20
 * of health (docs/performance.md); 1,000 lines are 50 pages, past which staff filter rather than
 * page (search engines stop at about as many results).
 */
export const AUDIT_COUNT_CAP = 1_000;

const FILTERS = ['actor', 'entity', 'entityId', 'action', 'since', 'until'] as const;
type FilterKey = (typeof FILTERS)[number];

const pageOfLog = (db: Db, filter: AuditFilter, limit: number, offset: number) =>
  filtered(db, filter)
    .leftJoin('staff_users', 'staff_users.id', 'audit_log.staff_id')
    .select([
      'audit_log.id',
      'audit_log.staff_id',
      'audit_log.action',
      'audit_log.entity',
      'audit_log.entity_id',
      'audit_log.before',
      'audit_log.after',
      'audit_log.created_at',
      'staff_users.name as staff_name',
      'staff_users.email as staff_email',
      'staff_users.role as staff_role',
    ])
    .orderBy('audit_log.created_at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .limit(limit)
    .offset(offset);

/**
 * How many lines match, or AUDIT_COUNT_CAP + 1 when more do: first whether a line beyond the cap
 * exists (one step of an index per line, no row read), and only when none does, the count of
 * what is then at most AUDIT_COUNT_CAP lines (coalesce evaluates its second argument only when
 * the first is null, on both databases). Counting up to the cap in a subquery fed every line
 * through the aggregate: four times the work on a log longer than the cap (decisions/048).
 */
const countOfLog = (db: Db, filter: AuditFilter) =>
  db.selectNoFrom((eb) =>
    eb.fn
      .coalesce(
        filtered(db, filter)
          .select(sql.lit(AUDIT_COUNT_CAP + 1).as('beyond'))
          .limit(1)
          .offset(AUDIT_COUNT_CAP),
        filtered(db, filter).select(sql<number>`count(*)`.as('n')),
      )
      .as('n'),
  );

type PageRun = (
  db: Db,
  ...args: unknown[]
) => Promise<Awaited<ReturnType<ReturnType<typeof pageOfLog>['execute']>>>;
type CountRun = (db: Db, ...args: unknown[]) => Promise<{ n: number | string | null }[]>;

/**
 * The page and the count of each combination of filters, compiled once (db/prepared.ts): the
 * staff reading the log run the same few shapes again and again, and building them with Kysely
 * on each read cost more than SQLite's reading of the page (decisions/048). At most 64
 * combinations of filters, each with the few page lengths in use; past 256 the map starts again.
 */
const runsByShape = new Map<string, { page: PageRun; count: CountRun }>();

/** The page's length is written into its text (a bound LIMIT is prepared anew on each run: db/sqlite-dialect.ts), so it is part of the shape. */
function runsOf(keys: FilterKey[], length: number) {
  const shape = `${keys.join(',')}:${length}`;
  let runs = runsByShape.get(shape);
  if (!runs) {
    const filterOf = (args: unknown[]) =>
      Object.fromEntries(keys.map((key, i) => [key, args[i]])) as AuditFilter;
    runs = {
      page: prepared(keys.length + 1, (db, ...args: unknown[]) =>
        pageOfLog(db, filterOf(args), length, args[keys.length] as number),
      ),
      count: prepared(keys.length, (db, ...args: unknown[]) => countOfLog(db, filterOf(args))),
    };
    if (runsByShape.size >= 256) runsByShape.clear();
    runsByShape.set(shape, runs);
  }
  return runs;
}

/** One page of the log, newest first, each line with its staff member as they are now. */
export async function auditPage(db: Db, filter: AuditFilter, page: number, length: number) {
  const keys = FILTERS.filter((key) => filter[key] !== undefined);
  const values = keys.map((key) => filter[key]);
  const runs = runsOf(keys, length);
  const [rows, [total]] = await Promise.all([
    runs.page(db, ...values, (page - 1) * length),
    runs.count(db, ...values),
  ]);
  const n = Number(total!.n);
  return { rows, total: Math.min(n, AUDIT_COUNT_CAP), capped: n > AUDIT_COUNT_CAP };
}

/**
 * The distinct values of an indexed column, each found by one index step (a loose index scan):
 * a handful of lookups however many lines share each value.
 */
async function distinctValues(db: Db, column: 'action' | 'entity'): Promise<string[]> {
  const col = sql.ref(column);
  const { rows } = await sql<{ value: string | null }>`
    with recursive found(value) as (
      select min(${col}) from audit_log
      union all
      select (select min(${col}) from audit_log where ${col} > found.value) from found where found.value is not null
    )
    select value from found where value is not null`.execute(db);
  return rows.map((r) => r.value!);
}

export const loggedActions = (db: Db) => distinctValues(db, 'action');
export const loggedEntities = (db: Db) => distinctValues(db, 'entity');

/** Every staff account, by name: who may be chosen as the actor. */
export function staffAccounts(db: Db) {
  return db
    .selectFrom('staff_users')
    .select(['id', 'name', 'email', 'role'])
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export interface PartnerRef {
  uuid: string;
  name: string;
}

type Named = { uuid: string; first_name: string; last_name: string };
const refOf = (p: Named): PartnerRef => ({ uuid: p.uuid, name: `${p.first_name} ${p.last_name}`.trim() });
const partnerColumns = ['partners.uuid', 'partners.first_name', 'partners.last_name'] as const;

// The partners a page of the log names, looked up for the page at once: one read per kind of
// reference, each compiled once per number of references (db/prepared.ts), at most a page's 100.
const byUuids = preparedList(100, (db, uuids: string[]) =>
  db.selectFrom('partners').select(partnerColumns).where('uuid', 'in', uuids),
);
const byIds = preparedList(100, (db, ids: number[]) =>
  db
    .selectFrom('partners')
    .select(['partners.id', ...partnerColumns])
    .where('id', 'in', ids),
);
const byPayouts = preparedList(100, (db, payoutIds: number[]) =>
  db
    .selectFrom('payouts')
    .innerJoin('partners', 'partners.id', 'payouts.partner_id')
    .select(['payouts.id', ...partnerColumns])
    .where('payouts.id', 'in', payoutIds),
);
const byCodes = preparedList(100, (db, lowerCodes: string[]) =>
  db
    .selectFrom('promo_codes')
    .innerJoin('partners', 'partners.id', 'promo_codes.partner_id')
    .select(['promo_codes.code', ...partnerColumns])
    .where(sql`lower(promo_codes.code)`, 'in', lowerCodes),
);
const byMessages = preparedList(100, (db, messageIds: number[]) =>
  db
    .selectFrom('staff_messages')
    .innerJoin('partners', 'partners.id', 'staff_messages.partner_id')
    .select(['staff_messages.id', ...partnerColumns])
    .where('staff_messages.id', 'in', messageIds),
);
const byVouchers = preparedList(100, (db, lowerCodes: string[]) =>
  db
    .selectFrom('vouchers')
    .innerJoin('partners', 'partners.id', 'vouchers.partner_id')
    .select(['vouchers.code', ...partnerColumns])
    .where(sql`lower(vouchers.code)`, 'in', lowerCodes),
);

/** Partners by uuid or by id (the forms an audit line may name a partner by). */
export async function partnersByRef(
  db: Db,
  uuids: string[],
  ids: number[],
): Promise<{ byUuid: Map<string, PartnerRef>; byId: Map<number, PartnerRef> }> {
  const byUuid = new Map<string, PartnerRef>();
  const byId = new Map<number, PartnerRef>();
  if (uuids.length) for (const p of await byUuids(db, uuids)) byUuid.set(p.uuid, refOf(p));
  if (ids.length) for (const p of await byIds(db, ids)) byId.set(p.id, refOf(p));
  return { byUuid, byId };
}

/** The partner of each payout. */
export async function partnersOfPayouts(db: Db, payoutIds: number[]): Promise<Map<number, PartnerRef>> {
  const found = new Map<number, PartnerRef>();
  if (!payoutIds.length) return found;
  for (const p of await byPayouts(db, payoutIds)) found.set(p.id, refOf(p));
  return found;
}

/** The partner of each promo code, by the code in lower case (codes are unique ignoring case). */
export async function partnersOfCodes(db: Db, codes: string[]): Promise<Map<string, PartnerRef>> {
  const found = new Map<string, PartnerRef>();
  if (!codes.length) return found;
  for (const p of await byCodes(
    db,
    codes.map((c) => c.toLowerCase()),
  ))
    found.set(p.code.toLowerCase(), refOf(p));
  return found;
}

/** The partner of each custom notification (a message to one partner), by message id. */
export async function partnersOfMessages(db: Db, messageIds: number[]): Promise<Map<number, PartnerRef>> {
  const found = new Map<number, PartnerRef>();
  if (!messageIds.length) return found;
  for (const p of await byMessages(db, messageIds)) found.set(p.id, refOf(p));
  return found;
}

/** The partner of each voucher, by the code in lower case (codes are unique ignoring case). */
export async function partnersOfVouchers(db: Db, codes: string[]): Promise<Map<string, PartnerRef>> {
  const found = new Map<string, PartnerRef>();
  if (!codes.length) return found;
  for (const p of await byVouchers(
    db,
    codes.map((c) => c.toLowerCase()),
  ))
    found.set(p.code.toLowerCase(), refOf(p));
  return found;
}
