// Monthly challenges and promos (docs/product/engagement.md#monthly-challenges): progress from the month's sales, the reward paid
// once when the sales that met the target are verified (also with three sweeps on three
// connections at once), no reward when a refund drops the partner below it first, per-language
// content, staff's standings, authorization both ways, and bad input answering 4xx with nothing
// changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToDay, DEFAULT_TIME_ZONE, localDay, localMonthStart } from '../../../common/calendar';
import { openPostgres, type Db } from '../../db';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, createStaffWithToken, type FixtureStaff } from '../../test/payouts-fixture';
import { deliver, shopifyOrderPayload, shopifyRefundPayload, type OrderPayload } from '../../test/shopify';
import { issueToken } from '../auth/service';
import { createPartnerAccount } from '../partners/service';
import { createPromoCode } from '../promo-codes/service';
import { seedContent } from '../content/service';
import { approveMaturedEarnings } from '../ledger/service';
import { sweepChallengeRewards } from './service';

const SECRET = 'challenges-webhook-secret';
// Months and days of the program's time zone (the default; decisions/054).
const month = localMonthStart(new Date(), DEFAULT_TIME_ZONE).slice(0, 7);
const lastMonth = localMonthStart(new Date(), DEFAULT_TIME_ZONE, -1).slice(0, 7);

interface P {
  id: number;
  uuid: string;
  token: string;
  code: string;
  /** The language of the portal the partner reads in (their profile's, in these tests). */
  locale: 'en' | 'fr';
}

describe('monthly challenges', () => {
  let t: TestApp;
  let ana: P;
  let ben: P;
  let chloe: P;
  let manager: FixtureStaff;
  let reviewer: FixtureStaff;
  let countChallenge: number;
  let amountChallenge: number;
  const get = (url: string, token: string, lang = 'en') =>
    t.app.inject({ method: 'GET', url, headers: { ...bearer(token), 'accept-language': lang } });
  const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const challengesOf = async (p: P) =>
    (await get('/api/getChallenges', p.token, p.locale)).json().data as {
      id: number;
      title: string;
      progress: number;
      target: number;
      met: boolean;
      rewarded_at: string | null;
    }[];
  const sale = async (p: P, cents = 4000): Promise<OrderPayload> => {
    const order = shopifyOrderPayload({
      code: p.code,
      items: [['ACV Gummies', 1, cents]],
      discountPercent: 0,
      country: 'CA',
    });
    expect((await deliver(t.app, 'orders/paid', order, { secret: SECRET })).statusCode).toBe(200);
    return order;
  };
  const rewards = () => t.database.db.selectFrom('challenge_rewards').selectAll().orderBy('id').execute();
  const partner = async (email: string, code: string, locale: 'en' | 'fr'): Promise<P> => {
    const p = await createPartnerAccount(t.database.db, {
      email,
      password: `${code}-password-1`,
      first_name: code,
      last_name: 'Seller',
      locale,
    });
    await createPromoCode(t.database.db, p.id, code);
    return {
      id: p.id,
      uuid: p.uuid,
      token: (await issueToken(t.database.db, 'partner', p.id)).token,
      code,
      locale,
    };
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { SHOPIFY_WEBHOOK_SECRET: SECRET } });
    ana = await partner('ana@example.com', 'ANA15', 'en');
    ben = await partner('ben@example.com', 'BEN15', 'en');
    chloe = await partner('chloe@example.com', 'CHLOE15', 'fr');
    manager = await createStaffWithToken(t.database.db, 'manager');
    reviewer = await createStaffWithToken(t.database.db, 'reviewer');
  });
  afterAll(() => t.close());

  it('sets challenges for the month, shown to each partner in their language with progress', async () => {
    const made = await send('POST', '/api/manager/challenges', manager.token, {
      month,
      metric: 'sales_count',
      target: 3,
      reward: { kind: 'bonus', amount: 25 },
      content: {
        en: { title: 'Three sales', body: 'Sell three this month.' },
        fr: { title: 'Trois ventes', body: 'Vendez-en trois ce mois-ci.' },
      },
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toMatchObject({
      month,
      target: 3,
      reward: { kind: 'bonus', amount: 25 },
      met: 0,
      rewarded: 0,
      author: manager.name,
    });
    countChallenge = made.json().data.id;
    const amount = await send('POST', '/api/manager/challenges', manager.token, {
      month,
      metric: 'sales_amount',
      target: 100,
      reward: { kind: 'voucher', type: 'percent', amount: 20 },
      content: { en: { title: 'Sell $100', body: 'Reach $100 of sales.' } },
    });
    expect(amount.json().data).toMatchObject({
      metric: 'sales_amount',
      target: 100,
      reward: { kind: 'voucher', type: 'percent', amount: 20 },
    });
    amountChallenge = amount.json().data.id;

    expect(await challengesOf(ana)).toMatchObject([
      { title: 'Three sales', progress: 0, target: 3, met: false, rewarded_at: null },
      { title: 'Sell $100', progress: 0, target: 100, met: false },
    ]);
    // The French reader sees the French version, and not the challenge written in English only.
    expect((await challengesOf(chloe)).map((c) => c.title)).toEqual(['Trois ventes']);
  });

  it('moves the progress with each sale; pays nothing while the sales are pending', async () => {
    for (let i = 0; i < 3; i++) await sale(ana);
    expect(await challengesOf(ana)).toMatchObject([
      { progress: 3, met: true, rewarded_at: null },
      { progress: 120, met: true, rewarded_at: null },
    ]);
    expect(await sweepChallengeRewards(t.database.db)).toEqual([]);
    expect(await rewards()).toEqual([]);
  });

  it('does not reward a partner whom a refund drops below the target before the sales are verified', async () => {
    const orders = [await sale(ben), await sale(ben), await sale(ben)];
    expect((await challengesOf(ben))[0]).toMatchObject({ progress: 3, met: true });
    expect(
      (await deliver(t.app, 'refunds/create', shopifyRefundPayload(orders[0]!, [[0, 1]]), { secret: SECRET }))
        .statusCode,
    ).toBe(200);
    expect((await challengesOf(ben))[0]).toMatchObject({ progress: 2, met: false });
  });

  it('pays each reward once when the sales are verified, also with three sweeps on three connections at once', async () => {
    await approveMaturedEarnings(t.database.db, new Date(Date.now() + 31 * 86_400_000));
    const others: { db: Db; close(): Promise<void> }[] = t.database.url
      ? [openPostgres(t.database.url, 2), openPostgres(t.database.url, 2)]
      : [];
    try {
      const dbs = [
        t.database.db,
        ...(others.length ? others.map((o) => o.db) : [t.database.db, t.database.db]),
      ];
      const paid = (await Promise.all(dbs.map((db) => sweepChallengeRewards(db)))).flat();
      expect(paid.map((p) => [p.uuid, p.challengeId]).sort()).toEqual(
        [
          [ana.uuid, countChallenge],
          [ana.uuid, amountChallenge],
        ].sort(),
      );
    } finally {
      await Promise.all(others.map((o) => o.close()));
    }
    expect(await sweepChallengeRewards(t.database.db)).toEqual([]);
    const rows = await rewards();
    expect(rows.map((r) => [r.partner_id, r.challenge_id])).toEqual(
      expect.arrayContaining([
        [ana.id, countChallenge],
        [ana.id, amountChallenge],
      ]),
    );
    expect(rows).toHaveLength(2);

    // The bonus is an earning, payable at once; the voucher is the partner's.
    const bonus = await t.database.db
      .selectFrom('earnings')
      .selectAll()
      .where('partner_id', '=', ana.id)
      .where('kind', '=', 'bonus')
      .execute();
    expect(bonus).toMatchObject([
      { amount_cents: 2500, status: 'APPROVED', source_key: `challenge:${countChallenge}` },
    ]);
    const vouchers = (await get('/api/getVouchersPaginated', ana.token)).json().data;
    expect(vouchers).toMatchObject([{ type: 'percent', amount: 20, status: 'active' }]);
    // A notification each, and the challenge badge once.
    const notes = await t.database.db
      .selectFrom('notifications')
      .select(['kind', 'title', 'body'])
      .where('partner_id', '=', ana.id)
      .where('kind', '=', 'challenge')
      .execute();
    expect(notes.map((n) => n.title).sort()).toEqual([
      'Challenge met: Sell $100',
      'Challenge met: Three sales',
    ]);
    expect(notes.find((n) => n.title.endsWith('Three sales'))!.body).toBe(
      'Your reward: a $25.00 bonus, added to your balance.',
    );
    expect(notes.find((n) => n.title.endsWith('$100'))!.body).toMatch(
      /^Your reward: the voucher [A-Z0-9]+ \(20% off\)\.$/,
    );
    const badges = (await get('/api/get_badges', ana.token)).json().data as {
      id: string;
      awarded_at: string | null;
      progress: number;
    }[];
    expect(badges.find((b) => b.id === 'challenge_met')).toMatchObject({
      progress: 1,
      awarded_at: expect.any(String),
    });
    expect((await challengesOf(ana))[0]!.rewarded_at).toEqual(expect.any(String));
    // Ben, whom the refund dropped to two verified sales, gets nothing.
    expect(rows.some((r) => r.partner_id === ben.id)).toBe(false);
  });

  it('shows staff who met each challenge, and refuses to change one whose rewards were paid', async () => {
    const list = (await get('/api/manager/challenges', manager.token)).json();
    const count = list.data.find((c: { id: number }) => c.id === countChallenge);
    // The list counts by the month's running totals, where Ben's refunded order still counts as an
    // order; his line below weighs him exactly.
    expect(count).toMatchObject({ met: 2, rewarded: 1 });
    const standings = (await get(`/api/manager/challenges/${countChallenge}/partners`, manager.token)).json();
    expect(standings.total).toBe(2);
    expect(standings.data).toMatchObject([
      {
        partner: { uuid: ana.uuid, email: 'ana@example.com' },
        progress: 3,
        met: true,
        rewarded_at: expect.any(String),
      },
      { partner: { uuid: ben.uuid }, progress: 2, met: false, rewarded_at: null },
    ]);
    const body = {
      month,
      metric: 'sales_count',
      target: 5,
      reward: { kind: 'bonus', amount: 25 },
      content: { en: { title: 'Five', body: 'x' } },
    };
    expect(
      (await send('PATCH', `/api/manager/challenges/${countChallenge}`, manager.token, body)).statusCode,
    ).toBe(409);
    expect(
      (await send('DELETE', `/api/manager/challenges/${countChallenge}`, manager.token)).statusCode,
    ).toBe(409);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'challenge')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['challenge.create', 'challenge.create']);
  });

  it('edits and deletes a challenge nobody was rewarded for, with the audit log', async () => {
    const made = (
      await send('POST', '/api/manager/challenges', manager.token, {
        month,
        metric: 'sales_count',
        target: 50,
        reward: { kind: 'bonus', amount: 100 },
        content: { fr: { title: 'Cinquante', body: 'x' } },
      })
    ).json().data;
    const edited = await send('PATCH', `/api/manager/challenges/${made.id}`, manager.token, {
      month,
      metric: 'sales_count',
      target: 40,
      reward: { kind: 'voucher', type: 'fixed', amount: 15 },
      content: { fr: { title: 'Quarante', body: 'x' } },
    });
    expect(edited.json().data).toMatchObject({
      target: 40,
      reward: { kind: 'voucher', type: 'fixed', amount: 15 },
    });
    expect((await challengesOf(chloe)).map((c) => c.title)).toContain('Quarante');
    expect((await send('DELETE', `/api/manager/challenges/${made.id}`, manager.token)).json()).toEqual({
      data: { id: made.id },
    });
    expect((await challengesOf(chloe)).map((c) => c.title)).not.toContain('Quarante');
    const last = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'challenge')
      .where('entity_id', '=', String(made.id))
      .orderBy('id')
      .execute();
    expect(last.map((a) => a.action)).toEqual(['challenge.create', 'challenge.update', 'challenge.delete']);
    expect(JSON.parse(last[1]!.before!)).toMatchObject({
      target: 50,
      reward: { kind: 'bonus', amount: 100 },
    });
  });

  it('refuses bad input with 422 and changes nothing', async () => {
    const good = {
      month,
      metric: 'sales_count',
      target: 3,
      reward: { kind: 'bonus', amount: 10 },
      content: { en: { title: 'x', body: 'y' } },
    };
    const before = (await t.database.db.selectFrom('challenges').select('id').execute()).length;
    const cases: [unknown, string][] = [
      [{ ...good, month: lastMonth }, 'month'],
      [{ ...good, month: '2026-13' }, 'month'],
      [{ ...good, target: 0 }, 'target'],
      [{ ...good, target: 2.5 }, 'target'],
      [{ ...good, target: 'ten' }, 'target'],
      [{ ...good, metric: 'followers' }, 'metric'],
      [{ ...good, reward: { kind: 'bonus', amount: -5 } }, 'reward.amount'],
      [{ ...good, reward: { kind: 'bonus', amount: 10.001 } }, 'reward.amount'],
      [{ ...good, reward: { kind: 'voucher', type: 'percent', amount: 150 } }, 'reward.amount'],
      [{ ...good, reward: { kind: 'voucher', type: 'product', amount: 1 } }, 'reward.type'],
      [{ ...good, content: {} }, 'content'],
    ];
    for (const [payload, field] of cases) {
      const answer = await send('POST', '/api/manager/challenges', manager.token, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(answer.json().errors), JSON.stringify(payload)).toContain(field);
    }
    expect((await t.database.db.selectFrom('challenges').select('id').execute()).length).toBe(before);
  });

  it('opens the staff routes to managers only, and the partner route to partners only', async () => {
    expect((await get('/api/manager/challenges', reviewer.token)).statusCode).toBe(403);
    expect((await get(`/api/manager/challenges/${countChallenge}/partners`, reviewer.token)).statusCode).toBe(
      403,
    );
    expect((await get('/api/manager/challenges', ana.token)).statusCode).toBe(401);
    expect((await get('/api/getChallenges', manager.token)).statusCode).toBe(401);
    expect((await get('/api/manager/challenges/999999/partners', manager.token)).statusCode).toBe(404);
  });
});

describe('monthly promos', () => {
  let t: TestApp;
  let en: P;
  let fr: P;
  let manager: FixtureStaff;
  const today = localDay(new Date(), DEFAULT_TIME_ZONE);
  const inDays = (n: number) => addToDay(today, { days: n });
  const promos = async (p: P) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/getPromotions',
        headers: { ...bearer(p.token), 'accept-language': p.locale },
      })
    ).json().data as { title: string; image_url: string | null }[];
  const post = (payload: unknown, token = manager.token) =>
    t.app.inject({
      method: 'POST',
      url: '/api/manager/promotions',
      headers: bearer(token),
      payload: payload as object,
    });

  beforeAll(async () => {
    t = await createTestApp();
    // The products' artwork is what a promo shows as its image.
    await seedContent(t.database.db);
    const make = async (email: string, locale: 'en' | 'fr') => {
      const p = await createPartnerAccount(t.database.db, {
        email,
        password: 'promo-partner-password',
        first_name: 'Promo',
        last_name: 'Reader',
        locale,
      });
      return {
        id: p.id,
        uuid: p.uuid,
        token: (await issueToken(t.database.db, 'partner', p.id)).token,
        code: '',
        locale,
      };
    };
    en = await make('promo-en@example.com', 'en');
    fr = await make('promo-fr@example.com', 'fr');
    manager = await createStaffWithToken(t.database.db, 'manager');
  });
  afterAll(() => t.close());

  it('shows partners the promos running today, in their language, with the product’s artwork', async () => {
    const running = await post({
      content: {
        en: { title: '20% off ACV', body: 'All month.' },
        fr: { title: 'ACV à 20 %', body: 'Tout le mois.' },
      },
      product: 'acv',
      starts_on: today,
      ends_on: inDays(5),
    });
    expect(running.statusCode).toBe(201);
    expect(running.json().data).toMatchObject({
      product: 'acv',
      active: true,
      image_url: expect.stringMatching(/^\/api\/media\//),
    });
    await post({
      content: { en: { title: 'Later', body: 'Soon.' } },
      product: null,
      starts_on: inDays(10),
      ends_on: inDays(20),
    });
    await post({
      content: { en: { title: 'English only', body: 'x' } },
      product: null,
      starts_on: today,
      ends_on: today,
    });
    expect((await promos(en)).map((p) => p.title)).toEqual(['English only', '20% off ACV']);
    expect(await promos(fr)).toMatchObject([
      { title: 'ACV à 20 %', image_url: expect.stringMatching(/^\/api\/media\//) },
    ]);
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/manager/promotions', headers: bearer(manager.token) })
    ).json();
    expect(list.total).toBe(3);
    expect(list.data[0]).toMatchObject({ content: { en: { title: 'Later' } }, active: false });
  });

  it('refuses bad input with 422 and changes nothing; edits and deletes with the audit log', async () => {
    const good = {
      content: { en: { title: 'x', body: 'y' } },
      product: null,
      starts_on: today,
      ends_on: today,
    };
    const count = async () => (await t.database.db.selectFrom('promotions').select('id').execute()).length;
    const before = await count();
    for (const [payload, field] of [
      [{ ...good, ends_on: inDays(-1) }, 'ends_on'],
      [{ ...good, starts_on: '2026-02-30' }, 'starts_on'],
      [{ ...good, product: 'vodka' }, 'product'],
      [{ ...good, content: { fr: { title: '', body: 'y' } } }, 'content.fr.title'],
    ] as const) {
      const answer = await post(payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(answer.json().errors)).toContain(field);
    }
    expect(await count()).toBe(before);
    const [first] = (
      await t.app.inject({ method: 'GET', url: '/api/manager/promotions', headers: bearer(manager.token) })
    ).json().data;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/manager/promotions/${first.id}`,
      headers: bearer(manager.token),
      payload: { ...good, content: { en: { title: 'Sooner', body: 'y' } } },
    });
    expect(patched.json().data).toMatchObject({ content: { en: { title: 'Sooner' } }, active: true });
    expect((await promos(en)).map((p) => p.title)).toContain('Sooner');
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/manager/promotions/${first.id}`,
          headers: bearer(manager.token),
        })
      ).statusCode,
    ).toBe(200);
    expect((await promos(en)).map((p) => p.title)).not.toContain('Sooner');
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'promotion')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'promotion.create',
      'promotion.create',
      'promotion.create',
      'promotion.update',
      'promotion.delete',
    ]);
    const reviewer = await createStaffWithToken(t.database.db, 'reviewer');
    expect((await post(good, reviewer.token)).statusCode).toBe(403);
    expect((await post(good, en.token)).statusCode).toBe(401);
  });
});
