// The staff partners API (decisions §11): the list with its search, one partner, and the retry of
// a promo code's creation in the store. Every call carries the staff token; every query is under
// ['manager', 'partners', ...] so signing out (or in as someone else) forgets them all at once.
// Errors are shown by the pages themselves (a staff 401 must not end the partner's session).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface PartnerListRow {
  uuid: string;
  email: string;
  first_name: string;
  last_name: string;
  /** ISO 3166-1 alpha-2, when the partner gave one. */
  country: string | null;
  verified: boolean;
  created_at: string;
  codes: string[];
}

export interface PartnerListPage {
  data: PartnerListRow[];
  current_page: number;
  per_page: number;
  last_page: number;
  total: number;
}

/** Where a promo code stands in the store: `off` when the store sync is not configured. */
export type StoreSyncState = 'off' | 'not_pushed' | 'pending' | 'created' | 'failed';

export interface StoreSync {
  state: StoreSyncState;
  /** The store's id of the code, once created. */
  store_id: string | null;
  /** What the store answered when it refused the code. */
  message: string | null;
  attempts: number;
  updated_at: string | null;
}

export interface PartnerPromoCode {
  code: string;
  /** The customer's discount, in percent (15 is 15 %). */
  value: number;
  /** The partner's commission, in percent. */
  commission_rate: number;
  store_sync: StoreSync;
}

export interface PartnerDetail {
  uuid: string;
  email: string;
  first_name: string;
  last_name: string;
  country: string | null;
  verified: boolean;
  created_at: string;
  last_login_dt: string | null;
  paypal_email: string | null;
  promo_codes: PartnerPromoCode[];
}

export const PARTNERS_LENGTH = 20;

export interface PartnersQuery {
  q: string;
  page: number;
}

export const partnerKeys = {
  all: ['manager', 'partners'] as const,
  lists: ['manager', 'partners', 'list'] as const,
  list: (query: PartnersQuery) => ['manager', 'partners', 'list', query] as const,
  detail: (uuid: string) => ['manager', 'partners', 'detail', uuid] as const,
};

const partnerPath = (uuid: string) => `/api/manager/partners/${encodeURIComponent(uuid)}`;

/** The partner's full name, or their e-mail when they gave none. */
export function partnerName(partner: { first_name: string; last_name: string; email: string }): string {
  return `${partner.first_name ?? ''} ${partner.last_name ?? ''}`.trim() || partner.email;
}

export function usePartners(query: PartnersQuery) {
  return useQuery({
    queryKey: partnerKeys.list(query),
    queryFn: ({ signal }) =>
      api.get<PartnerListPage>('/api/manager/partners', {
        auth: 'manager',
        signal,
        query: { q: query.q || undefined, page: query.page, length: PARTNERS_LENGTH },
      }),
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
}

export function usePartner(uuid: string) {
  return useQuery({
    queryKey: partnerKeys.detail(uuid),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: PartnerDetail }>(partnerPath(uuid), { auth: 'manager', signal })).data,
    // A code's store state moves on its own (the sync runs in the background): never older than a visit.
    staleTime: 0,
    meta: { handlesErrors: true },
  });
}

/**
 * Asks the store to create a failed code again (manager and admin). The answer (the code as it now
 * is) replaces the one on screen at once; the partner is then read again.
 */
export function useRetryStoreSync(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      (
        await api.post<{ data: PartnerPromoCode }>(
          `${partnerPath(uuid)}/promo-codes/${encodeURIComponent(code)}/store-sync`,
          undefined,
          { auth: 'manager' },
        )
      ).data,
    onSuccess: (entry) => {
      queryClient.setQueryData<PartnerDetail>(partnerKeys.detail(uuid), (partner) =>
        partner
          ? {
              ...partner,
              promo_codes: partner.promo_codes.map((code) => (code.code === entry.code ? entry : code)),
            }
          : partner,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: partnerKeys.detail(uuid) }),
    meta: { handlesErrors: true },
  });
}
