import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../lib/api';
import {
  AUTH_TOKEN_KEY,
  getStoredToken,
  LAST_ACTIVITY_KEY,
  MANAGER_TOKEN_KEY,
  storeToken,
} from '../../lib/session';
import { installFakeApi, samplePartner, signInForTest, type FakeApi } from '../../test/fake-api';
import { jsonResponse, renderApp } from '../../test/render-app';
import { BADGES_QUERY_KEY, CURRENT_USER_QUERY_KEY } from '../../lib/current-user';

let fake: FakeApi;
beforeEach(() => {
  fake = installFakeApi();
});

describe('account guard (docs/product/partner-portal.md and docs/product/partner-portal.md#session)', () => {
  it('stores a ?token= for one day, strips the query, and loads profile and badges', async () => {
    const before = Date.now();
    const { router, queryClient } = renderApp('/account/sales?token=from-link');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/'));
    expect(router.state.location.search).toBe('');
    const stored = getStoredToken();
    expect(stored?.token).toBe('from-link');
    const lifetime = Date.parse(stored!.expired) - before;
    expect(lifetime).toBeGreaterThanOrEqual(24 * 3_600_000 - 1000);
    expect(lifetime).toBeLessThanOrEqual(24 * 3_600_000 + 1000);
    expect(localStorage.getItem(LAST_ACTIVITY_KEY)).not.toBeNull();

    expect(await screen.findByRole('link', { name: 'Profile of Maya Chen' })).toBeInTheDocument();
    expect(new Headers(fake.lastInit('GET /api/get')?.headers).get('Authorization')).toBe('Bearer from-link');
    await waitFor(() => expect(fake.calls()).toContain('GET /api/get_badges'));
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toMatchObject({ uuid: samplePartner().uuid });
    await waitFor(() => expect(queryClient.getQueryData(BADGES_QUERY_KEY)).toEqual([]));
    expect(screen.getByTestId('user-uuid')).toHaveTextContent(samplePartner().uuid);
  });

  it('sends a visitor without a token to /login, which will bring them back', async () => {
    const { router } = renderApp('/account/cashout?from=mail');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/account/cashout?from=mail');
    expect(new URLSearchParams(router.state.location.search).get('expired')).toBeNull();
    expect(fake.calls()).not.toContain('GET /api/get');
  });

  it('opens the sign-in with the Session Expired alert when the stored session ran out, and takes the flag off the address', async () => {
    window.history.replaceState(null, '', '/login?next=%2Faccount%2Fsales&expired=1');
    renderApp('/login?next=%2Faccount%2Fsales&expired=1');
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('Session Expired');
    expect(alert).toHaveTextContent('Your session has expired. Please log in again to continue.');
    expect(window.location.search).toBe('?next=%2Faccount%2Fsales');
    window.history.replaceState(null, '', '/');
  });

  it('clears an expired token and goes to /login', async () => {
    storeToken({ token: 'old', expired: new Date(Date.now() - 1000).toISOString() });
    localStorage.setItem(LAST_ACTIVITY_KEY, '1');
    const { router } = renderApp('/account/sales');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Faccount%2Fsales&expired=1');
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(LAST_ACTIVITY_KEY)).toBeNull();
  });

  it('sends Accept-Language in the interface language on every call', async () => {
    signInForTest();
    renderApp('/account');
    await screen.findByRole('link', { name: 'Profile of Maya Chen' });
    expect(new Headers(fake.lastInit('GET /api/get')?.headers).get('Accept-Language')).toBe('en');
  });
});

describe('a 401 on any data call (docs/product/partners-and-accounts.md#passwords)', () => {
  it('resets the cache, clears storage but the preferences, goes to /login and says the session expired', async () => {
    signInForTest();
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('locale', 'en');
    localStorage.setItem(
      MANAGER_TOKEN_KEY,
      JSON.stringify({ token: 'staff', expired: new Date(Date.now() + 3_600_000).toISOString() }),
    );
    localStorage.setItem('cached_something', '1');
    const { router, queryClient } = renderApp('/account/sales');
    await screen.findByRole('link', { name: 'Profile of Maya Chen' });
    queryClient.setQueryData(['sales'], [{ id: 1 }]);

    fake.on('GET /api/getPartnerSalesSummary', () =>
      jsonResponse(401, { code: 401, message: 'Not Authorized' }, 'Unauthorized'),
    );
    await act(async () => {
      await queryClient
        .fetchQuery({ queryKey: ['summary'], queryFn: () => api.get('/api/getPartnerSalesSummary') })
        .catch(() => undefined);
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByRole('heading', { name: 'Session Expired' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Your session has expired. Please log in again to continue.');
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem('cached_something')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(localStorage.getItem('locale')).toBe('en');
    // The staff session is independent of the partner's.
    expect(localStorage.getItem(MANAGER_TOKEN_KEY)).not.toBeNull();
    expect(queryClient.getQueryData(['sales'])).toBeUndefined();
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toBeUndefined();
  });

  it('also when the profile itself answers 401', async () => {
    signInForTest();
    fake.on('GET /api/get', () => jsonResponse(401, { code: 401, message: 'Not Authorized' }));
    const { router } = renderApp('/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Session Expired' })).toBeInTheDocument();
  });
});
