// The partner's cash-out (spec points 1 and 7, decisions §7): the balances and rules of
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
import { PAGING, type Status } from '../../../common/statuses';
import { api, ApiError } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { salesKeys, type Paged } from '../sales/sales-api';

export type Blocker = 'email_not_verified' | 'paypal_email_missing' | 'paypal_email_recent' | 'below_minimum' | 'payout_open';

export interface InvoiceRef {
  id: number;
  number: string;
  pdf_url: string;
}

export interface CashoutRow {
  id: number;
  amount: number;
  currency: string;
  status: Status;
  status_label: string;
  /** When the partner asked for it. */
  date: string;
  paid_at: string | null;
  /** Why, when rejected or sent back to review. */
  reason: string | null;
  invoice: InvoiceRef | null;
}

export interface PayMeNowStats {
  payable_balance: number;
  pending_balance: number;
  /** When the earliest pending earning becomes payable. */
  next_payable_at: string | null;
  minimum: number;
  currency: string;
  paypal_email: string | null;
  /** While a PayPal e-mail changed less than 72 hours ago holds cash-out: until when. */
  paypal_hold_until?: string | null;
  can_request: boolean;
  blockers: Blocker[];
  open_payout: CashoutRow | null;
  lifetime_paid: number;
  /** Newest first, at most 5. */
  recent_cashouts: CashoutRow[];
  latest_paid?: CashoutRow | null;
}

export interface InvoiceRow {
  id: number;
  number: string;
  amount: number;
  status: Status;
  status_label: string;
  date: string;
  pdf_url: string;
  payout_id: number;
  paid_at: string | null;
}

export const payoutKeys = {
  all: ['payouts'] as const,
  stats: ['payouts', 'stats'] as const,
  invoices: (page: number, length: number) => ['payouts', 'invoices', { page, length }] as const,
};

// Balances also move with time (pending earnings mature), not only with pushed events: the
// default minute of freshness, not "fetched once".
export const payMeNowStatsQuery = {
  queryKey: payoutKeys.stats,
  queryFn: async ({ signal }: { signal?: AbortSignal }) =>
    (await api.get<{ data: PayMeNowStats }>('/api/getPayMeNowStats', { signal })).data,
};
export const usePayMeNowStats = () => useQuery(payMeNowStatsQuery);

/** One page of the invoices (the first also asked for ahead of the page's code, session/prefetch). */
export function invoicesQuery(page: number, length: number = PAGING.defaultLength) {
  return {
    queryKey: payoutKeys.invoices(page, length),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      api.get<Paged<InvoiceRow>>('/api/getInvoices', { query: { page, length }, signal }),
    staleTime: Infinity,
  };
}

/** One page of the invoices; the previous page stays on screen while the next loads. */
export const useInvoices = (page: number, length: number = PAGING.defaultLength) =>
  useQuery({ ...invoicesQuery(page, length), placeholderData: keepPreviousData });

/** What a payout's change touches: the payout figures and lists, and the earnings' figures. */
export function refreshAfterPayout(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: payoutKeys.all });
  void queryClient.invalidateQueries({ queryKey: salesKeys.all });
}

/**
 * Pay me now. The dialog shows a refused rule (422) itself; a 401 still ends the session. Every
 * answer refreshes the figures: a refusal means what the page showed was out of date.
 */
export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<{ data: CashoutRow }>('/api/payMeNow')).data,
    meta: { handlesErrors: true, partnerSession: true },
    onSettled: () => refreshAfterPayout(queryClient),
  });
}

/** The server's message of a failed request, when it sent one. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const { body } = error;
  if (body && typeof body === 'object' && typeof body.message === 'string' && body.message.trim())
    return body.message;
  return null;
}

/** Downloads an invoice as `<number>.pdf`; failures follow the data-error rules (spec point 8). */
export function useInvoiceDownload() {
  return useMutation({
    mutationFn: async (invoice: { pdf_url: string; number: string }) => {
      await downloadFile(invoice.pdf_url, 'user', `${invoice.number}.pdf`);
    },
  });
}
