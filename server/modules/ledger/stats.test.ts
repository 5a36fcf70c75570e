import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { deliver, shopifyOrderPayload, shopifyRefundPayload } from '../../test/shopify';
import { DEMO_PARTNER, DEMO_PROMO_CODE, DEMO_STAFF, seedDemoProgram } from '../../seed/demo';
import { markPayoutPaid, requestPayout, reviewPayout } from '../payouts/service';
import { createStaffUser, findStaffByEmail } from '../staff/service';
import { changeEarning } from './earnings';
import { approveMaturedEarnings, rebuildLedgerStats } from './service';

const SECRET = 'stats-webhook-secret';

// The running totals must always equal what the ledger itself says. A year of demo sales (with
// refunds, cancellations, referrals, vouchers and marketplace sales) and every kind of later
// change are applied one at a time; then the totals are recomputed from the ledger and compared.
describe('ledger stats', () => {
  let t: TestApp;
  let maya: number;
  const send = (topic: string, payload: unknown) => deliver(t.app, topic, payload, { secret: SECRET });
  const snapshot = async () => {
    const sales = await t.database.db
      .selectFrom('partner_sales_stats')
      .selectAll()
      .where((eb) =>
        eb.or([eb('orders', '!=', 0), eb('sales_cents', '!=', 0), eb('commission_cents', '!=', 0)]),
      )
      .orderBy('partner_id')
      .orderBy('period')
      .orderBy('start')
      .orderBy('geo')
      .execute();
    const earnings = await t.database.db
      .selectFrom('partner_earning_stats')
      .selectAll()
      .where((eb) => eb.or([eb('earnings', '!=', 0), eb('cents', '!=', 0)]))
      .orderBy('partner_id')
      .orderBy('month')
      .orderBy('kind')
      .orderBy('status')
      .execute();
    const counted = await t.database.db
      .selectFrom('orders')
      .select(['id', 'counted_orders', 'counted_sales_cents', 'counted_commission_cents'])
      .orderBy('id')
      .execute();
    // Each partner's lifetime figures on their row (migration 018) move with the ledger too.
    const totals = await t.database.db
      .selectFrom('partners')
      .select(['id', 'total_sales_cents', 'total_earned_cents', 'verified_sales'])
      .orderBy('id')
      .execute();
    return { sales, earnings, counted, totals };
  };
  const saleEarningOf = (shopifyOrderId: number) =>
    t.database.db
      .selectFrom('earnings')
      .innerJoin('orders', 'orders.id', 'earnings.order_id')
      .select([
        'earnings.id',
        'earnings.status',
        'earnings.amount_cents',
        'earnings.partner_id',
        'earnings.kind',
        'earnings.order_id',
        'earnings.created_at',
        'earnings.dated_at',
      ])
      .where('orders.shopify_order_id', '=', String(shopifyOrderId))
      .where('earnings.kind', '=', 'sale')
      .executeTakeFirstOrThrow();
  const rebuilt = async () => {
    await t.database.db.transaction().execute((trx) => rebuildLedgerStats(trx));
    return snapshot();
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { SHOPIFY_WEBHOOK_SECRET: SECRET } });
    await seedDemoProgram(t.database.db, { sales: true });
    maya = (
      await t.database.db
        .selectFrom('partners')
        .select('id')
        .where('email', '=', DEMO_PARTNER.email)
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  it('equal the ledger after a year of demo sales', async () => {
    const kept = await snapshot();
    expect(kept.sales.length).toBeGreaterThan(50);
    expect(kept.earnings.length).toBeGreaterThan(10);
    const mayaTotals = kept.totals.find((p) => p.id === maya)!;
    expect(mayaTotals.total_sales_cents).toBeGreaterThan(0);
    expect(mayaTotals.total_earned_cents).toBeGreaterThan(0);
    expect(mayaTotals.verified_sales).toBeGreaterThan(0);
    expect(await rebuilt()).toEqual(kept);
  });

  it('equal the ledger after every later kind of change', async () => {
    // Created then paid; a refund before its order; a partial refund after; a cancellation; a
    // self-purchase reviewed and approved; a commission paid out and then refunded.
    const created = shopifyOrderPayload({
      code: DEMO_PROMO_CODE,
      country: 'CA',
      items: [['ACV Gummies', 2, 2500]],
    });
    expect((await send('orders/create', created)).statusCode).toBe(200);
    expect((await send('orders/paid', created)).statusCode).toBe(200);

    const early = shopifyOrderPayload({
      code: DEMO_PROMO_CODE,
      country: 'FR',
      items: [['Calm Bites', 3, 2999]],
    });
    expect((await send('refunds/create', shopifyRefundPayload(early, [[0, 1]]))).statusCode).toBe(200);
    expect((await send('orders/paid', early)).statusCode).toBe(200);

    const partly = shopifyOrderPayload({
      code: DEMO_PROMO_CODE,
      items: [
        ['Energy Bites', 2, 2999],
        ['Multi Bites', 1, 2999],
      ],
    });
    await send('orders/paid', partly);
    await send('refunds/create', shopifyRefundPayload(partly, [[1, 1]]));

    const cancelled = shopifyOrderPayload({ code: DEMO_PROMO_CODE, items: [['Matcha Mind', 1, 2999]] });
    await send('orders/paid', cancelled);
    await send('orders/cancelled', { ...cancelled, cancelled_at: new Date().toISOString() });

    const own = shopifyOrderPayload({
      code: DEMO_PROMO_CODE,
      email: DEMO_PARTNER.email,
      items: [['Kids Multi', 1, 2299]],
    });
    await send('orders/paid', own);
    const review = await saleEarningOf(own.id);
    expect(review.status).toBe('IN_REVIEW');
    const beforeReview = (await snapshot()).sales.find(
      (r) => r.partner_id === maya && r.period === 'a' && r.geo === 'US',
    )!;
    expect(
      await changeEarning(t.database.db, review, { status: 'APPROVED' }, 'reviewed by staff', 'staff:1'),
    ).toBe(true);
    const afterReview = (await snapshot()).sales.find(
      (r) => r.partner_id === maya && r.period === 'a' && r.geo === 'US',
    )!;
    expect(afterReview.commission_cents - beforeReview.commission_cents).toBe(review.amount_cents);

    const paidOut = shopifyOrderPayload({ code: DEMO_PROMO_CODE, items: [['Beets Cardio', 2, 2799]] });
    await send('orders/paid', paidOut);
    const sale = await saleEarningOf(paidOut.id);
    await changeEarning(t.database.db, sale, { status: 'PAID' }, 'paid out', 'system');
    await send('refunds/create', shopifyRefundPayload(paidOut, [[0, 1]]));

    await approveMaturedEarnings(t.database.db, new Date(Date.now() + 31 * 86_400_000));

    const kept = await snapshot();
    expect(await rebuilt()).toEqual(kept);
  });

  it('equal the ledger after every payout transition', async () => {
    const db = t.database.db;
    const reviewer = await createStaffUser(db, {
      email: 'rita@sunbite.example',
      password: 'reviewer-pass-1',
      name: 'Rita Reviewer',
      role: 'reviewer',
    });
    const admin = (await findStaffByEmail(db, DEMO_STAFF.email))!;
    const staff = (s: typeof admin) => ({ id: s.id, role: s.role, name: s.name });
    const equalAfter = async (step: string) => {
      const kept = await snapshot();
      expect(await rebuilt(), step).toEqual(kept);
    };
    const approvedCents = async () =>
      Number(
        (
          await db
            .selectFrom('earnings')
            .select(sql<number>`coalesce(sum(amount_cents), 0)`.as('cents'))
            .where('partner_id', '=', maya)
            .where('status', '=', 'APPROVED')
            .executeTakeFirstOrThrow()
        ).cents,
      );
    const statusOf = async (id: number) =>
      (await db.selectFrom('payouts').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    // Approved through both stages when the amount needs the manager's.
    const approve = async (id: number) => {
      await reviewPayout(db, {
        payoutId: id,
        staff: staff(reviewer),
        action: 'approve',
        paypalConfigured: false,
      });
      if ((await statusOf(id)) === 'MANAGER_IN_REVIEW') {
        await reviewPayout(db, {
          payoutId: id,
          staff: staff(admin),
          action: 'approve',
          paypalConfigured: false,
        });
      }
      expect(['APPROVED', 'MANAGER_APPROVED']).toContain(await statusOf(id));
    };
    const sellApproved = async (items: [string, number, number][]) => {
      const order = shopifyOrderPayload({ code: DEMO_PROMO_CODE, items });
      expect((await send('orders/paid', order)).statusCode).toBe(200);
      const earning = await saleEarningOf(order.id);
      expect(await changeEarning(db, earning, { status: 'APPROVED' }, 'holding period ended', 'system')).toBe(
        true,
      );
      return { order, earning: { ...earning, status: 'APPROVED' as const } };
    };

    // Requested, then rejected: every approved earning goes in, and comes back.
    const balance = await approvedCents();
    expect(balance).toBeGreaterThan(2500);
    const first = await requestPayout(db, maya, 'en');
    expect(Math.round(first.amount * 100)).toBe(balance);
    expect(await approvedCents()).toBe(0);
    await equalAfter('requested');
    await reviewPayout(db, {
      payoutId: first.id,
      staff: staff(reviewer),
      action: 'reject',
      reason: 'Recheck the orders',
      paypalConfigured: false,
    });
    expect(await approvedCents()).toBe(balance);
    await equalAfter('rejected, earnings returned');

    // Requested again with a new sale, approved, and that sale refunded while in the payout.
    const { order: refunded, earning } = await sellApproved([['Energy Bites', 3, 2999]]);
    const second = await requestPayout(db, maya, 'en');
    expect(Math.round(second.amount * 100)).toBe(balance + earning.amount_cents);
    await approve(second.id);
    await equalAfter('approved');
    expect((await send('refunds/create', shopifyRefundPayload(refunded, [[0, 1]]))).statusCode).toBe(200);
    const adjustment = await db
      .selectFrom('earnings')
      .select(['amount_cents', 'status', 'payout_id'])
      .where('order_id', '=', earning.order_id)
      .where('kind', '=', 'adjustment')
      .executeTakeFirstOrThrow();
    // One of three units back: about a third of the commission, taken back by the next payout.
    expect(adjustment).toMatchObject({ status: 'APPROVED', payout_id: null });
    expect(Math.abs(adjustment.amount_cents + earning.amount_cents / 3)).toBeLessThanOrEqual(1);
    expect((await saleEarningOf(refunded.id)).status).toBe('IN_PAYOUT');
    await equalAfter('refunded while in the payout');
    await markPayoutPaid(db, {
      payoutId: second.id,
      staff: staff(admin),
      reference: 'BANK-1',
      paypalConfigured: false,
    });
    expect((await saleEarningOf(refunded.id)).status).toBe('PAID');
    await equalAfter('paid');

    // The next payout deducts the adjustment; rejected as fraud, its earnings are rejected.
    const { order: nextOrder, earning: next } = await sellApproved([['Calm Bites', 20, 2999]]);
    const third = await requestPayout(db, maya, 'en');
    expect(Math.round(third.amount * 100)).toBe(next.amount_cents + adjustment.amount_cents);
    await equalAfter('adjustment deducted');
    await reviewPayout(db, {
      payoutId: third.id,
      staff: staff(reviewer),
      action: 'reject',
      reason: 'Fake orders',
      fraudulent: true,
      paypalConfigured: false,
    });
    expect((await saleEarningOf(nextOrder.id)).status).toBe('REJECTED');
    await equalAfter('rejected as fraud');
  });

  it('give the same figures as the ledger rows they stand for', async () => {
    const ledger = await t.database.db
      .selectFrom('orders')
      .select([
        'geo',
        sql<number>`count(*)`.as('orders'),
        sql<number>`sum(subtotal_cents - refunded_cents)`.as('cents'),
      ])
      .where('partner_id', '=', maya)
      .where('status', '=', 'paid')
      .where('voucher_id', 'is', null)
      .groupBy('geo')
      .orderBy('geo')
      .execute();
    const stats = await t.database.db
      .selectFrom('partner_sales_stats')
      .select(['geo', 'orders', 'sales_cents as cents'])
      .where('partner_id', '=', maya)
      .where('period', '=', 'a')
      .orderBy('geo')
      .execute();
    expect(stats.map((s) => ({ ...s }))).toEqual(
      ledger.map((l) => ({ geo: l.geo, orders: Number(l.orders), cents: Number(l.cents) })),
    );
    const byStatus = await t.database.db
      .selectFrom('earnings')
      .select(['status', sql<number>`sum(amount_cents)`.as('cents')])
      .where('partner_id', '=', maya)
      .groupBy('status')
      .orderBy('status')
      .execute();
    const statStatus = await t.database.db
      .selectFrom('partner_earning_stats')
      .select(['status', sql<number>`sum(cents)`.as('cents')])
      .where('partner_id', '=', maya)
      .where('month', '=', '')
      .groupBy('status')
      .having(sql<number>`count(*)`, '>', 0)
      .orderBy('status')
      .execute();
    expect(statStatus.filter((s) => Number(s.cents) !== 0).map((s) => [s.status, Number(s.cents)])).toEqual(
      byStatus.filter((s) => Number(s.cents) !== 0).map((s) => [s.status, Number(s.cents)]),
    );
  });
});
