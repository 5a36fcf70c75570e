import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, samplePartner, signInForTest, type FakeApi } from '../../test/fake-api';
import { jsonResponse, renderApp } from '../../test/render-app';

let fake: FakeApi;
beforeEach(() => {
  fake = installFakeApi({ user: samplePartner({ verified: false }) });
  signInForTest();
});

const PROMPT =
  'Your email address is not verified. Please check your mailbox or click to re-send verification email.';

describe('verification banner (docs/product/partner-portal.md#verification-banner)', () => {
  it('is absent for a verified partner', async () => {
    installFakeApi({ user: samplePartner({ verified: true }) });
    renderApp('/account');
    await screen.findByRole('link', { name: 'Profile of Maya Chen' });
    expect(screen.queryByTestId('verification-banner')).not.toBeInTheDocument();
  });

  it('goes prompt → sending (spinner) → sent', async () => {
    let release: (response: Response) => void = () => undefined;
    fake.on(
      'GET /api/auth/resend_verify_email',
      () => new Promise<Response>((resolve) => (release = resolve)),
    );
    const { user } = renderApp('/account');
    const banner = await screen.findByTestId('verification-banner');
    expect(banner).toHaveAttribute('data-state', 'prompt');
    expect(banner).toHaveTextContent(PROMPT);
    await user.click(screen.getByRole('button', { name: 'Re-send verification email' }));
    expect(banner).toHaveAttribute('data-state', 'sending');
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    release(jsonResponse(200, { data: { message: 'Email sent, please check your mailbox' } }));
    await waitFor(() => expect(banner).toHaveAttribute('data-state', 'sent'));
    expect(banner).toHaveTextContent('Email sent, please check your mailbox');
    expect(screen.queryByRole('button', { name: 'Re-send verification email' })).not.toBeInTheDocument();
  });

  it('also says sent when the resend fails (throttled)', async () => {
    fake.on('GET /api/auth/resend_verify_email', () =>
      jsonResponse(429, { code: 429, message: 'Too many requests' }),
    );
    const { user } = renderApp('/account');
    await user.click(await screen.findByRole('button', { name: 'Re-send verification email' }));
    const banner = screen.getByTestId('verification-banner');
    await waitFor(() => expect(banner).toHaveAttribute('data-state', 'sent'));
    expect(banner).toHaveTextContent('Email sent, please check your mailbox');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
