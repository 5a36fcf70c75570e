// The partner's lists driven by the address (docs/product/partner-portal.md#tables): page, rows per
// page and dates read from it and written to it, invalid values read as the defaults, and the CSV
// download fetched with the partner's bearer.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { installFakeApi, signInForTest, type FakeApi } from '../../test/fake-api';
import { jsonResponse, renderApp } from '../../test/render-app';
import { pagedHandler, saleRow } from '../../test/sales-fixtures';

let fake: FakeApi;
beforeEach(() => {
  signInForTest('partner-token');
  fake = installFakeApi();
});

const SALES = '/api/getShopifySalesItemsNoVouchers';
const requests = (path: string) =>
  fake.fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => url.search);
const lastRequest = (path: string) => requests(path).at(-1);

const thirtySales = Array.from({ length: 30 }, (_, index) =>
  saleRow(index + 1, { product: `Product ${index + 1}` }),
);

// jsdom has no object URLs; the download only needs them to exist.
const objectUrls: Blob[] = [];
URL.createObjectURL = (blob: Blob) => {
  objectUrls.push(blob);
  return `blob:http://localhost/${objectUrls.length}`;
};
URL.revokeObjectURL = () => undefined;

describe('a partner list in the address', () => {
  it('takes its page, size and range from the address', async () => {
    fake.on(`GET ${SALES}`, pagedHandler(thirtySales));
    renderApp('/account/sales?page=2&size=10&range=last_month');
    await waitFor(() => expect(screen.getAllByTestId('sale-row')).toHaveLength(10));
    expect(screen.getAllByTestId('sale-row')[0]).toHaveTextContent('Product 11');
    expect(lastRequest(SALES)).toBe('?page=2&length=10&range=last_month');
    expect(screen.getByTestId('store-size')).toHaveValue('10');
    expect(screen.getByTestId('store-range')).toHaveValue('last_month');
    expect(screen.getByTestId('pager-status')).toHaveTextContent('Page 2 of 3');
  });

  it('reads an invalid value as the default, without an error', async () => {
    fake.on(`GET ${SALES}`, pagedHandler(thirtySales));
    renderApp('/account/sales?page=zero&size=7&range=someday');
    await waitFor(() => expect(screen.getAllByTestId('sale-row')).toHaveLength(5));
    expect(lastRequest(SALES)).toBe('?page=1&length=5');
    expect(screen.getByTestId('store-size')).toHaveValue('5');
    expect(screen.getByTestId('store-range')).toHaveValue('all');
  });

  it('writes size and range to the address, back to page 1, each a step Back undoes', async () => {
    fake.on(`GET ${SALES}`, pagedHandler(thirtySales));
    const { user, router } = renderApp('/account/sales?page=3');
    await waitFor(() => expect(screen.getByTestId('pager-status')).toHaveTextContent('Page 3 of 6'));

    await user.selectOptions(screen.getByTestId('store-size'), '25');
    await waitFor(() => expect(router.state.location.search).toBe('?size=25'));
    await waitFor(() => expect(screen.getAllByTestId('sale-row')).toHaveLength(25));

    await user.selectOptions(screen.getByTestId('store-range'), 'last_90_days');
    await waitFor(() => expect(router.state.location.search).toBe('?size=25&range=last_90_days'));
    await waitFor(() => expect(lastRequest(SALES)).toBe('?page=1&length=25&range=last_90_days'));

    await user.click(screen.getByTestId('pager-next'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2&size=25&range=last_90_days'));

    // Back goes through the steps: page 1 of the range, then all time.
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.search).toBe('?size=25&range=last_90_days'));
    await waitFor(() => expect(screen.getByTestId('pager-status')).toHaveTextContent('Page 1 of 2'));
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByTestId('store-range')).toHaveValue('all'));
  });

  it('asks for custom days only once they are in order, and says so in both languages', async () => {
    fake.on(`GET ${SALES}`, pagedHandler(thirtySales));
    const { user, router } = renderApp('/account/sales?range=custom');
    await screen.findAllByTestId('sale-row');
    const from = screen.getByTestId('store-from');
    const to = screen.getByTestId('store-to');
    await user.type(to, '2026-11-01');
    await waitFor(() => expect(router.state.location.search).toBe('?range=custom&to=2026-11-01'));
    await user.type(from, '2026-11-20');
    expect(await screen.findByTestId('store-range-error')).toHaveTextContent(
      'The first day must be on or before the last day.',
    );
    expect(from).toHaveAttribute('aria-invalid', 'true');
    // The address kept the last valid range.
    expect(router.state.location.search).toBe('?range=custom&to=2026-11-01');
    expect(requests(SALES).some((search) => search.includes('from=2026-11-20'))).toBe(false);

    await i18n.changeLanguage('fr');
    expect(await screen.findByTestId('store-range-error')).toHaveTextContent(
      'Le premier jour doit précéder le dernier ou être le même.',
    );
    await user.clear(to);
    await user.type(to, '2026-11-30');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?range=custom&from=2026-11-20&to=2026-11-30'),
    );
    expect(screen.queryByTestId('store-range-error')).not.toBeInTheDocument();
    await waitFor(() => expect(lastRequest(SALES)).toBe('?page=1&length=5&from=2026-11-20&to=2026-11-30'));
    await i18n.changeLanguage('en');
  });

  it('downloads the range as CSV with the partner’s bearer, and says it holds every page', async () => {
    fake.on(`GET ${SALES}`, pagedHandler(thirtySales));
    fake.on(
      'GET /api/exports/sales.csv',
      () =>
        new Response('\uFEFFDate,Order\r\n2026-11-02,#1001\r\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="sales-2026-12-07.csv"',
          },
        }),
    );
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    const { user } = renderApp('/account/sales?range=last_month&page=2');
    await screen.findAllByTestId('sale-row');
    const button = screen.getByRole('button', { name: 'Download CSV' });
    expect(button).toHaveAccessibleDescription(
      'Every row of these dates, all pages included (up to 5,000 rows), as a CSV file for your records.',
    );
    await user.click(button);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.download).toBe('sales-2026-12-07.csv');
    // The range, not the page: the file holds every page of it.
    expect(lastRequest('/api/exports/sales.csv')).toBe('?range=last_month');
    const headers = fake.lastInit('GET /api/exports/sales.csv')!.headers as Headers;
    expect(headers.get('Authorization')).toBe('Bearer partner-token');
    expect(await objectUrls.at(-1)!.text()).toContain('2026-11-02,#1001');
  });

  it('says when the file cannot hold every row of the range, and when it did not come', async () => {
    const many = Array.from({ length: 5 }, (_, index) => saleRow(index + 1));
    // More rows in the range than a file holds.
    fake.on(`GET ${SALES}`, () =>
      jsonResponse(200, { data: many, current_page: 1, per_page: 5, last_page: 1240, total: 6200 }),
    );
    fake.on('GET /api/exports/sales.csv', () => new Response('nope', { status: 500 }));
    const { user } = renderApp('/account/sales');
    await screen.findAllByTestId('sale-row');
    await waitFor(() =>
      expect(screen.getByTestId('store-csv-hint')).toHaveTextContent(
        'The file holds the 5,000 newest rows of these dates: choose fewer days for the rest.',
      ),
    );
    await user.click(screen.getByTestId('store-csv'));
    expect(await screen.findByTestId('store-csv-error')).toHaveTextContent(
      'The file could not be downloaded. Please try again.',
    );
  });

  it('drives the referrals and the invoices the same way', async () => {
    fake.on('GET /api/getShopifySalesItemsReferrals', pagedHandler([saleRow(3, { referral: 'Lina P.' })]));
    const referrals = renderApp('/account/referrals?size=50&range=this_month');
    expect(await screen.findByTestId('referral-row')).toBeInTheDocument();
    expect(lastRequest('/api/getShopifySalesItemsReferrals')).toBe('?page=1&length=50&range=this_month');
    referrals.unmount();

    fake.on('GET /api/getInvoices', pagedHandler([]));
    renderApp('/account/cashout?range=custom&from=2026-10-01&to=2026-10-31&size=10');
    expect(await screen.findByTestId('history-empty')).toHaveTextContent('Nothing in these dates');
    expect(lastRequest('/api/getInvoices')).toBe('?page=1&length=10&from=2026-10-01&to=2026-10-31');
    const controls = screen.getByTestId('history-controls');
    expect(within(controls).getByTestId('history-from')).toHaveValue('2026-10-01');
    // Nothing to download in those dates.
    expect(within(controls).getByTestId('history-csv')).toBeDisabled();
  });
});
