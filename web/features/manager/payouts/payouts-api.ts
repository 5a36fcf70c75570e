// The staff payouts API (issue 9, docs/product/payouts.md and docs/product/back-office.md): the queue, one payout, and the
// decisions staff take on it. Every call carries the staff token; every query is under
// ['manager', ...] so signing out (or in as someone else) forgets them all at once. Errors are
// shown by the pages themselves (a staff 401 must not end the partner's session).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  earningKind,
  payoutDetail,
  payoutListRow,
  payoutQueueAnswer,
  payoutStage,
  payoutStatusCounts,
  paypalState,
  staffPayoutAction,
} from '../../../../common/contracts/payouts';
import type { Status } from '../../../../common/statuses';
import { api, ApiError } from '../../../lib/api';
import { downloadFile } from '../../../lib/download';

// The answers' types are the server's schemas (common/contracts/payouts.ts), so a page or a test
// fixture that drifts from what the server sends does not compile.
export type Stage = z.infer<typeof payoutStage>;
export type PaypalState = z.infer<typeof paypalState>;
export type PayoutAction = z.infer<typeof staffPayoutAction>;
export type EarningKind = z.infer<typeof earningKind>;
export type PayoutListRow = z.infer<typeof payoutListRow>;
/** Payouts per status, over the whole program (not the search); `open` sums the waiting ones. */
export type StatusCounts = z.infer<typeof payoutStatusCounts>;
export type PayoutPage = z.infer<typeof payoutQueueAnswer>;
export type PayoutDetail = z.infer<typeof payoutDetail>;

/** The queue's filters: `open` is every status still waiting for someone; `all` sends none. */
export const OPEN_STATUSES = [
  'PENDING',
  'IN_REVIEW',
  'APPROVED',
  'MANAGER_IN_REVIEW',
  'MANAGER_APPROVED',
] as const;
export const QUEUE_FILTERS = [
  'open',
  'PENDING',
  'IN_REVIEW',
  'APPROVED',
  'MANAGER_IN_REVIEW',
  'MANAGER_APPROVED',
  'PAID',
  'REJECTED',
  'MANAGER_REJECTED',
  'all',
] as const;
export type QueueFilter = (typeof QUEUE_FILTERS)[number];
export const isQueueFilter = (value: string | null): value is QueueFilter =>
  QUEUE_FILTERS.includes(value as QueueFilter);

export const QUEUE_LENGTH = 20;

export interface QueueQuery {
  filter: QueueFilter;
  q: string;
  page: number;
}

export const payoutKeys = {
  all: ['manager', 'payouts'] as const,
  lists: ['manager', 'payouts', 'list'] as const,
  list: (query: QueueQuery) => ['manager', 'payouts', 'list', query] as const,
  detail: (id: number) => ['manager', 'payouts', 'detail', id] as const,
};

export function usePayoutQueue(query: QueueQuery) {
  return useQuery({
    queryKey: payoutKeys.list(query),
    queryFn: ({ signal }) =>
      api.get<PayoutPage>('/api/manager/payouts', {
        auth: 'manager',
        signal,
        query: {
          status: query.filter === 'all' ? undefined : query.filter,
          q: query.q || undefined,
          page: query.page,
          length: QUEUE_LENGTH,
        },
      }),
    // Staff decide on what they see: a queue a minute old is too old.
    staleTime: 0,
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
}

export function usePayoutDetail(id: number) {
  return useQuery({
    queryKey: payoutKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: PayoutDetail }>(`/api/manager/payouts/${id}`, { auth: 'manager', signal })).data,
    staleTime: 0,
    meta: { handlesErrors: true },
  });
}

export interface DecisionInput {
  action: PayoutAction;
  reason?: string;
  fraudulent?: boolean;
  reference?: string;
}

/** The body the server expects for a decision, held to the status the staff member saw. */
export function decisionRequest(
  id: number,
  expected: Status,
  input: DecisionInput,
): { path: string; body: object } {
  if (input.action === 'mark_paid')
    return {
      path: `/api/manager/payouts/${id}/mark-paid`,
      body: { reference: input.reference ?? '', expected_status: expected },
    };
  return {
    path: `/api/manager/payouts/${id}/review`,
    body: {
      action: input.action,
      ...(input.action === 'approve' ? {} : { reason: input.reason ?? '' }),
      ...(input.action === 'reject' ? { fraudulent: input.fraudulent === true } : {}),
      expected_status: expected,
    },
  };
}

/** Posts a decision; on success the answer (the new detail) replaces the cached one. */
export function usePayoutDecision(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ expected, input }: { expected: Status; input: DecisionInput }) => {
      const { path, body } = decisionRequest(id, expected, input);
      return (await api.post<{ data: PayoutDetail }>(path, body, { auth: 'manager' })).data;
    },
    onSuccess: (detail) => {
      queryClient.setQueryData(payoutKeys.detail(id), detail);
      void queryClient.invalidateQueries({ queryKey: payoutKeys.lists });
    },
    meta: { handlesErrors: true },
  });
}

/** The first message of a field in a 422 answer. */
export function fieldMessage(error: unknown, field: string): string | null {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return null;
  const value = error.body.errors?.[field];
  const message = Array.isArray(value) ? value[0] : value;
  return typeof message === 'string' && message ? message : null;
}

/** The file name of a Content-Disposition header, if it gives one. */
/** Downloads a staff file (an invoice PDF, an export) with the staff bearer. */
export const downloadStaffFile = (path: string, fallbackName: string) =>
  downloadFile(path, 'manager', fallbackName);
