// The identity calls of the SPA (docs/product/errors-and-languages.md#the-api-conventions, docs/product/partners-and-accounts.md#sign-in-and-sessions). Public calls carry the public client
// credential; the answers' messages arrive in the visitor's language (Accept-Language).
import type { z } from 'zod';
import type {
  categoriesAnswer,
  category,
  messageAnswer,
  verifiedEmailAnswer,
} from '../../../common/contracts/accounts';
import type { confirmedChangeAnswer } from '../../../common/contracts/account-changes';
import type { promoAvailability, promoAvailabilityAnswer } from '../../../common/contracts/promo-codes';
import { api } from '../../lib/api';
import { recordActivity, storeToken, type AuthToken } from '../../lib/session';

// The answers' types are the server's schemas (common/contracts/accounts.ts).
export type MessageAnswer = z.infer<typeof messageAnswer>;

export async function requestToken(path: string, email: string, password: string): Promise<AuthToken> {
  return api.post<AuthToken>(path, { email, password }, { auth: 'public' });
}

/** Partner sign-in: keeps the token and starts the activity clock. */
export async function signIn(email: string, password: string): Promise<AuthToken> {
  const auth = await requestToken('/api/auth/get_token', email, password);
  storeToken(auth);
  recordActivity();
  return auth;
}

export const forgotPassword = (email: string) =>
  api.post<MessageAnswer>('/api/password/forgot', { email }, { auth: 'public' });

/** Whether a reset link can still set a password (nothing is used up): 404 or 410 when not. */
export const checkResetLink = (token: string) =>
  api.post<MessageAnswer>('/api/password/reset/check', { token }, { auth: 'public' });

export const resetPassword = (body: { token: string; password: string; password_confirmation: string }) =>
  api.post<MessageAnswer>('/api/password/reset', body, { auth: 'public' });

/**
 * The link of a verification mail, or of a sign-up mail: that one makes the account and answers
 * its session too (docs/decisions/060-registration-without-oracle.md).
 */
export const verifyEmail = (token: string, password?: string) =>
  api.post<z.infer<typeof verifiedEmailAnswer>>(
    '/api/auth/verify_email',
    password === undefined ? { token } : { token, password },
    { auth: 'public' },
  );

/** A change of the PayPal or account e-mail confirmed from its mailed link (docs/decisions/063-account-changes.md). */
export const confirmChange = (token: string) =>
  api.post<z.infer<typeof confirmedChangeAnswer>>('/api/auth/confirm_change', { token }, { auth: 'public' });

export type Category = z.infer<typeof category>;

export async function fetchCategories(): Promise<Category[]> {
  const answer = await api.get<z.infer<typeof categoriesAnswer>>('/api/categories', { auth: 'public' });
  return Array.isArray(answer?.data) ? answer.data : [];
}

// The answer's type is the server's schema (common/contracts/promo-codes.ts).
export type PromoAvailability = z.infer<typeof promoAvailability>;

export async function fetchPromoAvailability(code: string, signal?: AbortSignal): Promise<PromoAvailability> {
  const answer = await api.get<z.infer<typeof promoAvailabilityAnswer>>('/api/promo-codes/availability', {
    auth: 'public',
    query: { code },
    signal,
  });
  return answer.data;
}

export interface RegistrationBody {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  password_confirmation: string;
  promo_code: string;
  phone: string;
  date_of_birth: string;
  country: string;
  category_id: number | null;
  instagram_url: string;
  facebook_url: string;
  youtube_url: string;
  tiktok_url: string;
  accepted_terms: boolean;
  locale: 'en' | 'fr';
  altcha: string;
  referral_code?: string;
  subpartner?: string;
}

/** The same "check your mailbox" answer whether or not the address has an account (docs/decisions/060). */
export const register = (body: RegistrationBody) =>
  api.put<MessageAnswer>('/api/add', body, { auth: 'public' });
