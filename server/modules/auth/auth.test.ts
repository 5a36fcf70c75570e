import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { DEMO_PARTNER, DEMO_PROMO_CODE, DEMO_STAFF, seedDemoProgram } from '../../seed/demo';
import { createPartnerAccount, decryptPayload } from '../partners/service';
import { resolveProgramSecrets } from '../settings/service';
import { endAllSessions, findPartnerSession, issueToken } from './service';
import { hashToken } from '../../credentials/tokens';
import { partnerProfile } from '../../../common/contracts/accounts';
import { PRODUCT_CODES } from '../../../common/products';

const CLIENT = 'auth-test-public-client-token-0000';
const client = { authorization: `Bearer ${CLIENT}` };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_CLIENT_TOKEN: CLIENT } });
    await seedDemoProgram(t.database.db);
  });
  afterAll(() => t.close());

  const signIn = (payload: unknown, headers: Record<string, string> = client, url = '/api/auth/get_token') =>
    t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });

  it('signs a partner in with a token valid 24 hours, stored only as a hash', async () => {
    const before = Date.now();
    const res = await signIn({ email: 'Demo.Partner@sunbite.example ', password: DEMO_PARTNER.password });
    expect(res.statusCode).toBe(200);
    const { token, expired } = res.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const lifetime = Date.parse(expired) - before;
    expect(lifetime).toBeGreaterThan(24 * 3600 * 1000 - 5000);
    expect(lifetime).toBeLessThanOrEqual(24 * 3600 * 1000 + 5000);
    const rows = await t.database.db.selectFrom('auth_tokens').selectAll().execute();
    expect(rows.some((r) => r.token_hash === hashToken(token))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('answers the user as the encrypted payload, which decrypts to every profile field', async () => {
    const { token } = (await signIn({ email: DEMO_PARTNER.email, password: DEMO_PARTNER.password })).json();
    const res = await t.app.inject({ method: 'GET', url: '/api/get', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const { userPayloadKey } = await resolveProgramSecrets(t.database.db, t.config);
    const user = decryptPayload(userPayloadKey, res.json().data) as Record<string, unknown>;
    expect(user).toMatchObject({
      email: DEMO_PARTNER.email,
      first_name: 'Maya',
      last_name: 'Laurent',
      verified: true,
      accepted_terms: true,
      locale: 'en',
      promo_codes: [{ code: DEMO_PROMO_CODE, value: 15, commission_rate: 10 }],
      referrals: [],
      badges: [],
      // The demo program's two announcements and one custom notification, unread.
      bell_notifications: 3,
      referral_comission_type: 'percent',
    });
    expect(user.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(user).not.toHaveProperty('password_hash');
    expect(user).not.toHaveProperty('id');
    // The payload is the Laravel shape: base64 JSON with iv, value, mac and an empty tag.
    const envelope = JSON.parse(Buffer.from(res.json().data, 'base64').toString());
    expect(Object.keys(envelope).sort()).toEqual(['iv', 'mac', 'tag', 'value']);
    expect(envelope.mac).toMatch(/^[0-9a-f]{64}$/);
    expect(() =>
      decryptPayload(
        userPayloadKey,
        Buffer.from(JSON.stringify({ ...envelope, mac: '0'.repeat(64) })).toString('base64'),
      ),
    ).toThrow(/mac/);
  });

  it('carries the partner’s Amazon links in the payload, as GET /api/generateAmazonLinks answers them in the reader’s language', async () => {
    const { token } = (await signIn({ email: DEMO_PARTNER.email, password: DEMO_PARTNER.password })).json();
    const { userPayloadKey } = await resolveProgramSecrets(t.database.db, t.config);
    const read = async (lang: string) => {
      const headers = { ...bearer(token), 'accept-language': lang };
      const res = await t.app.inject({ method: 'GET', url: '/api/get', headers });
      const user = partnerProfile.parse(decryptPayload(userPayloadKey, res.json().data));
      const page = await t.app.inject({ method: 'GET', url: '/api/generateAmazonLinks', headers });
      return { links: user.amazon_links, page: page.json().data as unknown };
    };
    const en = await read('en');
    expect(en.links).toHaveLength(PRODUCT_CODES.length);
    expect(en.links).toEqual(en.page);
    const tracking = await t.database.db
      .selectFrom('partners')
      .select('amazon_tracking_id')
      .where('email', '=', DEMO_PARTNER.email)
      .executeTakeFirstOrThrow();
    expect(tracking.amazon_tracking_id).toMatch(/-20$/);
    for (const link of en.links)
      expect(link.url).toBe(
        `https://www.amazon.com/dp/${link.asin}?tag=${encodeURIComponent(tracking.amazon_tracking_id!)}`,
      );
    const fr = await read('fr');
    expect(fr.links).toEqual(fr.page);
    expect(fr.links.map((l) => l.url)).toEqual(en.links.map((l) => l.url));
  });

  it('refuses wrong credentials with the spec message, the same for an unknown e-mail', async () => {
    for (const body of [
      { email: DEMO_PARTNER.email, password: 'wrong-password' },
      { email: 'nobody@example.com', password: 'whatever-password' },
    ]) {
      const res = await signIn(body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: 401,
        error: 'invalid_credentials',
        message: 'You have entered an invalid username or password',
      });
    }
  });

  it('says when the form is incomplete, and refuses wrong types and lengths', async () => {
    const missing = await signIn({ email: DEMO_PARTNER.email });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      message: 'Your username or password has not been filled in completely.',
      errors: { password: ['This field is required'] },
    });
    expect((await signIn({})).json().errors).toEqual({
      email: ['This field is required'],
      password: ['This field is required'],
    });
    expect((await signIn({ email: 42, password: true })).statusCode).toBe(422);
    const long = await signIn({ email: DEMO_PARTNER.email, password: 'x'.repeat(129) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.password).toEqual(['128 characters maximum']);
  });

  it('needs the public client credential', async () => {
    const res = await signIn({ email: DEMO_PARTNER.email, password: DEMO_PARTNER.password }, {});
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Not Authorized');
  });

  it('refuses missing, forged, expired and revoked tokens with 401 Not Authorized', async () => {
    const partner = await t.database.db.selectFrom('partners').select('id').executeTakeFirstOrThrow();
    const expired = await issueToken(
      t.database.db,
      'partner',
      partner.id,
      new Date(Date.now() - 25 * 3600 * 1000),
    );
    for (const headers of [
      {},
      bearer('forged-token'),
      bearer(expired.token),
      { authorization: 'Basic abc' },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/get', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 401, error: 'not_authorized', message: 'Not Authorized' });
    }
    const { token } = (await signIn({ email: DEMO_PARTNER.email, password: DEMO_PARTNER.password })).json();
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/logout', headers: bearer(token) })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/get', headers: bearer(token) })).statusCode).toBe(
      401,
    );
  });

  it('answers a valid token whose partner no longer exists with the spec’s “Invaid user”, 401, in both languages', async () => {
    const gone = await createPartnerAccount(t.database.db, {
      email: 'gone.partner@example.com',
      password: 'gone-password-1',
      first_name: 'Gone',
      last_name: 'Partner',
    });
    const { token } = await issueToken(t.database.db, 'partner', gone.id);
    // Alive, the token opens the account.
    expect((await t.app.inject({ method: 'GET', url: '/api/get', headers: bearer(token) })).statusCode).toBe(
      200,
    );
    await t.database.db.deleteFrom('partners').where('id', '=', gone.id).execute();
    const en = await t.app.inject({ method: 'GET', url: '/api/get', headers: bearer(token) });
    expect(en.statusCode).toBe(401);
    expect(en.json()).toEqual({ code: 401, error: 'invalid_user', message: 'Invaid user' });
    const fr = await t.app.inject({
      method: 'GET',
      url: '/api/getTotals',
      headers: { ...bearer(token), 'accept-language': 'fr' },
    });
    expect(fr.statusCode).toBe(401);
    expect(fr.json()).toEqual({ code: 401, error: 'invalid_user', message: 'Utilisateur invalide' });
    // The live push's handshake finds no session either.
    expect(await findPartnerSession(t.database.db, token)).toBeUndefined();
    // A revoked token of a partner who is gone is still just not authorized: the message needs a valid session.
    await endAllSessions(t.database.db, 'partner', gone.id);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/get', headers: bearer(token) })).json().error,
    ).toBe('not_authorized');
  });

  it('ends every session of an account at once', async () => {
    const a = (await signIn({ email: DEMO_PARTNER.email, password: DEMO_PARTNER.password })).json().token;
    const b = (await signIn({ email: DEMO_PARTNER.email, password: DEMO_PARTNER.password })).json().token;
    const partner = await t.database.db.selectFrom('partners').select('id').executeTakeFirstOrThrow();
    await endAllSessions(t.database.db, 'partner', partner.id);
    for (const token of [a, b]) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/get_badges', headers: bearer(token) })).statusCode,
      ).toBe(401);
    }
  });

  it('keeps partner and staff tokens apart', async () => {
    const partnerToken = (await signIn({ email: DEMO_PARTNER.email, password: DEMO_PARTNER.password })).json()
      .token;
    const staffRes = await signIn(
      { email: DEMO_STAFF.email, password: DEMO_STAFF.password },
      client,
      '/api/manager/auth/get_token',
    );
    expect(staffRes.statusCode).toBe(200);
    const staffToken = staffRes.json().token;
    // A staff account cannot sign in as a partner, nor a partner as staff.
    expect((await signIn({ email: DEMO_STAFF.email, password: DEMO_STAFF.password })).statusCode).toBe(401);
    expect(
      (
        await signIn(
          { email: DEMO_PARTNER.email, password: DEMO_PARTNER.password },
          client,
          '/api/manager/auth/get_token',
        )
      ).statusCode,
    ).toBe(401);

    const me = await t.app.inject({ method: 'GET', url: '/api/manager/me', headers: bearer(staffToken) });
    expect(me.json().data).toMatchObject({ email: DEMO_STAFF.email, role: 'admin' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/manager/me', headers: bearer(partnerToken) }))
        .statusCode,
    ).toBe(401);
    for (const url of ['/api/get', '/api/get_badges', '/api/auth/logout']) {
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(staffToken) })).statusCode, url).toBe(
        401,
      );
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/get', headers: bearer(partnerToken) })).statusCode,
    ).toBe(200);
  });
});

describe('sign-in throttling', () => {
  it('answers 429 Too many requests after 10 failures in 15 minutes, per e-mail and per IP', async () => {
    const t = await createTestApp({ env: { PUBLIC_CLIENT_TOKEN: CLIENT } });
    try {
      await seedDemoProgram(t.database.db);
      const attempt = (email: string, password: string, ip = '10.0.0.1') =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/get_token',
          headers: client,
          remoteAddress: ip,
          payload: { email, password },
        });
      for (let i = 0; i < 10; i++)
        expect((await attempt(DEMO_PARTNER.email, 'bad-password', `10.0.1.${i}`)).statusCode).toBe(401);
      // Even the right password is refused now, from any address.
      const blocked = await attempt(DEMO_PARTNER.email, DEMO_PARTNER.password, '10.9.9.9');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ code: 429, error: 'too_many_requests', message: 'Too many requests' });
      // One address trying many e-mails is throttled too.
      for (let i = 0; i < 10; i++)
        expect((await attempt(`someone${i}@example.com`, 'bad-password', '10.0.2.1')).statusCode).toBe(401);
      expect((await attempt('another@example.com', 'x-password', '10.0.2.1')).statusCode).toBe(429);
      // No token was issued by any of that.
      const tokens = await t.database.db.selectFrom('auth_tokens').selectAll().execute();
      expect(tokens).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});
