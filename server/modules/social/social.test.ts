// Social sign-in against local stand-ins of Facebook's Graph API and Google's token endpoint,
// speaking their wire formats.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { DEMO_PARTNER, seedDemoProgram } from '../../seed/demo';

const CLIENT = 'social-test-public-client-token-000';
const client = { authorization: `Bearer ${CLIENT}` };

interface Seen {
  method: string;
  url: string;
  body: string;
}

function standIn(profiles: { facebookEmail: string | null; googleEmail: string; googleVerified: boolean }) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, body });
      const url = new URL(req.url!, 'http://stand-in');
      const json = (status: number, data: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(data));
      };
      if (url.pathname === '/v19.0/oauth/access_token') {
        if (url.searchParams.get('code') !== 'fb-good-code')
          return json(400, {
            error: { message: 'Invalid verification code format.', type: 'OAuthException', code: 100 },
          });
        return json(200, { access_token: 'fb-access-token', token_type: 'bearer', expires_in: 5183944 });
      }
      if (url.pathname === '/v19.0/me') {
        if (url.searchParams.get('access_token') !== 'fb-access-token')
          return json(401, { error: { message: 'Invalid OAuth access token.', code: 190 } });
        return json(200, {
          id: '10221234567890',
          first_name: 'Maya',
          last_name: 'Laurent',
          ...(profiles.facebookEmail ? { email: profiles.facebookEmail } : {}),
          picture: {
            data: {
              height: 200,
              width: 200,
              is_silhouette: false,
              url: 'https://platform-lookaside.fbsbx.com/maya.jpg',
            },
          },
        });
      }
      if (url.pathname === '/token' && req.method === 'POST') {
        const form = new URLSearchParams(body);
        if (form.get('grant_type') !== 'authorization_code' || form.get('code') !== 'g-good-code')
          return json(400, { error: 'invalid_grant', error_description: 'Bad Request' });
        const claims = {
          iss: 'https://accounts.google.com',
          aud: form.get('client_id'),
          sub: '110169484474386276334',
          email: profiles.googleEmail,
          email_verified: profiles.googleVerified,
          given_name: 'Maya',
          family_name: 'Laurent',
          picture: 'https://lh3.googleusercontent.com/a/maya',
          iat: Math.floor(Date.now() / 1000),
          exp: Math.floor(Date.now() / 1000) + 3600,
        };
        const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
        return json(200, {
          access_token: 'ya29.token',
          expires_in: 3599,
          token_type: 'Bearer',
          scope: 'openid email profile',
          id_token: `${part({ alg: 'RS256', kid: 'k' })}.${part(claims)}.c2lnbmF0dXJl`,
        });
      }
      json(404, { error: 'not found' });
    });
  });
  return { server, seen };
}

describe('social sign-in', () => {
  let t: TestApp;
  const stub = standIn({
    facebookEmail: DEMO_PARTNER.email,
    googleEmail: 'stranger@example.com',
    googleVerified: true,
  });

  beforeAll(async () => {
    await new Promise<void>((r) => stub.server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(stub.server.address() as AddressInfo).port}`;
    t = await createTestApp({
      env: {
        PUBLIC_CLIENT_TOKEN: CLIENT,
        PUBLIC_URL: 'https://partners.example.test',
        FACEBOOK_APP_ID: 'fb-app',
        FACEBOOK_APP_SECRET: 'fb-secret',
        GOOGLE_CLIENT_ID: 'g-client',
        GOOGLE_CLIENT_SECRET: 'g-secret',
        FACEBOOK_GRAPH_URL: base,
        GOOGLE_OAUTH_URL: base,
      },
    });
    await seedDemoProgram(t.database.db);
    await t.database.db.updateTable('partners').set({ verified: 0 }).execute();
  });
  afterAll(async () => {
    await t.close();
    await new Promise((r) => stub.server.close(r));
  });

  // The browser tab's nonce (common/flow-binding.ts), sent at the start and posted at the finish.
  const tab = 'T'.repeat(43);
  const start = async (provider: 'Facebook' | 'Google', binding = tab) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/auth/get${provider}`,
      headers: { ...client, 'x-flow-binding': binding },
    });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().data.url);
    return { url, state: url.searchParams.get('state')! };
  };
  const finish = (provider: string, body: Record<string, unknown>, binding: string | null = tab) =>
    t.app.inject({
      method: 'POST',
      url: `/api/auth/social/${provider}`,
      headers: client,
      payload: binding === null ? body : { binding, ...body },
    });

  it('says which providers are configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers', headers: client });
    expect(res.json()).toEqual({ data: { facebook: true, google: true } });
  });

  it('signs an existing partner in with Facebook, with a state usable once', async () => {
    const { url, state } = await start('Facebook');
    expect(url.origin + url.pathname).toBe('https://www.facebook.com/v19.0/dialog/oauth');
    expect(url.searchParams.get('redirect_uri')).toBe('https://partners.example.test/facebook_callback');
    expect(url.searchParams.get('client_id')).toBe('fb-app');

    const res = await finish('facebook', { code: 'fb-good-code', state });
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/get', headers: { authorization: `Bearer ${token}` } }))
        .statusCode,
    ).toBe(200);
    // The secret went to the provider, not the browser; the address now counts as verified.
    expect(stub.seen.some((s) => s.url.includes('client_secret=fb-secret'))).toBe(true);
    const row = await t.database.db
      .selectFrom('partners')
      .select(['id', 'verified'])
      .executeTakeFirstOrThrow();
    expect(row.verified).toBe(1);
    // The partner is told of the sign-in by mail, in case it was not them (docs/decisions/063).
    const notice = await t.database.db
      .selectFrom('mail_outbox')
      .select('payload')
      .where('partner_id', '=', row.id)
      .where('kind', '=', 'account_change')
      .executeTakeFirst();
    expect(JSON.parse(notice!.payload!)).toEqual({ kind: 'sign_in', provider: 'Facebook' });
    // Its first verification, so its welcome too (docs/product/partners-and-accounts.md#welcome-mail).
    const welcome = await t.database.db
      .selectFrom('mail_outbox')
      .select('dedupe_key')
      .where('partner_id', '=', row.id)
      .where('kind', '=', 'welcome')
      .execute();
    expect(welcome).toEqual([{ dedupe_key: `welcome:${row.id}` }]);

    const replay = await finish('facebook', { code: 'fb-good-code', state });
    expect(replay.statusCode).toBe(400);
  });

  it('signs nobody in when the callback is opened in another browser than the one that started (login CSRF)', async () => {
    // No nonce, no start.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/getFacebook', headers: client })).statusCode,
    ).toBe(422);
    // The attacker starts in their browser and sends the callback link to someone else.
    const attacker = 'A'.repeat(43);
    const { state } = await start('Facebook', attacker);
    const before = stub.seen.length;
    for (const binding of [null, tab, 'A'.repeat(42) + 'B']) {
      const victim = await finish('facebook', { code: 'fb-good-code', state }, binding);
      expect(victim.statusCode).toBe(400);
      expect(victim.json()).toMatchObject({
        message:
          'This sign-in was started in another browser, has expired or was already used. Please start again from this browser.',
      });
      expect(victim.json()).not.toHaveProperty('token');
    }
    // The code was never traded at the provider.
    expect(stub.seen.length).toBe(before);
    // In the browser that started it, the same state still signs in.
    expect((await finish('facebook', { code: 'fb-good-code', state }, attacker)).statusCode).toBe(200);
  });

  it('refuses a forged state, a state of the other provider, and a bad code', async () => {
    expect((await finish('facebook', { code: 'fb-good-code', state: 'forged' })).statusCode).toBe(400);
    const { state } = await start('Google');
    expect((await finish('facebook', { code: 'fb-good-code', state })).statusCode).toBe(400);
    const fresh = await start('Facebook');
    const bad = await finish('facebook', { code: 'wrong-code', state: fresh.state });
    expect(bad.statusCode).toBe(502);
    expect(bad.json()).toMatchObject({
      code: 502,
      error: 'social_failed',
      message: 'The sign-in with this provider did not work. Please try again.',
      id: expect.any(String),
    });
    expect((await finish('twitter', { code: 'x', state: 'y' })).statusCode).toBe(422);
    expect((await finish('facebook', {})).statusCode).toBe(422);
  });

  it('does not sign in a person without a partner account', async () => {
    const { url, state } = await start('Google');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    const res = await finish('google', { code: 'g-good-code', state });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No partner account uses this e-mail yet. Please sign up first.');
    const token = stub.seen.find((s) => s.url === '/token');
    expect(new URLSearchParams(token!.body).get('client_secret')).toBe('g-secret');
  });

  it('refuses a suspended partner with a clear 403 in their language (docs/product/back-office.md#suspension)', async () => {
    const demo = () => t.database.db.updateTable('partners').where('email', '=', DEMO_PARTNER.email);
    await demo().set({ status: 'suspended' }).execute();
    try {
      const en = await finish('facebook', { code: 'fb-good-code', state: (await start('Facebook')).state });
      expect(en.statusCode).toBe(403);
      expect(en.json()).toEqual({
        code: 403,
        error: 'account_suspended',
        message: 'This partner account is suspended. Please contact the partner program team.',
      });
      const fr = await t.app.inject({
        method: 'POST',
        url: '/api/auth/social/facebook',
        headers: { ...client, 'accept-language': 'fr' },
        payload: { code: 'fb-good-code', state: (await start('Facebook')).state, binding: tab },
      });
      expect(fr.json()).toEqual({
        code: 403,
        error: 'account_suspended',
        message: 'Ce compte partenaire est suspendu. Veuillez contacter l’équipe du programme partenaires.',
      });
    } finally {
      await demo().set({ status: 'active' }).execute();
    }
    expect(
      (await finish('facebook', { code: 'fb-good-code', state: (await start('Facebook')).state })).statusCode,
    ).toBe(200);
  });
});

describe('social sign-in while not configured', () => {
  it('hides the providers and refuses to start', async () => {
    const t = await createTestApp({ env: { PUBLIC_CLIENT_TOKEN: CLIENT } });
    try {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/providers', headers: client })).json(),
      ).toEqual({ data: { facebook: false, google: false } });
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/auth/getFacebook',
            headers: { ...client, 'x-flow-binding': 'T'.repeat(43) },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/social/google',
            headers: client,
            payload: { code: 'a', state: 'b' },
          })
        ).statusCode,
      ).toBe(404);
    } finally {
      await t.close();
    }
  });
});
