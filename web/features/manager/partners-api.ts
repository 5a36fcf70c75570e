// The staff partners API (docs/product/back-office.md#exports): the list with its search, filters and order, its CSV
// export, one partner and the paged parts of their page, and what managers change on a partner.
// Every call carries the staff token; every query is under ['manager', 'partners', ...] so signing
// out (or in as someone else) forgets them all at once. Errors are shown by the pages themselves
// (a staff 401 must not end the partner's session).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  filterChoices,
  filterChoicesAnswer,
  partnerAuditLine,
  partnerDetail,
  partnerDetailAnswer,
  partnerEarning,
  partnerListAnswer,
  partnerListRow,
  partnerNote,
  partnerNoteAnswer,
  partnerPayout,
  partnerPromoCode,
  partnerParts,
  partnerPromoCodeAnswer,
  partnerReferral,
  partnerStatus,
  partnerVoucher,
  storeSync,
  tier,
  verificationResentAnswer,
} from '../../../common/contracts/partner-admin';
import type { voucherAnswer, voucherRow } from '../../../common/contracts/vouchers';
import { api, apiRequest, type Paged } from '../../lib/api';
import { downloadFile } from '../../lib/download';

// The answers' types are the server's schemas (common/contracts/partner-admin.ts), so a page or a
// test fixture that drifts from what the server sends does not compile.
export type PartnerStatus = z.infer<typeof partnerStatus>;
export type PartnerListRow = z.infer<typeof partnerListRow>;
export type PartnerListPage = z.infer<typeof partnerListAnswer>;
/** Where a promo code stands in the store: `off` when the store sync is not configured. */
export type StoreSync = z.infer<typeof storeSync>;
export type StoreSyncState = StoreSync['state'];
export type PartnerPromoCode = z.infer<typeof partnerPromoCode>;
export type Tier = z.infer<typeof tier>;
export type PartnerDetail = z.infer<typeof partnerDetail>;
export type PartnerCommission = PartnerDetail['commission'];
export type ReferralType = PartnerDetail['referral_commission']['type'];
export type PartnerFigures = PartnerDetail['figures'];
export type PartnerEarning = z.infer<typeof partnerEarning>;
export type EarningEvent = PartnerEarning['history'][number];
export type PartnerPayout = z.infer<typeof partnerPayout>;
/** A voucher of the partner's list (with when it was issued). */
export type PartnerVoucher = z.infer<typeof partnerVoucher>;
/** A voucher as issuing or revoking it answers (without `created_at`). */
export type Voucher = z.infer<typeof voucherRow>;
export type VoucherType = Voucher['type'];
export type PartnerReferral = z.infer<typeof partnerReferral>;
export type PartnerNote = z.infer<typeof partnerNote>;
export type PartnerAuditLine = z.infer<typeof partnerAuditLine>;
export type FilterChoices = z.infer<typeof filterChoices>;

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
      (
        await api.get<z.infer<typeof filterChoicesAnswer>>('/api/manager/partners/filters', {
          auth: 'manager',
          signal,
        })
      ).data,
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
      (await api.get<z.infer<typeof partnerDetailAnswer>>(partnerPath(uuid), { auth: 'manager', signal }))
        .data,
    // A code's store state moves on its own (the sync runs in the background): never older than a visit.
    staleTime: 0,
    meta: { handlesErrors: true },
  });
}

export type PartnerPart = keyof typeof partnerParts;
/** A row of one part of the partner's page, as the server answers it. */
export type PartnerPartRow<P extends PartnerPart> = z.infer<(typeof partnerParts)[P]>;

/** One page of a part of the partner's page (earnings, payouts…), newest first. */
export function usePartnerPart<P extends PartnerPart>(uuid: string, part: P, page: number, enabled = true) {
  return useQuery({
    queryKey: partnerKeys.part(uuid, part, page),
    queryFn: ({ signal }) =>
      api.get<Paged<PartnerPartRow<P>>>(`${partnerPath(uuid)}/${part}`, {
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
        await apiRequest<z.infer<typeof partnerDetailAnswer>>(partnerPath(uuid), {
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
      (
        await api.post<z.infer<typeof partnerNoteAnswer>>(
          `${partnerPath(uuid)}/notes`,
          { body },
          { auth: 'manager' },
        )
      ).data,
    onSuccess: () => refresh(),
    meta: { handlesErrors: true },
  });
}

export function useChangeDiscount(uuid: string) {
  const refresh = useRefreshPartner(uuid);
  return useMutation({
    mutationFn: async ({ code, value }: { code: string; value: number }) =>
      (
        await apiRequest<z.infer<typeof partnerPromoCodeAnswer>>(
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
        await api.post<z.infer<typeof verificationResentAnswer>>(
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
      (
        await api.post<z.infer<typeof voucherAnswer>>(`${partnerPath(uuid)}/vouchers`, input, {
          auth: 'manager',
        })
      ).data,
    onSuccess: () => refresh(),
    meta: { handlesErrors: true },
  });
}

export function useRevokeVoucher(uuid: string) {
  const refresh = useRefreshPartner(uuid);
  return useMutation({
    mutationFn: async (id: number) =>
      (
        await api.post<z.infer<typeof voucherAnswer>>(
          `${partnerPath(uuid)}/vouchers/${id}/revoke`,
          undefined,
          {
            auth: 'manager',
          },
        )
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
        await api.post<z.infer<typeof partnerPromoCodeAnswer>>(
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
