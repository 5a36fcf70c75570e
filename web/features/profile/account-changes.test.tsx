// The partner's own changes of their money details in the settings (docs/decisions/063): the
// PayPal e-mail asks for the current password (or, without one, says a link confirms it), the
// account e-mail has its own form, a mailed link confirms a change, and the cash-out page says
// until when a new PayPal e-mail holds it.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { encryptPayload } from '../../lib/payload';
import {
  installFakeApi,
  samplePartner,
  signInForTest,
  TEST_PAYLOAD_KEY,
  type FakeApi,
} from '../../test/fake-api';
import { jsonResponse, renderApp } from '../../test/render-app';
import type { PortalUser } from '../../lib/current-user';

let fake: FakeApi;
const answerWith = (user: PortalUser) => async () =>
  jsonResponse(200, { data: await encryptPayload(user, TEST_PAYLOAD_KEY) });

function withUser(user: PortalUser) {
  fake = installFakeApi({ user });
  signInForTest();
}

describe('the PayPal e-mail in the settings', () => {
  beforeEach(() => withUser(samplePartner({ paypal_email: 'old@paypal.example', has_password: true })));

  it('asks for the current password only once the address changes, and shows the server’s word at that field', async () => {
    fake.on('POST /api/update', () =>
      jsonResponse(422, {
        code: 422,
        message: 'Form data is invalid',
        errors: { current_password: ['The current password is not correct'] },
      }),
    );
    const { user } = renderApp('/account/profile');
    const form = await screen.findByRole('form', { name: 'Profile' });
    expect(within(form).queryByLabelText('Current password')).not.toBeInTheDocument();
    const paypal = within(form).getByLabelText('PayPal e-mail');
    await user.clear(paypal);
    await user.type(paypal, 'new@paypal.example');
    const password = within(form).getByLabelText('Current password');
    await user.type(password, 'wrong-one');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(/The current password is not correct/));
    expect(fake.lastBody('POST /api/update')).toMatchObject({
      paypal_email: 'new@paypal.example',
      current_password: 'wrong-one',
    });
  });

  it('sends no password when only the rest of the profile changes', async () => {
    fake.on(
      'POST /api/update',
      answerWith(samplePartner({ paypal_email: 'old@paypal.example', city: 'Laval' })),
    );
    const { user } = renderApp('/account/profile');
    const form = await screen.findByRole('form', { name: 'Profile' });
    await user.type(within(form).getByLabelText('City'), 'Laval');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Data Saved')).toBeInTheDocument();
    expect(fake.lastBody('POST /api/update')).not.toHaveProperty('current_password');
  });
});

describe('a partner without a password', () => {
  beforeEach(() =>
    withUser(
      samplePartner({
        paypal_email: 'old@paypal.example',
        has_password: false,
        pending_changes: { paypal_email: null, email: null },
      }),
    ),
  );

  it('is told a mailed link confirms a new PayPal e-mail, and then that it waits for it', async () => {
    fake.on(
      'POST /api/update',
      answerWith(
        samplePartner({
          paypal_email: 'old@paypal.example',
          has_password: false,
          pending_changes: { paypal_email: 'new@paypal.example', email: null },
        }),
      ),
    );
    const { user } = renderApp('/account/profile');
    const form = await screen.findByRole('form', { name: 'Profile' });
    const paypal = within(form).getByLabelText('PayPal e-mail');
    await user.clear(paypal);
    await user.type(paypal, 'new@paypal.example');
    expect(within(form).queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(within(form).getByTestId('paypal-link-note')).toHaveTextContent(
      'A new PayPal e-mail is confirmed with a link',
    );
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByTestId('paypal-pending')).toHaveTextContent(
      'We sent you an e-mail to confirm new@paypal.example as your PayPal e-mail.',
    );
    // The field shows the address still in use until the link is opened.
    expect(paypal).toHaveValue('old@paypal.example');
  });
});

describe('the account e-mail', () => {
  beforeEach(() => withUser(samplePartner({ has_password: true })));

  it('changes with the current password and says what happens next', async () => {
    fake.on('POST /api/change-email', () =>
      jsonResponse(200, {
        data: { message: 'Your e-mail was changed. Please check your new mailbox to verify it.', done: true },
      }),
    );
    const { user } = renderApp('/account/profile');
    const form = await screen.findByRole('form', { name: 'Account e-mail' });
    await user.type(within(form).getByLabelText('New e-mail'), 'maya.new@example.com');
    await user.type(within(form).getByLabelText('Current password'), 'my-password');
    await user.click(within(form).getByRole('button', { name: 'Change my e-mail' }));
    expect(
      await screen.findByText('Your e-mail was changed. Please check your new mailbox to verify it.'),
    ).toBeInTheDocument();
    expect(fake.lastBody('POST /api/change-email')).toEqual({
      email: 'maya.new@example.com',
      current_password: 'my-password',
    });
  });

  it('checks the address first, in French too', async () => {
    await i18n.changeLanguage('fr');
    const { user } = renderApp('/account/profile');
    const form = await screen.findByRole('form', { name: 'E-mail du compte' });
    await user.type(within(form).getByLabelText('Nouvel e-mail'), 'pas-une-adresse');
    await user.click(within(form).getByRole('button', { name: 'Changer mon e-mail' }));
    expect(within(form).getByLabelText('Nouvel e-mail')).toHaveAccessibleDescription(/.+/);
    expect(fake.calls()).not.toContain('POST /api/change-email');
  });
});

describe('the mailed link', () => {
  beforeEach(() => withUser(samplePartner()));

  it('confirms the change once and says so', async () => {
    fake.on('POST /api/auth/confirm_change', () =>
      jsonResponse(200, { data: { message: 'Your PayPal e-mail was changed', kind: 'paypal_email' } }),
    );
    renderApp('/confirm_change?token=link-token');
    expect(await screen.findByTestId('confirm-change-message')).toHaveTextContent(
      'Your PayPal e-mail was changed',
    );
    expect(fake.calls().filter((c) => c === 'POST /api/auth/confirm_change')).toHaveLength(1);
    expect(fake.lastBody('POST /api/auth/confirm_change')).toEqual({ token: 'link-token' });
  });

  it('shows the server’s word for a used link', async () => {
    fake.on('POST /api/auth/confirm_change', () => jsonResponse(404, { code: 404, message: 'Wrong link' }));
    renderApp('/confirm_change?token=used');
    expect(await screen.findByTestId('confirm-change-message')).toHaveTextContent('Wrong link');
  });
});
