// The account footer (docs/product/partner-portal.md#footer): its links, the privacy policy among
// them, in both languages.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { installFakeApi, signInForTest } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

beforeEach(() => {
  installFakeApi();
  signInForTest();
});

async function footerLinks(name: string) {
  const footer = await screen.findByRole('contentinfo');
  return within(within(footer).getByRole('navigation', { name })).getAllByRole('link');
}

describe('account footer', () => {
  it('links home, sales, settings, the terms and the privacy policy', async () => {
    renderApp('/account/faq');
    const links = await footerLinks('Footer links');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/account/'],
      ['Sales', '/account/sales'],
      ['Settings', '/account/profile'],
      ['Terms', '/account/terms'],
      ['Privacy', '/account/policy'],
    ]);
  });

  it('opens the privacy policy inside the account', async () => {
    const { router, user } = renderApp('/account/faq');
    const links = await footerLinks('Footer links');
    await user.click(links.find((link) => link.textContent === 'Privacy') as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/policy'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('says it in French', async () => {
    await i18n.changeLanguage('fr');
    renderApp('/account/faq');
    const links = await footerLinks('Liens de pied de page');
    expect(links.map((link) => link.textContent)).toEqual([
      'Accueil',
      'Ventes',
      'Paramètres',
      'Conditions',
      'Confidentialité',
    ]);
    expect(links.at(-1)).toHaveAttribute('href', '/account/policy');
  });
});
