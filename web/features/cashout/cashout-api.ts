// The partner's cash-out (docs/product/partner-portal.md#what-a-partner-can-do and docs/product/payouts.md#cash-out): the balances and rules of
// getPayMeNowStats, the request itself (payMeNow) and the paged invoices, one per cash-out.
// Everything lives under ['payouts'] so that one invalidation (a request, the live push's
// payout_changed) refreshes the page and the dashboard widget together.
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  cashoutBlocker,
  cashoutRow,
  invoiceRef,
  invoiceRow,
  payMeNowStats,
  requestedCashout,
} from '../../../common/contracts/payouts';
import type { ListRangeQuery } from '../../../common/list-range';
import { PAGING } from '../../../common/statuses';
import { api, type Paged } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { SALES_QUERY_KEY } from '../../lib/sales-data';

// The answers' types are the server's schemas (common/contracts/payouts.ts).
export type Blocker = z.infer<typeof cashoutBlocker>;
export type InvoiceRef = z.infer<typeof invoiceRef>;
export type CashoutRow = z.infer<typeof cashoutRow>;
export type PayMeNowStats = z.infer<typeof payMeNowStats>;
export type InvoiceRow = z.infer<typeof invoiceRow>;
/** The cash-out Pay me now just made: its invoice always exists. */
export type RequestedCashout = z.infer<typeof requestedCashout>;

export const payoutKeys = {
  all: ['payouts'] as const,
  stats: ['payouts', 'stats'] as const,
  // A range joins the key only when there is one, so all time keeps the key the prefetch fills.
  invoices: (page: number, length: number, range: ListRangeQuery = {}) =>
    ['payouts', 'invoices', { page, length, ...range }] as const,
};

/** The invoices' CSV download (every row of the range) and the name its file is saved as. */
export const INVOICES_EXPORT = { path: '/api/exports/invoices.csv', file: 'invoices.csv' } as const;

// Balances also move with time (pending earnings mature), not only with pushed events: the
// default minute of freshness, not "fetched once".
export const payMeNowStatsQuery = {
  queryKey: payoutKeys.stats,
  queryFn: async ({ signal }: { signal?: AbortSignal }) =>
    (await api.get<{ data: PayMeNowStats }>('/api/getPayMeNowStats', { signal })).data,
};
export const usePayMeNowStats = () => useQuery(payMeNowStatsQuery);

/** One page of the invoices (the first also asked for ahead of the page's code, session/prefetch). */
export function invoicesQuery(
  page: number,
  length: number = PAGING.defaultLength,
  range: ListRangeQuery = {},
) {
  return {
    queryKey: payoutKeys.invoices(page, length, range),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      api.get<Paged<InvoiceRow>>('/api/getInvoices', { query: { page, length, ...range }, signal }),
    staleTime: Infinity,
    // Status labels in the interface's language.
    meta: { worded: true },
  };
}

/** One page of the invoices; the previous page stays on screen while the next loads. */
export const useInvoices = (
  page: number,
  length: number = PAGING.defaultLength,
  range: ListRangeQuery = {},
) => useQuery({ ...invoicesQuery(page, length, range), placeholderData: keepPreviousData });

/** What a payout's change touches: the payout figures and lists, and the earnings' figures. */
export function refreshAfterPayout(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: payoutKeys.all });
  void queryClient.invalidateQueries({ queryKey: SALES_QUERY_KEY });
}

/**
 * Pay me now. The dialog shows a refused rule (422) itself; a 401 still ends the session. Every
 * answer refreshes the figures: a refusal means what the page showed was out of date.
 */
export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<{ data: RequestedCashout }>('/api/payMeNow')).data,
    meta: { handlesErrors: true, partnerSession: true },
    onSettled: () => refreshAfterPayout(queryClient),
  });
}

/** Downloads an invoice as `<number>.pdf`; failures follow the data-error rules (docs/product/errors-and-languages.md#error-catalogue). */
export function useInvoiceDownload() {
  return useMutation({
    mutationFn: async (invoice: { pdf_url: string; number: string }) => {
      await downloadFile(invoice.pdf_url, 'user', `${invoice.number}.pdf`);
    },
  });
}
