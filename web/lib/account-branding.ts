// The branding of the signed-in partner's account (docs/product/partners-and-accounts.md#white-label-sub-partners): the
// sub-partner they registered through, as GET /api/branding answers it on every visit (so it stays
// after a reload and on another device), or null for the program's own look.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { partnerBrandingAnswer } from '../../common/contracts/subpartners';
import { api } from './api';
import { getValidToken } from './session';

export type AccountBranding = NonNullable<z.infer<typeof partnerBrandingAnswer>['data']['subpartner']>;

export async function fetchAccountBranding(): Promise<AccountBranding | null> {
  const answer = await api.get<z.infer<typeof partnerBrandingAnswer>>('/api/branding');
  return answer?.data?.subpartner ?? null;
}

export const accountBrandingQuery = queryOptions({
  queryKey: ['branding'] as const,
  queryFn: fetchAccountBranding,
  staleTime: Infinity,
  // Without it the account keeps the program's own look: nothing to alert about (an ended session
  // still ends through the profile's read).
  meta: { handlesErrors: true },
});

/** The account's sub-partner, or null (also while it loads, and once signed out). */
export function useAccountBranding(): AccountBranding | null {
  const enabled = getValidToken() !== null;
  return useQuery({ ...accountBrandingQuery, enabled }).data ?? null;
}
