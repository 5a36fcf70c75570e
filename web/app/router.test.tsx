import { serveOverview } from '../test/overview-fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import type { vi } from 'vitest';
import { beforeEach, describe, expect, it } from 'vitest';
import { PRODUCT_CODES } from '../../common/products';
import { ROUTES } from '../../common/routes';
import { RESERVED_SLUGS } from '../../common/subpartners';
import { i18n } from '../lib/i18n';
import { storeManagerToken, storeToken } from '../lib/session';
import { installFakeApi, signInForTest } from '../test/fake-api';
import { payoutQueue } from '../test/payouts-fixtures';
import { jsonResponse, renderApp } from '../test/render-app';
import { completeStep1 } from '../test/registration';

/** A concrete URL for a table path (parameters filled with valid values). */
function sample(path: string): string {
  return path.replace(':subpartner', 'glowco').replace(':code', 'acv').replace(':integration', 'instagram');
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  // The sub-partner lookup: only "glowco" exists in these tests; a partner profile for the account.
  const fake = installFakeApi();
  fake.on('GET /api/manager/me', () =>
    jsonResponse(200, {
      data: { id: 1, email: 'demo.admin@sunbite.example', name: 'Dana Admin', role: 'admin' },
    }),
  );
  serveOverview(fake);
  fake.on('GET /api/manager/payouts', () => jsonResponse(200, payoutQueue()));
  fetchMock = fake.fetch;
});

/** Account and back-office pages need a session; step 2 of registration needs step 1. */
async function open(path: string, entry?: { area: string; path: string }) {
  if (entry?.area === 'account' || path.startsWith('/account')) signInForTest();
  if (entry?.area === 'manager')
    storeManagerToken({ token: 'staff', expired: new Date(Date.now() + 3_600_000).toISOString() });
  if (path.endsWith('/register_step2')) {
    const view = renderApp(path.replace(/register_step2$/, 'register'));
    await completeStep1(view.user);
    return view;
  }
  return renderApp(path);
}

describe('route table', () => {
  it.each(ROUTES.map((entry) => [entry.path, entry] as const))(
    '%s has its layout and title',
    async (_path, entry) => {
      await open(sample(entry.path), entry);
      const layout = entry.layout;
      await waitFor(() => expect(document.querySelector(`[data-layout="${layout}"]`)).not.toBeNull());
      // /manager opens the back office's first section (features/manager/sections.ts).
      // /account/_check checks the session and the profile, then goes on to the dashboard.
      const expected =
        entry.path === '/manager'
          ? i18n.t('titles.manager_overview')
          : entry.path === '/account/_check'
            ? i18n.t('titles.dashboard')
            : entry.path === '/account/products/:code'
              ? i18n.t('products.acv.name')
              : entry.path === '/account/connect/:integration'
                ? i18n.t('titles.connect_instagram')
                : i18n.t(entry.titleKey);
      // /unsubscribe's heading is the outcome: without its token, that the link is not valid (in
      // the engagement part of the catalog, which arrives with the page: read at each try).
      const heading =
        entry.path === '/unsubscribe'
          ? (name: string) => name === i18n.t('engagement.unsubscribe.invalid_title')
          : expected;
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      // A sub-partner's pages carry its name in the tab, in place of the program's.
      const owner = entry.area === 'subpartner' ? 'Glow Co' : 'Sunbite Partners';
      await waitFor(() => expect(document.title).toBe(`${expected} · ${owner}`));
    },
  );

  it('titles step 2 of registration "Sign Up" and marks the steps', async () => {
    await open('/register_step2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.getByTestId('step-marker')).toHaveTextContent('Step 2 of 2');
  });

  it('shows the tagline on /login', async () => {
    renderApp('/login');
    expect(await screen.findByText('Share, earn and cash out instantly')).toBeInTheDocument();
  });

  it('translates titles in French', async () => {
    await i18n.changeLanguage('fr');
    await open('/account/sales');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ventes' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Ventes · Sunbite Partners'));
  });
});

describe('index redirect', () => {
  it('goes to /login without a token', async () => {
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('goes to /account/ with a valid stored token', async () => {
    storeToken({ token: 'abc', expired: new Date(Date.now() + 3_600_000).toISOString() });
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('clears an expired token and goes to /login', async () => {
    storeToken({ token: 'abc', expired: new Date(Date.now() - 1000).toISOString() });
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('auth_token')).toBeNull();
  });
});

describe('404', () => {
  it('renders the 404 page for /404 and unknown paths, with a link home', async () => {
    for (const path of ['/404', '/no/such/page', '/account-x/y/z']) {
      const view = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
      expect(document.querySelector('[data-layout="not-found"]')).not.toBeNull();
      expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
      view.unmount();
    }
  });

  it('renders the 404 inside the account shell for an invalid product code', async () => {
    await open('/account/products/unicorn');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(document.querySelector('[data-layout="account"]')).not.toBeNull();
    await waitFor(() => expect(document.title).toBe('Page not found · Sunbite Partners'));
  });

  it('accepts every product code', async () => {
    for (const code of PRODUCT_CODES) {
      const view = await open(`/account/products/${code}`);
      expect(
        await screen.findByRole('heading', { level: 1, name: i18n.t(`products.${code}.name`) }),
      ).toBeInTheDocument();
      view.unmount();
    }
  });

  it('renders the 404 inside the shell for an unknown integration or account page', async () => {
    for (const path of ['/account/connect/myspace', '/account/nope']) {
      const view = await open(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
      expect(document.querySelector('[data-layout="account"]')).not.toBeNull();
      view.unmount();
    }
  });
});

describe('sub-partner guard', () => {
  it('asks the server about the slug with the public client credential', async () => {
    renderApp('/glowco/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/subpartners/glowco',
      expect.objectContaining({ method: 'GET' }),
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/glowco/register',
    );
  });

  it('renders the 404 page for an unknown sub-partner', async () => {
    renderApp('/nobody');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(document.querySelector('[data-layout="not-found"]')).not.toBeNull();
  });

  it('renders the 404 page when the lookup fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderApp('/glowco');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('never treats a reserved word as a sub-partner, without asking the server', async () => {
    for (const word of RESERVED_SLUGS) {
      const view = renderApp(`/${word}/register_step2`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
      view.unmount();
    }
    expect(fetchMock).not.toHaveBeenCalledWith(
      expect.stringContaining('/api/subpartners/'),
      expect.anything(),
    );
  });
});

describe('lazy pages', () => {
  it('show a skeleton inside their layout while their code loads, then the page', async () => {
    renderApp('/register');
    expect(screen.getByTestId('page-skeleton')).toHaveAttribute('aria-busy', 'true');
    expect(document.querySelector('[data-layout="signin-2"]')).not.toBeNull();
    expect(
      await screen.findByRole('heading', { level: 1, name: i18n.t('titles.register') }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('page-skeleton')).toBeNull();
  });

  it('show the account shell’s skeleton with the page’s own title and lead', async () => {
    signInForTest();
    renderApp('/account/sales');
    const skeleton = screen.getByTestId('account-skeleton');
    expect(within(skeleton).getByRole('heading', { level: 1, name: 'Sales' })).toBeInTheDocument();
    expect(within(skeleton).getByText(i18n.t('pages.sales'))).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('[data-layout="account"]')).not.toBeNull());
    expect(screen.queryByTestId('account-skeleton')).toBeNull();
  });

  it('keep /login in the first download: it renders without waiting for any code', () => {
    renderApp('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
  });
});
