import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { addEarnings, approveOrderEarnings, payoutPartner, staffMember } from '../../test/payouts';
import { deliver, shopifyOrderPayload, shopifyRefundPayload } from '../../test/shopify';
import { createPromoCode } from '../promo-codes/service';
import { moveEarnings } from './service';

const SECRET = 'refund-race-secret';

// A refund and a cash-out may reach the same earning at once (on PostgreSQL, two transactions on
// two connections): the refund waits for the payout's transaction, then finds the earning in the
// payout and must take the difference back by adjustment, not give up because the status it read
// has changed.
describe('a refund arriving while a payout gathers the earning', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SHOPIFY_WEBHOOK_SECRET: SECRET } });
  });
  afterAll(() => t.close());

  it('is taken back by an adjustment for the next payout, never lost', async () => {
    const db = t.database.db;
    const partner = await payoutPartner(db, { first: 'Rae', last: 'Race' });
    await createPromoCode(db, partner.id, 'RACE50');
    const order = shopifyOrderPayload({
      code: 'RACE50',
      items: [['ACV Gummies', 4, 2500]],
      discountPercent: 0,
      country: 'CA',
    });
    expect((await deliver(t.app, 'orders/paid', order, { secret: SECRET })).statusCode).toBe(200);
    await approveOrderEarnings(db, Number(order.id));
    await addEarnings(db, partner.id, [5000]);
    const sale = await db
      .selectFrom('earnings')
      .selectAll()
      .where('partner_id', '=', partner.id)
      .where('kind', '=', 'sale')
      .executeTakeFirstOrThrow();
    expect(sale).toMatchObject({ status: 'APPROVED', amount_cents: 1000 });

    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const gathering = db.transaction().execute(async (trx) => {
      await moveEarnings(
        trx,
        { partnerId: partner.id, from: 'APPROVED', inPayout: null },
        { status: 'IN_PAYOUT', payoutId: 424242 },
        'race test',
        'test',
      );
      await gate;
    });
    await sleep(50);
    // Half the order is refunded while the payout's transaction holds the earning.
    const refund = deliver(t.app, 'refunds/create', shopifyRefundPayload(order, [[0, 2]]), {
      secret: SECRET,
    });
    await sleep(300);
    release();
    await gathering;
    expect((await refund).statusCode).toBe(200);

    const after = await db
      .selectFrom('earnings')
      .selectAll()
      .where('partner_id', '=', partner.id)
      .where('order_id', '=', sale.order_id)
      .orderBy('id')
      .execute();
    // The earning keeps what the payout asked for; half of it is taken back by the next payout.
    expect(after.map((e) => [e.kind, e.status, e.amount_cents])).toEqual([
      ['sale', 'IN_PAYOUT', 1000],
      ['adjustment', 'APPROVED', -500],
    ]);
  });
});

describe('a payout rejected after a refund of one of its orders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SHOPIFY_WEBHOOK_SECRET: SECRET } });
  });
  afterAll(() => t.close());

  it('folds the refund back into the returned earning, so a later refund takes nothing twice', async () => {
    const db = t.database.db;
    const partner = await payoutPartner(db, { first: 'Rey', last: 'Fold' });
    await createPromoCode(db, partner.id, 'FOLD50');
    const order = shopifyOrderPayload({
      code: 'FOLD50',
      items: [['ACV Gummies', 4, 2500]],
      discountPercent: 0,
      country: 'CA',
    });
    expect((await deliver(t.app, 'orders/paid', order, { secret: SECRET })).statusCode).toBe(200);
    await approveOrderEarnings(db, Number(order.id));
    await addEarnings(db, partner.id, [5000]);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/payMeNow',
      headers: { authorization: `Bearer ${partner.token}` },
    });
    expect(asked.statusCode).toBe(201);
    // Half the order is refunded while it is in the payout: taken back by adjustment.
    expect(
      (await deliver(t.app, 'refunds/create', shopifyRefundPayload(order, [[0, 2]]), { secret: SECRET }))
        .statusCode,
    ).toBe(200);
    const reviewer = await staffMember(db, 'reviewer', 'Fold Reviewer');
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/manager/payouts/${asked.json().data.id}/review`,
      headers: { authorization: `Bearer ${reviewer.token}` },
      payload: { action: 'reject', reason: 'Wrong PayPal e-mail' },
    });
    expect(rejected.statusCode).toBe(200);
    const ofOrder = () =>
      db
        .selectFrom('earnings')
        .select(['kind', 'status', 'amount_cents'])
        .where('partner_id', '=', partner.id)
        .where('order_id', 'is not', null)
        .orderBy('id')
        .execute();
    // Back in the balance at what is left of the order; the adjustment is settled.
    expect(await ofOrder()).toEqual([
      { kind: 'sale', status: 'APPROVED', amount_cents: 500 },
      { kind: 'adjustment', status: 'REJECTED', amount_cents: -500 },
    ]);
    // The rest is refunded: the earning is worth nothing, and nothing is owed.
    expect(
      (await deliver(t.app, 'refunds/create', shopifyRefundPayload(order, [[0, 2]]), { secret: SECRET }))
        .statusCode,
    ).toBe(200);
    expect(await ofOrder()).toEqual([
      { kind: 'sale', status: 'REJECTED', amount_cents: 500 },
      { kind: 'adjustment', status: 'REJECTED', amount_cents: -500 },
    ]);
    const stats = (
      await t.app.inject({
        url: '/api/getPayMeNowStats',
        headers: { authorization: `Bearer ${partner.token}` },
      })
    ).json().data;
    expect(stats.payable_balance).toBe(50);
  });
});
