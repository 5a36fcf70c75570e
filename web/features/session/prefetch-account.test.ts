// The first account page's figures are asked for by the guard, before the page's code exists.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, signInForTest, type FakeApi } from '../../test/fake-api';
import { jsonResponse } from '../../test/render-app';
import { clearSession } from '../../lib/session';
import { summaryQuery, totalsQuery } from '../sales/sales-api';
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
  queryClient.clear();
  clearSession();
});

const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('prefetchAccountPage', () => {
  it('on the dashboard: the shell’s profile, badges and bell, and the first figures', async () => {
    prefetchAccountPage(queryClient, '/account/');
    await settled();
    expect(api.calls().sort()).toEqual([
      'GET /api/get',
      'GET /api/getBellNotifications',
      'GET /api/getPartnerSalesSummary',
      'GET /api/getTotals',
      'GET /api/get_badges',
    ]);
    expect(queryClient.getQueryData(summaryQuery.queryKey)).toEqual({ total_sales: 3 });
    expect(queryClient.getQueryData(totalsQuery.queryKey)).toEqual({ earned: 12 });
  });

  it('on a page without figures of its own to ask for: the shell’s data only', async () => {
    prefetchAccountPage(queryClient, '/account/badges');
    await settled();
    expect(api.calls().sort()).toEqual([
      'GET /api/get',
      'GET /api/getBellNotifications',
      'GET /api/get_badges',
    ]);
  });

  it('on the sales page: its totals and the first page of the store’s sales', async () => {
    api.on('GET /api/getShopifySalesItemsNoVouchers', () =>
      jsonResponse(200, { data: [], total: 0, last_page: 1, current_page: 1 }),
    );
    prefetchAccountPage(queryClient, '/account/sales');
    await settled();
    expect(api.calls().sort()).toEqual([
      'GET /api/get',
      'GET /api/getBellNotifications',
      'GET /api/getShopifySalesItemsNoVouchers',
      'GET /api/getTotals',
      'GET /api/get_badges',
    ]);
  });

  it('on a document: the page’s words, in the language on screen', async () => {
    api.on('GET /api/pages/faq', () =>
      jsonResponse(200, { data: { slug: 'faq', title: 'FAQ', sections: [] } }),
    );
    prefetchAccountPage(queryClient, '/account/faq');
    await vi.waitFor(() => expect(api.calls()).toContain('GET /api/pages/faq'));
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
