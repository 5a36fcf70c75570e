// Changes only their owner makes, and hears about (issue 31 item 3, docs/decisions/063): the PayPal
// e-mail and the account e-mail change with the current password in the request or, for a
// partner without one, through a link mailed to their address; each change, a password change
// and a social sign-in queue a mail (to the old address when that changed) in the partner's
// language; a PayPal e-mail that replaced another holds cash-out for 72 hours; staff read the
// changes in the partner's history. On both databases.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type Mailer } from '../../integrations/mail/mailer';
import { createTestApp, type TestApp } from '../../test/app';
import { lastLinkToken, readOutbox } from '../../test/mailbox';
import { createStaffWithToken } from '../../test/payouts-fixture';
import { createPartnerAccount, decryptPayload } from '../partners/service';
import { sendDueMail } from '../program-mail/service';
import { resolveProgramSecrets } from '../settings/service';
import { issueToken } from '../auth/service';

const CLIENT = 'account-changes-test-public-client-00';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const quiet = { error: () => undefined, info: () => undefined };
const HOUR = 3_600_000;

describe('changes of money details', () => {
  let t: TestApp;
  let mailer: Mailer;
  let key: Buffer;
  let staffToken: string;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({
      env: { PUBLIC_CLIENT_TOKEN: CLIENT, PUBLIC_URL: 'https://partners.example.test' },
      build: { rateLimits: { registration: 1000, challenge: 1000 } },
    });
    mailer = createMailer({
      from: 'Sunbite Partners <partners@sunbite.example>',
      outboxDir: path.join(t.dataDir, 'outbox'),
      log: quiet,
    });
    key = (await resolveProgramSecrets(t.database.db, t.config)).userPayloadKey;
    staffToken = (await createStaffWithToken(t.database.db, 'manager')).token;
  });
  afterAll(async () => {
    mailer.close();
    await t.close();
  });

  /** A verified partner with a password (or, `password: false`, without one), signed in. */
  const partner = async (options: { locale?: 'en' | 'fr'; password?: boolean; paypal?: string } = {}) => {
    n += 1;
    const email = `changer.${n}.${Date.now().toString(36)}@example.com`;
    const p = await createPartnerAccount(t.database.db, {
      email,
      password: 'old-password-1',
      first_name: `Casey${n}`,
      last_name: 'Changer',
      ...(options.locale ? { locale: options.locale } : {}),
    });
    await t.database.db
      .updateTable('partners')
      .set({
        verified: 1,
        paypal_email: options.paypal ?? null,
        ...(options.password === false ? { password_hash: null } : {}),
      })
      .where('id', '=', p.id)
      .execute();
    return { id: p.id, uuid: p.uuid, email, token: (await issueToken(t.database.db, 'partner', p.id)).token };
  };
  const update = (token: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/update',
      headers: bearer(token),
      payload: { first_name: 'Casey', last_name: 'Changer', ...body },
    });
  const row = (id: number) =>
    t.database.db.selectFrom('partners').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const stats = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/getPayMeNowStats', headers: bearer(token) })).json().data;
  const notices = async (partnerId: number) =>
    (
      await t.database.db
        .selectFrom('mail_outbox')
        .select(['kind', 'payload'])
        .where('partner_id', '=', partnerId)
        .where('kind', '=', 'account_change')
        .orderBy('id')
        .execute()
    ).map((r) => JSON.parse(r.payload!) as Record<string, unknown>);
  const sendAll = async () => {
    while (
      (await sendDueMail(t.database.db, { mailer, publicUrl: 'https://partners.example.test' }, quiet))
        .handled > 0
    );
  };
  const history = async (uuid: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/manager/partners/${uuid}/audit`,
        headers: bearer(staffToken),
      })
    ).json().data as { action: string; staff: string | null; before: unknown; after: unknown }[];

  it('changes the PayPal e-mail only with the current password in the request; a wrong or missing one saves nothing', async () => {
    const p = await partner();
    const missing = await update(p.token, { city: 'Laval', paypal_email: 'first.pay@example.com' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      current_password: ['Enter your current password to make this change'],
    });
    const wrong = await update(p.token, {
      city: 'Laval',
      paypal_email: 'first.pay@example.com',
      current_password: 'not-it',
    });
    expect(wrong.json().errors).toEqual({ current_password: ['The current password is not correct'] });
    expect(await row(p.id)).toMatchObject({ paypal_email: null, city: null });

    const saved = await update(p.token, {
      city: 'Laval',
      paypal_email: 'First.Pay@Example.com',
      current_password: 'old-password-1',
    });
    expect(saved.statusCode).toBe(200);
    expect(decryptPayload(key, saved.json().data)).toMatchObject({
      paypal_email: 'first.pay@example.com',
      has_password: true,
      pending_changes: { paypal_email: null, email: null },
    });
    // A first PayPal e-mail: told, no hold.
    expect(await row(p.id)).toMatchObject({
      paypal_email: 'first.pay@example.com',
      paypal_email_changed_at: null,
      city: 'Laval',
    });
    expect(await notices(p.id)).toEqual([{ kind: 'paypal_email', value: 'f…@e….com', hold: false }]);
    expect((await stats(p.token)).paypal_hold_until).toBeNull();

    // Saving the rest of the profile asks nothing again; leaving the field out keeps it.
    expect(
      (await update(p.token, { city: 'Montréal', paypal_email: 'first.pay@example.com' })).statusCode,
    ).toBe(200);
    expect((await update(p.token, { city: 'Gatineau' })).statusCode).toBe(200);
    expect(await row(p.id)).toMatchObject({ paypal_email: 'first.pay@example.com', city: 'Gatineau' });
  });

  it('counts wrong passwords as sign-in failures: a stolen session cannot guess on', async () => {
    const p = await partner();
    for (let i = 0; i < 10; i++)
      expect(
        (await update(p.token, { paypal_email: 'guess@example.com', current_password: `guess-${i}` }))
          .statusCode,
      ).toBe(422);
    const stopped = await update(p.token, {
      paypal_email: 'guess@example.com',
      current_password: 'old-password-1',
    });
    expect(stopped.statusCode).toBe(429);
    expect((await row(p.id)).paypal_email).toBeNull();
  });

  it('holds cash-out 72 hours after a PayPal e-mail replaced another, and says until when', async () => {
    const p = await partner({ paypal: 'old.pay@example.com' });
    expect(
      (await update(p.token, { paypal_email: 'new.pay@example.com', current_password: 'old-password-1' }))
        .statusCode,
    ).toBe(200);
    const changedAt = (await row(p.id)).paypal_email_changed_at!;
    const held = await stats(p.token);
    expect(held.blockers).toContain('paypal_email_recent');
    expect(held.can_request).toBe(false);
    expect(Date.parse(held.paypal_hold_until) - Date.parse(changedAt)).toBe(72 * HOUR);
    const refused = await t.app.inject({ method: 'POST', url: '/api/payMeNow', headers: bearer(p.token) });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'Your PayPal e-mail was changed less than 72 hours ago: cash-out opens again 72 hours after the change.',
    );
    expect(await notices(p.id)).toEqual([{ kind: 'paypal_email', value: 'n…@e….com', hold: true }]);
    // 72 hours later the hold is over.
    await t.database.db
      .updateTable('partners')
      .set({ paypal_email_changed_at: new Date(Date.now() - 72 * HOUR - 1000).toISOString() })
      .where('id', '=', p.id)
      .execute();
    expect((await stats(p.token)).blockers).not.toContain('paypal_email_recent');
  });

  it('does not let removing the PayPal e-mail and setting another skip the hold', async () => {
    const p = await partner({ paypal: 'kept.pay@example.com' });
    expect((await update(p.token, { paypal_email: '' })).statusCode).toBe(422);
    expect((await update(p.token, { paypal_email: '', current_password: 'old-password-1' })).statusCode).toBe(
      200,
    );
    expect((await row(p.id)).paypal_email).toBeNull();
    expect(
      (await update(p.token, { paypal_email: 'other.pay@example.com', current_password: 'old-password-1' }))
        .statusCode,
    ).toBe(200);
    expect((await stats(p.token)).blockers).toContain('paypal_email_recent');
  });

  it('asks a partner without a password to confirm from their mailbox: nothing changes before, once after', async () => {
    const p = await partner({ password: false, locale: 'fr', paypal: 'before.pay@example.com' });
    const asked = await update(p.token, { city: 'Sherbrooke', paypal_email: 'after.pay@example.com' });
    expect(asked.statusCode).toBe(200);
    expect(decryptPayload(key, asked.json().data)).toMatchObject({
      has_password: false,
      paypal_email: 'before.pay@example.com',
      pending_changes: { paypal_email: 'after.pay@example.com' },
    });
    expect(await row(p.id)).toMatchObject({ paypal_email: 'before.pay@example.com', city: 'Sherbrooke' });
    const confirmMail = (await readOutbox(t.dataDir)).find(
      (m) => m.to.includes(p.email) && m.subject === 'Confirmez votre nouvel e-mail PayPal',
    );
    expect(confirmMail?.text).toContain('after.pay@example.com');

    const token = await lastLinkToken(t.dataDir, p.email, 'confirm_change');
    const confirm = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/confirm_change',
        headers: { authorization: `Bearer ${CLIENT}`, 'accept-language': 'fr' },
        payload: { token },
      });
    const done = await confirm();
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toEqual({ message: 'Votre e-mail PayPal a été modifié', kind: 'paypal_email' });
    expect(await row(p.id)).toMatchObject({ paypal_email: 'after.pay@example.com' });
    expect((await row(p.id)).paypal_email_changed_at).not.toBeNull();
    expect((await confirm()).statusCode).toBe(404);
    // A link past its hour: expired, nothing changes.
    await update(p.token, { paypal_email: 'late.pay@example.com' });
    const late = await lastLinkToken(t.dataDir, p.email, 'confirm_change');
    await t.database.db
      .updateTable('account_change_requests')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('partner_id', '=', p.id)
      .execute();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/confirm_change',
          headers: { authorization: `Bearer ${CLIENT}` },
          payload: { token: late },
        })
      ).statusCode,
    ).toBe(410);
    expect((await row(p.id)).paypal_email).toBe('after.pay@example.com');
    // The history says how each change was confirmed.
    const lines = (await history(p.uuid)).filter((l) => l.action === 'account.paypal_email');
    expect(lines[0]).toMatchObject({
      staff: null,
      before: { paypal_email: 'before.pay@example.com' },
      after: { paypal_email: 'after.pay@example.com', confirmed_by: 'link' },
    });
  });

  it('changes the account e-mail with the password: the new one to verify, the old one told in the partner’s language', async () => {
    const p = await partner({ locale: 'fr' });
    const other = await partner();
    const change = (body: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/change-email', headers: bearer(p.token), payload: body });
    expect((await change({ email: 'moved@example.com' })).json().errors).toEqual({
      current_password: ['Enter your current password to make this change'],
    });
    expect((await change({ email: 'moved@example.com', current_password: 'nope' })).statusCode).toBe(422);
    expect((await change({ email: other.email, current_password: 'old-password-1' })).json().errors).toEqual({
      email: ['An account already exists for this e-mail'],
    });
    expect(
      (await change({ email: p.email.toUpperCase(), current_password: 'old-password-1' })).json().errors,
    ).toEqual({ email: ['This is already your e-mail'] });
    expect((await row(p.id)).email).toBe(p.email);

    const moved = `moved.${p.id}@example.com`;
    const done = await change({ email: moved, current_password: 'old-password-1' });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.done).toBe(true);
    expect(await row(p.id)).toMatchObject({ email: moved, verified: 0 });
    await sendAll();
    const mails = await readOutbox(t.dataDir);
    // The old address hears of it, in French; the new one gets the verification link.
    const told = mails.find(
      (m) => m.to.includes(p.email) && m.subject === 'L’e-mail de votre compte a été modifié',
    );
    expect(told?.text).toContain(`m…@e….com`);
    expect(told?.text).not.toContain(moved);
    expect(
      mails.some((m) => m.to.includes(moved) && m.links.some((l) => l.includes('/verify_email?token='))),
    ).toBe(true);
    expect((await history(p.uuid)).find((l) => l.action === 'account.email')).toMatchObject({
      before: { email: p.email },
      after: { email: moved, confirmed_by: 'password' },
    });
  });

  it('tells the partner their password changed, and keeps it in their history', async () => {
    const p = await partner();
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: bearer(p.token),
      payload: {
        current_password: 'old-password-1',
        password: 'brand-new-password-7',
        password_confirmation: 'brand-new-password-7',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(await notices(p.id)).toEqual([{ kind: 'password' }]);
    await sendAll();
    expect(
      (await readOutbox(t.dataDir)).some(
        (m) => m.to.includes(p.email) && m.subject === 'Your password was changed',
      ),
    ).toBe(true);
    expect((await history(p.uuid)).map((l) => l.action)).toContain('account.password');
  });
});
