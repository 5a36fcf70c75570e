// The Notifications section against a fake staff API: what it adds to the shared message screens
// (tested in ../announcements) is the recipient: every partner or one, named by uuid, e-mail or
// promo code, shown in the list and kept when the text is edited.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../test/fake-api';
import {
  field,
  invalid,
  message,
  sentBodies,
  serveMessages,
  signInStaff,
  write,
} from '../../../test/messages-fixtures';
import { renderApp } from '../../../test/render-app';

let fake: FakeApi;
const MAYA = { uuid: 'maya-uuid', name: 'Maya Tremblay', email: 'maya@example.com' };

beforeEach(() => {
  fake = installFakeApi();
  signInStaff(fake, 'manager');
});

const bodies = (route: string) => sentBodies(fake, route);

const writeEnglish = (user: ReturnType<typeof renderApp>['user']) =>
  write(user, screen.getByTestId('compose'), 'English', {
    title: 'Your payout is on its way',
    body: 'Expect it within two days.',
  });

describe('the Notifications section', () => {
  it('lists each notification with its recipient, and says what a missing language does', async () => {
    serveMessages(fake, 'notifications', [
      message(5, {
        partner: MAYA,
        recipients: 1,
        read: 1,
        content: { fr: { title: 'Bravo', body: 'Merci !' } },
      }),
      message(4),
    ]);
    const { user } = renderApp('/manager/payouts');
    await user.click(await screen.findByTestId('manager-nav-notifications'));
    const rows = await screen.findAllByTestId('message-row');
    expect(document.title).toContain('Notifications');
    expect(within(rows[0]!).getByTestId('recipient-line')).toHaveTextContent('Maya Tremblay');
    expect(within(rows[0]!).getByTestId('recipient-line')).toHaveTextContent('maya@example.com');
    expect(within(rows[0]!).getByTestId('text-en')).toHaveTextContent(
      'No English version: partners who read English get the other one.',
    );
    expect(within(rows[0]!).getByTestId('read-count')).toHaveTextContent('Read by 1 of 1 partner');
    expect(within(rows[1]!).getByTestId('recipient-line')).toHaveTextContent('All partners');
  });
});

describe('sending a notification', () => {
  it('to every partner sends no partner', async () => {
    serveMessages(fake, 'notifications', []);
    const { user } = renderApp('/manager/notifications');
    await screen.findByTestId('messages-empty');
    expect(screen.getByRole('radio', { name: 'Every partner' })).toBeChecked();
    await writeEnglish(user);
    await user.click(screen.getByTestId('compose-send'));
    expect(await screen.findByText('Notification sent.')).toBeInTheDocument();
    expect(bodies('POST /api/manager/notifications')).toEqual([
      { content: { en: { title: 'Your payout is on its way', body: 'Expect it within two days.' } } },
    ]);
    await waitFor(() => expect(screen.getAllByTestId('message-row')).toHaveLength(1));
  });

  it('to one partner sends what names them, and asks for it first', async () => {
    serveMessages(fake, 'notifications', []);
    const { user } = renderApp('/manager/notifications');
    await screen.findByTestId('messages-empty');
    await user.click(screen.getByRole('radio', { name: 'One partner' }));
    await writeEnglish(user);
    await user.click(screen.getByTestId('compose-send'));
    const partner = screen.getByRole('textbox', { name: 'Partner' });
    expect(partner).toHaveAccessibleDescription(/Enter the partner’s uuid, e-mail or promo code\./);
    expect(partner).toHaveFocus();
    expect(bodies('POST /api/manager/notifications')).toEqual([]);

    await user.type(partner, ' MAYA15 ');
    await user.click(screen.getByTestId('compose-send'));
    expect(await screen.findByText('Notification sent.')).toBeInTheDocument();
    expect(bodies('POST /api/manager/notifications')).toEqual([
      {
        content: { en: { title: 'Your payout is on its way', body: 'Expect it within two days.' } },
        partner: 'MAYA15',
      },
    ]);
    // Back to every partner for the next one.
    expect(screen.getByRole('radio', { name: 'Every partner' })).toBeChecked();
  });

  it('shows the server’s word on an unknown partner under the recipient', async () => {
    const state = serveMessages(fake, 'notifications', []);
    state.refuse = () => invalid({ partner: ['No partner has this uuid, e-mail or promo code'] });
    const { user } = renderApp('/manager/notifications');
    await screen.findByTestId('messages-empty');
    await user.click(screen.getByRole('radio', { name: 'One partner' }));
    await user.type(screen.getByRole('textbox', { name: 'Partner' }), 'nobody@example.com');
    await writeEnglish(user);
    await user.click(screen.getByTestId('compose-send'));
    const partner = screen.getByRole('textbox', { name: 'Partner' });
    await waitFor(() =>
      expect(partner).toHaveAccessibleDescription(/^No partner has this uuid, e-mail or promo code/),
    );
    expect(partner).toHaveAttribute('aria-invalid', 'true');
    expect(within(screen.getByTestId('recipient')).getByText(/^No partner has this/)).toBeInTheDocument();
    expect(field(screen.getByTestId('compose'), 'English', 'Title')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByTestId('notifications-form-failure')).toBeNull();
  });
});

describe('editing a notification', () => {
  it('shows who received it and sends only the text with PATCH', async () => {
    serveMessages(fake, 'notifications', [message(5, { partner: MAYA })]);
    const { user } = renderApp('/manager/notifications');
    const [row] = await screen.findAllByTestId('message-row');
    await user.click(within(row!).getByRole('button', { name: 'Edit “Summer news 5”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the notification' });
    expect(within(dialog).getByTestId('recipient-line')).toHaveTextContent('Maya Tremblay');
    expect(within(dialog).queryByRole('radio')).toBeNull();
    await user.type(field(dialog, 'French', 'Message'), ' Bon été !');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Notification updated.')).toBeInTheDocument();
    expect(bodies('PATCH /api/manager/notifications/5')).toEqual([
      {
        content: {
          en: { title: 'Summer news 5', body: 'New flavours arrive in June (5).' },
          fr: { title: 'Nouvelles d’été 5', body: 'De nouvelles saveurs arrivent en juin (5). Bon été !' },
        },
      },
    ]);
  });

  it('deletes it once confirmed', async () => {
    serveMessages(fake, 'notifications', [message(5, { partner: MAYA })]);
    const { user } = renderApp('/manager/notifications');
    const [row] = await screen.findAllByTestId('message-row');
    await user.click(within(row!).getByRole('button', { name: 'Delete “Summer news 5”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this notification?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete notification' }));
    expect(await screen.findByText('Notification deleted.')).toBeInTheDocument();
    expect(fake.calls()).toContain('DELETE /api/manager/notifications/5');
    expect(await screen.findByTestId('messages-empty')).toBeInTheDocument();
  });
});
