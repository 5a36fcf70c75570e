// /account/affiliate_links: the links and code with their copy buttons, the QR code and its
// downloads, the short link's 30 days (figures, chart, empty state, live refresh), the Amazon
// links, and what the page says when a read fails.
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_CODES } from '../../../common/products';
import { i18n } from '../../lib/i18n';
import { installFakeApi, samplePartner, signInForTest, type FakeApi } from '../../test/fake-api';
import { installFakeSocket, type FakeSockets } from '../../test/fake-socket';
import { jsonResponse, renderApp } from '../../test/render-app';
import type { AmazonLink, LinkStats } from './links-api';
import { countAxisMax } from './LinkStatsCard';
import { QUIET_ZONE, qrSvg, qrSymbol } from './qr';

const SHORT = 'https://partners.sunbite.example/s/MAYA15';
const REFERRAL = 'https://partners.sunbite.example/r/MAYA15';

let fake: FakeApi;
let sockets: FakeSockets;

/** 30 days ending 2026-11-30, with the given clicks and orders on some of them. */
function stats(busy: Record<number, [clicks: number, orders: number]> = {}): LinkStats {
  const days = Array.from({ length: 30 }, (_, index) => {
    const day = new Date(Date.UTC(2026, 10, 1 + index)).toISOString().slice(0, 10);
    const [clicks, orders] = busy[index] ?? [0, 0];
    return { day, clicks, orders };
  });
  const clicks = days.reduce((sum, day) => sum + day.clicks, 0);
  const orders = days.reduce((sum, day) => sum + day.orders, 0);
  return {
    days,
    clicks,
    orders,
    conversion: clicks === 0 ? null : Math.round((orders / clicks) * 10_000) / 10_000,
  };
}

const amazon = (locale = 'en'): AmazonLink[] =>
  PRODUCT_CODES.map((product, index) => ({
    product,
    name: `${locale === 'fr' ? 'Produit' : 'Product'} ${index + 1}`,
    asin: `B0TEST${String(index).padStart(4, '0')}`,
    url: `https://www.amazon.com/dp/B0TEST${String(index).padStart(4, '0')}?tag=maya15-20`,
  }));

let current: LinkStats;

/** jsdom's Blob has no text(). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

beforeEach(async () => {
  signInForTest('partner-token');
  await i18n.changeLanguage('en');
  fake = installFakeApi({ user: samplePartner({ short_url: SHORT, referral_short_url: REFERRAL }) });
  sockets = installFakeSocket();
  current = stats({ 27: [100, 5], 28: [40, 2], 29: [10, 1] });
  fake.on('GET /api/links/stats', () => jsonResponse(200, { data: current }));
  fake.on('GET /api/generateAmazonLinks', ({ init }) =>
    jsonResponse(200, { data: amazon(new Headers(init.headers).get('Accept-Language') ?? 'en') }),
  );
});

describe('/account/affiliate_links', () => {
  it('shows the short link, the code and the referral link, and copies each with a toast', async () => {
    const { user } = renderApp('/account/affiliate_links');
    expect(await screen.findByRole('heading', { level: 1, name: 'Affiliate links' })).toBeInTheDocument();
    expect(await screen.findByTestId('short-link')).toHaveTextContent(SHORT);
    expect(screen.getByTestId('promo-code')).toHaveTextContent('MAYA15');
    expect(screen.getByTestId('referral-link')).toHaveTextContent(REFERRAL);
    expect(screen.getByTestId('links-share')).toHaveTextContent(
      'your followers get 15% off, and you earn 10% on every order',
    );
    // Text, not anchors: opening one's own short link would count a click no shopper made.
    expect(within(screen.getByTestId('links-share')).queryByRole('link')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy your short link' }));
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SHORT);
    await user.click(screen.getByTestId('copy-promo-code'));
    expect(await navigator.clipboard.readText()).toBe('MAYA15');
    await user.click(screen.getByTestId('copy-referral-link'));
    expect(await navigator.clipboard.readText()).toBe(REFERRAL);
  });

  it('shares the short link, the code with the short link, and the referral link', async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true, writable: true });
    try {
      const { user } = renderApp('/account/affiliate_links');
      await user.click(await screen.findByRole('button', { name: 'Share your short link' }));
      expect(share).toHaveBeenLastCalledWith({ url: SHORT });
      await user.click(screen.getByTestId('share-promo-code'));
      expect(share).toHaveBeenLastCalledWith({
        text: `Use my code MAYA15 for 15% off at checkout.\n\n${SHORT}`,
      });
      await user.click(screen.getByRole('button', { name: 'Share your referral link' }));
      expect(share).toHaveBeenLastCalledWith({ url: REFERRAL });
    } finally {
      delete (navigator as Partial<Navigator>).share;
    }
  });

  it('draws the short link as a QR code, dark on white, and downloads it as SVG and PNG', async () => {
    const saved: { name: string; blob: Blob }[] = [];
    const blobs = new Map<string, Blob>();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blobs.get(this.href)! });
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          const url = `blob:test/${blobs.size}`;
          blobs.set(url, blob);
          return url;
        },
        revokeObjectURL: () => undefined,
      }),
    );
    // jsdom has no 2D canvas: a stand-in that records the modules drawn.
    const rects: number[][] = [];
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
      () =>
        ({
          fillStyle: '',
          fillRect: (...args: number[]) => rects.push(args),
        }) as unknown as CanvasRenderingContext2D,
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
      this: HTMLCanvasElement,
      done: BlobCallback,
    ) {
      done(new Blob([`png ${this.width}x${this.height}`], { type: 'image/png' }));
    });

    const { user } = renderApp('/account/affiliate_links');
    const qr = await screen.findByTestId('qr-code');
    expect(qr).toHaveAccessibleName(`QR code of your short link ${SHORT}`);
    const src = qr.getAttribute('src')!;
    expect(src.startsWith('data:image/svg+xml')).toBe(true);
    const svg = decodeURIComponent(src.slice(src.indexOf(',') + 1));
    expect(svg).toBe(qrSvg(qrSymbol(SHORT)));
    expect(svg).toContain('fill="#ffffff"');
    expect(svg).toContain('fill="#000000"');

    await user.click(screen.getByRole('button', { name: /Download the QR code as an SVG image/ }));
    expect(saved.at(-1)?.name).toBe('qr-maya15.svg');
    expect(await textOf(saved.at(-1)!.blob)).toBe(svg);

    await user.click(screen.getByTestId('qr-download-png'));
    await waitFor(() => expect(saved.at(-1)?.name).toBe('qr-maya15.png'));
    expect(await textOf(saved.at(-1)!.blob)).toBe('png 1024x1024');
    // The white background first, then whole-pixel modules inside a quiet zone of 4 or more.
    expect(rects[0]).toEqual([0, 0, 1024, 1024]);
    const size = qrSymbol(SHORT).size;
    const module = Math.floor(1024 / (size + QUIET_ZONE * 2));
    for (const [x, y, width, height] of rects.slice(1)) {
      expect(Math.min(x!, y!)).toBeGreaterThanOrEqual(QUIET_ZONE * module);
      expect(Math.max(x! + width!, y! + height!)).toBeLessThanOrEqual(1024 - QUIET_ZONE * module);
      expect(height).toBe(module);
    }
  });

  it('encodes the link in a symbol with its three finder patterns', () => {
    const symbol = qrSymbol(SHORT);
    // A finder pattern: a dark 7×7 ring, a light ring, a dark 3×3 centre.
    const finderAt = (top: number, left: number) =>
      [0, 1, 2, 3, 4, 5, 6].every((row) =>
        [0, 1, 2, 3, 4, 5, 6].every((col) => {
          const ring = Math.max(Math.abs(row - 3), Math.abs(col - 3));
          return symbol.isDark(top + row, left + col) === (ring !== 2);
        }),
      );
    expect(finderAt(0, 0)).toBe(true);
    expect(finderAt(0, symbol.size - 7)).toBe(true);
    expect(finderAt(symbol.size - 7, 0)).toBe(true);
  });

  it('tops the chart’s axis with an even round count', () => {
    expect([0, 1, 3, 5, 7, 10, 11, 45, 150, 999].map(countAxisMax)).toEqual([
      2, 2, 4, 6, 8, 10, 20, 60, 200, 1000,
    ]);
  });

  it('shows the visits, orders and conversion of 30 days, and a day per bar', async () => {
    renderApp('/account/affiliate_links');
    expect(await screen.findByTestId('links-clicks')).toHaveTextContent('150');
    // The figure is visits (a visitor once in 30 minutes, server/modules/links/service.ts), not clicks.
    expect(screen.getByText('Visits, last 30 days')).toBeInTheDocument();
    expect(screen.getByTestId('links-clicks').previousElementSibling).toHaveTextContent('Visits');
    expect(screen.getByText('Orders per visit')).toBeInTheDocument();
    expect(screen.getByTestId('links-orders')).toHaveTextContent('8');
    // 8 / 150 = 0.0533
    expect(screen.getByTestId('links-conversion')).toHaveTextContent('5.33%');
    expect(screen.getAllByTestId('links-chart-day')).toHaveLength(30);
    // The same figures in a table for screen readers.
    const table = screen.getByRole('table', {
      name: 'Visits and orders per day, last 30 days (the program’s time zone)',
    });
    expect(within(table).getByRole('columnheader', { name: 'Visits' })).toBeInTheDocument();
    const today = within(table).getByRole('rowheader', { name: 'Nov 30' }).closest('tr')!;
    expect(
      within(today)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['10', '1']);
    expect(screen.queryByTestId('links-empty')).not.toBeInTheDocument();
  });

  it('asks the partner to share the link while it has no visit', async () => {
    current = stats({ 12: [0, 2] });
    renderApp('/account/affiliate_links');
    expect(await screen.findByTestId('links-empty')).toHaveTextContent('No visits yet');
    expect(screen.getByTestId('links-empty')).toHaveTextContent('Put your short link in your bio');
    expect(screen.getByTestId('links-clicks')).toHaveTextContent('0');
    // Orders through the code typed by hand still count.
    expect(screen.getByTestId('links-orders')).toHaveTextContent('2');
    expect(screen.getByTestId('links-conversion')).toHaveTextContent('—No rate without a visit');
    expect(screen.queryByTestId('links-chart')).not.toBeInTheDocument();
  });

  it('refreshes the figures when a sale is pushed live', async () => {
    renderApp('/account/affiliate_links');
    expect(await screen.findByTestId('links-orders')).toHaveTextContent('8');
    const socket = await waitFor(() => {
      expect(sockets.latest()).toBeDefined();
      return sockets.latest()!;
    });
    act(() => socket.serverEmit('connect'));
    current = stats({ 27: [100, 5], 28: [40, 2], 29: [10, 2] });
    act(() => socket.serverEmit('new_order', { order_id: 1, notification_id: 1 }));
    await waitFor(() => expect(screen.getByTestId('links-orders')).toHaveTextContent('9'));
    expect(screen.getByTestId('links-conversion')).toHaveTextContent('6%');
  });

  it('lists an Amazon link for every product, each with its copy button', async () => {
    const { user } = renderApp('/account/affiliate_links');
    const list = await screen.findByTestId('links-amazon');
    expect(await within(list).findByTestId('amazon-link-acv')).toHaveTextContent(
      'https://www.amazon.com/dp/B0TEST0000?tag=maya15-20',
    );
    expect(within(list).getAllByRole('listitem')).toHaveLength(16);
    for (const code of PRODUCT_CODES)
      expect(within(list).getByTestId(`amazon-link-${code}`)).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Copy the Amazon link for Product 2' }));
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(amazon()[1]!.url);
  });

  it('says so when the figures or the Amazon links cannot be read, and tries again', async () => {
    let failing = true;
    fake.on('GET /api/links/stats', () =>
      failing
        ? jsonResponse(500, { code: 500, message: 'Boom', id: 'x' })
        : jsonResponse(200, { data: current }),
    );
    fake.on('GET /api/generateAmazonLinks', () =>
      failing
        ? jsonResponse(500, { code: 500, message: 'Boom', id: 'x' })
        : jsonResponse(200, { data: amazon() }),
    );
    const { user } = renderApp('/account/affiliate_links');
    const stats = await screen.findByTestId('links-stats');
    expect(
      await within(stats).findByText('Your link figures could not be loaded.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    const links = screen.getByTestId('links-amazon');
    expect(await within(links).findByText('Your Amazon links could not be loaded.')).toBeInTheDocument();
    // The page says it itself: no alert over it.
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // The links of the profile do not depend on either read.
    expect(screen.getByTestId('short-link')).toHaveTextContent(SHORT);

    failing = false;
    await user.click(within(stats).getByRole('button', { name: 'Try again' }));
    expect(await within(stats).findByTestId('links-clicks')).toHaveTextContent('150');
    await user.click(within(links).getByRole('button', { name: 'Try again' }));
    expect(await within(links).findByTestId('amazon-link-acv')).toBeInTheDocument();
  });

  it('says when the partner has no code yet, without a QR code', async () => {
    fake = installFakeApi({
      user: samplePartner({ promo_codes: [], short_url: null, referral_short_url: null }),
    });
    fake.on('GET /api/links/stats', () => jsonResponse(200, { data: stats() }));
    fake.on('GET /api/generateAmazonLinks', () => jsonResponse(200, { data: amazon() }));
    renderApp('/account/affiliate_links');
    expect(await screen.findByTestId('links-none')).toHaveTextContent('No code yet');
    expect(screen.queryByTestId('qr-code')).not.toBeInTheDocument();
  });

  it('speaks French, with the product names in French', async () => {
    await i18n.changeLanguage('fr');
    renderApp('/account/affiliate_links');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Liens d\u2019affiliation' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Copier votre lien court' })).toBeInTheDocument();
    expect(await screen.findByTestId('links-conversion')).toHaveTextContent(/^5,33\s%$/);
    expect(
      await screen.findByRole('button', { name: 'Copier le lien Amazon de Produit 1' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('qr-code')).toHaveAccessibleName(`Code QR de votre lien court ${SHORT}`);
  });
});
