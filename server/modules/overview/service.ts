// The back office's overview (issue 13, docs/product/back-office.md#overview `GET /api/manager/overview`,
// docs/decisions/037-program-overview.md): the program at a glance, read from the program's
// running totals (migration 022) and a few index reads, whatever the program's size. Also the
// pages behind what needs a look: refused Shopify deliveries (rejection-view.ts), codes the store
// refused, orders waiting for an exchange rate and test orders (docs/decisions/039-needs-a-look.md).
//
// Definitions (months of the program's calendar, docs/decisions/054-program-calendar.md):
// - sales: paid store orders made with a partner's own code (own-voucher orders left out), net of
//   refunds, by the month the customer paid: what partners' dashboards count, added up.
// - commissions: every earning (sale, referral, marketplace, bonus, adjustment) created in the
//   month that is pending, approved, in a payout or paid: the dashboards' "this month's
//   commissions", added up; the count is how many such earnings.
// - active partners: partners who, during the month, had at least one order counted in their
//   sales (as above), or signed in to the portal, each counted once.
// - money owed: earnings by status over all time: payable (approved, not yet asked for), pending
//   (in their holding period), held for review (a fraud rule fired), in payouts not yet paid.
import { major } from '../../../common/currency';
import type { Config } from '../../config';
import type { Db } from '../../db';
import type { EarningStatus, PayoutStatus } from '../../db/schema';
import { AppError } from '../../errors';
import { pageOf } from '../../plugins/paging';
import type { stageOf } from '../payouts/service';
import { findPromoCode } from '../promo-codes/service';
import { ALL_TIME, monthKeyIn, programTimeZone, releaseOrdersAwaitingRate } from '../ledger/service';
import { currencySettings, listExchangeRates } from '../settings';
import { recordAudit } from '../audit/service';
import { nowIso } from '../../db/dialect';
import { retryFailedStoreSyncs, retryStoreSync, storePushConfigured } from '../store-sync/service';
import type { StoreSyncJson } from '../store-sync/service';
import { reconciliationAttention } from '../store-reconcile/service';
import {
  failedPushPage,
  ordersApartPage,
  failedStorePushes,
  ordersByShopifyId,
  paypalTroubles,
  programFigures,
  recentPartners,
  refundsByShopifyId,
  rejectedDeliveries,
  rejectionPage,
  rejectionWithBody,
  topSellers,
} from './repository';
import type { RejectionFilter } from './repository';
import { payloadView, problemsOf, topLevelIds } from './rejection-view';
import type { PayloadView, RejectionProblem } from './rejection-view';

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
  // Months of the program's time zone, as the running totals cut them (decisions/054).
  const zone = await programTimeZone(db);
  const months = Array.from({ length: CHART_MONTHS }, (_, i) => monthKeyIn(now, zone, i - CHART_MONTHS + 1));
  const thisMonth = months[CHART_MONTHS - 1]!;
  const lastMonth = months[CHART_MONTHS - 2]!;
  const since = new Date(now.getTime() - DELIVERY_WINDOW_DAYS * 86_400_000).toISOString();

  const [{ months: monthly, earnings, waiting, attention: counts }, top, recent, money, reconciliation] =
    await Promise.all([
      programFigures(db, months[0]!, thisMonth, since),
      topSellers(db, thisMonth, TOP_PARTNERS),
      recentPartners(db, RECENT_SIGNUPS),
      currencySettings(db),
      // One row by its key: when the reconciliation with the store last ran, what it last found.
      reconciliationAttention(db),
    ]);
  // What the reconciliation found that the webhooks had missed (within the deliveries' window),
  // and a round that stopped short, need a look (docs/decisions/057-store-reconciliation.md).
  const missed =
    reconciliation.missed_at !== null && reconciliation.missed_at >= since
      ? reconciliation.missed.orders + reconciliation.missed.cancellations + reconciliation.missed.refunds
      : 0;
  const reconciliationCount = missed + (reconciliation.error ? 1 : 0);
  const ordersWaiting = money.waiting.reduce((sum, w) => sum + w.orders, 0);
  const rateOf = new Map(money.rates.map((r) => [r.currency, r.rate]));
  // The latest items only of what there is (usually nothing).
  const none = Promise.resolve([]);
  const [deliveries, pushes, paypal] = await Promise.all([
    counts.deliveries ? rejectedDeliveries(db, since, ATTENTION_ITEMS) : none,
    counts.pushes ? failedStorePushes(db, ATTENTION_ITEMS) : none,
    counts.paypal ? paypalTroubles(db, ATTENTION_ITEMS) : none,
  ]);

  const month = (m: string) =>
    monthly.get(m) ?? { orders: 0, sales_cents: 0, partners_joined: 0, partners_active: 0 };
  const earned = (m: string) =>
    earnings.reduce(
      (sum, r) =>
        r.month === m && EARNED.includes(r.status)
          ? { count: sum.count + r.earnings, cents: sum.cents + r.cents }
          : sum,
      { count: 0, cents: 0 },
    );
  const owed = (status: EarningStatus) =>
    major(
      earnings.reduce((sum, r) => (r.month === ALL_TIME && r.status === status ? sum + r.cents : sum), 0),
    );
  const salesOf = (m: string) => ({ orders: month(m).orders, amount: major(month(m).sales_cents) });
  const commissionsOf = (m: string) => {
    const e = earned(m);
    return { count: e.count, amount: major(e.cents) };
  };

  const byStatus = new Map(waiting.map((w) => [w.status, w]));
  const payoutsWaiting = STAGES.map(({ stage, statuses }) => {
    const rows = statuses.map((status) => ({
      status,
      count: byStatus.get(status)?.count ?? 0,
      cents: byStatus.get(status)?.cents ?? 0,
    }));
    return {
      stage,
      count: rows.reduce((s, r) => s + r.count, 0),
      amount: major(rows.reduce((s, r) => s + r.cents, 0)),
      statuses: rows.map((r) => ({ status: r.status, count: r.count, amount: major(r.cents) })),
    };
  });

  return {
    currency: money.currency,
    month: thisMonth,
    last_month: lastMonth,
    partners: {
      total: month(ALL_TIME).partners_joined,
      active: { this_month: month(thisMonth).partners_active, last_month: month(lastMonth).partners_active },
      joined: { this_month: month(thisMonth).partners_joined, last_month: month(lastMonth).partners_joined },
    },
    sales: { this_month: salesOf(thisMonth), last_month: salesOf(lastMonth) },
    commissions: { this_month: commissionsOf(thisMonth), last_month: commissionsOf(lastMonth) },
    monthly: months.map((m) => ({
      month: m,
      orders: month(m).orders,
      sales: major(month(m).sales_cents),
      commissions: major(earned(m).cents),
    })),
    money_owed: {
      payable: owed('APPROVED'),
      pending: owed('PENDING'),
      in_review: owed('IN_REVIEW'),
      in_payouts: owed('IN_PAYOUT'),
    },
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
      total: counts.deliveries + counts.pushes + counts.paypal + ordersWaiting + reconciliationCount,
      store_reconciliation: { count: reconciliationCount, ...reconciliation },
      orders_waiting: {
        count: ordersWaiting,
        items: money.waiting.map((w) => ({
          currency: w.currency,
          orders: w.orders,
          rate: rateOf.get(w.currency) ?? null,
        })),
      },
      shopify_deliveries: {
        count: counts.deliveries,
        since,
        items: deliveries.map((d) => ({
          delivery_id: d.delivery_id,
          topic: d.topic,
          error: d.error,
          // Read from the first 300 characters of the error: enough for the card's few lines.
          problems: problemsOf(d.topic, d.error),
          error_id: d.error_id,
          rejected_at: d.rejected_at,
        })),
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

// ---------------------------------------------------------------------------------------------
// The pages behind "needs a look" (docs/decisions/039-needs-a-look.md)

/**
 * Whether the ledger has what a refused delivery would have recorded, by the ids its payload
 * names: the order (created; paid; cancelled, by the topic) or the refund. A later delivery of
 * the same order (Shopify sends orders/create and orders/paid apart, and may send one twice under
 * two ids) often brings it; the same delivery id never does, since a retry of it is a duplicate.
 */
export type LedgerState = 'recorded' | 'not_recorded' | 'unknown';

export interface RejectedDelivery {
  id: number;
  delivery_id: string;
  topic: string;
  shop: string | null;
  received_at: string;
  rejected_at: string;
  error_id: string;
  error: string | null;
  problems: RejectionProblem[];
  /** Characters of the stored body. */
  payload_length: number;
  ledger: { state: LedgerState; shopify_id: string | null; order_number: string | null };
}

export async function listRejectedDeliveries(db: Db, filter: RejectionFilter, page: number, length: number) {
  const { rows, total } = await rejectionPage(db, filter, page, length);
  const named = rows.map((row) => {
    const ids = topLevelIds(row.body_start);
    return row.topic === 'refunds/create'
      ? { refund: ids.id, order: ids.order_id }
      : { refund: null, order: ids.id };
  });
  const [orders, refunds] = await Promise.all([
    ordersByShopifyId(db, [...new Set(named.flatMap((n) => (n.order ? [n.order] : [])))]),
    refundsByShopifyId(db, [...new Set(named.flatMap((n) => (n.refund ? [n.refund] : [])))]),
  ]);
  const data: RejectedDelivery[] = rows.map((row, i) => {
    const { refund, order: orderId } = named[i]!;
    const order = orderId ? orders.get(orderId) : undefined;
    let state: LedgerState;
    if (row.topic === 'refunds/create')
      state = refund ? (refunds.has(refund) ? 'recorded' : 'not_recorded') : 'unknown';
    else if (!orderId) state = 'unknown';
    else if (row.topic === 'orders/paid') state = order?.paid ? 'recorded' : 'not_recorded';
    else if (row.topic === 'orders/cancelled') state = order?.cancelled ? 'recorded' : 'not_recorded';
    else state = order ? 'recorded' : 'not_recorded';
    return {
      id: row.id,
      delivery_id: row.delivery_id,
      topic: row.topic,
      shop: row.shop_domain,
      received_at: row.received_at,
      rejected_at: row.rejected_at,
      error_id: row.error_id,
      error: row.error,
      problems: problemsOf(row.topic, row.error),
      payload_length: row.body_length,
      ledger: {
        state,
        shopify_id: (row.topic === 'refunds/create' ? refund : orderId) ?? null,
        order_number: order?.order_number ?? null,
      },
    };
  });
  return pageOf(data, page, length, total);
}

/** A refused delivery's payload for a person to read (secrets hidden, cut short when huge); 404 when unknown. */
export async function rejectedDeliveryPayload(
  db: Db,
  id: number,
): Promise<PayloadView & { id: number; delivery_id: string; topic: string; error_id: string }> {
  const row = await rejectionWithBody(db, id);
  if (!row) throw new AppError(404, 'not_found');
  return {
    id: row.id,
    delivery_id: row.delivery_id,
    topic: row.topic,
    error_id: row.error_id,
    ...payloadView(row.body),
  };
}

const partnerName = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`.trim();

/** Every code whose push to the store failed, the latest first, and whether the push is on at all. */
export async function listFailedStorePushes(
  db: Db,
  config: Pick<Config, 'shopify'>,
  page: number,
  length: number,
) {
  const { rows, total } = await failedPushPage(db, page, length);
  return {
    ...pageOf(
      rows.map((row) => ({
        code: row.code,
        partner: { uuid: row.uuid, name: partnerName(row), email: row.email },
        message: row.message,
        attempts: row.attempts,
        failed_at: row.updated_at,
      })),
      page,
      length,
      total,
    ),
    push_configured: await storePushConfigured(db, config),
  };
}

/** One failed push tried again (store-sync's retry, audited there); 404 for an unknown code, 409 unless failed. */
export async function retryStorePush(
  db: Db,
  input: { code: string; staffId: number; config: Pick<Config, 'shopify'> },
): Promise<{ code: string; store_sync: StoreSyncJson }> {
  const code = await findPromoCode(db, input.code);
  if (!code) throw new AppError(404, 'not_found');
  const store_sync = await retryStoreSync(db, {
    promoCodeId: code.id,
    code: code.code,
    staffId: input.staffId,
    config: input.config,
  });
  return { code: code.code, store_sync };
}

/** Every failed push tried again, each audited; answers how many (0 when none was left). */
export function retryAllStorePushes(
  db: Db,
  input: { staffId: number; config: Pick<Config, 'shopify'> },
): Promise<{ retried: number }> {
  return retryFailedStoreSyncs(db, input);
}

// ---------------------------------------------------------------------------------------------
// Orders kept apart from the figures (docs/product/commissions.md#test-orders, docs/decisions/053): those waiting for a
// rate (released by staff once it is set) and the store's test orders.

export async function listOrdersApart(db: Db, kind: 'awaiting_rate' | 'test', page: number, length: number) {
  const [{ rows, total }, rates] = await Promise.all([
    ordersApartPage(db, kind, page, length),
    listExchangeRates(db),
  ]);
  const rateOf = new Map(rates.map((r) => [r.currency, r.rate]));
  return pageOf(
    rows.map((o) => ({
      id: o.id,
      shopify_order_id: o.shopify_order_id,
      order_number: o.order_number,
      status: o.status,
      placed_at: o.placed_at,
      paid_at: o.paid_at,
      currency: o.currency,
      amount: major(o.source_subtotal_cents ?? 0),
      total: major(o.source_total_cents ?? 0),
      code: o.discount_code,
      partner: o.uuid
        ? { uuid: o.uuid, name: nameOf({ first_name: o.first_name ?? '', last_name: o.last_name ?? '' }) }
        : null,
      rate: rateOf.get(o.currency) ?? null,
    })),
    page,
    length,
    total,
  );
}

/** Releases the orders of a currency once its rate is set: 409 without a rate, or with nothing waiting. */
export async function releaseOrdersOfCurrency(
  db: Db,
  input: { currency: string; staffId: number },
  now = new Date(),
): Promise<{ released: number }> {
  const currency = input.currency.trim().toUpperCase();
  const rates = await listExchangeRates(db);
  if (!rates.some((r) => r.currency === currency)) throw new AppError(409, 'currency.no_rate');
  const released = await releaseOrdersAwaitingRate(db, currency, now);
  if (released === 0) throw new AppError(409, 'currency.nothing_to_release');
  await recordAudit(
    db,
    {
      staffId: input.staffId,
      action: 'orders.release_rate',
      entity: 'orders',
      entityId: currency,
      before: null,
      after: { currency, released, rate: rates.find((r) => r.currency === currency)!.rate },
    },
    nowIso(now),
  );
  return { released };
}
