// The partner's session as the spec keeps it (docs/product/partner-portal.md#session): `localStorage.auth_token`
// holds `{token, expired}` and `last_activity` a timestamp. Small functions so the index
// redirect, the api client and logout share one notion of "signed in".
import { LOCALE_KEY } from './i18n';
import { THEME_KEY } from './theme';

export const AUTH_TOKEN_KEY = 'auth_token';
export const MANAGER_TOKEN_KEY = 'manager_token';
export const LAST_ACTIVITY_KEY = 'last_activity';

export interface AuthToken {
  token: string;
  /** Expiry as the server sends it (ISO 8601). */
  expired: string;
}

export function getStoredToken(storage: Storage = localStorage): AuthToken | null {
  return readToken(AUTH_TOKEN_KEY, storage);
}

/** A `{token, expired}` kept under `key`; a hand-edited or truncated value is simply no session. */
function readToken(key: string, storage: Storage): AuthToken | null {
  const raw = storage.getItem(key);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<AuthToken> | null;
    if (parsed && typeof parsed.token === 'string' && typeof parsed.expired === 'string') {
      return { token: parsed.token, expired: parsed.expired };
    }
  } catch {
    // Not a session.
  }
  return null;
}

/** docs/product/partner-portal.md#session: valid if the token is non-empty and its expiry has not passed. */
export function isTokenValid(auth: AuthToken | null, now: number = Date.now()): auth is AuthToken {
  if (!auth || auth.token.trim() === '') return false;
  const expiry = Date.parse(auth.expired);
  return Number.isFinite(expiry) && expiry > now;
}

export function storeToken(auth: AuthToken, storage: Storage = localStorage): void {
  storage.setItem(AUTH_TOKEN_KEY, JSON.stringify(auth));
}

/** Forgets the session only: theme and language preferences survive a logout. */
export function clearSession(storage: Storage = localStorage): void {
  storage.removeItem(AUTH_TOKEN_KEY);
  storage.removeItem(LAST_ACTIVITY_KEY);
}

/** The bearer of account calls, or null; an invalid stored token is cleared on the way (docs/product/partner-portal.md#session). */
export function getValidToken(storage: Storage = localStorage, now: number = Date.now()): string | null {
  const auth = getStoredToken(storage);
  if (isTokenValid(auth, now)) return auth.token;
  if (storage.getItem(AUTH_TOKEN_KEY) !== null) clearSession(storage);
  return null;
}

/** docs/product/partner-portal.md#figures-and-limits: a token arriving in the URL (`/account?token=`) is kept for one day. */
export const URL_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

export function storeTokenFromUrl(
  token: string,
  storage: Storage = localStorage,
  now: number = Date.now(),
): AuthToken {
  const auth = { token, expired: new Date(now + URL_TOKEN_LIFETIME_MS).toISOString() };
  storeToken(auth, storage);
  return auth;
}

/**
 * Keys that survive the end of a partner session (docs/product/partner-portal.md#session): the
 * display preferences, and the staff session, which is independent of the partner's.
 */
export const KEPT_STORAGE_KEYS = [THEME_KEY, LOCALE_KEY, MANAGER_TOKEN_KEY] as const;

/** Clears local storage except the preferences (and the separate staff session). */
export function clearStorageForLogout(storage: Storage = localStorage): void {
  const keep = new Set<string>(KEPT_STORAGE_KEYS);
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key !== null && !keep.has(key)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

// The staff (back-office) session: same `{token, expired}` shape, its own key (MANAGER_TOKEN_KEY),
// never mixed with the partner's (docs/product/back-office.md#staff-accounts).

export function getStoredManagerToken(storage: Storage = localStorage): AuthToken | null {
  return readToken(MANAGER_TOKEN_KEY, storage);
}

export function storeManagerToken(auth: AuthToken, storage: Storage = localStorage): void {
  storage.setItem(MANAGER_TOKEN_KEY, JSON.stringify(auth));
}

export function clearManagerSession(storage: Storage = localStorage): void {
  storage.removeItem(MANAGER_TOKEN_KEY);
}

export function getValidManagerToken(
  storage: Storage = localStorage,
  now: number = Date.now(),
): string | null {
  const auth = getStoredManagerToken(storage);
  if (isTokenValid(auth, now)) return auth.token;
  if (storage.getItem(MANAGER_TOKEN_KEY) !== null) clearManagerSession(storage);
  return null;
}

/** A partner's activity now (features/session/inactivity.ts reads it back). */
export function recordActivity(storage: Storage = localStorage, now: number = Date.now()): void {
  storage.setItem(LAST_ACTIVITY_KEY, String(now));
}

/**
 * The sign-in that brings the partner back where they were (docs/product/partner-portal.md#session):
 * an account page opened signed out is `next`; `expired` says a stored session ran out, so the
 * sign-in says so rather than appearing without a word.
 */
export function signInPath(from: { pathname: string; search: string }, expired = false): string {
  const query = new URLSearchParams();
  if (from.pathname.startsWith('/account/') && from.pathname !== '/account/')
    query.set('next', `${from.pathname}${from.search}`);
  if (expired) query.set('expired', '1');
  const text = query.toString();
  return text ? `/login?${text}` : '/login';
}

/** Where a sign-in goes on: the `next` it was given when that is an account page, else the dashboard. */
export function afterSignIn(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next && /^\/account\/[^/\\]/.test(next) ? next : '/account/';
}
