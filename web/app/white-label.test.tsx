// White-label that is white-label (docs/product/partners-and-accounts.md#white-label-sub-partners): a sub-partner's pages
// carry its name in the tab, its logo in the header leading back to its own `/{slug}`, and its
// colours; the account of a partner who registered there (GET /api/branding) carries its name,
// logo and colours, with "Powered by Sunbite" in the footer; anyone else keeps the program's own.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { brandPalette } from '../lib/brand-colours';
import { i18n } from '../lib/i18n';
import { installFakeApi, signInForTest, type FakeApi } from '../test/fake-api';
import { jsonResponse, renderApp } from '../test/render-app';

let fake: FakeApi;
beforeEach(() => {
  fake = installFakeApi();
});

const GLOW = {
  slug: 'glowco',
  name: 'Glow Co',
  logo_url: '/api/media/subpartner-1-logo.webp',
  primary_color: '#fbbf24',
  accent_color: '#0f766e',
};

function serveSubpartnerWithLogo() {
  fake.on('GET /api/subpartners/glowco', () =>
    jsonResponse(200, { data: { ...GLOW, welcome: { en: '', fr: '' } } }),
  );
}

const brandVar = (element: Element | null, shade: number) =>
  (element as HTMLElement | null)?.style.getPropertyValue(`--color-brand-${shade}`) ?? '';

describe('a sub-partner’s pages', () => {
  it('name the tab after the sub-partner, not the program', async () => {
    renderApp('/glowco/login');
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    await waitFor(() => expect(document.title).toBe('Sign In · Glow Co'));
  });

  it('in French too', async () => {
    await i18n.changeLanguage('fr');
    renderApp('/glowco/register');
    await screen.findByRole('heading', { level: 1, name: i18n.t('titles.register') });
    await waitFor(() => expect(document.title).toBe(`${i18n.t('titles.register')} · Glow Co`));
  });

  it('show its logo, named by its name, leading to its own /{slug}', async () => {
    serveSubpartnerWithLogo();
    const { user, router } = renderApp('/glowco/register');
    const home = await screen.findByRole('link', { name: 'Glow Co home' });
    expect(home).toHaveAttribute('href', '/glowco');
    expect(within(home).getByRole('img', { name: 'Glow Co' })).toHaveAttribute('src', GLOW.logo_url);
    // No program logo leading to / on its pages.
    expect(screen.queryByRole('link', { name: 'Sunbite Partners home' })).toBeNull();
    await user.click(home);
    await waitFor(() => expect(router.state.location.pathname).toBe('/glowco'));
    // /{slug}: the brand panel's logo stays in the variant too.
    const panelHome = await screen.findByRole('link', { name: 'Glow Co home' });
    expect(panelHome).toHaveAttribute('href', '/glowco');
    expect(document.querySelector('[data-layout="signin-1"]')).not.toBeNull();
  });

  it('without a logo, the name’s initial stands for it, named the same', async () => {
    renderApp('/glowco/login');
    const home = await screen.findByRole('link', { name: 'Glow Co home' });
    expect(within(home).getByRole('img', { name: 'Glow Co' })).toHaveTextContent('G');
  });

  it('paint buttons and links in its colours, darkened where white text needs it', async () => {
    serveSubpartnerWithLogo();
    renderApp('/glowco/login');
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    const scope = screen.getByTestId('subpartner-scope');
    const palette = brandPalette(GLOW.primary_color)!;
    // #fbbf24 is too light for white text: the button shade is a darker one, not the raw colour.
    expect(brandVar(scope, 700)).toBe(palette[700]);
    expect(palette[700]).not.toBe('#fbbf24');
    expect(scope.style.getPropertyValue('--color-sun')).toBe('#0f766e');
    // The sign-in button and the links are inside it, so their brand-* classes read these shades.
    expect(scope).toContainElement(screen.getByRole('button', { name: 'Sign In' }));
    expect(scope).toContainElement(screen.getByRole('link', { name: 'Create an account' }));
  });

  it('never turn a colour that is not #rrggbb into a style', async () => {
    fake.on('GET /api/subpartners/glowco', () =>
      jsonResponse(200, {
        data: {
          ...GLOW,
          primary_color: 'red;background:url(//evil.example/x)',
          accent_color: 'expression(alert(1))',
          welcome: { en: '', fr: '' },
        },
      }),
    );
    renderApp('/glowco/login');
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    expect(screen.getByTestId('subpartner-scope').getAttribute('style') ?? '').toBe('');
  });

  it('leave the program’s own pages in the program’s name', async () => {
    renderApp('/register');
    await screen.findByRole('heading', { level: 1, name: 'Create your account' });
    await waitFor(() => expect(document.title).toBe('Create your account · Sunbite Partners'));
    expect(screen.getByRole('link', { name: 'Sunbite Partners home' })).toHaveAttribute('href', '/');
    expect(screen.queryByTestId('subpartner-scope')).toBeNull();
  });
});

describe('the account of a partner who registered through a sub-partner', () => {
  beforeEach(() => {
    fake.on('GET /api/branding', () => jsonResponse(200, { data: { subpartner: GLOW } }));
    signInForTest();
  });

  it('carries its logo and name in the header, its name in the tab, its colours', async () => {
    renderApp('/account/');
    const home = await screen.findByRole('link', { name: 'Glow Co home' });
    expect(home).toHaveAttribute('href', '/account/');
    expect(within(home).getByRole('img', { name: 'Glow Co' })).toHaveAttribute('src', GLOW.logo_url);
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await waitFor(() => expect(document.title).toBe('Dashboard · Glow Co'));
    const shell = document.querySelector('[data-layout="account"]');
    expect(brandVar(shell, 700)).toBe(brandPalette(GLOW.primary_color)![700]);
    expect(fake.calls()).toContain('GET /api/branding');
  });

  it('says "Powered by Sunbite" in the footer, keeping its links', async () => {
    renderApp('/account/');
    const footer = await screen.findByRole('contentinfo');
    await waitFor(() =>
      expect(within(footer).getByTestId('powered-by')).toHaveTextContent('Powered by Sunbite'),
    );
    expect(within(footer).getByRole('img', { name: 'Glow Co' })).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/account/policy');
  });

  it('in French: « Propulsé par Sunbite »', async () => {
    await i18n.changeLanguage('fr');
    renderApp('/account/sales');
    const footer = await screen.findByRole('contentinfo');
    await waitFor(() =>
      expect(within(footer).getByTestId('powered-by')).toHaveTextContent('Propulsé par Sunbite'),
    );
    expect(await screen.findByRole('link', { name: 'Accueil Glow Co' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Ventes · Glow Co'));
  });
});

describe('the account of any other partner', () => {
  it('keeps the program’s logo, name and colours', async () => {
    signInForTest();
    renderApp('/account/');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await waitFor(() => expect(fake.calls()).toContain('GET /api/branding'));
    expect(screen.getByRole('link', { name: 'Sunbite Partners home' })).toHaveAttribute('href', '/account/');
    expect(screen.queryByTestId('powered-by')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Dashboard · Sunbite Partners'));
    expect(brandVar(document.querySelector('[data-layout="account"]'), 700)).toBe('');
  });
});
