// The newsfeed: the dashboard's carousel (every kind as its card, the empty state, the way to the
// full page), the full page (a timeline paged in the URL) and live arrival on the push events.
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { installFakeApi, signInForTest, type FakeApi } from '../../test/fake-api';
import { installFakeSocket, type FakeSocket, type FakeSockets } from '../../test/fake-socket';
import { jsonResponse, renderApp } from '../../test/render-app';
import { pagedAnswer, saleRow } from '../../test/sales-fixtures';
import type { FeedItem } from './newsfeed-api';

let fake: FakeApi;
let sockets: FakeSockets;
let feed: FeedItem[];

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const base = { title: null, body: null, image_url: null, badge: null, sale: null };
/** A sale's line as the feed answers it: the sales list's row, its adjustment and region always there. */
const saleLine = (
  id: number,
  overrides: Parameters<typeof saleRow>[1] = {},
): NonNullable<FeedItem['sale']> => ({
  region: 'US',
  ...saleRow(id, overrides),
  adjustment: 0,
});
const sale = (id: number, overrides: Partial<FeedItem> = {}): FeedItem => ({
  ...base,
  kind: 'sale',
  id,
  date: ago(id * HOUR),
  sale: saleLine(id, { product: 'Matcha Mind', order_amount: 40, commission: 4 }),
  ...overrides,
});
const message = (
  kind: 'announcement' | 'badge' | 'promotion',
  id: number,
  overrides: Partial<FeedItem> = {},
) => ({
  ...base,
  kind,
  id,
  date: ago(id * HOUR),
  title: `${kind} ${id}`,
  body: `What ${kind} ${id} says.`,
  ...overrides,
});

/** One of each kind, newest first, as the server orders them. */
const everyKind = (): FeedItem[] => [
  sale(1),
  message('badge', 2, { title: 'New badge: 1,000 earned', badge: 'earned_1000' }),
  message('promotion', 3, { title: 'Matcha month', image_url: '/api/media/matcha.webp' }),
  message('announcement', 4, { title: 'New flavour coming', body: 'Berry Calm lands next week.' }),
];

beforeEach(() => {
  // The visitor's clock at a local midday: "1 hour ago" is today, whatever hour the suite runs at
  // (only Date is faked: the app's timers run as they do).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 20, 12, 0, 0));
  signInForTest('partner-token');
  fake = installFakeApi();
  sockets = installFakeSocket();
  feed = [];
  fake.on('GET /api/newsfeed', ({ url }) => {
    const page = Number(url.searchParams.get('page'));
    const length = Number(url.searchParams.get('length'));
    return jsonResponse(200, pagedAnswer(feed, page, length));
  });
});
afterEach(() => {
  vi.useRealTimers();
});

const widget = () => screen.findByTestId('widget-newsfeed');
const feedCalls = () => fake.calls().filter((call) => call === 'GET /api/newsfeed').length;

async function connected(): Promise<FakeSocket> {
  const socket = await waitFor(() => {
    expect(sockets.latest()).toBeDefined();
    return sockets.latest()!;
  });
  act(() => socket.serverEmit('connect'));
  return socket;
}

describe('newsfeed carousel on the dashboard', () => {
  it('shows each kind as its card, newest first, with the way to the full page', async () => {
    feed = everyKind();
    renderApp('/account');
    const card = await widget();
    await waitFor(() => expect(within(card).getAllByTestId('newsfeed-item')).toHaveLength(4));
    const items = within(card).getAllByTestId('newsfeed-item');
    expect(items.map((item) => item.dataset.kind)).toEqual(['sale', 'badge', 'promotion', 'announcement']);

    const [soldItem, badgeItem, promoItem, newsItem] = items as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(soldItem).toHaveTextContent('Sale');
    expect(soldItem).toHaveTextContent('Matcha Mind');
    expect(within(soldItem).getByTestId('newsfeed-sale-earned')).toHaveTextContent(
      '+$4.00 earned on an order of $40.00',
    );
    expect(soldItem).toHaveTextContent('United States');
    expect(soldItem).toHaveTextContent('1 hour ago');
    expect(within(soldItem).getByTestId('status-badge')).toHaveTextContent('Pending');

    expect(badgeItem).toHaveTextContent('New badge: 1,000 earned');
    // The medal, with its thousands mark from the engagement part of the catalog.
    await waitFor(() => expect(badgeItem.querySelector('svg text')).toHaveTextContent('$1K'));

    expect(promoItem).toHaveTextContent('Matcha month');
    expect(promoItem.querySelector('img')).toHaveAttribute('src', '/api/media/matcha.webp?w=480');

    expect(within(newsItem).getByRole('heading', { level: 3 })).toHaveTextContent('New flavour coming');
    expect(newsItem).toHaveTextContent('Berry Calm lands next week.');

    expect(within(card).getByTestId('newsfeed-see-all')).toHaveAttribute('href', '/account/newsfeed');
    expect(within(card).getByRole('button', { name: 'Newer items' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Older items' })).toBeInTheDocument();
    // The row is focusable (its arrow keys scroll it) and named by the widget's heading.
    expect(within(card).getByRole('list', { name: 'Newsfeed' })).toHaveAttribute('tabindex', '0');
  });

  it('names a sale’s country in the interface language, a home market at once, any other with the engagement words', async () => {
    feed = [
      sale(1, { sale: saleLine(1, { product: 'Matcha Mind', country: 'CA' }) }),
      sale(2, { sale: saleLine(2, { product: 'Berry Calm', country: 'DE' }) }),
    ];
    renderApp('/account');
    const card = await widget();
    await waitFor(() => expect(within(card).getAllByTestId('newsfeed-item')).toHaveLength(2));
    const [home, abroad] = within(card).getAllByTestId('newsfeed-item') as [HTMLElement, HTMLElement];
    expect(home).toHaveTextContent('Canada');
    await waitFor(() => expect(abroad).toHaveTextContent('Germany'));
    expect(abroad).toHaveTextContent('2 hours ago');
  });

  it('says plainly when there is nothing yet', async () => {
    renderApp('/account');
    expect(await within(await widget()).findByTestId('newsfeed-empty')).toHaveTextContent(
      'Your feed is empty for now',
    );
  });

  it('says so when the feed cannot be read, and reads it again on demand', async () => {
    let fail = true;
    fake.on('GET /api/newsfeed', ({ url }) =>
      fail
        ? jsonResponse(500, { code: 500, message: 'Internal Server Error', id: 'x' })
        : jsonResponse(200, pagedAnswer(everyKind(), Number(url.searchParams.get('page')), 10)),
    );
    const { user } = renderApp('/account');
    const card = await widget();
    expect(await within(card).findByText('The newsfeed could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(card).getAllByTestId('newsfeed-item')).toHaveLength(4));
  });

  it('brings a sale pushed live to the front of the row', async () => {
    feed = [message('announcement', 2)];
    renderApp('/account');
    const card = await widget();
    await waitFor(() => expect(within(card).getAllByTestId('newsfeed-item')).toHaveLength(1));
    const socket = await connected();
    const before = feedCalls();

    feed = [sale(1, { date: new Date().toISOString() }), ...feed];
    act(() => socket.serverEmit('new_order', { order_id: 1, notification_id: 7 }));
    await waitFor(() => expect(within(card).getAllByTestId('newsfeed-item')).toHaveLength(2));
    expect(feedCalls()).toBeGreaterThan(before);
    const [first, second] = within(card).getAllByTestId('newsfeed-item');
    expect(first!.dataset.kind).toBe('sale');
    // Marked once the row has rendered with it (the widget renders its answer as deferred work).
    await waitFor(() => expect(first!.dataset.fresh).toBe('true'));
    expect(first).toHaveTextContent('now');
    expect(second!.dataset.fresh).toBe('false');
  });

  it('follows a badge, an announcement and a promo pushed live', async () => {
    renderApp('/account');
    const card = await widget();
    await within(card).findByTestId('newsfeed-empty');
    const socket = await connected();

    feed = [message('badge', 1, { title: 'First sale!', badge: 'first_sale' })];
    act(() => socket.serverEmit('badge_awarded', { badge: 'first_sale' }));
    expect(await within(card).findByText('First sale!')).toBeInTheDocument();

    feed = [message('announcement', 1, { title: 'Hello from the team' }), ...feed];
    act(() => socket.serverEmit('announcement', { id: 1 }));
    expect(await within(card).findByText('Hello from the team')).toBeInTheDocument();

    // A broadcast's read waits a random moment (here none), as every portal's does.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    feed = [message('promotion', 1, { title: 'Summer promo' }), ...feed];
    act(() => socket.serverEmit('promotion', { broadcast: true }));
    expect(await within(card).findByText('Summer promo')).toBeInTheDocument();
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    try {
      feed = everyKind();
      renderApp('/account');
      const card = await widget();
      expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent('Fil d’actualité');
      const [soldItem] = await within(card).findAllByTestId('newsfeed-item');
      expect(soldItem).toHaveTextContent('Vente');
      expect(within(soldItem!).getByTestId('newsfeed-sale-earned')).toHaveTextContent(
        /^\+4,00\s\$\sUS gagnés sur une commande de 40,00\s\$\sUS$/,
      );
      expect(soldItem).toHaveTextContent('États-Unis');
      expect(soldItem).toHaveTextContent('il y a 1 heure');
      expect(soldItem).not.toHaveTextContent('il y a 1 heures');
      expect(within(card).getByRole('button', { name: 'Éléments plus anciens' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('the full newsfeed page', () => {
  const many = (count: number) =>
    Array.from({ length: count }, (_, index) =>
      index % 2 ? sale(index + 1) : message('announcement', index + 1, { title: `Item ${index + 1}` }),
    );

  it('lists the feed as a timeline, ten to a page, the page in the URL', async () => {
    feed = many(23);
    const { user, router } = renderApp('/account/newsfeed');
    expect(await screen.findByRole('heading', { level: 1, name: 'Newsfeed' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('newsfeed-item')).toHaveLength(10));
    expect(screen.getAllByTestId('newsfeed-item')[0]).toHaveTextContent('Item 1');
    expect(screen.getByTestId('newsfeed-pager-status')).toHaveTextContent('Page 1 of 3');
    // Grouped by day under a heading each.
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(0);
    expect(screen.getByRole('navigation', { name: 'Newsfeed pages' })).toBeInTheDocument();

    await user.click(screen.getByTestId('newsfeed-pager-next'));
    await waitFor(() => expect(screen.getByTestId('newsfeed-pager-status')).toHaveTextContent('Page 2 of 3'));
    expect(router.state.location.search).toBe('?page=2');
    await waitFor(() => expect(screen.getAllByTestId('newsfeed-item')[0]).toHaveTextContent('Item 11'));
    const urls = fake.fetch.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
    expect(urls.filter((url) => url.pathname === '/api/newsfeed').map((url) => url.search)).toEqual([
      '?page=1&length=10',
      '?page=2&length=10',
    ]);

    await user.click(screen.getByTestId('newsfeed-pager-next'));
    await waitFor(() => expect(screen.getAllByTestId('newsfeed-item')).toHaveLength(3));
    expect(screen.getByTestId('newsfeed-pager-next')).toBeDisabled();
    // Back to page 1 from the cache: no new request, and the URL bare again.
    await user.click(screen.getByTestId('newsfeed-pager-prev'));
    await user.click(screen.getByTestId('newsfeed-pager-prev'));
    await waitFor(() => expect(screen.getAllByTestId('newsfeed-item')[0]).toHaveTextContent('Item 1'));
    expect(router.state.location.search).toBe('');
    expect(feedCalls()).toBe(3);
  });

  it('opens on the page of the link, and on the last one when the link goes beyond it', async () => {
    feed = many(13);
    const { router } = renderApp('/account/newsfeed?page=5');
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(screen.getAllByTestId('newsfeed-item')).toHaveLength(3));
    expect(screen.getByTestId('newsfeed-pager-status')).toHaveTextContent('Page 2 of 2');
  });

  it('says plainly when there is nothing yet, without a pager', async () => {
    renderApp('/account/newsfeed');
    expect(await screen.findByTestId('newsfeed-empty')).toHaveTextContent('Your feed is empty for now');
    expect(screen.queryByTestId('newsfeed-pager-status')).not.toBeInTheDocument();
  });

  it('takes a sale pushed live on its first page', async () => {
    feed = many(3);
    renderApp('/account/newsfeed');
    await waitFor(() => expect(screen.getAllByTestId('newsfeed-item')).toHaveLength(3));
    const socket = await connected();
    feed = [sale(99, { date: new Date().toISOString() }), ...feed];
    act(() => socket.serverEmit('new_order', { order_id: 99, notification_id: 8 }));
    await waitFor(() => expect(screen.getAllByTestId('newsfeed-item')).toHaveLength(4));
    expect(screen.getAllByTestId('newsfeed-item')[0]!.dataset.fresh).toBe('true');
  });

  it('speaks French, its page words arriving with it', async () => {
    await i18n.changeLanguage('fr');
    try {
      feed = many(12);
      renderApp('/account/newsfeed');
      expect(await screen.findByRole('heading', { level: 1, name: 'Fil d’actualité' })).toBeInTheDocument();
      expect(await screen.findByRole('navigation', { name: 'Pages du fil d’actualité' })).toBeInTheDocument();
      expect(screen.getByTestId('newsfeed-pager-status')).toHaveTextContent('Page 1 sur 2');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
