import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { encryptPayload } from '../../lib/payload';
import {
  installFakeApi,
  samplePartner,
  signInForTest,
  TEST_PAYLOAD_KEY,
  type FakeApi,
} from '../../test/fake-api';
import { jsonResponse, renderApp } from '../../test/render-app';
import { CURRENT_USER_QUERY_KEY, type PortalUser } from '../../lib/current-user';

let fake: FakeApi;
beforeEach(() => {
  fake = installFakeApi();
  signInForTest();
});

describe('settings: profile form', () => {
  it('saves with POST /api/update, replaces the cached user and says Data Saved', async () => {
    fake.on('POST /api/update', async ({ body }) =>
      jsonResponse(200, {
        data: await encryptPayload(samplePartner(body as Partial<PortalUser>), TEST_PAYLOAD_KEY),
      }),
    );
    const { user, queryClient } = renderApp('/account/profile');
    const form = await screen.findByRole('form', { name: 'Profile' });
    expect(within(form).getByLabelText('First name')).toHaveValue('Maya');
    await user.clear(within(form).getByLabelText('First name'));
    await user.type(within(form).getByLabelText('First name'), 'Mia');
    await user.type(within(form).getByLabelText('PayPal e-mail'), 'mia@paypal.example');
    await user.type(within(form).getByLabelText('City'), 'Austin');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Data Saved')).toBeInTheDocument();
    expect(fake.lastBody('POST /api/update')).toMatchObject({
      first_name: 'Mia',
      last_name: 'Chen',
      paypal_email: 'mia@paypal.example',
      city: 'Austin',
      country: 'US',
      locale: 'en',
    });
    await waitFor(() =>
      expect(queryClient.getQueryData<PortalUser>(CURRENT_USER_QUERY_KEY)?.first_name).toBe('Mia'),
    );
    expect(screen.getByRole('link', { name: 'Profile of Mia Chen' })).toBeInTheDocument();
  });

  it('checks the fields first and shows the server 422 messages at their fields', async () => {
    fake.on('POST /api/update', () =>
      jsonResponse(422, {
        code: 422,
        message: 'Form data is invalid',
        errors: {
          instagram_url: ['Enter your Instagram username (@yourname) or the link to your Instagram profile'],
        },
      }),
    );
    const { user } = renderApp('/account/profile');
    const form = await screen.findByRole('form', { name: 'Profile' });
    await user.clear(within(form).getByLabelText('First name'));
    await user.type(within(form).getByLabelText('PayPal e-mail'), 'nope');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(within(form).getByLabelText('First name')).toHaveAccessibleDescription('This field is required');
    expect(within(form).getByLabelText('PayPal e-mail')).toHaveAccessibleDescription(
      'This field must be a valid email',
    );
    expect(fake.calls()).not.toContain('POST /api/update');

    await user.type(within(form).getByLabelText('First name'), 'Maya');
    await user.clear(within(form).getByLabelText('PayPal e-mail'));
    await user.type(within(form).getByLabelText('Instagram profile URL'), 'instagram');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Instagram profile URL')).toHaveAccessibleDescription(
        'Enter your Instagram username (@yourname) or the link to your Instagram profile',
      ),
    );
  });
});

describe('settings: what sign-up asked stays filled, social profiles as people type them', () => {
  it('refuses an emptied phone or country at its field, and clears the message once it is filled again', async () => {
    const { user } = renderApp('/account/profile');
    const form = await screen.findByRole('form', { name: 'Profile' });
    const phone = within(form).getByLabelText('Phone');
    expect(phone).toHaveValue('+1 555 123 4567');
    await user.clear(phone);
    await user.selectOptions(within(form).getByLabelText('Country'), '');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(phone).toHaveAccessibleDescription('This field is required');
    expect(within(form).getByLabelText('Country')).toHaveAccessibleDescription('This field is required');
    expect(fake.calls()).not.toContain('POST /api/update');
    await user.type(phone, '+1 555 987 6543');
    expect(phone).not.toHaveAttribute('aria-invalid');
    await user.selectOptions(within(form).getByLabelText('Country'), 'CA');
    expect(within(form).getByLabelText('Country')).not.toHaveAttribute('aria-invalid');
  });

  it('takes @handle and domain/handle, shows the address it saves, and refuses another site', async () => {
    fake.on('POST /api/update', async ({ body }) =>
      jsonResponse(200, {
        data: await encryptPayload(
          samplePartner({
            ...(body as Partial<PortalUser>),
            instagram_url: 'https://www.instagram.com/maya.glows/',
            tiktok_url: null,
          }),
          TEST_PAYLOAD_KEY,
        ),
      }),
    );
    const { user } = renderApp('/account/profile');
    const form = await screen.findByRole('form', { name: 'Profile' });
    const instagram = within(form).getByLabelText('Instagram profile URL');
    const tiktok = within(form).getByLabelText('TikTok profile URL');
    await user.type(instagram, '@maya.glows');
    expect(instagram).toHaveAccessibleDescription('Saved as https://www.instagram.com/maya.glows/');
    await user.click(tiktok);
    await user.paste('https://www.instagram.com/maya.glows/');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(tiktok).toHaveAccessibleDescription(
      'Enter your TikTok username (@yourname) or the link to your TikTok profile',
    );
    expect(fake.calls()).not.toContain('POST /api/update');
    await user.clear(tiktok);
    expect(tiktok).not.toHaveAttribute('aria-invalid');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Data Saved')).toBeInTheDocument();
    expect(fake.lastBody('POST /api/update')).toMatchObject({ instagram_url: '@maya.glows', tiktok_url: '' });
    // The field then shows the address saved.
    expect(instagram).toHaveValue('https://www.instagram.com/maya.glows/');
    expect(screen.queryByTestId('saved-instagram_url')).not.toBeInTheDocument();
  });
});

describe('settings: change password', () => {
  it('changes the password and says so', async () => {
    fake.on('POST /api/change-password', () =>
      jsonResponse(200, { data: { message: 'Password changed successfully' } }),
    );
    const { user } = renderApp('/account/profile');
    const form = await screen.findByRole('form', { name: 'Change password' });
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByLabelText('Current password')).toHaveAccessibleDescription(
      'This field is required',
    );
    await user.type(within(form).getByLabelText('Current password'), 'old-password-1');
    await user.type(within(form).getByLabelText('New password'), 'new-password-22');
    await user.type(within(form).getByLabelText('Confirm password'), 'new-password-22');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(fake.lastBody('POST /api/change-password')).toEqual({
      current_password: 'old-password-1',
      password: 'new-password-22',
      password_confirmation: 'new-password-22',
    });
    expect(within(form).getByLabelText('Current password')).toHaveValue('');
  });

  it('shows a wrong current password at its field', async () => {
    fake.on('POST /api/change-password', () =>
      jsonResponse(422, {
        code: 422,
        message: 'Form data is invalid',
        errors: { current_password: ['Wrong value'] },
      }),
    );
    const { user } = renderApp('/account/profile');
    const form = await screen.findByRole('form', { name: 'Change password' });
    await user.type(within(form).getByLabelText('Current password'), 'not-it-at-all');
    await user.type(within(form).getByLabelText('New password'), 'new-password-22');
    await user.type(within(form).getByLabelText('Confirm password'), 'new-password-22');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Current password')).toHaveAccessibleDescription('Wrong value'),
    );
  });
});
