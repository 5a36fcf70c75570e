import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, samplePartner, signInForTest, type FakeApi } from '../../test/fake-api';
import { installFakeSocket, setSocketFactory, type FakeSockets } from '../../test/fake-socket';
import { jsonResponse, renderApp } from '../../test/render-app';
import { pagedHandler, saleRow } from '../../test/sales-fixtures';
import { notificationKeys, type Bell, type PortalNotification } from './notifications-api';

let fake: FakeApi;
let sockets: FakeSockets;
let bell: Bell;

const note = (id: number, overrides: Partial<PortalNotification> = {}): PortalNotification => ({
  id,
  kind: 'sale',
  title: 'New sale',
  body: `Order #${1000 + id}: you earned $4.00.`,
  data: null,
  read: false,
  date: '2026-03-02T10:00:00.000Z',
  ...overrides,
});

beforeEach(() => {
  signInForTest('partner-token');
  fake = installFakeApi();
  sockets = installFakeSocket();
  bell = { count: 0, custom_unread: 0, items: [] };
  fake.on('GET /api/getBellNotifications', () => jsonResponse(200, { data: bell }));
});

const count = (route: string) => fake.calls().filter((call) => call === route).length;

/** The sales page with one sale, its first reads done, and the socket made but not yet connected. */
async function openSalesBeforeConnect() {
  fake.on('GET /api/getShopifySalesItemsNoVouchers', pagedHandler([saleRow(1)]));
  renderApp('/account/sales');
  await screen.findByTestId('sale-row');
  await waitFor(() => expect(count('GET /api/getBellNotifications')).toBe(1));
  const listCalls = count('GET /api/getShopifySalesItemsNoVouchers');
  const socket = await waitFor(() => {
    expect(sockets.latest()).toBeDefined();
    return sockets.latest()!;
  });
  return { listCalls, socket };
}

describe('the bell', () => {
  it('shows the unread count, and an empty state when there is nothing new', async () => {
    const { user } = renderApp('/account/faq');
    const button = await screen.findByTestId('bell-button');
    await waitFor(() => expect(count('GET /api/getBellNotifications')).toBe(1));
    expect(screen.getByTestId('bell-count')).not.toBeVisible();
    await user.click(button);
    expect(within(screen.getByTestId('bell-panel')).getByTestId('bell-empty')).toHaveTextContent(
      'No new notifications',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('bell-panel')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('lists the latest notifications and marks them read', async () => {
    bell = { count: 2, custom_unread: 0, items: [note(2), note(1)] };
    fake.on('POST /api/notifications/read', () =>
      jsonResponse(200, { data: { count: 0, custom_unread: 0 } }),
    );
    const { user } = renderApp('/account/faq');
    await waitFor(() => expect(screen.getByTestId('bell-count')).toHaveTextContent('2'));
    expect(screen.getByTestId('bell-button')).toHaveAccessibleName('Notifications, 2 unread');
    await user.click(screen.getByTestId('bell-button'));
    expect(screen.getAllByTestId('bell-item')).toHaveLength(2);
    expect(screen.getByTestId('bell-panel')).toHaveTextContent('Order #1002: you earned $4.00.');

    await user.click(screen.getByTestId('bell-mark-all'));
    await waitFor(() => expect(screen.getByTestId('bell-count')).not.toBeVisible());
    expect(fake.lastBody('POST /api/notifications/read')).toEqual({});
    expect(screen.getAllByTestId('bell-item').every((item) => item.dataset.read === 'true')).toBe(true);
    expect(screen.getByTestId('bell-empty')).toBeInTheDocument();
  });

  it('lists the sale notifications alone in its Sales tab, read from the sales notifications call', async () => {
    bell = {
      count: 2,
      custom_unread: 0,
      items: [note(3, { kind: 'announcement', title: 'New flavour', body: 'Matcha Mind is here.' }), note(1)],
    };
    fake.on('GET /api/getSalesNotifications', () =>
      jsonResponse(200, { data: [note(2), note(1, { read: true })] }),
    );
    const { user } = renderApp('/account/faq');
    await user.click(await screen.findByTestId('bell-button'));
    expect(screen.getByTestId('bell-tab-all')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('bell-panel')).toHaveTextContent('New flavour');
    // Asked only once the tab is opened.
    expect(count('GET /api/getSalesNotifications')).toBe(0);

    await user.click(screen.getByRole('tab', { name: 'Sales' }));
    expect(screen.getByTestId('bell-tab-sales')).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(screen.getAllByTestId('bell-item')).toHaveLength(2));
    expect(screen.getByTestId('bell-panel')).not.toHaveTextContent('New flavour');
    expect(screen.getByTestId('bell-panel')).toHaveTextContent('Order #1002: you earned $4.00.');
    expect(screen.getAllByTestId('bell-item').map((item) => item.dataset.read)).toEqual(['false', 'true']);
    expect(count('GET /api/getSalesNotifications')).toBe(1);
  });

  it('says when there is no sale notification yet', async () => {
    fake.on('GET /api/getSalesNotifications', () => jsonResponse(200, { data: [] }));
    const { user } = renderApp('/account/faq');
    await user.click(await screen.findByTestId('bell-button'));
    await user.click(screen.getByTestId('bell-tab-sales'));
    expect(await screen.findByTestId('bell-empty')).toHaveTextContent('No sale notifications yet');
  });

  it('lights the pulsing dot only for unread custom notifications', async () => {
    bell = { count: 1, custom_unread: 0, items: [note(1)] };
    const first = renderApp('/account/faq');
    await screen.findByText('1', { selector: '[data-testid="bell-count"]' });
    expect(screen.getByTestId('notification-dot')).not.toBeVisible();
    first.unmount();

    bell = {
      count: 1,
      custom_unread: 1,
      items: [note(2, { kind: 'custom', title: 'A word from the team' })],
    };
    renderApp('/account/faq');
    await waitFor(() => expect(screen.getByTestId('notification-dot')).toBeVisible());
  });
});

describe('live push', () => {
  it('connects with the partner’s token; a new_order raises the bell and refetches the sales', async () => {
    fake.on('GET /api/getShopifySalesItemsNoVouchers', pagedHandler([saleRow(1)]));
    const { queryClient } = renderApp('/account/sales');
    await screen.findByTestId('sale-row');
    await waitFor(() =>
      expect(queryClient.getQueryData(notificationKeys.bell)).toEqual({
        count: 0,
        custom_unread: 0,
        items: [],
      }),
    );
    const socket = sockets.latest()!;
    expect(socket.auth).toEqual({ token: 'partner-token' });
    act(() => socket.serverEmit('connect'));
    // The first connect asks the bell again (nothing moved: the lists are not).
    await waitFor(() => expect(count('GET /api/getBellNotifications')).toBe(2));

    const listCalls = count('GET /api/getShopifySalesItemsNoVouchers');
    const totalsCalls = count('GET /api/getTotals');
    fake.on(
      'GET /api/getShopifySalesItemsNoVouchers',
      pagedHandler([saleRow(2, { product: 'Fresh order' }), saleRow(1)]),
    );
    // The server has created the notification before it pushes.
    bell = { count: 1, custom_unread: 0, items: [note(9)] };
    act(() => socket.serverEmit('new_order', { order_id: 77, notification_id: 9 }));

    // The count rises at once, then the server's figure confirms it.
    expect(queryClient.getQueryData<Bell>(notificationKeys.bell)?.count).toBe(1);
    await waitFor(() => expect(screen.getByTestId('bell-count')).toHaveTextContent('1'));
    expect(screen.getByTestId('bell-count')).toBeVisible();
    await waitFor(() => expect(count('GET /api/getBellNotifications')).toBe(3));
    await waitFor(() => expect(count('GET /api/getShopifySalesItemsNoVouchers')).toBe(listCalls + 1));
    await waitFor(() => expect(count('GET /api/getTotals')).toBe(totalsCalls + 1));
    expect(await screen.findByText('Fresh order')).toBeInTheDocument();
    expect(screen.getByTestId('bell-count')).toHaveTextContent('1');
  });

  it('refetches the bell and lists after a reconnect, and reloads the profile on partner_changed', async () => {
    renderApp('/account/sales');
    await screen.findByTestId('store-empty');
    // Let the first loads finish, so that what follows is a refetch and not the first fetch.
    await waitFor(() => expect(count('GET /api/getBellNotifications')).toBeGreaterThan(0));
    const socket = sockets.latest()!;
    act(() => socket.serverEmit('connect'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = count('GET /api/getBellNotifications');
    const listBefore = count('GET /api/getShopifySalesItemsNoVouchers');
    act(() => {
      socket.serverEmit('disconnect', 'transport close');
      socket.serverEmit('connect');
    });
    await waitFor(() => expect(count('GET /api/getBellNotifications')).toBeGreaterThan(before));
    await waitFor(() => expect(count('GET /api/getShopifySalesItemsNoVouchers')).toBeGreaterThan(listBefore));

    const userCalls = count('GET /api/get');
    fake.on('GET /api/get', async () => {
      const { encryptPayload } = await import('../../lib/payload');
      const { TEST_PAYLOAD_KEY } = await import('../../test/fake-api');
      return jsonResponse(200, {
        data: await encryptPayload(samplePartner({ first_name: 'Mia' }), TEST_PAYLOAD_KEY),
      });
    });
    act(() => socket.serverEmit('partner_changed', {}));
    await waitFor(() => expect(count('GET /api/get')).toBeGreaterThan(userCalls));
    expect(await screen.findByRole('link', { name: 'Profile of Mia Chen' })).toBeInTheDocument();
  });

  it('stops for good when the server refuses the token, and the dead session ends', async () => {
    const { router } = renderApp('/account/faq');
    await screen.findByTestId('bell-button');
    await waitFor(() => expect(count('GET /api/getBellNotifications')).toBe(1));
    const socket = sockets.latest()!;
    fake.on('GET /api/getBellNotifications', () =>
      jsonResponse(401, { code: 401, message: 'Not Authorized' }),
    );
    act(() => socket.serverEmit('connect_error', new Error('Not Authorized')));
    expect(socket.disconnected).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sockets.all).toHaveLength(1);
  });

  it('disconnects when the partner logs out', async () => {
    const { user } = renderApp('/account/faq');
    const aside = await screen.findByRole('complementary');
    const socket = await waitFor(() => {
      expect(sockets.latest()).toBeDefined();
      return sockets.latest()!;
    });
    expect(socket.disconnected).toBe(false);
    await user.click(within(aside).getByRole('link', { name: 'Logout' }));
    await waitFor(() => expect(socket.disconnected).toBe(true));
  });

  it('keeps the page working when the live-update code cannot be loaded', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    setSocketFactory(() => Promise.reject(new Error('chunk failed')));
    try {
      renderApp('/account/faq');
      await screen.findByTestId('bell-button');
      // Vitest fails the run on an unhandled rejection; the failure is said in the console instead.
      await waitFor(() => expect(warned).toHaveBeenCalled());
      expect(count('GET /api/getBellNotifications')).toBe(1);
    } finally {
      setSocketFactory(null);
      warned.mockRestore();
    }
  });

  it('connects once the page is idle, not during the account’s first render', async () => {
    const idle: (() => void)[] = [];
    window.requestIdleCallback = ((run: () => void) => idle.push(run)) as typeof window.requestIdleCallback;
    window.cancelIdleCallback = (() => undefined) as typeof window.cancelIdleCallback;
    try {
      renderApp('/account/faq');
      await screen.findByTestId('bell-button');
      await waitFor(() => expect(count('GET /api/getBellNotifications')).toBe(1));
      expect(sockets.all).toHaveLength(0);
      act(() => idle.splice(0).forEach((run) => run()));
      await waitFor(() => expect(sockets.all).toHaveLength(1));
      expect(sockets.latest()!.auth).toEqual({ token: 'partner-token' });
    } finally {
      delete (window as Partial<Window>).requestIdleCallback;
      delete (window as Partial<Window>).cancelIdleCallback;
    }
  });

  it('misses no sale pushed before it connected: the first connect asks the bell again, and the sales when it moved', async () => {
    const { listCalls, socket } = await openSalesBeforeConnect();
    // A sale was made (and pushed to nobody) while the socket was on its way.
    bell = { count: 1, custom_unread: 0, items: [note(9)] };
    fake.on(
      'GET /api/getShopifySalesItemsNoVouchers',
      pagedHandler([saleRow(2, { product: 'Fresh order' }), saleRow(1)]),
    );
    act(() => socket.serverEmit('connect'));
    await waitFor(() => expect(screen.getByTestId('bell-count')).toHaveTextContent('1'));
    await waitFor(() => expect(count('GET /api/getShopifySalesItemsNoVouchers')).toBe(listCalls + 1));
    expect(await screen.findByText('Fresh order')).toBeInTheDocument();
  });

  it('asks only the bell again on its first connect when nothing moved', async () => {
    const { listCalls, socket } = await openSalesBeforeConnect();
    act(() => socket.serverEmit('connect'));
    await waitFor(() => expect(count('GET /api/getBellNotifications')).toBe(2));
    expect(count('GET /api/getShopifySalesItemsNoVouchers')).toBe(listCalls);
  });
});
