// Connected accounts (docs/product/links-and-integrations.md#instagram) against a local stand-in of Instagram's and Facebook's
// APIs: the OAuth code flows with a single-use state bound to the partner, tokens sealed at rest,
// refresh before expiry, the posts and the top posts, "reconnect" on error 190, rate limits
// waited out, authorization both ways and bad input changing nothing.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { startMetaStandIn, type MetaStandIn } from '../../test/meta-stand-in';
import { bearer, createStaffWithToken } from '../../test/payouts-fixture';
import { issueToken } from '../auth/service';
import { createPartnerAccount, decryptPayload } from '../partners/service';
import { createPromoCode } from '../promo-codes/service';
import { resolveProgramSecrets } from '../settings/service';
import { openToken, sealToken, tokenBinding } from './seal';
import { REFRESH_BEFORE_MS, carriesPartnerMark, integrationDeps, syncDueIntegrations } from './service';

const PUBLIC_URL = 'https://partners.sunbite.example';
const quiet = { warn: () => undefined };

describe('connected accounts', () => {
  let meta: MetaStandIn;
  let t: TestApp;
  let maya: { id: number; token: string; uuid: string };
  let leo: { id: number; token: string; uuid: string };

  // The browser tab's nonce (common/flow-binding.ts): sent by every start, posted by every finish
  // that does not say otherwise, as the web does.
  const tab = 'T'.repeat(43);
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...(token ? bearer(token) : {}),
        ...(url.endsWith('/start') ? { 'x-flow-binding': tab } : {}),
      },
      ...(payload
        ? { payload: (url.endsWith('/connect') ? { binding: tab, ...payload } : payload) as object }
        : {}),
    });
  const stateOf = (url: string) => new URL(url).searchParams.get('state')!;
  const deps = async () =>
    integrationDeps({
      db: t.database.db,
      config: t.config,
      secrets: await resolveProgramSecrets(t.database.db, t.config),
    });
  const rows = () => t.database.db.selectFrom('partner_integrations').selectAll().execute();

  /** Starts as the browser would, has the stand-in consent, answers what the callback page posts. */
  async function connect(
    who: { token: string },
    provider: 'instagram' | 'facebook',
    posts?: Parameters<MetaStandIn['addAccount']>[1],
  ) {
    const started = await call('POST', `/api/integrations/${provider}/start`, who.token);
    expect(started.statusCode).toBe(200);
    const url = new URL(started.json().data.url);
    const account = meta.addAccount(provider, posts);
    const code = meta.issueCode(account, url.searchParams.get('redirect_uri')!);
    const answer = await call('POST', `/api/integrations/${provider}/connect`, who.token, {
      code,
      state: url.searchParams.get('state'),
    });
    return { answer, account, url };
  }

  beforeAll(async () => {
    meta = await startMetaStandIn();
    t = await createTestApp({
      env: {
        PUBLIC_URL,
        INSTAGRAM_APP_ID: meta.appId,
        INSTAGRAM_APP_SECRET: meta.secret,
        INSTAGRAM_AUTHORIZE_URL: `${meta.url}/oauth/authorize`,
        INSTAGRAM_API_URL: meta.url,
        INSTAGRAM_GRAPH_URL: meta.url,
        FACEBOOK_APP_ID: meta.facebookAppId,
        FACEBOOK_APP_SECRET: meta.facebookSecret,
        FACEBOOK_GRAPH_URL: meta.url,
      },
      // Far more connections a minute than a person makes: the limit is not what is tested here.
      build: { rateLimits: { registration: 10_000 } },
    });
    for (const [name, code] of [
      ['maya', 'MAYA15'],
      ['leo', 'LEO20'],
    ] as const) {
      const p = await createPartnerAccount(t.database.db, {
        email: `${name}@example.com`,
        password: `${name}-partner-password`,
        first_name: name,
        last_name: 'Partner',
      });
      await createPromoCode(t.database.db, p.id, code);
      const who = { id: p.id, uuid: p.uuid, token: (await issueToken(t.database.db, 'partner', p.id)).token };
      if (name === 'maya') maya = who;
      else leo = who;
    }
  });
  afterEach(async () => {
    await t.database.db.deleteFrom('instagram_media').execute();
    await t.database.db.deleteFrom('partner_integrations').execute();
    meta.rateLimit(0);
    meta.fail(0);
  });
  afterAll(async () => {
    await t.close();
    await meta.close();
  });

  it('starts Instagram with the consent URL of docs/product/links-and-integrations.md#instagram and a state of its own', async () => {
    const a = (await call('POST', '/api/integrations/instagram/start', maya.token)).json().data.url as string;
    const b = (await call('POST', '/api/integrations/instagram/start', maya.token)).json().data.url as string;
    const url = new URL(a);
    expect(`${url.origin}${url.pathname}`).toBe(`${meta.url}/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: meta.appId,
      redirect_uri: `${PUBLIC_URL}/account/connect/instagram`,
      response_type: 'code',
      scope: 'instagram_business_basic',
    });
    expect(stateOf(a)).toMatch(/^[\w-]{32,}$/);
    expect(stateOf(a)).not.toBe(stateOf(b));
    // Facebook's dialog, with the portal's connect page to come back to.
    const fb = new URL((await call('POST', '/api/integrations/facebook/start', maya.token)).json().data.url);
    expect(fb.origin).toBe('https://www.facebook.com');
    expect(fb.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/account/connect/facebook`);
  });

  it('connects Instagram: the code traded for a long-lived token, kept sealed, the account and its top posts shown', async () => {
    const { answer, account } = await connect(maya, 'instagram');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({
      configured: true,
      status: 'connected',
      account: { id: account.userId, username: account.username, name: account.name },
    });
    // The account's picture is the portal's own copy, not the provider's address.
    const accountPicture = answer.json().data.account.picture_url as string;
    expect(accountPicture).toMatch(/^\/api\/integrations\/media\/[a-f0-9]{32}\.webp$/);
    expect((await call('GET', accountPicture)).statusCode).toBe(200);
    // The calls Instagram expects, in order: the code at the API host, then the long-lived exchange.
    const exchange = meta.calls.find((c) => c.path === '/oauth/access_token')!;
    expect(exchange).toMatchObject({
      method: 'POST',
      params: {
        client_id: meta.appId,
        client_secret: meta.secret,
        grant_type: 'authorization_code',
        redirect_uri: `${PUBLIC_URL}/account/connect/instagram`,
      },
    });
    expect(
      meta.calls.some((c) => c.path === '/access_token' && c.params.grant_type === 'ig_exchange_token'),
    ).toBe(true);
    const media = meta.calls.find((c) => c.path === '/me/media')!;
    expect(media.params.fields).toBe(
      'id,caption,media_type,media_url,thumbnail_url,permalink,timestamp,like_count,comments_count',
    );

    // The database holds no token in the clear, only one that opens for this partner.
    const [row] = await rows();
    for (const token of meta.tokenValues()) expect(JSON.stringify(row)).not.toContain(token);
    const secrets = await resolveProgramSecrets(t.database.db, t.config);
    const opened = openToken(secrets.integrationsKey, row!.token_sealed, tokenBinding(maya.id, 'instagram'))!;
    expect(meta.isToken(opened)).toBe(true);
    expect(
      openToken(secrets.integrationsKey, row!.token_sealed, tokenBinding(leo.id, 'instagram')),
    ).toBeNull();

    // Top posts: only those with the code or the hashtag, by likes plus comments.
    const top = (await call('GET', '/api/integrations/instagram/top-posts', maya.token)).json().data;
    expect(top).toMatchObject({ status: 'connected', username: account.username });
    expect(
      top.posts.map((p: { like_count: number; comments_count: number }) => p.like_count + p.comments_count),
    ).toEqual([381, 134, 58]);
    expect(top.posts[0]).toMatchObject({
      media_type: 'VIDEO',
      thumbnail_url: expect.stringMatching(/^\/api\/integrations\/media\/[a-f0-9]{32}\.webp$/),
      permalink: expect.stringContaining('instagram.com/p/'),
    });
    // The pictures are the portal's own copies: a video's thumbnail, square WebPs, served without a credential.
    expect(meta.calls.some((c) => c.path.endsWith('-3-thumb.jpg'))).toBe(true);
    expect(meta.calls.some((c) => c.path.endsWith('-3.mp4'))).toBe(false);
    const picture = await call('GET', top.posts[0].thumbnail_url);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.headers['cache-control']).toContain('immutable');
    const sharp = (await import('sharp')).default;
    expect(await sharp(picture.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 480,
      height: 480,
    });
    expect((await call('GET', '/api/integrations/media/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
    expect((await call('GET', `/api/integrations/media/${'0'.repeat(32)}.webp`)).statusCode).toBe(404);
    // Nothing of it leaks to another partner.
    expect((await call('GET', '/api/integrations/instagram/top-posts', leo.token)).json().data).toMatchObject(
      { status: 'not_connected', posts: [] },
    );
    expect((await call('GET', '/api/integrations', leo.token)).json().data.instagram.status).toBe(
      'not_connected',
    );

    // The profile says what is connected, never a token.
    const payload = await call('GET', '/api/get', maya.token);
    const user = decryptPayload(secrets.userPayloadKey, payload.json().data) as Record<string, unknown>;
    expect(user.instagram_user).toEqual({
      ig_user_id: account.userId,
      username: account.username,
      status: 'connected',
    });
    for (const token of meta.tokenValues()) expect(JSON.stringify(user)).not.toContain(token);
  });

  it('ranks posts carrying the partner’s own code too, as a word in any case', async () => {
    const post = (id: string, caption: string, likes: number) => ({
      id,
      caption,
      media_type: 'IMAGE' as const,
      media_url: `${meta.url}/m/${id}.jpg`,
      permalink: `https://www.instagram.com/p/${id}/`,
      timestamp: '2026-11-01T10:00:00+0000',
      like_count: likes,
      comments_count: 0,
    });
    await connect(maya, 'instagram', [
      post('1', 'use maya15 at checkout', 10),
      post('2', 'code MAYA150 is not mine', 99),
      post('3', 'nothing here', 500),
      post('4', 'MAYA15!', 20),
    ]);
    const top = (await call('GET', '/api/integrations/instagram/top-posts', maya.token)).json().data;
    expect(top.posts.map((p: { id: string }) => p.id)).toEqual(['4', '1']);
    expect(carriesPartnerMark('#SunbitePartnerships', [])).toBe(false);
    expect(carriesPartnerMark('love it #sunbitepartner', [])).toBe(true);
  });

  it('keeps a post whose owner hid its likes as hidden (null), not as 0 likes, ranked by its comments', async () => {
    const post = (id: string, likes: number | undefined, comments: number) => ({
      id,
      caption: `#SunbitePartner ${id}`,
      media_type: 'IMAGE' as const,
      media_url: `${meta.url}/m/${id}.jpg`,
      permalink: `https://www.instagram.com/p/${id}/`,
      timestamp: '2026-11-03T10:00:00+0000',
      // Graph leaves like_count out of a media whose owner hid the count.
      ...(likes === undefined ? {} : { like_count: likes }),
      comments_count: comments,
    });
    await connect(maya, 'instagram', [
      post('shown', 40, 2),
      post('hidden', undefined, 30),
      post('zero', 0, 0),
    ]);

    const stored = await t.database.db
      .selectFrom('instagram_media')
      .select(['media_id', 'like_count', 'likes_hidden'])
      .where('partner_id', '=', maya.id)
      .orderBy('media_id')
      .execute();
    expect(stored).toEqual([
      { media_id: 'hidden', like_count: 0, likes_hidden: 1 },
      { media_id: 'shown', like_count: 40, likes_hidden: 0 },
      { media_id: 'zero', like_count: 0, likes_hidden: 0 },
    ]);
    const top = (await call('GET', '/api/integrations/instagram/top-posts', maya.token)).json().data;
    expect(
      top.posts.map((p: { id: string; like_count: number | null; comments_count: number }) => [
        p.id,
        p.like_count,
        p.comments_count,
      ]),
    ).toEqual([
      ['shown', 40, 2],
      ['hidden', null, 30],
      ['zero', 0, 0],
    ]);
  });

  it('drops a post whose permalink is not Instagram’s own https address (issue 31)', async () => {
    const post = (id: string, permalink: string) => ({
      id,
      caption: `#SunbitePartner ${id}`,
      media_type: 'IMAGE' as const,
      media_url: `${meta.url}/m/${id}.jpg`,
      permalink,
      timestamp: '2026-11-02T10:00:00+0000',
      like_count: 1,
      comments_count: 0,
    });
    await connect(maya, 'instagram', [
      post('ok', 'https://www.instagram.com/p/ok/'),
      post('js', 'javascript:alert(document.cookie)'),
      post('http', 'http://www.instagram.com/p/http/'),
      post('other', 'https://www.instagram.com.evil.example/p/other/'),
      post('creds', 'https://user:pass@www.instagram.com/p/creds/'),
    ]);
    const stored = await t.database.db
      .selectFrom('instagram_media')
      .select(['media_id', 'permalink'])
      .where('media_id', 'in', ['ok', 'js', 'http', 'other', 'creds'])
      .execute();
    expect(stored).toEqual([{ media_id: 'ok', permalink: 'https://www.instagram.com/p/ok/' }]);
    // One kept before links were checked is never shown.
    await t.database.db
      .updateTable('instagram_media')
      .set({ permalink: 'javascript:alert(1)' })
      .where('media_id', '=', 'ok')
      .execute();
    const top = (await call('GET', '/api/integrations/instagram/top-posts', maya.token)).json().data;
    expect(top.posts.map((p: { id: string }) => p.id)).not.toContain('ok');
    expect(JSON.stringify(top)).not.toContain('javascript:');
  });

  it('follows the media paging past the first page', async () => {
    const many = Array.from({ length: 70 }, (_, i) => ({
      id: `p${i}`,
      caption: `post ${i} #SunbitePartner`,
      media_type: 'IMAGE' as const,
      media_url: `${meta.url}/m/${i}.jpg`,
      permalink: `https://www.instagram.com/p/p${i}/`,
      timestamp: new Date(Date.UTC(2026, 9, 1 + (i % 28))).toISOString(),
      like_count: i,
      comments_count: 1,
    }));
    await connect(maya, 'instagram', many);
    expect(await t.database.db.selectFrom('instagram_media').select('id').execute()).toHaveLength(70);
    const top = (await call('GET', '/api/integrations/instagram/top-posts', maya.token)).json().data;
    expect(top.posts.map((p: { id: string }) => p.id)).toEqual(['p69', 'p68', 'p67', 'p66', 'p65', 'p64']);
  });

  it('takes a state only in the tab that started it: opened elsewhere it connects nothing, then still works at home', async () => {
    // A start without the tab's nonce is refused as a malformed request.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/integrations/instagram/start',
          headers: bearer(maya.token),
        })
      ).statusCode,
    ).toBe(422);
    const started = new URL(
      (await call('POST', '/api/integrations/instagram/start', maya.token)).json().data.url,
    );
    const state = started.searchParams.get('state')!;
    const account = meta.addAccount('instagram');
    const code = meta.issueCode(account, started.searchParams.get('redirect_uri')!);
    // The same partner's callback link in another browser: no nonce, or another tab's.
    for (const binding of [undefined, 'O'.repeat(43)]) {
      const elsewhere = await t.app.inject({
        method: 'POST',
        url: '/api/integrations/instagram/connect',
        headers: bearer(maya.token),
        payload: { code, state, ...(binding ? { binding } : {}) },
      });
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().message).toBe(
        'This connection was started in another browser, has expired or was already used. Please connect again from this browser.',
      );
    }
    expect(await rows()).toHaveLength(0);
    // Back in the tab that started it, the same state connects.
    expect(
      (await call('POST', '/api/integrations/instagram/connect', maya.token, { code, state })).statusCode,
    ).toBe(200);
    await call('DELETE', '/api/integrations/instagram', maya.token);
  });

  it('takes a state once, only from the partner it was issued to, for the provider it was issued for', async () => {
    const started = new URL(
      (await call('POST', '/api/integrations/instagram/start', maya.token)).json().data.url,
    );
    const redirect = started.searchParams.get('redirect_uri')!;
    const state = started.searchParams.get('state')!;
    const code = () => meta.issueCode(meta.addAccount('instagram'), redirect);
    // Another partner presenting Maya's state: refused, and the state is spent.
    const stolen = await call('POST', '/api/integrations/instagram/connect', leo.token, {
      code: code(),
      state,
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toEqual({
      code: 400,
      error: 'integration_state',
      message:
        'This connection was started in another browser, has expired or was already used. Please connect again from this browser.',
    });
    expect(
      (await call('POST', '/api/integrations/instagram/connect', maya.token, { code: code(), state }))
        .statusCode,
    ).toBe(400);
    // An Instagram state for Facebook, a made-up state: refused.
    const igState = stateOf(
      (await call('POST', '/api/integrations/instagram/start', maya.token)).json().data.url,
    );
    expect(
      (await call('POST', '/api/integrations/facebook/connect', maya.token, { code: 'x', state: igState }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call('POST', '/api/integrations/instagram/connect', maya.token, {
          code: code(),
          state: 'made-up-state',
        })
      ).statusCode,
    ).toBe(400);
    // A good state, used once: the second time is refused.
    const fresh = new URL(
      (await call('POST', '/api/integrations/instagram/start', maya.token)).json().data.url,
    );
    const once = { code: code(), state: fresh.searchParams.get('state') };
    expect((await call('POST', '/api/integrations/instagram/connect', maya.token, once)).statusCode).toBe(
      200,
    );
    expect(
      (await call('POST', '/api/integrations/instagram/connect', maya.token, { ...once, code: code() }))
        .statusCode,
    ).toBe(400);
    expect(await rows()).toHaveLength(1);
  });

  it('answers a code the provider refuses with 400, a provider down with 502, and keeps nothing', async () => {
    const state = stateOf(
      (await call('POST', '/api/integrations/instagram/start', maya.token)).json().data.url,
    );
    const answer = await call('POST', '/api/integrations/instagram/connect', maya.token, {
      code: 'not-a-code',
      state,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      code: 400,
      error: 'integration_failed',
      message: 'The provider did not confirm the connection. Please try again.',
    });
    const started = new URL(
      (await call('POST', '/api/integrations/instagram/start', maya.token)).json().data.url,
    );
    const code = meta.issueCode(meta.addAccount('instagram'), started.searchParams.get('redirect_uri')!);
    meta.fail(1);
    const down = await call('POST', '/api/integrations/instagram/connect', maya.token, {
      code,
      state: started.searchParams.get('state'),
    });
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({
      code: 502,
      error: 'integration_failed',
      message: 'The provider did not confirm the connection. Please try again.',
    });
    expect(await rows()).toHaveLength(0);
  });

  it('keeps only pictures from the provider’s own hosts, following no redirect out, judged by their bytes', async () => {
    const hits: string[] = [];
    const outside = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end('x');
    });
    await new Promise<void>((resolve) => outside.listen(0, '127.0.0.1', resolve));
    const elsewhere = `http://127.0.0.1:${(outside.address() as AddressInfo).port}/secret`;
    const post = (id: string, url: string) => ({
      id,
      caption: `#SunbitePartner ${id}`,
      media_type: 'IMAGE' as const,
      media_url: url,
      permalink: `https://www.instagram.com/p/${id}/`,
      timestamp: '2026-11-01T10:00:00+0000',
      like_count: Number(id),
      comments_count: 0,
    });
    await connect(maya, 'instagram', [
      post('1', `${meta.url}/media/elsewhere.jpg?to=${encodeURIComponent(elsewhere)}`),
      post('2', elsewhere),
      post('3', 'https://example.com/picture.jpg'),
      post('4', `${meta.url}/media/not-a-picture.jpg`),
      post('5', `${meta.url}/media/fine.jpg`),
    ]);
    await new Promise<void>((resolve) => outside.close(() => resolve()));
    expect(hits).toEqual([]);
    const top = (await call('GET', '/api/integrations/instagram/top-posts', maya.token)).json().data
      .posts as { id: string; thumbnail_url: string | null }[];
    expect(Object.fromEntries(top.map((p) => [p.id, p.thumbnail_url !== null]))).toEqual({
      1: false,
      2: false,
      3: false,
      4: false,
      5: true,
    });
  });

  it('refuses bad input with 4xx and changes nothing', async () => {
    for (const [url, body] of [
      ['/api/integrations/instagram/connect', {}],
      ['/api/integrations/instagram/connect', { code: '', state: 'x' }],
      ['/api/integrations/instagram/connect', { code: 'c', state: 'x'.repeat(201) }],
      ['/api/integrations/tiktok/connect', { code: 'c', state: 's' }],
      ['/api/integrations/tiktok/start', undefined],
    ] as const) {
      const answer = await call('POST', url, maya.token, body);
      expect(answer.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, url).toBeLessThan(500);
      expect(typeof answer.json().message).toBe('string');
    }
    expect((await call('DELETE', '/api/integrations/tiktok', maya.token)).statusCode).toBe(422);
    expect(await rows()).toHaveLength(0);
  });

  it('keeps partners and staff out of each other’s connections', async () => {
    await connect(maya, 'instagram');
    // No token, a staff token: refused on every route.
    const staff = await createStaffWithToken(t.database.db, 'admin');
    for (const [method, url] of [
      ['GET', '/api/integrations'],
      ['POST', '/api/integrations/instagram/start'],
      ['POST', '/api/integrations/instagram/connect'],
      ['DELETE', '/api/integrations/instagram'],
      ['GET', '/api/integrations/instagram/top-posts'],
    ] as const) {
      expect((await call(method, url)).statusCode, url).toBe(401);
      expect((await call(method, url, staff.token)).statusCode, url).toBe(401);
    }
    // Leo disconnecting touches only Leo.
    expect((await call('DELETE', '/api/integrations/instagram', leo.token)).statusCode).toBe(200);
    expect(await rows()).toHaveLength(1);
    // One Instagram account belongs to one partner.
    const [row] = await rows();
    const started = new URL(
      (await call('POST', '/api/integrations/instagram/start', leo.token)).json().data.url,
    );
    const code = meta.issueCode(
      meta.account(row!.provider_user_id)!,
      started.searchParams.get('redirect_uri')!,
    );
    const taken = await call('POST', '/api/integrations/instagram/connect', leo.token, {
      code,
      state: started.searchParams.get('state'),
    });
    expect(taken.statusCode).toBe(409);
    expect(await rows()).toHaveLength(1);
  });

  it('disconnects: the token, the posts and their pictures are deleted', async () => {
    await connect(maya, 'instagram');
    const kept = (await call('GET', '/api/integrations/instagram/top-posts', maya.token)).json().data.posts[0]
      .thumbnail_url as string;
    expect((await call('GET', kept)).statusCode).toBe(200);
    const answer = await call('DELETE', '/api/integrations/instagram', maya.token);
    expect(answer.json().data).toMatchObject({ status: 'not_connected', account: null });
    expect(await rows()).toHaveLength(0);
    expect(await t.database.db.selectFrom('instagram_media').select('id').execute()).toHaveLength(0);
    expect(
      (await call('GET', '/api/integrations/instagram/top-posts', maya.token)).json().data.posts,
    ).toEqual([]);
    expect((await call('GET', kept)).statusCode).toBe(404);
  });

  it('refreshes the long-lived token before it expires, not before it is a day old', async () => {
    await connect(maya, 'instagram');
    const [before] = await rows();
    const expires = Date.parse(before!.token_expires_at!);
    const refreshes = () => meta.calls.filter((c) => c.path === '/refresh_access_token').length;
    const at = async (when: Date) => {
      await t.database.db
        .updateTable('partner_integrations')
        .set({ next_sync_at: when.toISOString() })
        .execute();
      await syncDueIntegrations(await deps(), quiet, when);
    };
    // A day after connecting, with plenty of time left: no refresh.
    await at(new Date(Date.now() + 25 * 3600 * 1000));
    expect(refreshes()).toBe(0);
    // Close to expiry but refreshed less than a day ago (Instagram refuses younger tokens): none either.
    await t.database.db
      .updateTable('partner_integrations')
      .set({ token_refreshed_at: new Date(expires - REFRESH_BEFORE_MS).toISOString() })
      .execute();
    await at(new Date(expires - REFRESH_BEFORE_MS + 3600 * 1000));
    expect(refreshes()).toBe(0);
    await t.database.db
      .updateTable('partner_integrations')
      .set({ token_refreshed_at: before!.token_refreshed_at })
      .execute();
    // Within the last ten days: refreshed, the new token sealed in place of the old one.
    await at(new Date(expires - REFRESH_BEFORE_MS + 3600 * 1000));
    expect(refreshes()).toBe(1);
    const [after] = await rows();
    expect(after!.token_sealed).not.toBe(before!.token_sealed);
    expect(Date.parse(after!.token_expires_at!)).toBeGreaterThan(expires);
    expect(after!.status).toBe('connected');
  });

  it('shows "reconnect" when Instagram answers 190, instead of failing', async () => {
    const { account } = await connect(maya, 'instagram');
    meta.expireTokens(account.userId);
    await t.database.db
      .updateTable('partner_integrations')
      .set({ next_sync_at: new Date(0).toISOString() })
      .execute();
    await syncDueIntegrations(await deps(), quiet);
    const [row] = await rows();
    expect(row).toMatchObject({
      status: 'reconnect',
      status_reason: expect.stringContaining('Session has expired'),
    });
    expect((await call('GET', '/api/integrations', maya.token)).json().data.instagram.status).toBe(
      'reconnect',
    );
    const top = await call('GET', '/api/integrations/instagram/top-posts', maya.token);
    expect(top.statusCode).toBe(200);
    expect(top.json().data.status).toBe('reconnect');
    // Not tried again until the partner reconnects.
    const before = meta.calls.length;
    await syncDueIntegrations(await deps(), quiet, new Date(Date.now() + 2 * 24 * 3600 * 1000));
    expect(meta.calls.length).toBe(before);
    // Reconnecting puts it right.
    expect((await connect(maya, 'instagram')).answer.json().data.status).toBe('connected');
  });

  it('waits out a rate limit and a server error, keeping the account connected', async () => {
    await connect(maya, 'instagram');
    const due = async (when: Date) => {
      await t.database.db
        .updateTable('partner_integrations')
        .set({ next_sync_at: when.toISOString() })
        .execute();
    };
    const now = new Date(Date.now() + 3600 * 1000);
    // The round dates each claim by the time it has spent since `now` (a few ms on a loaded
    // machine), so the next sync lies between the wait and the wait plus the round's duration.
    const syncTimed = async () => {
      const started = performance.now();
      await syncDueIntegrations(await deps(), quiet, now);
      return performance.now() - started;
    };
    const expectNextSyncAfter = async (wait: number, spent: number) => {
      const [row] = await rows();
      expect(row!.status).toBe('connected');
      const after = Date.parse(row!.next_sync_at) - now.getTime();
      expect(after).toBeGreaterThanOrEqual(wait);
      expect(after).toBeLessThanOrEqual(wait + Math.ceil(spent));
    };
    await due(now);
    meta.rateLimit(5);
    await expectNextSyncAfter(15 * 60 * 1000, await syncTimed());
    meta.rateLimit(0);
    meta.fail(1);
    await due(now);
    await expectNextSyncAfter(5 * 60 * 1000, await syncTimed());
    // Then it works again.
    await due(now);
    const fetched = meta.calls.filter((c) => c.path === '/me/media').length;
    const spent = await syncTimed();
    expect(meta.calls.filter((c) => c.path === '/me/media').length).toBe(fetched + 1);
    await expectNextSyncAfter(3600 * 1000, spent);
  });

  it('syncs an account once when two nodes run the sync at the same moment', async () => {
    await connect(maya, 'instagram');
    await connect(leo, 'instagram');
    const now = new Date(Date.now() + 2 * 3600 * 1000);
    await t.database.db
      .updateTable('partner_integrations')
      .set({ next_sync_at: now.toISOString() })
      .execute();
    const before = meta.calls.filter((c) => c.path === '/me/media').length;
    const d = await deps();
    const tried = await Promise.all([syncDueIntegrations(d, quiet, now), syncDueIntegrations(d, quiet, now)]);
    expect(tried[0] + tried[1]).toBe(2);
    expect(meta.calls.filter((c) => c.path === '/me/media').length - before).toBe(2);
  });

  it('connects Facebook: its picture becomes the avatar’s fallback, the token never shown', async () => {
    const { answer, account } = await connect(maya, 'facebook');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({
      status: 'connected',
      account: { id: account.userId, name: account.name },
    });
    expect(
      meta.calls.some(
        (c) => c.path === '/v19.0/oauth/access_token' && c.params.grant_type === 'fb_exchange_token',
      ),
    ).toBe(true);
    const picture = meta.calls.find((c) => c.path === `/${account.userId}/picture`)!;
    expect(picture.params).toMatchObject({ type: 'large', redirect: 'false' });
    const secrets = await resolveProgramSecrets(t.database.db, t.config);
    const user = decryptPayload(
      secrets.userPayloadKey,
      (await call('GET', '/api/get', maya.token)).json().data,
    ) as Record<string, unknown>;
    expect(user.facebook_user).toEqual({ fb_user_id: account.userId, access_token: null });
    expect(user.social_picture).toMatch(/^\/api\/integrations\/media\/[a-f0-9]{32}\.webp$/);
    expect(meta.calls.some((c) => c.path === `/pictures/${account.userId}.jpg`)).toBe(true);
    // Revoked later: reconnect, the picture kept until then.
    meta.revokeTokens(account.userId);
    await t.database.db
      .updateTable('partner_integrations')
      .set({ next_sync_at: new Date(0).toISOString() })
      .execute();
    await syncDueIntegrations(await deps(), quiet);
    expect((await call('GET', '/api/integrations', maya.token)).json().data.facebook.status).toBe(
      'reconnect',
    );
  });

  it('seals a token so that it opens only with its key and its binding, and not once altered', () => {
    const key = Buffer.alloc(32, 7);
    const sealed = sealToken(key, 'IGLsecret', 'instagram:1');
    expect(sealed).not.toContain('IGLsecret');
    expect(openToken(key, sealed, 'instagram:1')).toBe('IGLsecret');
    expect(openToken(Buffer.alloc(32, 8), sealed, 'instagram:1')).toBeNull();
    expect(openToken(key, sealed, 'facebook:1')).toBeNull();
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(openToken(key, `v1.${bytes.toString('base64url')}`, 'instagram:1')).toBeNull();
  });
});

describe('connected accounts when no provider is configured', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    const p = await createPartnerAccount(t.database.db, {
      email: 'plain@example.com',
      password: 'plain-partner-password',
      first_name: 'Pla',
      last_name: 'In',
    });
    token = (await issueToken(t.database.db, 'partner', p.id)).token;
  });
  afterAll(() => t.close());

  it('says so (the buttons hide) and starts nothing', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/integrations', headers: bearer(token) });
    expect(list.json().data).toEqual({
      instagram: { configured: false, status: 'not_connected', account: null },
      facebook: { configured: false, status: 'not_connected', account: null },
    });
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/instagram/start',
      headers: { ...bearer(token), 'x-flow-binding': 'T'.repeat(43) },
    });
    expect(start.statusCode).toBe(404);
    expect(start.json().message).toBe('This connection is not available.');
  });
});
