import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { getStoredManagerToken, storeManagerToken } from '../../../lib/session';
import { installFakeApi, TEST_PUBLIC_CLIENT, type FakeApi } from '../../../test/fake-api';
import { stubMatchMedia } from '../../../test/media';
import { jsonResponse, renderApp } from '../../../test/render-app';
import type { StaffAccount, StaffListPage } from './staff-api';

let fake: FakeApi;

function staffAs(role: string) {
  fake.on('GET /api/manager/me', () =>
    jsonResponse(200, { data: { id: 1, email: 'ada@sunbite.example', name: 'Ada Admin', role } }),
  );
}

function account(id: number, overrides: Partial<StaffAccount> = {}): StaffAccount {
  return {
    id,
    name: `Person ${id}`,
    email: `person${id}@sunbite.example`,
    role: 'reviewer',
    status: 'active',
    locale: 'en',
    created_at: '2026-01-10T15:00:00Z',
    last_login_at: '2026-03-02T15:30:00Z',
    invite: null,
    password_set: true,
    self: false,
    ...overrides,
  };
}

const ADA = account(1, { name: 'Ada Admin', email: 'ada@sunbite.example', role: 'admin', self: true });
const RITA = account(2, { name: 'Rita Reviewer', email: 'rita@sunbite.example' });
const NINA = account(3, {
  name: 'Nina New',
  email: 'nina@sunbite.example',
  status: 'invited',
  last_login_at: null,
  password_set: false,
  invite: { sent_at: '2026-03-01T10:00:00Z', expires_at: '2026-03-08T10:00:00Z', expired: true },
});
const DAN = account(4, {
  name: 'Dan Gone',
  email: 'dan@sunbite.example',
  role: 'manager',
  status: 'deactivated',
});

function page(rows: StaffAccount[], overrides: Partial<StaffListPage> = {}): StaffListPage {
  return {
    data: rows,
    current_page: 1,
    per_page: 20,
    last_page: 1,
    total: rows.length,
    active_admins: 1,
    ...overrides,
  };
}

const rowOf = async (name: string) =>
  (await screen.findAllByTestId('staff-row')).find((row) => within(row).queryByText(name)) as HTMLElement;

beforeEach(() => {
  fake = installFakeApi();
  staffAs('admin');
  storeManagerToken({ token: 'staff-token', expired: new Date(Date.now() + 3_600_000).toISOString() });
  fake.on('GET /api/manager/staff', () => jsonResponse(200, page([ADA, RITA, NINA, DAN])));
});

describe('the staff section', () => {
  it('is in an admin’s navigation, and closed to the other roles', async () => {
    renderApp('/manager/staff');
    const nav = await screen.findByRole('navigation', { name: 'Back-office sections' });
    expect(within(nav).getByRole('link', { name: 'Staff' })).toHaveAttribute('href', '/manager/staff');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Staff · Sunbite Partners'));
  });

  it('is not a manager’s: no link, and a deep link says the role does not open it', async () => {
    staffAs('manager');
    renderApp('/manager/staff');
    expect(await screen.findByTestId('manager-forbidden')).toHaveTextContent('Administrator');
    const nav = await screen.findByRole('navigation', { name: 'Back-office sections' });
    expect(within(nav).queryByRole('link', { name: 'Staff' })).toBeNull();
    expect(fake.calls()).not.toContain('GET /api/manager/staff');
  });
});

describe('the list', () => {
  it('shows a table on wide screens: name, role, status, last sign-in and when added, with the staff token', async () => {
    stubMatchMedia((query) => query === '(min-width: 768px)');
    renderApp('/manager/staff');
    const table = await screen.findByTestId('staff-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Role', 'Status', 'Last sign-in', 'Actions']);
    expect(within(await rowOf('Rita Reviewer')).getByText('Added Jan 10, 2026')).toBeInTheDocument();
    expect(new Headers(fake.lastInit('GET /api/manager/staff')?.headers).get('Authorization')).toBe(
      'Bearer staff-token',
    );
    expect(screen.getByTestId('staff-total')).toHaveTextContent('4 accounts');
    const ada = await rowOf('Ada Admin');
    expect(within(ada).getByText('You')).toBeInTheDocument();
    // One's own role and the last active admin cannot be changed here, and the page says why.
    expect(within(ada).getByRole('combobox', { name: 'Role of Ada Admin' })).toBeDisabled();
    expect(within(ada).getByTestId('staff-locked')).toHaveTextContent('Your own role');
    expect(within(ada).queryByTestId('staff-deactivate')).toBeNull();
    const nina = await rowOf('Nina New');
    expect(within(nina).getByTestId('staff-status')).toHaveTextContent('Invited');
    expect(within(nina).getByTestId('staff-invite')).toHaveTextContent('Link expired');
    expect(within(nina).getByText('Never')).toBeInTheDocument();
    expect(within(nina).getByTestId('staff-resend')).toBeInTheDocument();
    const dan = await rowOf('Dan Gone');
    expect(within(dan).getByTestId('staff-status')).toHaveTextContent('Deactivated');
    expect(within(dan).getByTestId('staff-reactivate')).toBeInTheDocument();
    expect(within(dan).queryByTestId('staff-deactivate')).toBeNull();
  });

  it('shows cards on phones, with the same actions', async () => {
    renderApp('/manager/staff');
    expect(await screen.findAllByTestId('staff-row')).toHaveLength(4);
    expect(screen.queryByTestId('staff-table')).toBeNull();
    const rita = await rowOf('Rita Reviewer');
    expect(within(rita).getByRole('combobox', { name: 'Role of Rita Reviewer' })).toBeEnabled();
    expect(within(rita).getByTestId('staff-deactivate')).toBeInTheDocument();
  });

  it('says another admin’s row is locked when they are the only active admin', async () => {
    fake.on('GET /api/manager/staff', () =>
      jsonResponse(
        200,
        page([account(5, { name: 'Other Admin', role: 'admin' }), RITA], { active_admins: 1 }),
      ),
    );
    renderApp('/manager/staff');
    const other = await rowOf('Other Admin');
    expect(within(other).getByRole('combobox', { name: 'Role of Other Admin' })).toBeDisabled();
    expect(within(other).getByTestId('staff-locked')).toHaveTextContent('The only active administrator');
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    fake.on('GET /api/manager/staff', () =>
      fail ? jsonResponse(500, { code: 500, message: 'Whoops', id: 'x' }) : jsonResponse(200, page([ADA])),
    );
    const { user } = renderApp('/manager/staff');
    expect(await screen.findByTestId('staff-error')).toHaveTextContent(
      'The staff accounts could not be loaded.',
    );
    fail = false;
    await user.click(within(screen.getByTestId('staff-error')).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('staff-row')).toHaveLength(1);
  });

  it('goes back to staff sign-in on a staff 401', async () => {
    fake.on('GET /api/manager/staff', () => jsonResponse(401, { code: 401, message: 'Not Authorized' }));
    const { router } = renderApp('/manager/staff');
    await waitFor(() => expect(router.state.location.pathname).toBe('/manager/login'));
  });
});

describe('changes', () => {
  it('changes a role from its select, and says so', async () => {
    fake.on('PATCH /api/manager/staff/2', () => jsonResponse(200, { data: { ...RITA, role: 'manager' } }));
    const { user } = renderApp('/manager/staff');
    const rita = await rowOf('Rita Reviewer');
    await user.selectOptions(
      within(rita).getByRole('combobox', { name: 'Role of Rita Reviewer' }),
      'manager',
    );
    expect(await screen.findByText('Rita Reviewer’s role is now Manager.')).toBeInTheDocument();
    expect(fake.lastBody('PATCH /api/manager/staff/2')).toEqual({ role: 'manager' });
    expect(new Headers(fake.lastInit('PATCH /api/manager/staff/2')?.headers).get('Authorization')).toBe(
      'Bearer staff-token',
    );
  });

  it('shows the server’s reason when a change is refused', async () => {
    const message =
      'The program must keep at least one active administrator: make someone else an administrator first';
    fake.on('PATCH /api/manager/staff/2', () => jsonResponse(409, { code: 409, message }));
    const { user } = renderApp('/manager/staff');
    const rita = await rowOf('Rita Reviewer');
    await user.selectOptions(within(rita).getByRole('combobox', { name: 'Role of Rita Reviewer' }), 'admin');
    expect(await screen.findByTestId('staff-failure')).toHaveTextContent(message);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('staff-failure')).toBeNull();
  });

  it('deactivates after a confirmation that says what follows', async () => {
    fake.on('PATCH /api/manager/staff/2', () =>
      jsonResponse(200, { data: { ...RITA, status: 'deactivated' } }),
    );
    const { user } = renderApp('/manager/staff');
    await user.click(within(await rowOf('Rita Reviewer')).getByTestId('staff-deactivate'));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Rita Reviewer?' });
    expect(dialog).toHaveTextContent('signed out at once and can no longer sign in');
    expect(fake.calls()).not.toContain('PATCH /api/manager/staff/2');
    await user.click(within(dialog).getByTestId('staff-confirm-confirm'));
    expect(await screen.findByText('Rita Reviewer is deactivated and signed out.')).toBeInTheDocument();
    expect(fake.lastBody('PATCH /api/manager/staff/2')).toEqual({ status: 'deactivated' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the dialog open with the server’s reason when deactivation is refused; cancel changes nothing', async () => {
    fake.on('PATCH /api/manager/staff/2', () =>
      jsonResponse(422, {
        code: 422,
        message: 'You cannot deactivate your own account: ask another administrator',
        errors: {},
      }),
    );
    const { user } = renderApp('/manager/staff');
    await user.click(within(await rowOf('Rita Reviewer')).getByTestId('staff-deactivate'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByTestId('staff-confirm-confirm'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You cannot deactivate your own account',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('reactivates; one who never chose a password is told the invitation must go again', async () => {
    const ZED = account(6, {
      name: 'Zed Never',
      status: 'deactivated',
      password_set: false,
      last_login_at: null,
    });
    fake.on('GET /api/manager/staff', () => jsonResponse(200, page([ADA, DAN, ZED])));
    fake.on('PATCH /api/manager/staff/4', () => jsonResponse(200, { data: { ...DAN, status: 'active' } }));
    const { user } = renderApp('/manager/staff');
    await user.click(within(await rowOf('Zed Never')).getByTestId('staff-reactivate'));
    expect(await screen.findByRole('dialog', { name: 'Reactivate Zed Never?' })).toHaveTextContent(
      'has not chosen a password yet: after reactivating, send the invitation again',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(within(await rowOf('Dan Gone')).getByTestId('staff-reactivate'));
    const dialog = await screen.findByRole('dialog', { name: 'Reactivate Dan Gone?' });
    expect(dialog).toHaveTextContent('can sign in again with their password, with the Manager role');
    await user.click(within(dialog).getByTestId('staff-confirm-confirm'));
    expect(await screen.findByText('Dan Gone is reactivated.')).toBeInTheDocument();
    expect(fake.lastBody('PATCH /api/manager/staff/4')).toEqual({ status: 'active' });
  });

  it('resends an invitation, and warns when the mail could not go', async () => {
    let mailed = true;
    fake.on('PATCH /api/manager/staff/3', () => jsonResponse(200, { data: NINA, mailed }));
    const { user } = renderApp('/manager/staff');
    await user.click(within(await rowOf('Nina New')).getByTestId('staff-resend'));
    expect(await screen.findByText('A new invitation was sent to nina@sunbite.example.')).toBeInTheDocument();
    expect(fake.lastBody('PATCH /api/manager/staff/3')).toEqual({ resend_invite: true });
    mailed = false;
    await user.click(within(await rowOf('Nina New')).getByTestId('staff-resend'));
    expect(await screen.findByTestId('staff-failure')).toHaveTextContent('could not be mailed');
  });
});

describe('the invitation form', () => {
  it('invites with name, e-mail, role and the interface language by default, then says so', async () => {
    fake.on('POST /api/manager/staff', ({ body }) =>
      jsonResponse(201, { data: account(9, { ...(body as object), status: 'invited' }), mailed: true }),
    );
    const { user } = renderApp('/manager/staff');
    await user.click(await screen.findByTestId('staff-invite-open'));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a staff member' });
    expect(dialog).toHaveTextContent('valid 7 days');
    expect(within(dialog).getByTestId('staff-invite-locale')).toHaveValue('en');
    await user.type(within(dialog).getByTestId('staff-invite-name'), 'Léa Tremblay');
    await user.type(within(dialog).getByTestId('staff-invite-email'), 'lea@sunbite.example');
    await user.selectOptions(within(dialog).getByTestId('staff-invite-role'), 'manager');
    expect(within(dialog).getByTestId('staff-invite-role-hint')).toHaveTextContent(
      'Also approves and pays payouts',
    );
    await user.selectOptions(within(dialog).getByTestId('staff-invite-locale'), 'fr');
    await user.click(within(dialog).getByTestId('staff-invite-submit'));
    expect(await screen.findByText('Invitation sent to lea@sunbite.example.')).toBeInTheDocument();
    expect(fake.lastBody('POST /api/manager/staff')).toEqual({
      name: 'Léa Tremblay',
      email: 'lea@sunbite.example',
      role: 'manager',
      locale: 'fr',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('checks the fields before sending, and shows the server’s field errors', async () => {
    fake.on('POST /api/manager/staff', () =>
      jsonResponse(422, {
        code: 422,
        message: 'Form data is invalid',
        errors: { email: ['A staff account already exists for this e-mail'] },
      }),
    );
    const { user } = renderApp('/manager/staff');
    await user.click(await screen.findByTestId('staff-invite-open'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByTestId('staff-invite-submit'));
    expect(await within(dialog).findAllByText('This field is required')).toHaveLength(2);
    expect(fake.calls()).not.toContain('POST /api/manager/staff');
    await user.type(within(dialog).getByTestId('staff-invite-name'), 'Rita Again');
    await user.type(within(dialog).getByTestId('staff-invite-email'), 'not-an-email');
    await user.click(within(dialog).getByTestId('staff-invite-submit'));
    expect(await within(dialog).findByText('This field must be a valid email')).toBeInTheDocument();
    await user.clear(within(dialog).getByTestId('staff-invite-email'));
    await user.type(within(dialog).getByTestId('staff-invite-email'), 'rita@sunbite.example');
    await user.click(within(dialog).getByTestId('staff-invite-submit'));
    expect(
      await within(dialog).findByText('A staff account already exists for this e-mail'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('defaults the invitation’s language to French when the interface is French', async () => {
    await i18n.changeLanguage('fr');
    const { user } = renderApp('/manager/staff');
    await user.click(await screen.findByTestId('staff-invite-open'));
    const dialog = await screen.findByRole('dialog', { name: 'Inviter un membre de l’équipe' });
    expect(within(dialog).getByTestId('staff-invite-locale')).toHaveValue('fr');
  });
});

describe('the invitation page', () => {
  const TOKEN = 'invite-token-123';
  beforeEach(() => {
    localStorage.removeItem('manager_token');
    fake.on('POST /api/manager/auth/invite', () =>
      jsonResponse(200, {
        data: {
          email: 'nina@sunbite.example',
          name: 'Nina New',
          role: 'reviewer',
          expires_at: '2026-03-08T10:00:00Z',
        },
      }),
    );
  });

  it('says who it is for, sets the password with the public client, and opens the back office signed in', async () => {
    fake.on('POST /api/manager/auth/accept_invite', () =>
      jsonResponse(200, {
        token: 'new-staff-token',
        expired: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    );
    staffAs('reviewer');
    fake.on('GET /api/manager/payouts', () =>
      jsonResponse(200, { data: [], current_page: 1, per_page: 20, last_page: 1, total: 0, counts: {} }),
    );
    const { user, router } = renderApp(`/manager/invite?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Join the back office' }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('invite-lead')).toHaveTextContent(
      'Nina New, you are invited to the back office with the Reviewer role.',
    );
    expect(screen.getByTestId('invite-email')).toHaveTextContent('nina@sunbite.example');
    expect(fake.lastBody('POST /api/manager/auth/invite')).toEqual({ token: TOKEN });
    expect(new Headers(fake.lastInit('POST /api/manager/auth/invite')?.headers).get('Authorization')).toBe(
      `Bearer ${TEST_PUBLIC_CLIENT}`,
    );

    await user.type(screen.getByTestId('invite-password'), 'short');
    await user.click(screen.getByTestId('invite-submit'));
    expect(await screen.findByText('Min 8 characters required')).toBeInTheDocument();
    expect(fake.calls()).not.toContain('POST /api/manager/auth/accept_invite');

    await user.clear(screen.getByTestId('invite-password'));
    await user.type(screen.getByTestId('invite-password'), 'nina-password-1');
    await user.type(screen.getByTestId('invite-password-confirmation'), 'nina-password-1');
    await user.click(screen.getByTestId('invite-submit'));
    // The back office's first section.
    await waitFor(() => expect(router.state.location.pathname).toBe('/manager/overview'));
    expect(fake.lastBody('POST /api/manager/auth/accept_invite')).toEqual({
      token: TOKEN,
      password: 'nina-password-1',
      password_confirmation: 'nina-password-1',
    });
    expect(getStoredManagerToken()?.token).toBe('new-staff-token');
    expect(await screen.findByText('Welcome, Nina New! Your password is set.')).toBeInTheDocument();
  });

  it('says clearly when the link was already used, with the way to sign in', async () => {
    fake.on('POST /api/manager/auth/invite', () =>
      jsonResponse(410, {
        code: 410,
        message: 'This invitation has already been used. Sign in with your e-mail and password.',
      }),
    );
    renderApp(`/manager/invite?token=${TOKEN}`);
    expect(await screen.findByTestId('invite-refused')).toHaveTextContent(
      'This invitation has already been used.',
    );
    expect(screen.getByTestId('invite-sign-in')).toHaveAttribute('href', '/manager/login');
    expect(screen.queryByTestId('invite-form')).toBeNull();
  });

  it('says when the link expired while the form was open', async () => {
    fake.on('POST /api/manager/auth/accept_invite', () =>
      jsonResponse(410, {
        code: 410,
        message: 'This invitation has expired. Ask an administrator to send it again.',
      }),
    );
    const { user } = renderApp(`/manager/invite?token=${TOKEN}`);
    await user.type(await screen.findByTestId('invite-password'), 'nina-password-1');
    await user.type(screen.getByTestId('invite-password-confirmation'), 'nina-password-1');
    await user.click(screen.getByTestId('invite-submit'));
    expect(await screen.findByTestId('invite-refused')).toHaveTextContent('This invitation has expired.');
    expect(getStoredManagerToken()).toBeNull();
  });

  it('says a link without its token is incomplete, without asking the server', async () => {
    renderApp('/manager/invite');
    expect(await screen.findByTestId('invite-refused')).toHaveTextContent('This link is incomplete.');
    expect(fake.calls()).not.toContain('POST /api/manager/auth/invite');
  });

  it('speaks French when the visitor does', async () => {
    await i18n.changeLanguage('fr');
    renderApp(`/manager/invite?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Rejoindre l’administration' }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('invite-lead')).toHaveTextContent('avec le rôle Vérificateur');
  });
});
