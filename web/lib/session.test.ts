import { describe, expect, it } from 'vitest';
import {
  AUTH_TOKEN_KEY,
  clearSession,
  clearStorageForLogout,
  getStoredToken,
  getValidToken,
  isTokenValid,
  LAST_ACTIVITY_KEY,
  afterSignIn,
  signInPath,
  storeToken,
} from './session';

const NOW = Date.parse('2025-06-01T12:00:00Z');

describe('session token', () => {
  it('reads the stored {token, expired} and ignores malformed values', () => {
    expect(getStoredToken()).toBeNull();
    localStorage.setItem(AUTH_TOKEN_KEY, '{not json');
    expect(getStoredToken()).toBeNull();
    localStorage.setItem(AUTH_TOKEN_KEY, JSON.stringify({ token: 42, expired: 'x' }));
    expect(getStoredToken()).toBeNull();
    storeToken({ token: 'abc', expired: '2025-06-02T12:00:00Z' });
    expect(getStoredToken()).toEqual({ token: 'abc', expired: '2025-06-02T12:00:00Z' });
  });

  it('is valid only when non-empty and not past its expiry', () => {
    expect(isTokenValid(null, NOW)).toBe(false);
    expect(isTokenValid({ token: '', expired: '2030-01-01T00:00:00Z' }, NOW)).toBe(false);
    expect(isTokenValid({ token: '   ', expired: '2030-01-01T00:00:00Z' }, NOW)).toBe(false);
    expect(isTokenValid({ token: 'abc', expired: '2025-06-01T11:59:59Z' }, NOW)).toBe(false);
    expect(isTokenValid({ token: 'abc', expired: 'not a date' }, NOW)).toBe(false);
    expect(isTokenValid({ token: 'abc', expired: '2025-06-01T12:00:01Z' }, NOW)).toBe(true);
  });

  it('clears only the session keys, keeping preferences', () => {
    storeToken({ token: 'abc', expired: '2030-01-01T00:00:00Z' });
    localStorage.setItem(LAST_ACTIVITY_KEY, String(NOW));
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('locale', 'fr');
    clearSession();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(LAST_ACTIVITY_KEY)).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(localStorage.getItem('locale')).toBe('fr');
  });

  it('getValidToken returns a valid bearer and clears an expired one', () => {
    storeToken({ token: 'fresh', expired: '2025-06-02T00:00:00Z' });
    expect(getValidToken(localStorage, NOW)).toBe('fresh');
    storeToken({ token: 'stale', expired: '2025-05-01T00:00:00Z' });
    localStorage.setItem(LAST_ACTIVITY_KEY, '1');
    expect(getValidToken(localStorage, NOW)).toBeNull();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(LAST_ACTIVITY_KEY)).toBeNull();
  });
});

describe('the way back after signing in', () => {
  it('keeps the account page a signed-out visitor opened, and says when a session expired', () => {
    expect(signInPath({ pathname: '/account/cashout', search: '?tab=history' })).toBe(
      '/login?next=%2Faccount%2Fcashout%3Ftab%3Dhistory',
    );
    expect(signInPath({ pathname: '/account/sales', search: '' }, true)).toBe(
      '/login?next=%2Faccount%2Fsales&expired=1',
    );
    // The dashboard is where a sign-in goes anyway; other pages are not a way back.
    expect(signInPath({ pathname: '/account/', search: '' })).toBe('/login');
    expect(signInPath({ pathname: '/register', search: '?x=1' })).toBe('/login');
    expect(signInPath({ pathname: '/account', search: '' }, true)).toBe('/login?expired=1');
  });

  it('goes on only to an account page of this site, else to the dashboard', () => {
    expect(afterSignIn('?next=%2Faccount%2Fcashout%3Ftab%3Dhistory')).toBe('/account/cashout?tab=history');
    expect(afterSignIn('')).toBe('/account/');
    expect(afterSignIn('?next=https%3A%2F%2Fevil.example%2Faccount%2F')).toBe('/account/');
    expect(afterSignIn('?next=%2F%2Fevil.example%2Faccount')).toBe('/account/');
    expect(afterSignIn('?next=%2Faccount%2F%2Fevil.example')).toBe('/account/');
    expect(afterSignIn('?next=%2Faccount%2F%5Cevil.example')).toBe('/account/');
    expect(afterSignIn('?next=%2Fmanager%2Fpayouts')).toBe('/account/');
  });
});

describe('what the end of a partner session keeps (docs/decisions/070-what-signing-out-keeps.md)', () => {
  it('keeps the theme, the language and the staff session, and removes everything else', () => {
    localStorage.clear();
    const kept = { theme: 'dark', locale: 'fr', manager_token: '{"token":"staff","expired":"2030-01-01"}' };
    for (const [key, value] of Object.entries(kept)) localStorage.setItem(key, value);
    localStorage.setItem(AUTH_TOKEN_KEY, '{"token":"partner","expired":"2030-01-01"}');
    localStorage.setItem(LAST_ACTIVITY_KEY, String(NOW));
    localStorage.setItem('registration', '{"email":"maya@example.com"}');
    localStorage.setItem('a-later-feature', 'x');
    clearStorageForLogout();
    expect(
      Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)])),
    ).toEqual(kept);
  });
});
