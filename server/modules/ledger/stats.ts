// Per-partner running totals of the ledger, kept in the same transaction as every change to it,
// so that each dashboard figure is a read of a few small rows however many orders a partner has
// (docs/decisions/009-ledger-running-totals.md).
//
// - partner_sales_stats: paid store orders made with the partner's own code (own-voucher orders
//   left out) by period of their payment (orders.paid_at): all time by region (CA, US, OTHER),
//   and each month and ISO week (from Monday) of the program's time zone for all regions together
//   (geo ''): how many, the sales net of refunds, and the sale commission that counts (not
//   rejected, not in review).
// - partner_earning_stats: every earning of the partner by kind and status, for the month of the
//   program's time zone it is dated in (earnings.dated_at: its order's payment for the earnings of
//   an order, else when it was recorded) and for all time: how many, and their amount.
//
// Months and weeks are cut at midnight in the program's time zone
// (docs/decisions/054-program-calendar.md): whatever writes a month or week row reads the zone in its own transaction
// (zoneForWrite, ./calendar.ts), and a change of zone re-cuts them all (rebuildCalendarStats).
//
// - partners.total_sales_cents, total_earned_cents, verified_sales: each partner's lifetime
//   figures on their own row (the all-time sales; every earning pending, approved, in a payout or
//   paid; their verified sales), so the back office lists and sorts 10,000 partners by them from
//   an index (migration 018). Written only when they move.
//
// Each order remembers what it contributes (orders.counted_*), so syncing an order is idempotent
// and may be called after any change to it or to its sale earning.
import { localMonthStart, localWeekStart } from '../../../common/calendar';
import type { Db } from '../../db';
import type { Earning, EarningKind, EarningStatus, Order } from '../../db/schema';
import { zoneForWrite } from './calendar';
import { isVerifiedSale, VERIFIED_KIND, VERIFIED_STATUSES } from './rules';
import {
  ALL_REGIONS,
  ALL_TIME,
  countedOrdersSlice,
  deleteAllStats,
  deleteCalendarStats,
  earningsSlice,
  insertAllTimeEarningRows,
  insertEarningStatsRows,
  insertSalesStatsRows,
  movePartnerTotals,
  orderStatsView,
  partnersSlice,
  recountOrders,
  recountPartnersJoined,
  setOrderCounted,
  setPartnerMonths,
  setPartnerTotalsFromStats,
  upsertEarningRows,
  upsertSalesRows,
} from './stats-repository';
import type { Geo, OrderStatsView, Period } from './stats-repository';

export { ALL_TIME };

/** The month row ('YYYY-MM-01') of the zone holding `instant`, `offset` months on. */
export const monthKeyIn = (instant: Date | string, zone: string, offset = 0) =>
  localMonthStart(instant, zone, offset);

/** The week row (its Monday, 'YYYY-MM-DD') of the zone holding `instant`, `offset` weeks on. */
export const weekKeyIn = (instant: Date | string, zone: string, offset = 0) =>
  localWeekStart(instant, zone, offset);

export const dayKey = (date: Date) => date.toISOString().slice(0, 10);

/** The instant an earning counts at in the calendar (schema: earnings.dated_at). */
export const datedAt = (e: { dated_at?: string | null; created_at: string }) => e.dated_at ?? e.created_at;

/** The sale commission counts unless the earning is refused or held for review. */
export const commissionCounts = (status: EarningStatus | null | undefined) =>
  status != null && status !== 'REJECTED' && status !== 'IN_REVIEW';

/** Earnings that count in the partner's total commissions (the dashboard's `total_commissions`). */
export const EARNED_STATUSES: readonly EarningStatus[] = ['PENDING', 'APPROVED', 'IN_PAYOUT', 'PAID'];

const earnedCount = (status: EarningStatus) => (EARNED_STATUSES.includes(status) ? 1 : 0);
// partners.verified_sales, by the one rule of verified sales (rules.ts).
const verifiedCount = (kind: EarningKind, status: EarningStatus) => (isVerifiedSale(kind, status) ? 1 : 0);

/** Moves the partner's lifetime figures on their row (nothing written when none moves). */
async function addPartnerTotals(
  db: Db,
  partnerId: number,
  delta: { sales?: number; earned?: number; verified?: number },
): Promise<void> {
  const sales = delta.sales ?? 0;
  const earned = delta.earned ?? 0;
  const verified = delta.verified ?? 0;
  if (sales === 0 && earned === 0 && verified === 0) return;
  await movePartnerTotals(db, partnerId, sales, earned, verified);
}

interface Contribution {
  orders: number;
  sales: number;
  commission: number;
}

/** The stats rows an order paid at `paid` in region `geo` counts in, months and weeks of `zone`. */
function periodsOf(
  paid: string,
  geo: Order['geo'],
  zone: string,
): { period: Period; start: string; geo: Geo }[] {
  return [
    { period: 'a', start: ALL_TIME, geo },
    { period: 'm', start: monthKeyIn(paid, zone), geo: ALL_REGIONS },
    { period: 'w', start: weekKeyIn(paid, zone), geo: ALL_REGIONS },
  ];
}

/**
 * Adds `delta` to the partner's rows the order counts in. The running totals are written on every
 * order, in a fixed shape (upsertSalesRows, movePartnerTotals: compiled once).
 */
async function addSales(
  db: Db,
  partnerId: number,
  paidAt: string,
  geo: Order['geo'],
  delta: Contribution,
): Promise<void> {
  await addSalesRows(db, partnerId, paidAt, geo, delta, await zoneForWrite(db));
  await addPartnerTotals(db, partnerId, { sales: delta.sales });
}

/** The partner_sales_stats half of addSales, without the partner's lifetime figures. */
async function addSalesRows(
  db: Db,
  partnerId: number,
  paidAt: string,
  geo: Order['geo'],
  delta: Contribution,
  zone: string,
): Promise<void> {
  const [all, month, week] = periodsOf(paidAt, geo, zone) as [PeriodRow, PeriodRow, PeriodRow];
  await upsertSalesRows(
    db,
    partnerId,
    all.geo,
    month.start,
    week.start,
    delta.orders,
    delta.sales,
    delta.commission,
  );
}

type PeriodRow = ReturnType<typeof periodsOf>[number];

/**
 * The running totals of a new order and its new sale earning together (the order was inserted
 * already counting it, orders.counted_*): what syncOrderStats and countEarningChange would add,
 * with the partner's lifetime figures in one update instead of two.
 */
export async function countNewSale(
  db: Db,
  earning: EarningKey & { base_cents: number },
  order: { paid_at: string; geo: Order['geo'] },
): Promise<void> {
  const commission = commissionCounts(earning.status) ? earning.amount_cents : 0;
  // One read of the zone for both: the order's month and its earning's are the same.
  const zone = await zoneForWrite(db);
  // Rows locked in the order every other path locks them (earning stats, the partner, then sales
  // stats: a refund's changeEarning then syncOrderStats), so two transactions of one partner on
  // PostgreSQL queue rather than deadlock.
  await addEarnings(db, earning, 1, earning.amount_cents, zone);
  await addPartnerTotals(db, earning.partner_id, {
    sales: earning.base_cents,
    earned: earnedCount(earning.status) * earning.amount_cents,
    verified: verifiedCount(earning.kind, earning.status),
  });
  await addSalesRows(
    db,
    earning.partner_id,
    order.paid_at,
    order.geo,
    { orders: 1, sales: earning.base_cents, commission },
    zone,
  );
}

/**
 * Brings the sales stats in line with the order as it is now; a no-op when nothing changed.
 * A caller that has just written the order and its sale earning may hand them over (`known`)
 * rather than have them read back.
 */
export async function syncOrderStats(db: Db, orderId: number, known?: OrderStatsView): Promise<void> {
  const row: OrderStatsView | undefined = known ?? (await orderStatsView(db, orderId));
  if (!row || row.partner_id === null) return;
  const counts = row.order_status === 'paid' && row.voucher_id === null;
  const now: Contribution = {
    orders: counts ? 1 : 0,
    sales: counts ? row.subtotal_cents - row.refunded_cents : 0,
    commission: counts && commissionCounts(row.status) ? (row.amount_cents ?? 0) : 0,
  };
  const delta: Contribution = {
    orders: now.orders - row.counted_orders,
    sales: now.sales - row.counted_sales_cents,
    commission: now.commission - row.counted_commission_cents,
  };
  if (delta.orders === 0 && delta.sales === 0 && delta.commission === 0) return;
  await setOrderCounted(db, orderId, now);
  await addSales(db, row.partner_id, row.paid_at ?? row.placed_at, row.geo, delta);
}

/** Adds `count` earnings worth `cents` under the earning's month (in `zone`) and all time. */
async function addEarnings(
  db: Db,
  key: {
    partner_id: number;
    kind: EarningKind;
    status: EarningStatus;
    created_at: string;
    dated_at: string | null;
  },
  count: number,
  cents: number,
  zone: string,
) {
  const month = monthKeyIn(datedAt(key), zone);
  await upsertEarningRows(db, key.partner_id, month, key.kind, key.status, count, cents);
}

/**
 * The earning stats after many earnings of one partner moved together from one status to another
 * (a payout gathering or settling them): one row change per month and kind, not per earning.
 */
export async function countEarningsMoved(
  db: Db,
  partnerId: number,
  from: EarningStatus,
  to: EarningStatus,
  moved: readonly Pick<Earning, 'kind' | 'amount_cents' | 'created_at' | 'dated_at'>[],
): Promise<void> {
  if (moved.length === 0) return;
  const zone = await zoneForWrite(db);
  const groups = new Map<
    string,
    { kind: EarningKind; created_at: string; dated_at: string | null; count: number; cents: number }
  >();
  for (const e of moved) {
    const key = `${monthKeyIn(datedAt(e), zone)}|${e.kind}`;
    const group = groups.get(key) ?? {
      kind: e.kind,
      created_at: e.created_at,
      dated_at: e.dated_at,
      count: 0,
      cents: 0,
    };
    group.count += 1;
    group.cents += e.amount_cents;
    groups.set(key, group);
  }
  let earned = 0;
  let verified = 0;
  for (const g of groups.values()) {
    await addEarnings(
      db,
      { partner_id: partnerId, kind: g.kind, status: from, created_at: g.created_at, dated_at: g.dated_at },
      -g.count,
      -g.cents,
      zone,
    );
    await addEarnings(
      db,
      { partner_id: partnerId, kind: g.kind, status: to, created_at: g.created_at, dated_at: g.dated_at },
      g.count,
      g.cents,
      zone,
    );
    earned += (earnedCount(to) - earnedCount(from)) * g.cents;
    verified += (verifiedCount(g.kind, to) - verifiedCount(g.kind, from)) * g.count;
  }
  await addPartnerTotals(db, partnerId, { earned, verified });
}

type EarningKey = Pick<
  Earning,
  'partner_id' | 'kind' | 'status' | 'amount_cents' | 'created_at' | 'dated_at'
>;

/** The earning stats after an earning is created (`before` undefined) or changed. */
export async function countEarningChange(
  db: Db,
  before: EarningKey | undefined,
  after: EarningKey,
): Promise<void> {
  const totals = {
    earned:
      earnedCount(after.status) * after.amount_cents -
      (before ? earnedCount(before.status) * before.amount_cents : 0),
    verified:
      verifiedCount(after.kind, after.status) - (before ? verifiedCount(before.kind, before.status) : 0),
  };
  if (before && before.status === after.status) {
    if (after.amount_cents !== before.amount_cents)
      await addEarnings(db, after, 0, after.amount_cents - before.amount_cents, await zoneForWrite(db));
  } else {
    const zone = await zoneForWrite(db);
    if (before) await addEarnings(db, before, -1, -before.amount_cents, zone);
    await addEarnings(db, after, 1, after.amount_cents, zone);
  }
  await addPartnerTotals(db, after.partner_id, totals);
}

/**
 * Recomputes every stat from the ledger itself, for ledgers written around the normal path (the
 * benchmark's bulk seed), months and weeks in the program's time zone (or `zone`). Migrations 005
 * and 028 keep their own copies of this for databases that held orders before: a change here
 * must not change what they did. Run it in a transaction, with no writer in between.
 */
export async function rebuildLedgerStats(db: Db, zone?: string): Promise<void> {
  const calendar = zone ?? (await zoneForWrite(db));
  await deleteAllStats(db);
  await recountOrders(db);

  await insertSalesTotals(db, calendar, true);
  await insertEarningMonths(db, calendar);
  await insertAllTimeEarningRows(db);

  // Each partner's lifetime figures, from the all-time rows just written.
  await setPartnerTotalsFromStats(db, EARNED_STATUSES, { kind: VERIFIED_KIND, statuses: VERIFIED_STATUSES });
}

/**
 * Re-cuts the month and week totals in `zone` (a change of the program's time zone): what each
 * order and earning counts is the same, only the months and weeks it falls in move, so the
 * all-time rows, the orders' counted_* and the partners' lifetime figures are left as they are.
 * Run it in the transaction that changes the zone, which holds off every other writer of the
 * totals (./calendar.ts).
 */
export async function rebuildCalendarStats(db: Db, zone: string): Promise<void> {
  await deleteCalendarStats(db);
  await insertSalesTotals(db, zone, false);
  await insertEarningMonths(db, zone);
  await recutPartnerMonths(db, zone);
}

/**
 * The month each partner joined in and last signed in, in `zone` (partners.joined_month,
 * login_month), and the program's partners joined per month counted again (migration 031 cuts
 * them the same way). A sign-in month that moves counts the partner active in the new month by
 * the triggers; months counted before by earlier sign-ins stay as they were counted.
 */
async function recutPartnerMonths(db: Db, zone: string): Promise<void> {
  for (let after = 0; ;) {
    const slice = await partnersSlice(db, after, SLICE);
    const byMonths = new Map<string, { joined: string; login: string | null; ids: number[] }>();
    for (const p of slice) {
      const joined = monthKeyIn(p.created_at, zone);
      const login = p.last_login_dt ? monthKeyIn(p.last_login_dt, zone) : null;
      const key = `${joined}|${login ?? ''}`;
      let group = byMonths.get(key);
      if (!group) byMonths.set(key, (group = { joined, login, ids: [] }));
      group.ids.push(p.id);
    }
    for (const { joined, login, ids } of byMonths.values()) await setPartnerMonths(db, ids, joined, login);
    if (slice.length < SLICE) break;
    after = slice[slice.length - 1]!.id;
  }
  await recountPartnersJoined(db);
}

const SLICE = 10_000;

/**
 * The sales rows of every order counted (orders.counted_*), read in id order a slice at a time and
 * summed in memory: months and weeks are cut the same way the running totals cut them, whatever
 * the database. With `allTime`, the all-time rows by region too.
 */
async function insertSalesTotals(db: Db, zone: string, allTime: boolean): Promise<void> {
  const totals = new Map<
    string,
    {
      partner_id: number;
      period: Period;
      start: string;
      geo: Geo;
      orders: number;
      sales_cents: number;
      commission_cents: number;
    }
  >();
  for (let after = 0; ;) {
    const slice = await countedOrdersSlice(db, after, SLICE);
    for (const o of slice) {
      for (const { period, start, geo } of periodsOf(o.paid_at ?? o.placed_at, o.geo, zone)) {
        if (period === 'a' && !allTime) continue;
        const key = `${o.partner_id}|${period}|${start}|${geo}`;
        let row = totals.get(key);
        if (!row)
          totals.set(
            key,
            (row = {
              partner_id: o.partner_id!,
              period,
              start,
              geo,
              orders: 0,
              sales_cents: 0,
              commission_cents: 0,
            }),
          );
        row.orders += o.counted_orders;
        row.sales_cents += o.counted_sales_cents;
        row.commission_cents += o.counted_commission_cents;
      }
    }
    if (slice.length < SLICE) break;
    after = slice[slice.length - 1]!.id;
  }
  await insertSalesStatsRows(db, [...totals.values()]);
}

/** Every earning under its month of `zone` (by dated_at), read and summed the same way. */
async function insertEarningMonths(db: Db, zone: string): Promise<void> {
  const totals = new Map<
    string,
    {
      partner_id: number;
      month: string;
      kind: EarningKind;
      status: EarningStatus;
      earnings: number;
      cents: number;
    }
  >();
  for (let after = 0; ;) {
    const slice = await earningsSlice(db, after, SLICE);
    for (const e of slice) {
      const month = monthKeyIn(datedAt(e), zone);
      const key = `${e.partner_id}|${month}|${e.kind}|${e.status}`;
      let row = totals.get(key);
      if (!row)
        totals.set(
          key,
          (row = { partner_id: e.partner_id, month, kind: e.kind, status: e.status, earnings: 0, cents: 0 }),
        );
      row.earnings += 1;
      row.cents += e.amount_cents;
    }
    if (slice.length < SLICE) break;
    after = slice[slice.length - 1]!.id;
  }
  await insertEarningStatsRows(db, [...totals.values()]);
}
