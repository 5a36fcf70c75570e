// The earnings ledger. Every earning is created once per (partner, kind, source) and every
// change to it, status or amount, is written to earning_events with when and why. Changes are
// conditional on the status read, so two nodes can never both apply the same transition.
import { sql } from 'kysely';
import type { Db } from '../../db';
import { prepared } from '../../db/prepared';
import { retryOnConflict } from '../../db/retry';
import { nowIso } from '../../db/dialect';
import type { Earning, EarningKind, EarningStatus } from '../../db/schema';
import {
  commissionCounts,
  countEarningChange,
  countEarningsMoved,
  countNewSale,
  syncOrderStats,
} from './stats';

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

/** Creates the earning unless it exists already; answers it, or undefined on a repeat. */
export async function createEarning(
  db: Db,
  earning: NewEarning,
  reason: string,
  actor: string,
  now = new Date(),
): Promise<Earning | undefined> {
  const at = nowIso(now);
  const created = await db
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
  if (created) {
    await db
      .insertInto('earning_events')
      .values({
        earning_id: created.id,
        at,
        from_status: null,
        to_status: created.status,
        amount_before_cents: null,
        amount_after_cents: created.amount_cents,
        reason,
        actor,
      })
      .execute();
    // (The order that a new sale earning belongs to brings its own stats up to date.)
    await countEarningChange(db, undefined, created);
  }
  return created;
}

/**
 * The instant a new earning counts at in the calendar (docs/decisions/054-program-calendar.md):
 * an earning of an order (its sale, a referral, an adjustment) when the customer paid the order,
 * any other when it is recorded.
 */
const datedAtOf = (orderId: number | null | undefined, at: string) =>
  orderId != null ? sql<string>`coalesce((select paid_at from orders where id = ${orderId}), ${at})` : at;

/**
 * The sale earning of an order just inserted with what it counts (recordPaidOrder): createEarning's
 * rows, with the order's sales stats and the earning's written together, and the partner's
 * lifetime figures moved in one update rather than one per stat (decisions/044).
 */
export async function createSaleOfNewOrder(
  db: Db,
  earning: NewEarning,
  order: { placed_at: string; geo: 'CA' | 'US' | 'OTHER' },
  reason: string,
  actor: string,
  now = new Date(),
): Promise<void> {
  const at = nowIso(now);
  const [created] = await insertSaleEarning(
    db,
    earning.partner_id,
    earning.kind,
    earning.source_key,
    earning.order_id ?? null,
    earning.base_cents,
    earning.rate_bp,
    earning.amount_cents,
    earning.status,
    earning.hold_until,
    at,
  );
  const id = created?.id;
  // The order is new: its earning cannot exist already. Should it, nothing of the order was
  // added to the stats yet: it counts nothing, then is brought in line with what is there.
  if (id === undefined) {
    await sql`update orders set counted_orders = 0, counted_sales_cents = 0, counted_commission_cents = 0 where id = ${earning.order_id!}`.execute(
      db,
    );
    return syncOrderStats(db, earning.order_id!);
  }
  await insertCreationEvent(db, id, at, earning.status, earning.amount_cents, reason, actor);
  // Dated by the order's payment, as the order's sales are (created.dated_at is its paid_at).
  const datedAt = created!.dated_at;
  await countNewSale(
    db,
    { ...earning, created_at: at, dated_at: datedAt },
    { paid_at: datedAt, geo: order.geo },
  );
}

// The two statements above run for every paid order that earns: compiled once (db/prepared.ts).
const insertSaleEarning = prepared(
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
const insertCreationEvent = prepared(
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

type ChangeableEarning = Pick<
  Earning,
  'id' | 'status' | 'amount_cents' | 'partner_id' | 'kind' | 'order_id' | 'created_at' | 'dated_at'
>;

/**
 * Moves an earning to a new status and/or amount, only if it is still in the status it was read
 * in. Answers false when another change got there first (nothing is written then).
 */
export async function changeEarning(
  db: Db,
  earning: ChangeableEarning,
  change: { status?: EarningStatus; amount_cents?: number },
  reason: string,
  actor: string,
  now = new Date(),
): Promise<boolean> {
  const at = nowIso(now);
  const status = change.status ?? earning.status;
  const amount = change.amount_cents ?? earning.amount_cents;
  if (status === earning.status && amount === earning.amount_cents) return false;
  const result = await db
    .updateTable('earnings')
    .set({ status, amount_cents: amount, updated_at: at })
    .where('id', '=', earning.id)
    .where('status', '=', earning.status)
    .where('amount_cents', '=', earning.amount_cents)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await db
    .insertInto('earning_events')
    .values({
      earning_id: earning.id,
      at,
      from_status: earning.status,
      to_status: status,
      amount_before_cents: earning.amount_cents,
      amount_after_cents: amount,
      reason,
      actor,
    })
    .execute();
  await countEarningChange(db, earning, { ...earning, status, amount_cents: amount });
  // A sale commission that starts or stops counting, or changes, moves the order's figures too.
  const commissionMoved =
    commissionCounts(earning.status) !== commissionCounts(status) ||
    (commissionCounts(status) && amount !== earning.amount_cents);
  if (earning.kind === 'sale' && earning.order_id !== null && commissionMoved)
    await syncOrderStats(db, earning.order_id);
  return true;
}

export type MovedEarning = Pick<
  Earning,
  'id' | 'kind' | 'amount_cents' | 'created_at' | 'dated_at' | 'order_id' | 'marketplace_sale_id'
>;

/**
 * Moves every earning of the partner in status `from` (and, when given, in payout `inPayout`) to
 * status `to` and payout `payoutId`, with an event each and the stats: a payout gathers or settles
 * its earnings this way, however many (a statement per 500, not one per earning). The update is
 * conditional on the status, so an earning another transaction moved first is left out.
 */
export async function moveEarnings(
  db: Db,
  filter: { partnerId: number; from: EarningStatus; inPayout?: number | null; ids?: readonly number[] },
  to: { status: EarningStatus; payoutId: number | null },
  reason: string,
  actor: string,
  now = new Date(),
): Promise<MovedEarning[]> {
  const at = nowIso(now);
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
  if (filter.ids) {
    if (filter.ids.length === 0) return [];
    update = update.where('id', 'in', [...filter.ids]);
  }
  const moved = await update
    .returning(['id', 'kind', 'amount_cents', 'created_at', 'dated_at', 'order_id', 'marketplace_sale_id'])
    .execute();
  if (moved.length === 0 || filter.from === to.status) return moved;
  for (let i = 0; i < moved.length; i += 500) {
    await db
      .insertInto('earning_events')
      .values(
        moved.slice(i, i + 500).map((e) => ({
          earning_id: e.id,
          at,
          from_status: filter.from,
          to_status: to.status,
          amount_before_cents: e.amount_cents,
          amount_after_cents: e.amount_cents,
          reason,
          actor,
        })),
      )
      .execute();
  }
  await countEarningsMoved(db, filter.partnerId, filter.from, to.status, moved);
  if (commissionCounts(filter.from) !== commissionCounts(to.status)) {
    for (const e of moved) if (e.kind === 'sale' && e.order_id !== null) await syncOrderStats(db, e.order_id);
  }
  return moved;
}

/**
 * Earnings that leave a payout unpaid (it was rejected) take back what refunds of their orders
 * took from them by adjustment while they were in it: the earning is then worth what is left of
 * its order, and the adjustment is settled (REJECTED), so a later refund lowers the earning from
 * what it is really worth and nothing is taken twice.
 */
export async function foldAdjustmentsBack(
  db: Db,
  partnerId: number,
  earningIds: readonly number[],
  actor: string,
  now = new Date(),
): Promise<void> {
  for (let i = 0; i < earningIds.length; i += 500) {
    const earnings = await db
      .selectFrom('earnings')
      .selectAll()
      .where('id', 'in', earningIds.slice(i, i + 500))
      .where('order_id', 'is not', null)
      .execute();
    if (earnings.length === 0) continue;
    const byId = new Map(earnings.map((e) => [e.id, e]));
    const adjustments = await db
      .selectFrom('earnings')
      .selectAll()
      .where('partner_id', '=', partnerId)
      .where('kind', '=', 'adjustment')
      .where('status', '=', 'APPROVED')
      .where('payout_id', 'is', null)
      .where('order_id', 'in', [...new Set(earnings.map((e) => e.order_id!))])
      .orderBy('id')
      .execute();
    for (const adjustment of adjustments) {
      const earningId = Number(/:earning:(\d+)$/.exec(adjustment.source_key)?.[1]);
      const earning = byId.get(earningId);
      if (!earning || earning.status !== 'APPROVED') continue;
      const left = earning.amount_cents + adjustment.amount_cents;
      const change = left > 0 ? { amount_cents: left } : { status: 'REJECTED' as const };
      if (
        !(await changeEarning(
          db,
          earning,
          change,
          'refund taken back while in a payout, folded in when it was rejected',
          actor,
          now,
        ))
      )
        continue;
      byId.set(earning.id, { ...earning, ...change });
      await changeEarning(
        db,
        adjustment,
        { status: 'REJECTED' },
        `folded into earning ${earning.id}`,
        actor,
        now,
      );
    }
  }
}

/**
 * PENDING earnings whose holding period has ended become APPROVED; safe to run on every node.
 * Each batch is one transaction: one commit for its earnings, their events and the stats.
 */
export async function approveMaturedEarnings(db: Db, now = new Date(), batch = 500): Promise<number> {
  let approved = 0;
  for (;;) {
    const due = await db
      .selectFrom('earnings')
      .select(['id', 'status', 'amount_cents', 'partner_id', 'kind', 'order_id', 'created_at', 'dated_at'])
      .where('status', '=', 'PENDING')
      .where('hold_until', '<=', nowIso(now))
      .orderBy('id')
      .limit(batch)
      .execute();
    approved += await retryOnConflict(() =>
      db.transaction().execute(async (trx) => {
        let changed = 0;
        for (const earning of due) {
          if (
            await changeEarning(trx, earning, { status: 'APPROVED' }, 'holding period ended', 'system', now)
          )
            changed++;
        }
        return changed;
      }),
    );
    if (due.length < batch) return approved;
  }
}

export async function earningsOfOrder(db: Db, orderId: number): Promise<Earning[]> {
  return db
    .selectFrom('earnings')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('kind', 'in', ['sale', 'referral'])
    .execute();
}
