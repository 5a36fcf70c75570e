import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AVATAR_PALETTE, avatarColors } from '../../../common/avatar';
import { BRAND } from '../../../common/brand';
import { CURRENT_USER_QUERY_KEY, type ShellUser } from '../../lib/current-user';
import { AUTH_TOKEN_KEY, LAST_ACTIVITY_KEY, storeToken } from '../../lib/session';
import { installFakeApi, signInForTest, type FakeApi } from '../../test/fake-api';
import { stubMatchMedia } from '../../test/media';
import { renderApp } from '../../test/render-app';

let fakeApi: FakeApi;
beforeEach(() => {
  fakeApi = installFakeApi();
  signInForTest();
});

describe('mobile drawer', () => {
  it('opens from the menu button and closes after a link is chosen', async () => {
    const { router, user } = renderApp('/account');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'true');

    await user.click(within(drawer).getByRole('link', { name: 'Sales' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/sales'));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes with its close button and with Escape, giving focus back to the menu button', async () => {
    const { user } = renderApp('/account');
    const menu = await screen.findByRole('button', { name: 'Open menu' });
    await user.click(menu);
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();

    await user.click(menu);
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(menu).toHaveFocus();
  });
});

describe('header and footer', () => {
  it('shows a neutral avatar linking to settings without a profile, and the logo linking home', async () => {
    // The profile is still loading.
    fakeApi.on('GET /api/get', () => new Promise<Response>(() => undefined));
    renderApp('/account/faq');
    const profileLink = await screen.findByRole('link', { name: 'Your profile' });
    expect(profileLink).toHaveAttribute('href', '/account/profile');
    expect(within(profileLink).getByTestId('avatar-placeholder')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sunbite Partners home' })).toHaveAttribute('href', '/account/');
    expect(screen.getByTestId('notification-dot')).not.toBeVisible();
  });

  it('shows the signed-in partner: initials avatar and the hidden uuid', async () => {
    const { queryClient } = renderApp('/account');
    const partner: ShellUser = {
      uuid: '7f1c2c55-0c39-4c43-9f39-7b5f0c0f2a11',
      email: 'maya@sunbite.example',
      first_name: 'Maya',
      last_name: 'Chen',
    };
    await screen.findByRole('link', { name: 'Your profile' });
    act(() => queryClient.setQueryData(CURRENT_USER_QUERY_KEY, partner));
    const link = await screen.findByRole('link', { name: 'Profile of Maya Chen' });
    const initials = within(link).getByTestId('avatar-initials');
    expect(initials).toHaveTextContent('MC');
    const background = AVATAR_PALETTE[partner.email.length % 18] ?? '';
    const { color } = avatarColors(partner.email);
    expect(initials).toHaveStyle({ backgroundColor: background, color });
    const uuid = screen.getByTestId('user-uuid');
    expect(uuid).toHaveTextContent(partner.uuid);
    expect(uuid).not.toBeVisible();
  });

  it('has social links, terms, privacy, settings, sales and home, a copyright and a disclaimer', async () => {
    renderApp('/account');
    const footer = await screen.findByRole('contentinfo');
    const links = within(within(footer).getByRole('navigation', { name: 'Footer links' })).getAllByRole(
      'link',
    );
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/account/',
      '/account/sales',
      '/account/profile',
      '/account/terms',
      '/account/policy',
    ]);
    for (const [name, href] of [
      ['Instagram', BRAND.social.instagram],
      ['Facebook', BRAND.social.facebook],
      ['TikTok', BRAND.social.tiktok],
      ['YouTube', BRAND.social.youtube],
    ])
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href);
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Sunbite`);
    expect(footer).toHaveTextContent('not been evaluated by the U.S. Food and Drug Administration');
  });

  it('scrolls smoothly to the top after each navigation', async () => {
    const { router } = renderApp('/account');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    vi.mocked(window.scrollTo).mockClear();
    await act(() => router.navigate('/account/faq'));
    await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' });
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'smooth' });
    expect(document.title).toBe('Frequently asked questions · Sunbite Partners');
  });
});

describe('logout', () => {
  async function logoutFrom(fetchImpl: () => Promise<Response>) {
    storeToken({ token: 'tok', expired: new Date(Date.now() + 3_600_000).toISOString() });
    localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now()));
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('something_else', 'x');
    fakeApi.on('GET /api/auth/logout', fetchImpl);
    const view = renderApp('/account/sales');
    view.queryClient.setQueryData(['sales'], [{ id: 1 }]);
    const aside = await screen.findByRole('complementary');
    await view.user.click(within(aside).getByRole('link', { name: 'Logout' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('You logged out')).toBeInTheDocument();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(LAST_ACTIVITY_KEY)).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(localStorage.getItem('something_else')).toBeNull();
    expect(view.queryClient.getQueryData(['sales'])).toBeUndefined();
    expect(view.queryClient.getQueryData(['user'])).toBeUndefined();
  }

  it('calls the logout endpoint with the bearer, cleans up and says so', async () => {
    await logoutFrom(async () => new Response(null, { status: 204 }));
    expect(fakeApi.calls()).toContain('GET /api/auth/logout');
    expect(new Headers(fakeApi.lastInit('GET /api/auth/logout')?.headers).get('Authorization')).toBe(
      'Bearer tok',
    );
  });

  it('still cleans up locally when the call fails', async () => {
    await logoutFrom(async () => {
      throw new TypeError('Failed to fetch');
    });
  });
});

/** The viewport as the shell's media query sees it (jsdom answers no query by itself). */
function viewportIsPhone(phone: boolean) {
  stubMatchMedia((query) => (query.includes('max-width') ? phone : !phone));
}

describe('one navigation per viewport', () => {
  it('renders no desktop sidebar on a phone, and the drawer’s navigation only once opened', async () => {
    viewportIsPhone(true);
    const { user } = renderApp('/account');
    const menu = await screen.findByRole('button', { name: 'Open menu' });
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(screen.queryAllByRole('navigation', { name: 'Main navigation', hidden: true })).toHaveLength(0);

    await user.click(menu);
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getAllByRole('navigation', { name: 'Main navigation', hidden: true })).toHaveLength(1);
  });

  it('renders the sidebar alone on a desktop, without a hidden copy in a drawer', async () => {
    viewportIsPhone(false);
    renderApp('/account');
    const aside = await screen.findByRole('complementary');
    expect(within(aside).getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getAllByRole('navigation', { name: 'Main navigation', hidden: true })).toHaveLength(1);
  });
});
