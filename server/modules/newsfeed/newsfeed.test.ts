// The newsfeed (docs/product/engagement.md#badges): announcements, promotions, badges and sales of the partner in time
// order, paged without repeating or skipping an item, in the partner's language; only the
// partner's own; bad paging answering 422.
import { addToDay, DEFAULT_TIME_ZONE, localDay } from '../../../common/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, createStaffWithToken, type FixtureStaff } from '../../test/payouts-fixture';
import { deliver, shopifyOrderPayload } from '../../test/shopify';
import { issueToken } from '../auth/service';
import { createPartnerAccount } from '../partners/service';
import { createPromoCode } from '../promo-codes/service';

const SECRET = 'newsfeed-webhook-secret';
type Item = {
  kind: string;
  id: number;
  date: string;
  title: string | null;
  badge: string | null;
  sale: { order_number: string; commission: number } | null;
};

describe('newsfeed', () => {
  let t: TestApp;
  let manager: FixtureStaff;
  let en: { id: number; token: string };
  let fr: { id: number; token: string };
  const feed = async (token: string, query = '', lang = 'en') => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/newsfeed${query}`,
      headers: { ...bearer(token), 'accept-language': lang },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as { data: Item[]; total: number; last_page: number; current_page: number };
  };
  const send = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(manager.token), ...(payload ? { payload } : {}) });
  const sale = (code: string, id: number, createdAt: string) =>
    deliver(
      t.app,
      'orders/paid',
      shopifyOrderPayload({
        code,
        id,
        items: [['ACV Gummies', 1, 4000]],
        discountPercent: 0,
        country: 'CA',
        createdAt,
      }),
      { secret: SECRET },
    );

  beforeAll(async () => {
    t = await createTestApp({ env: { SHOPIFY_WEBHOOK_SECRET: SECRET } });
    manager = await createStaffWithToken(t.database.db, 'manager');
    const a = await createPartnerAccount(t.database.db, {
      email: 'feed-en@example.com',
      password: 'feed-partner-1',
      first_name: 'Fe',
      last_name: 'Ed',
    });
    await createPromoCode(t.database.db, a.id, 'FEEDEN');
    en = { id: a.id, token: (await issueToken(t.database.db, 'partner', a.id)).token };
    const b = await createPartnerAccount(t.database.db, {
      email: 'feed-fr@example.com',
      password: 'feed-partner-2',
      first_name: 'Fi',
      last_name: 'Le',
      locale: 'fr',
    });
    await createPromoCode(t.database.db, b.id, 'FEEDFR');
    fr = { id: b.id, token: (await issueToken(t.database.db, 'partner', b.id)).token };
  });
  afterAll(() => t.close());

  it('is empty for a new partner', async () => {
    expect(await feed(en.token)).toMatchObject({ data: [], total: 0, last_page: 1 });
  });

  it('holds sales, badges, announcements and promotions, newest first, each in the partner’s language', async () => {
    // Before today (a promo starting today is news from midnight).
    const yesterday = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const hourAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
    await sale('FEEDEN', 990_001, yesterday);
    await sale('FEEDEN', 990_002, hourAgo);
    await sale('FEEDFR', 990_003, hourAgo);
    await t.app.background.tick();
    // Days of the program's time zone (the default; decisions/054).
    const today = localDay(new Date(), DEFAULT_TIME_ZONE);
    const later = addToDay(today, { days: 5 });
    expect(
      (
        await send('POST', '/api/manager/promotions', {
          content: {
            en: { title: 'Gummy week', body: 'Share ACV.' },
            fr: { title: 'Semaine gummies', body: 'Partagez ACV.' },
          },
          product: 'acv',
          starts_on: today,
          ends_on: later,
        })
      ).statusCode,
    ).toBe(201);
    // Not started yet: not news.
    expect(
      (
        await send('POST', '/api/manager/promotions', {
          content: { en: { title: 'Next week', body: 'Soon.' } },
          product: null,
          starts_on: later,
          ends_on: later,
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await send('POST', '/api/manager/announcements', {
          content: {
            en: { title: 'New flavour', body: 'Matcha is here.' },
            fr: { title: 'Nouvelle saveur', body: 'Le matcha est là.' },
          },
        })
      ).statusCode,
    ).toBe(201);

    const page = await feed(en.token);
    expect(page.data.map((i) => i.kind)).toEqual(['announcement', 'badge', 'promotion', 'sale', 'sale']);
    expect(page.total).toBe(5);
    const [announcement, badge, promotion, newer, older] = page.data;
    expect(announcement).toMatchObject({ title: 'New flavour', sale: null, badge: null });
    expect(badge).toMatchObject({ badge: 'first_sale' });
    expect(promotion).toMatchObject({ title: 'Gummy week', body: 'Share ACV.' });
    expect(newer!.sale).toMatchObject({ commission: expect.any(Number), order_number: expect.any(String) });
    expect(newer!.date > older!.date).toBe(true);
    for (let i = 1; i < page.data.length; i++)
      expect(page.data[i - 1]!.date >= page.data[i]!.date).toBe(true);

    const french = await feed(fr.token, '', 'fr');
    expect(french.data.find((i) => i.kind === 'announcement')?.title).toBe('Nouvelle saveur');
    expect(french.data.find((i) => i.kind === 'promotion')?.title).toBe('Semaine gummies');
    // Only the partner's own sales and badges.
    expect(french.data.filter((i) => i.kind === 'sale')).toHaveLength(1);
    expect(french.data.find((i) => i.kind === 'sale')!.id).not.toBe(newer!.id);
  });

  it('pages without repeating or skipping an item', async () => {
    const whole = (await feed(en.token, '?length=100')).data.map((i) => `${i.kind}:${i.id}`);
    const paged: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const answer = await feed(en.token, `?page=${page}&length=2`);
      expect(answer.last_page).toBe(3);
      paged.push(...answer.data.map((i) => `${i.kind}:${i.id}`));
    }
    expect(paged).toEqual(whole);
    expect((await feed(en.token, '?page=9&length=2')).data).toEqual([]);
  });

  it('pages items of the same instant without repeating or skipping one', async () => {
    const p = await createPartnerAccount(t.database.db, {
      email: 'feed-tie@example.com',
      password: 'feed-partner-3',
      first_name: 'Ti',
      last_name: 'Ed',
    });
    const token = (await issueToken(t.database.db, 'partner', p.id)).token;
    const at = new Date(Date.now() - 60_000).toISOString();
    const row = (kind: 'badge' | 'announcement', n: number) => ({
      partner_id: p.id,
      kind,
      title: `${kind} ${n}`,
      body: '.',
      data: kind === 'badge' ? JSON.stringify({ badge: 'first_sale' }) : null,
      dedupe_key: `tie:${kind}:${n}`,
      read_at: null,
      created_at: at,
    });
    await t.database.db
      .insertInto('notifications')
      .values([row('announcement', 1), row('badge', 2), row('announcement', 3), row('badge', 4)])
      .execute();
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++)
      seen.push(...(await feed(token, `?page=${page}&length=1`)).data.map((i) => `${i.kind}:${i.title}`));
    expect(seen.sort()).toEqual([
      'announcement:announcement 1',
      'announcement:announcement 3',
      'badge:badge 2',
      'badge:badge 4',
    ]);
  });

  it('drops an announcement staff delete', async () => {
    const made = (
      await send('POST', '/api/manager/announcements', { content: { en: { title: 'Typo', body: 'Oops.' } } })
    ).json().data;
    expect((await feed(en.token)).data[0]).toMatchObject({ kind: 'announcement', title: 'Typo' });
    expect((await send('DELETE', `/api/manager/announcements/${made.id}`)).statusCode).toBe(200);
    expect((await feed(en.token)).data.some((i) => i.title === 'Typo')).toBe(false);
  });

  it('answers 401 without a partner session, and 422 to bad paging', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/newsfeed' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/newsfeed', headers: bearer(manager.token) }))
        .statusCode,
    ).toBe(401);
    for (const query of ['?page=0', '?length=101', '?page=x', '?length=-1'])
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/newsfeed${query}`, headers: bearer(en.token) }))
          .statusCode,
        query,
      ).toBe(422);
  });
});
