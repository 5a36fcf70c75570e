// What the back office reads and writes about partners (docs/product/back-office.md#partners). The list, its filters and
// its orders read the partners table (and its search, the index of migration 026, decisions/040):
// each partner's lifetime figures are on their row
// (total_sales_cents, total_earned_cents, verified_sales: running totals kept by the ledger,
// migration 018), so a page of 10,000 partners sorted by sales is read in index order.
import { sql } from 'kysely';
import type { Db } from '../../db';
import { prepared, preparedList, preparedPer } from '../../db/prepared';
import type { Partner, PartnerUpdate } from '../../db/schema';
import { foldSearch, keyRange } from './search';

export const PARTNER_SORTS = [
  '-created',
  'created',
  '-sales',
  'sales',
  '-commissions',
  'commissions',
] as const;
export type PartnerSort = (typeof PARTNER_SORTS)[number];

const SORT_COLUMNS = {
  created: 'partners.created_at',
  sales: 'partners.total_sales_cents',
  commissions: 'partners.total_earned_cents',
} as const;

export interface PartnerListFilter {
  q?: string | undefined;
  status?: 'active' | 'suspended' | undefined;
  /** A sub-partner's id, or null for partners of none. */
  subpartnerId?: number | null | undefined;
  /** Verified sales in [min, max) (a tier's range), or partners with a staff override. */
  tier?: { min: number; max: number | null } | 'override' | undefined;
  country?: string | undefined;
  verified?: boolean | undefined;
  paypal?: boolean | undefined;
  sort: PartnerSort;
}

/**
 * How the list finds the partners a search names (docs/decisions/040-staff-search.md): a search
 * finds a partner when their name ("first last"), e-mail or one of their codes contains it, in any
 * case. Both ways below give that answer; they differ in what they read.
 *
 * - `keys`: a narrow search (at most NARROW keys start with it) reads its range of
 *   partner_search_keys, every suffix of every field (migration 026), then only the partners in it.
 *   A search longer than a key is looked up by its start and checked on the folded text.
 * - `scan`: a broad one (a letter, "gmail") reads the list in its order and checks each partner's
 *   folded text (one narrow row), so a page stops once it is full; its count reads every text.
 */
export type PartnerSearch =
  | { way: 'keys'; from: string; before: string | null; contains: string | null }
  | { way: 'scan'; contains: string };

/** Keys read at most to call a search narrow. */
const NARROW = 200;

// The list runs a handful of shapes again and again (no filter, a search, a filter or two), and
// building each with Kysely on every request cost more than SQLite's reading of the page. So the
// reads below are compiled once per shape (db/prepared.ts, decisions/048): what decides the SQL's
// text (which filters, the search's way, the order) is the shape; everything else is bound.

const keysUpTo = (db: Db, from: string, before: string | undefined) =>
  db
    .selectFrom((eb) =>
      eb
        .selectFrom('partner_search_keys')
        .select('partner_search_keys.partner_id')
        .where('partner_search_keys.key', '>=', from)
        .$if(before !== undefined, (k) => k.where('partner_search_keys.key', '<', before!))
        .limit(sql.lit(NARROW + 1))
        .as('k'),
    )
    .select(sql<number>`count(*)`.as('n'));
const countKeysFrom = prepared(1, (db, from: string) => keysUpTo(db, from, undefined));
const countKeysBetween = prepared(2, (db, from: string, before: string) => keysUpTo(db, from, before));

/** The way to answer the search `q` (undefined: no search). */
export async function resolveSearch(db: Db, q: string | undefined): Promise<PartnerSearch | undefined> {
  const trimmed = q?.trim();
  if (!trimmed) return undefined;
  const folded = foldSearch(trimmed);
  const { from, before, check } = keyRange(folded);
  const [{ n }] = (
    before === null ? await countKeysFrom(db, from) : await countKeysBetween(db, from, before)
  ) as [{ n: number }];
  return Number(n) <= NARROW
    ? { way: 'keys', from, before, contains: check ? folded : null }
    : { way: 'scan', contains: folded };
}

/** The values a filter binds, each present only when the filter uses it (the shape says which). */
interface ListValues {
  from?: string;
  before?: string;
  like?: string;
  subpartnerId?: number;
  tierMin?: number;
  tierMax?: number;
  country?: string;
  verified?: number;
}
const VALUE_NAMES = [
  'from',
  'before',
  'like',
  'subpartnerId',
  'tierMin',
  'tierMax',
  'country',
  'verified',
] as const;

/** What decides the text of the list's SQL. */
interface ListShape {
  search: 'keys' | undefined;
  status: 'active' | 'suspended' | undefined;
  subpartner: 'none' | 'one' | undefined;
  tier: 'override' | 'range' | undefined;
  paypal: boolean | undefined;
  /** The names in ListValues that are bound, in VALUE_NAMES' order. */
  values: (typeof VALUE_NAMES)[number][];
}

/** The filter and its search as a shape and the values it binds. */
function shapeOf(
  filter: Omit<PartnerListFilter, 'sort'>,
  search: PartnerSearch | undefined,
): { shape: ListShape; values: ListValues } {
  const values: ListValues = {};
  if (search?.way === 'keys') {
    values.from = search.from;
    if (search.before !== null) values.before = search.before;
  }
  const contains = search ? search.contains : null;
  // LIKE's own characters are plain text; both sides are folded, so LIKE's case rules do not matter.
  if (contains !== null) values.like = `%${contains.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (typeof filter.subpartnerId === 'number') values.subpartnerId = filter.subpartnerId;
  if (filter.tier && filter.tier !== 'override') {
    values.tierMin = filter.tier.min;
    if (filter.tier.max !== null) values.tierMax = filter.tier.max;
  }
  if (filter.country) values.country = filter.country;
  if (filter.verified !== undefined) values.verified = filter.verified ? 1 : 0;
  const shape: ListShape = {
    search: search?.way === 'keys' ? 'keys' : undefined,
    status: filter.status,
    subpartner: filter.subpartnerId === undefined ? undefined : filter.subpartnerId === null ? 'none' : 'one',
    tier: filter.tier === undefined ? undefined : filter.tier === 'override' ? 'override' : 'range',
    paypal: filter.paypal,
    values: VALUE_NAMES.filter((name) => values[name] !== undefined),
  };
  return { shape, values };
}

/** The partners the shape keeps with these values (no order, no columns yet). */
function filtered(db: Db, shape: ListShape, v: ListValues) {
  let query = db.selectFrom('partners');
  if (shape.search === 'keys') {
    query = query.where('partners.id', 'in', (eb) =>
      eb
        .selectFrom('partner_search_keys')
        .select('partner_search_keys.partner_id')
        .where('partner_search_keys.key', '>=', v.from!)
        .$if(shape.values.includes('before'), (k) => k.where('partner_search_keys.key', '<', v.before!)),
    );
  }
  if (shape.values.includes('like')) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('partner_search')
          .select('partner_search.partner_id')
          .whereRef('partner_search.partner_id', '=', 'partners.id')
          .where('partner_search.folded', 'like', sql<string>`${v.like!} escape '\\'`),
      ),
    );
  }
  // Written into the SQL (one of two words): the index of suspended partners is partial, and
  // SQLite takes it only for the very text of its condition.
  if (shape.status) query = query.where('partners.status', '=', sql.lit(shape.status));
  if (shape.subpartner === 'none') query = query.where('partners.subpartner_id', 'is', null);
  else if (shape.subpartner === 'one') query = query.where('partners.subpartner_id', '=', v.subpartnerId!);
  if (shape.tier === 'override') query = query.where('partners.commission_override_bp', 'is not', null);
  else if (shape.tier === 'range') {
    query = query.where('partners.verified_sales', '>=', v.tierMin!);
    if (shape.values.includes('tierMax')) query = query.where('partners.verified_sales', '<', v.tierMax!);
  }
  if (shape.values.includes('country')) query = query.where('partners.country', '=', v.country!);
  if (shape.values.includes('verified')) query = query.where('partners.verified', '=', v.verified!);
  if (shape.paypal !== undefined)
    query = shape.paypal
      ? query.where('partners.paypal_email', 'is not', null).where('partners.paypal_email', '!=', '')
      : query.where((eb) =>
          eb.or([eb('partners.paypal_email', 'is', null), eb('partners.paypal_email', '=', '')]),
        );
  return query;
}

const LIST_COLUMNS = [
  'partners.id',
  'partners.uuid',
  'partners.email',
  'partners.first_name',
  'partners.last_name',
  'partners.country',
  'partners.verified',
  'partners.status',
  'partners.created_at',
  'partners.total_sales_cents',
  'partners.total_earned_cents',
  'partners.verified_sales',
] as const;

const sortOf = (sort: PartnerSort) => ({
  column: SORT_COLUMNS[sort.replace('-', '') as keyof typeof SORT_COLUMNS],
  direction: sort.startsWith('-') ? ('desc' as const) : ('asc' as const),
});

const pageQuery = (
  db: Db,
  shape: ListShape,
  v: ListValues,
  sort: PartnerSort,
  length: number,
  offset: number,
) => {
  const { column, direction } = sortOf(sort);
  return filtered(db, shape, v)
    .select(LIST_COLUMNS)
    .orderBy(column, direction)
    .orderBy('partners.id', direction)
    .limit(length)
    .offset(offset);
};

/**
 * How many partners the shape keeps. Active partners alone (the list's usual filter) are every
 * partner but the suspended ones, read from the small index of those: counting every active row
 * reads the whole table (or a whole index) for what SQLite counts from the table's pages alone.
 */
const countQuery = (db: Db, shape: ListShape, v: ListValues) => {
  const onlyActive =
    shape.status === 'active' &&
    !shape.search &&
    shape.values.length === 0 &&
    !shape.subpartner &&
    !shape.tier &&
    shape.paypal === undefined;
  if (!onlyActive) return filtered(db, shape, v).select(sql<number>`count(*)`.as('n'));
  return db.selectNoFrom([
    sql<number>`(select count(*) from partners) - (select count(*) from partners where status = 'suspended')`.as(
      'n',
    ),
  ]);
};

type PageRow = Awaited<ReturnType<ReturnType<typeof pageQuery>['execute']>>[number];
type Run<Row> = (db: Db, ...args: unknown[]) => Promise<Row[]>;
/** Each shape's page and count, compiled once; the shapes are few (the filters' combinations), at most 256 kept. */
const runsByShape = new Map<string, { page: Run<PageRow>; count: Run<{ n: number | string }> }>();
const MAX_SHAPES = 256;

/** The page's length is written into its text (a bound LIMIT is prepared anew on each run: db/sqlite-dialect.ts), so it is part of the shape. */
function runsOf(shape: ListShape, sort: PartnerSort, length: number) {
  const key = JSON.stringify([shape, sort, length]);
  let runs = runsByShape.get(key);
  if (!runs) {
    const n = shape.values.length;
    const valuesOf = (args: unknown[]) =>
      Object.fromEntries(shape.values.map((name, i) => [name, args[i]])) as ListValues;
    runs = {
      page: prepared(n + 1, (db, ...args: unknown[]) =>
        pageQuery(db, shape, valuesOf(args), sort, length, args[n] as number),
      ),
      count: prepared(n, (db, ...args: unknown[]) => countQuery(db, shape, valuesOf(args))),
    };
    // A bound on what a caller's filters can make this keep; the common shapes come back at once.
    if (runsByShape.size >= MAX_SHAPES) runsByShape.clear();
    runsByShape.set(key, runs);
  }
  return runs;
}

/** One page of the partners the filter keeps, in its order (ties by id, the same way), and how many there are. */
export async function partnerPage(db: Db, filter: PartnerListFilter & { page: number; length: number }) {
  const { shape, values } = shapeOf(filter, await resolveSearch(db, filter.q));
  const runs = runsOf(shape, filter.sort, filter.length);
  const bound = shape.values.map((name) => values[name]);
  const [rows, [count]] = await Promise.all([
    runs.page(db, ...bound, (filter.page - 1) * filter.length),
    runs.count(db, ...bound),
  ]);
  return { rows, total: Number(count!.n) };
}

/** Where an export stands: the last row written, by the list's order. */
export interface ExportCursor {
  key: string | number;
  id: number;
}

/**
 * The next `limit` partners of an export after `cursor`, in the list's order (keyset paging: each
 * slice is one indexed read however far the export has come), with what the CSV adds.
 */
export async function partnerExportSlice(
  db: Db,
  filter: PartnerListFilter,
  cursor: ExportCursor | null,
  limit: number,
) {
  const { column, direction } = sortOf(filter.sort);
  const { shape, values } = shapeOf(filter, await resolveSearch(db, filter.q));
  let query = filtered(db, shape, values);
  if (cursor) {
    const after = direction === 'desc' ? '<' : '>';
    query = query.where((eb) =>
      eb.or([
        eb(column, after, cursor.key),
        eb.and([eb(column, '=', cursor.key), eb('partners.id', after, cursor.id)]),
      ]),
    );
  }
  return query
    .leftJoin('subpartners', 'subpartners.id', 'partners.subpartner_id')
    .select([
      ...LIST_COLUMNS,
      'partners.paypal_email',
      'partners.commission_override_bp',
      'partners.last_login_dt',
      'subpartners.slug as subpartner_slug',
    ])
    .orderBy(column, direction)
    .orderBy('partners.id', direction)
    .limit(limit)
    .execute();
}

/** The value of the sort's column in a row, for the next slice's cursor. */
export function cursorOf(
  sort: PartnerSort,
  row: { id: number; created_at: string; total_sales_cents: number; total_earned_cents: number },
): ExportCursor {
  const name = sort.replace('-', '') as keyof typeof SORT_COLUMNS;
  const key =
    name === 'created' ? row.created_at : name === 'sales' ? row.total_sales_cents : row.total_earned_cents;
  return { key, id: row.id };
}

// Compiled once per number of partners (a page holds at most 100).
const codesOfIds = preparedList(100, (db, partnerIds: number[]) =>
  db
    .selectFrom('promo_codes')
    .select(['partner_id', 'code'])
    .where('partner_id', 'in', partnerIds)
    .orderBy('id'),
);

/** The codes of these partners, by partner id, oldest first. */
export async function codesOf(db: Db, partnerIds: number[]): Promise<Map<number, string[]>> {
  const codes = new Map<number, string[]>(partnerIds.map((id) => [id, []]));
  if (partnerIds.length === 0) return codes;
  for (const row of await codesOfIds(db, partnerIds)) codes.get(row.partner_id)?.push(row.code);
  return codes;
}

// A partner's page and its tabs run the reads below on every visit, each the same shape every
// time: they are compiled once (db/prepared.ts, decisions/048) rather than built by Kysely on
// every request, which cost more than SQLite's own work on them.
const partnerRowByUuid = prepared(1, (db, uuid: string) =>
  db.selectFrom('partners').selectAll().where('uuid', '=', uuid),
);
const partnerIdRow = prepared(1, (db, uuid: string) =>
  db.selectFrom('partners').select('id').where('uuid', '=', uuid),
);

export async function partnerByUuid(db: Db, uuid: string): Promise<Partner | undefined> {
  return (await partnerRowByUuid(db, uuid))[0];
}

/** The partner's id alone (a tab of their page needs no more of them). */
export async function partnerIdByUuid(db: Db, uuid: string): Promise<number | undefined> {
  return (await partnerIdRow(db, uuid))[0]?.id;
}

const summaryRow = prepared(1, (db, id: number) =>
  db
    .selectFrom('partners')
    .select(['uuid', 'email', 'first_name', 'last_name', 'status'])
    .where('id', '=', id),
);

export async function partnerSummary(db: Db, id: number) {
  return (await summaryRow(db, id))[0];
}

const salesStatRows = prepared(3, (db, partnerId: number, thisMonth: string, lastMonth: string) =>
  db
    .selectFrom('partner_sales_stats')
    .select(['period', 'start', 'geo', 'orders', 'sales_cents'])
    .where('partner_id', '=', partnerId)
    .where((eb) =>
      eb.or([
        eb('period', '=', 'a'),
        eb.and([eb('period', '=', 'm'), eb('start', 'in', [thisMonth, lastMonth])]),
      ]),
    ),
);

/** The partner's all-time sales by region, and this month's and last month's for all regions. */
export function salesRows(db: Db, partnerId: number, months: [thisMonth: string, lastMonth: string]) {
  return salesStatRows(db, partnerId, months[0], months[1]);
}

const earningStatusStatRows = prepared(1, (db, partnerId: number) =>
  db
    .selectFrom('partner_earning_stats')
    .select(['status', sql<number>`sum(earnings)`.as('n'), sql<number>`sum(cents)`.as('cents')])
    .where('partner_id', '=', partnerId)
    .where('month', '=', '')
    .groupBy('status'),
);

/** The partner's earnings of all time by status (the running totals). */
export function earningStatusRows(db: Db, partnerId: number) {
  return earningStatusStatRows(db, partnerId);
}

const countOf = async (query: { executeTakeFirstOrThrow(): Promise<{ n: number | string }> }) =>
  Number((await query.executeTakeFirstOrThrow()).n);

export interface Paging {
  page: number;
  length: number;
}

const offsetOf = (paging: Paging) => (paging.page - 1) * paging.length;

/**
 * A page of the partner's earnings, newest first, with the order each comes from. The page's ids
 * are chosen first from the index of the partner's earnings alone (ids sort there without reading
 * a row), and only those ten are read with their orders: joining before the sort read every
 * earning of the partner and its order, scattered across the ledger, to show ten.
 */
const earningPageRows = preparedPer(2, (db, limit: number, partnerId: number, offset: number) => {
  const pageIds = db
    .selectFrom('earnings')
    .select('earnings.id')
    .where('earnings.partner_id', '=', partnerId)
    .orderBy('earnings.id', 'desc')
    .limit(limit)
    .offset(offset);
  return db
    .selectFrom('earnings')
    .leftJoin('orders', 'orders.id', 'earnings.order_id')
    .leftJoin('marketplace_sales', 'marketplace_sales.id', 'earnings.marketplace_sale_id')
    .select([
      'earnings.id',
      'earnings.kind',
      'earnings.base_cents',
      'earnings.rate_bp',
      'earnings.amount_cents',
      'earnings.status',
      'earnings.hold_until',
      'earnings.payout_id',
      'earnings.created_at',
      'orders.order_number',
      'orders.first_product',
      'marketplace_sales.product as marketplace_product',
    ])
    .where('earnings.id', 'in', pageIds)
    .orderBy('earnings.id', 'desc');
});
const earningCount = prepared(1, (db, partnerId: number) =>
  db
    .selectFrom('earnings')
    .select(sql<number>`count(*)`.as('n'))
    .where('partner_id', '=', partnerId),
);

export async function earningPage(db: Db, partnerId: number, paging: Paging) {
  const [rows, [count]] = await Promise.all([
    earningPageRows(db, paging.length, partnerId, offsetOf(paging)),
    earningCount(db, partnerId),
  ]);
  return { rows, total: Number(count!.n) };
}

const eventsOf = preparedList(100, (db, earningIds: number[]) =>
  db
    .selectFrom('earning_events')
    .select([
      'earning_id',
      'at',
      'from_status',
      'to_status',
      'amount_before_cents',
      'amount_after_cents',
      'reason',
      'actor',
    ])
    .where('earning_id', 'in', earningIds)
    .orderBy('id'),
);

/** The history of these earnings, oldest first. */
export function earningEventsOf(db: Db, earningIds: number[]) {
  if (earningIds.length === 0) return Promise.resolve([]);
  return eventsOf(db, earningIds);
}

/** A page of the partner's payouts, newest first, with their invoice. */
export async function payoutPage(db: Db, partnerId: number, paging: Paging) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('payouts')
      .leftJoin('invoices', 'invoices.payout_id', 'payouts.id')
      .select([
        'payouts.id',
        'payouts.status',
        'payouts.amount_cents',
        'payouts.currency',
        'payouts.earnings_count',
        'payouts.created_at',
        'payouts.paid_at',
        'invoices.number as invoice_number',
      ])
      .where('payouts.partner_id', '=', partnerId)
      .orderBy('payouts.created_at', 'desc')
      .orderBy('payouts.id', 'desc')
      .limit(paging.length)
      .offset(offsetOf(paging))
      .execute(),
    countOf(
      db
        .selectFrom('payouts')
        .select(sql<number>`count(*)`.as('n'))
        .where('partner_id', '=', partnerId),
    ),
  ]);
  return { rows, total };
}

/** A page of the partner's vouchers, newest first. */
export async function voucherPage(db: Db, partnerId: number, paging: Paging) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('vouchers')
      .selectAll()
      .where('partner_id', '=', partnerId)
      .orderBy('id', 'desc')
      .limit(paging.length)
      .offset(offsetOf(paging))
      .execute(),
    countOf(
      db
        .selectFrom('vouchers')
        .select(sql<number>`count(*)`.as('n'))
        .where('partner_id', '=', partnerId),
    ),
  ]);
  return { rows, total };
}

/** A page of the partners this one referred, newest first, with their figures. */
export async function referralPage(db: Db, partnerId: number, paging: Paging) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('partners')
      .select(['uuid', 'email', 'first_name', 'last_name', 'status', 'created_at', 'total_sales_cents'])
      .where('referrer_id', '=', partnerId)
      .orderBy('id', 'desc')
      .limit(paging.length)
      .offset(offsetOf(paging))
      .execute(),
    countReferrals(db, partnerId),
  ]);
  return { rows, total };
}

const referralCount = prepared(1, (db, partnerId: number) =>
  db
    .selectFrom('partners')
    .select(sql<number>`count(*)`.as('n'))
    .where('referrer_id', '=', partnerId),
);

export async function countReferrals(db: Db, partnerId: number): Promise<number> {
  return Number((await referralCount(db, partnerId))[0]!.n);
}

/** A page of the staff notes on the partner, newest first, each with its author. */
export async function notePage(db: Db, partnerId: number, paging: Paging) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('partner_notes')
      .leftJoin('staff_users', 'staff_users.id', 'partner_notes.staff_id')
      .select([
        'partner_notes.id',
        'partner_notes.body',
        'partner_notes.created_at',
        'staff_users.name as staff_name',
      ])
      .where('partner_notes.partner_id', '=', partnerId)
      .orderBy('partner_notes.id', 'desc')
      .limit(paging.length)
      .offset(offsetOf(paging))
      .execute(),
    countOf(
      db
        .selectFrom('partner_notes')
        .select(sql<number>`count(*)`.as('n'))
        .where('partner_id', '=', partnerId),
    ),
  ]);
  return { rows, total };
}

export function insertNote(
  db: Db,
  note: { partner_id: number; staff_id: number; body: string; created_at: string },
) {
  return db
    .insertInto('partner_notes')
    .values(note)
    .returning(['id', 'body', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** The staff's changes to a partner's row, stamped with the time of the change. */
export async function updatePartnerFields(
  db: Db,
  id: number,
  changes: PartnerUpdate,
  at: string,
): Promise<void> {
  await db
    .updateTable('partners')
    .set({ ...changes, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** A staff account's name (a note's author). */
export async function staffName(db: Db, staffId: number): Promise<string | undefined> {
  const staff = await db
    .selectFrom('staff_users')
    .select('name')
    .where('id', '=', staffId)
    .executeTakeFirst();
  return staff?.name;
}

/**
 * The ids of the audit log's lines about the partner themselves (by uuid), one of their promo
 * codes or one of their vouchers (by code): three index reads, the codes joined in the same
 * statement, so its text is the same whatever the partner has and it is compiled once. A line
 * is in one part only (each names one entity). Written as a union rather than `or`:
 * PostgreSQL does not take the index for an `in (subquery)` under an `or`, and read every
 * voucher's line instead.
 */
function idsAboutPartner(db: Db, uuid: string, partnerId: number) {
  return db
    .selectFrom('audit_log')
    .select('audit_log.id')
    .where('audit_log.entity', '=', 'partner')
    .where('audit_log.entity_id', '=', uuid)
    .unionAll(
      db
        .selectFrom('promo_codes')
        .innerJoin('audit_log', (join) =>
          join
            .onRef('audit_log.entity_id', '=', 'promo_codes.code')
            .on('audit_log.entity', '=', 'promo_code'),
        )
        .select('audit_log.id')
        .where('promo_codes.partner_id', '=', partnerId),
    )
    .unionAll(
      db
        .selectFrom('vouchers')
        .innerJoin('audit_log', (join) =>
          join.onRef('audit_log.entity_id', '=', 'vouchers.code').on('audit_log.entity', '=', 'voucher'),
        )
        .select('audit_log.id')
        .where('vouchers.partner_id', '=', partnerId),
    );
}

// The page's ids are chosen first from the indexes alone; only those lines are read whole,
// with their before and after.
const partnerAuditRows = preparedPer(
  3,
  (db, limit: number, uuid: string, partnerId: number, offset: number) =>
    db
      .selectFrom('audit_log')
      .leftJoin('staff_users', 'staff_users.id', 'audit_log.staff_id')
      .select([
        'audit_log.id',
        'audit_log.action',
        'audit_log.entity',
        'audit_log.entity_id',
        'audit_log.before',
        'audit_log.after',
        'audit_log.created_at',
        'staff_users.name as staff_name',
      ])
      .where(
        'audit_log.id',
        'in',
        db
          .selectFrom(idsAboutPartner(db, uuid, partnerId).as('about'))
          .select('about.id')
          .orderBy('about.id', 'desc')
          .limit(limit)
          .offset(offset),
      )
      .orderBy('audit_log.id', 'desc'),
);
const partnerAuditCount = prepared(2, (db, uuid: string, partnerId: number) =>
  db.selectFrom(idsAboutPartner(db, uuid, partnerId).as('about')).select(sql<number>`count(*)`.as('n')),
);

/**
 * A page of the staff actions on the partner, newest first: lines of the audit log about the
 * partner themselves, one of their promo codes or one of their vouchers.
 */
export async function auditPage(db: Db, who: { uuid: string; id: number }, paging: Paging) {
  const [rows, [count]] = await Promise.all([
    partnerAuditRows(db, paging.length, who.uuid, who.id, offsetOf(paging)),
    partnerAuditCount(db, who.uuid, who.id),
  ]);
  return { rows, total: Number(count!.n) };
}
