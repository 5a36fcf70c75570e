// Staff two-factor sign-in in the SPA (docs/decisions/035-staff-totp.md): the sign-in's second
// step, enrolment with its recovery codes, turning off, the shell taking a staff member without a
// factor to enrolment when the program requires one, and the admins' switch and reset.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getStoredManagerToken, storeManagerToken } from '../../../lib/session';
import { installFakeApi, type FakeApi } from '../../../test/fake-api';
import { jsonResponse, renderApp } from '../../../test/render-app';
import type { SecurityState, StaffTwoFactorPage } from './security-api';

let fake: FakeApi;
const EMPTY_QUEUE = { data: [], current_page: 1, per_page: 20, last_page: 1, total: 0, counts: {} };
const QR = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"/>')}`;
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i + 2)}k`.slice(0, 11));

function me(
  role: string,
  twoFactor: { enabled: boolean; required: boolean } = { enabled: false, required: false },
) {
  fake.on('GET /api/manager/me', () =>
    jsonResponse(200, {
      data: { id: 1, email: 'alex@sunbite.example', name: 'Alex Manager', role, two_factor: twoFactor },
    }),
  );
}

function security(
  overrides: Partial<SecurityState> = {},
  totp: Partial<SecurityState['totp']> = {},
): SecurityState {
  return {
    totp: { enabled: false, enabled_at: null, recovery_codes_left: 0, ...totp },
    require_totp: false,
    enrolment_required: false,
    ...overrides,
  };
}

const staffSession = () =>
  storeManagerToken({ token: 'staff-token', expired: new Date(Date.now() + 3_600_000).toISOString() });

beforeEach(() => {
  fake = installFakeApi();
  fake.on('GET /api/manager/payouts', () => jsonResponse(200, EMPTY_QUEUE));
  fake.on('GET /api/manager/auth/logout', () => jsonResponse(200, { data: true }));
});

describe('the staff sign-in’s second step', () => {
  const expired = new Date(Date.now() + 86_400_000).toISOString();
  const challenge = {
    two_factor: true,
    challenge: 'challenge-1',
    expired: new Date(Date.now() + 300_000).toISOString(),
  };

  async function passwordStep() {
    fake.on('POST /api/manager/auth/get_token', () => jsonResponse(200, challenge));
    me('manager', { enabled: true, required: false });
    const view = renderApp('/manager/login');
    await view.user.type(await screen.findByLabelText('E-mail'), 'alex@sunbite.example');
    await view.user.type(screen.getByLabelText('Password'), 'sunny-demo-manager');
    await view.user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeInTheDocument();
    // No session yet: only the challenge.
    expect(getStoredManagerToken()).toBeNull();
    return view;
  }

  it('asks for the code after the password, then signs in with it', async () => {
    const { user, router } = await passwordStep();
    fake.on('POST /api/manager/auth/two_factor', ({ body }) =>
      (body as { code: string }).code.replace(/\s/g, '') === '123456'
        ? jsonResponse(200, { token: 'staff-token', expired })
        : jsonResponse(401, { code: 401, message: 'This code is not right.' }),
    );
    const field = screen.getByLabelText('Authentication code');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(field, '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6 digits the app shows.')).toBeInTheDocument();
    expect(fake.calls()).not.toContain('POST /api/manager/auth/two_factor');

    await user.clear(field);
    await user.type(field, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This code is not right.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field);
    await user.type(field, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    // In: the back office's first section, whichever it is.
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/manager\/(?!login)\w/));
    expect(fake.lastBody('POST /api/manager/auth/two_factor')).toEqual({
      challenge: 'challenge-1',
      code: '123 456',
    });
    expect(getStoredManagerToken()).toEqual({ token: 'staff-token', expired });
  });

  it('takes a recovery code instead, and goes back to the password when the challenge expired', async () => {
    const { user } = await passwordStep();
    fake.on('POST /api/manager/auth/two_factor', () =>
      jsonResponse(410, {
        code: 410,
        message: 'This sign-in has expired. Enter your e-mail and password again.',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText('Recovery code');
    await user.type(field, 'abc');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Enter the recovery code as it was given: 10 letters and digits.'),
    ).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'ABCDE-FGH2K');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('manager-two-factor-expired')).toHaveTextContent(
      'This sign-in has expired. Enter your e-mail and password again.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Back office sign-in' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toBeInTheDocument();
  });
});

describe('the security page', () => {
  it('is reached from the header, and sets up the authenticator: QR code, key, first code, recovery codes once', async () => {
    staffSession();
    me('manager');
    let state = security();
    fake.on('GET /api/manager/security', () => jsonResponse(200, { data: state }));
    fake.on('POST /api/manager/security/totp', () =>
      jsonResponse(200, {
        data: { secret: SECRET, otpauth_uri: `otpauth://totp/x?secret=${SECRET}`, qr_code: QR },
      }),
    );
    fake.on('POST /api/manager/security/totp/confirm', ({ body }) => {
      if ((body as { code: string }).code !== '246810')
        return jsonResponse(422, {
          code: 422,
          message: 'This code is not right',
          errors: {
            code: ['This code is not right: enter the current 6-digit code from your authenticator app'],
          },
        });
      state = security({}, { enabled: true, enabled_at: '2031-03-03T12:00:00Z', recovery_codes_left: 10 });
      return jsonResponse(200, { data: { enabled_at: '2031-03-03T12:00:00Z', recovery_codes: CODES } });
    });
    const { user, router } = renderApp('/manager/payouts');
    await user.click(await screen.findByTestId('manager-security-link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manager/security'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Security · Sunbite Partners'));
    expect(screen.getByTestId('totp-status')).toHaveTextContent('Off');

    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByRole('img', { name: 'QR code of your authenticator key' })).toHaveAttribute(
      'src',
      QR,
    );
    expect(screen.getByTestId('totp-manual-key')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );

    const field = screen.getByLabelText('Code from the app');
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(
      await screen.findByText(
        'This code is not right: enter the current 6-digit code from your authenticator app',
      ),
    ).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '246810');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(screen.queryByTestId('totp-manual-key')).toBeNull();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy codes' }));
    expect(writeText).toHaveBeenCalledWith(CODES.join('\n'));
    const created = vi.fn(() => 'blob:codes');
    Object.defineProperty(URL, 'createObjectURL', { value: created, configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    await user.click(screen.getByRole('button', { name: 'Download (.txt)' }));
    const blob = (created.mock.calls[0] as unknown as [Blob])[0];
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    expect(text).toContain('Sunbite Partners: recovery codes of alex@sunbite.example');
    for (const code of CODES) expect(text).toContain(code);

    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    await waitFor(() => expect(screen.getByTestId('totp-status')).toHaveTextContent('On'));
    expect(screen.getByTestId('totp-codes-left')).toHaveTextContent('10 recovery codes left');
  });

  it('turns the authenticator off with the password', async () => {
    staffSession();
    me('reviewer', { enabled: true, required: false });
    let state = security({}, { enabled: true, enabled_at: '2031-03-03T12:00:00Z', recovery_codes_left: 2 });
    fake.on('GET /api/manager/security', () => jsonResponse(200, { data: state }));
    fake.on('POST /api/manager/security/totp/disable', ({ body }) => {
      if ((body as { password?: string }).password !== 'right-password')
        return jsonResponse(422, {
          code: 422,
          message: 'The current password is not correct',
          errors: { password: ['The current password is not correct'] },
        });
      state = security();
      return jsonResponse(200, { data: state });
    });
    const { user } = renderApp('/manager/security');
    expect(await screen.findByTestId('totp-codes-left')).toHaveTextContent(
      '2 recovery codes left · Few codes left',
    );
    // A reviewer has no admin parts.
    expect(screen.queryByTestId('totp-policy')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    await user.click(within(dialog).getByText('With my password'));
    await user.type(within(dialog).getByLabelText('Password'), 'wrong-password');
    await user.click(within(dialog).getByTestId('totp-disable-submit'));
    expect(await within(dialog).findByText('The current password is not correct')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'right-password');
    await user.click(within(dialog).getByTestId('totp-disable-submit'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('totp-status')).toHaveTextContent('Off'));
    expect(fake.lastBody('POST /api/manager/security/totp/disable')).toEqual({ password: 'right-password' });
  });

  it('is the only page open while the program waits for this staff member’s factor', async () => {
    staffSession();
    me('manager', { enabled: false, required: true });
    fake.on('GET /api/manager/security', () =>
      jsonResponse(200, { data: security({ require_totp: true, enrolment_required: true }) }),
    );
    const { router } = renderApp('/manager/payouts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/manager/security'));
    expect(await screen.findByTestId('totp-required-notice')).toHaveTextContent(
      'Set up two-factor sign-in to continue',
    );
    const nav = await screen.findByRole('navigation', { name: 'Back-office sections' });
    expect(within(nav).queryAllByRole('link')).toEqual([]);
    expect(fake.calls()).not.toContain('GET /api/manager/payouts');
  });

  it('goes to enrolment when a staff call says the program now requires it', async () => {
    staffSession();
    let required = false;
    fake.on('GET /api/manager/me', () =>
      jsonResponse(200, {
        data: {
          id: 1,
          email: 'alex@sunbite.example',
          name: 'Alex',
          role: 'manager',
          two_factor: { enabled: false, required },
        },
      }),
    );
    fake.on('GET /api/manager/security', () =>
      jsonResponse(200, { data: security({ require_totp: true, enrolment_required: true }) }),
    );
    fake.on('GET /api/manager/payouts', () => {
      required = true;
      const message = 'Your program requires two-factor sign-in: set it up on your Security page to continue';
      return jsonResponse(403, { code: 403, message, errors: { two_factor: [message] } });
    });
    const { router } = renderApp('/manager/payouts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/manager/security'));
    expect(await screen.findByTestId('totp-required-notice')).toBeInTheDocument();
  });
});

describe('the admins’ part', () => {
  const ROWS: StaffTwoFactorPage = {
    data: [
      {
        id: 1,
        name: 'Ada Admin',
        email: 'ada@sunbite.example',
        role: 'admin',
        status: 'active',
        two_factor: true,
        enabled_at: '2031-01-01T00:00:00Z',
        self: true,
      },
      {
        id: 2,
        name: 'Max Manager',
        email: 'max@sunbite.example',
        role: 'manager',
        status: 'active',
        two_factor: true,
        enabled_at: '2031-02-01T00:00:00Z',
        self: false,
      },
      {
        id: 3,
        name: 'Rita Reviewer',
        email: 'rita@sunbite.example',
        role: 'reviewer',
        status: 'active',
        two_factor: false,
        enabled_at: null,
        self: false,
      },
    ],
    current_page: 1,
    per_page: 20,
    last_page: 1,
    total: 3,
    require_totp: false,
  };

  it('requires the factor of everyone once the admin’s own is on, and resets a colleague’s', async () => {
    staffSession();
    me('admin', { enabled: true, required: false });
    let state = security({}, { enabled: true, enabled_at: '2031-01-01T00:00:00Z', recovery_codes_left: 10 });
    let rows = ROWS;
    fake.on('GET /api/manager/security', () => jsonResponse(200, { data: state }));
    fake.on('GET /api/manager/security/staff', () => jsonResponse(200, rows));
    fake.on('PUT /api/manager/security/policy', ({ body }) => {
      state = { ...state, require_totp: (body as { require_totp: boolean }).require_totp };
      return jsonResponse(200, { data: { require_totp: state.require_totp } });
    });
    fake.on('DELETE /api/manager/staff/2/totp', () => {
      rows = {
        ...rows,
        data: rows.data.map((row) => (row.id === 2 ? { ...row, two_factor: false, enabled_at: null } : row)),
      };
      return jsonResponse(200, { data: { two_factor: false } });
    });
    const { user } = renderApp('/manager/security');
    const toggle = await screen.findByRole('switch', { name: 'Require two-factor sign-in' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(fake.lastBody('PUT /api/manager/security/policy')).toEqual({ require_totp: true });
    expect(
      await screen.findByText('Two-factor sign-in is now required of every staff member.'),
    ).toBeInTheDocument();

    const resets = await screen.findAllByRole('button', { name: /^Reset/ });
    // Only a colleague whose factor is on: not one's own, not one without.
    expect(resets).toHaveLength(1);
    await user.click(resets[0]!);
    const dialog = await screen.findByRole('dialog', {
      name: 'Reset the two-factor sign-in of Max Manager?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('The two-factor sign-in of Max Manager is reset.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryAllByRole('button', { name: /^Reset/ })).toHaveLength(0));
  });

  it('cannot require it before the admin’s own factor is on', async () => {
    staffSession();
    me('admin');
    fake.on('GET /api/manager/security', () => jsonResponse(200, { data: security() }));
    fake.on('GET /api/manager/security/staff', () => jsonResponse(200, ROWS));
    renderApp('/manager/security');
    expect(await screen.findByRole('switch', { name: 'Require two-factor sign-in' })).toBeDisabled();
    expect(screen.getByTestId('totp-policy-blocked')).toHaveTextContent(
      'Turn on your own two-factor sign-in first.',
    );
  });
});
