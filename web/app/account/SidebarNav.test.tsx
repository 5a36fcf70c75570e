import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { GROUP_EXPANDING_CODES, SIDEBAR_PRODUCT_CODES } from '../../../common/products';
import { i18n } from '../../lib/i18n';
import { installFakeApi, signInForTest } from '../../test/fake-api';
import { stubMatchMedia } from '../../test/media';
import { renderApp } from '../../test/render-app';
import { pathExpandsMoreGroup, pathExpandsProductGroup } from './nav-items';

beforeEach(() => {
  installFakeApi();
  signInForTest();
});

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
    // The two groups follow the entries, the talking points first.
    expect(nav.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Talking points',
      'More',
    ]);
    // Both collapsed on a page of neither: only the entries and Logout are reachable.
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

const MORE_ENTRIES: [name: string, path: string][] = [
  ['Live sales', '/account/slider'],
  ['Referrals', '/account/referrals'],
  ['Newsfeed', '/account/newsfeed'],
];

/** The list a group's heading opens and closes. */
function groupList(heading: HTMLElement): HTMLElement {
  const id = heading.getAttribute('aria-controls');
  const list = id ? document.getElementById(id) : null;
  if (!list) throw new Error('the group heading controls no list');
  return list;
}

describe('the "More" group', () => {
  it('holds live sales, referrals and the newsfeed, in that order', async () => {
    renderApp('/account/slider');
    const nav = await sidebar();
    const more = nav.getByRole('button', { name: 'More' });
    const links = within(groupList(more)).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(MORE_ENTRIES);
    // After the spec's entries and both groups' links, Logout stays last.
    expect(nav.getAllByRole('link').at(-1)).toHaveTextContent('Logout');
  });

  it.each(MORE_ENTRIES)('is open on the page of %s, which it marks as current', async (name, path) => {
    renderApp(path);
    const nav = await sidebar();
    expect(nav.getByRole('button', { name: 'More' })).toHaveAttribute('aria-expanded', 'true');
    const link = nav.getByRole('link', { name });
    expect(link).toBeVisible();
    expect(link).toHaveAttribute('aria-current', 'page');
    // Opening "More" leaves the talking points closed.
    expect(nav.getByRole('button', { name: 'Talking points' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('is closed elsewhere, and its heading opens and closes it without leaving the page', async () => {
    const { router, user } = renderApp('/account/faq');
    const nav = await sidebar();
    const more = nav.getByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(nav.queryByRole('link', { name: 'Live sales' })).not.toBeInTheDocument();

    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(nav.getByRole('link', { name: 'Referrals' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/account/faq');

    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(nav.queryByRole('link', { name: 'Referrals' })).not.toBeInTheDocument();
  });

  it('works from the keyboard: Enter opens it, Tab reaches its pages, Space closes it', async () => {
    const { router, user } = renderApp('/account/badges');
    const nav = await sidebar();
    const more = nav.getByRole('button', { name: 'More' });
    more.focus();
    await user.keyboard('{Enter}');
    expect(more).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(nav.getByRole('link', { name: 'Live sales' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/slider'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Live sales' })).toBeInTheDocument();
    more.focus();
    await user.keyboard(' ');
    expect(more).toHaveAttribute('aria-expanded', 'false');
  });

  it('stays closed on its page once closed there, and opens again on another of its pages', async () => {
    const { router, user } = renderApp('/account/referrals');
    const nav = await sidebar();
    const more = nav.getByRole('button', { name: 'More' });
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await act(() => router.navigate('/account/newsfeed'));
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(nav.getByRole('link', { name: 'Newsfeed' })).toHaveAttribute('aria-current', 'page');
  });

  it('leads to each of its pages, titled', async () => {
    const { router, user } = renderApp('/account/faq');
    const nav = await sidebar();
    await user.click(nav.getByRole('button', { name: 'More' }));
    for (const [name, path] of MORE_ENTRIES) {
      await user.click(nav.getByRole('link', { name }));
      await waitFor(() => expect(router.state.location.pathname).toBe(path));
      expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
    }
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    renderApp('/account/newsfeed');
    const aside = await screen.findByRole('complementary');
    const nav = within(within(aside).getByRole('navigation', { name: 'Navigation principale' }));
    const more = nav.getByRole('button', { name: 'Plus' });
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(groupList(more))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Ventes en direct', 'Parrainages', 'Fil d’actualité']);
  });

  it('is in the phone drawer too, which stays open while it opens and closes after a page is chosen', async () => {
    stubMatchMedia((query) => query.includes('max-width'));
    const { router, user } = renderApp('/account');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    const more = within(drawer).getByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    await user.click(within(drawer).getByRole('link', { name: 'Referrals' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/referrals'));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('matches its pages by whole path', () => {
    for (const [, path] of MORE_ENTRIES) {
      expect(pathExpandsMoreGroup(path)).toBe(true);
      expect(pathExpandsMoreGroup(`${path}/`)).toBe(true);
    }
    expect(pathExpandsMoreGroup('/account/sliders')).toBe(false);
    expect(pathExpandsMoreGroup('/account/sales')).toBe(false);
    expect(pathExpandsMoreGroup('/account')).toBe(false);
  });
});
