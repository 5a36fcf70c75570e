// Answers of the partner sales API for component tests: an empty account by default (every
// account page asks for some of these), and a partner with sales to opt into.
import type { Bell } from '../features/notifications/notifications-api';
import type { SalesChart, SalesSummary, Totals, VerifiedTiers } from '../features/sales/sales-api';
import { jsonResponse } from './render-app';
import type { Paged } from '../lib/api';
import type { SaleRow } from '../lib/sales-data';

type Handler = (request: { url: URL }) => Response | Promise<Response>;

const weeks = (values: number[]) =>
  values.map((sales, index) => ({
    start: new Date(Date.UTC(2026, 0, 5 + index * 7)).toISOString().slice(0, 10),
    orders: sales > 0 ? 1 : 0,
    sales,
    commissions: Math.round(sales * 10) / 100,
  }));
const months = (values: number[]) =>
  values.map((sales, index) => ({
    start: new Date(Date.UTC(2025, 3 + index, 1)).toISOString().slice(0, 10),
    orders: sales > 0 ? 2 : 0,
    sales,
    commissions: Math.round(sales * 10) / 100,
  }));

export const EMPTY_SUMMARY: SalesSummary = {
  current_month_sales: 0,
  current_month_orders: 0,
  total_commissions: 0,
  average_order_value: 0,
  this_month_commissions: 0,
  last_month_commissions: 0,
  latest_paid_cashout: null,
  currency: 'USD',
  time_zone: 'America/Toronto',
};

export const EMPTY_TOTALS: Totals = {
  sales_count: 0,
  sales_amount: 0,
  pending: 0,
  payable: 0,
  in_payout: 0,
  paid: 0,
  in_review: 0,
  referral_commissions: 0,
  marketplace_commissions: 0,
  geography: [
    { region: 'CA', orders: 0, sales: 0 },
    { region: 'US', orders: 0, sales: 0 },
    { region: 'OTHER', orders: 0, sales: 0 },
  ],
  currency: 'USD',
};

export const EMPTY_CHART: SalesChart = {
  weekly: weeks(Array(12).fill(0)),
  monthly: months(Array(12).fill(0)),
  currency: 'USD',
};

export const STARTER_TIERS: VerifiedTiers = {
  tiers: [
    { min_sales: 0, rate: 10, reached: true },
    { min_sales: 25, rate: 15, reached: false },
    { min_sales: 100, rate: 20, reached: false },
    { min_sales: 250, rate: 25, reached: false },
  ],
  verified_sales: 0,
  current_rate: 10,
  override: false,
  next_tier: { min_sales: 25, rate: 15, sales_needed: 25 },
  progress: 0,
};

export const EMPTY_BELL: Bell = { count: 0, custom_unread: 0, items: [] };

export function pagedAnswer<Row>(rows: Row[], page: number, length: number, total = rows.length): Paged<Row> {
  return {
    data: rows.slice((page - 1) * length, page * length),
    current_page: page,
    per_page: length,
    last_page: Math.max(1, Math.ceil(total / length)),
    total,
  };
}

/** Paged answers over `rows`, honouring the request's page and length. */
export const pagedHandler =
  <Row>(rows: Row[]): Handler =>
  ({ url }) => {
    const page = Number(url.searchParams.get('page') ?? 1);
    const length = Number(url.searchParams.get('length') ?? 5);
    return jsonResponse(200, pagedAnswer(rows, page, length));
  };

export function saleRow(id: number, overrides: Partial<SaleRow> = {}): SaleRow {
  return {
    id,
    order_number: String(1000 + id),
    date: new Date(Date.now() - id * 1000).toISOString(),
    product: 'ACV Gummies',
    order_amount: 40,
    commission: 4,
    status: 'PENDING',
    status_label: 'Pending Approval',
    country: 'US',
    region: 'US',
    ...overrides,
  };
}

/** Every sales route of an account without any sale. */
export function emptySalesRoutes(): [string, Handler][] {
  return [
    ['GET /api/getPartnerSalesSummary', () => jsonResponse(200, { data: EMPTY_SUMMARY })],
    ['GET /api/getTotals', () => jsonResponse(200, { data: EMPTY_TOTALS })],
    ['GET /api/getPartnerSalesSummaryChart', () => jsonResponse(200, { data: EMPTY_CHART })],
    ['GET /api/getPartnerVerifiedTiers', () => jsonResponse(200, { data: STARTER_TIERS })],
    ['GET /api/getShopifySalesItemsNoVouchers', pagedHandler([])],
    ['GET /api/getShopifySalesItemsReferrals', pagedHandler([])],
    ['GET /api/getAmazonSalesItems', pagedHandler([])],
    ['GET /api/getVouchersPaginated', pagedHandler([])],
    ['GET /api/getSalesNotifications', () => jsonResponse(200, { data: [] })],
    ['GET /api/getBellNotifications', () => jsonResponse(200, { data: EMPTY_BELL })],
    ['POST /api/notifications/read', () => jsonResponse(200, { data: { count: 0 } })],
    // A new partner's cash-out figures: nothing payable yet.
    [
      'GET /api/getPayMeNowStats',
      () =>
        jsonResponse(200, {
          data: {
            payable_balance: 0,
            pending_balance: 0,
            in_payout_balance: 0,
            next_payable_at: null,
            minimum: 25,
            currency: 'USD',
            paypal_email: null,
            can_request: false,
            blockers: ['paypal_email_missing', 'below_minimum'],
            open_payout: null,
            lifetime_paid: 0,
            recent_cashouts: [],
            latest_paid: null,
          },
        }),
    ],
    ['GET /api/getInvoices', pagedHandler([])],
  ];
}

export const SELLING_SUMMARY: SalesSummary = {
  current_month_sales: 1234.5,
  current_month_orders: 7,
  total_commissions: 987.65,
  average_order_value: 48.2,
  this_month_commissions: 123.45,
  last_month_commissions: 210,
  latest_paid_cashout: { amount: 150, date: '2026-02-01T12:00:00.000Z' },
  currency: 'USD',
  time_zone: 'America/Toronto',
};

export const SELLING_TOTALS: Totals = {
  ...EMPTY_TOTALS,
  sales_count: 30,
  sales_amount: 1500,
  pending: 40,
  payable: 75.5,
  paid: 150,
  geography: [
    { region: 'CA', orders: 10, sales: 500 },
    { region: 'US', orders: 18, sales: 900 },
    { region: 'OTHER', orders: 2, sales: 100 },
  ],
};

export const SELLING_CHART: SalesChart = {
  weekly: weeks([0, 40, 80, 0, 120, 60, 40, 0, 200, 80, 40, 120]),
  monthly: months([300, 500, 200, 0, 800, 400, 600, 900, 300, 200, 700, 1000]),
  currency: 'USD',
};
