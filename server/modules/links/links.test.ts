// Short links (docs/product/links-and-integrations.md#short-links): `/s/{code}` counts a visit (no IP kept; 1,000 visitors at once
// counted exactly) and sends the shopper to the store with the code applied; the partner's visits
// and orders per day; the profile's links are real; only the partner's own figures. How visits are
// counted (once per visitor in 30 minutes, no bots, no prefetches, a limit per address) is in
// click-counting.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '../../../common/calendar';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, createStaffWithToken } from '../../test/payouts-fixture';
import { deliver, shopifyOrderPayload } from '../../test/shopify';
import { issueToken } from '../auth/service';
import { createPartnerAccount, decryptPayload } from '../partners/service';
import { createPromoCode } from '../promo-codes/service';
import { resolveProgramSecrets } from '../settings/service';
import { clickRecorder, deviceOf, linkStats, referrerHost, visitorHashKey } from './service';

const SECRET = 'links-webhook-secret';
const STORE = 'https://shop.sunbite.example';
// Days are the program's (America/Toronto unless admins change it, decisions/054).
const today = () => localDay(new Date(), 'America/Toronto');
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

describe('short links', () => {
  let t: TestApp;
  let seller: { id: number; token: string };
  let other: { id: number; token: string };
  const clicks = (partnerId: number) =>
    t.database.db.selectFrom('link_clicks').selectAll().where('partner_id', '=', partnerId).execute();
  const visit = (
    code: string,
    headers: Record<string, string> = { 'user-agent': PHONE },
    remoteAddress = '127.0.0.1',
  ) => t.app.inject({ method: 'GET', url: `/s/${code}`, headers, remoteAddress });
  const stats = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/links/stats', headers: bearer(token) })).json().data;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        SHOPIFY_WEBHOOK_SECRET: SECRET,
        STORE_URL: `${STORE}/`,
        PUBLIC_URL: 'https://partners.sunbite.example',
      },
      // A thousand visitors from as many addresses; the limit per address is tested apart.
      build: { rateLimits: { shortLink: 100_000 } },
    });
    const a = await createPartnerAccount(t.database.db, {
      email: 'linker@example.com',
      password: 'linker-partner-1',
      first_name: 'Lin',
      last_name: 'Ker',
    });
    await createPromoCode(t.database.db, a.id, 'LINK15');
    seller = { id: a.id, token: (await issueToken(t.database.db, 'partner', a.id)).token };
    const b = await createPartnerAccount(t.database.db, {
      email: 'other-linker@example.com',
      password: 'linker-partner-2',
      first_name: 'Oth',
      last_name: 'Er',
    });
    await createPromoCode(t.database.db, b.id, 'OTHER15');
    other = { id: b.id, token: (await issueToken(t.database.db, 'partner', b.id)).token };
  });
  afterAll(() => t.close());

  it('redirects to the store’s discount link and counts the visit with its site and device, no IP', async () => {
    const answer = await visit('link15', {
      'user-agent': PHONE,
      referer: 'https://www.instagram.com/p/abc?igsh=secret',
    });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(`${STORE}/discount/LINK15?redirect=/`);
    expect(answer.headers['cache-control']).toBe('no-store');
    const [row, ...more] = await clicks(seller.id);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({ referrer_host: 'instagram.com', device: 'mobile', day: today() });
    expect(Object.keys(row!).sort()).toEqual([
      'clicked_at',
      'day',
      'device',
      'id',
      'partner_id',
      'promo_code_id',
      'referrer_host',
    ]);
  });

  it('sends an unknown code to the store and counts nothing', async () => {
    const before = (await t.database.db.selectFrom('link_clicks').selectAll().execute()).length;
    for (const code of ['NOPE', 'x'.repeat(40), '%20']) {
      const answer = await visit(code);
      expect(answer.statusCode, code).toBe(302);
      expect(answer.headers.location).toBe(STORE);
    }
    expect((await visit('y'.repeat(41))).statusCode).toBe(422);
    expect((await t.database.db.selectFrom('link_clicks').selectAll().execute()).length).toBe(before);
  });

  it('counts 1,000 visitors at once exactly', async () => {
    const before = (await clicks(other.id)).length;
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        visit('OTHER15', { 'user-agent': PHONE }, `10.0.${i >> 8}.${i & 255}`),
      ),
    );
    expect(answers.every((a) => a.statusCode === 302)).toBe(true);
    expect((await clicks(other.id)).length - before).toBe(1000);
  });

  it('shows the partner visits and orders of the last 30 days, bots left out, and the conversion', async () => {
    await visit('LINK15', { 'user-agent': 'facebookexternalhit/1.1' });
    await visit('LINK15', {
      'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
    });
    await deliver(
      t.app,
      'orders/paid',
      shopifyOrderPayload({ code: 'LINK15', items: [['ACV Gummies', 1, 3000]], country: 'US' }),
      { secret: SECRET },
    );
    const mine = await stats(seller.token);
    expect(mine.days).toHaveLength(30);
    expect(mine.days.at(-1)).toEqual({ day: today(), clicks: 2, orders: 1 });
    expect(mine).toMatchObject({ clicks: 2, orders: 1, conversion: 0.5 });
    // The other partner's thousand visits are theirs only.
    expect((await stats(other.token)).clicks).toBe(1000);
  });

  it('cuts the days at midnight in Montréal: a click and an order at 9 pm on November 30th are that day’s', async () => {
    const db = t.database.db;
    const partner = await createPartnerAccount(db, {
      email: 'evening-linker@example.com',
      password: 'linker-partner-3',
      first_name: 'Eve',
      last_name: 'Ning',
    });
    const code = await createPromoCode(db, partner.id, 'EVENING15');
    // 21:00 on November 30th in Montréal is 02:00 UTC on December 1st.
    const evening = new Date('2026-12-01T02:00:00.000Z');
    const key = visitorHashKey((await resolveProgramSecrets(db, t.config)).altchaSecret);
    await clickRecorder(
      db,
      key,
    )({
      partnerId: partner.id,
      promoCodeId: code.id,
      at: evening,
      address: '192.0.2.30',
      referrer: undefined,
      userAgent: PHONE,
    });
    expect((await clicks(partner.id)).map((c) => c.day)).toEqual(['2026-11-30']);
    await deliver(
      t.app,
      'orders/paid',
      shopifyOrderPayload({
        code: 'EVENING15',
        items: [['ACV Gummies', 1, 3000]],
        createdAt: evening.toISOString(),
      }),
      { secret: SECRET },
    );
    const figures = await linkStats(db, partner.id, new Date('2026-12-01T13:00:00.000Z'));
    expect(figures.days.at(-1)).toEqual({ day: '2026-12-01', clicks: 0, orders: 0 });
    expect(figures.days.at(-2)).toEqual({ day: '2026-11-30', clicks: 1, orders: 1 });
    expect(figures.days[0]!.day).toBe('2026-11-02');
  });

  it('puts the real short and referral links in the profile', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/get', headers: bearer(seller.token) });
    const { userPayloadKey } = await resolveProgramSecrets(t.database.db, t.config);
    const user = decryptPayload(userPayloadKey, res.json().data) as Record<string, unknown>;
    expect(user).toMatchObject({
      short_url: 'https://partners.sunbite.example/s/LINK15',
      referral_short_url: 'https://partners.sunbite.example/r/LINK15',
    });
  });

  it('answers the figures to their partner only', async () => {
    const staff = await createStaffWithToken(t.database.db, 'manager');
    expect((await t.app.inject({ method: 'GET', url: '/api/links/stats' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/links/stats', headers: bearer(staff.token) }))
        .statusCode,
    ).toBe(401);
  });

  it('tells devices and referring sites apart', () => {
    expect(deviceOf(undefined)).toBe('bot');
    expect(deviceOf('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe('tablet');
    expect(deviceOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36')).toBe('mobile');
    expect(deviceOf('Mozilla/5.0 (Linux; Android 14; SM-X710) Safari/537.36')).toBe('tablet');
    expect(deviceOf('Googlebot/2.1 (+http://www.google.com/bot.html)')).toBe('bot');
    expect(referrerHost('android-app://com.instagram.android/')).toBeNull();
    expect(referrerHost('not a url')).toBeNull();
    expect(referrerHost('https://l.facebook.com/l.php?u=x')).toBe('l.facebook.com');
  });
});
