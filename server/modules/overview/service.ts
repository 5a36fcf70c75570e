// The back office's overview (issue 13, decisions §11 `GET /api/manager/overview`,
// docs/decisions/037-program-overview.md): the program at a glance, read from the program's
// running totals (migration 022) and a few index reads, whatever the program's size.
//
// Definitions (months are UTC months, as everywhere in the ledger):
// - sales: paid store orders made with a partner's own code (own-voucher orders left out), net of
//   refunds, by the month they were placed: what partners' dashboards count, added up.
// - commissions: every earning (sale, referral, marketplace, bonus, adjustment) created in the
//   month that is pending, approved, in a payout or paid: the dashboards' "this month's
//   commissions", added up; the count is how many such earnings.
// - active partners: partners who, during the month, had at least one order counted in their
//   sales (as above), or signed in to the portal, each counted once.
// - money owed: earnings by status over all time: payable (approved, not yet asked for), pending
//   (in their holding period), held for review (a fraud rule fired), in payouts not yet paid.
import { DEFAULT_CURRENCY } from '../../../common/brand';
import type { Db } from '../../db';
import type { EarningStatus, PayoutStatus } from '../../db/schema';
import type { stageOf } from '../payouts/service';
import { ALL_TIME, dayKey, monthStart } from '../sales/service';
import { attentionCounts, earningRows, failedStorePushes, monthRows, paypalTroubles, recentPartners, rejectedDeliveries, topSellers, waitingPayouts } from './repository';

const major = (cents: number) => Math.round(cents) / 100;

/** Earnings that count as commissions (the partner dashboard's `this_month_commissions`). */
const EARNED: readonly EarningStatus[] = ['PENDING', 'APPROVED', 'IN_PAYOUT', 'PAID'];
/** How many months the chart shows, this one included. */
export const CHART_MONTHS = 12;
export const TOP_PARTNERS = 5;
export const RECENT_SIGNUPS = 5;
/** How many of the latest items of each kind "needs a look" lists. */
export const ATTENTION_ITEMS = 3;
/** Rejected Shopify deliveries are counted over this many days (they stay kept, for the record). */
export const DELIVERY_WINDOW_DAYS = 30;

/** The waiting stages of a payout, in the order staff take them, and their statuses. */
const STAGES = [
  { stage: 'review', statuses: ['PENDING', 'IN_REVIEW'] },
  { stage: 'manager', statuses: ['MANAGER_IN_REVIEW'] },
  { stage: 'payment', statuses: ['APPROVED', 'MANAGER_APPROVED'] },
] as const satisfies readonly { stage: ReturnType<typeof stageOf>; statuses: readonly PayoutStatus[] }[];

const nameOf = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`.trim();

export async function programOverview(db: Db, now = new Date()) {
  const months = Array.from({ length: CHART_MONTHS }, (_, i) => dayKey(monthStart(now, i - CHART_MONTHS + 1)));
  const thisMonth = months[CHART_MONTHS - 1]!;
  const lastMonth = months[CHART_MONTHS - 2]!;
  const since = new Date(now.getTime() - DELIVERY_WINDOW_DAYS * 86_400_000).toISOString();

  const [monthly, earnings, waiting, top, recent, counts] = await Promise.all([
    monthRows(db, months[0]!, thisMonth),
    earningRows(db, months[0]!, thisMonth),
    waitingPayouts(db),
    topSellers(db, thisMonth, TOP_PARTNERS),
    recentPartners(db, RECENT_SIGNUPS),
    attentionCounts(db, since),
  ]);
  // The latest items only of what there is (usually nothing).
  const none = Promise.resolve([]);
  const [deliveries, pushes, paypal] = await Promise.all([
    counts.deliveries ? rejectedDeliveries(db, since, ATTENTION_ITEMS) : none,
    counts.pushes ? failedStorePushes(db, ATTENTION_ITEMS) : none,
    counts.paypal ? paypalTroubles(db, ATTENTION_ITEMS) : none,
  ]);

  const month = (m: string) => monthly.get(m) ?? { orders: 0, sales_cents: 0, partners_joined: 0, partners_active: 0 };
  const earned = (m: string) =>
    earnings.reduce(
      (sum, r) => (r.month === m && EARNED.includes(r.status) ? { count: sum.count + r.earnings, cents: sum.cents + r.cents } : sum),
      { count: 0, cents: 0 },
    );
  const owed = (status: EarningStatus) => major(earnings.reduce((sum, r) => (r.month === ALL_TIME && r.status === status ? sum + r.cents : sum), 0));
  const salesOf = (m: string) => ({ orders: month(m).orders, amount: major(month(m).sales_cents) });
  const commissionsOf = (m: string) => {
    const e = earned(m);
    return { count: e.count, amount: major(e.cents) };
  };

  const byStatus = new Map(waiting.map((w) => [w.status, w]));
  const payoutsWaiting = STAGES.map(({ stage, statuses }) => {
    const rows = statuses.map((status) => ({ status, count: byStatus.get(status)?.count ?? 0, cents: byStatus.get(status)?.cents ?? 0 }));
    return {
      stage,
      count: rows.reduce((s, r) => s + r.count, 0),
      amount: major(rows.reduce((s, r) => s + r.cents, 0)),
      statuses: rows.map((r) => ({ status: r.status, count: r.count, amount: major(r.cents) })),
    };
  });

  return {
    currency: DEFAULT_CURRENCY,
    month: thisMonth,
    last_month: lastMonth,
    partners: {
      total: month(ALL_TIME).partners_joined,
      active: { this_month: month(thisMonth).partners_active, last_month: month(lastMonth).partners_active },
      joined: { this_month: month(thisMonth).partners_joined, last_month: month(lastMonth).partners_joined },
    },
    sales: { this_month: salesOf(thisMonth), last_month: salesOf(lastMonth) },
    commissions: { this_month: commissionsOf(thisMonth), last_month: commissionsOf(lastMonth) },
    monthly: months.map((m) => ({ month: m, orders: month(m).orders, sales: major(month(m).sales_cents), commissions: major(earned(m).cents) })),
    money_owed: { payable: owed('APPROVED'), pending: owed('PENDING'), in_review: owed('IN_REVIEW'), in_payouts: owed('IN_PAYOUT') },
    payouts_waiting: payoutsWaiting,
    top_partners: top.map((p) => ({
      uuid: p.uuid,
      name: nameOf(p),
      email: p.email,
      orders: p.orders,
      sales: major(p.sales_cents),
      commissions: major(p.commission_cents),
    })),
    recent_signups: recent.map((p) => ({
      uuid: p.uuid,
      name: nameOf(p),
      email: p.email,
      country: p.country,
      verified: Boolean(p.verified),
      status: p.status,
      created_at: p.created_at,
    })),
    needs_attention: {
      total: counts.deliveries + counts.pushes + counts.paypal,
      shopify_deliveries: {
        count: counts.deliveries,
        since,
        items: deliveries.map((d) => ({ delivery_id: d.delivery_id, topic: d.topic, error: d.error, error_id: d.error_id, rejected_at: d.rejected_at })),
      },
      store_pushes: {
        count: counts.pushes,
        items: pushes.map((s) => ({
          code: s.code,
          partner: { uuid: s.uuid, name: nameOf(s) },
          message: s.message,
          attempts: s.attempts,
          updated_at: s.updated_at,
        })),
      },
      paypal_payouts: {
        count: counts.paypal,
        items: paypal.map((p) => ({
          id: p.id,
          partner: { uuid: p.uuid, name: nameOf(p) },
          amount: major(p.amount_cents),
          currency: p.currency,
          status: p.status,
          error: p.error,
          updated_at: p.updated_at,
        })),
      },
    },
  };
}

export type ProgramOverview = Awaited<ReturnType<typeof programOverview>>;
