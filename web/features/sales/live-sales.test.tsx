// The live-sales view (/account/slider) and the support page (/account/test): sales slide in on
// the push, the connection's state shows, a test notification says whether it arrived live.
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { installFakeApi, signInForTest, type FakeApi } from '../../test/fake-api';
import { installFakeSocket, type FakeSockets } from '../../test/fake-socket';
import { jsonResponse, renderApp } from '../../test/render-app';
import { pagedHandler, saleRow } from '../../test/sales-fixtures';

let fake: FakeApi;
let sockets: FakeSockets;

beforeEach(() => {
  signInForTest('partner-token');
  fake = installFakeApi();
  sockets = installFakeSocket();
});

const connected = async () => {
  const socket = await waitFor(() => {
    expect(sockets.latest()).toBeDefined();
    return sockets.latest()!;
  });
  act(() => socket.serverEmit('connect'));
  return socket;
};

describe('live-sales view', () => {
  it('shows the latest sales as cards, and a pushed sale slides in first', async () => {
    fake.on(
      'GET /api/getShopifySalesItemsNoVouchers',
      pagedHandler([saleRow(2, { product: 'Dreamy Sleep', commission: 4.5 }), saleRow(1)]),
    );
    renderApp('/account/slider');
    const slider = await screen.findByTestId('slider');
    expect(within(slider).getAllByTestId('slide')).toHaveLength(2);
    expect(within(slider).getAllByTestId('slide')[0]).toHaveTextContent('Dreamy Sleep');
    expect(within(slider).getAllByTestId('slide')[0]).toHaveTextContent('$4.50');
    expect(
      within(slider)
        .getAllByTestId('slide')
        .every((slide) => slide.dataset.fresh === 'false'),
    ).toBe(true);
    expect(
      fake.fetch.mock.calls
        .map(([input]) => String(input))
        .find((url) => url.includes('getShopifySalesItemsNoVouchers')),
    ).toContain('length=20');

    const socket = await connected();
    await waitFor(() => expect(screen.getByTestId('live-state')).toHaveAttribute('data-state', 'connected'));
    fake.on(
      'GET /api/getShopifySalesItemsNoVouchers',
      pagedHandler([
        saleRow(3, { product: 'Matcha Mind' }),
        saleRow(2, { product: 'Dreamy Sleep' }),
        saleRow(1),
      ]),
    );
    act(() => socket.serverEmit('new_order', { order_id: 3, notification_id: 7 }));
    await waitFor(() => expect(within(slider).getAllByTestId('slide')).toHaveLength(3));
    const first = within(slider).getAllByTestId('slide')[0]!;
    expect(first).toHaveTextContent('Matcha Mind');
    expect(first.dataset.fresh).toBe('true');
    expect(within(slider).getAllByTestId('slide')[1]!.dataset.fresh).toBe('false');
  });

  it('says so when there is no sale yet, in French', async () => {
    await i18n.changeLanguage('fr');
    try {
      fake.on('GET /api/getShopifySalesItemsNoVouchers', pagedHandler([]));
      renderApp('/account/slider');
      expect(await screen.findByTestId('slider-empty')).toHaveTextContent('Pas encore de ventes');
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(i18n.t('titles.slider'));
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('support page', () => {
  it('shows the connection state and whether a test notification arrived live', async () => {
    fake.on('POST /api/notifications/test', () =>
      jsonResponse(201, { data: { id: 41, sent_at: '2026-11-25T10:00:00.000Z' } }),
    );
    const { user } = renderApp('/account/test');
    const state = await screen.findByTestId('test-live-state');
    const socket = await connected();
    await waitFor(() => expect(state).toHaveAttribute('data-state', 'connected'));
    await user.click(screen.getByTestId('test-send'));
    const attempt = await screen.findByTestId('test-attempt');
    expect(attempt.dataset.took).toBe('waiting');
    act(() =>
      socket.serverEmit('test_notification', { notification_id: 41, sent_at: '2026-11-25T10:00:00.000Z' }),
    );
    await waitFor(() => expect(attempt.dataset.took).toBe('live'));
    expect(attempt).toHaveTextContent(/Received live in \d+ ms/);
    expect(fake.calls()).toContain('POST /api/notifications/test');

    act(() => socket.serverEmit('disconnect', 'transport close'));
    await waitFor(() => expect(state).toHaveAttribute('data-state', 'reconnecting'));
  });
});
