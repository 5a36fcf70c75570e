// The earnings ledger's queries (earnings and earning_events) and the earnings export's reads, in
// the subset SQLite and PostgreSQL share. The rules of what to write stay with the commands.
import { sql } from 'kysely';
import type { Insertable } from 'kysely';
import type { Db } from '../../db';
import { prepared } from '../../db/prepared';
import type { Earning, EarningEventsTable, EarningKind, EarningStatus } from '../../db/schema';
import type { TimeRange } from '../../plugins/time-range';

export interface NewEarning {
  partner_id: number;
  kind: EarningKind;
  source_key: string;
  order_id?: number | null;
  marketplace_sale_id?: number | null;
  base_cents: number;
  rate_bp: number | null;
  amount_cents: number;
  status: EarningStatus;
  hold_until: string | null;
}

/** One line of an earning's history: a status and/or amount it went from and to, when and why. */
export type NewEarningEvent = Insertable<EarningEventsTable>;

/** Inserts the earning unless it exists already; answers the row, or undefined on a repeat. */
export function insertEarning(db: Db, earning: NewEarning, at: string): Promise<Earning | undefined> {
  return db
    .insertInto('earnings')
    .values({
      order_id: null,
      marketplace_sale_id: null,
      ...earning,
      payout_id: null,
      created_at: at,
      updated_at: at,
      dated_at: datedAtOf(earning.order_id, at),
    })
    .onConflict((oc) => oc.columns(['partner_id', 'kind', 'source_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * The instant a new earning counts at in the calendar (docs/decisions/054-program-calendar.md):
 * an earning of an order (its sale, a referral, an adjustment) when the customer paid the order,
 * any other when it is recorded.
 */
const datedAtOf = (orderId: number | null | undefined, at: string) =>
  orderId != null ? sql<string>`coalesce((select paid_at from orders where id = ${orderId}), ${at})` : at;

export async function insertEarningEvent(db: Db, event: NewEarningEvent): Promise<void> {
  await db.insertInto('earning_events').values(event).execute();
}

/** Several events in one statement. */
export async function insertEarningEvents(db: Db, events: NewEarningEvent[]): Promise<void> {
  await db.insertInto('earning_events').values(events).execute();
}

/** The order counts nothing in the stats: its counted figures back to zero. */
export function findEarningById(db: Db, earningId: number): Promise<Earning | undefined> {
  return db.selectFrom('earnings').selectAll().where('id', '=', earningId).executeTakeFirst();
}

// The sale earning and its creation event run for every paid order that earns
// (createSaleOfNewOrder): compiled once (db/prepared.ts).
export const insertSaleEarning = prepared(
  10,
  (
    _db,
    partnerId: number,
    kind: EarningKind,
    sourceKey: string,
    orderId: number | null,
    base: number,
    rateBp: number | null,
    amount: number,
    status: EarningStatus,
    holdUntil: string | null,
    at: string,
  ) => sql<{ id: number; dated_at: string }>`
    insert into earnings (partner_id, kind, source_key, order_id, marketplace_sale_id, base_cents, rate_bp, amount_cents, status, hold_until, payout_id, created_at, updated_at, dated_at)
    values (${partnerId}, ${kind}, ${sourceKey}, ${orderId}, null, ${base}, ${rateBp}, ${amount}, ${status}, ${holdUntil}, null, ${at}, ${at}, coalesce((select paid_at from orders where id = ${orderId}), ${at}))
    on conflict (partner_id, kind, source_key) do nothing
    returning id, dated_at`,
);
export const insertCreationEvent = prepared(
  6,
  (
    _db,
    earningId: number,
    at: string,
    status: EarningStatus,
    amount: number,
    reason: string,
    actor: string,
  ) => sql`
    insert into earning_events (earning_id, at, from_status, to_status, amount_before_cents, amount_after_cents, reason, actor)
    values (${earningId}, ${at}, null, ${status}, null, ${amount}, ${reason}, ${actor})`,
);

/**
 * Sets the earning's status and amount, only if it is still in the status and amount it was read
 * in; answers whether it was (false: another change got there first, nothing was written).
 */
export async function updateEarningIfUnchanged(
  db: Db,
  earning: Pick<Earning, 'id' | 'status' | 'amount_cents'>,
  to: { status: EarningStatus; amount_cents: number },
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('earnings')
    .set({ status: to.status, amount_cents: to.amount_cents, updated_at: at })
    .where('id', '=', earning.id)
    .where('status', '=', earning.status)
    .where('amount_cents', '=', earning.amount_cents)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type MovedEarning = Pick<
  Earning,
  'id' | 'kind' | 'amount_cents' | 'created_at' | 'dated_at' | 'order_id' | 'marketplace_sale_id'
>;

/**
 * Sets status `to.status` and payout `to.payoutId` on every earning of the partner in status
 * `from` (and, when given, in payout `inPayout`, among `ids`), conditional on the status; answers
 * the earnings it moved. `ids`, when given, must not be empty.
 */
export function updateEarningsInStatus(
  db: Db,
  filter: { partnerId: number; from: EarningStatus; inPayout?: number | null; ids?: readonly number[] },
  to: { status: EarningStatus; payoutId: number | null },
  at: string,
): Promise<MovedEarning[]> {
  let update = db
    .updateTable('earnings')
    .set({ status: to.status, payout_id: to.payoutId, updated_at: at })
    .where('partner_id', '=', filter.partnerId)
    .where('status', '=', filter.from);
  if (filter.inPayout !== undefined)
    update =
      filter.inPayout === null
        ? update.where('payout_id', 'is', null)
        : update.where('payout_id', '=', filter.inPayout);
  if (filter.ids) update = update.where('id', 'in', [...filter.ids]);
  return update
    .returning(['id', 'kind', 'amount_cents', 'created_at', 'dated_at', 'order_id', 'marketplace_sale_id'])
    .execute();
}

/** The earnings among `ids` that belong to an order. */
export function orderEarningsAmong(db: Db, ids: number[]): Promise<Earning[]> {
  return db
    .selectFrom('earnings')
    .selectAll()
    .where('id', 'in', ids)
    .where('order_id', 'is not', null)
    .execute();
}

/** The partner's approved adjustments of these orders that are in no payout, oldest first. */
export function openAdjustmentsOfOrders(db: Db, partnerId: number, orderIds: number[]): Promise<Earning[]> {
  return db
    .selectFrom('earnings')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .where('kind', '=', 'adjustment')
    .where('status', '=', 'APPROVED')
    .where('payout_id', 'is', null)
    .where('order_id', 'in', orderIds)
    .orderBy('id')
    .execute();
}

/** At most `limit` PENDING earnings whose holding period ended by `now`, in id order. */
export function pendingEarningsDue(db: Db, now: string, limit: number) {
  return db
    .selectFrom('earnings')
    .select(['id', 'status', 'amount_cents', 'partner_id', 'kind', 'order_id', 'created_at', 'dated_at'])
    .where('status', '=', 'PENDING')
    .where('hold_until', '<=', now)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function earningsOfOrder(db: Db, orderId: number): Promise<Earning[]> {
  return db
    .selectFrom('earnings')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('kind', 'in', ['sale', 'referral'])
    .execute();
}

// The earnings export (docs/product/back-office.md#exports).

export interface EarningsExportFilter extends TimeRange {
  /** The partner's id (the route resolves the uuid it was given). */
  partnerId?: number | undefined;
  status?: EarningStatus | undefined;
  kind?: EarningKind | undefined;
}

/**
 * The earnings with ids in (from, to], at most `limit`, in id order. The id range is what the
 * database reads by: the status and kind are compared as expressions, so no index on them is
 * taken instead (the status index walked all 82,000 pending earnings for each span of a 1M
 * ledger: 44 s instead of 5). One partner's earnings are read from the partner's index.
 */
function pageQuery(
  db: Db,
  filter: EarningsExportFilter,
  range: { from: number; to: number; limit?: number },
) {
  let query = db
    .selectFrom('earnings')
    .innerJoin('partners', 'partners.id', 'earnings.partner_id')
    .leftJoin('orders', 'orders.id', 'earnings.order_id')
    .leftJoin('marketplace_sales', 'marketplace_sales.id', 'earnings.marketplace_sale_id')
    .select([
      'earnings.id',
      'earnings.created_at',
      'earnings.updated_at',
      'earnings.kind',
      'earnings.status',
      'earnings.base_cents',
      'earnings.rate_bp',
      'earnings.amount_cents',
      'earnings.hold_until',
      'earnings.payout_id',
      'partners.uuid',
      'partners.first_name',
      'partners.last_name',
      'partners.email',
      'orders.order_number',
      'orders.first_product',
      'orders.currency as order_currency',
      'orders.source_subtotal_cents',
      'orders.fx_rate',
      'marketplace_sales.product as marketplace_product',
    ])
    .where('earnings.id', '>', range.from)
    .where('earnings.id', '<=', range.to);
  if (filter.partnerId !== undefined) query = query.where('earnings.partner_id', '=', filter.partnerId);
  if (filter.status !== undefined) query = query.where(sql`earnings.status || ''`, '=', filter.status);
  if (filter.kind !== undefined) query = query.where(sql`earnings.kind || ''`, '=', filter.kind);
  if (filter.since !== undefined) query = query.where('earnings.created_at', '>=', filter.since);
  if (filter.until !== undefined) query = query.where('earnings.created_at', '<', filter.until);
  query = query.orderBy('earnings.id');
  return range.limit === undefined ? query : query.limit(range.limit);
}

export type EarningsExportRow = Awaited<ReturnType<ReturnType<typeof pageQuery>['execute']>>[number];

/** A page of the export: see pageQuery. */
export function earningsExportPage(
  db: Db,
  filter: EarningsExportFilter,
  range: { from: number; to: number; limit?: number },
): Promise<EarningsExportRow[]> {
  return pageQuery(db, filter, range).execute();
}

/** The highest earning id, 0 when there is none. */
export async function lastEarningId(db: Db): Promise<number> {
  const last = await db
    .selectFrom('earnings')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(last?.id ?? 0);
}

/** The id of the partner with this uuid, if any. */
export async function partnerIdByUuid(db: Db, uuid: string): Promise<number | undefined> {
  return (await db.selectFrom('partners').select('id').where('uuid', '=', uuid).executeTakeFirst())?.id;
}
