// The orders kept apart from the figures against a fake staff API: the overview's card counts the
// orders waiting for a rate per currency and leads to their page; that page lists them (amounts
// in the order's own currency, the partner linked, whether a rate is set), releases a currency's
// orders once it has a rate (managers and admins, after a question), says where an admin sets a
// missing rate, and is read only for a reviewer; the test orders' page says they earn nothing.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { installFakeApi, type FakeApi } from '../../../test/fake-api';
import { stubMatchMedia } from '../../../test/media';
import { signInStaff } from '../../../test/messages-fixtures';
import {
  onePage,
  sampleCurrencySettings,
  sampleOrdersWaiting,
  sampleOverview,
  sampleTestOrders,
  serveCurrencySettings,
  serveOverview,
} from '../../../test/overview-fixtures';
import { jsonResponse, renderApp } from '../../../test/render-app';

let fake: FakeApi;
beforeEach(() => {
  fake = installFakeApi();
  stubMatchMedia((query) => query === '(min-width: 768px)');
});

const serveWaiting = (rows = sampleOrdersWaiting(), extra: Record<string, unknown> = {}) => {
  const asked: URL[] = [];
  fake.on('GET /api/manager/overview/orders-waiting', ({ url }) => {
    asked.push(url);
    return jsonResponse(200, onePage(rows, extra));
  });
  return asked;
};

describe('the overview’s card', () => {
  it('counts the orders waiting for a rate per currency, and leads to them and to the test orders', async () => {
    signInStaff(fake, 'reviewer');
    serveOverview(fake, sampleOverview());
    renderApp('/manager/overview');
    const group = await screen.findByTestId('attention-orders-waiting');
    expect(within(group).getByTestId('attention-count')).toHaveTextContent('5');
    const lines = within(group).getAllByTestId('attention-waiting-currency');
    expect(lines[0]).toHaveTextContent('CAD · 3 orders');
    expect(lines[0]).toHaveTextContent('Rate set (1 CAD = 0.7312 USD): ready to release');
    expect(lines[1]).toHaveTextContent('EUR · 2 orders');
    expect(lines[1]).toHaveTextContent('No rate yet: an admin sets it in Settings');
    expect(screen.getByTestId('attention-open-orders-waiting')).toHaveAttribute(
      'href',
      '/manager/overview/orders-waiting',
    );
    expect(screen.getByTestId('attention-open-test-orders')).toHaveAttribute(
      'href',
      '/manager/overview/test-orders',
    );
  });
});

describe('orders waiting for a rate', () => {
  it('lists each in its own currency, with its partner, its code and whether a rate is set', async () => {
    signInStaff(fake, 'reviewer');
    serveCurrencySettings(fake);
    const asked = serveWaiting();
    renderApp('/manager/overview/orders-waiting?page=2');
    const table = await screen.findByTestId('apart-table');
    await waitFor(() => expect(document.title).toContain('Orders waiting for a rate'));
    expect(asked.at(-1)!.searchParams.get('page')).toBe('2');
    expect(screen.getByTestId('apart-total')).toHaveTextContent('3 orders');
    const rows = within(table).getAllByTestId('apart-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByTestId('apart-order')).toHaveTextContent('#1301');
    expect(within(rows[0]!).getByTestId('apart-amount')).toHaveTextContent('CA$84.50');
    expect(rows[0]).toHaveTextContent('Total CA$97.18');
    expect(within(rows[0]!).getByTestId('apart-dates')).toHaveTextContent('Placed May 12, 2026');
    expect(within(rows[0]!).getByTestId('apart-dates')).toHaveTextContent('Paid May 12, 2026');
    expect(within(rows[0]!).getByTestId('apart-code')).toHaveTextContent('ALMA15');
    expect(within(rows[0]!).getByRole('link', { name: 'Open Alma Seller' })).toHaveAttribute(
      'href',
      '/manager/partners/uuid-alma',
    );
    await waitFor(() =>
      expect(within(rows[0]!).getByTestId('apart-rate')).toHaveTextContent('1 CAD = 0.7312 USD'),
    );
    expect(within(rows[1]!).getByTestId('apart-order')).toHaveTextContent('#1300');
    expect(within(rows[1]!).getByTestId('apart-amount')).toHaveTextContent('€1,250.00');
    expect(within(rows[1]!).getByTestId('apart-rate')).toHaveAttribute('data-state', 'none');
    expect(within(rows[1]!).getByTestId('apart-rate')).toHaveTextContent('No rate yet');
    expect(rows[2]).toHaveTextContent('No code');
    expect(rows[2]).toHaveTextContent('No partner');
    expect(screen.getByTestId('back-to-overview')).toHaveAttribute('href', '/manager/overview');
    expect(screen.getByTestId('apart-tab-waiting')).toHaveAttribute('aria-current', 'page');
  });

  it('releases a currency’s orders once it has a rate, after a question (a manager)', async () => {
    signInStaff(fake, 'manager');
    let settings = sampleCurrencySettings();
    fake.on('GET /api/manager/settings/currency', () => jsonResponse(200, { data: settings }));
    serveWaiting();
    fake.on('POST /api/manager/overview/orders-waiting/release', () => {
      settings = { ...settings, waiting: [{ currency: 'EUR', orders: 1 }] };
      serveWaiting(sampleOrdersWaiting().filter((order) => order.currency !== 'CAD'));
      return jsonResponse(200, { data: { released: 2 } });
    });
    const { user } = renderApp('/manager/overview/orders-waiting');
    const currencies = await screen.findAllByTestId('apart-currency');
    expect(currencies).toHaveLength(2);
    expect(currencies[0]).toHaveTextContent('CAD');
    expect(currencies[0]).toHaveTextContent('2 orders waiting');
    expect(currencies[0]).toHaveTextContent('1 CAD = 0.7312 USD');
    // EUR has no rate: nothing to release, and a manager cannot set it.
    expect(within(currencies[1]!).queryByTestId('apart-release')).toBeNull();
    expect(within(currencies[1]!).getByTestId('apart-rate-by-admin')).toHaveTextContent(
      'An admin sets the EUR rate in Settings.',
    );
    const release = within(currencies[0]!).getByTestId('apart-release');
    expect(release).toHaveTextContent('Release 2 orders in CAD');
    await user.click(release);
    const dialog = await screen.findByTestId('apart-release-confirm');
    expect(dialog).toHaveTextContent('Release 2 orders in CAD?');
    expect(dialog).toHaveTextContent('Each is converted at 1 CAD = 0.7312 USD');
    expect(fake.calls()).not.toContain('POST /api/manager/overview/orders-waiting/release');
    await user.click(within(dialog).getByTestId('apart-release-confirm-confirm'));
    expect(await screen.findByText('2 orders in CAD released.')).toBeInTheDocument();
    expect(fake.lastBody('POST /api/manager/overview/orders-waiting/release')).toEqual({ currency: 'CAD' });
    expect(
      new Headers(fake.lastInit('POST /api/manager/overview/orders-waiting/release')?.headers).get(
        'Authorization',
      ),
    ).toBe('Bearer staff-token');
    await waitFor(() => expect(screen.getAllByTestId('apart-currency')).toHaveLength(1));
    await waitFor(() => expect(screen.getAllByTestId('apart-row')).toHaveLength(1));
  });

  it('says what the server answered when nothing was left to release (409)', async () => {
    signInStaff(fake, 'admin');
    serveCurrencySettings(fake);
    serveWaiting();
    fake.on('POST /api/manager/overview/orders-waiting/release', () =>
      jsonResponse(409, { code: 409, message: 'No order is waiting for a rate in this currency' }),
    );
    const { user } = renderApp('/manager/overview/orders-waiting');
    await user.click(await screen.findByTestId('apart-release'));
    await user.click(
      within(await screen.findByTestId('apart-release-confirm')).getByTestId('apart-release-confirm-confirm'),
    );
    expect(await screen.findByText('No order is waiting for a rate in this currency')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('apart-release-confirm')).toBeNull());
  });

  it('leads an admin to the settings to set a missing rate', async () => {
    signInStaff(fake, 'admin');
    serveCurrencySettings(fake);
    serveWaiting();
    renderApp('/manager/overview/orders-waiting');
    expect(await screen.findByTestId('apart-set-rate')).toHaveAttribute(
      'href',
      '/manager/settings?rate=EUR#currency-rates',
    );
    expect(screen.getByTestId('apart-set-rate')).toHaveTextContent('Set the EUR rate');
  });

  it('is read only for a reviewer', async () => {
    signInStaff(fake, 'reviewer');
    serveCurrencySettings(fake);
    serveWaiting();
    renderApp('/manager/overview/orders-waiting');
    expect(await screen.findByTestId('apart-release-read-only')).toHaveTextContent(
      'Managers and admins release orders.',
    );
    expect(screen.queryByTestId('apart-release')).toBeNull();
    expect(screen.queryByTestId('apart-set-rate')).toBeNull();
  });

  it('shows cards on a phone, and says when nothing waits', async () => {
    stubMatchMedia(() => false);
    signInStaff(fake, 'manager');
    serveCurrencySettings(fake);
    serveWaiting();
    const { unmount } = renderApp('/manager/overview/orders-waiting');
    const cards = await screen.findAllByTestId('apart-row');
    expect(screen.queryByTestId('apart-table')).toBeNull();
    expect(cards).toHaveLength(3);
    expect(within(cards[1]!).getByTestId('apart-amount')).toHaveTextContent('€1,250.00');
    unmount();
    serveCurrencySettings(fake, sampleCurrencySettings({ waiting: [] }));
    serveWaiting([]);
    renderApp('/manager/overview/orders-waiting');
    expect(await screen.findByTestId('apart-empty')).toHaveTextContent('No order waiting for a rate');
    expect(screen.queryByTestId('apart-currencies')).toBeNull();
  });

  it('shows a skeleton while the list loads', async () => {
    signInStaff(fake, 'reviewer');
    serveCurrencySettings(fake);
    let answer: (response: Response) => void = () => undefined;
    fake.on(
      'GET /api/manager/overview/orders-waiting',
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    renderApp('/manager/overview/orders-waiting');
    expect(await screen.findByTestId('apart-loading')).toBeInTheDocument();
    answer(jsonResponse(200, onePage(sampleOrdersWaiting())));
    expect(await screen.findByTestId('apart-table')).toBeInTheDocument();
  });

  it('speaks French, amounts as Canadians write them', async () => {
    await i18n.changeLanguage('fr');
    signInStaff(fake, 'manager');
    serveCurrencySettings(fake);
    serveWaiting();
    renderApp('/manager/overview/orders-waiting');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Commandes en attente d’un taux' }),
    ).toBeInTheDocument();
    const rows = await screen.findAllByTestId('apart-row');
    expect(within(rows[1]!).getByTestId('apart-amount').textContent).toMatch(/^1\s250,00\s€$/);
    expect(await screen.findByTestId('apart-release')).toHaveTextContent('Libérer 2 commandes en CAD');
  });
});

describe('test orders', () => {
  it('lists them with their status, saying they earn nothing and count in no figure', async () => {
    signInStaff(fake, 'reviewer');
    fake.on('GET /api/manager/overview/test-orders', () => jsonResponse(200, onePage(sampleTestOrders())));
    const { user } = renderApp('/manager/overview/test-orders');
    const table = await screen.findByTestId('apart-table');
    await waitFor(() => expect(document.title).toContain('Test orders'));
    expect(screen.getByTestId('apart-test-note')).toHaveTextContent(
      'Test orders earn nothing and count in no figure',
    );
    expect(screen.getByTestId('apart-total')).toHaveTextContent('2 test orders');
    const rows = within(table).getAllByTestId('apart-row');
    expect(within(rows[0]!).getByTestId('apart-amount')).toHaveTextContent('$25.00');
    expect(within(rows[0]!).getByTestId('apart-status')).toHaveTextContent('Paid');
    expect(within(rows[1]!).getByTestId('apart-amount')).toHaveTextContent('CA$60.00');
    expect(within(rows[1]!).getByTestId('apart-status')).toHaveTextContent('Cancelled');
    expect(within(table).queryByTestId('apart-rate')).toBeNull();
    expect(screen.queryByTestId('apart-release')).toBeNull();
    // The tab leads back to the orders waiting.
    serveCurrencySettings(fake);
    serveWaiting();
    await user.click(screen.getByTestId('apart-tab-waiting'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Orders waiting for a rate' }),
    ).toBeInTheDocument();
  });

  it('says when the store sent none', async () => {
    signInStaff(fake, 'reviewer');
    fake.on('GET /api/manager/overview/test-orders', () => jsonResponse(200, onePage([])));
    renderApp('/manager/overview/test-orders');
    expect(await screen.findByTestId('apart-empty')).toHaveTextContent('No test order');
  });

  it('pages through them with the page in the URL', async () => {
    signInStaff(fake, 'reviewer');
    const asked: URL[] = [];
    fake.on('GET /api/manager/overview/test-orders', ({ url }) => {
      asked.push(url);
      return jsonResponse(
        200,
        onePage(sampleTestOrders(), {
          current_page: Number(url.searchParams.get('page')),
          last_page: 3,
          total: 45,
        }),
      );
    });
    const { user, router } = renderApp('/manager/overview/test-orders');
    await screen.findByTestId('apart-table');
    expect(asked.at(-1)!.searchParams.get('length')).toBe('20');
    await user.click(screen.getByTestId('apart-pager-next'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(asked.at(-1)!.searchParams.get('page')).toBe('2'));
  });
});
