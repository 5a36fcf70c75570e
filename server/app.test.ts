import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from './test/app';
import type { TestApp } from './test/app';
import { inject } from 'vitest';

describe('the API server', () => {
  let t: TestApp;
  let webRoot: string;
  const publicToken = 'test-public-client-token-0123456789';

  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-web-'));
    // A stand-in for the built SPA, so fallback and asset rules can be checked without a build.
    fs.mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html><head><meta name="portal-client" content="__PORTAL_CLIENT__"><meta name="portal-payload-key" content="__PORTAL_PAYLOAD_KEY__"></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webRoot, 'theme-init.js'), '/* theme */');
    t = await createTestApp({
      env: { PUBLIC_CLIENT_TOKEN: publicToken },
      build: { webRoot, rateLimits: { api: 1000 } },
    });
    // Routes that exist only to exercise the error contract.
    t.app.post(
      '/api/test/echo',
      { schema: { body: z.object({ email: z.email('This field must be a valid email'), n: z.number() }) } },
      async (request) => ({ data: request.body }),
    );
    t.app.get('/api/test/boom', async () => {
      throw new Error('secret internal detail at /srv/app.ts:42');
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('answers the health check with the database kind and version, without authentication', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.status).toBe('ok');
    expect(body.data.database).toBe(inject('dbTemplate').kind);
    expect(body.data.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('answers an unknown /api path with the JSON 404 of the contract', async () => {
    for (const url of ['/api/x', '/api/x/y?z=1', '/api']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ code: 404, error: 'not_found', message: 'Not Found' });
    }
    const post = await t.app.inject({ method: 'POST', url: '/api/nothing-here', payload: {} });
    expect(post.json()).toMatchObject({ code: 404 });
  });

  it('sends the security headers on pages and on API answers', async () => {
    for (const url of ['/api/health', '/', '/account/products/acv', '/api/x']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('serves the SPA for deep links, with the public client credential filled in', async () => {
    for (const url of [
      '/',
      '/account/products/acv',
      '/fr-partner/login',
      '/account?token=abc',
      '/404',
      '/no/such/page',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain(`content="${publicToken}"`);
      expect(res.body).not.toContain('__PORTAL_CLIENT__');
      expect(res.body).toMatch(/name="portal-payload-key" content="[A-Za-z0-9+/]{43}="/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves built files with the right caching, and never the raw index.html', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const theme = await t.app.inject({ method: 'GET', url: '/theme-init.js' });
    expect(theme.statusCode).toBe(200);
    expect(theme.headers['cache-control']).toBe('no-cache');
    const raw = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(raw.body).not.toContain('__PORTAL_CLIENT__');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 404 });
  });

  it('answers validation failures with 422 and the field messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'nope', n: 'x' },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe(422);
    expect(body.error).toBe('form_invalid');
    expect(body.message).toBe('Form data is invalid');
    expect(body.errors.email).toEqual(['This field must be a valid email']);
    expect(body.errors.n).toHaveLength(1);
  });

  it('answers malformed JSON with a 4xx of the contract, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, error: 'form_invalid', message: 'Form data is invalid' });
  });

  it('answers an unexpected failure with 500 and an error id that is in the log, without internals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toEqual({
      code: 500,
      error: 'server_error',
      message: 'Whoops, looks like something went wrong',
      id: expect.any(String),
    });
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toContain('.ts:');
    const logged = t.logs.find((line) => line.errorId === body.id);
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged)).toContain('secret internal detail');
  });

  it('never writes a token from a query string into the log', async () => {
    await t.app.inject({ method: 'GET', url: '/account?token=very-secret-token-value' });
    expect(JSON.stringify(t.logs)).not.toContain('very-secret-token-value');
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/subpartners/{slug}']),
    );
    expect(doc.components.securitySchemes.publicClient.scheme).toBe('bearer');
    expect(doc.components.schemas.Error.required).toEqual(['code', 'error', 'message']);
  });
});

describe('the public client credential', () => {
  let t: TestApp;
  const publicToken = 'another-public-client-token-987654';
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_CLIENT_TOKEN: publicToken } });
    await t.database.db
      .insertInto('subpartners')
      .values({
        slug: 'glowteam',
        name: 'Glow Team',
        logo_url: null,
        primary_color: '#112233',
        accent_color: '#445566',
        welcome_en: 'Welcome',
        welcome_fr: 'Bienvenue',
        created_at: new Date().toISOString(),
      })
      .execute();
  });
  afterAll(() => t.close());

  it('is required by public routes: missing or wrong answers 401 Not Authorized', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong',
      `Basic ${publicToken}`,
      'Bearer',
      `Bearer ${publicToken}x`,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/subpartners/glowteam',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toEqual({ code: 401, error: 'not_authorized', message: 'Not Authorized' });
    }
  });

  it('opens the route when right', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/subpartners/GlowTeam',
      headers: { authorization: `Bearer ${publicToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      slug: 'glowteam',
      name: 'Glow Team',
      welcome: { en: 'Welcome', fr: 'Bienvenue' },
    });
  });

  it('answers 404 for unknown slugs and reserved words', async () => {
    for (const slug of [
      'nobody',
      'account',
      'login',
      'manager',
      'api',
      'r',
      's',
      'bad_slug!',
      'x'.repeat(80),
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/subpartners/${encodeURIComponent(slug)}`,
        headers: { authorization: `Bearer ${publicToken}` },
      });
      expect(res.statusCode, slug).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, slug).toBeLessThan(500);
    }
  });

  it('is generated and stored on first start when not configured, the same for every node', async () => {
    const a = await createTestApp();
    try {
      const stored = await a.database.db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'public_client_token')
        .executeTakeFirstOrThrow();
      expect(stored.value.length).toBeGreaterThanOrEqual(40);
      const { resolveProgramSecrets } = await import('./modules/settings/service');
      const again = await Promise.all([1, 2, 3].map(() => resolveProgramSecrets(a.database.db, a.config)));
      expect(new Set(again.map((s) => s.publicClientToken))).toEqual(new Set([stored.value]));
      expect(new Set(again.map((s) => s.userPayloadKey.toString('hex'))).size).toBe(1);
      expect(again[0]!.userPayloadKey).toHaveLength(32);
    } finally {
      await a.close();
    }
  });
});

describe('throttling and outages', () => {
  it('answers 429 Too many requests past the limit', async () => {
    const t = await createTestApp({ build: { rateLimits: { api: 3 } } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++)
        codes.push((await t.app.inject({ method: 'GET', url: '/api/x' })).statusCode);
      // Unknown paths are not routes: they are not counted. The docs route is.
      for (let i = 0; i < 5; i++)
        codes.push((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode);
      expect(codes.slice(5)).toEqual([200, 200, 200, 429, 429]);
      const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
      expect(res.json()).toEqual({ code: 429, error: 'too_many_requests', message: 'Too many requests' });
      expect(res.headers['retry-after']).toBeDefined();
    } finally {
      await t.close();
    }
  });

  it('takes the API limit from RATE_LIMIT_API', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_API: '2' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++)
        codes.push((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode);
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });

  it('answers the health check with 503 when the database is gone', async () => {
    const t = await createTestApp();
    try {
      await t.database.close();
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: 503,
        error: 'unavailable',
        message: 'Service Unavailable',
        id: expect.any(String),
      });
    } finally {
      await t.app.close();
      await t.database.drop().catch(() => undefined);
    }
  });
});
