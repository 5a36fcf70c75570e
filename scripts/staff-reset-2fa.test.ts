// `npm run staff -- reset-2fa <email>` (docs/decisions/035-staff-totp.md), on both databases: the
// sole admin, locked out with the program requiring a second factor, gets back in. The command's
// function runs against the test app's database; the sign-in that follows goes through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../server/test/app';
import type { TestApp } from '../server/test/app';
import { issueToken } from '../server/modules/auth/service';
import { createStaffUser } from '../server/modules/staff/service';
import { base32Decode, totp } from '../server/modules/staff-totp/totp';
import { resetSecondFactor } from './lib/staff-reset-2fa';

const CLIENT = 'staff-reset-2fa-test-public-client-token';
const ADMIN = { email: 'ada.admin@staff.example', password: 'password-of-the-admin', name: 'Ada Admin' };

let t: TestApp;
let adminId: number;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const signIn = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/manager/auth/get_token',
    headers: bearer(CLIENT),
    payload: { email: ADMIN.email, password: ADMIN.password },
  });

/** Runs the command as the script does, keeping what it prints. */
async function run(email: string | undefined) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await resetSecondFactor(
    t.database.db,
    email,
    (line) => out.push(line),
    (line) => err.push(line),
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Turns the admin's factor on through the API; answers the secret's bytes. */
async function enrol(token: string): Promise<Buffer> {
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/manager/security/totp',
    headers: bearer(token),
  });
  expect(start.statusCode, start.body).toBe(200);
  const secret = base32Decode(start.json().data.secret)!;
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/manager/security/totp/confirm',
    headers: bearer(token),
    payload: { code: totp(secret, new Date()) },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return secret;
}

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_CLIENT_TOKEN: CLIENT }, build: { rateLimits: { api: 100_000 } } });
  adminId = (await createStaffUser(t.database.db, { ...ADMIN, role: 'admin' })).id;
});
afterAll(() => t?.close());

describe('npm run staff -- reset-2fa', () => {
  it('gets the sole admin back in: factor and recovery codes gone, audited, and a new factor asked for at sign-in', async () => {
    const db = t.database.db;
    const token = (await issueToken(db, 'staff', adminId)).token;
    await enrol(token);
    const policy = await t.app.inject({
      method: 'PUT',
      url: '/api/manager/security/policy',
      headers: bearer(token),
      payload: { require_totp: true },
    });
    expect(policy.statusCode, policy.body).toBe(200);
    // Locked out: the password alone only earns the challenge for a code the admin can no longer make.
    expect((await signIn()).json()).toMatchObject({ two_factor: true });

    const reset = await run('ADA.Admin@staff.example');
    expect(reset.code, reset.err).toBe(0);
    expect(reset.out).toBe(
      [
        'Reset the second factor of Ada Admin <ada.admin@staff.example> (admin): authenticator removed, 10 unused recovery codes removed.',
        'Recorded in the audit log as staff.totp_reset, made from the command line.',
        'The program requires a second factor: they sign in with their password, then set up a new authenticator before anything else opens.',
      ].join('\n'),
    );
    expect(await db.selectFrom('staff_totp').selectAll().where('staff_id', '=', adminId).execute()).toEqual(
      [],
    );
    expect(
      await db.selectFrom('staff_recovery_codes').selectAll().where('staff_id', '=', adminId).execute(),
    ).toEqual([]);
    const lines = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'staff.totp_reset')
      .execute();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ staff_id: null, entity: 'staff', entity_id: String(adminId) });
    expect(JSON.parse(lines[0]!.before!)).toEqual({ two_factor: true });
    expect(JSON.parse(lines[0]!.after!)).toEqual({ two_factor: false, via: 'command_line' });

    // The password alone now signs in; with the switch on, only enrolment opens until it is done.
    const signedIn = await signIn();
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const fresh = signedIn.json().token as string;
    expect(fresh).toEqual(expect.any(String));
    const me = await t.app.inject({ method: 'GET', url: '/api/manager/me', headers: bearer(fresh) });
    expect(me.json().data.two_factor).toEqual({ enabled: false, required: true });
    const blocked = await t.app.inject({
      method: 'GET',
      url: '/api/manager/overview',
      headers: bearer(fresh),
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().errors).toHaveProperty('two_factor');

    await enrol(fresh);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/manager/overview', headers: bearer(fresh) }))
        .statusCode,
    ).toBe(200);
    // The audit log names the command line as the actor, not a staff account.
    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/manager/audit?action=staff.totp_reset',
      headers: bearer(fresh),
    });
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json().data).toEqual([
      expect.objectContaining({
        actor: null,
        entity: 'staff',
        entity_id: String(adminId),
        after: { two_factor: false, via: 'command_line' },
      }),
    ]);
  });

  it('says so when there is nothing to reset, and refuses an unknown account or a bad address', async () => {
    const db = t.database.db;
    const mona = await createStaffUser(db, {
      email: 'mona@staff.example',
      password: 'password-of-mona',
      name: 'Mona Manager',
      role: 'manager',
    });
    const auditLines = async () =>
      (await db.selectFrom('audit_log').selectAll().where('action', '=', 'staff.totp_reset').execute())
        .length;
    const before = await auditLines();

    const nothing = await run('mona@staff.example');
    expect(nothing).toEqual({
      code: 0,
      out: 'Mona Manager <mona@staff.example> (manager) has no second factor turned on: nothing to reset.',
      err: '',
    });
    expect(await auditLines()).toBe(before);
    expect(
      await db.selectFrom('staff_users').select('id').where('id', '=', mona.id).executeTakeFirst(),
    ).toBeDefined();

    expect(await run('nobody@staff.example')).toEqual({
      code: 1,
      out: '',
      err: 'No staff account has the e-mail nobody@staff.example',
    });
    expect((await run('not-an-address')).code).toBe(2);
    expect((await run(undefined)).code).toBe(2);
    expect(await auditLines()).toBe(before);
  });
});
