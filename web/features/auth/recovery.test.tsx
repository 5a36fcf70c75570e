import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getStoredToken } from '../../lib/session';
import { i18n } from '../../lib/i18n';
import { installFakeApi, signInForTest, type FakeApi } from '../../test/fake-api';
import { jsonResponse, renderApp } from '../../test/render-app';

let fake: FakeApi;
beforeEach(() => {
  fake = installFakeApi();
});

describe('sign-in (docs/product/errors-and-languages.md#error-catalogue)', () => {
  it('signs in with the public credential, keeps the token and lands on /account/', async () => {
    const expired = new Date(Date.now() + 86_400_000).toISOString();
    fake.on('POST /api/auth/get_token', () => jsonResponse(200, { token: 'partner-token', expired }));
    const { user, router } = renderApp('/login');
    await user.type(await screen.findByLabelText('E-mail'), 'demo.partner@sunbite.example');
    await user.type(screen.getByLabelText('Password'), 'sunny-demo-partner');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/'));
    expect(getStoredToken()).toEqual({ token: 'partner-token', expired });
    expect(new Headers(fake.lastInit('POST /api/auth/get_token')?.headers).get('Authorization')).toBe(
      'Bearer public-client-test',
    );
  });

  it('shows the field messages before calling, and the server message titled Error', async () => {
    fake.on('POST /api/auth/get_token', () =>
      jsonResponse(
        401,
        { code: 401, message: 'You have entered an invalid username or password' },
        'Unauthorized',
      ),
    );
    const { user, router } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('This field is required');
    expect(fake.calls()).not.toContain('POST /api/auth/get_token');
    await user.type(screen.getByLabelText('E-mail'), 'demo.partner@sunbite.example');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('You have entered an invalid username or password');
    expect(router.state.location.pathname).toBe('/login');
    expect(getStoredToken()).toBeNull();
  });

  it('shows the white-label branding on /{subpartner}/login', async () => {
    renderApp('/glowco/login');
    expect(await screen.findByTestId('subpartner-name')).toHaveTextContent('Glow Co');
    expect(screen.getByTestId('subpartner-welcome')).toHaveTextContent('Welcome, Glow Co creators!');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/glowco/register',
    );
  });
});

describe('forgot password', () => {
  it('opens inline and shows the answer message', async () => {
    fake.on('POST /api/password/forgot', () =>
      jsonResponse(200, {
        data: { message: 'If an account exists for this address, we sent a link to reset the password.' },
      }),
    );
    const { user } = renderApp('/login');
    const toggle = await screen.findByRole('button', { name: 'Forgot password?' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const form = screen.getByRole('form', { name: 'Reset your password' });
    await user.click(within(form).getByRole('button', { name: 'Send the reset link' }));
    // The form's checks load with its first use (lib/validate-later.ts).
    await waitFor(() =>
      expect(within(form).getByLabelText('E-mail')).toHaveAccessibleDescription('This field is required'),
    );
    await user.type(within(form).getByLabelText('E-mail'), 'Someone@Example.com');
    await user.click(within(form).getByRole('button', { name: 'Send the reset link' }));
    expect(
      await within(form).findByText(
        'If an account exists for this address, we sent a link to reset the password.',
      ),
    ).toBeInTheDocument();
    expect(fake.lastBody('POST /api/password/forgot')).toEqual({ email: 'someone@example.com' });
  });

  it('is open on /login?forgot=1', async () => {
    renderApp('/login?forgot=1');
    expect(await screen.findByRole('form', { name: 'Reset your password' })).toBeVisible();
  });
});

describe('reset password', () => {
  const linkIsGood = () =>
    fake.on('POST /api/password/reset/check', () =>
      jsonResponse(200, { data: { message: 'Choose your new password.' } }),
    );

  it('sets the new password and links to sign in', async () => {
    linkIsGood();
    fake.on('POST /api/password/reset', () =>
      jsonResponse(200, { data: { message: 'Your password has been reset successfully.' } }),
    );
    const { user } = renderApp('/reset_password?token=abc123');
    await user.type(await screen.findByLabelText('New password'), 'brand-new-pass-1');
    await user.type(screen.getByLabelText('Confirm password'), 'brand-new-pass-2');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      'Password and confirm password does not match',
    );
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'brand-new-pass-1');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('Your password has been reset successfully.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(fake.lastBody('POST /api/password/reset')).toEqual({
      token: 'abc123',
      password: 'brand-new-pass-1',
      password_confirmation: 'brand-new-pass-1',
    });
  });

  it.each([
    [
      'used',
      410,
      'reset_used',
      'This link can no longer be used',
      'This reset link has already been used. Ask for a new one if you still need to change your password.',
    ],
    [
      'expired',
      410,
      'reset_expired',
      'Recovery Token Expired',
      'Your reset token has expired. Please reset your password again by clicking',
    ],
    ['unknown', 404, 'wrong_link', 'This link can no longer be used', 'Wrong link'],
  ])(
    'says a %s link cannot be used as soon as it opens, before any password is typed',
    async (_, status, error, title, message) => {
      fake.on('POST /api/password/reset/check', () => jsonResponse(status, { code: status, error, message }));
      renderApp('/reset_password?token=spent');
      const notice = await screen.findByTestId('reset-expired');
      expect(notice).toHaveTextContent(title);
      expect(notice).toHaveTextContent(message);
      expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
      expect(fake.lastBody('POST /api/password/reset/check')).toEqual({ token: 'spent' });
      expect(screen.getByRole('link', { name: 'Ask for a new reset link' })).toHaveAttribute(
        'href',
        '/login?forgot=1',
      );
    },
  );

  it('says Recovery Token Expired with a way to ask again', async () => {
    // Good when opened, expired by the time the form is sent.
    linkIsGood();
    fake.on('POST /api/password/reset', () =>
      jsonResponse(
        410,
        { code: 410, message: 'Your reset token has expired. Please reset your password again by clicking' },
        'Gone',
      ),
    );
    const { user } = renderApp('/reset_password?token=old');
    await user.type(await screen.findByLabelText('New password'), 'brand-new-pass-1');
    await user.type(screen.getByLabelText('Confirm password'), 'brand-new-pass-1');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByRole('heading', { name: 'Recovery Token Expired' })).toBeInTheDocument();
    expect(alert).toHaveTextContent(
      'Your reset token has expired. Please reset your password again by clicking',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new reset link' })).toHaveAttribute(
      'href',
      '/login?forgot=1',
    );
  });
});

describe('verify e-mail', () => {
  it('posts the token once and shows the success message', async () => {
    fake.on('POST /api/auth/verify_email', () =>
      jsonResponse(200, { data: { message: 'Your email was validated' } }),
    );
    renderApp('/verify_email?token=tok-1');
    expect(await screen.findByText('Your email was validated')).toBeInTheDocument();
    expect(fake.calls().filter((call) => call === 'POST /api/auth/verify_email')).toHaveLength(1);
    expect(fake.lastBody('POST /api/auth/verify_email')).toEqual({ token: 'tok-1' });
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeInTheDocument();
  });

  it('says a link followed again that its address is already verified, as good news', async () => {
    fake.on('POST /api/auth/verify_email', () =>
      jsonResponse(200, { data: { message: 'Your e-mail is already verified.' } }),
    );
    renderApp('/verify_email?token=used-once');
    const message = await screen.findByTestId('verify-message');
    expect(message).toHaveTextContent('Your e-mail is already verified.');
    expect(message.closest('[data-verify-state]')).toHaveAttribute('data-verify-state', 'success');
  });

  it.each([
    [404, 'Wrong link'],
    [404, 'Account not found'],
    [410, 'Link is expired'],
  ])('shows %s %s', async (status, message) => {
    fake.on('POST /api/auth/verify_email', () => jsonResponse(status, { code: status, message }));
    signInForTest();
    renderApp('/verify_email?token=bad');
    expect(await screen.findByTestId('verify-message')).toHaveTextContent(message);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your account' })).toHaveAttribute('href', '/account/');
  });

  it('asks a sign-up link for the password chosen at sign-up, then opens the account with its session', async () => {
    // docs/decisions/060-registration-without-oracle.md: the link of a sign-up mail makes the
    // account, once the password chosen at sign-up is given (someone else may have signed the address up).
    const expired = new Date(Date.now() + 86_400_000).toISOString();
    fake.on('POST /api/auth/verify_email', ({ body }) => {
      const password = (body as { password?: string }).password;
      if (password === undefined)
        return jsonResponse(422, {
          code: 422,
          message: 'Form data is invalid',
          errors: { password: ['Enter the password you chose when you signed up'] },
        });
      if (password !== 'my-sign-up-password')
        return jsonResponse(422, {
          code: 422,
          message: 'Form data is invalid',
          errors: {
            password: [
              'This is not the password chosen for this sign-up. If you did not sign up with it, sign up again.',
            ],
          },
        });
      return jsonResponse(200, {
        data: {
          message: 'Your e-mail address is confirmed. Welcome to the program!',
          token: 'new-partner',
          expired,
        },
      });
    });
    const { router, user } = renderApp('/verify_email?token=sign-up-1');
    const form = await screen.findByTestId('verify-password-form');
    const field = within(form).getByLabelText('Your password');
    await user.type(field, 'not-mine');
    await user.click(within(form).getByRole('button', { name: 'Open my account' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(/This is not the password chosen for this sign-up/),
    );
    expect(getStoredToken()).toBeNull();
    await user.clear(field);
    await user.type(field, 'my-sign-up-password');
    await user.click(within(form).getByRole('button', { name: 'Open my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/'));
    expect(getStoredToken()?.token).toBe('new-partner');
    expect(router.state.location.search).toBe('');
    expect(fake.lastBody('POST /api/auth/verify_email')).toEqual({
      token: 'sign-up-1',
      password: 'my-sign-up-password',
    });
  });

  it('says why a sign-up link cannot make the account (409)', async () => {
    const message =
      'Someone else took your promo code in the meantime. Please sign up again with another code.';
    fake.on('POST /api/auth/verify_email', () => jsonResponse(409, { code: 409, message }));
    const { router } = renderApp('/verify_email?token=sign-up-2');
    expect(await screen.findByTestId('verify-message')).toHaveTextContent(message);
    expect(router.state.location.pathname).toBe('/verify_email');
    expect(getStoredToken()).toBeNull();
  });

  it('says Wrong link without a token', async () => {
    await i18n.changeLanguage('fr');
    renderApp('/verify_email');
    expect(await screen.findByTestId('verify-message')).toHaveTextContent('Lien incorrect');
  });
});
