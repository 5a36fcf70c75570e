// The earnings ledger. Every earning is created once per (partner, kind, source) and every
// change to it, status or amount, is written to earning_events with when and why. Changes are
// conditional on the status read, so two nodes can never both apply the same transition.
import type { Db } from '../../db';
import { retryOnConflict } from '../../db/retry';
import { nowIso } from '../../db/dialect';
import type { Earning, EarningStatus } from '../../db/schema';
import {
  insertCreationEvent,
  insertEarning,
  insertEarningEvent,
  insertEarningEvents,
  insertSaleEarning,
  openAdjustmentsOfOrders,
  orderEarningsAmong,
  pendingEarningsDue,
  updateEarningIfUnchanged,
  updateEarningsInStatus,
} from './earnings-repository';
import type { MovedEarning, NewEarning } from './earnings-repository';
import { setOrderCounted } from './stats-repository';
import {
  commissionCounts,
  countEarningChange,
  countEarningsMoved,
  countNewSale,
  syncOrderStats,
} from './stats';

export type { MovedEarning, NewEarning } from './earnings-repository';
export { earningsOfOrder, findEarningById } from './earnings-repository';

/** Creates the earning unless it exists already; answers it, or undefined on a repeat. */
export async function createEarning(
  db: Db,
  earning: NewEarning,
  reason: string,
  actor: string,
  now = new Date(),
): Promise<Earning | undefined> {
  const at = nowIso(now);
  // Dated by its order's payment when it has one (docs/decisions/054-program-calendar.md).
  const created = await insertEarning(db, earning, at);
  if (created) {
    await insertEarningEvent(db, {
      earning_id: created.id,
      at,
      from_status: null,
      to_status: created.status,
      amount_before_cents: null,
      amount_after_cents: created.amount_cents,
      reason,
      actor,
    });
    // (The order that a new sale earning belongs to brings its own stats up to date.)
    await countEarningChange(db, undefined, created);
  }
  return created;
}

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
    await setOrderCounted(db, earning.order_id!, { orders: 0, sales: 0, commission: 0 });
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
  if (!(await updateEarningIfUnchanged(db, earning, { status, amount_cents: amount }, at))) return false;
  await insertEarningEvent(db, {
    earning_id: earning.id,
    at,
    from_status: earning.status,
    to_status: status,
    amount_before_cents: earning.amount_cents,
    amount_after_cents: amount,
    reason,
    actor,
  });
  await countEarningChange(db, earning, { ...earning, status, amount_cents: amount });
  // A sale commission that starts or stops counting, or changes, moves the order's figures too.
  const commissionMoved =
    commissionCounts(earning.status) !== commissionCounts(status) ||
    (commissionCounts(status) && amount !== earning.amount_cents);
  if (earning.kind === 'sale' && earning.order_id !== null && commissionMoved)
    await syncOrderStats(db, earning.order_id);
  return true;
}

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
  if (filter.ids?.length === 0) return [];
  const moved = await updateEarningsInStatus(db, filter, to, at);
  if (moved.length === 0 || filter.from === to.status) return moved;
  for (let i = 0; i < moved.length; i += 500) {
    await insertEarningEvents(
      db,
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
    );
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
    const earnings = await orderEarningsAmong(db, earningIds.slice(i, i + 500));
    if (earnings.length === 0) continue;
    const byId = new Map(earnings.map((e) => [e.id, e]));
    const adjustments = await openAdjustmentsOfOrders(db, partnerId, [
      ...new Set(earnings.map((e) => e.order_id!)),
    ]);
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
    const due = await pendingEarningsDue(db, nowIso(now), batch);
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
