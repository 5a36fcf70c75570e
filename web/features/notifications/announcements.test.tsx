// The dashboard's announcements widget: the partner's announcements, read-marking shared with
// the bell, and live arrival on the `announcement` push.
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { installFakeApi, signInForTest, type FakeApi } from '../../test/fake-api';
import { installFakeSocket, type FakeSockets } from '../../test/fake-socket';
import { jsonResponse, renderApp } from '../../test/render-app';
import type { Bell, PortalMessage } from './notifications-api';

let fake: FakeApi;
let sockets: FakeSockets;
let list: PortalMessage[];
let bell: Bell;

const message = (id: number, overrides: Partial<PortalMessage> = {}): PortalMessage => ({
  id,
  kind: 'announcement',
  title: `Announcement ${id}`,
  body: `What the team says, number ${id}.`,
  read: false,
  date: '2026-11-20T15:00:00.000Z',
  ...overrides,
});

beforeEach(() => {
  signInForTest('partner-token');
  fake = installFakeApi();
  sockets = installFakeSocket();
  list = [];
  bell = { count: 0, custom_unread: 0, items: [] };
  fake.on('GET /api/getNotifications/announcement', () => jsonResponse(200, { data: list }));
  fake.on('GET /api/getBellNotifications', () => jsonResponse(200, { data: bell }));
});

const widget = () => screen.findByTestId('widget-announcements');

describe('announcements widget', () => {
  it('says plainly when there is none', async () => {
    renderApp('/account');
    expect(await within(await widget()).findByTestId('announcements-empty')).toHaveTextContent(
      'No announcements for now',
    );
  });

  it('lists the newest three, marks unread ones, and shows all on demand', async () => {
    list = [message(5), message(4, { read: true }), message(3), message(2), message(1)];
    const { user } = renderApp('/account');
    const card = await widget();
    await waitFor(() => expect(within(card).getAllByTestId('announcement')).toHaveLength(3));
    const rows = within(card).getAllByTestId('announcement');
    expect(rows.map((row) => row.dataset.read)).toEqual(['false', 'true', 'false']);
    expect(rows[0]).toHaveTextContent('Announcement 5');
    expect(rows[0]).toHaveTextContent('New');
    await user.click(within(card).getByRole('button', { name: 'Show all 5' }));
    expect(within(card).getAllByTestId('announcement')).toHaveLength(5);
  });

  it('marks one read, and the bell follows', async () => {
    list = [message(7)];
    bell = { count: 1, custom_unread: 0, items: [{ ...message(7), data: null }] };
    fake.on('POST /api/notifications/read', () =>
      jsonResponse(200, { data: { count: 0, custom_unread: 0 } }),
    );
    const { user } = renderApp('/account');
    const card = await widget();
    await waitFor(() => expect(screen.getByTestId('bell-count')).toHaveTextContent('1'));
    await user.click(await within(card).findByTestId('announcement-read'));
    await waitFor(() => expect(within(card).getByTestId('announcement').dataset.read).toBe('true'));
    expect(fake.lastBody('POST /api/notifications/read')).toEqual({ ids: [7] });
    expect(screen.getByTestId('bell-count')).not.toBeVisible();
  });

  it('shows a new announcement live, with the bell', async () => {
    renderApp('/account');
    await within(await widget()).findByTestId('announcements-empty');
    const socket = await waitFor(() => {
      expect(sockets.latest()).toBeDefined();
      return sockets.latest()!;
    });
    act(() => socket.serverEmit('connect'));
    list = [message(9, { title: 'Matcha Mind is here' })];
    bell = {
      count: 1,
      custom_unread: 0,
      items: [{ ...message(9, { title: 'Matcha Mind is here' }), data: null }],
    };
    act(() => socket.serverEmit('announcement', { id: 9, locales: ['en'] }));
    expect(await within(await widget()).findByText('Matcha Mind is here')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('bell-count')).toHaveTextContent('1'));
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    try {
      list = [message(1, { title: 'Nouvelle saveur' })];
      renderApp('/account');
      const card = await widget();
      expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent('Annonces');
      expect(await within(card).findByTestId('announcement-read')).toHaveTextContent('Marquer comme lu');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
