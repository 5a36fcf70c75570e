import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_TOKEN_KEY, getStoredManagerToken, MANAGER_TOKEN_KEY, storeManagerToken } from '../../lib/session';
import { installFakeApi, signInForTest, type FakeApi } from '../../test/fake-api';
import { jsonResponse, renderApp } from '../../test/render-app';

let fake: FakeApi;
const ME = { id: 1, email: 'demo.admin@sunbite.example', name: 'Dana Admin', role: 'admin' };
beforeEach(() => {
  fake = installFakeApi();
  fake.on('GET /api/manager/me', ({ init }) =>
    new Headers(init.headers).get('Authorization') === 'Bearer staff-token'
      ? jsonResponse(200, { data: ME })
      : jsonResponse(401, { code: 401, message: 'Not Authorized' }),
  );
});

describe('back office sign-in', () => {
  it('signs staff in under manager_token and shows name and role', async () => {
    const expired = new Date(Date.now() + 86_400_000).toISOString();
    fake.on('POST /api/manager/auth/get_token', () => jsonResponse(200, { token: 'staff-token', expired }));
    signInForTest('partner-token');
    const { user, router } = renderApp('/manager/login');
    await user.type(await screen.findByLabelText('E-mail'), ME.email);
    await user.type(screen.getByLabelText('Password'), 'sunny-demo-admin');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manager'));
    expect(await screen.findByTestId('staff-name')).toHaveTextContent('Dana Admin');
    expect(screen.getByTestId('staff-role')).toHaveTextContent('Administrator');
    expect(getStoredManagerToken()).toEqual({ token: 'staff-token', expired });
    // The partner session is untouched.
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toContain('partner-token');
  });

  it('sends /manager without a staff token to /manager/login', async () => {
    signInForTest();
    const { router } = renderApp('/manager');
    await waitFor(() => expect(router.state.location.pathname).toBe('/manager/login'));
  });

  it('goes back to /manager/login on a staff 401, leaving the partner session alone', async () => {
    signInForTest('partner-token');
    storeManagerToken({ token: 'revoked', expired: new Date(Date.now() + 3_600_000).toISOString() });
    const { router } = renderApp('/manager');
    await waitFor(() => expect(router.state.location.pathname).toBe('/manager/login'));
    expect(localStorage.getItem(MANAGER_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toContain('partner-token');
    expect(screen.queryByRole('heading', { name: 'Session Expired' })).not.toBeInTheDocument();
  });
});
