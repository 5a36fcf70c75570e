import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  AUTH_TOKEN_KEY,
  getStoredManagerToken,
  MANAGER_TOKEN_KEY,
  storeManagerToken,
} from '../../lib/session';
import { installFakeApi, signInForTest, type FakeApi } from '../../test/fake-api';
import { serveOverview } from '../../test/overview-fixtures';
import { jsonResponse, renderApp } from '../../test/render-app';
import { MANAGER_SECTIONS, sectionOf, sectionsFor } from './sections';
import { hasRole } from '../../../common/staff-roles';

let fake: FakeApi;
const ME = { id: 1, email: 'demo.admin@sunbite.example', name: 'Dana Admin', role: 'admin' };
const EMPTY_QUEUE = { data: [], current_page: 1, per_page: 20, last_page: 1, total: 0, counts: {} };
beforeEach(() => {
  fake = installFakeApi();
  fake.on('GET /api/manager/me', ({ init }) =>
    new Headers(init.headers).get('Authorization') === 'Bearer staff-token'
      ? jsonResponse(200, { data: ME })
      : jsonResponse(401, { code: 401, message: 'Not Authorized' }),
  );
  fake.on('GET /api/manager/payouts', () => jsonResponse(200, EMPTY_QUEUE));
  serveOverview(fake);
  fake.on('GET /api/manager/auth/logout', () => jsonResponse(200, { data: true }));
});

const staffSession = () =>
  storeManagerToken({ token: 'staff-token', expired: new Date(Date.now() + 3_600_000).toISOString() });

describe('back office sign-in', () => {
  it('signs staff in under manager_token, opens the first section and shows name and role', async () => {
    const expired = new Date(Date.now() + 86_400_000).toISOString();
    fake.on('POST /api/manager/auth/get_token', () => jsonResponse(200, { token: 'staff-token', expired }));
    signInForTest('partner-token');
    const { user, router } = renderApp('/manager/login');
    await user.type(await screen.findByLabelText('E-mail'), ME.email);
    await user.type(screen.getByLabelText('Password'), 'sunny-demo-admin');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manager/overview'));
    expect(await screen.findByTestId('staff-name')).toHaveTextContent('Dana Admin');
    expect(screen.getByTestId('staff-role')).toHaveTextContent('Administrator');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
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

  it('signs out with the header button: the token is revoked on the server and forgotten here', async () => {
    staffSession();
    const { user, router } = renderApp('/manager/payouts');
    await user.click(await screen.findByTestId('manager-sign-out'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manager/login'));
    expect(fake.calls()).toContain('GET /api/manager/auth/logout');
    expect(new Headers(fake.lastInit('GET /api/manager/auth/logout')?.headers).get('Authorization')).toBe(
      'Bearer staff-token',
    );
    expect(localStorage.getItem(MANAGER_TOKEN_KEY)).toBeNull();
  });
});

describe('back-office shell', () => {
  it('lists exactly the registry’s sections in its navigation, with the current one marked', async () => {
    staffSession();
    renderApp('/manager/payouts');
    const nav = await screen.findByRole('navigation', { name: 'Back-office sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Overview',
      'Payouts',
      'Partners',
      'Sub-partners',
      'Amazon imports',
      'Content',
      'Announcements',
      'Notifications',
      'Promotions',
      'Challenges',
      'Survey',
      'Audit log',
      'Settings',
      'Staff',
    ]);
    expect(links).toHaveLength(MANAGER_SECTIONS.length);
    expect(links[0]).toHaveAttribute('href', '/manager/overview');
    expect(links[1]).toHaveAttribute('href', '/manager/payouts');
    expect(links[1]).toHaveAttribute('aria-current', 'page');
  });

  it('shows an unknown back-office page as not found, inside the shell', async () => {
    staffSession();
    renderApp('/manager/no-such-section');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(document.querySelector('[data-layout="manager"]')).not.toBeNull();
  });

  it('opens the menu as a dialog on a phone, with who is signed in, the sections and sign out; Escape closes it', async () => {
    staffSession();
    const { user } = renderApp('/manager/payouts');
    const opener = await screen.findByTestId('manager-open-menu');
    await user.click(opener);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByText('Dana Admin')).toBeInTheDocument();
    expect(within(drawer).getByText('Administrator')).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Payouts' })).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(opener).toHaveAttribute('aria-expanded', 'false'));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
  });
});

describe('section registry', () => {
  it('ranks roles: reviewer < manager < admin, unknown roles reach nothing', () => {
    expect(hasRole('reviewer', 'reviewer')).toBe(true);
    expect(hasRole('reviewer', 'manager')).toBe(false);
    expect(hasRole('manager', 'reviewer')).toBe(true);
    expect(hasRole('admin', 'manager')).toBe(true);
    expect(hasRole('manager', 'admin')).toBe(false);
    expect(hasRole('guest', 'reviewer')).toBe(false);
    expect(hasRole(undefined, 'reviewer')).toBe(false);
  });

  it('gives every staff role the overview section, first', () => {
    for (const role of ['reviewer', 'manager', 'admin']) expect(sectionsFor(role)[0]?.id).toBe('overview');
    expect(sectionsFor(undefined)).toEqual([]);
  });

  it('finds the section of a path by its first segment', () => {
    expect(sectionOf('/manager/payouts')?.id).toBe('payouts');
    expect(sectionOf('/manager/payouts/12')?.id).toBe('payouts');
    expect(sectionOf('/manager/payouts-x')).toBeUndefined();
    expect(sectionOf('/manager')).toBeUndefined();
  });
});
