import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { deliver, shopifyOrderPayload, shopifyRefundPayload } from '../../test/shopify';
import { DEMO_PARTNER, DEMO_PROMO_CODE, seedDemoProgram } from '../../seed/demo';
import { createPartnerAccount } from '../partners/service';
import { createPromoCode } from '../promo-codes/service';
import { approveMaturedEarnings } from './earnings';

const SECRET = 'shpss_test_webhook_secret';

describe('Shopify orders into the ledger', () => {
  let t: TestApp;
  let maya: number;
  const send = (
    topic: string,
    payload: unknown,
    options: { webhookId?: string; signature?: string | null; rawBody?: string } = {},
  ) => deliver(t.app, topic, payload, { secret: SECRET, ...options });
  const earningsOf = (orderShopifyId: number) =>
    t.database.db
      .selectFrom('earnings')
      .innerJoin('orders', 'orders.id', 'earnings.order_id')
      .select([
        'earnings.id',
        'earnings.kind',
        'earnings.partner_id',
        'earnings.status',
        'earnings.amount_cents',
        'earnings.rate_bp',
        'earnings.hold_until',
      ])
      .where('orders.shopify_order_id', '=', String(orderShopifyId))
      .orderBy('earnings.id')
      .execute();
  const count = async (table: 'orders' | 'earnings' | 'webhook_deliveries' | 'earning_events' | 'refunds') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp({ env: { SHOPIFY_WEBHOOK_SECRET: SECRET } });
    await seedDemoProgram(t.database.db);
    maya = (
      await t.database.db
        .selectFrom('partners')
        .select('id')
        .where('email', '=', DEMO_PARTNER.email)
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  it('refuses a bad signature, a missing one, and stores nothing', async () => {
    const order = shopifyOrderPayload({ code: DEMO_PROMO_CODE });
    const before = [await count('orders'), await count('webhook_deliveries')];
    for (const signature of ['AAAA', null, Buffer.from('x'.repeat(32)).toString('base64')]) {
      const res = await send('orders/paid', order, { signature });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 401, error: 'not_authorized', message: 'Not Authorized' });
    }
    // Signed for other bytes than those sent.
    const tampered = await send('orders/paid', order, {
      rawBody: JSON.stringify({ ...order, subtotal_price: '999.00' }),
      signature: (await import('../../integrations/shopify/webhooks')).signShopifyBody(
        JSON.stringify(order),
        SECRET,
      ),
    });
    expect(tampered.statusCode).toBe(401);
    expect([await count('orders'), await count('webhook_deliveries')]).toEqual(before);
  });

  it('records a paid order with its code: 10% of the subtotal, pending for 30 days', async () => {
    const order = shopifyOrderPayload({
      code: DEMO_PROMO_CODE.toLowerCase(),
      items: [
        ['ACV Gummies', 2, 2500],
        ['Dreamy Sleep', 1, 3000],
      ],
      country: 'CA',
    });
    const res = await send('orders/paid', order);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { outcome: 'processed' } });
    const row = await t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('shopify_order_id', '=', String(order.id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      partner_id: maya,
      subtotal_cents: 6800,
      geo: 'CA',
      status: 'paid',
      discount_code: DEMO_PROMO_CODE,
      order_number: order.name,
    });
    const items = await t.database.db
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', row.id)
      .execute();
    expect(items.map((i) => [i.product, i.quantity, i.price_cents])).toEqual([
      ['ACV Gummies', 2, 2500],
      ['Dreamy Sleep', 1, 3000],
    ]);
    const [earning] = await earningsOf(order.id);
    expect(earning).toMatchObject({
      kind: 'sale',
      partner_id: maya,
      status: 'PENDING',
      amount_cents: 680,
      rate_bp: 1000,
    });
    const hold = Date.parse(earning!.hold_until!) - Date.now();
    expect(hold).toBeGreaterThan(29.9 * 86_400_000);
    expect(hold).toBeLessThan(30.1 * 86_400_000);
  });

  it('changes nothing on the same delivery or the same order again', async () => {
    const order = shopifyOrderPayload({ code: DEMO_PROMO_CODE });
    expect((await send('orders/paid', order, { webhookId: 'delivery-1' })).json().data.outcome).toBe(
      'processed',
    );
    const before = [await count('orders'), await count('earnings'), await count('earning_events')];
    expect((await send('orders/paid', order, { webhookId: 'delivery-1' })).json().data.outcome).toBe(
      'duplicate',
    );
    expect((await send('orders/paid', order, { webhookId: 'delivery-2' })).json().data.outcome).toBe(
      'processed',
    );
    expect([await count('orders'), await count('earnings'), await count('earning_events')]).toEqual(before);
  });

  it('records an order once when its deliveries arrive together (one shared commit)', async () => {
    const order = shopifyOrderPayload({ code: DEMO_PROMO_CODE });
    const others = Array.from({ length: 5 }, () => shopifyOrderPayload({ code: DEMO_PROMO_CODE }));
    const before = [await count('orders'), await count('earnings')];
    const answers = await Promise.all([
      send('orders/paid', order, { webhookId: 'together-1' }),
      send('orders/paid', order, { webhookId: 'together-1' }),
      send('orders/paid', order, { webhookId: 'together-2' }),
      ...others.map((o) => send('orders/paid', o)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(
      answers
        .slice(0, 2)
        .map((a) => a.json().data.outcome)
        .sort(),
    ).toEqual(['duplicate', 'processed']);
    expect([await count('orders'), await count('earnings')]).toEqual([before[0]! + 6, before[1]! + 6]);
    expect(await earningsOf(order.id)).toHaveLength(1);
    // Their follow-up runs as one batch (jobs/queue.ts): one sale notification per order, as alone.
    await t.app.background.tick();
    const notified = await t.database.db
      .selectFrom('notifications')
      .select(['dedupe_key', 'partner_id', 'body'])
      .where('kind', '=', 'sale')
      .where(
        'dedupe_key',
        'in',
        (
          await t.database.db
            .selectFrom('orders')
            .select('id')
            .where(
              'shopify_order_id',
              'in',
              [order, ...others].map((o) => String(o.id)),
            )
            .execute()
        ).map((o) => `sale:${o.id}`),
      )
      .execute();
    expect(notified).toHaveLength(6);
    expect(notified.every((n) => n.partner_id === maya && n.body.includes('$'))).toBe(true);
    expect(
      await t.database.db.selectFrom('jobs').select('id').where('done_at', 'is', null).execute(),
    ).toEqual([]);
  });

  it('keeps orders without a known code, unattributed', async () => {
    for (const code of [null, 'SOMEONEELSE']) {
      const order = shopifyOrderPayload({ code, country: 'FR' });
      await send('orders/paid', order);
      const row = await t.database.db
        .selectFrom('orders')
        .selectAll()
        .where('shopify_order_id', '=', String(order.id))
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ partner_id: null, geo: 'OTHER', discount_code: code });
      expect(await earningsOf(order.id)).toEqual([]);
    }
  });

  it('earns nothing until orders/create is paid', async () => {
    const order = shopifyOrderPayload({ code: DEMO_PROMO_CODE });
    await send('orders/create', { ...order, financial_status: 'pending' });
    expect(await earningsOf(order.id)).toEqual([]);
    await send('orders/paid', order);
    expect((await earningsOf(order.id)).map((e) => e.status)).toEqual(['PENDING']);
  });

  it('rejects the earning of a cancelled order, and keeps a cancelled order it never saw', async () => {
    const order = shopifyOrderPayload({ code: DEMO_PROMO_CODE });
    await send('orders/paid', order);
    await send('orders/cancelled', {
      ...order,
      cancelled_at: new Date().toISOString(),
      cancel_reason: 'customer',
    });
    expect((await earningsOf(order.id)).map((e) => e.status)).toEqual(['REJECTED']);
    const unseen = shopifyOrderPayload({ code: DEMO_PROMO_CODE });
    await send('orders/cancelled', { ...unseen, cancelled_at: new Date().toISOString() });
    // A late orders/paid cannot bring it back.
    await send('orders/paid', unseen);
    const row = await t.database.db
      .selectFrom('orders')
      .select('status')
      .where('shopify_order_id', '=', String(unseen.id))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('cancelled');
    expect(await earningsOf(unseen.id)).toEqual([]);
  });

  it('lowers the earning pro rata on a partial refund, and rejects it when fully refunded', async () => {
    const order = shopifyOrderPayload({
      code: DEMO_PROMO_CODE,
      items: [
        ['ACV Gummies', 2, 2500],
        ['Matcha Mind', 2, 2500],
      ],
      discountPercent: 0,
    });
    await send('orders/paid', order);
    expect((await earningsOf(order.id))[0]!.amount_cents).toBe(1000);
    await send('refunds/create', shopifyRefundPayload(order, [[0, 1]]));
    expect((await earningsOf(order.id))[0]).toMatchObject({ status: 'PENDING', amount_cents: 750 });
    await send(
      'refunds/create',
      shopifyRefundPayload(order, [
        [0, 1],
        [1, 2],
      ]),
    );
    expect((await earningsOf(order.id))[0]).toMatchObject({ status: 'REJECTED' });
    const events = await t.database.db
      .selectFrom('earning_events')
      .selectAll()
      .where('earning_id', '=', (await earningsOf(order.id))[0]!.id)
      .orderBy('id')
      .execute();
    expect(events.map((e) => [e.from_status, e.to_status, e.amount_after_cents, e.reason])).toEqual([
      [null, 'PENDING', 1000, 'order paid'],
      ['PENDING', 'PENDING', 750, 'order partly refunded'],
      ['PENDING', 'REJECTED', 750, 'order fully refunded'],
    ]);
  });

  it('keeps a refund that arrives before its order and applies it when the order comes', async () => {
    const order = shopifyOrderPayload({
      code: DEMO_PROMO_CODE,
      items: [['Calm Bites', 4, 2500]],
      discountPercent: 0,
    });
    const refund = shopifyRefundPayload(order, [[0, 1]]);
    await send('refunds/create', refund);
    await send('refunds/create', refund);
    expect(await count('refunds')).toBeGreaterThan(0);
    await send('orders/paid', order);
    expect((await earningsOf(order.id))[0]).toMatchObject({ amount_cents: 750 });
  });

  it('records a negative adjustment for a refund after payment', async () => {
    const order = shopifyOrderPayload({
      code: DEMO_PROMO_CODE,
      items: [['Kids Multi', 2, 5000]],
      discountPercent: 0,
    });
    await send('orders/paid', order);
    const [earning] = await earningsOf(order.id);
    await t.database.db
      .updateTable('earnings')
      .set({ status: 'PAID' })
      .where('id', '=', earning!.id)
      .execute();
    await send('refunds/create', shopifyRefundPayload(order, [[0, 1]]));
    const all = await earningsOf(order.id);
    expect(all.map((e) => [e.kind, e.status, e.amount_cents])).toEqual([
      ['sale', 'PAID', 1000],
      ['adjustment', 'APPROVED', -500],
    ]);
    await send('orders/cancelled', { ...order, cancelled_at: new Date().toISOString() });
    expect((await earningsOf(order.id)).map((e) => e.amount_cents).reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('sends orders bought with the partner’s own e-mail to review, and earns nothing on their own voucher', async () => {
    const self = shopifyOrderPayload({ code: DEMO_PROMO_CODE, email: DEMO_PARTNER.email.toUpperCase() });
    await send('orders/paid', self);
    expect((await earningsOf(self.id)).map((e) => e.status)).toEqual(['IN_REVIEW']);

    await t.database.db
      .insertInto('vouchers')
      .values({
        partner_id: maya,
        code: 'MAYAFREE',
        type: 'product',
        amount: 1,
        valid_from: new Date().toISOString(),
        valid_till: null,
        status: 'active',
        issued_by: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const voucherOrder = shopifyOrderPayload({ code: 'mayafree' });
    await send('orders/paid', voucherOrder);
    const row = await t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('shopify_order_id', '=', String(voucherOrder.id))
      .executeTakeFirstOrThrow();
    expect(row.partner_id).toBe(maya);
    expect(row.voucher_id).not.toBeNull();
    expect(await earningsOf(voucherOrder.id)).toEqual([]);
  });

  // One code is read in one statement (voucher, promo code and partner together, decisions/049);
  // several codes still go one by one. Both must attribute as they always did.
  it('attributes by code as before: a voucher before a promo code of the same letters, several codes in turn', async () => {
    const other = await createPartnerAccount(t.database.db, {
      email: 'twin@example.com',
      password: 'twin-pass-1234',
      first_name: 'Twin',
      last_name: 'Code',
    });
    await createPromoCode(t.database.db, maya, 'TWINCODE');
    const voucher = await t.database.db
      .insertInto('vouchers')
      .values({
        partner_id: other.id,
        code: 'TWINCODE',
        type: 'product',
        amount: 1,
        valid_from: new Date().toISOString(),
        valid_till: null,
        status: 'active',
        issued_by: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const orderOf = async (order: { id: number }) =>
      t.database.db
        .selectFrom('orders')
        .select(['partner_id', 'voucher_id', 'discount_code'])
        .where('shopify_order_id', '=', String(order.id))
        .executeTakeFirstOrThrow();

    const twin = shopifyOrderPayload({ code: 'TwinCode' });
    await send('orders/paid', twin);
    expect(await orderOf(twin)).toEqual({
      partner_id: other.id,
      voucher_id: voucher.id,
      discount_code: 'TWINCODE',
    });
    expect(await earningsOf(twin.id)).toEqual([]);

    // Several codes: the first voucher among them, else the first promo code, else the first code.
    const several = (codes: string[]) => ({
      ...shopifyOrderPayload({ code: codes[0]! }),
      discount_codes: codes.map((code) => ({ code, amount: '1.00', type: 'percentage' })),
    });
    const promoSecond = several(['NOSUCHCODE', DEMO_PROMO_CODE.toLowerCase()]);
    await send('orders/paid', promoSecond);
    expect(await orderOf(promoSecond)).toEqual({
      partner_id: maya,
      voucher_id: null,
      discount_code: DEMO_PROMO_CODE,
    });
    expect((await earningsOf(promoSecond.id)).map((e) => [e.kind, e.partner_id])).toEqual([['sale', maya]]);
    const voucherSecond = several([DEMO_PROMO_CODE, 'twincode']);
    await send('orders/paid', voucherSecond);
    expect(await orderOf(voucherSecond)).toEqual({
      partner_id: other.id,
      voucher_id: voucher.id,
      discount_code: 'TWINCODE',
    });
    const unknown = several(['NOSUCHCODE', 'NORTHISONE']);
    await send('orders/paid', unknown);
    expect(await orderOf(unknown)).toEqual({
      partner_id: null,
      voucher_id: null,
      discount_code: 'NOSUCHCODE',
    });

    // The partner's PayPal e-mail is read with the code too: an order from it goes to review.
    await t.database.db
      .updateTable('partners')
      .set({ paypal_email: 'Maya.PayPal@example.com' })
      .where('id', '=', maya)
      .execute();
    const fromPaypal = shopifyOrderPayload({ code: DEMO_PROMO_CODE, email: 'maya.paypal@example.com' });
    await send('orders/paid', fromPaypal);
    expect((await earningsOf(fromPaypal.id)).map((e) => e.status)).toEqual(['IN_REVIEW']);
    await t.database.db.updateTable('partners').set({ paypal_email: null }).where('id', '=', maya).execute();
  });

  it('pays the referrer 5% of the subtotal of their referred partner’s sales', async () => {
    const referred = await createPartnerAccount(t.database.db, {
      email: 'referred@example.com',
      password: 'referred-pass-1',
      first_name: 'Rae',
      last_name: 'Ferd',
      referrer_id: maya,
    });
    await createPromoCode(t.database.db, referred.id, 'RAE2026');
    const order = shopifyOrderPayload({
      code: 'RAE2026',
      items: [['Beets Cardio', 1, 4000]],
      discountPercent: 0,
    });
    await send('orders/paid', order);
    expect((await earningsOf(order.id)).map((e) => [e.kind, e.partner_id, e.amount_cents, e.status])).toEqual(
      [
        ['sale', referred.id, 400, 'PENDING'],
        ['referral', maya, 200, 'PENDING'],
      ],
    );
  });

  it('accepts other topics and ignores them; keeps a malformed order with its error, settled (webhook-rejections.test.ts)', async () => {
    expect((await send('products/update', { id: 1, title: 'x' })).json()).toEqual({
      data: { outcome: 'ignored' },
    });
    const bad = await send('orders/paid', { id: 'abc', subtotal_price: 'lots' }, { webhookId: 'broken-1' });
    expect(bad.statusCode).toBe(200);
    expect(bad.json().data.outcome).toBe('rejected');
    const kept = await t.database.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('delivery_id', '=', 'broken-1')
      .executeTakeFirstOrThrow();
    expect(kept.processed_at).not.toBeNull();
    expect(kept.error).toContain('subtotal_price');
    expect(JSON.parse(kept.body)).toMatchObject({ id: 'abc' });
  });

  it('approves pending earnings once their holding period ends, once, whoever runs the job', async () => {
    const order = shopifyOrderPayload({ code: DEMO_PROMO_CODE });
    await send('orders/paid', order);
    const [earning] = await earningsOf(order.id);
    expect(await approveMaturedEarnings(t.database.db, new Date())).toBe(0);
    const later = new Date(Date.now() + 31 * 86_400_000);
    const runs = await Promise.all([1, 2, 3].map(() => approveMaturedEarnings(t.database.db, later)));
    expect((await earningsOf(order.id))[0]!.status).toBe('APPROVED');
    const approvals = await t.database.db
      .selectFrom('earning_events')
      .selectAll()
      .where('earning_id', '=', earning!.id)
      .where('to_status', '=', 'APPROVED')
      .execute();
    expect(approvals).toHaveLength(1);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    // IN_REVIEW and REJECTED earnings are not touched by the job.
    const statuses = await t.database.db
      .selectFrom('earnings')
      .select('status')
      .where('status', 'in', ['IN_REVIEW', 'REJECTED'])
      .execute();
    expect(statuses.length).toBeGreaterThan(0);
  });
});

describe('Shopify webhooks without a secret', () => {
  it('are refused while SHOPIFY_WEBHOOK_SECRET is unset', async () => {
    const t = await createTestApp();
    try {
      const res = await deliver(t.app, 'orders/paid', shopifyOrderPayload(), { secret: 'anything' });
      expect(res.statusCode).toBe(401);
      expect(
        Number(
          (
            await t.database.db
              .selectFrom('webhook_deliveries')
              .select(sql<number>`count(*)`.as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBe(0);
    } finally {
      await t.close();
    }
  });
});
