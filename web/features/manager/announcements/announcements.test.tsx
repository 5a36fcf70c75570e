// The Announcements section against a fake staff API: who sees it, the list (paged in the URL,
// both languages, read counts), sending (the body, a language left out, the server's field
// messages), editing and deleting (after a confirmation).
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../test/fake-api';
import { stubMatchMedia } from '../../../test/media';
import {
  field,
  invalid,
  message,
  sentBodies,
  serveMessages,
  signInStaff,
  write,
} from '../../../test/messages-fixtures';
import { jsonResponse, renderApp } from '../../../test/render-app';

let fake: FakeApi;
beforeEach(() => {
  fake = installFakeApi();
});

const listQueries = () =>
  fake.fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/manager/announcements')
    .map((url) => Object.fromEntries(url.searchParams.entries()));

const bodies = (route: string) => sentBodies(fake, route);
const HELLO = { title: 'Hello', body: 'Hello partners.' };

describe('the Announcements section', () => {
  it('is in a manager’s navigation and lists what was published, both languages marked', async () => {
    signInStaff(fake, 'manager');
    serveMessages(fake, 'announcements', [
      message(2, { content: { en: { title: 'Only English', body: 'For English readers.' } }, read: 3 }),
      message(1, { author: null, updated_at: '2026-03-03T09:00:00Z' }),
    ]);
    const { user } = renderApp('/manager/payouts');
    await user.click(await screen.findByTestId('manager-nav-announcements'));
    const rows = await screen.findAllByTestId('message-row');
    expect(rows).toHaveLength(2);
    expect(document.title).toContain('Announcements');
    expect(listQueries()).toEqual([{ page: '1', length: '20' }]);
    expect(new Headers(fake.lastInit('GET /api/manager/announcements')?.headers).get('Authorization')).toBe(
      'Bearer staff-token',
    );
    expect(within(rows[0]!).getByTestId('text-en')).toHaveTextContent(
      'EnglishOnly EnglishFor English readers.',
    );
    expect(within(rows[0]!).getByTestId('text-fr')).toHaveTextContent(
      'No French version: partners who read French do not get it.',
    );
    expect(within(rows[0]!).getByTestId('read-count')).toHaveTextContent('Read by 3 of 40 partners');
    expect(rows[0]).toHaveTextContent('by Mia Manager');
    expect(within(rows[1]!).getByTestId('text-fr')).toHaveTextContent('Nouvelles d’été 1');
    expect(rows[1]).toHaveTextContent('by a former staff member');
    expect(rows[1]).toHaveTextContent(/edited/);
    expect(screen.getByTestId('messages-total')).toHaveTextContent('2 announcements');
  });

  it('shows a table on wide screens and pages through the URL', async () => {
    stubMatchMedia((query) => query === '(min-width: 768px)');
    signInStaff(fake, 'admin');
    serveMessages(
      fake,
      'announcements',
      Array.from({ length: 25 }, (_, index) => message(100 - index)),
    );
    const { user, router } = renderApp('/manager/announcements');
    const table = await screen.findByTestId('messages-table');
    expect(within(table).getAllByTestId('message-row')).toHaveLength(20);
    await user.click(screen.getByTestId('messages-pager-next'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(await screen.findByText('Summer news 76')).toBeInTheDocument();
    expect(screen.getAllByTestId('message-row')).toHaveLength(5);
    expect(listQueries().at(-1)).toEqual({ page: '2', length: '20' });
  });

  it('says when nothing was published, and offers a retry when the list fails', async () => {
    signInStaff(fake, 'manager');
    let fail = true;
    fake.on('GET /api/manager/announcements', () =>
      fail
        ? jsonResponse(500, { code: 500, message: 'Server Error' })
        : jsonResponse(200, { data: [], current_page: 1, per_page: 20, last_page: 1, total: 0 }),
    );
    const { user } = renderApp('/manager/announcements');
    const failed = await screen.findByTestId('messages-error', {}, { timeout: 8000 });
    expect(failed).toHaveTextContent('The announcements could not be loaded.');
    fail = false;
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('messages-empty')).toHaveTextContent('No announcements yet');
  });

  it('is not in a reviewer’s navigation, and its link says the role does not open it', async () => {
    signInStaff(fake, 'reviewer');
    renderApp('/manager/announcements');
    expect(await screen.findByTestId('manager-forbidden')).toHaveTextContent('Manager');
    const nav = await screen.findByRole('navigation', { name: 'Back-office sections' });
    expect(within(nav).queryByTestId('manager-nav-announcements')).toBeNull();
    expect(within(nav).queryByTestId('manager-nav-notifications')).toBeNull();
    expect(fake.calls()).not.toContain('GET /api/manager/announcements');
  });
});

describe('publishing an announcement', () => {
  beforeEach(() => signInStaff(fake, 'manager'));

  it('posts both languages, trimmed, and the list shows it first', async () => {
    serveMessages(fake, 'announcements', [message(1)]);
    const { user } = renderApp('/manager/announcements');
    await screen.findAllByTestId('message-row');
    const compose = screen.getByTestId('compose');
    await write(user, compose, 'English', {
      title: '  Free shipping week ',
      body: 'Every order ships free until Sunday.',
    });
    await write(user, compose, 'French', {
      title: 'Livraison gratuite',
      body: 'Toutes les commandes jusqu’à dimanche.',
    });
    await user.click(screen.getByTestId('compose-send'));
    expect(await screen.findByText('Announcement published.')).toBeInTheDocument();
    expect(bodies('POST /api/manager/announcements')).toEqual([
      {
        content: {
          en: { title: 'Free shipping week', body: 'Every order ships free until Sunday.' },
          fr: { title: 'Livraison gratuite', body: 'Toutes les commandes jusqu’à dimanche.' },
        },
      },
    ]);
    await waitFor(() => expect(screen.getAllByTestId('message-row')).toHaveLength(2));
    expect(screen.getAllByTestId('message-row')[0]).toHaveTextContent('Free shipping week');
    // A fresh form for the next one.
    expect(field(compose, 'English', 'Title')).toHaveValue('');
  });

  it('leaves out a language left empty', async () => {
    serveMessages(fake, 'announcements', []);
    const { user } = renderApp('/manager/announcements');
    await screen.findByTestId('messages-empty');
    const compose = screen.getByTestId('compose');
    await write(user, compose, 'French', {
      title: 'Pour le Québec',
      body: 'Un message en français seulement.',
    });
    await user.click(screen.getByTestId('compose-send'));
    await screen.findByText('Announcement published.');
    expect(bodies('POST /api/manager/announcements')).toEqual([
      { content: { fr: { title: 'Pour le Québec', body: 'Un message en français seulement.' } } },
    ]);
  });

  it('sends nothing without a language, or with one written by half', async () => {
    serveMessages(fake, 'announcements', []);
    const { user } = renderApp('/manager/announcements');
    await screen.findByTestId('messages-empty');
    const compose = screen.getByTestId('compose');
    await user.click(screen.getByTestId('compose-send'));
    expect(await screen.findByTestId('content-error')).toHaveTextContent(
      'Write it in at least one language.',
    );
    await user.type(field(compose, 'English', 'Title'), 'A title alone');
    await user.click(screen.getByTestId('compose-send'));
    const body = field(compose, 'English', 'Message');
    expect(body).toHaveAccessibleDescription(/Write the message too/);
    expect(body).toHaveFocus();
    expect(bodies('POST /api/manager/announcements')).toEqual([]);
  });

  it('shows the server’s messages under the fields they name', async () => {
    const state = serveMessages(fake, 'announcements', []);
    state.refuse = () =>
      invalid({
        'content.en.title': ['This title is already used by another announcement.'],
        content: ['Write it in at least one language'],
      });
    const { user } = renderApp('/manager/announcements');
    await screen.findByTestId('messages-empty');
    const compose = screen.getByTestId('compose');
    await write(user, compose, 'English', HELLO);
    await user.click(screen.getByTestId('compose-send'));
    const title = field(compose, 'English', 'Title');
    await waitFor(() =>
      expect(title).toHaveAccessibleDescription('This title is already used by another announcement.'),
    );
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(field(compose, 'French', 'Title')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByTestId('content-error')).toHaveTextContent('Write it in at least one language');
    // What was typed stays, and the message goes once its field changes.
    expect(title).toHaveValue('Hello');
    await user.type(title, '!');
    expect(title).not.toHaveAttribute('aria-invalid');
  });

  it('says so when the server refuses without naming a field', async () => {
    const state = serveMessages(fake, 'announcements', []);
    state.refuse = () => jsonResponse(500, { code: 500, message: 'The database is unavailable.' });
    const { user } = renderApp('/manager/announcements');
    await screen.findByTestId('messages-empty');
    const compose = screen.getByTestId('compose');
    await write(user, compose, 'English', HELLO);
    await user.click(screen.getByTestId('compose-send'));
    expect(await screen.findByTestId('announcements-form-failure')).toHaveTextContent(
      'The database is unavailable.',
    );
  });
});

describe('changing a published announcement', () => {
  beforeEach(() => signInStaff(fake, 'manager'));

  it('edits it in a dialog filled with its text, and saves with PATCH', async () => {
    serveMessages(fake, 'announcements', [message(7), message(6)]);
    const { user } = renderApp('/manager/announcements');
    const [row] = await screen.findAllByTestId('message-row');
    await user.click(within(row!).getByRole('button', { name: 'Edit “Summer news 7”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the announcement' });
    const frenchTitle = field(dialog, 'French', 'Title');
    expect(frenchTitle).toHaveValue('Nouvelles d’été 7');
    await user.clear(field(dialog, 'English', 'Title'));
    await user.type(field(dialog, 'English', 'Title'), 'Summer news, corrected');
    await user.clear(frenchTitle);
    await user.clear(field(dialog, 'French', 'Message'));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Announcement updated.')).toBeInTheDocument();
    expect(bodies('PATCH /api/manager/announcements/7')).toEqual([
      { content: { en: { title: 'Summer news, corrected', body: 'New flavours arrive in June (7).' } } },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(screen.getAllByTestId('message-row')[0]).toHaveTextContent('Summer news, corrected'),
    );
    expect(fake.calls()).not.toContain('POST /api/manager/announcements');
  });

  it('deletes only once confirmed', async () => {
    serveMessages(fake, 'announcements', [message(7), message(6)]);
    const { user } = renderApp('/manager/announcements');
    const rows = await screen.findAllByTestId('message-row');
    await user.click(within(rows[1]!).getByRole('button', { name: 'Delete “Summer news 6”' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this announcement?' });
    expect(dialog).toHaveTextContent('It disappears from every partner’s portal');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.calls()).not.toContain('DELETE /api/manager/announcements/6');

    await user.click(within(rows[1]!).getByRole('button', { name: 'Delete “Summer news 6”' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this announcement?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete announcement' }));
    expect(await screen.findByText('Announcement deleted.')).toBeInTheDocument();
    expect(fake.calls().filter((call) => call.startsWith('DELETE'))).toEqual([
      'DELETE /api/manager/announcements/6',
    ]);
    await waitFor(() => expect(screen.getAllByTestId('message-row')).toHaveLength(1));
    expect(screen.queryByText('Summer news 6')).toBeNull();
  });
});
