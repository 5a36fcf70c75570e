import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, signInForTest, type FakeApi } from '../test/fake-api';
import { jsonResponse, renderApp } from '../test/render-app';
import type { MailSwitchValues } from './MailSwitches';

const ALL_ON: MailSwitchValues = {
  sales_digest: true,
  announcements: true,
  promotions: true,
  challenges: true,
};

let fake: FakeApi;
let saved: MailSwitchValues;
beforeEach(() => {
  fake = installFakeApi();
  signInForTest();
  saved = { ...ALL_ON, promotions: false };
  fake.on('GET /api/mail_preferences', () => jsonResponse(200, { data: saved }));
  fake.on('PUT /api/mail_preferences', ({ body }) => {
    saved = { ...saved, ...(body as Partial<MailSwitchValues>) };
    return jsonResponse(200, { data: saved });
  });
});

/** A promise resolved from outside: holds an answer back while the test looks. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

async function mailSection() {
  return screen.findByRole('region', { name: 'E-mail' });
}

describe('settings: program-mail switches', () => {
  it('shows the four switches as saved, with what each sends and what is always sent', async () => {
    renderApp('/account/profile');
    const section = await mailSection();
    expect(section).toHaveAttribute('id', 'mail');
    expect(section).toHaveAttribute('data-testid', 'mail-switches');
    const digest = await within(section).findByRole('switch', { name: 'Sale digest' });
    expect(digest).toBeChecked();
    expect(digest).toHaveAccessibleDescription('At most one e-mail an hour, gathering your new sales.');
    expect(within(section).getByRole('switch', { name: 'Announcements' })).toBeChecked();
    expect(within(section).getByRole('switch', { name: 'Monthly promos' })).not.toBeChecked();
    expect(within(section).getByRole('switch', { name: 'Monthly challenges' })).toBeChecked();
    expect(within(section).getByTestId('mail-switch-promotions')).toBe(
      within(section).getByRole('switch', { name: 'Monthly promos' }),
    );
    expect(section).toHaveTextContent(
      /Account and payout e-mails \(address verification, password reset, cash-out status\) are always sent/,
    );
    // Below the change-password form, in the same column.
    const password = screen.getByRole('form', { name: 'Change password' });
    expect(password.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(password.closest('section')?.parentElement).toBe(section.parentElement);
  });

  it('saves a change at once with PUT, and says Data Saved', async () => {
    const { user } = renderApp('/account/profile');
    const section = await mailSection();
    const promos = await within(section).findByRole('switch', { name: 'Monthly promos' });
    await user.click(promos);
    expect(promos).toBeChecked();
    expect(await screen.findByText('Data Saved')).toBeInTheDocument();
    expect(fake.lastBody('PUT /api/mail_preferences')).toEqual({ promotions: true });
    // The keyboard works as for any checkbox.
    const digest = within(section).getByRole('switch', { name: 'Sale digest' });
    digest.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(fake.lastBody('PUT /api/mail_preferences')).toEqual({ sales_digest: false }));
    expect(digest).not.toBeChecked();
    expect(saved).toEqual({ sales_digest: false, announcements: true, promotions: true, challenges: true });
  });

  it('moves the switch at once and puts it back when the change fails, saying why', async () => {
    const answer = deferred<Response>();
    fake.on('PUT /api/mail_preferences', () => answer.promise);
    const { user } = renderApp('/account/profile');
    const section = await mailSection();
    const digest = await within(section).findByRole('switch', { name: 'Sale digest' });
    await user.click(digest);
    expect(digest).not.toBeChecked();
    answer.resolve(
      jsonResponse(500, { code: 500, message: 'Something went wrong on our side', id: 'err-1' }),
    );
    expect(await within(section).findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    expect(digest).toBeChecked();
    expect(screen.queryByText('Data Saved')).not.toBeInTheDocument();
    // Not the global error dialog: the section shows its own problem.
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('sends changes one after the other and keeps each shown until its answer', async () => {
    const first = deferred<void>();
    let puts = 0;
    fake.on('PUT /api/mail_preferences', async ({ body }) => {
      puts += 1;
      if (puts === 1) await first.promise;
      saved = { ...saved, ...(body as Partial<MailSwitchValues>) };
      return jsonResponse(200, { data: saved });
    });
    const { user } = renderApp('/account/profile');
    const section = await mailSection();
    const digest = await within(section).findByRole('switch', { name: 'Sale digest' });
    const challenges = within(section).getByRole('switch', { name: 'Monthly challenges' });
    await user.click(digest);
    await user.click(challenges);
    expect(digest).not.toBeChecked();
    expect(challenges).not.toBeChecked();
    // The second waits for the first: the server writes all four switches from what it read.
    expect(puts).toBe(1);
    first.resolve();
    await waitFor(() => expect(puts).toBe(2));
    await waitFor(() =>
      expect(saved).toEqual({
        sales_digest: false,
        announcements: true,
        promotions: false,
        challenges: false,
      }),
    );
    expect(digest).not.toBeChecked();
    expect(challenges).not.toBeChecked();
  });

  it('says when the switches cannot be loaded, and tries again', async () => {
    let fail = true;
    fake.on('GET /api/mail_preferences', () =>
      fail ? jsonResponse(404, { code: 404, message: 'Not Found' }) : jsonResponse(200, { data: ALL_ON }),
    );
    const { user } = renderApp('/account/profile');
    const section = await mailSection();
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Your e-mail settings could not be loaded.',
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    fail = false;
    await user.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('switch', { name: 'Monthly promos' })).toBeChecked();
  });

  describe('#mail', () => {
    const scrollIntoView = vi.fn();
    beforeEach(() => {
      Element.prototype.scrollIntoView = scrollIntoView;
    });
    afterEach(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
      scrollIntoView.mockReset();
    });

    it('brings the section into view once its switches are in (the mails link there)', async () => {
      renderApp('/account/profile#mail');
      const section = await mailSection();
      await within(section).findByRole('switch', { name: 'Sale digest' });
      await waitFor(() => expect(scrollIntoView).toHaveBeenCalledWith({ block: 'start' }));
      expect(scrollIntoView.mock.contexts.at(-1)).toBe(section);
    });

    it('stays where it is without the hash', async () => {
      renderApp('/account/profile');
      await within(await mailSection()).findByRole('switch', { name: 'Sale digest' });
      expect(scrollIntoView).not.toHaveBeenCalled();
    });
  });
});
