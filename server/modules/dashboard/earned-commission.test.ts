import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { deliver, shopifyOrderPayload, shopifyRefundPayload } from '../../test/shopify';
import type { OrderPayload } from '../../test/shopify';
import { importAssociatesReport, ensureTrackingId } from '../marketplace/service';
import { createPartnerAccount } from '../partners/service';
import { createPromoCode } from '../promo-codes/service';

const SECRET = 'earned-commission-secret';
const CLIENT = 'earned-commission-public-client-0';

// The commission a sales row shows is what the partner earns from that order now (docs/decisions/012):
// nothing once the earning is rejected, the lowered amount after a partial refund, and after a
// refund of a paid commission the paid amount less the adjustment the next payout deducts.
describe('the commission the sales lists show', () => {
  let t: TestApp;
  let sellerId: number;
  let sellerToken: string;
  let referrerToken: string;
  const send = (topic: string, payload: unknown) => deliver(t.app, topic, payload, { secret: SECRET });
  const get = async (url: string, token: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    return res.json() as {
      data: {
        order_number: string;
        order_amount: number;
        commission: number;
        status: string;
        adjustment?: number;
      }[];
    };
  };
  const rowOf = (list: Awaited<ReturnType<typeof get>>, order: OrderPayload) => {
    const row = list.data.find((r) => r.order_number === order.name);
    expect(row, order.name).toBeDefined();
    return row!;
  };
  const order = (items: [string, number, number][]) =>
    shopifyOrderPayload({ code: 'SELLER10', items, discountPercent: 0 });
  // Payouts arrive with the cash-out capability; until then a payout is its effect on the earning.
  const payOut = (o: OrderPayload) =>
    t.database.db
      .updateTable('earnings')
      .set({ status: 'PAID' })
      .where('order_id', '=', (eb) =>
        eb.selectFrom('orders').select('id').where('shopify_order_id', '=', String(o.id)),
      )
      .execute();

  const fullyRefunded = order([['ACV Gummies', 1, 10000]]);
  const partlyRefunded = order([
    ['Calm Bites', 1, 6000],
    ['Energy Bites', 1, 4000],
  ]);
  const refundedAfterPayout = order([['Matcha Mind', 1, 5000]]);
  const partlyAfterPayout = order([
    ['Kids Multi', 1, 3000],
    ['Beets Cardio', 1, 1000],
  ]);
  const cancelled = order([['Dreamy Sleep', 1, 3000]]);
  const untouched = order([['Supergreens', 1, 2000]]);

  beforeAll(async () => {
    t = await createTestApp({ env: { SHOPIFY_WEBHOOK_SECRET: SECRET, PUBLIC_CLIENT_TOKEN: CLIENT } });
    const referrer = await createPartnerAccount(t.database.db, {
      email: 'ref@example.com',
      password: 'referrer-pass-1',
      first_name: 'Rita',
      last_name: 'Referrer',
      referral_commission_amount: 5,
      referral_comission_type: 'percent',
    });
    const seller = await createPartnerAccount(t.database.db, {
      email: 'seller@example.com',
      password: 'seller-pass-1',
      first_name: 'Sol',
      last_name: 'Seller',
      referrer_id: referrer.id,
    });
    sellerId = seller.id;
    await createPromoCode(t.database.db, seller.id, 'SELLER10');
    const signIn = async (email: string, password: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/get_token',
          headers: { authorization: `Bearer ${CLIENT}` },
          payload: { email, password },
        })
      ).json().token as string;
    sellerToken = await signIn('seller@example.com', 'seller-pass-1');
    referrerToken = await signIn('ref@example.com', 'referrer-pass-1');

    for (const o of [
      fullyRefunded,
      partlyRefunded,
      refundedAfterPayout,
      partlyAfterPayout,
      cancelled,
      untouched,
    ])
      expect((await send('orders/paid', o)).statusCode).toBe(200);
    await send('refunds/create', shopifyRefundPayload(fullyRefunded, [[0, 1]]));
    await send('refunds/create', shopifyRefundPayload(partlyRefunded, [[1, 1]]));
    await payOut(refundedAfterPayout);
    await send('refunds/create', shopifyRefundPayload(refundedAfterPayout, [[0, 1]]));
    await payOut(partlyAfterPayout);
    await send('refunds/create', shopifyRefundPayload(partlyAfterPayout, [[0, 1]]));
    await send('orders/cancelled', { ...cancelled, cancelled_at: new Date().toISOString() });
  });
  afterAll(() => t.close());

  it('shows what the partner earns from each store sale', async () => {
    const list = await get('/api/getShopifySalesItemsNoVouchers?length=100', sellerToken);
    // The starting tier: 10 % of the subtotal.
    expect(rowOf(list, untouched)).toMatchObject({
      order_amount: 20,
      commission: 2,
      status: 'PENDING',
      adjustment: 0,
    });
    expect(rowOf(list, fullyRefunded)).toMatchObject({
      order_amount: 0,
      commission: 0,
      status: 'REJECTED',
      adjustment: 0,
    });
    expect(rowOf(list, partlyRefunded)).toMatchObject({
      order_amount: 60,
      commission: 6,
      status: 'PENDING',
      adjustment: 0,
    });
    expect(rowOf(list, cancelled)).toMatchObject({ commission: 0, status: 'REJECTED' });
    // Paid out, then refunded: the paid commission less what the next payout takes back.
    expect(rowOf(list, refundedAfterPayout)).toMatchObject({
      order_amount: 0,
      commission: 0,
      status: 'PAID',
      adjustment: -5,
    });
    expect(rowOf(list, partlyAfterPayout)).toMatchObject({
      order_amount: 10,
      commission: 1,
      status: 'PAID',
      adjustment: -3,
    });
  });

  it('shows what the referrer earns from each referred sale', async () => {
    const list = await get('/api/getShopifySalesItemsReferrals?length=100', referrerToken);
    // The referral commission: 5 % of the subtotal.
    expect(rowOf(list, untouched)).toMatchObject({ commission: 1, status: 'PENDING', adjustment: 0 });
    expect(rowOf(list, fullyRefunded)).toMatchObject({ order_amount: 0, commission: 0, status: 'REJECTED' });
    expect(rowOf(list, partlyRefunded)).toMatchObject({ commission: 3, status: 'PENDING' });
    expect(rowOf(list, cancelled)).toMatchObject({ commission: 0, status: 'REJECTED' });
    expect(rowOf(list, refundedAfterPayout)).toMatchObject({
      order_amount: 0,
      commission: 0,
      status: 'PAID',
      adjustment: -2.5,
    });
    expect(rowOf(list, partlyAfterPayout)).toMatchObject({
      commission: 0.5,
      status: 'PAID',
      adjustment: -1.5,
    });
  });

  it('shows nothing earned on a rejected marketplace sale', async () => {
    const tag = await ensureTrackingId(t.database.db, sellerId);
    const report = [
      'Tracking ID\tDate Shipped\tName\tItems Shipped\tRevenue($)',
      `${tag}\t2026-01-10\tSunbite Calm Bites\t1\t30.00`,
      `${tag}\t2026-01-11\tSunbite Matcha Mind\t1\t40.00`,
    ].join('\n');
    await importAssociatesReport(t.database.db, { name: 'returns.tsv', content: Buffer.from(report) }, null);
    const rejected = await t.database.db
      .selectFrom('earnings')
      .select('id')
      .where('partner_id', '=', sellerId)
      .where('kind', '=', 'marketplace')
      .where('base_cents', '=', 4000)
      .executeTakeFirstOrThrow();
    // Staff refuse a marketplace sale (the back office will do it through the ledger).
    await t.database.db
      .updateTable('earnings')
      .set({ status: 'REJECTED' })
      .where('id', '=', rejected.id)
      .execute();
    const list = await get('/api/getAmazonSalesItems?length=100', sellerToken);
    expect(list.data.map((r) => [r.order_amount, r.commission, r.status])).toEqual([
      [40, 0, 'REJECTED'],
      [30, 3, 'PENDING'],
    ]);
  });
});
