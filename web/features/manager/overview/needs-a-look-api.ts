// The pages behind the overview's "needs a look" (docs/decisions/039-needs-a-look.md): the Shopify
// deliveries the intake refused, with their payload on demand, and the partner codes the store
// refused, retried one at a time or all at once. Under ['manager', 'overview', ...] so a retry
// refreshes the overview's card too, and signing out forgets them; every call carries the staff
// token and the pages show their own errors (a staff 401 must not end the partner's session).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  deliveryPayload,
  deliveryPayloadAnswer,
  failedPush,
  failedPushesAnswer,
  ledgerState,
  orderApart,
  ordersApartAnswer,
  REJECTION_ISSUES,
  rejectedDeliveriesAnswer,
  rejectedDelivery,
  rejectionProblem,
  releasedOrdersAnswer,
  retriedAllPushesAnswer,
  retriedPushAnswer,
} from '../../../../common/contracts/overview';
import { api } from '../../../lib/api';
import { dayBounds } from '../day-range';
import { OVERVIEW_QUERY_KEY } from '../staff-keys';

/** The topics the intake records (and so can refuse), as the server's filter takes them. */
export const DELIVERY_TOPICS = [
  'orders/create',
  'orders/paid',
  'orders/cancelled',
  'refunds/create',
] as const;
export type DeliveryTopic = (typeof DELIVERY_TOPICS)[number];

// The answers' types are the server's schemas (common/contracts/overview.ts), so a page or a
// test fixture that drifts from what the server sends does not compile.
export type RejectionIssue = (typeof REJECTION_ISSUES)[number];
export type RejectionProblem = z.infer<typeof rejectionProblem>;
export type LedgerState = z.infer<typeof ledgerState>;
export type RejectedDelivery = z.infer<typeof rejectedDelivery>;
export type DeliveryPayload = z.infer<typeof deliveryPayload>;
export type FailedPush = z.infer<typeof failedPush>;
export type FailedPushesPage = z.infer<typeof failedPushesAnswer>;

/** The filters the deliveries page keeps in its URL: days are the staff member's own days. */
export interface DeliveriesQuery {
  topic: DeliveryTopic | null;
  from: string | null;
  to: string | null;
  page: number;
}

export const NEEDS_A_LOOK_LENGTH = 20;

export const needsALookKeys = {
  deliveries: (query: DeliveriesQuery) => [...OVERVIEW_QUERY_KEY, 'deliveries', query] as const,
  payload: (id: number) => [...OVERVIEW_QUERY_KEY, 'deliveries', 'payload', id] as const,
  pushes: (page: number) => [...OVERVIEW_QUERY_KEY, 'store-pushes', page] as const,
};

export function useRejectedDeliveries(query: DeliveriesQuery) {
  return useQuery({
    queryKey: needsALookKeys.deliveries(query),
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof rejectedDeliveriesAnswer>>('/api/manager/overview/deliveries', {
        auth: 'manager',
        signal,
        query: {
          topic: query.topic ?? undefined,
          ...dayBounds(query.from, query.to),
          page: query.page,
          length: NEEDS_A_LOOK_LENGTH,
        },
      }),
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
}

/** A delivery's payload, read when staff open it (it can be large); kept, since it never changes. */
export function useDeliveryPayload(id: number, enabled: boolean) {
  return useQuery({
    queryKey: needsALookKeys.payload(id),
    queryFn: async ({ signal }) =>
      (
        await api.get<z.infer<typeof deliveryPayloadAnswer>>(
          `/api/manager/overview/deliveries/${id}/payload`,
          {
            auth: 'manager',
            signal,
          },
        )
      ).data,
    enabled,
    staleTime: Infinity,
    meta: { handlesErrors: true },
  });
}

export function useFailedPushes(page: number) {
  return useQuery({
    queryKey: needsALookKeys.pushes(page),
    queryFn: ({ signal }) =>
      api.get<FailedPushesPage>('/api/manager/overview/store-pushes', {
        auth: 'manager',
        signal,
        query: { page, length: NEEDS_A_LOOK_LENGTH },
      }),
    // What another staff member just retried must not stay on screen as failed.
    staleTime: 0,
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
}

/** After a retry: the lists, the overview's card and the partners' pages read again. */
function useRefreshAfterRetry() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: OVERVIEW_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: ['manager', 'partners'] }),
    ]);
}

/** One failed code pushed again (manager, admin). */
export function useRetryPush() {
  const refresh = useRefreshAfterRetry();
  return useMutation({
    mutationFn: async (code: string) =>
      (
        await api.post<z.infer<typeof retriedPushAnswer>>(
          `/api/manager/overview/store-pushes/${encodeURIComponent(code)}/retry`,
          undefined,
          { auth: 'manager' },
        )
      ).data,
    onSettled: () => refresh(),
    meta: { handlesErrors: true },
  });
}

/** Every failed code pushed again (manager, admin); answers how many were still failed. */
export function useRetryAllPushes() {
  const refresh = useRefreshAfterRetry();
  return useMutation({
    mutationFn: async () =>
      (
        await api.post<z.infer<typeof retriedAllPushesAnswer>>(
          '/api/manager/overview/store-pushes/retry-all',
          undefined,
          {
            auth: 'manager',
          },
        )
      ).data,
    onSettled: () => refresh(),
    meta: { handlesErrors: true },
  });
}

// ---- Orders kept apart from the figures (docs/product/commissions.md#currency, docs/decisions/053): those in a currency
// without a rate, which staff release once it is set, and the store's test orders.

export type OrdersApartKind = 'orders-waiting' | 'test-orders';

export type OrderApart = z.infer<typeof orderApart>;

export const ordersApartKeys = {
  list: (kind: OrdersApartKind, page: number) => [...OVERVIEW_QUERY_KEY, kind, page] as const,
};

export function useOrdersApart(kind: OrdersApartKind, page: number) {
  return useQuery({
    queryKey: ordersApartKeys.list(kind, page),
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof ordersApartAnswer>>(`/api/manager/overview/${kind}`, {
        auth: 'manager',
        signal,
        query: { page, length: NEEDS_A_LOOK_LENGTH },
      }),
    // What another staff member just released must not stay on screen as waiting.
    staleTime: 0,
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
}

/** Releases the orders of a currency once its rate is set (manager, admin): how many were released. */
export function useReleaseOrders() {
  const refresh = useRefreshAfterRetry();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (currency: string) =>
      (
        await api.post<z.infer<typeof releasedOrdersAnswer>>(
          '/api/manager/overview/orders-waiting/release',
          { currency },
          { auth: 'manager' },
        )
      ).data,
    // The lists, the overview's card, the partners' figures and the rates' waiting counts.
    onSettled: () =>
      Promise.all([
        refresh(),
        queryClient.invalidateQueries({ queryKey: ['manager', 'settings', 'currency'] }),
      ]),
    meta: { handlesErrors: true },
  });
}
