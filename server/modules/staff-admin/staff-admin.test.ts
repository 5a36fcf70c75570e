// Staff accounts in the back office (issue 13, docs/product/back-office.md#staff-accounts): admins only; an invitation mailed
// with a single-use link that sets a password and signs in; role changes, deactivation (sessions
// end at once) and reactivation; the last active administrator and one's own account protected;
// every change audited in the change's transaction, a refused one changing nothing.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { startTestSmtp } from '../../test/smtp';
import type { TestMail, TestSmtp } from '../../test/smtp';
import { issueToken } from '../auth/service';
import { hashToken } from '../../credentials/tokens';
import { createPartnerAccount } from '../partners/service';
import { createStaffUser } from '../staff/service';
import type { StaffRole } from '../staff/service';
import { updateStaffAccount } from './service';

const CLIENT = 'staff-admin-test-public-client-token';
const client = { authorization: `Bearer ${CLIENT}` };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let t: TestApp;
let smtp: TestSmtp;
let admin: Person;
let reviewer: Person;
let manager: Person;
let partnerToken: string;
let serial = 0;

interface Person {
  id: number;
  email: string;
  password: string;
  name: string;
  token: string;
}

async function person(role: StaffRole, name = `${role} ${++serial}`): Promise<Person> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@staff.example`;
  const password = `password-${role}-${serial}`;
  const staff = await createStaffUser(t.database.db, { email, password, name, role });
  return {
    id: staff.id,
    email,
    password,
    name,
    token: (await issueToken(t.database.db, 'staff', staff.id)).token,
  };
}

beforeAll(async () => {
  smtp = await startTestSmtp();
  // The per-client limit of every API route is not what is tested here.
  t = await createTestApp({
    env: { PUBLIC_CLIENT_TOKEN: CLIENT, SMTP_URL: smtp.url, PUBLIC_URL: 'https://partners.example' },
    build: { rateLimits: { api: 100_000 } },
  });
  admin = await person('admin', 'Ada Admin');
  reviewer = await person('reviewer', 'Rita Reviewer');
  manager = await person('manager', 'Max Manager');
  const partner = await createPartnerAccount(t.database.db, {
    email: 'partner@example.test',
    password: 'partner-password',
    first_name: 'Pat',
    last_name: 'Partner',
  });
  partnerToken = (await issueToken(t.database.db, 'partner', partner.id)).token;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  await t.database.db.deleteFrom('throttle_events').execute();
});

const db = () => t.database.db;
const list = (token: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/manager/staff${query}`, headers: bearer(token) });
const invite = (token: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/manager/staff',
    headers: { ...bearer(token), ...headers },
    payload,
  });
const patch = (
  token: string,
  id: number,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/manager/staff/${id}`,
    headers: { ...bearer(token), ...headers },
    payload,
  });
const lookup = (token: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/manager/auth/invite',
    headers: { ...client, ...headers },
    payload: { token },
  });
const accept = (token: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/manager/auth/accept_invite',
    headers: { ...client, ...headers },
    payload: { token, password, password_confirmation: password },
  });
const signIn = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/manager/auth/get_token',
    headers: client,
    payload: { email, password },
  });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/manager/me', headers: bearer(token) });

/** The mail the SMTP server received for `email`, once it arrives. */
async function mailTo(email: string, count = 1): Promise<TestMail> {
  for (let i = 0; i < 100; i++) {
    const mails = smtp.received.filter((m) => m.to.includes(email));
    if (mails.length >= count) return mails[count - 1]!;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail ${count} for ${email}`);
}
const inviteToken = (mail: TestMail) => {
  const link = mail.links.find((l) => l.includes('/manager/invite?token='));
  if (!link) throw new Error('no invitation link');
  return new URL(link).searchParams.get('token')!;
};

/** Everything a staff change may write, to show a refused one wrote nothing. */
async function state() {
  const staff = await db()
    .selectFrom('staff_users')
    .select(['id', 'email', 'role', 'status', 'password_hash'])
    .orderBy('id')
    .execute();
  const audit = await db().selectFrom('audit_log').selectAll().orderBy('id').execute();
  const invites = await db().selectFrom('staff_invites').selectAll().orderBy('id').execute();
  const sessions = await db()
    .selectFrom('auth_tokens')
    .select(['id', 'revoked_at'])
    .where('kind', '=', 'staff')
    .orderBy('id')
    .execute();
  return { staff, audit, invites, sessions };
}
const auditOf = (id: number) =>
  db()
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', 'staff')
    .where('entity_id', '=', String(id))
    .orderBy('id')
    .execute();

describe('rights', () => {
  it('opens the staff routes to admins only: 403 for reviewers and managers, 401 for partners and strangers', async () => {
    for (const who of [reviewer, manager]) {
      expect((await list(who.token)).statusCode).toBe(403);
      expect(
        (await invite(who.token, { email: 'x@staff.example', name: 'X', role: 'reviewer' })).statusCode,
      ).toBe(403);
      expect((await patch(who.token, reviewer.id, { role: 'manager' })).statusCode).toBe(403);
    }
    for (const token of [partnerToken, 'not-a-token']) {
      expect((await list(token)).statusCode).toBe(401);
      expect((await invite(token, { email: 'x@staff.example', name: 'X', role: 'reviewer' })).json()).toEqual(
        { code: 401, error: 'not_authorized', message: 'Not Authorized' },
      );
      expect((await patch(token, reviewer.id, { role: 'manager' })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/manager/staff' })).statusCode).toBe(401);
    // A staff token never opens a partner route.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/get', headers: bearer(admin.token) })).statusCode,
    ).toBe(401);
    // Nobody was invited or changed.
    expect(
      await db().selectFrom('staff_users').select('email').where('email', '=', 'x@staff.example').execute(),
    ).toEqual([]);
    expect(
      (
        await db()
          .selectFrom('staff_users')
          .select('role')
          .where('id', '=', reviewer.id)
          .executeTakeFirstOrThrow()
      ).role,
    ).toBe('reviewer');
  });

  it('needs the public client for the invitation page’s calls', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/manager/auth/invite',
      payload: { token: 'x' },
    });
    expect(res.statusCode).toBe(401);
    const res2 = await t.app.inject({
      method: 'POST',
      url: '/api/manager/auth/accept_invite',
      headers: bearer(admin.token),
      payload: { token: 'x', password: 'a-long-password', password_confirmation: 'a-long-password' },
    });
    expect(res2.statusCode).toBe(401);
  });
});

describe('the list', () => {
  it('answers a page of staff by name with their role, status, last sign-in and creation, and the active admins', async () => {
    const res = await list(admin.token, '?page=1&length=2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ current_page: 1, per_page: 2 });
    expect(body.total).toBeGreaterThanOrEqual(3);
    expect(body.last_page).toBe(Math.ceil(body.total / 2));
    expect(body.active_admins).toBeGreaterThanOrEqual(1);
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toEqual({
      id: admin.id,
      name: 'Ada Admin',
      email: admin.email,
      role: 'admin',
      status: 'active',
      locale: 'en',
      created_at: expect.any(String),
      last_login_at: null,
      invite: null,
      password_set: true,
      self: true,
    });
    expect(body.data[1]).toMatchObject({ name: 'Max Manager', role: 'manager', self: false });
    expect(body.data[0]).not.toHaveProperty('password_hash');
  });

  it('refuses a wrong page or length with 422', async () => {
    expect((await list(admin.token, '?length=101')).statusCode).toBe(422);
    expect((await list(admin.token, '?page=0')).statusCode).toBe(422);
  });
});

describe('an invitation', () => {
  it('mails a single-use link that sets a password once, signs the person in, and lets them sign in after', async () => {
    const res = await invite(admin.token, {
      email: ' Nina.New@Staff.Example ',
      name: '  Nina New ',
      role: 'reviewer',
      locale: 'en',
    });
    expect(res.statusCode).toBe(201);
    const { data, mailed } = res.json();
    expect(mailed).toBe(true);
    expect(data).toMatchObject({
      name: 'Nina New',
      email: 'nina.new@staff.example',
      role: 'reviewer',
      status: 'invited',
      last_login_at: null,
      self: false,
    });
    expect(Date.parse(data.invite.expires_at) - Date.parse(data.invite.sent_at)).toBe(7 * 24 * 3600 * 1000);
    expect(data.invite.expired).toBe(false);

    const mail = await mailTo('nina.new@staff.example');
    expect(mail.subject).toBe('You are invited to the Sunbite Partners back office');
    expect(mail.text).toContain('Hi Nina New,');
    expect(mail.text).toContain('Ada Admin invited you to the Sunbite Partners back office as reviewer.');
    expect(mail.text).toContain('valid for 7 days');
    // Transactional: no unsubscribe header.
    expect(mail.headers.has('list-unsubscribe')).toBe(false);
    const token = inviteToken(mail);
    expect(mail.links.find((l) => l.includes('token='))).toBe(
      `https://partners.example/manager/invite?token=${token}`,
    );
    // Stored hashed only.
    const invites = await db()
      .selectFrom('staff_invites')
      .selectAll()
      .where('staff_id', '=', data.id)
      .execute();
    expect(invites).toHaveLength(1);
    expect(invites[0]!.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(invites)).not.toContain(token);
    expect(invites[0]!.invited_by).toBe(admin.id);

    // Invited: no sign-in yet, whatever the password.
    expect((await signIn('nina.new@staff.example', '')).statusCode).toBe(422);
    expect((await signIn('nina.new@staff.example', 'anything-at-all')).statusCode).toBe(401);

    expect((await lookup(token)).json()).toEqual({
      data: {
        email: 'nina.new@staff.example',
        name: 'Nina New',
        role: 'reviewer',
        expires_at: data.invite.expires_at,
      },
    });

    // The password rules of every account: length, confirmation, the common ones.
    const short = await accept(token, 'short');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toEqual(['Min 8 characters required']);
    expect((await accept(token, 'password')).json().errors.password).toEqual([
      'This password is too common: choose another one',
    ]);
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/manager/auth/accept_invite',
      headers: client,
      payload: { token, password: 'nina-password-1', password_confirmation: 'other' },
    });
    expect(mismatch.statusCode).toBe(422);
    expect((await lookup(token)).statusCode).toBe(200);

    const accepted = await accept(token, 'nina-password-1');
    expect(accepted.statusCode).toBe(200);
    const session = accepted.json();
    expect(session).toEqual({
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expired: expect.any(String),
    });
    expect((await me(session.token)).json().data).toMatchObject({
      email: 'nina.new@staff.example',
      role: 'reviewer',
    });

    // The link works once.
    const again = await accept(token, 'another-password-2');
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(
      'This invitation has already been used. Sign in with your e-mail and password.',
    );
    expect((await lookup(token, { 'accept-language': 'fr' })).json()).toEqual({
      code: 410,
      error: 'staff.invite_used',
      message: 'Cette invitation a déjà servi. Connectez-vous avec votre e-mail et votre mot de passe.',
    });
    expect((await signIn('nina.new@staff.example', 'another-password-2')).statusCode).toBe(401);
    expect((await signIn('nina.new@staff.example', 'nina-password-1')).statusCode).toBe(200);

    const row = (await list(admin.token, '?length=100'))
      .json()
      .data.find((s: { id: number }) => s.id === data.id);
    expect(row).toMatchObject({ status: 'active', invite: null, last_login_at: expect.any(String) });

    const audit = await auditOf(data.id);
    expect(audit.map((a) => [a.action, a.staff_id])).toEqual([
      ['staff.invite', admin.id],
      ['staff.accept_invite', data.id],
    ]);
    expect(audit[0]!.before).toBeNull();
    expect(JSON.parse(audit[0]!.after!)).toEqual({
      email: 'nina.new@staff.example',
      name: 'Nina New',
      role: 'reviewer',
      status: 'invited',
      locale: 'en',
    });
    expect(JSON.parse(audit[1]!.before!)).toMatchObject({ status: 'invited' });
    expect(JSON.parse(audit[1]!.after!)).toMatchObject({ status: 'active' });
    expect(audit[1]!.after).not.toContain('password');
  });

  it('is written in the language the inviter chose, else in the inviter’s own', async () => {
    expect(
      (
        await invite(admin.token, {
          email: 'fr.choice@staff.example',
          name: 'Zoé',
          role: 'admin',
          locale: 'fr',
        })
      ).statusCode,
    ).toBe(201);
    const chosen = await mailTo('fr.choice@staff.example');
    expect(chosen.subject).toBe('Invitation à l’administration de Sunbite Partners');
    expect(chosen.text).toContain(
      'Ada Admin vous invite à rejoindre l’administration de Sunbite Partners avec le rôle «\u00a0administrateur\u00a0».',
    );
    const res = await invite(
      admin.token,
      { email: 'fr.header@staff.example', name: 'Léo', role: 'manager' },
      { 'accept-language': 'fr-CA,fr;q=0.9' },
    );
    expect(res.json().data.locale).toBe('fr');
    expect((await mailTo('fr.header@staff.example')).text).toContain(
      'avec le rôle «\u00a0responsable\u00a0»',
    );
  });

  it('refuses an e-mail a staff account already uses (422, whatever the case) and bad fields, changing nothing', async () => {
    const before = await state();
    const taken = await invite(admin.token, {
      email: reviewer.email.toUpperCase(),
      name: 'Again',
      role: 'reviewer',
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: ['A staff account already exists for this e-mail'] });
    const fr = await invite(
      admin.token,
      { email: reviewer.email, name: 'Again', role: 'reviewer' },
      { 'accept-language': 'fr' },
    );
    expect(fr.json().errors.email).toEqual(['Un compte d’équipe existe déjà pour cet e-mail']);
    const bad = await invite(admin.token, {
      email: 'not-an-email',
      name: '   ',
      role: 'owner',
      locale: 'de',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'locale', 'name', 'role']);
    expect(
      (await invite(admin.token, { email: 'nul@staff.example', name: 'a\u0000b', role: 'reviewer' }))
        .statusCode,
    ).toBe(422);
    expect(
      (await invite(admin.token, { email: 'long@staff.example', name: 'x'.repeat(101), role: 'reviewer' }))
        .statusCode,
    ).toBe(422);
    expect((await invite(admin.token, {})).json().errors).toMatchObject({
      email: ['This field is required'],
      name: ['This field is required'],
      role: ['This field is required'],
    });
    expect(await state()).toEqual(before);
  });

  it('refuses an expired link with a clear message, on the page and when accepting', async () => {
    await invite(admin.token, { email: 'late@staff.example', name: 'Late', role: 'reviewer' });
    const token = inviteToken(await mailTo('late@staff.example'));
    await db()
      .updateTable('staff_invites')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const looked = await lookup(token);
    expect(looked.statusCode).toBe(410);
    expect(looked.json().message).toBe('This invitation has expired. Ask an administrator to send it again.');
    const before = await state();
    expect((await accept(token, 'late-password-1')).statusCode).toBe(410);
    expect(await state()).toEqual(before);
    expect((await signIn('late@staff.example', 'late-password-1')).statusCode).toBe(401);
    // The list says so, and the admin can send a new one.
    const row = (await list(admin.token, '?length=100'))
      .json()
      .data.find((s: { email: string }) => s.email === 'late@staff.example');
    expect(row.invite.expired).toBe(true);
  });

  it('answers 404 for a link that never existed', async () => {
    const res = await lookup('no-such-token');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(
      'This invitation link is not valid. Ask an administrator to send you a new one.',
    );
    expect((await accept('no-such-token', 'some-password-1')).statusCode).toBe(404);
  });

  it('can be sent again: the new link works, the old one no longer does; not once the person has a password', async () => {
    const created = (
      await invite(admin.token, {
        email: 'resend@staff.example',
        name: 'Resend',
        role: 'manager',
        locale: 'fr',
      })
    ).json().data;
    const first = inviteToken(await mailTo('resend@staff.example'));
    const res = await patch(admin.token, created.id, { resend_invite: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ mailed: true, data: { status: 'invited' } });
    const second = await mailTo('resend@staff.example', 2);
    // In the language chosen at the invitation.
    expect(second.subject).toBe('Invitation à l’administration de Sunbite Partners');
    const token = inviteToken(second);
    expect(token).not.toBe(first);
    expect((await lookup(first)).statusCode).toBe(404);
    expect((await accept(first, 'resend-password-1')).statusCode).toBe(404);
    expect((await accept(token, 'resend-password-1')).statusCode).toBe(200);
    expect((await auditOf(created.id)).map((a) => a.action)).toEqual([
      'staff.invite',
      'staff.resend_invite',
      'staff.accept_invite',
    ]);

    const before = await state();
    const refused = await patch(admin.token, created.id, { resend_invite: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Only a pending invitation can be sent again/);
    expect(await state()).toEqual(before);
  });

  it('answers two invitations of the same address at once with one account and one 422', async () => {
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        invite(admin.token, { email: 'race@staff.example', name: 'Race', role: 'reviewer' }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422]);
    expect(
      await db().selectFrom('staff_users').select('id').where('email', '=', 'race@staff.example').execute(),
    ).toHaveLength(1);
  });

  it('tells the admin when the mail could not be sent, and keeps the invitation for a resend', async () => {
    smtp.refuse(true);
    try {
      const res = await invite(admin.token, {
        email: 'bounce@staff.example',
        name: 'Bounce',
        role: 'reviewer',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ mailed: false, data: { status: 'invited' } });
    } finally {
      smtp.refuse(false);
    }
    const id = (
      await db()
        .selectFrom('staff_users')
        .select('id')
        .where('email', '=', 'bounce@staff.example')
        .executeTakeFirstOrThrow()
    ).id;
    expect((await patch(admin.token, id, { resend_invite: true })).json().mailed).toBe(true);
    expect(inviteToken(await mailTo('bounce@staff.example'))).toBeTruthy();
  });
});

describe('changes', () => {
  it('changes a role, audited with before and after', async () => {
    const target = await person('reviewer');
    const res = await patch(admin.token, target.id, { role: 'manager' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: target.id, role: 'manager', status: 'active' });
    expect(res.json()).not.toHaveProperty('mailed');
    const [entry] = await auditOf(target.id);
    expect(entry).toMatchObject({ staff_id: admin.id, action: 'staff.role_change', entity: 'staff' });
    expect(JSON.parse(entry!.before!)).toMatchObject({ role: 'reviewer' });
    expect(JSON.parse(entry!.after!)).toMatchObject({ role: 'manager' });
    // The new role opens what it opens at once, on the same session.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/manager/survey', headers: bearer(target.token) }))
        .statusCode,
    ).toBe(200);
  });

  it('deactivates: sessions stop working at once and the password no longer signs in; reactivation lets them back', async () => {
    const target = await person('manager');
    const other = (await signIn(target.email, target.password)).json().token as string;
    expect((await me(target.token)).statusCode).toBe(200);
    const res = await patch(admin.token, target.id, { status: 'deactivated' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('deactivated');
    for (const token of [target.token, other]) {
      expect((await me(token)).statusCode).toBe(401);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/manager/payouts', headers: bearer(token) }))
          .statusCode,
      ).toBe(401);
    }
    const live = await db()
      .selectFrom('auth_tokens')
      .select('id')
      .where('kind', '=', 'staff')
      .where('subject_id', '=', target.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
    const refused = await signIn(target.email, target.password);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('You have entered an invalid username or password');

    expect((await patch(admin.token, target.id, { status: 'active' })).json().data.status).toBe('active');
    expect((await me(target.token)).statusCode).toBe(401);
    expect((await signIn(target.email, target.password)).statusCode).toBe(200);
    expect((await auditOf(target.id)).map((a) => a.action)).toEqual(['staff.deactivate', 'staff.reactivate']);
  });

  it('shuts a token issued after the deactivation began (a sign-in under way) too', async () => {
    const target = await person('reviewer');
    await db()
      .updateTable('staff_users')
      .set({ status: 'deactivated' })
      .where('id', '=', target.id)
      .execute();
    const late = await issueToken(db(), 'staff', target.id);
    expect((await me(late.token)).statusCode).toBe(401);
  });

  it('withdraws a pending invitation on deactivation; reactivating returns the account to invited, for a resend', async () => {
    const created = (
      await invite(admin.token, { email: 'withdrawn@staff.example', name: 'Withdrawn', role: 'reviewer' })
    ).json().data;
    const token = inviteToken(await mailTo('withdrawn@staff.example'));
    expect((await patch(admin.token, created.id, { status: 'deactivated' })).statusCode).toBe(200);
    expect((await lookup(token)).statusCode).toBe(404);
    expect((await accept(token, 'withdrawn-password-1')).statusCode).toBe(404);
    const back = await patch(admin.token, created.id, { status: 'active' });
    expect(back.json().data.status).toBe('invited');
    expect((await accept(token, 'withdrawn-password-1')).statusCode).toBe(404);
    const resent = await patch(admin.token, created.id, { resend_invite: true });
    expect(resent.statusCode).toBe(200);
    expect(
      (await accept(inviteToken(await mailTo('withdrawn@staff.example', 2)), 'withdrawn-password-1'))
        .statusCode,
    ).toBe(200);
  });

  it('refuses one’s own role change and deactivation (422, in both languages), changing nothing', async () => {
    const before = await state();
    const own = await patch(admin.token, admin.id, { role: 'manager' });
    expect(own.statusCode).toBe(422);
    expect(own.json()).toEqual({
      code: 422,
      error: 'staff.own_role',
      message: 'You cannot change your own role: ask another administrator',
      errors: { role: ['You cannot change your own role: ask another administrator'] },
    });
    const ownFr = await patch(admin.token, admin.id, { status: 'deactivated' }, { 'accept-language': 'fr' });
    expect(ownFr.statusCode).toBe(422);
    expect(ownFr.json().message).toBe(
      'Vous ne pouvez pas désactiver votre propre compte\u00a0: demandez à un autre administrateur',
    );
    expect(await state()).toEqual(before);
    // Saying one's own role as it is changes nothing and is no error.
    expect((await patch(admin.token, admin.id, { role: 'admin' })).statusCode).toBe(200);
    expect(await state()).toEqual(before);
  });

  it('never leaves the program without an active administrator (409), even when the request raced a demotion', async () => {
    const lone = await db()
      .selectFrom('staff_users')
      .select('id')
      .where('role', '=', 'admin')
      .where('status', '=', 'active')
      .execute();
    // Every admin but `admin` leaves the role, so `admin` is the last one.
    for (const { id } of lone) if (id !== admin.id) await patch(admin.token, id, { role: 'manager' });
    const ctx = { db: db(), config: t.config } as AppContext;
    const log = { error: () => undefined };
    // The guard let this staff member in while they were still an admin; they are a manager now.
    const before = await state();
    for (const changes of [{ role: 'manager' as const }, { status: 'deactivated' as const }]) {
      await expect(updateStaffAccount(ctx, manager.id, admin.id, changes, log)).rejects.toMatchObject({
        status: 409,
        message:
          'The program must keep at least one active administrator: make someone else an administrator first',
      });
    }
    expect(await state()).toEqual(before);
  });

  it('keeps one admin when two admins demote each other at once', async () => {
    const a = await person('admin');
    const b = await person('admin');
    // Only these two (and `admin`, who steps down first) are admins.
    const others = await db()
      .selectFrom('staff_users')
      .select('id')
      .where('role', '=', 'admin')
      .where('id', 'not in', [a.id, b.id, admin.id])
      .execute();
    for (const { id } of others) await patch(a.token, id, { role: 'manager' });
    await patch(a.token, admin.id, { role: 'manager' });
    const answers = await Promise.all([
      patch(a.token, b.id, { role: 'reviewer' }),
      patch(b.token, a.id, { role: 'reviewer' }),
    ]);
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = await db()
      .selectFrom('staff_users')
      .select('id')
      .where('role', '=', 'admin')
      .where('status', '=', 'active')
      .execute();
    expect(admins).toHaveLength(1);
    // Back to how the other tests expect it.
    await patch(bearerOf(admins[0]!.id, a, b), admin.id, { role: 'admin' });
  });

  it('writes the audit row in the change’s transaction: when it cannot be written, nothing changes', async () => {
    const target = await person('reviewer');
    const before = await state();
    await sql`ALTER TABLE audit_log RENAME TO audit_log_away`.execute(db());
    try {
      expect((await patch(admin.token, target.id, { status: 'deactivated' })).statusCode).toBe(500);
      expect((await patch(admin.token, target.id, { role: 'admin' })).statusCode).toBe(500);
      expect(
        (await invite(admin.token, { email: 'no.audit@staff.example', name: 'No Audit', role: 'reviewer' }))
          .statusCode,
      ).toBe(500);
    } finally {
      await sql`ALTER TABLE audit_log_away RENAME TO audit_log`.execute(db());
    }
    expect(await state()).toEqual(before);
    expect((await me(target.token)).statusCode).toBe(200);
    expect(smtp.received.some((m) => m.to.includes('no.audit@staff.example'))).toBe(false);
  });

  it('validates the change: 404 unknown id, 422 wrong values or nothing to change, changing nothing', async () => {
    const before = await state();
    expect((await patch(admin.token, 999_999, { role: 'manager' })).json()).toEqual({
      code: 404,
      error: 'staff.not_found',
      message: 'No staff member has this id',
    });
    expect((await patch(admin.token, reviewer.id, { role: 'owner' })).statusCode).toBe(422);
    expect((await patch(admin.token, reviewer.id, { status: 'invited' })).statusCode).toBe(422);
    expect((await patch(admin.token, reviewer.id, { resend_invite: 'yes' })).statusCode).toBe(422);
    const nothing = await patch(admin.token, reviewer.id, {});
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().message).toBe(
      'Say what to change: the role, the status or resending the invitation',
    );
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: '/api/manager/staff/abc',
          headers: bearer(admin.token),
          payload: { role: 'manager' },
        })
      ).statusCode,
    ).toBe(422);
    expect(await state()).toEqual(before);
  });
});

/** The token of whichever of `a`, `b` is the admin with this id. */
function bearerOf(id: number, a: Person, b: Person): string {
  return id === a.id ? a.token : b.token;
}
