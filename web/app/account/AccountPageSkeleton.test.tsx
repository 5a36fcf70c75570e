// The account page's skeleton, which the entry shows before the router exists: it must find the
// page's title and lead by itself, with the route table's own patterns.
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { storeToken } from '../../lib/session';
import { jsonResponse } from '../../test/render-app';
import { AccountPageSkeleton, pathMatches } from './AccountPageSkeleton';
import { askFirstAnswers, documentSlugOf } from './first-answers';

describe('pathMatches', () => {
  it.each([
    ['/account', '/account/', true],
    ['/account', '/account', true],
    ['/account/sales', '/account/sales/', true],
    ['/account/products/:code', '/account/products/acv', true],
    ['/account/products/:code', '/account/products', false],
    ['/account/products/:code', '/account/products/acv/more', false],
    ['/account/sales', '/account/cashout', false],
    ['/account', '/', false],
  ])('%s against %s: %s', (pattern, pathname, expected) => {
    expect(pathMatches(pattern, pathname)).toBe(expected);
  });
});

describe('AccountPageSkeleton', () => {
  it("shows the page's title and lead from the route table", () => {
    render(<AccountPageSkeleton pathname="/account/sales" />);
    const skeleton = screen.getByTestId('account-skeleton');
    expect(
      within(skeleton).getByRole('heading', { level: 1, name: i18n.t('titles.sales') }),
    ).toBeInTheDocument();
    expect(within(skeleton).getByText(i18n.t('pages.sales'))).toBeInTheDocument();
  });

  it('keeps the dashboard greeting line’s place, empty', () => {
    render(<AccountPageSkeleton pathname="/account/" />);
    expect(screen.getByRole('heading', { level: 1, name: i18n.t('titles.dashboard') })).toBeInTheDocument();
  });

  it('is the bare shell for a path the table does not know', () => {
    render(<AccountPageSkeleton pathname="/account/nowhere" />);
    expect(screen.getByTestId('account-skeleton')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).toBeNull();
  });
});

describe("a long-form page's own title and lead, asked for by the entry (first-answers.ts)", () => {
  afterEach(() => vi.useRealTimers());

  it('finds the long-form pages among the account paths', () => {
    expect(documentSlugOf('/account/faq')).toBe('faq');
    expect(documentSlugOf('/account/post_guidelines/')).toBe('post_guidelines');
    expect(documentSlugOf('/account/sales')).toBeUndefined();
    expect(documentSlugOf('/account/faq/more')).toBeUndefined();
    expect(documentSlugOf('/faq')).toBeUndefined();
  });

  it('shows them once the answer is in, in place of the route table’s', async () => {
    storeToken({ token: 'partner-token', expired: new Date(Date.now() + 60_000).toISOString() });
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.fn(
      (_url: string, _init?: RequestInit) => new Promise<Response>((resolve) => (answer = resolve)),
    );
    vi.stubGlobal('fetch', fetchMock);
    const ready = askFirstAnswers({ pathname: '/account/crafting_perfect_post', search: '' }, 'en', 60_000);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/pages/crafting_perfect_post?locale=en');

    render(<AccountPageSkeleton pathname="/account/crafting_perfect_post" />);
    expect(screen.getByText(i18n.t('pages.crafting_perfect_post'))).toBeInTheDocument();
    await act(async () => {
      answer(
        jsonResponse(200, {
          data: { title: 'The perfect post', lead: 'Three things in common.', sections: [] },
        }),
      );
      await ready;
    });
    expect(screen.getByRole('heading', { level: 1, name: 'The perfect post' })).toBeInTheDocument();
    expect(screen.getByText('Three things in common.')).toBeInTheDocument();
    expect(screen.queryByText(i18n.t('pages.crafting_perfect_post'))).toBeNull();

    // The router's fallback, rendered later, has them from its first render.
    render(<AccountPageSkeleton pathname="/account/crafting_perfect_post" />);
    expect(screen.getAllByText('Three things in common.')).toHaveLength(2);
  });

  it("asks for the answers that name a page's largest picture; only a product's holds the skeleton", async () => {
    storeToken({ token: 'partner-token', expired: new Date(Date.now() + 60_000).toISOString() });
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetchMock);
    vi.useFakeTimers();
    let productShown = false;
    void askFirstAnswers({ pathname: '/account/products/acv', search: '' }, 'fr', 1_000).then(
      () => (productShown = true),
    );
    await askFirstAnswers({ pathname: '/account/grab_n_go', search: '?product=acv' }, 'en', 60_000);
    await askFirstAnswers({ pathname: '/account/sales', search: '' }, 'en', 60_000);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/products/acv?locale=fr',
      '/api/gallery?locale=en',
    ]);
    await vi.advanceTimersByTimeAsync(999);
    expect(productShown).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(productShown).toBe(true);
  });

  it("draws a product's first screen with its artwork where the page draws it; not for a code that names no product", async () => {
    storeToken({ token: 'partner-token', expired: new Date(Date.now() + 60_000).toISOString() });
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          jsonResponse(200, {
            data: { code: 'kids', name: 'Kids Multi Gummies', image_url: '/api/media/kids.webp' },
          }),
        ),
      ),
    );
    await askFirstAnswers({ pathname: '/account/products/kids', search: '' }, 'en', 60_000);
    render(<AccountPageSkeleton pathname="/account/products/kids" />);
    const skeleton = screen.getByTestId('account-skeleton');
    expect(
      within(skeleton).getByRole('heading', { level: 1, name: 'Kids Multi Gummies' }),
    ).toBeInTheDocument();
    const artwork = within(skeleton).getByTestId('early-artwork');
    // The page's own picture (ProductContentView): the same file from the same description.
    expect(artwork.getAttribute('srcset')).toBe(
      '/api/media/kids.webp?w=480 480w, /api/media/kids.webp?w=720 720w, /api/media/kids.webp?w=1080 1080w',
    );
    expect(artwork.getAttribute('fetchpriority')).toBe('high');

    await askFirstAnswers({ pathname: '/account/products/nope', search: '' }, 'en', 60_000);
    render(<AccountPageSkeleton pathname="/account/products/nope" />);
    expect(
      screen.getAllByTestId('account-skeleton')[1]!.querySelector('[data-testid="early-artwork"]'),
    ).toBeNull();
  });

  it("draws Grab and Go's first screen with its first tiles, without the page's test ids; a filtered link gets the route's", async () => {
    storeToken({ token: 'partner-token', expired: new Date(Date.now() + 60_000).toISOString() });
    const image = (id: number, format: 'square' | 'story') => ({
      id,
      product: 'acv',
      format,
      alt: `Picture ${id}`,
      url: `/api/media/${id}.webp`,
      thumb_url: `/api/media/${id}.webp?w=480`,
      width: 1080,
      height: format === 'square' ? 1080 : 1920,
    });
    const images = [image(1, 'story'), image(2, 'square'), image(3, 'square'), image(4, 'square')];
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse(200, { data: images }))),
    );
    // In French: the English list was asked for above, with an answer that never comes.
    await askFirstAnswers({ pathname: '/account/grab_n_go', search: '' }, 'fr', 60_000);
    render(<AccountPageSkeleton pathname="/account/grab_n_go" search="" />);
    const first = screen.getByTestId('gallery-first-screen');
    // Square posts first, as the page: their first tiles, the two a phone shows first asked for first.
    const pictures = [...first.querySelectorAll('img')];
    expect(pictures.map((img) => img.getAttribute('src'))).toEqual([
      '/api/media/2.webp?w=480',
      '/api/media/3.webp?w=480',
      '/api/media/4.webp?w=480',
    ]);
    expect(pictures.map((img) => img.getAttribute('fetchpriority'))).toEqual(['high', 'high', null]);
    expect(first.hasAttribute('inert')).toBe(true);
    expect(first.querySelector('[data-testid^="gallery-"]')).toBeNull();
    expect(screen.getByText(i18n.t('content.gallery.count', { count: 4 }))).toBeInTheDocument();

    render(<AccountPageSkeleton pathname="/account/grab_n_go" search="?product=acv" />);
    expect(screen.getAllByTestId('gallery-first-screen')).toHaveLength(1);
  });

  it('does not hold the skeleton back longer than asked when the answer is slow', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    let shown = false;
    void askFirstAnswers({ pathname: '/account/terms', search: '' }, 'fr', 1_000).then(() => (shown = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(shown).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(shown).toBe(true);
  });
});
