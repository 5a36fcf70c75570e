// The signed-in partner: GET /api/get answers the encrypted payload of docs/product/partners-and-accounts.md#the-profile-payload, which is
// verified, decrypted and kept in the ['user'] query that the header and every page read.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { payloadAnswer, resentVerificationAnswer } from '../../common/contracts/accounts';
import type { AvatarSubject } from '../../common/avatar';
import type { BadgeState, badgesAnswer } from '../../common/contracts/badges';
import { api } from './api';
import { decryptPayload, PayloadError, readPayloadKey } from './payload';
import { getValidToken } from './session';

export interface ShellUser extends AvatarSubject {
  uuid: string;
  verified?: boolean;
}

export interface PromoCode {
  code: string;
  value: number;
  commission_rate: number;
}

/** The partner profile (docs/product/partners-and-accounts.md#the-partner-profile) as /api/get and /api/update answer it. */
export interface PortalUser extends ShellUser {
  verified: boolean;
  phone: string | null;
  address_1: string | null;
  address_2: string | null;
  city: string | null;
  state: string | null;
  postal: string | null;
  po_box: string | null;
  country: string | null;
  paypal_email: string | null;
  /** Whether changes of the PayPal or account e-mail ask for the password (else a mailed link confirms them). */
  has_password?: boolean;
  /** Changes waiting for the link mailed to the partner (docs/decisions/063-account-changes.md). */
  pending_changes?: { paypal_email: string | null; email: string | null };
  short_url: string | null;
  referral_short_url: string | null;
  promo_codes: PromoCode[];
  locale: string | null;
  about: string | null;
  date_of_birth: string | null;
  category_id: number | null;
  instagram_url: string | null;
  facebook_url: string | null;
  youtube_url: string | null;
  tiktok_url: string | null;
  badges: unknown;
  bell_notifications: number;
  accepted_terms: boolean;
  /** The dashboard's contact-details prompt (common/contact-form.ts). */
  contact_form_filled?: boolean;
  contact_form_cancelled_date?: string | null;
  [field: string]: unknown;
}

export const CURRENT_USER_QUERY_KEY = ['user'] as const;
export const BADGES_QUERY_KEY = ['badges'] as const;

/** Decrypts a `{data: "<payload>"}` answer with the key of the page's meta tag. */
export async function readUserPayload(answer: { data?: unknown } | null): Promise<PortalUser> {
  const payload = answer?.data;
  if (typeof payload !== 'string') throw new PayloadError('the answer holds no payload');
  const key = readPayloadKey();
  if (!key) throw new PayloadError('the page has no payload key');
  return decryptPayload<PortalUser>(payload, key);
}

export async function fetchCurrentUser(): Promise<PortalUser> {
  return readUserPayload(await api.get<z.infer<typeof payloadAnswer>>('/api/get'));
}

export async function fetchBadges(): Promise<BadgeState[]> {
  const answer = await api.get<z.infer<typeof badgesAnswer>>('/api/get_badges');
  return Array.isArray(answer?.data) ? answer.data : [];
}

/** The profile and the badges, as the shell reads them and the account's first page asks for them early. */
export const currentUserQuery = queryOptions({
  queryKey: CURRENT_USER_QUERY_KEY,
  queryFn: fetchCurrentUser,
  staleTime: Infinity,
});
export const badgesQuery = queryOptions({
  queryKey: BADGES_QUERY_KEY,
  queryFn: fetchBadges,
  staleTime: Infinity,
  // The badges page says so itself when they cannot be read; no other page shows them, so no
  // alert over whatever page is open (an ended session still ends through the profile's read).
  meta: { handlesErrors: true },
});

/**
 * Loads the profile and badges (the account shell mounts this once per session). Only while
 * signed in: at logout the cache is cleared while the shell is still mounted, and it must not
 * fetch the profile again without a session.
 */
export function useSessionData() {
  const enabled = getValidToken() !== null;
  const user = useQuery({ ...currentUserQuery, enabled });
  useQuery({ ...badgesQuery, enabled });
  return user;
}

/**
 * Reads the cached profile without fetching it. Disabled rather than `skipToken`: a query takes
 * the options of whichever reader rendered last, and a `skipToken` there left the profile unable
 * to reload when invalidated (`partner_changed` from another tab failed with "Missing queryFn").
 */
export function useCurrentUser(): PortalUser | null {
  const { data } = useQuery({ ...currentUserQuery, enabled: false });
  return data ?? null;
}

export function setCurrentUser(queryClient: QueryClient, user: PortalUser): void {
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
}

/** Sends the account's verification mail again (the banner and the cash-out's blockers offer it). */
export const resendVerifyEmail = () =>
  api.get<z.infer<typeof resentVerificationAnswer>>('/api/auth/resend_verify_email');
