// Staff sign-in's second factor (issue 13, docs/decisions/035-staff-totp.md), on both databases:
// enrolment, the sign-in's second step (the window, replays, wrong codes and the throttle,
// recovery codes used once), turning off, new recovery codes, the admins' switch that requires
// a factor of everyone, a colleague's reset, and the audit rows. The clock is fixed: the date is
// faked (timers are not), and the service is called with `now` where the window is measured.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { completeStaffSignIn, issueToken } from '../auth/service';
import { hashToken } from '../../credentials/tokens';
import { createPartnerAccount } from '../partners/service';
import { resolveProgramSecrets } from '../settings/service';
import { createStaffUser } from '../staff/service';
import type { StaffRole } from '../staff/service';
import { createSignInChallenge, totpKeyOf } from './service';
import { base32Decode, totp } from './totp';

const CLIENT = 'staff-totp-test-public-client-token';
const client = { authorization: `Bearer ${CLIENT}` };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** 10 seconds into a 30-second step: a step either side is a whole step away. */
const T0 = new Date('2031-03-03T12:00:10Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

let t: TestApp;
let key: Buffer;
let admin: Person;
let manager: Person;
let reviewer: Person;

interface Person {
  id: number;
  email: string;
  password: string;
  name: string;
}

async function person(role: StaffRole, name: string): Promise<Person> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@staff.example`;
  const password = `password-of-${role}`;
  const staff = await createStaffUser(t.database.db, { email, password, name, role });
  return { id: staff.id, email, password, name };
}

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_CLIENT_TOKEN: CLIENT }, build: { rateLimits: { api: 100_000 } } });
  key = totpKeyOf((await resolveProgramSecrets(t.database.db, t.config)).integrationsKey);
  admin = await person('admin', 'Ada Admin');
  manager = await person('manager', 'Max Manager');
  reviewer = await person('reviewer', 'Rita Reviewer');
});
afterAll(() => t.close());
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
  const db = t.database.db;
  for (const table of [
    'staff_recovery_codes',
    'staff_totp',
    'staff_sign_in_challenges',
    'throttle_events',
    'audit_log',
  ] as const)
    await db.deleteFrom(table).execute();
  await db.deleteFrom('settings').where('key', '=', 'staff_totp_required').execute();
});
afterEach(() => {
  vi.useRealTimers();
});

const db = () => t.database.db;
const signIn = (who: Person, password = who.password, ip = '10.1.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/manager/auth/get_token',
    headers: client,
    remoteAddress: ip,
    payload: { email: who.email, password },
  });
const secondStep = (challenge: string, code: string, ip = '10.1.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/manager/auth/two_factor',
    headers: client,
    remoteAddress: ip,
    payload: { challenge, code },
  });
const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (token: string, url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const tokenOf = async (who: Person) => (await issueToken(db(), 'staff', who.id)).token;

/** Enrols `who` through the API at the current (fake) time; answers the secret's bytes and the recovery codes. */
async function enrol(who: Person, token?: string) {
  const bearerToken = token ?? (await tokenOf(who));
  const start = await post(bearerToken, '/api/manager/security/totp');
  expect(start.statusCode).toBe(200);
  const secret = base32Decode(start.json().data.secret)!;
  const confirm = await post(bearerToken, '/api/manager/security/totp/confirm', {
    code: totp(secret, new Date()),
  });
  expect(confirm.statusCode).toBe(200);
  return { secret, recoveryCodes: confirm.json().data.recovery_codes as string[], token: bearerToken };
}

/** Signs in with the password, expecting the challenge of the second step. */
async function challengeOf(who: Person, ip?: string): Promise<string> {
  const res = await signIn(who, who.password, ip);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body).toEqual({
    two_factor: true,
    challenge: expect.any(String),
    expired: new Date(Date.now() + 300_000).toISOString(),
  });
  expect(body).not.toHaveProperty('token');
  return body.challenge;
}

const auditRows = (action?: string) => {
  let query = db().selectFrom('audit_log').selectAll().orderBy('id');
  if (action) query = query.where('action', '=', action);
  return query.execute();
};

describe('enrolment', () => {
  it('answers a secret, its URI and QR code; a right code turns it on and answers ten recovery codes, once', async () => {
    const token = await tokenOf(manager);
    expect((await get(token, '/api/manager/security')).json().data).toEqual({
      totp: { enabled: false, enabled_at: null, recovery_codes_left: 0 },
      require_totp: false,
      enrolment_required: false,
    });
    const start = await post(token, '/api/manager/security/totp');
    expect(start.statusCode).toBe(200);
    const { secret, otpauth_uri, qr_code } = start.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(otpauth_uri).toBe(
      `otpauth://totp/Sunbite%20Partners:max.manager%40staff.example?secret=${secret}&issuer=Sunbite%20Partners&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr_code.split(',')[1], 'base64').toString()).toContain('<svg');
    // Stored sealed, never as itself.
    const row = await db()
      .selectFrom('staff_totp')
      .selectAll()
      .where('staff_id', '=', manager.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(secret);
    expect(row.enabled_at).toBeNull();
    // Not on until confirmed: the password alone still signs in.
    expect((await signIn(manager)).json()).toHaveProperty('token');

    const bytes = base32Decode(secret)!;
    const wrong = await post(token, '/api/manager/security/totp/confirm', { code: totp(bytes, T0, 2) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual([
      'This code is not right: enter the current 6-digit code from your authenticator app',
    ]);
    const confirm = await post(token, '/api/manager/security/totp/confirm', { code: totp(bytes, T0) });
    expect(confirm.statusCode).toBe(200);
    const codes: string[] = confirm.json().data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(confirm.json().data.enabled_at).toBe(T0.toISOString());
    // Stored hashed.
    const stored = JSON.stringify(await db().selectFrom('staff_recovery_codes').selectAll().execute());
    for (const code of codes) expect(stored).not.toContain(code.replace('-', ''));

    expect((await get(token, '/api/manager/security')).json().data).toEqual({
      totp: { enabled: true, enabled_at: T0.toISOString(), recovery_codes_left: 10 },
      require_totp: false,
      enrolment_required: false,
    });
    // The secret is never answered again: starting over is refused while it is on.
    expect((await post(token, '/api/manager/security/totp')).statusCode).toBe(409);
    expect(
      (await post(token, '/api/manager/security/totp/confirm', { code: totp(bytes, at(30)) })).statusCode,
    ).toBe(409);
    const [line] = await auditRows('staff.totp_enable');
    expect(line).toMatchObject({ staff_id: manager.id, entity: 'staff', entity_id: String(manager.id) });
    expect(JSON.parse(line!.before!)).toEqual({ two_factor: false });
    expect(JSON.parse(line!.after!)).toEqual({ two_factor: true });
  });

  it('replaces a secret not confirmed yet when started again, and refuses a confirmation with nothing started', async () => {
    const token = await tokenOf(reviewer);
    expect((await post(token, '/api/manager/security/totp/confirm', { code: '123456' })).statusCode).toBe(
      409,
    );
    const first = base32Decode((await post(token, '/api/manager/security/totp')).json().data.secret)!;
    const second = base32Decode((await post(token, '/api/manager/security/totp')).json().data.secret)!;
    expect(first.equals(second)).toBe(false);
    expect(
      (await post(token, '/api/manager/security/totp/confirm', { code: totp(first, T0) })).statusCode,
    ).toBe(422);
    expect(
      (await post(token, '/api/manager/security/totp/confirm', { code: totp(second, T0) })).statusCode,
    ).toBe(200);
    // A missing code is a field error, not a check.
    const missing = await post(token, '/api/manager/security/totp/confirm', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toHaveProperty('code');
  });

  it('counts wrong codes of a signed-in staff member: ten, then 429', async () => {
    const token = await tokenOf(manager);
    const secret = base32Decode((await post(token, '/api/manager/security/totp')).json().data.secret)!;
    for (let i = 0; i < 10; i++)
      expect(
        (await post(token, '/api/manager/security/totp/confirm', { code: totp(secret, T0, 3) })).statusCode,
      ).toBe(422);
    expect(
      (await post(token, '/api/manager/security/totp/confirm', { code: totp(secret, T0) })).statusCode,
    ).toBe(429);
  });
});

describe('signing in with the second factor', () => {
  it('answers a challenge for the right password, then the token for a right code; the same code again is refused', async () => {
    const { secret } = await enrol(manager);
    vi.setSystemTime(at(30));
    const challenge = await challengeOf(manager);
    const code = totp(secret, at(30));
    const res = await secondStep(challenge, code);
    expect(res.statusCode).toBe(200);
    const { token, expired } = res.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expired).toBe(new Date(at(30).getTime() + 86_400_000).toISOString());
    const me = await get(token, '/api/manager/me');
    expect(me.json().data).toMatchObject({
      email: manager.email,
      two_factor: { enabled: true, required: false },
    });

    // The challenge worked once; the code too, even with a new challenge, even a little later.
    expect((await secondStep(challenge, code)).statusCode).toBe(410);
    const replay = await secondStep(await challengeOf(manager), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({
      code: 401,
      error: 'two_factor.wrong_code',
      message:
        'This code is not right. Enter the current code from your authenticator app, or an unused recovery code.',
    });
    vi.setSystemTime(at(45));
    expect((await secondStep(await challengeOf(manager), code)).statusCode).toBe(401);
    // The next step's code is new.
    vi.setSystemTime(at(60));
    expect((await secondStep(await challengeOf(manager), totp(secret, at(60)))).statusCode).toBe(200);
  });

  it('accepts a code one step either side of now, not two (the clock injected into the service)', async () => {
    const { secret } = await enrol(manager);
    const now = at(300);
    const attempt = async (offset: number) => {
      const { challenge } = await createSignInChallenge(db(), manager.id, now);
      return completeStaffSignIn(
        db(),
        key,
        { challenge, code: totp(secret, now, offset), ip: '10.2.0.1' },
        now,
      ).then(
        () => 'accepted',
        (error: { status: number }) => error.status,
      );
    };
    // Oldest first: an accepted code uses its step and every step before it.
    expect(await attempt(-2)).toBe(401);
    expect(await attempt(-1)).toBe('accepted');
    expect(await attempt(0)).toBe('accepted');
    expect(await attempt(1)).toBe('accepted');
    expect(await attempt(2)).toBe(401);
    // A code of a step at or before the last one used, within the window: a replay, refused.
    expect(await attempt(0)).toBe(401);
    const row = await db()
      .selectFrom('staff_totp')
      .select('last_used_step')
      .where('staff_id', '=', manager.id)
      .executeTakeFirstOrThrow();
    expect(row.last_used_step).toBe(Math.floor(now.getTime() / 30_000) + 1);
  });

  it('counts wrong codes against the sign-in throttle: after ten failures even the right code is 429', async () => {
    const { secret } = await enrol(manager);
    vi.setSystemTime(at(30));
    const challenge = await challengeOf(manager);
    for (let i = 0; i < 10; i++) {
      const res = await secondStep(
        challenge,
        String((Number(totp(secret, at(30))) + 1 + i) % 1_000_000).padStart(6, '0'),
        `10.3.0.${i}`,
      );
      expect(res.statusCode).toBe(401);
    }
    expect((await secondStep(challenge, totp(secret, at(30)), '10.3.1.1')).statusCode).toBe(429);
    // The e-mail's bucket is spent for the password step too: knowing the password buys no fresh guesses.
    expect((await signIn(manager, manager.password, '10.3.2.1')).statusCode).toBe(429);
    // Fifteen minutes later the window has moved on.
    vi.setSystemTime(at(30 + 15 * 60 + 1));
    const fresh = await challengeOf(manager, '10.3.3.1');
    expect((await secondStep(fresh, totp(secret, new Date()), '10.3.3.1')).statusCode).toBe(200);
  });

  it('does not forget earlier failures when the password is right but the code is still to come', async () => {
    const { secret } = await enrol(manager);
    vi.setSystemTime(at(30));
    for (let i = 0; i < 9; i++)
      expect((await signIn(manager, 'not-the-password', `10.4.0.${i}`)).statusCode).toBe(401);
    const challenge = await challengeOf(manager, '10.4.1.1');
    expect((await secondStep(challenge, '000000', '10.4.1.1')).statusCode).toBe(401);
    expect((await secondStep(challenge, totp(secret, at(30)), '10.4.1.1')).statusCode).toBe(429);
  });

  it('takes a recovery code once, however it is typed', async () => {
    const { recoveryCodes } = await enrol(manager);
    const [first, second] = recoveryCodes as [string, string];
    const res = await secondStep(await challengeOf(manager), ` ${first.toUpperCase().replace('-', ' ')} `);
    expect(res.statusCode).toBe(200);
    expect((await get(res.json().token, '/api/manager/security')).json().data.totp.recovery_codes_left).toBe(
      9,
    );
    expect((await secondStep(await challengeOf(manager), first)).statusCode).toBe(401);
    expect((await secondStep(await challengeOf(manager), second.replace('-', ''))).statusCode).toBe(200);
    // Another account's codes open nothing here.
    const other = await enrol(reviewer);
    expect((await secondStep(await challengeOf(manager), other.recoveryCodes[0]!)).statusCode).toBe(401);
  });

  it('answers 410 for an unknown, used or expired challenge, and 422 without a code', async () => {
    const { secret } = await enrol(manager);
    vi.setSystemTime(at(30));
    expect((await secondStep('not-a-challenge', totp(secret, at(30)))).statusCode).toBe(410);
    const challenge = await challengeOf(manager);
    const missing = await secondStep(challenge, '');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.code).toEqual(['This field is required']);
    vi.setSystemTime(at(30 + 301));
    const expired = await secondStep(challenge, totp(secret, new Date()));
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe('This sign-in has expired. Enter your e-mail and password again.');
    // A challenge of a deactivated account opens nothing either.
    const fresh = await challengeOf(manager);
    await db()
      .updateTable('staff_users')
      .set({ status: 'deactivated' })
      .where('id', '=', manager.id)
      .execute();
    try {
      expect((await secondStep(fresh, totp(secret, new Date()))).statusCode).toBe(410);
    } finally {
      await db().updateTable('staff_users').set({ status: 'active' }).where('id', '=', manager.id).execute();
    }
  });

  it('lets one of two requests with the same code at once through', async () => {
    const { secret } = await enrol(manager);
    vi.setSystemTime(at(30));
    const [a, b] = [await challengeOf(manager), await challengeOf(manager)];
    const code = totp(secret, at(30));
    const answers = await Promise.all([secondStep(a, code, '10.5.0.1'), secondStep(b, code, '10.5.0.2')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('keeps the partner sign-in’s answer as it was', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/get_token',
      headers: client,
      payload: { email: 'nobody@example.com', password: 'whatever-password' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('recovery codes and turning off', () => {
  it('makes new recovery codes for a right code; the old ones stop working', async () => {
    const { secret, recoveryCodes, token } = await enrol(manager);
    vi.setSystemTime(at(30));
    expect(
      (await post(token, '/api/manager/security/totp/recovery_codes', { code: '000000' })).statusCode,
    ).toBe(422);
    const res = await post(token, '/api/manager/security/totp/recovery_codes', {
      code: totp(secret, at(30)),
    });
    expect(res.statusCode).toBe(200);
    const fresh: string[] = res.json().data.recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
    expect((await secondStep(await challengeOf(manager), recoveryCodes[0]!)).statusCode).toBe(401);
    expect((await secondStep(await challengeOf(manager), fresh[0]!)).statusCode).toBe(200);
    const [line] = await auditRows('staff.totp_recovery_codes');
    expect(JSON.parse(line!.after!)).toEqual({ recovery_codes_left: 10 });
  });

  it('turns off with the password or a code, not with a wrong one; the password alone signs in again', async () => {
    const { secret, token } = await enrol(manager);
    vi.setSystemTime(at(30));
    const wrongPassword = await post(token, '/api/manager/security/totp/disable', {
      password: 'not-the-password',
    });
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json().errors.password).toEqual(['The current password is not correct']);
    expect((await post(token, '/api/manager/security/totp/disable', { code: '000000' })).statusCode).toBe(
      422,
    );
    expect((await post(token, '/api/manager/security/totp/disable', {})).statusCode).toBe(422);
    const off = await post(token, '/api/manager/security/totp/disable', { password: manager.password });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.totp).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0 });
    expect((await signIn(manager)).json()).toHaveProperty('token');
    expect(
      await db().selectFrom('staff_recovery_codes').selectAll().where('staff_id', '=', manager.id).execute(),
    ).toEqual([]);
    expect(
      (await post(token, '/api/manager/security/totp/disable', { password: manager.password })).statusCode,
    ).toBe(409);

    // And with a code.
    vi.setSystemTime(at(60));
    const again = await enrol(manager, token);
    vi.setSystemTime(at(90));
    expect(
      (await post(token, '/api/manager/security/totp/disable', { code: totp(again.secret, at(90)) }))
        .statusCode,
    ).toBe(200);
    expect(secret.equals(again.secret)).toBe(false);
    const lines = await auditRows('staff.totp_disable');
    expect(lines.map((line) => [line.staff_id, JSON.parse(line.before!), JSON.parse(line.after!)])).toEqual([
      [manager.id, { two_factor: true }, { two_factor: false }],
      [manager.id, { two_factor: true }, { two_factor: false }],
    ]);
  });
});

describe('the admins’ switch', () => {
  it('is an admin’s, and only once their own factor is on', async () => {
    const put = (token: string, require_totp: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/manager/security/policy',
        headers: bearer(token),
        payload: { require_totp },
      });
    expect((await put(await tokenOf(manager), true)).statusCode).toBe(403);
    const adminToken = await tokenOf(admin);
    expect((await put(adminToken, 'yes')).statusCode).toBe(422);
    const refused = await put(adminToken, true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Turn on two-factor sign-in for your own account before requiring it of every staff member',
    );
    expect(await auditRows('settings.staff_totp_policy')).toEqual([]);
    await enrol(admin, adminToken);
    expect((await put(adminToken, true)).json()).toEqual({ data: { require_totp: true } });
    // Setting what is already set writes nothing.
    expect((await put(adminToken, true)).statusCode).toBe(200);
    expect((await put(adminToken, false)).json()).toEqual({ data: { require_totp: false } });
    const lines = await auditRows('settings.staff_totp_policy');
    expect(
      lines.map((line) => [line.staff_id, line.entity, JSON.parse(line.before!), JSON.parse(line.after!)]),
    ).toEqual([
      [admin.id, 'settings', { require_totp: false }, { require_totp: true }],
      [admin.id, 'settings', { require_totp: true }, { require_totp: false }],
    ]);
  });

  it('takes a staff member without a factor to enrolment before anything else', async () => {
    const adminToken = (await enrol(admin)).token;
    await t.app.inject({
      method: 'PUT',
      url: '/api/manager/security/policy',
      headers: bearer(adminToken),
      payload: { require_totp: true },
    });

    // The password still signs in (there is no factor to ask for) ...
    const signedIn = await signIn(reviewer);
    expect(signedIn.statusCode).toBe(200);
    const token: string = signedIn.json().token;
    // ... but every staff route but enrolment answers 403, saying why.
    const refused = await get(token, '/api/manager/payouts');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 403,
      error: 'two_factor.enrolment_required',
      message: 'Your program requires two-factor sign-in: set it up on your Security page to continue',
      errors: {
        two_factor: ['Your program requires two-factor sign-in: set it up on your Security page to continue'],
      },
    });
    expect(
      (await post(token, '/api/manager/security/totp/disable', { password: reviewer.password })).statusCode,
    ).toBe(403);
    expect((await get(token, '/api/manager/me')).json().data.two_factor).toEqual({
      enabled: false,
      required: true,
    });
    expect((await get(token, '/api/manager/security')).json().data).toMatchObject({
      require_totp: true,
      enrolment_required: true,
    });
    // French, too.
    const french = await t.app.inject({
      method: 'GET',
      url: '/api/manager/payouts',
      headers: { ...bearer(token), 'accept-language': 'fr' },
    });
    expect(french.json().message).toBe(
      'Votre programme exige la connexion en deux étapes\u00a0: activez-la dans votre page Sécurité pour continuer',
    );

    await enrol(reviewer, token);
    expect((await get(token, '/api/manager/payouts')).statusCode).toBe(200);
    expect((await get(token, '/api/manager/me')).json().data.two_factor).toEqual({
      enabled: true,
      required: true,
    });
    // Sign-out stays open whatever the state.
    expect((await get(token, '/api/manager/auth/logout')).statusCode).toBe(200);
  });
});

describe('sessions a second factor ends (issue 31)', () => {
  it('ends the staff member’s other sessions when they turn it on, not the one turning it on', async () => {
    const other = await tokenOf(manager);
    const elsewhere = await tokenOf(reviewer);
    const current = await tokenOf(manager);
    await enrol(manager, current);
    expect((await get(current, '/api/manager/me')).statusCode).toBe(200);
    expect((await get(other, '/api/manager/me')).statusCode).toBe(401);
    // Someone else's session is theirs.
    expect((await get(elsewhere, '/api/manager/me')).statusCode).toBe(200);
  });

  it('ends every staff session but the admin’s own when an admin requires it of all', async () => {
    const adminToken = (await enrol(admin)).token;
    const adminElsewhere = await tokenOf(admin);
    const colleagues = [await tokenOf(manager), await tokenOf(reviewer)];
    const partner = await createPartnerAccount(db(), {
      email: `totp.partner.${Date.now()}@example.test`,
      password: 'partner-password-1',
      first_name: 'Pa',
      last_name: 'Rtner',
      verified: 1,
      accepted_terms: 1,
      locale: 'en',
    });
    const partnerToken = (await issueToken(db(), 'partner', partner.id)).token;
    const put = (require_totp: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/manager/security/policy',
        headers: bearer(adminToken),
        payload: { require_totp },
      });
    expect((await put(true)).statusCode).toBe(200);
    expect((await get(adminToken, '/api/manager/me')).statusCode).toBe(200);
    for (const token of [adminElsewhere, ...colleagues])
      expect((await get(token, '/api/manager/me')).statusCode).toBe(401);
    // Partners' sessions are not staff sessions.
    expect(
      (
        await db()
          .selectFrom('auth_tokens')
          .select('revoked_at')
          .where('token_hash', '=', hashToken(partnerToken))
          .executeTakeFirstOrThrow()
      ).revoked_at,
    ).toBeNull();
    // Turning it off ends nothing.
    const later = await tokenOf(reviewer);
    expect((await put(false)).statusCode).toBe(200);
    expect((await get(later, '/api/manager/me')).statusCode).toBe(200);
  });
});

describe('an admin’s reset of a colleague’s factor', () => {
  it('turns it off (audited), so the colleague signs in with the password; never one’s own, and admins only', async () => {
    const adminToken = (await enrol(admin)).token;
    await enrol(manager);
    const reset = (token: string, id: number) =>
      t.app.inject({ method: 'DELETE', url: `/api/manager/staff/${id}/totp`, headers: bearer(token) });

    expect((await reset(await tokenOf(manager), reviewer.id)).statusCode).toBe(403);
    expect((await reset(adminToken, admin.id)).statusCode).toBe(422);
    expect((await reset(adminToken, reviewer.id)).statusCode).toBe(409);
    expect((await reset(adminToken, 999_999)).statusCode).toBe(404);

    const list = await get(adminToken, '/api/manager/security/staff');
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .data.map((row: { name: string; two_factor: boolean; self: boolean }) => [
          row.name,
          row.two_factor,
          row.self,
        ]),
    ).toEqual([
      ['Ada Admin', true, true],
      ['Max Manager', true, false],
      ['Rita Reviewer', false, false],
    ]);
    expect(list.json()).toMatchObject({ total: 3, current_page: 1, require_totp: false });
    expect((await get(await tokenOf(manager), '/api/manager/security/staff')).statusCode).toBe(403);

    const done = await reset(adminToken, manager.id);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ data: { two_factor: false } });
    expect((await signIn(manager)).json()).toHaveProperty('token');
    const [line] = await auditRows('staff.totp_reset');
    expect(line).toMatchObject({ staff_id: admin.id, entity: 'staff', entity_id: String(manager.id) });
    expect(JSON.parse(line!.before!)).toEqual({ two_factor: true });
    expect(JSON.parse(line!.after!)).toEqual({ two_factor: false });
  });

  it('writes no audit line for a change that fails', async () => {
    const adminToken = await tokenOf(admin);
    await t.app.inject({
      method: 'PUT',
      url: '/api/manager/security/policy',
      headers: bearer(adminToken),
      payload: { require_totp: true },
    });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/manager/staff/${manager.id}/totp`,
      headers: bearer(adminToken),
    });
    await post(adminToken, '/api/manager/security/totp/confirm', { code: '123456' });
    expect(await auditRows()).toEqual([]);
  });
});
