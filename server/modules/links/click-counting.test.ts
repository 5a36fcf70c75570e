// How short-link visits are counted (issue 31 item 7, docs/decisions/059-click-counting.md): a
// visitor (a keyed hash of the address and the user agent, never the address) counts once per code
// in 30 minutes; crawlers, link previews, prefetches and HEAD requests not at all; past the limit
// per address not either. Every hit is answered with the redirect. Two nodes on one database
// racing on the same visitor count it once.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../app';
import { openPostgres } from '../../db';
import type { DatabaseHandle } from '../../db';
import { createTestApp, type TestApp } from '../../test/app';
import { createPartnerAccount } from '../partners/service';
import { createPromoCode } from '../promo-codes/service';
import { resolveProgramSecrets } from '../settings/service';
import { claimVisitor } from './repository';
import {
  VISIT_WINDOW_MS,
  addressBlock,
  clickRecorder,
  countableVisit,
  forgetPastVisitors,
  visitorHash,
  visitorHashKey,
} from './service';

const STORE = 'https://shop.sunbite.example';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const silent = new Writable({ write: (_chunk, _encoding, callback) => callback() });

let serial = 0;

describe('counting short-link visits', () => {
  let t: TestApp;
  let key: Buffer;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp({ env: { STORE_URL: STORE }, build: { rateLimits: { shortLink: 100_000 } } });
    key = visitorHashKey((await resolveProgramSecrets(db(), t.config)).altchaSecret);
  });
  afterAll(() => t.close());

  /** A partner with a code of their own, for one test. */
  const partnerWithCode = async () => {
    serial += 1;
    const partner = await createPartnerAccount(db(), {
      email: `counted-${serial}@example.com`,
      password: 'counted-partner-1',
      first_name: 'Cou',
      last_name: 'Nted',
    });
    const code = await createPromoCode(db(), partner.id, `COUNT${serial}`);
    return { partnerId: partner.id, promoCodeId: code.id, code: code.code };
  };
  const clicks = async (partnerId: number) =>
    Number(
      (
        await db()
          .selectFrom('link_clicks')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('partner_id', '=', partnerId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const hit = (
    app: App,
    code: string,
    options: { address?: string; headers?: Record<string, string>; method?: 'GET' | 'HEAD' } = {},
  ) =>
    app.inject({
      method: options.method ?? 'GET',
      url: `/s/${code}`,
      remoteAddress: options.address ?? '198.51.100.7',
      headers: { 'user-agent': PHONE, ...options.headers },
    });
  const redirected = (answer: { statusCode: number; headers: Record<string, unknown> }, code: string) => {
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(`${STORE}/discount/${code}?redirect=/`);
  };

  it('counts 200 hits in a burst from one visitor once, and answers each with the redirect', async () => {
    const { partnerId, code } = await partnerWithCode();
    const answers = await Promise.all(Array.from({ length: 200 }, () => hit(t.app, code)));
    for (const answer of answers) redirected(answer, code);
    for (let i = 0; i < 20; i++) redirected(await hit(t.app, code), code);
    expect(await clicks(partnerId)).toBe(1);
  });

  it('counts another user agent, another address, another code, and another IPv6 network apart; the same IPv6 network is one visitor', async () => {
    const first = await partnerWithCode();
    const second = await partnerWithCode();
    await hit(t.app, first.code);
    await hit(t.app, first.code, { headers: { 'user-agent': DESKTOP } });
    await hit(t.app, first.code, { address: '198.51.100.8' });
    await hit(t.app, second.code);
    // A phone's IPv6 address changes within its /64; another household has another /64.
    await hit(t.app, first.code, { address: '2001:db8:1:2::10' });
    await hit(t.app, first.code, { address: '2001:db8:1:2:aaaa::77' });
    await hit(t.app, first.code, { address: '2001:db8:1:3::10' });
    expect(await clicks(first.partnerId)).toBe(5);
    expect(await clicks(second.partnerId)).toBe(1);
  });

  it('counts the visitor again once 30 minutes have passed (the service’s clock)', async () => {
    const { partnerId, promoCodeId } = await partnerWithCode();
    const record = clickRecorder(db(), key);
    const at = new Date('2026-12-02T10:00:00.000Z');
    const visit = (ms: number) =>
      record({
        partnerId,
        promoCodeId,
        at: new Date(at.getTime() + ms),
        address: '203.0.113.9',
        referrer: undefined,
        userAgent: PHONE,
      });
    expect(await visit(0)).toBe(true);
    expect(await visit(60_000)).toBe(false);
    expect(await visit(VISIT_WINDOW_MS - 1)).toBe(false);
    expect(await visit(VISIT_WINDOW_MS)).toBe(true);
    // The new window runs from that visit.
    expect(await visit(VISIT_WINDOW_MS + 29 * 60_000)).toBe(false);
    expect(await visit(2 * VISIT_WINDOW_MS)).toBe(true);
    expect(await clicks(partnerId)).toBe(3);
  });

  it('counts the visitor again through the route once their window has ended (the database’s times)', async () => {
    const { partnerId, promoCodeId, code } = await partnerWithCode();
    await hit(t.app, code, { address: '203.0.113.10' });
    await hit(t.app, code, { address: '203.0.113.10' });
    expect(await clicks(partnerId)).toBe(1);
    const visitor = visitorHash(key, 'visit', promoCodeId, addressBlock('203.0.113.10'), PHONE);
    const ended = new Date(Date.now() - 1000).toISOString();
    expect(
      Number(
        (
          await db()
            .updateTable('link_visitors')
            .set({ expires_at: ended })
            .where('visitor_key', '=', visitor)
            .executeTakeFirst()
        ).numUpdatedRows,
      ),
    ).toBe(1);
    redirected(await hit(t.app, code, { address: '203.0.113.10' }), code);
    expect(await clicks(partnerId)).toBe(2);
  });

  it('redirects crawlers, link previews, scripts, prefetches and HEAD requests without counting them', async () => {
    const { partnerId, code } = await partnerWithCode();
    const bots = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)',
      'Twitterbot/1.0',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
      'WhatsApp/2.23.20.0 A',
      'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
      'TelegramBot (like TwitterBot)',
      'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5',
      'http.rb/5.1.1 (Mastodon/4.2.1; +https://mastodon.social/)',
      'curl/8.5.0',
      'Wget/1.21.4',
      'python-requests/2.32.3',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/126.0 Safari/537.36',
      '',
    ];
    for (const [i, agent] of bots.entries())
      redirected(
        await hit(t.app, code, { address: `192.0.2.${i + 1}`, headers: { 'user-agent': agent } }),
        code,
      );
    const prefetches: Record<string, string>[] = [
      { 'sec-purpose': 'prefetch' },
      { 'sec-purpose': 'prefetch;prerender' },
      { purpose: 'prefetch' },
      { 'x-purpose': 'preview' },
      { 'x-moz': 'prefetch' },
    ];
    for (const [i, headers] of prefetches.entries())
      redirected(await hit(t.app, code, { address: `192.0.2.${100 + i}`, headers }), code);
    const head = await hit(t.app, code, { address: '192.0.2.200', method: 'HEAD' });
    expect(head.statusCode).toBe(302);
    expect(await clicks(partnerId)).toBe(0);
    // And no visitor was claimed: the person who opens the link after its preview is counted.
    redirected(await hit(t.app, code, { address: '192.0.2.100' }), code);
    expect(await clicks(partnerId)).toBe(1);
  });

  it('counts the in-app browsers of Instagram, Facebook and Pinterest', () => {
    const get = (agent: string) => countableVisit('GET', { 'user-agent': agent });
    expect(
      get(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 334.0.4.32.98',
      ),
    ).toBe(true);
    expect(
      get(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0]',
      ),
    ).toBe(true);
    expect(
      get(
        'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36 [Pinterest/Android]',
      ),
    ).toBe(true);
    expect(get(DESKTOP)).toBe(true);
    expect(countableVisit('GET', { 'user-agent': DESKTOP, 'sec-purpose': 'prefetch' })).toBe(false);
  });

  it('keeps a keyed hash of the visitor, never the address or the user agent', async () => {
    const { code } = await partnerWithCode();
    const addresses = ['203.0.113.45', '2001:db8:abcd:12::1'];
    for (const address of addresses)
      redirected(await hit(t.app, code, { address, headers: { 'user-agent': DESKTOP } }), code);
    const rows = await db().selectFrom('link_visitors').selectAll().execute();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) expect(row.visitor_key).toMatch(/^[0-9a-f]{64}$/);
    const stored = JSON.stringify(rows);
    for (const address of [...addresses, '2001:db8:abcd:12', '203.0.113', 'Chrome/126.0'])
      expect(stored).not.toContain(address);
  });

  it('forgets visitors whose window has ended, in a periodic task', async () => {
    const { promoCodeId, partnerId } = await partnerWithCode();
    const record = clickRecorder(db(), key);
    const long = new Date(Date.now() - 2 * VISIT_WINDOW_MS);
    await record({
      partnerId,
      promoCodeId,
      at: long,
      address: '203.0.113.50',
      referrer: undefined,
      userAgent: PHONE,
    });
    await record({
      partnerId,
      promoCodeId,
      at: new Date(),
      address: '203.0.113.51',
      referrer: undefined,
      userAgent: PHONE,
    });
    const past = visitorHash(key, 'visit', promoCodeId, addressBlock('203.0.113.50'), PHONE);
    const current = visitorHash(key, 'visit', promoCodeId, addressBlock('203.0.113.51'), PHONE);
    const kept = async () =>
      (
        await db()
          .selectFrom('link_visitors')
          .select('visitor_key')
          .where('visitor_key', 'in', [past, current])
          .execute()
      ).map((r) => r.visitor_key);
    expect((await kept()).sort()).toEqual([past, current].sort());
    await t.app.background.tick();
    expect(await kept()).toEqual([current]);
    expect(
      await forgetPastVisitors(db(), new Date(Date.now() + VISIT_WINDOW_MS + 1000)),
    ).toBeGreaterThanOrEqual(1);
    expect(await kept()).toEqual([]);
  });
});

describe('the limit per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { STORE_URL: STORE }, build: { rateLimits: { shortLink: 5 } } });
  });
  afterAll(() => t.close());

  it('counts at most 5 hits a minute from one address (a new user agent each), redirects all of them, and another address still counts', async () => {
    const partner = await createPartnerAccount(t.database.db, {
      email: 'limited@example.com',
      password: 'limited-partner-1',
      first_name: 'Lim',
      last_name: 'Ited',
    });
    const code = await createPromoCode(t.database.db, partner.id, 'LIMITED15');
    const hit = (address: string, agent: string) =>
      t.app.inject({
        method: 'GET',
        url: '/s/LIMITED15',
        remoteAddress: address,
        headers: { 'user-agent': agent },
      });
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await hit('198.51.100.99', `${DESKTOP} Rotated/${i}`));
    answers.push(await hit('198.51.100.100', DESKTOP));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe(`${STORE}/discount/${code.code}?redirect=/`);
    }
    const rows = await t.database.db
      .selectFrom('link_clicks')
      .select('id')
      .where('partner_id', '=', partner.id)
      .execute();
    expect(rows).toHaveLength(6);
  });
});

describe('two nodes on one database', () => {
  let t: TestApp;
  let other: DatabaseHandle | undefined;
  let second: App;
  beforeAll(async () => {
    t = await createTestApp({ env: { STORE_URL: STORE }, build: { rateLimits: { shortLink: 100_000 } } });
    // A second pool on PostgreSQL, as another server would have; SQLite nodes share the file.
    other = t.database.url ? openPostgres(t.database.url, 5) : undefined;
    second = await buildApp({
      config: t.config,
      database: other ?? t.database,
      webRoot: `${t.dataDir}/no-web`,
      logStream: silent,
      rateLimits: { shortLink: 100_000 },
    });
  });
  afterAll(async () => {
    await second.close();
    await other?.close();
    await t.close();
  });

  it('counts a visitor once when their hits reach both nodes at the same time', async () => {
    const partner = await createPartnerAccount(t.database.db, {
      email: 'two-nodes@example.com',
      password: 'two-nodes-partner-1',
      first_name: 'Two',
      last_name: 'Nodes',
    });
    const code = await createPromoCode(t.database.db, partner.id, 'TWONODES15');
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        (i % 2 ? second : t.app).inject({
          method: 'GET',
          url: '/s/TWONODES15',
          remoteAddress: '198.51.100.77',
          headers: { 'user-agent': PHONE },
        }),
      ),
    );
    expect(
      answers.every(
        (a) => a.statusCode === 302 && a.headers.location === `${STORE}/discount/${code.code}?redirect=/`,
      ),
    ).toBe(true);
    const rows = await t.database.db
      .selectFrom('link_clicks')
      .select('id')
      .where('partner_id', '=', partner.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('claims a visitor once among 30 claims at once on both pools, and again once its window has ended', async () => {
    const pools = [t.database.db, (other ?? t.database).db];
    const now = '2026-12-02T10:00:00.000Z';
    const claims = (at: string, until: string) =>
      Promise.all(
        Array.from({ length: 30 }, (_, i) => claimVisitor(pools[i % 2]!, 'f'.repeat(64), at, until)),
      );
    expect((await claims(now, '2026-12-02T10:30:00.000Z')).filter(Boolean)).toHaveLength(1);
    expect(
      (await claims('2026-12-02T10:29:59.999Z', '2026-12-02T10:59:59.999Z')).filter(Boolean),
    ).toHaveLength(0);
    expect(
      (await claims('2026-12-02T10:30:00.000Z', '2026-12-02T11:00:00.000Z')).filter(Boolean),
    ).toHaveLength(1);
    const row = await t.database.db
      .selectFrom('link_visitors')
      .selectAll()
      .where('visitor_key', '=', 'f'.repeat(64))
      .executeTakeFirstOrThrow();
    expect(row.expires_at).toBe('2026-12-02T11:00:00.000Z');
  });

  it('lets one of two recorders claim a visitor racing on both pools', async () => {
    const partner = await createPartnerAccount(t.database.db, {
      email: 'two-pools@example.com',
      password: 'two-pools-partner-1',
      first_name: 'Two',
      last_name: 'Pools',
    });
    const code = await createPromoCode(t.database.db, partner.id, 'TWOPOOLS15');
    const key = visitorHashKey((await resolveProgramSecrets(t.database.db, t.config)).altchaSecret);
    const recorders = [clickRecorder(t.database.db, key), clickRecorder((other ?? t.database).db, key)];
    const at = new Date();
    const counted = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        recorders[i % 2]!({
          partnerId: partner.id,
          promoCodeId: code.id,
          at,
          address: '198.51.100.78',
          referrer: undefined,
          userAgent: PHONE,
        }),
      ),
    );
    expect(counted.filter(Boolean)).toHaveLength(1);
    const rows = await t.database.db
      .selectFrom('link_clicks')
      .select('id')
      .where('partner_id', '=', partner.id)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
