// The partner's figures and lists (docs/product/errors-and-languages.md#the-api-conventions, docs/product/commissions.md): computed from the ledger,
// money in major units rounded to cents, statuses with their labels in the visitor's language.
import { major } from '../../../common/currency';
import { LIST_EXPORT_MAX, type ListRangeQuery, listWindow } from '../../../common/list-range';
import type { Locale } from '../../../common/i18n';
import { partnerEarningStatus } from '../../../common/statuses';
import type { Db } from '../../db';
import { nowIso } from '../../db/dialect';
import { i18n, statusLabel, type PortalKey } from '../../i18n';
import { csvMoney, type CsvValue } from '../../plugins/csv';
import { csvDay } from '../../plugins/list-export';
import { countReadCopies, shownText } from '../notifications/service';
import { findPartnerById } from '../partners/service';
import { latestPaidCashout } from '../payouts/service';
import { voucherJson } from '../vouchers/service';
import {
  ALL_TIME,
  allTiers,
  commissionRateBp,
  earnedCents,
  monthKeyIn,
  programTimeZone,
  rangeWindow,
  tierReached,
  weekKeyIn,
} from '../ledger/service';
import {
  EARNED,
  adjustmentsOf,
  countReferralRows,
  countSales,
  countVouchers,
  earningStatRows,
  latestNotifications,
  lifetimeFigureRows,
  latestSaleNotifications,
  markRead,
  referralRows,
  salePage,
  saleRowsByIds,
  saleTimeline,
  salesStatRows,
  unreadCount,
  unreadCounts,
  voucherRows,
} from './repository';
import type { SaleRow } from './repository';
import { readProgramCurrency } from '../settings';

const label = (status: string | null, locale: Locale) =>
  status ? statusLabel(partnerEarningStatus(status), locale) : null;

type SalesRow = Awaited<ReturnType<typeof salesStatRows>>[number];
type EarningRow = Awaited<ReturnType<typeof earningStatRows>>[number];

const sumOf = <T>(rows: T[], value: (row: T) => number, pred: (row: T) => boolean = () => true) =>
  rows.reduce((s, r) => (pred(r) ? s + value(r) : s), 0);
const isEarned = (status: string) => (EARNED as readonly string[]).includes(status);

/**
 * The month figures: this month's and last month's in the program's time zone, sales and
 * commissions both of the orders the customer paid in the month (docs/decisions/054-program-calendar.md).
 */
export async function salesSummary(db: Db, partnerId: number, now = new Date()) {
  const zone = await programTimeZone(db);
  const thisMonth = monthKeyIn(now, zone);
  const lastMonth = monthKeyIn(now, zone, -1);
  const [sales, earnings, currency] = await Promise.all([
    salesStatRows(db, partnerId, { allTime: true, monthsFrom: thisMonth }),
    earningStatRows(db, partnerId, [ALL_TIME, thisMonth, lastMonth]),
    readProgramCurrency(db),
  ]);
  const all = (r: SalesRow) => r.period === 'a';
  const month = (r: SalesRow) => r.period === 'm' && r.start === thisMonth;
  const allOrders = sumOf(sales, (r) => r.orders, all);
  const earned = (m: string) =>
    sumOf(
      earnings,
      (r) => r.cents,
      (r) => r.month === m && isEarned(r.status),
    );
  return {
    current_month_sales: major(sumOf(sales, (r) => r.sales_cents, month)),
    current_month_orders: sumOf(sales, (r) => r.orders, month),
    total_commissions: major(earned(ALL_TIME)),
    average_order_value: allOrders ? major(sumOf(sales, (r) => r.sales_cents, all) / allOrders) : 0,
    this_month_commissions: major(earned(thisMonth)),
    last_month_commissions: major(earned(lastMonth)),
    latest_paid_cashout: await latestPaidCashout(db, partnerId),
    currency,
    time_zone: zone,
  };
}

export async function totals(db: Db, partnerId: number) {
  const [sales, earnings, currency] = await Promise.all([
    salesStatRows(db, partnerId, { allTime: true }),
    earningStatRows(db, partnerId, [ALL_TIME]),
    readProgramCurrency(db),
  ]);
  const sum = (pred: (r: EarningRow) => boolean) => major(sumOf(earnings, (r) => r.cents, pred));
  const counted = (r: EarningRow) => r.status !== 'REJECTED' && r.status !== 'IN_REVIEW';
  const inRegion = (g: string) => (r: SalesRow) => r.geo === g;
  return {
    sales_count: sumOf(sales, (r) => r.orders),
    sales_amount: major(sumOf(sales, (r) => r.sales_cents)),
    pending: sum((r) => r.status === 'PENDING'),
    payable: sum((r) => r.status === 'APPROVED'),
    in_payout: sum((r) => r.status === 'IN_PAYOUT'),
    paid: sum((r) => r.status === 'PAID'),
    in_review: sum((r) => r.status === 'IN_REVIEW'),
    referral_commissions: sum((r) => r.kind === 'referral' && counted(r)),
    marketplace_commissions: sum((r) => r.kind === 'marketplace' && counted(r)),
    geography: (['CA', 'US', 'OTHER'] as const).map((g) => ({
      region: g,
      orders: sumOf(sales, (r) => r.orders, inRegion(g)),
      sales: major(sumOf(sales, (r) => r.sales_cents, inRegion(g))),
    })),
    currency,
  };
}

/**
 * Sales counted and commissions earned to date, as the dashboard counts them (`sales_count` and
 * `total_commissions`), for a batch of partners at once: the badges weigh these.
 */
export async function lifetimeFigures(
  db: Db,
  partnerIds: number[],
): Promise<Map<number, { sales: number; earnedCents: number }>> {
  const figures = new Map(partnerIds.map((id) => [id, { sales: 0, earnedCents: 0 }]));
  if (!partnerIds.length) return figures;
  const { sales, earned } = await lifetimeFigureRows(db, partnerIds, ALL_TIME);
  for (const row of sales) figures.get(row.partner_id)!.sales = Number(row.orders);
  for (const row of earned) figures.get(row.partner_id)!.earnedCents = Number(row.cents);
  return figures;
}

/** Weekly (last 12 weeks) and monthly (last 12 months) series, empty periods included. */
export async function salesChart(db: Db, partnerId: number, now = new Date()) {
  // Months and ISO weeks of the program's time zone, as the running totals cut them.
  const zone = await programTimeZone(db);
  const months = Array.from({ length: 12 }, (_, i) => monthKeyIn(now, zone, i - 11));
  const weeks = Array.from({ length: 12 }, (_, i) => weekKeyIn(now, zone, i - 11));
  const [rows, currency] = await Promise.all([
    salesStatRows(db, partnerId, { monthsFrom: months[0]!, weeksFrom: weeks[0]! }),
    readProgramCurrency(db),
  ]);
  // Stats are kept per region; the chart adds the regions up.
  const series = (period: 'm' | 'w', starts: string[]) =>
    starts.map((start) => {
      const inBucket = (r: SalesRow) => r.period === period && r.start === start;
      return {
        start,
        orders: sumOf(rows, (r) => r.orders, inBucket),
        sales: major(sumOf(rows, (r) => r.sales_cents, inBucket)),
        commissions: major(sumOf(rows, (r) => r.commission_cents, inBucket)),
      };
    });
  return { weekly: series('w', weeks), monthly: series('m', months), currency };
}

export async function verifiedTiers(db: Db, partnerId: number) {
  const [partner, tiers] = await Promise.all([findPartnerById(db, partnerId), allTiers(db)]);
  // The partner's verified sales are the running total on their row (sales/rules.ts).
  const verified = Number(partner!.verified_sales);
  const { tier: current, next } = tierReached(tiers, verified);
  const span = next && current ? next.min_sales - current.min_sales : 0;
  // The rate the next order earns: a staff override, else the tier reached.
  const rate = commissionRateBp(partner!, current);
  return {
    tiers: tiers.map((t) => ({
      min_sales: t.min_sales,
      rate: t.rate_bp / 100,
      reached: verified >= t.min_sales,
    })),
    verified_sales: verified,
    current_rate: rate / 100,
    override: partner!.commission_override_bp !== null,
    next_tier: next
      ? { min_sales: next.min_sales, rate: next.rate_bp / 100, sales_needed: next.min_sales - verified }
      : null,
    progress: next && current ? Math.min(1, (verified - current.min_sales) / span) : 1,
  };
}

export interface Paging {
  page: number;
  length: number;
}

/** A page of a list and its range (plugins/list-range.ts). */
export type ListPaging = Paging & ListRangeQuery;

function paged<T>(rows: T[], total: number, paging: Paging) {
  return {
    data: rows,
    current_page: paging.page,
    per_page: paging.length,
    last_page: Math.max(1, Math.ceil(total / paging.length)),
    total,
  };
}

/** "ACV Gummies", or "ACV Gummies +2" when the order has more line items. */
const productLabel = (r: { first_product: string | null; product_count: number }) =>
  r.first_product === null
    ? ''
    : r.product_count > 1
      ? `${r.first_product} +${r.product_count - 1}`
      : r.first_product;

type OrderRow = SaleRow | Awaited<ReturnType<typeof referralRows>>[number];

/**
 * One row of either list: the order, and what the partner earns from it now. `adjustment` is what
 * was taken back after payment (refunds of a paid order), already counted in `commission`.
 */
function orderLine(r: OrderRow, adjustments: Map<number, number>, status: string | null, locale: Locale) {
  const adjustment = adjustments.get(r.id) ?? 0;
  return {
    id: r.id,
    order_number: r.order_number,
    date: r.placed_at,
    product: productLabel(r),
    order_amount: major(r.subtotal_cents - r.refunded_cents),
    commission: major(earnedCents(status, r.amount_cents, adjustment)),
    adjustment: major(adjustment),
    status: status === null ? null : partnerEarningStatus(status),
    status_label: label(status, locale),
    country: r.country_code,
    region: r.geo,
  };
}

/** Adjustments follow only an earning in a payout or paid (docs/product/commissions.md): a page without one needs no look-up. */
const adjustmentsOfPage = (db: Db, partnerId: number, rows: OrderRow[]) => {
  const paid = rows.filter((r) => r.status === 'PAID' || r.status === 'IN_PAYOUT').map((r) => r.id);
  return paid.length ? adjustmentsOf(db, partnerId, paid) : Promise.resolve(new Map<number, number>());
};

// A cancelled order with no earning still shows, as rejected.
const saleStatusOf = (r: SaleRow) => r.status ?? (r.order_status === 'cancelled' ? 'REJECTED' : null);

export async function shopSales(db: Db, partnerId: number, paging: ListPaging, locale: Locale) {
  const window = await rangeWindow(db, paging);
  const { rows, total } = await salePage(
    db,
    partnerId,
    paging.length,
    (paging.page - 1) * paging.length,
    window,
  );
  const adjustments = await adjustmentsOfPage(db, partnerId, rows);
  return paged(
    rows.map((r) => orderLine(r, adjustments, saleStatusOf(r), locale)),
    total,
    paging,
  );
}

/** The lines of some of the partner's sales, as the sales list shows them, by order id. */
export async function saleLinesByIds(db: Db, partnerId: number, ids: number[], locale: Locale) {
  const rows = await saleRowsByIds(db, partnerId, ids);
  const adjustments = await adjustmentsOfPage(db, partnerId, rows);
  return new Map(rows.map((r) => [r.id, orderLine(r, adjustments, saleStatusOf(r), locale)]));
}

export type SaleLine = ReturnType<typeof orderLine>;

/** The partner's listed sales as (id, time), newest first, and how many there are. */
export const saleTimelineOf = (db: Db, partnerId: number, limit: number) =>
  Promise.all([saleTimeline(db, partnerId, limit), countSales(db, partnerId)]);

export async function referralSales(db: Db, partnerId: number, paging: ListPaging, locale: Locale) {
  const window = await rangeWindow(db, paging);
  const [total, rows] = await Promise.all([
    countReferralRows(db, partnerId, window),
    referralRows(db, partnerId, paging.length, (paging.page - 1) * paging.length, window),
  ]);
  const adjustments = await adjustmentsOfPage(db, partnerId, rows);
  return paged(
    // First name and initial only: a referrer sees who, not the referred partner's details.
    rows.map((r) => ({
      ...orderLine(r, adjustments, r.status, locale),
      referral: `${r.first_name} ${r.last_name.slice(0, 1)}.`,
    })),
    total,
    paging,
  );
}

export async function vouchers(db: Db, partnerId: number, paging: ListPaging, now = new Date()) {
  const window = await rangeWindow(db, paging, now);
  const [total, rows] = await Promise.all([
    countVouchers(db, partnerId, window),
    voucherRows(db, partnerId, paging.length, (paging.page - 1) * paging.length, window),
  ]);
  return paged(
    rows.map((v) => voucherJson(v, now)),
    total,
    paging,
  );
}

// ---- The lists as CSV (plugins/list-export.ts): every row of the range, the newest
// LIST_EXPORT_MAX, the partner's own only (every query is by the partner's id).

/** The cells of a sale line: money in cents as plain decimals, the day in the program's zone. */
function saleCells(
  r: OrderRow,
  adjustments: Map<number, number>,
  status: string | null,
  locale: Locale,
  zone: string,
  currency: string,
) {
  const adjustment = adjustments.get(r.id) ?? 0;
  return {
    date: csvDay(r.placed_at, zone),
    order: r.order_number,
    product: productLabel(r),
    order_amount: csvMoney(r.subtotal_cents - r.refunded_cents),
    commission: csvMoney(earnedCents(status, r.amount_cents, adjustment)),
    adjustment: csvMoney(adjustment),
    currency,
    status: label(status, locale) ?? '',
  };
}

/** The store sales of a range, as the sales list shows them. */
export async function shopSalesCsv(db: Db, partnerId: number, range: ListRangeQuery, locale: Locale) {
  const [zone, currency] = await Promise.all([programTimeZone(db), readProgramCurrency(db)]);
  const window = listWindow(range, zone);
  const { rows, total } = await salePage(db, partnerId, LIST_EXPORT_MAX, 0, window);
  const adjustments = await adjustmentsOfPage(db, partnerId, rows);
  const columns = [
    'date',
    'order',
    'product',
    'order_amount',
    'commission',
    'adjustment',
    'currency',
    'status',
  ] as const;
  return {
    columns,
    total,
    rows: rows.map((r): CsvValue[] => {
      const c = saleCells(r, adjustments, saleStatusOf(r), locale, zone, currency);
      return columns.map((k) => c[k]);
    }),
  };
}

/** The referral sales of a range, with who was referred as the list shows it. */
export async function referralSalesCsv(db: Db, partnerId: number, range: ListRangeQuery, locale: Locale) {
  const [zone, currency] = await Promise.all([programTimeZone(db), readProgramCurrency(db)]);
  const window = listWindow(range, zone);
  const [total, rows] = await Promise.all([
    countReferralRows(db, partnerId, window),
    referralRows(db, partnerId, LIST_EXPORT_MAX, 0, window),
  ]);
  const adjustments = await adjustmentsOfPage(db, partnerId, rows);
  const columns = [
    'date',
    'order',
    'product',
    'referral',
    'order_amount',
    'commission',
    'adjustment',
    'currency',
    'status',
  ] as const;
  return {
    columns,
    total,
    rows: rows.map((r): CsvValue[] => {
      const c = {
        ...saleCells(r, adjustments, r.status, locale, zone, currency),
        referral: `${r.first_name} ${r.last_name.slice(0, 1)}.`,
      };
      return columns.map((k) => c[k]);
    }),
  };
}

/** The vouchers of a range (by the day each became valid), type and status in the request's language. */
export async function vouchersCsv(
  db: Db,
  partnerId: number,
  range: ListRangeQuery,
  locale: Locale,
  now = new Date(),
) {
  const [zone, currency] = await Promise.all([programTimeZone(db), readProgramCurrency(db)]);
  const window = listWindow(range, zone, now);
  const [total, rows] = await Promise.all([
    countVouchers(db, partnerId, window),
    voucherRows(db, partnerId, LIST_EXPORT_MAX, 0, window),
  ]);
  const columns = ['code', 'type', 'amount', 'currency', 'valid_from', 'valid_till', 'status'] as const;
  const word = (key: PortalKey) => i18n.t(key, { lng: locale });
  type VoucherStatus = 'active' | 'used' | 'expired' | 'revoked';
  return {
    columns,
    total,
    rows: rows.map((v): CsvValue[] => {
      const shown = voucherJson(v, now);
      // A percentage in percent, a fixed amount in the currency, a free product as a count.
      const c = {
        code: v.code,
        type: word(`sales.voucher_types.${v.type}`),
        amount: v.type === 'fixed' ? csvMoney(v.amount) : String(shown.amount),
        currency: v.type === 'fixed' ? currency : '',
        valid_from: csvDay(v.valid_from, zone),
        valid_till: csvDay(v.valid_till, zone),
        status: word(`sales.voucher_status.${shown.status as VoucherStatus}`),
      };
      return columns.map((k) => c[k]);
    }),
  };
}

const notificationJson = (n: Awaited<ReturnType<typeof latestNotifications>>[number], locale: Locale) => ({
  id: n.id,
  kind: n.kind,
  ...shownText(n, locale),
  data: n.data ? (JSON.parse(n.data) as unknown) : null,
  read: n.read_at !== null,
  date: n.created_at,
});

export async function saleNotifications(db: Db, partnerId: number, locale: Locale) {
  return (await latestSaleNotifications(db, partnerId, 20)).map((n) => notificationJson(n, locale));
}

export async function bellNotifications(db: Db, partnerId: number, locale: Locale) {
  const [unread, items] = await Promise.all([
    unreadCounts(db, partnerId),
    latestNotifications(db, partnerId, 10),
  ]);
  return {
    count: unread.all,
    custom_unread: unread.custom,
    items: items.map((n) => notificationJson(n, locale)),
  };
}

/** The bell's count: the partner's unread notifications. */
export const unreadNotifications = (db: Db, partnerId: number) => unreadCount(db, partnerId);

export async function markNotificationsRead(db: Db, partnerId: number, ids: number[] | undefined) {
  await db
    .transaction()
    .execute(async (trx) => countReadCopies(trx, await markRead(trx, partnerId, ids, nowIso())));
  const unread = await unreadCounts(db, partnerId);
  return { count: unread.all, custom_unread: unread.custom };
}
