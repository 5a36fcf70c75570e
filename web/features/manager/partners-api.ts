// The staff partners API (docs/product/back-office.md#exports): the list with its search, filters and order, its CSV
// export, one partner and the paged parts of their page, and what managers change on a partner.
// Every call carries the staff token; every query is under ['manager', 'partners', ...] so signing
// out (or in as someone else) forgets them all at once. Errors are shown by the pages themselves
// (a staff 401 must not end the partner's session).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest, type Paged } from '../../lib/api';
import { downloadFile } from '../../lib/download';

export type PartnerStatus = 'active' | 'suspended';

export interface PartnerListRow {
  uuid: string;
  email: string;
  first_name: string;
  last_name: string;
  /** ISO 3166-1 alpha-2, when the partner gave one. */
  country: string | null;
  verified: boolean;
  status: PartnerStatus;
  created_at: string;
  codes: string[];
  /** All-time sales with their codes, net of refunds, in major units. */
  sales: number;
  /** Earned: pending, approved, in a payout or paid. */
  commissions: number;
  verified_sales: number;
  currency: string;
}

export type PartnerListPage = Paged<PartnerListRow>;

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

export interface Tier {
  min_sales: number;
  rate: number;
}

export interface PartnerCommission {
  /** What a new order earns now, percent. */
  rate: number;
  source: 'override' | 'tier';
  override: number | null;
  verified_sales: number;
  tier: Tier | null;
  next_tier: Tier | null;
}

export type ReferralType = 'percent' | 'fixed';

export interface PartnerFigures {
  currency: string;
  orders: number;
  sales: number;
  sales_by_region: { CA: number; US: number; OTHER: number };
  average_order: number;
  this_month: { orders: number; sales: number };
  last_month: { orders: number; sales: number };
  commissions: number;
  balances: {
    pending: number;
    payable: number;
    in_payout: number;
    paid: number;
    in_review: number;
    rejected: number;
  };
}

export interface PartnerDetail {
  uuid: string;
  email: string;
  first_name: string;
  last_name: string;
  country: string | null;
  verified: boolean;
  status: PartnerStatus;
  created_at: string;
  last_login_dt: string | null;
  paypal_email: string | null;
  locale: string;
  subpartner: { slug: string; name: string } | null;
  promo_codes: PartnerPromoCode[];
  commission: PartnerCommission;
  referral_commission: { amount: number; type: ReferralType };
  referrer: { uuid: string; name: string; email: string; status: PartnerStatus } | null;
  referrals_count: number;
  figures: PartnerFigures;
}

export interface EarningEvent {
  at: string;
  from: string | null;
  to: string;
  amount_before: number | null;
  amount_after: number;
  reason: string;
  actor: string;
}

export interface PartnerEarning {
  id: number;
  kind: string;
  order_number: string | null;
  product: string | null;
  date: string;
  base: number;
  rate: number | null;
  amount: number;
  status: string;
  hold_until: string | null;
  payout_id: number | null;
  history: EarningEvent[];
}

export interface PartnerPayout {
  id: number;
  status: string;
  amount: number;
  currency: string;
  earnings_count: number;
  created_at: string;
  paid_at: string | null;
  invoice_number: string | null;
}

export type VoucherType = 'percent' | 'fixed' | 'product';

export interface PartnerVoucher {
  id: number;
  code: string;
  type: VoucherType;
  amount: number;
  valid_from: string;
  valid_till: string | null;
  status: string;
  created_at?: string;
}

export interface PartnerReferral {
  uuid: string;
  name: string;
  email: string;
  status: PartnerStatus;
  created_at: string;
  sales: number;
  currency: string;
}

export interface PartnerNote {
  id: number;
  body: string;
  created_at: string;
  author: string | null;
}

export interface PartnerAuditLine {
  id: number;
  action: string;
  entity: string;
  entity_id: string;
  staff: string | null;
  at: string;
  before: unknown;
  after: unknown;
}

export interface FilterChoices {
  tiers: Tier[];
  subpartners: { slug: string; name: string; active: boolean }[];
}

export const PARTNERS_LENGTH = 20;
/** Rows a part of a partner's page shows at a time. */
export const PART_LENGTH = 10;

export const PARTNER_SORTS = [
  '-created',
  'created',
  '-sales',
  'sales',
  '-commissions',
  'commissions',
] as const;
export type PartnerSort = (typeof PARTNER_SORTS)[number];
export const DEFAULT_SORT: PartnerSort = '-created';

/** The list's filters, as the URL and the API name them. */
export const FILTER_KEYS = ['status', 'subpartner', 'tier', 'country', 'verified', 'paypal'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type PartnerFilters = Partial<Record<FilterKey, string>>;

export interface PartnersQuery {
  q: string;
  page: number;
  sort?: PartnerSort;
  filters?: PartnerFilters;
}

export const partnerKeys = {
  all: ['manager', 'partners'] as const,
  lists: ['manager', 'partners', 'list'] as const,
  list: (query: PartnersQuery) => ['manager', 'partners', 'list', query] as const,
  filters: ['manager', 'partners', 'filters'] as const,
  detail: (uuid: string) => ['manager', 'partners', 'detail', uuid] as const,
  part: (uuid: string, part: string, page: number) =>
    ['manager', 'partners', 'part', uuid, part, page] as const,
  parts: (uuid: string) => ['manager', 'partners', 'part', uuid] as const,
};

const partnerPath = (uuid: string) => `/api/manager/partners/${encodeURIComponent(uuid)}`;

/** The partner's full name, or their e-mail when they gave none. */
export function partnerName(partner: { first_name: string; last_name: string; email: string }): string {
  return `${partner.first_name ?? ''} ${partner.last_name ?? ''}`.trim() || partner.email;
}

/** The list's query string parameters, without the ones left at their default. */
export function listParams(query: Omit<PartnersQuery, 'page'>): Record<string, string | undefined> {
  return {
    q: query.q || undefined,
    ...Object.fromEntries(FILTER_KEYS.map((key) => [key, query.filters?.[key] || undefined])),
    sort: query.sort && query.sort !== DEFAULT_SORT ? query.sort : undefined,
  };
}

export function usePartners(query: PartnersQuery) {
  return useQuery({
    queryKey: partnerKeys.list(query),
    queryFn: ({ signal }) =>
      api.get<PartnerListPage>('/api/manager/partners', {
        auth: 'manager',
        signal,
        query: { ...listParams(query), page: query.page, length: PARTNERS_LENGTH },
      }),
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
}

/** The filters' choices (the tiers as they are now, the sub-partners). */
export function usePartnerFilterChoices() {
  return useQuery({
    queryKey: partnerKeys.filters,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: FilterChoices }>('/api/manager/partners/filters', { auth: 'manager', signal }))
        .data,
    staleTime: 5 * 60_000,
    meta: { handlesErrors: true },
  });
}

/** The CSV of the list as it is filtered and ordered on screen. */
export function downloadPartnersCsv(query: Omit<PartnersQuery, 'page'>): Promise<void> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(listParams(query))) if (value) params.set(key, value);
  const search = params.toString();
  return downloadFile(`/api/manager/partners.csv${search ? `?${search}` : ''}`, 'manager', 'partners.csv');
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

export type PartnerPart = 'earnings' | 'payouts' | 'vouchers' | 'referrals' | 'notes' | 'audit';

/** One page of a part of the partner's page (earnings, payouts…), newest first. */
export function usePartnerPart<Row>(uuid: string, part: PartnerPart, page: number, enabled = true) {
  return useQuery({
    queryKey: partnerKeys.part(uuid, part, page),
    queryFn: ({ signal }) =>
      api.get<Paged<Row>>(`${partnerPath(uuid)}/${part}`, {
        auth: 'manager',
        signal,
        query: { page, length: PART_LENGTH },
      }),
    placeholderData: keepPreviousData,
    enabled,
    meta: { handlesErrors: true },
  });
}

/** After a change: the partner and every part of their page are read again. */
function useRefreshPartner(uuid: string) {
  const queryClient = useQueryClient();
  return (partner?: PartnerDetail) => {
    if (partner) queryClient.setQueryData(partnerKeys.detail(uuid), partner);
    void queryClient.invalidateQueries({ queryKey: partnerKeys.detail(uuid) });
    void queryClient.invalidateQueries({ queryKey: partnerKeys.parts(uuid) });
    void queryClient.invalidateQueries({ queryKey: partnerKeys.lists });
  };
}

export interface PartnerChanges {
  commission_override?: number | null;
  status?: PartnerStatus;
  referral_commission_amount?: number;
  referral_comission_type?: ReferralType;
  subpartner?: string | null;
  notes?: string;
}

/** `PATCH /api/manager/partners/{uuid}` (managers and admins); the answer is the partner as it now is. */
export function useUpdatePartner(uuid: string) {
  const refresh = useRefreshPartner(uuid);
  return useMutation({
    mutationFn: async (changes: PartnerChanges) =>
      (
        await apiRequest<{ data: PartnerDetail }>(partnerPath(uuid), {
          method: 'PATCH',
          body: changes,
          auth: 'manager',
        })
      ).data,
    onSuccess: (partner) => refresh(partner),
    meta: { handlesErrors: true },
  });
}

export function useAddNote(uuid: string) {
  const refresh = useRefreshPartner(uuid);
  return useMutation({
    mutationFn: async (body: string) =>
      (await api.post<{ data: PartnerNote }>(`${partnerPath(uuid)}/notes`, { body }, { auth: 'manager' }))
        .data,
    onSuccess: () => refresh(),
    meta: { handlesErrors: true },
  });
}

export function useChangeDiscount(uuid: string) {
  const refresh = useRefreshPartner(uuid);
  return useMutation({
    mutationFn: async ({ code, value }: { code: string; value: number }) =>
      (
        await apiRequest<{ data: PartnerPromoCode }>(
          `${partnerPath(uuid)}/promo-codes/${encodeURIComponent(code)}`,
          {
            method: 'PATCH',
            body: { value },
            auth: 'manager',
          },
        )
      ).data,
    onSuccess: () => refresh(),
    meta: { handlesErrors: true },
  });
}

export function useResendVerification(uuid: string) {
  const refresh = useRefreshPartner(uuid);
  return useMutation({
    mutationFn: async () =>
      (
        await api.post<{ data: { sent: boolean; email: string } }>(
          `${partnerPath(uuid)}/resend-verification`,
          undefined,
          { auth: 'manager' },
        )
      ).data,
    onSuccess: () => refresh(),
    meta: { handlesErrors: true },
  });
}

export interface VoucherInput {
  type: VoucherType;
  amount: number;
  code?: string;
  valid_till?: string | null;
}

export function useIssueVoucher(uuid: string) {
  const refresh = useRefreshPartner(uuid);
  return useMutation({
    mutationFn: async (input: VoucherInput) =>
      (await api.post<{ data: PartnerVoucher }>(`${partnerPath(uuid)}/vouchers`, input, { auth: 'manager' }))
        .data,
    onSuccess: () => refresh(),
    meta: { handlesErrors: true },
  });
}

export function useRevokeVoucher(uuid: string) {
  const refresh = useRefreshPartner(uuid);
  return useMutation({
    mutationFn: async (id: number) =>
      (
        await api.post<{ data: PartnerVoucher }>(`${partnerPath(uuid)}/vouchers/${id}/revoke`, undefined, {
          auth: 'manager',
        })
      ).data,
    onSuccess: () => refresh(),
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
