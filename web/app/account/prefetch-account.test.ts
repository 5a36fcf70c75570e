// The first account page's figures are asked for by the guard, before the page's code exists.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, signInForTest, type FakeApi } from '../../test/fake-api';
import { jsonResponse } from '../../test/render-app';
import { clearSession } from '../../lib/session';
import { summaryQuery, totalsQuery } from '../../features/sales/sales-api';
import { prefetchAccountPage } from './prefetch-account';

let api: FakeApi;
let queryClient: QueryClient;

beforeEach(() => {
  api = installFakeApi();
  api.on('GET /api/getBellNotifications', () => jsonResponse(200, { data: { count: 0, items: [] } }));
  api.on('GET /api/getPartnerSalesSummary', () => jsonResponse(200, { data: { total_sales: 3 } }));
  api.on('GET /api/getTotals', () => jsonResponse(200, { data: { earned: 12 } }));
  signInForTest();
  queryClient = new QueryClient();
});

afterEach(() => {
  vi.restoreAllMocks();
  queryClient.clear();
  clearSession();
});

const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('prefetchAccountPage', () => {
  it('on the dashboard: the shell’s profile, badges, bell and program currency, and the first figures', async () => {
    prefetchAccountPage(queryClient, '/account/');
    await settled();
    expect(api.calls().sort()).toEqual([
      'GET /api/branding',
      'GET /api/get',
      'GET /api/getBellNotifications',
      'GET /api/getPartnerSalesSummary',
      'GET /api/getTotals',
      'GET /api/get_badges',
      'GET /api/program',
    ]);
    expect(queryClient.getQueryData(summaryQuery.queryKey)).toEqual({ total_sales: 3 });
    expect(queryClient.getQueryData(totalsQuery.queryKey)).toEqual({ earned: 12 });
  });

  it('on a page without figures of its own to ask for: the shell’s data only', async () => {
    prefetchAccountPage(queryClient, '/account/badges');
    await settled();
    expect(api.calls().sort()).toEqual([
      'GET /api/branding',
      'GET /api/get',
      'GET /api/getBellNotifications',
      'GET /api/get_badges',
      'GET /api/program',
    ]);
  });

  it('on the sales page: its totals and the first page of the store’s sales', async () => {
    api.on('GET /api/getShopifySalesItemsNoVouchers', () =>
      jsonResponse(200, { data: [], total: 0, last_page: 1, current_page: 1 }),
    );
    prefetchAccountPage(queryClient, '/account/sales');
    await settled();
    expect(api.calls().sort()).toEqual([
      'GET /api/branding',
      'GET /api/get',
      'GET /api/getBellNotifications',
      'GET /api/getShopifySalesItemsNoVouchers',
      'GET /api/getTotals',
      'GET /api/get_badges',
      'GET /api/program',
    ]);
  });

  it('on a document: the page’s words, in the language on screen', async () => {
    api.on('GET /api/pages/faq', () =>
      jsonResponse(200, { data: { slug: 'faq', title: 'FAQ', sections: [] } }),
    );
    prefetchAccountPage(queryClient, '/account/faq');
    await vi.waitFor(() => expect(api.calls()).toContain('GET /api/pages/faq'));
  });

  it('on a product: its talking points and the products, then its picture as the page will show it', async () => {
    const requested = spyOnImages();
    api.on('GET /api/products/acv', () =>
      jsonResponse(200, { data: { code: 'acv', name: 'ACV Gummies', image_url: '/api/media/a.webp' } }),
    );
    api.on('GET /api/products', () => jsonResponse(200, { data: [] }));
    prefetchAccountPage(queryClient, '/account/products/acv');
    await vi.waitFor(() => expect(requested).toHaveLength(1));
    expect(api.calls()).toEqual(expect.arrayContaining(['GET /api/products/acv', 'GET /api/products']));
    expect(requested[0]).toEqual({
      src: '/api/media/a.webp?w=480',
      srcset: '/api/media/a.webp?w=480 480w, /api/media/a.webp?w=720 720w, /api/media/a.webp?w=1080 1080w',
      sizes: '(min-width: 640px) and (max-width: 1023px) 15rem, 18rem',
      fetchPriority: 'high',
    });
  });

  it('on Grab and Go: the gallery, then the first screen’s images (the first section’s first two)', async () => {
    const requested = spyOnImages();
    const image = (id: number, format: string) => ({ id, format, thumb_url: `/api/media/${id}.webp?w=480` });
    api.on('GET /api/gallery', () =>
      jsonResponse(200, {
        data: [image(1, 'story'), image(2, 'square'), image(3, 'square'), image(4, 'square')],
      }),
    );
    prefetchAccountPage(queryClient, '/account/grab_n_go');
    await vi.waitFor(() => expect(requested).toHaveLength(2));
    expect(requested.map((request) => request.src)).toEqual([
      '/api/media/2.webp?w=480',
      '/api/media/3.webp?w=480',
    ]);
  });

  it('asks nothing again that the cache already holds', async () => {
    prefetchAccountPage(queryClient, '/account');
    await settled();
    const first = api.calls().length;
    prefetchAccountPage(queryClient, '/account');
    await settled();
    expect(api.calls()).toHaveLength(first);
  });
});

/** The images the code starts downloading (new Image()), with what it set on each. */
function spyOnImages(): { src: string; srcset: string; sizes: string; fetchPriority: string }[] {
  const requested: { src: string; srcset: string; sizes: string; fetchPriority: string }[] = [];
  const Real = window.Image;
  vi.spyOn(window, 'Image').mockImplementation(function () {
    const image = new Real();
    Object.defineProperty(image, 'src', {
      set(value: string) {
        requested.push({
          src: value,
          srcset: image.srcset,
          sizes: image.sizes,
          fetchPriority: image.fetchPriority,
        });
      },
    });
    return image;
  });
  return requested;
}
