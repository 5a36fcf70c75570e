// The partner's sales figures and lists (docs/product/errors-and-languages.md#the-api-conventions and docs/product/commissions.md). Each endpoint has
// its own query key, paged lists one per page and length, so a list is fetched once and kept
// (docs/product/partner-portal.md#data-loading): moving to a page already seen reads the cache, and only the
// live push (a new order, a reconnect) marks them stale. Everything lives under ['sales'] so
// one invalidation refreshes every figure.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  chartPoint,
  region,
  salesChart,
  salesSummary,
  totals,
  verifiedTiers,
} from '../../../common/contracts/dashboard';
import type { ListRangeQuery } from '../../../common/list-range';
import { PAGING } from '../../../common/statuses';
import { api, type Paged } from '../../lib/api';
import { SALES_QUERY_KEY, type SaleRow } from '../../lib/sales-data';

// The figures' types are the server's schemas (common/contracts/dashboard.ts).
export type Region = z.infer<typeof region>;
export type SalesSummary = z.infer<typeof salesSummary>;
export type Totals = z.infer<typeof totals>;
export type ChartPoint = z.infer<typeof chartPoint>;
export type SalesChart = z.infer<typeof salesChart>;
export type VerifiedTiers = z.infer<typeof verifiedTiers>;

export interface VoucherRow {
  id: number;
  code: string;
  type: string;
  amount: number;
  valid_from: string | null;
  valid_till: string | null;
  status: string;
}

/** The paged lists, by endpoint. */
export const LISTS = {
  store: '/api/getShopifySalesItemsNoVouchers',
  referrals: '/api/getShopifySalesItemsReferrals',
  marketplace: '/api/getAmazonSalesItems',
  vouchers: '/api/getVouchersPaginated',
} as const;
export type ListName = keyof typeof LISTS;

/** Each list's CSV download (every row of its range) and the name its file is saved as. */
export const LIST_EXPORTS: Record<ListName, { path: string; file: string }> = {
  store: { path: '/api/exports/sales.csv', file: 'sales.csv' },
  referrals: { path: '/api/exports/referrals.csv', file: 'referrals.csv' },
  marketplace: { path: '/api/exports/marketplace.csv', file: 'marketplace.csv' },
  vouchers: { path: '/api/exports/vouchers.csv', file: 'vouchers.csv' },
};
export type ListRow<Name extends ListName> = Name extends 'vouchers' ? VoucherRow : SaleRow;

export const salesKeys = {
  all: SALES_QUERY_KEY,
  summary: ['sales', 'summary'] as const,
  totals: ['sales', 'totals'] as const,
  chart: ['sales', 'chart'] as const,
  tiers: ['sales', 'tiers'] as const,
  // A range joins the key only when there is one, so all time keeps the key the prefetch fills.
  list: (name: ListName, page: number, length: number, range: ListRangeQuery = {}) =>
    ['sales', 'list', name, { page, length, ...range }] as const,
};

/** Kept until the live push says otherwise (docs/product/engagement.md#live-push: fetched once). */
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
  range: ListRangeQuery = {},
) {
  return useQuery({ ...pagedListQuery(name, page, length, range), placeholderData: keepPreviousData });
}

/**
 * One page of a list in a range of days (none: all time; also asked for ahead of the page's code,
 * app/account/prefetch-account.ts).
 */
export function pagedListQuery<Name extends ListName>(
  name: Name,
  page: number,
  length: number,
  range: ListRangeQuery = {},
) {
  return {
    queryKey: salesKeys.list(name, page, length, range),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      api.get<Paged<ListRow<Name>>>(LISTS[name], { query: { page, length, ...range }, signal }),
    ...FETCHED_ONCE,
    // Status labels in the interface's language.
    meta: { worded: true },
  };
}
