// The partner's sales figures and lists (spec point 7, decisions §3 and §6). Each endpoint has
// its own query key, paged lists one per page and length, so a list is fetched once and kept
// (spec point 4 "Data loading"): moving to a page already seen reads the cache, and only the
// live push (a new order, a reconnect) marks them stale. Everything lives under ['sales'] so
// one invalidation refreshes every figure.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGING } from '../../../common/statuses';
import { api } from '../../lib/api';

export type Region = 'CA' | 'US' | 'OTHER';

export interface SalesSummary {
  current_month_sales: number;
  current_month_orders: number;
  total_commissions: number;
  average_order_value: number;
  this_month_commissions: number;
  last_month_commissions: number;
  latest_paid_cashout: null | { amount: number; date: string };
  currency: string;
  /** The program's time zone (IANA): the months above are cut in it, by the day the customer paid. */
  time_zone?: string;
}

export interface Totals {
  sales_count: number;
  sales_amount: number;
  pending: number;
  payable: number;
  paid: number;
  in_review: number;
  referral_commissions: number;
  marketplace_commissions: number;
  geography: { region: Region; orders: number; sales: number }[];
  currency: string;
}

export interface ChartPoint {
  start: string;
  orders: number;
  sales: number;
  commissions: number;
}

export interface SalesChart {
  weekly: ChartPoint[];
  monthly: ChartPoint[];
  currency: string;
}

export interface VerifiedTiers {
  tiers: { min_sales: number; rate: number; reached: boolean }[];
  verified_sales: number;
  current_rate: number;
  override: boolean;
  next_tier: null | { min_sales: number; rate: number; sales_needed: number };
  progress: number;
}

export interface SaleRow {
  id: number;
  order_number: string;
  date: string;
  product: string;
  order_amount: number;
  /** What the partner earns from the order now (0 once rejected, net of any adjustment). */
  commission: number;
  /** Taken back after payment by refunds (0 or negative), already counted in `commission`. */
  adjustment?: number;
  status: string | null;
  status_label: string | null;
  country: string | null;
  region?: string;
  referral?: string;
}

export interface VoucherRow {
  id: number;
  code: string;
  type: string;
  amount: number;
  valid_from: string | null;
  valid_till: string | null;
  status: string;
}

export interface Paged<Row> {
  data: Row[];
  current_page: number;
  per_page: number;
  last_page: number;
  total: number;
}

/** The paged lists, by endpoint. */
export const LISTS = {
  store: '/api/getShopifySalesItemsNoVouchers',
  referrals: '/api/getShopifySalesItemsReferrals',
  marketplace: '/api/getAmazonSalesItems',
  vouchers: '/api/getVouchersPaginated',
} as const;
export type ListName = keyof typeof LISTS;
export type ListRow<Name extends ListName> = Name extends 'vouchers' ? VoucherRow : SaleRow;

export const salesKeys = {
  all: ['sales'] as const,
  summary: ['sales', 'summary'] as const,
  totals: ['sales', 'totals'] as const,
  chart: ['sales', 'chart'] as const,
  tiers: ['sales', 'tiers'] as const,
  list: (name: ListName, page: number, length: number) => ['sales', 'list', name, { page, length }] as const,
};

/** Kept until the live push says otherwise (spec point 4: fetched once). */
const FETCHED_ONCE = { staleTime: Infinity } as const;

const dataOf = async <T>(path: string) => (await api.get<{ data: T }>(path)).data;

/** The dashboard's first figures; the account's first page asks for them early too (session/prefetch). */
export const summaryQuery = queryOptions({
  queryKey: salesKeys.summary,
  queryFn: () => dataOf<SalesSummary>('/api/getPartnerSalesSummary'),
  ...FETCHED_ONCE,
});
export const totalsQuery = queryOptions({
  queryKey: salesKeys.totals,
  queryFn: () => dataOf<Totals>('/api/getTotals'),
  ...FETCHED_ONCE,
});

export const useSalesSummary = () => useQuery(summaryQuery);
export const useTotals = () => useQuery(totalsQuery);
export const useSalesChart = () =>
  useQuery({
    queryKey: salesKeys.chart,
    queryFn: () => dataOf<SalesChart>('/api/getPartnerSalesSummaryChart'),
    ...FETCHED_ONCE,
  });
export const useVerifiedTiers = () =>
  useQuery({
    queryKey: salesKeys.tiers,
    queryFn: () => dataOf<VerifiedTiers>('/api/getPartnerVerifiedTiers'),
    ...FETCHED_ONCE,
  });

/**
 * One page of a list. The previous page stays on screen while the next loads, so the table
 * does not jump; a page already fetched answers from the cache without a request.
 */
export function usePagedList<Name extends ListName>(
  name: Name,
  page: number,
  length: number = PAGING.defaultLength,
) {
  return useQuery({ ...pagedListQuery(name, page, length), placeholderData: keepPreviousData });
}

/** One page of a list (also asked for ahead of the page's code, features/session/prefetch-account.ts). */
export function pagedListQuery<Name extends ListName>(name: Name, page: number, length: number) {
  return {
    queryKey: salesKeys.list(name, page, length),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      api.get<Paged<ListRow<Name>>>(LISTS[name], { query: { page, length }, signal }),
    ...FETCHED_ONCE,
  };
}
