import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { AUTH_TOKEN_KEY } from '../../lib/session';
import { installFakeApi, samplePartner, signInForTest, type FakeApi } from '../../test/fake-api';
import { jsonResponse, renderApp } from '../../test/render-app';
import { pagedHandler, saleRow } from '../../test/sales-fixtures';

let fake: FakeApi;
beforeEach(() => {
  signInForTest();
  fake = installFakeApi();
});

const requestedPages = (path: string) =>
  fake.fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => `${url.searchParams.get('page')}/${url.searchParams.get('length')}`);

const STATUSES = ['PENDING', 'APPROVED', 'PAID', 'REJECTED', 'IN_REVIEW'];
const twelveSales = Array.from({ length: 12 }, (_, index) =>
  saleRow(index + 1, {
    product: `Product ${index + 1}`,
    status: STATUSES[index % 5]!,
    order_number: `#${2000 + index}`,
  }),
);

describe('/account/sales', () => {
  it('shows the spec’s columns with coloured status badges', async () => {
    fake.on('GET /api/getShopifySalesItemsNoVouchers', pagedHandler(twelveSales));
    renderApp('/account/sales');
    const rows = await screen.findAllByTestId('sale-row');
    expect(rows).toHaveLength(5);
    const table = screen.getByRole('table', { name: 'Store sales' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Date', 'Order', 'Product', 'Order Amount', 'Commission', 'Status']);
    expect(rows[0]).toHaveTextContent('#2000');
    expect(rows[0]).toHaveTextContent('$40.00');
    expect(rows[0]).toHaveTextContent('$4.00');
    const badges = screen.getAllByTestId('status-badge');
    expect(badges.map((badge) => badge.textContent)).toEqual([
      'Pending Approval',
      'Payment Pending',
      'Paid',
      'Rejected',
      'In Review',
    ]);
    expect(badges[2]!.className).toMatch(/emerald/);
    expect(badges[3]!.className).toMatch(/rose/);
  });

  it('shows what each sale earns now, and what a refund after payment took back', async () => {
    fake.on(
      'GET /api/getShopifySalesItemsNoVouchers',
      pagedHandler([
        saleRow(1, {
          order_number: '#3001',
          order_amount: 0,
          commission: 0,
          adjustment: -5,
          status: 'PAID',
          status_label: 'Paid',
        }),
        saleRow(2, {
          order_number: '#3002',
          order_amount: 0,
          commission: 0,
          adjustment: 0,
          status: 'REJECTED',
          status_label: 'Rejected',
        }),
      ]),
    );
    renderApp('/account/sales');
    const [refunded, rejected] = await screen.findAllByTestId('sale-row');
    const commission = (row: HTMLElement) => row.querySelector('[data-column="commission"]')!;
    expect(commission(refunded!)).toHaveTextContent('$0.00');
    expect(within(refunded!).getByTestId('commission-adjustment')).toHaveTextContent(
      '-$5.00 taken back after a refund',
    );
    expect(commission(rejected!)).toHaveTextContent('$0.00');
    expect(within(rejected!).queryByTestId('commission-adjustment')).not.toBeInTheDocument();
  });

  it('requests a page only when the page changes, and reads pages seen before from the cache', async () => {
    fake.on('GET /api/getShopifySalesItemsNoVouchers', pagedHandler(twelveSales));
    const { user } = renderApp('/account/sales');
    await screen.findAllByTestId('sale-row');
    expect(screen.getByTestId('pager-status')).toHaveTextContent('Page 1 of 3');
    expect(screen.getByTestId('pager-prev')).toBeDisabled();
    expect(requestedPages('/api/getShopifySalesItemsNoVouchers')).toEqual(['1/5']);

    await user.click(screen.getByTestId('pager-next'));
    await waitFor(() => expect(screen.getByTestId('pager-status')).toHaveTextContent('Page 2 of 3'));
    await waitFor(() => expect(screen.getAllByTestId('sale-row')[0]).toHaveTextContent('Product 6'));
    expect(requestedPages('/api/getShopifySalesItemsNoVouchers')).toEqual(['1/5', '2/5']);

    await user.click(screen.getByTestId('pager-next'));
    await waitFor(() => expect(screen.getAllByTestId('sale-row')).toHaveLength(2));
    expect(screen.getByTestId('pager-next')).toBeDisabled();

    await user.click(screen.getByTestId('pager-prev'));
    await user.click(screen.getByTestId('pager-prev'));
    await waitFor(() => expect(screen.getAllByTestId('sale-row')[0]).toHaveTextContent('Product 1'));
    // Pages 2 and 1 came back from the cache.
    expect(requestedPages('/api/getShopifySalesItemsNoVouchers')).toEqual(['1/5', '2/5', '3/5']);
  });

  it('shows a friendly empty state without sales', async () => {
    renderApp('/account/sales');
    expect(await screen.findByTestId('store-empty')).toHaveTextContent('No store sales yet');
    expect(screen.queryByTestId('pager-next')).not.toBeInTheDocument();
  });

  it('shows skeleton rows while a list loads', async () => {
    fake.on('GET /api/getShopifySalesItemsNoVouchers', () => new Promise<Response>(() => undefined));
    renderApp('/account/sales');
    expect(await screen.findByTestId('table-loading')).toBeInTheDocument();
  });

  it('has marketplace and voucher tabs', async () => {
    fake.on('GET /api/getAmazonSalesItems', pagedHandler([saleRow(7, { product: 'Supergreens (Amazon)' })]));
    fake.on(
      'GET /api/getVouchersPaginated',
      pagedHandler([
        {
          id: 1,
          code: 'THANKYOU10',
          type: 'percent',
          amount: 10,
          valid_from: '2026-01-01T00:00:00Z',
          valid_till: null,
          status: 'active',
        },
        // The API's meaning of amount (docs/decisions/014): major units for fixed, a count for product.
        {
          id: 2,
          code: 'FIVEFIFTY',
          type: 'fixed',
          amount: 5.5,
          valid_from: '2026-01-01T00:00:00Z',
          valid_till: null,
          status: 'active',
        },
        {
          id: 3,
          code: 'TWOFREE',
          type: 'product',
          amount: 2,
          valid_from: '2026-01-01T00:00:00Z',
          valid_till: null,
          status: 'active',
        },
      ]),
    );
    const { user, router } = renderApp('/account/sales');
    await user.click(await screen.findByRole('tab', { name: 'Marketplace' }));
    expect(await screen.findByTestId('marketplace-row')).toHaveTextContent('Supergreens (Amazon)');
    expect(router.state.location.search).toBe('?tab=marketplace');

    await user.click(screen.getByRole('tab', { name: 'Vouchers' }));
    const [row, fixed, product] = await screen.findAllByTestId('voucher-row');
    const headers = within(screen.getByRole('table', { name: 'Vouchers' })).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Code',
      'Type',
      'Amount',
      'Valid from',
      'Valid till',
      'Status',
    ]);
    expect(row!).toHaveTextContent('THANKYOU10');
    expect(row!).toHaveTextContent('Percentage');
    expect(row!).toHaveTextContent('10%');
    expect(row!).toHaveTextContent('No expiry');
    const amount = (r: HTMLElement) => r.querySelector('[data-column="amount"]')!;
    expect(amount(row!)).toHaveTextContent(/^10%$/);
    expect(amount(fixed!)).toHaveTextContent(/^\$5\.50$/);
    expect(amount(product!)).toHaveTextContent(/^2$/);
  });

  it('shows the earnings by status', async () => {
    fake.on('GET /api/getTotals', () =>
      jsonResponse(200, {
        data: {
          sales_count: 3,
          sales_amount: 120,
          pending: 12,
          payable: 34.5,
          paid: 0,
          in_review: 0,
          referral_commissions: 0,
          marketplace_commissions: 0,
          geography: [],
          currency: 'USD',
        },
      }),
    );
    renderApp('/account/sales');
    expect(await screen.findByTestId('total-payable')).toHaveTextContent('$34.50');
    expect(screen.getByTestId('total-pending')).toHaveTextContent('$12.00');
  });

  it('ends the session when a list answers 401', async () => {
    fake.on('GET /api/getShopifySalesItemsNoVouchers', () =>
      jsonResponse(401, { code: 401, message: 'Not Authorized' }),
    );
    const { router } = renderApp('/account/sales');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(await screen.findByText('Session Expired')).toBeInTheDocument();
  });

  it('labels columns and formats amounts in French', async () => {
    await i18n.changeLanguage('fr');
    fake.on('GET /api/getShopifySalesItemsNoVouchers', pagedHandler([saleRow(1, { order_amount: 1234.5 })]));
    renderApp('/account/sales');
    const row = await screen.findByTestId('sale-row');
    expect(row.textContent?.replace(/\s/g, ' ')).toContain('1 234,50 $ US');
    expect(screen.getByRole('columnheader', { name: 'Montant de la commande' })).toBeInTheDocument();
    expect(screen.getByTestId('status-badge')).toHaveTextContent('En attente');
  });
});

describe('/account/referrals', () => {
  it('lists referral sales with the Referral column, and who joined', async () => {
    fake = installFakeApi({
      user: samplePartner({
        referrals: [{ email: 'lina@example.com', first_name: 'Lina', last_name: 'Park' }],
      }),
    });
    fake.on(
      'GET /api/getShopifySalesItemsReferrals',
      pagedHandler([saleRow(3, { referral: 'Lina Park', commission: 1.75 })]),
    );
    renderApp('/account/referrals');
    const row = await screen.findByTestId('referral-row');
    expect(within(row).getByText('Lina Park')).toBeInTheDocument();
    expect(row).toHaveTextContent('$1.75');
    expect(screen.getByRole('columnheader', { name: 'Referral' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('referral-count')).toHaveTextContent('1'));
  });

  it('says when there are none yet', async () => {
    renderApp('/account/referrals');
    expect(await screen.findByTestId('referrals-empty')).toHaveTextContent('No referral sales yet');
  });
});
