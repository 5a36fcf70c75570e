import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { GROUP_EXPANDING_CODES, SIDEBAR_PRODUCT_CODES } from '../../../common/products';
import { installFakeApi, signInForTest } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

beforeEach(() => {
  installFakeApi();
  signInForTest();
});
import { pathExpandsProductGroup } from './nav-items';

const EXPECTED_ENTRIES = [
  ['Dashboard', '/account'],
  ['Sales', '/account/sales'],
  ['Affiliate links', '/account/affiliate_links'],
  ['Badges', '/account/badges'],
  ['Grab and Go', '/account/grab_n_go'],
  ['Crafting the perfect post', '/account/crafting_perfect_post'],
  ['Cash out', '/account/cashout'],
  ['FAQ', '/account/faq'],
  ['Terms', '/account/terms'],
  ['Settings', '/account/profile'],
];

const PRODUCT_NAMES = [
  'ACV',
  'Ashwa',
  'Superfruits',
  'Supergreens',
  'Triple Action Immune',
  'Dreamy Sleep',
  "Women's Multi",
  'Beets Cardio',
  'Extra Strength Sleep',
  'Probiotic+',
  'Matcha Mind',
];

/** The desktop sidebar (the drawer holds a second copy, inert while closed). */
async function sidebar() {
  const aside = await screen.findByRole('complementary');
  return within(within(aside).getByRole('navigation', { name: 'Main navigation' }));
}

describe('account sidebar', () => {
  it('lists exactly the spec entries, then the talking-points group and Logout', async () => {
    renderApp('/account/sales');
    const nav = await sidebar();
    const links = nav.getAllByRole('link');
    const top = links
      .slice(0, EXPECTED_ENTRIES.length)
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(top).toEqual(EXPECTED_ENTRIES);
    expect(nav.getByRole('button', { name: 'Talking points' })).toBeInTheDocument();
    // Collapsed on a non-product page: only the entries and Logout are reachable.
    expect(links.map((link) => link.textContent)).toEqual([
      ...EXPECTED_ENTRIES.map(([name]) => name),
      'Logout',
    ]);
  });

  it('lists the sidebar products, translated, in the spec order', async () => {
    renderApp('/account/products/acv');
    const nav = await sidebar();
    const group = nav.getByRole('button', { name: 'Talking points' });
    const list = document.getElementById(group.getAttribute('aria-controls') ?? '') as HTMLElement;
    const items = within(list).getAllByRole('link');
    expect(items.map((link) => link.textContent)).toEqual(PRODUCT_NAMES);
    expect(items.map((link) => link.getAttribute('href'))).toEqual(
      SIDEBAR_PRODUCT_CODES.map((code) => `/account/products/${code}`),
    );
  });

  it.each(['acv', 'matcha', 'kids', 'pms', 'multi', 'calm'])(
    'is expanded on /account/products/%s',
    async (code) => {
      renderApp(`/account/products/${code}`);
      const nav = await sidebar();
      expect(nav.getByRole('button', { name: 'Talking points' })).toHaveAttribute('aria-expanded', 'true');
      expect(nav.getByRole('link', { name: 'ACV' })).toBeVisible();
    },
  );

  it('is collapsed elsewhere', async () => {
    renderApp('/account/faq');
    const nav = await sidebar();
    expect(nav.getByRole('button', { name: 'Talking points' })).toHaveAttribute('aria-expanded', 'false');
    expect(nav.queryByRole('link', { name: 'ACV' })).not.toBeInTheDocument();
  });

  it('expands and goes to /account/products/acv when the heading is clicked', async () => {
    const { router, user } = renderApp('/account/faq');
    const nav = await sidebar();
    await user.click(nav.getByRole('button', { name: 'Talking points' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/products/acv'));
    expect(nav.getByRole('button', { name: 'Talking points' })).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('heading', { level: 1, name: 'ACV' })).toBeInTheDocument();
  });

  it('matches whole path segments against every expanding code', () => {
    for (const code of GROUP_EXPANDING_CODES)
      expect(pathExpandsProductGroup(`/account/products/${code}`)).toBe(true);
    expect(pathExpandsProductGroup('/account/sales')).toBe(false);
    expect(pathExpandsProductGroup('/account/sleepers')).toBe(false);
  });
});
