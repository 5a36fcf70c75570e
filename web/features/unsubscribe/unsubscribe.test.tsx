import { StrictMode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers';
import { buildRoutes } from '../../app/router';
import { i18n } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { installFakeApi, signInForTest, type FakeApi } from '../../test/fake-api';
import { jsonResponse, renderApp } from '../../test/render-app';
import type { MailSwitchValues } from '../../components/MailSwitches';

const TOKEN = 'Zm9vYmFyLXRva2VuLW9mLWZvcnR5LXRocmVlLWNoYXI';

let fake: FakeApi;
let switches: MailSwitchValues;
beforeEach(() => {
  fake = installFakeApi();
  switches = { sales_digest: true, announcements: true, promotions: false, challenges: true };
  fake.on('POST /api/unsubscribe', ({ body }) => {
    if ((body as { token?: string }).token !== TOKEN)
      return jsonResponse(404, { code: 404, message: 'Wrong link' });
    switches = { ...switches, sales_digest: false };
    return jsonResponse(200, { data: { kind: 'sales_digest', switches } });
  });
  fake.on('PUT /api/unsubscribe', ({ body }) => {
    const { token, switches: change } = body as { token: string; switches: Partial<MailSwitchValues> };
    if (token !== TOKEN) return jsonResponse(404, { code: 404, message: 'Wrong link' });
    switches = { ...switches, ...change };
    return jsonResponse(200, { data: { kind: 'sales_digest', switches } });
  });
});

/** The app as the browser runs it: in StrictMode, which mounts the page twice in development. */
function renderStrict(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const queryClient = createQueryClient({ navigate: (to) => void router.navigate(to) });
  const user = userEvent.setup();
  render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { user, router };
}

const status = () => screen.findByTestId('unsubscribe-status');
const posts = () => fake.calls().filter((call) => call === 'POST /api/unsubscribe');

describe('/unsubscribe', () => {
  it('posts the token once, without any credential, and says what was switched off', async () => {
    renderStrict(`/unsubscribe?token=${TOKEN}`);
    await waitFor(async () => expect(await status()).toHaveAttribute('data-state', 'unsubscribed'));
    expect(screen.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeInTheDocument();
    expect(await status()).toHaveTextContent('You will no longer receive sale digests.');
    expect(posts()).toHaveLength(1);
    expect(fake.lastBody('POST /api/unsubscribe')).toEqual({ token: TOKEN });
    expect(new Headers(fake.lastInit('POST /api/unsubscribe')?.headers).get('Authorization')).toBeNull();
    expect(document.title).toBe('Unsubscribe · Sunbite Partners');
    // Every switch as the server has it now, and the mail that has none.
    const page = screen.getByTestId('unsubscribe-page');
    expect(within(page).getByTestId('mail-switch-sales_digest')).not.toBeChecked();
    expect(within(page).getByRole('switch', { name: 'Announcements' })).toBeChecked();
    expect(within(page).getByRole('switch', { name: 'Monthly promos' })).not.toBeChecked();
    expect(page).toHaveTextContent(/Account and payout e-mails .* are always sent/);
  });

  it('undoes with PUT and the token, then says so', async () => {
    const { user } = renderStrict(`/unsubscribe?token=${TOKEN}`);
    const undo = await screen.findByTestId('unsubscribe-undo');
    expect(undo).toHaveAccessibleName('Undo');
    await user.click(undo);
    await waitFor(async () => expect(await status()).toHaveAttribute('data-state', 'resubscribed'));
    expect(screen.getByRole('heading', { level: 1, name: 'You are subscribed again' })).toBeInTheDocument();
    expect(await status()).toHaveTextContent('You will receive sale digests again.');
    expect(fake.lastBody('PUT /api/unsubscribe')).toEqual({ token: TOKEN, switches: { sales_digest: true } });
    expect(new Headers(fake.lastInit('PUT /api/unsubscribe')?.headers).get('Authorization')).toBeNull();
    expect(screen.getByTestId('mail-switch-sales_digest')).toBeChecked();
    // The same button now unsubscribes again, and keeps the focus.
    const again = screen.getByRole('button', { name: 'Unsubscribe again' });
    expect(again).toBe(undo);
    expect(again).toHaveFocus();
    expect(posts()).toHaveLength(1);
  });

  it('sets the other switches with the token', async () => {
    const { user } = renderStrict(`/unsubscribe?token=${TOKEN}`);
    await user.click(await screen.findByRole('switch', { name: 'Monthly promos' }));
    await waitFor(() =>
      expect(fake.lastBody('PUT /api/unsubscribe')).toEqual({ token: TOKEN, switches: { promotions: true } }),
    );
    expect(screen.getByRole('switch', { name: 'Monthly promos' })).toBeChecked();
    expect(await screen.findByText('Data Saved')).toBeInTheDocument();
    // Switching the link's own kind back on is the undo too.
    await user.click(screen.getByRole('switch', { name: 'Sale digest' }));
    await waitFor(async () => expect(await status()).toHaveAttribute('data-state', 'resubscribed'));
  });

  it('puts a switch back and says why when the change fails', async () => {
    fake.on('PUT /api/unsubscribe', () => jsonResponse(404, { code: 404, message: 'Wrong link' }));
    const { user } = renderStrict(`/unsubscribe?token=${TOKEN}`);
    const undo = await screen.findByTestId('unsubscribe-undo');
    await user.click(undo);
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong link');
    expect(await status()).toHaveAttribute('data-state', 'unsubscribed');
    expect(screen.getByTestId('mail-switch-sales_digest')).not.toBeChecked();
  });

  it.each([
    [404, 'Wrong link'],
    [422, 'Form data is invalid'],
  ])('says the link is not valid on a %s', async (code, message) => {
    fake.on('POST /api/unsubscribe', () => jsonResponse(code, { code, message }));
    renderApp(`/unsubscribe?token=${'A'.repeat(43)}`);
    await waitFor(async () => expect(await status()).toHaveAttribute('data-state', 'invalid'));
    expect(screen.getByRole('heading', { level: 1, name: 'This link is not valid' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open your e-mail settings' })).toHaveAttribute(
      'href',
      '/account/profile#mail',
    );
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('says the link is not valid without a token, and posts nothing', async () => {
    signInForTest();
    renderApp('/unsubscribe');
    await waitFor(async () => expect(await status()).toHaveAttribute('data-state', 'invalid'));
    expect(screen.getByRole('link', { name: 'Open your e-mail settings' })).toHaveAttribute(
      'href',
      '/account/profile#mail',
    );
    // Signed in already: no way to sign in offered.
    expect(screen.queryByRole('link', { name: 'Go to sign in' })).not.toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('offers to try again when the server cannot be reached', async () => {
    let reachable = false;
    fake.on('POST /api/unsubscribe', () => {
      // What fetch does when there is no network.
      if (!reachable) throw new TypeError('Failed to fetch');
      return jsonResponse(200, {
        data: { kind: 'sales_digest', switches: { ...switches, sales_digest: false } },
      });
    });
    const { user } = renderApp(`/unsubscribe?token=${TOKEN}`);
    await waitFor(async () => expect(await status()).toHaveAttribute('data-state', 'error'));
    expect(await status()).toHaveTextContent(
      'The server could not be reached. Check your connection and try again.',
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    reachable = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(async () => expect(await status()).toHaveAttribute('data-state', 'unsubscribed'));
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    renderApp(`/unsubscribe?token=${TOKEN}`);
    await waitFor(async () => expect(await status()).toHaveAttribute('data-state', 'unsubscribed'));
    expect(screen.getByRole('heading', { level: 1, name: 'Désabonnement confirmé' })).toBeInTheDocument();
    expect(await status()).toHaveTextContent('Vous ne recevrez plus les récapitulatifs de ventes.');
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Récapitulatif des ventes' })).not.toBeChecked();
  });
});
