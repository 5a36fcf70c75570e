import type { AddressInfo } from 'node:net';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { deliver, shopifyOrderPayload } from '../../test/shopify';
import { DEMO_PARTNER, DEMO_PROMO_CODE, seedDemoProgram } from '../../seed/demo';
import { createPartnerAccount } from '../partners/service';
import { createPromoCode } from '../promo-codes/service';
import { approveMaturedEarnings } from '../ledger/service';

const SECRET = 'dashboard-webhook-secret';
const CLIENT = 'dashboard-test-public-client-token-0';

describe('the partner dashboard API', () => {
  let t: TestApp;
  let mayaToken: string;
  let mayaId: number;
  let otherToken: string;
  const get = (url: string, token = mayaToken, lang = 'en') =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
    });
  const paid = (code: string, items: [string, number, number][], country = 'US', email?: string) =>
    deliver(
      t.app,
      'orders/paid',
      shopifyOrderPayload({ code, items, country, discountPercent: 0, ...(email ? { email } : {}) }),
      { secret: SECRET },
    );

  beforeAll(async () => {
    t = await createTestApp({ env: { SHOPIFY_WEBHOOK_SECRET: SECRET, PUBLIC_CLIENT_TOKEN: CLIENT } });
    await seedDemoProgram(t.database.db);
    const maya = await t.database.db
      .selectFrom('partners')
      .select('id')
      .where('email', '=', DEMO_PARTNER.email)
      .executeTakeFirstOrThrow();
    mayaId = maya.id;
    const other = await createPartnerAccount(t.database.db, {
      email: 'other@example.com',
      password: 'other-partner-1',
      first_name: 'Olive',
      last_name: 'Other',
      referrer_id: maya.id,
    });
    await createPromoCode(t.database.db, other.id, 'OLIVE10');
    const signIn = async (email: string, password: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/get_token',
          headers: { authorization: `Bearer ${CLIENT}` },
          payload: { email, password },
        })
      ).json().token as string;
    mayaToken = await signIn(DEMO_PARTNER.email, DEMO_PARTNER.password);
    otherToken = await signIn('other@example.com', 'other-partner-1');

    await paid(DEMO_PROMO_CODE, [['ACV Gummies', 2, 2500]], 'CA');
    await paid(
      DEMO_PROMO_CODE,
      [
        ['Dreamy Sleep', 1, 3000],
        ['Calm Bites', 1, 2000],
      ],
      'US',
    );
    await paid(DEMO_PROMO_CODE, [['Matcha Mind', 1, 4000]], 'FR');
    await paid(DEMO_PROMO_CODE, [['Kids Multi', 1, 1000]], 'US', DEMO_PARTNER.email);
    for (let i = 0; i < 3; i++) await paid('OLIVE10', [['Beets Cardio', 1, 10000]], 'US');
  });
  afterAll(() => t.close());

  it('lists the partner’s own sales, newest first, paged, with the spec columns and labels', async () => {
    const res = await get('/api/getShopifySalesItemsNoVouchers');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ current_page: 1, per_page: 5, last_page: 1, total: 4 });
    expect(body.data).toHaveLength(4);
    expect(body.data[0]).toMatchObject({
      product: 'Kids Multi',
      order_amount: 10,
      commission: 1,
      status: 'IN_REVIEW',
      status_label: 'In Review',
      country: 'US',
      region: 'US',
    });
    expect(body.data[2]).toMatchObject({
      product: 'Dreamy Sleep +1',
      order_amount: 50,
      commission: 5,
      status: 'PENDING',
      status_label: 'Pending Approval',
    });
    expect(body.data.map((r: { order_number: string }) => r.order_number)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^#\d+$/)]),
    );
    const fr = (await get('/api/getShopifySalesItemsNoVouchers?length=6', mayaToken, 'fr')).json();
    expect(fr.per_page).toBe(6);
    expect(fr.data[2].status_label).toBe('En attente d\u2019approbation');
    const page2 = (await get('/api/getShopifySalesItemsNoVouchers?page=2&length=3')).json();
    expect(page2).toMatchObject({ current_page: 2, per_page: 3, last_page: 2, total: 4 });
    expect(page2.data).toHaveLength(1);
    // Past the last page: no rows, and still the count.
    expect((await get('/api/getShopifySalesItemsNoVouchers?page=9&length=3')).json()).toEqual({
      data: [],
      current_page: 9,
      per_page: 3,
      last_page: 2,
      total: 4,
    });
  });

  it('refuses bad paging with 422', async () => {
    for (const query of ['page=0', 'length=101', 'length=0', 'page=abc', 'length=2.5']) {
      const res = await get(`/api/getShopifySalesItemsNoVouchers?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().message).toBe('Form data is invalid');
    }
  });

  it('never shows a partner another partner’s rows', async () => {
    const olive = (await get('/api/getShopifySalesItemsNoVouchers?length=100', otherToken)).json();
    expect(olive.total).toBe(3);
    expect(olive.data.every((r: { product: string }) => r.product === 'Beets Cardio')).toBe(true);
    const maya = (await get('/api/getShopifySalesItemsNoVouchers?length=100')).json();
    expect(maya.data.some((r: { product: string }) => r.product === 'Beets Cardio')).toBe(false);
    expect((await get('/api/getShopifySalesItemsReferrals', otherToken)).json().total).toBe(0);
  });

  it('lists referral earnings with the referred partner', async () => {
    const body = (await get('/api/getShopifySalesItemsReferrals')).json();
    expect(body.total).toBe(3);
    expect(body.data[0]).toMatchObject({
      referral: 'Olive O.',
      order_amount: 100,
      commission: 5,
      status: 'PENDING',
    });
  });

  it('sums the figures from the ledger', async () => {
    const summary = (await get('/api/getPartnerSalesSummary')).json().data;
    // Sales: 50 + 50 + 40 + 10 (the review order is still a sale); earned: 5 + 5 + 4 own + 15 referral (review excluded).
    expect(summary).toMatchObject({
      current_month_sales: 150,
      current_month_orders: 4,
      average_order_value: 37.5,
      total_commissions: 29,
      this_month_commissions: 29,
      last_month_commissions: 0,
      latest_paid_cashout: null,
      currency: 'USD',
    });
    const totals = (await get('/api/getTotals')).json().data;
    expect(totals).toMatchObject({
      sales_count: 4,
      pending: 29,
      payable: 0,
      in_review: 1,
      referral_commissions: 15,
    });
    expect(totals.geography).toEqual([
      { region: 'CA', orders: 1, sales: 50 },
      { region: 'US', orders: 2, sales: 60 },
      { region: 'OTHER', orders: 1, sales: 40 },
    ]);
    const chart = (await get('/api/getPartnerSalesSummaryChart')).json().data;
    expect(chart.weekly).toHaveLength(12);
    expect(chart.monthly).toHaveLength(12);
    expect(chart.monthly[11]).toMatchObject({ orders: 4, sales: 150, commissions: 14 });
    expect(chart.monthly[0]).toMatchObject({ orders: 0, sales: 0, commissions: 0 });
  });

  it('shows the tiers and the progress to the next one, and raises the rate with verified sales', async () => {
    const before = (await get('/api/getPartnerVerifiedTiers', otherToken)).json().data;
    expect(before).toMatchObject({
      verified_sales: 0,
      current_rate: 10,
      next_tier: { min_sales: 25, rate: 15, sales_needed: 25 },
      progress: 0,
    });
    expect(before.tiers).toEqual([
      { min_sales: 0, rate: 10, reached: true },
      { min_sales: 25, rate: 15, reached: false },
      { min_sales: 100, rate: 20, reached: false },
      { min_sales: 250, rate: 25, reached: false },
    ]);
    for (let i = 0; i < 22; i++) await paid('OLIVE10', [['Beets Cardio', 1, 1000]], 'US');
    await approveMaturedEarnings(t.database.db, new Date(Date.now() + 31 * 86_400_000));
    const after = (await get('/api/getPartnerVerifiedTiers', otherToken)).json().data;
    expect(after).toMatchObject({
      verified_sales: 25,
      current_rate: 15,
      next_tier: { min_sales: 100, sales_needed: 75 },
    });
    await paid('OLIVE10', [['Beets Cardio', 1, 10000]], 'US');
    const newest = (await get('/api/getShopifySalesItemsNoVouchers', otherToken)).json().data[0];
    expect(newest.commission).toBe(15);
  });

  it('rings the bell for each sale once the follow-up job has run, and marks read', async () => {
    await t.app.background.tick();
    // The sales' notifications, the badges they (and the demo program's history) earned, and the
    // demo program's two announcements and custom notification.
    const badgeNotes = (
      await t.database.db
        .selectFrom('notifications')
        .select('id')
        .where('kind', '=', 'badge')
        .where('partner_id', '=', mayaId)
        .execute()
    ).length;
    expect(badgeNotes).toBeGreaterThan(0);
    const bell = (await get('/api/getBellNotifications')).json().data;
    expect(bell.count).toBe(4 + badgeNotes + 3);
    expect(bell.custom_unread).toBe(1);
    const saleItem = bell.items.find((item: { kind: string }) => item.kind === 'sale');
    expect(saleItem).toMatchObject({ kind: 'sale', title: 'New sale', read: false });
    expect(saleItem.body).toMatch(/^Order #\d+: you earned \$1\.00\.$/);
    const sales = (await get('/api/getSalesNotifications')).json().data;
    expect(sales).toHaveLength(4);
    // Running the jobs again creates nothing twice.
    await t.app.background.tick();
    expect((await get('/api/getBellNotifications')).json().data.count).toBe(4 + badgeNotes + 3);
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: { authorization: `Bearer ${mayaToken}` },
      payload: { ids: [saleItem.id] },
    });
    expect(read.json().data.count).toBe(3 + badgeNotes + 3);
    await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: { authorization: `Bearer ${mayaToken}` },
      payload: {},
    });
    expect((await get('/api/getBellNotifications')).json().data.count).toBe(0);
  });

  it('answers 401 without a token on every dashboard route', async () => {
    for (const url of [
      '/api/getPartnerSalesSummary',
      '/api/getTotals',
      '/api/getPartnerSalesSummaryChart',
      '/api/getPartnerVerifiedTiers',
      '/api/getShopifySalesItemsNoVouchers',
      '/api/getShopifySalesItemsReferrals',
      '/api/getVouchersPaginated',
      '/api/getSalesNotifications',
      '/api/getBellNotifications',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});

describe('live push', () => {
  it('sends new_order to the selling partner’s socket only, authenticated by the bearer token', async () => {
    const t = await createTestApp({ env: { SHOPIFY_WEBHOOK_SECRET: SECRET, PUBLIC_CLIENT_TOKEN: CLIENT } });
    try {
      await seedDemoProgram(t.database.db);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const token = (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/get_token',
          headers: { authorization: `Bearer ${CLIENT}` },
          payload: DEMO_PARTNER,
        })
      ).json().token;

      const refused = connect(url, {
        auth: { token: 'forged' },
        transports: ['websocket'],
        reconnection: false,
      });
      const refusal = await new Promise<string>((resolve) =>
        refused.on('connect_error', (err) => resolve(err.message)),
      );
      expect(refusal).toBe('Not Authorized');
      refused.close();

      const socket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', () => resolve());
        socket.on('connect_error', reject);
      });
      const received = new Promise<Record<string, unknown>>((resolve) => socket.on('new_order', resolve));
      await deliver(t.app, 'orders/paid', shopifyOrderPayload({ code: DEMO_PROMO_CODE }), { secret: SECRET });
      await t.app.background.tick();
      const event = await received;
      expect(event).toMatchObject({ order_id: expect.any(Number), notification_id: expect.any(Number) });
      socket.close();
    } finally {
      await t.close();
    }
  });
});

describe('the promo code in the profile', () => {
  it('shows the rate the partner earns now', async () => {
    const t = await createTestApp({ env: { SHOPIFY_WEBHOOK_SECRET: SECRET, PUBLIC_CLIENT_TOKEN: CLIENT } });
    try {
      await seedDemoProgram(t.database.db);
      await t.database.db
        .updateTable('partners')
        .set({ commission_override_bp: 2250 })
        .where('email', '=', DEMO_PARTNER.email)
        .execute();
      const token = (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/get_token',
          headers: { authorization: `Bearer ${CLIENT}` },
          payload: DEMO_PARTNER,
        })
      ).json().token;
      const { decryptPayload } = await import('../partners/service');
      const { resolveProgramSecrets } = await import('../settings/service');
      const key = (await resolveProgramSecrets(t.database.db, t.config)).userPayloadKey;
      const user = decryptPayload(
        key,
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/get',
            headers: { authorization: `Bearer ${token}` },
          })
        ).json().data,
      ) as { promo_codes: unknown[] };
      expect(user.promo_codes).toEqual([{ code: DEMO_PROMO_CODE, value: 15, commission_rate: 22.5 }]);
    } finally {
      await t.close();
    }
  });
});
