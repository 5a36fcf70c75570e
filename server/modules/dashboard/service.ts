// The partner's figures and lists (spec point 7; decisions §3, §6): computed from the ledger,
// money in major units rounded to cents, statuses with their labels in the visitor's language.
import type { Locale } from '../../../common/i18n';
import { statusLabelKey } from '../../../common/statuses';
import type { Status } from '../../../common/statuses';
import { DEFAULT_CURRENCY } from '../../../common/brand';
import type { Db } from '../../db';
import { nowIso } from '../../db/dialect';
import { i18n } from '../../i18n';
import { findPartnerById } from '../partners/service';
import { allTiers, currentRateBp, verifiedSalesCount } from '../sales/service';
import {
  countReferralRows,
  countSaleRows,
  countVouchers,
  earnedCents,
  earningsByStatusAndKind,
  geoBreakdown,
  latestNotifications,
  latestSaleNotifications,
  markRead,
  orderStats,
  ordersSince,
  productsOf,
  referralRows,
  saleRows,
  unreadCount,
  voucherRows,
} from './repository';

export const major = (cents: number) => Math.round(cents) / 100;

function monthStart(now: Date, offset = 0): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
}

function weekStart(date: Date): Date {
  // Weeks start on Monday (ISO), in UTC.
  const day = (date.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - day));
}

const label = (status: string | null, locale: Locale) => (status ? i18n.t(statusLabelKey(status as Status), { lng: locale }) : null);

export async function salesSummary(db: Db, partnerId: number, now = new Date()) {
  const thisMonth = monthStart(now).toISOString();
  const lastMonth = monthStart(now, -1).toISOString();
  const [month, all, thisMonthEarned, lastMonthEarned, total] = await Promise.all([
    orderStats(db, partnerId, thisMonth),
    orderStats(db, partnerId),
    earnedCents(db, partnerId, thisMonth),
    earnedCents(db, partnerId, lastMonth, thisMonth),
    earnedCents(db, partnerId),
  ]);
  return {
    current_month_sales: major(month.cents),
    current_month_orders: month.orders,
    total_commissions: major(total),
    average_order_value: all.orders ? major(all.cents / all.orders) : 0,
    this_month_commissions: major(thisMonthEarned),
    last_month_commissions: major(lastMonthEarned),
    // Payouts arrive with the cash-out capability; until then nothing has been paid out.
    latest_paid_cashout: null as null | { amount: number; date: string },
    currency: DEFAULT_CURRENCY,
  };
}

export async function totals(db: Db, partnerId: number) {
  const [rows, all, geo] = await Promise.all([earningsByStatusAndKind(db, partnerId), orderStats(db, partnerId), geoBreakdown(db, partnerId)]);
  const sum = (pred: (r: (typeof rows)[number]) => boolean) => major(rows.filter(pred).reduce((s, r) => s + r.cents, 0));
  const byGeo = (g: string) => geo.find((x) => x.geo === g) ?? { orders: 0, cents: 0 };
  return {
    sales_count: all.orders,
    sales_amount: major(all.cents),
    pending: sum((r) => r.status === 'PENDING'),
    payable: sum((r) => r.status === 'APPROVED'),
    paid: sum((r) => r.status === 'PAID'),
    in_review: sum((r) => r.status === 'IN_REVIEW'),
    referral_commissions: sum((r) => r.kind === 'referral' && r.status !== 'REJECTED' && r.status !== 'IN_REVIEW'),
    marketplace_commissions: sum((r) => r.kind === 'marketplace' && r.status !== 'REJECTED' && r.status !== 'IN_REVIEW'),
    geography: (['CA', 'US', 'OTHER'] as const).map((g) => ({ region: g, orders: byGeo(g).orders, sales: major(byGeo(g).cents) })),
    currency: DEFAULT_CURRENCY,
  };
}

interface Bucket {
  start: string;
  orders: number;
  sales: number;
  commissions: number;
}

/** Weekly (last 12 weeks) and monthly (last 12 months) series, empty periods included. */
export async function salesChart(db: Db, partnerId: number, now = new Date()) {
  const firstMonth = monthStart(now, -11);
  const firstWeek = new Date(weekStart(now).getTime() - 11 * 7 * 86_400_000);
  const from = firstMonth < firstWeek ? firstMonth : firstWeek;
  const rows = await ordersSince(db, partnerId, from.toISOString());
  const series = (starts: Date[], keyOf: (d: Date) => string) => {
    const buckets = new Map<string, Bucket>(starts.map((s) => [s.toISOString().slice(0, 10), { start: s.toISOString().slice(0, 10), orders: 0, sales: 0, commissions: 0 }]));
    for (const row of rows) {
      const bucket = buckets.get(keyOf(new Date(row.placed_at)));
      if (!bucket) continue;
      bucket.orders += 1;
      bucket.sales += row.subtotal_cents - row.refunded_cents;
      if (row.status && row.status !== 'REJECTED' && row.status !== 'IN_REVIEW') bucket.commissions += row.amount_cents ?? 0;
    }
    return [...buckets.values()].map((b) => ({ ...b, sales: major(b.sales), commissions: major(b.commissions) }));
  };
  const months = Array.from({ length: 12 }, (_, i) => monthStart(now, i - 11));
  const weeks = Array.from({ length: 12 }, (_, i) => new Date(firstWeek.getTime() + i * 7 * 86_400_000));
  return {
    weekly: series(weeks, (d) => weekStart(d).toISOString().slice(0, 10)),
    monthly: series(months, (d) => monthStart(d).toISOString().slice(0, 10)),
    currency: DEFAULT_CURRENCY,
  };
}

export async function verifiedTiers(db: Db, partnerId: number) {
  const partner = await findPartnerById(db, partnerId);
  const [tiers, verified, rate] = await Promise.all([allTiers(db), verifiedSalesCount(db, partnerId), currentRateBp(db, partner!)]);
  const next = tiers.find((t) => t.min_sales > verified);
  const current = [...tiers].reverse().find((t) => t.min_sales <= verified);
  const span = next && current ? next.min_sales - current.min_sales : 0;
  return {
    tiers: tiers.map((t) => ({ min_sales: t.min_sales, rate: t.rate_bp / 100, reached: verified >= t.min_sales })),
    verified_sales: verified,
    current_rate: rate / 100,
    override: partner!.commission_override_bp !== null,
    next_tier: next ? { min_sales: next.min_sales, rate: next.rate_bp / 100, sales_needed: next.min_sales - verified } : null,
    progress: next && current ? Math.min(1, (verified - current.min_sales) / span) : 1,
  };
}

export interface Paging {
  page: number;
  length: number;
}

function paged<T>(rows: T[], total: number, paging: Paging) {
  return {
    data: rows,
    current_page: paging.page,
    per_page: paging.length,
    last_page: Math.max(1, Math.ceil(total / paging.length)),
    total,
  };
}

const productLabel = (products: string[] | undefined) =>
  !products?.length ? '' : products.length === 1 ? products[0]! : `${products[0]} +${products.length - 1}`;

export async function shopSales(db: Db, partnerId: number, paging: Paging, locale: Locale) {
  const [total, rows] = await Promise.all([countSaleRows(db, partnerId), saleRows(db, partnerId, paging.length, (paging.page - 1) * paging.length)]);
  const products = await productsOf(db, rows.map((r) => r.id));
  // A cancelled order with no earning still shows, as rejected.
  return paged(
    rows.map((r) => {
      const status = r.status ?? (r.order_status === 'cancelled' ? 'REJECTED' : null);
      return {
        id: r.id,
        order_number: r.order_number,
        date: r.placed_at,
        product: productLabel(products.get(r.id)),
        order_amount: major(r.subtotal_cents - r.refunded_cents),
        commission: major(r.amount_cents ?? 0),
        status,
        status_label: label(status, locale),
        country: r.country_code,
        region: r.geo,
      };
    }),
    total,
    paging,
  );
}

export async function referralSales(db: Db, partnerId: number, paging: Paging, locale: Locale) {
  const [total, rows] = await Promise.all([countReferralRows(db, partnerId), referralRows(db, partnerId, paging.length, (paging.page - 1) * paging.length)]);
  const products = await productsOf(db, rows.map((r) => r.id));
  return paged(
    rows.map((r) => ({
      id: r.id,
      order_number: r.order_number,
      date: r.placed_at,
      product: productLabel(products.get(r.id)),
      order_amount: major(r.subtotal_cents - r.refunded_cents),
      commission: major(r.amount_cents),
      status: r.status,
      status_label: label(r.status, locale),
      country: r.country_code,
      region: r.geo,
      // First name and initial only: a referrer sees who, not the referred partner's details.
      referral: `${r.first_name} ${r.last_name.slice(0, 1)}.`,
    })),
    total,
    paging,
  );
}

export async function vouchers(db: Db, partnerId: number, paging: Paging, now = new Date()) {
  const [total, rows] = await Promise.all([countVouchers(db, partnerId), voucherRows(db, partnerId, paging.length, (paging.page - 1) * paging.length)]);
  return paged(
    rows.map((v) => ({
      id: v.id,
      code: v.code,
      type: v.type,
      amount: v.type === 'percent' ? v.amount / 100 : v.type === 'fixed' ? major(v.amount) : v.amount,
      valid_from: v.valid_from,
      valid_till: v.valid_till,
      // An active voucher past its end date reads as expired.
      status: v.status === 'active' && v.valid_till !== null && v.valid_till < nowIso(now) ? 'expired' : v.status,
    })),
    total,
    paging,
  );
}

const notificationJson = (n: Awaited<ReturnType<typeof latestNotifications>>[number]) => ({
  id: n.id,
  kind: n.kind,
  title: n.title,
  body: n.body,
  data: n.data ? (JSON.parse(n.data) as unknown) : null,
  read: n.read_at !== null,
  date: n.created_at,
});

export async function saleNotifications(db: Db, partnerId: number) {
  return (await latestSaleNotifications(db, partnerId, 20)).map(notificationJson);
}

export async function bellNotifications(db: Db, partnerId: number) {
  const [count, items] = await Promise.all([unreadCount(db, partnerId), latestNotifications(db, partnerId, 10)]);
  return { count, items: items.map(notificationJson) };
}

export async function markNotificationsRead(db: Db, partnerId: number, ids: number[] | undefined) {
  await markRead(db, partnerId, ids, nowIso());
  return { count: await unreadCount(db, partnerId) };
}
