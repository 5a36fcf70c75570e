import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { readOutbox } from '../../test/mailbox';
import { pdfText } from '../../test/pdf-text';
import {
  addEarnings,
  approveOrderEarnings,
  payoutPartner,
  payoutState,
  staffMember,
} from '../../test/payouts';
import type { TestPartner, TestStaff } from '../../test/payouts';
import { deliver, shopifyOrderPayload, shopifyRefundPayload } from '../../test/shopify';
import { createPromoCode } from '../promo-codes/service';

const SECRET = 'review-webhook-secret';
const STALE = 'This payout was changed by someone else. Reload to see its current status.';
const STAGE_FORBIDDEN = 'Your role cannot act on this payout at its current stage';
const SECOND_PERSON = 'The manager approval must come from someone other than the first approver';
const ACTION_REFUSED = 'This action is not possible at the payout’s current status';
const PAYPAL_PAYS = 'PayPal pays this program: payouts are marked paid when PayPal confirms the payment';

// French money and labels read with plain spaces (fr-CA puts no-break spaces in "30,00 $ US").
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

type Json = Record<string, unknown>;

/** What the back office and the partner's pages need from one app: requests as each side makes them. */
function client(t: () => TestApp) {
  const as = (token: string, lang = 'en') => ({ authorization: `Bearer ${token}`, 'accept-language': lang });
  return {
    payMeNow: async (p: TestPartner) => {
      const res = await t().app.inject({ method: 'POST', url: '/api/payMeNow', headers: as(p.token) });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: number; amount: number; invoice: { id: number; number: string } };
    },
    review: (s: TestStaff, id: number | string, body: unknown, lang = 'en') =>
      t().app.inject({
        method: 'POST',
        url: `/api/manager/payouts/${id}/review`,
        headers: as(s.token, lang),
        payload: body as Json,
      }),
    markPaid: (s: TestStaff, id: number | string, body: unknown, lang = 'en') =>
      t().app.inject({
        method: 'POST',
        url: `/api/manager/payouts/${id}/mark-paid`,
        headers: as(s.token, lang),
        payload: body as Json,
      }),
    detail: async (s: TestStaff, id: number, lang = 'en') => {
      const res = await t().app.inject({
        method: 'GET',
        url: `/api/manager/payouts/${id}`,
        headers: as(s.token, lang),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    },
    queue: (s: TestStaff, query = '', lang = 'en') =>
      t().app.inject({ method: 'GET', url: `/api/manager/payouts${query}`, headers: as(s.token, lang) }),
    partnerGet: async (p: TestPartner, url: string, lang = 'en') => {
      const res = await t().app.inject({ method: 'GET', url, headers: as(p.token, lang) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
  };
}

// The back office's side of payouts (docs/product/payouts.md#review-and-transitions, docs/product/back-office.md#staff-roles): two review stages by role, payment by
// hand while PayPal is not configured, conflicts, and the partner told of every change.
describe('payout review', () => {
  let t: TestApp;
  let rita: TestStaff;
  let remy: TestStaff;
  let max: TestStaff;
  let mona: TestStaff;
  let ada: TestStaff;
  const api = client(() => t);
  const partner = (
    first: string,
    last: string,
    options: Omit<Parameters<typeof payoutPartner>[1], 'first' | 'last'> = {},
  ) => payoutPartner(t.database.db, { first, last, ...options });
  /** A partner with one open payout of these earnings. */
  const opened = async (
    first: string,
    last: string,
    cents: number[],
    options: Omit<Parameters<typeof payoutPartner>[1], 'first' | 'last'> = {},
  ) => {
    const p = await partner(first, last, options);
    await addEarnings(t.database.db, p.id, cents);
    return { p, payout: await api.payMeNow(p) };
  };
  const earningsOf = (payoutOrPartner: { payoutId?: number; partnerId?: number }) => {
    let q = t.database.db.selectFrom('earnings').select(['id', 'status', 'payout_id']).orderBy('id');
    if (payoutOrPartner.payoutId !== undefined) q = q.where('payout_id', '=', payoutOrPartner.payoutId);
    if (payoutOrPartner.partnerId !== undefined) q = q.where('partner_id', '=', payoutOrPartner.partnerId);
    return q.execute();
  };
  const events = (payoutId: number) =>
    t.database.db
      .selectFrom('payout_events')
      .select(['from_status', 'to_status', 'actor_kind', 'actor_id', 'actor_name', 'reason'])
      .where('payout_id', '=', payoutId)
      .orderBy('id')
      .execute();
  const stats = async (p: TestPartner) => (await api.partnerGet(p, '/api/getPayMeNowStats')).data;

  beforeAll(async () => {
    t = await createTestApp({ env: { SHOPIFY_WEBHOOK_SECRET: SECRET } });
    rita = await staffMember(t.database.db, 'reviewer', 'Rita Reviewer');
    remy = await staffMember(t.database.db, 'reviewer', 'Remy Reviewer');
    max = await staffMember(t.database.db, 'manager', 'Max Manager');
    mona = await staffMember(t.database.db, 'manager', 'Mona Manager');
    ada = await staffMember(t.database.db, 'admin', 'Ada Admin');
  });
  afterAll(() => t.close());

  it('lets a reviewer approve at the first stage; at or below the threshold it is then ready for payment', async () => {
    const { p, payout } = await opened('Abby', 'Approved', [30000, 20000]);
    expect(payout.amount).toBe(500);
    const first = await api.detail(rita, payout.id);
    expect(first.actions).toEqual(['approve', 'reject', 'review']);
    expect(first).toMatchObject({ threshold: 500, paypal_configured: false });
    expect(first.payout).toMatchObject({
      id: payout.id,
      status: 'PENDING',
      stage: 'review',
      amount: 500,
      earnings_count: 2,
      paypal_email: p.paypal,
      reference: null,
      reason: null,
      fraudulent: false,
      paypal: null,
      invoice: {
        id: payout.invoice.id,
        number: payout.invoice.number,
        pdf_url: `/api/manager/invoices/${payout.invoice.id}/pdf`,
      },
    });

    const res = await api.review(rita, payout.id, { action: 'approve', expected_status: 'PENDING' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.payout).toMatchObject({
      status: 'APPROVED',
      status_label: 'Payment Pending',
      stage: 'payment',
      paypal_state: null,
    });
    expect(data.history).toMatchObject([
      { from: null, to: 'PENDING', actor: 'Abby Approved (partner)', reason: null },
      { from: 'PENDING', to: 'APPROVED', actor: 'Rita Reviewer', reason: null },
    ]);
    // A reviewer has nothing more to do here; a manager may pay it or send it back.
    expect(data.actions).toEqual([]);
    expect((await api.detail(max, payout.id)).actions).toEqual(['mark_paid', 'review']);
    expect(await events(payout.id)).toEqual([
      {
        from_status: null,
        to_status: 'PENDING',
        actor_kind: 'partner',
        actor_id: p.id,
        actor_name: 'Abby Approved',
        reason: null,
      },
      {
        from_status: 'PENDING',
        to_status: 'APPROVED',
        actor_kind: 'staff',
        actor_id: rita.id,
        actor_name: 'Rita Reviewer',
        reason: null,
      },
    ]);
    expect((await earningsOf({ payoutId: payout.id })).map((e) => e.status)).toEqual([
      'IN_PAYOUT',
      'IN_PAYOUT',
    ]);
    const stored = await t.database.db
      .selectFrom('payouts')
      .select(['approved_by', 'send_after'])
      .where('id', '=', payout.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ approved_by: rita.id, send_after: null });
  });

  it('sends a payout above the threshold to the manager stage, where only another manager may approve it', async () => {
    const { payout } = await opened('Tom', 'Threshold', [50001]);
    const before = await payoutState(t.database.db);
    const approved = await api.review(rita, payout.id, { action: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    const data = approved.json().data;
    expect(data.payout).toMatchObject({
      status: 'MANAGER_IN_REVIEW',
      stage: 'manager',
      status_label: 'In Review',
    });
    expect(data.history.slice(1)).toMatchObject([
      { from: 'PENDING', to: 'APPROVED', actor: 'Rita Reviewer' },
      { from: 'APPROVED', to: 'MANAGER_IN_REVIEW', actor: 'system' },
    ]);
    expect(data.actions).toEqual([]);
    const afterApproval = await payoutState(t.database.db);
    expect(afterApproval.payoutEvents).toBe(before.payoutEvents + 2);

    // A reviewer cannot act at the manager stage.
    for (const body of [
      { action: 'approve' },
      { action: 'reject', reason: 'no' },
      { action: 'review', reason: 'look' },
    ]) {
      const res = await api.review(remy, payout.id, body);
      expect(res.statusCode, body.action).toBe(403);
      expect(res.json(), body.action).toEqual({
        code: 403,
        error: 'payout_stage_forbidden',
        message: STAGE_FORBIDDEN,
      });
    }
    expect(await payoutState(t.database.db)).toEqual(afterApproval);

    // A manager who approved the first stage cannot approve the second.
    const { payout: big } = await opened('Bea', 'Big', [60000]);
    expect(
      (await api.review(max, big.id, { action: 'approve', expected_status: 'PENDING' })).json().data.payout
        .status,
    ).toBe('MANAGER_IN_REVIEW');
    expect((await api.detail(max, big.id)).actions).toEqual(['reject', 'review']);
    expect((await api.detail(mona, big.id)).actions).toEqual(['approve', 'reject', 'review']);
    const beforeSelf = await payoutState(t.database.db);
    const self = await api.review(max, big.id, { action: 'approve', expected_status: 'MANAGER_IN_REVIEW' });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ code: 403, error: 'payout_second_person', message: SECOND_PERSON });
    expect(await payoutState(t.database.db)).toEqual(beforeSelf);
    const second = await api.review(mona, big.id, {
      action: 'approve',
      expected_status: 'MANAGER_IN_REVIEW',
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.payout).toMatchObject({
      status: 'MANAGER_APPROVED',
      status_label: 'Payment Pending',
      stage: 'payment',
    });
    expect(second.json().data.history.map((h: Json) => [h.from, h.to, h.actor])).toEqual([
      [null, 'PENDING', 'Bea Big (partner)'],
      ['PENDING', 'APPROVED', 'Max Manager'],
      ['APPROVED', 'MANAGER_IN_REVIEW', 'system'],
      ['MANAGER_IN_REVIEW', 'MANAGER_APPROVED', 'Mona Manager'],
    ]);
    // Paid by hand by the admin; the earnings are paid with it.
    const paid = await api.markPaid(ada, big.id, {
      reference: 'WIRE-77',
      expected_status: 'MANAGER_APPROVED',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.payout).toMatchObject({ status: 'PAID', reference: 'WIRE-77', stage: 'closed' });
    expect((await earningsOf({ payoutId: big.id })).map((e) => e.status)).toEqual(['PAID']);
  });

  it('rejects at the manager stage, returning the earnings, and sends back to review from either stage', async () => {
    const { p, payout } = await opened('Mia', 'Managed', [70000]);
    await api.review(rita, payout.id, { action: 'approve' });
    const rejected = await api.review(max, payout.id, {
      action: 'reject',
      reason: 'Orders look odd',
      expected_status: 'MANAGER_IN_REVIEW',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data.payout).toMatchObject({
      status: 'MANAGER_REJECTED',
      status_label: 'Rejected',
      stage: 'closed',
      reason: 'Orders look odd',
      fraudulent: false,
    });
    expect(rejected.json().data.actions).toEqual([]);
    expect(await earningsOf({ partnerId: p.id })).toEqual([
      { id: expect.any(Number), status: 'APPROVED', payout_id: null },
    ]);
    expect((await stats(p)).payable_balance).toBe(700);
    // Payable again: the next request gathers the same earning.
    const again = await api.payMeNow(p);
    expect(again.amount).toBe(700);
    expect((await earningsOf({ payoutId: again.id })).length).toBe(1);

    // Back to review from the manager stage, then from the payment stage.
    await api.review(rita, again.id, { action: 'approve' });
    const back = await api.review(mona, again.id, {
      action: 'review',
      reason: 'Need the invoices',
      expected_status: 'MANAGER_IN_REVIEW',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data.payout).toMatchObject({
      status: 'IN_REVIEW',
      stage: 'review',
      reason: 'Need the invoices',
    });
    // In review: approve or reject only.
    expect(back.json().data.actions).toEqual(['approve', 'reject']);
    const twice = await api.review(rita, again.id, { action: 'review', reason: 'again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(ACTION_REFUSED);
    expect((await stats(p)).open_payout).toMatchObject({
      id: again.id,
      status: 'IN_REVIEW',
      status_label: 'In Review',
      reason: 'Need the invoices',
    });

    const { payout: small } = await opened('Sam', 'Small', [4000]);
    await api.review(rita, small.id, { action: 'approve' });
    const fromPayment = await api.review(max, small.id, {
      action: 'review',
      reason: 'PayPal e-mail changed',
      expected_status: 'APPROVED',
    });
    expect(fromPayment.statusCode, fromPayment.body).toBe(200);
    expect(fromPayment.json().data.payout).toMatchObject({
      status: 'IN_REVIEW',
      reason: 'PayPal e-mail changed',
    });
    // It cannot be paid from review.
    const early = await api.markPaid(max, small.id, { reference: 'X-1' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(ACTION_REFUSED);
    const reapproved = await api.review(remy, small.id, { action: 'approve', expected_status: 'IN_REVIEW' });
    expect(reapproved.json().data.payout).toMatchObject({ status: 'APPROVED', reason: null });
  });

  it('returns rejected earnings to the balance, but rejects them with a payout rejected as fraud', async () => {
    const { p, payout } = await opened('Fred', 'Fraud', [2500, 2500]);
    const rejected = await api.review(rita, payout.id, {
      action: 'reject',
      reason: 'Duplicate request',
      expected_status: 'PENDING',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data.payout).toMatchObject({
      status: 'REJECTED',
      fraudulent: false,
      reason: 'Duplicate request',
    });
    expect((await earningsOf({ partnerId: p.id })).map((e) => [e.status, e.payout_id])).toEqual([
      ['APPROVED', null],
      ['APPROVED', null],
    ]);
    expect(await stats(p)).toMatchObject({
      payable_balance: 50,
      in_payout_balance: 0,
      can_request: true,
      open_payout: null,
    });
    expect((await stats(p)).recent_cashouts[0]).toMatchObject({
      id: payout.id,
      status: 'REJECTED',
      status_label: 'Rejected',
      reason: 'Duplicate request',
    });

    const second = await api.payMeNow(p);
    expect(second.amount).toBe(50);
    const fraud = await api.review(remy, second.id, {
      action: 'reject',
      reason: 'Self purchases',
      fraudulent: true,
    });
    expect(fraud.statusCode, fraud.body).toBe(200);
    expect(fraud.json().data.payout).toMatchObject({ status: 'REJECTED', fraudulent: true });
    expect(fraud.json().data.earnings.map((e: Json) => e.status)).toEqual(['REJECTED', 'REJECTED']);
    expect((await earningsOf({ partnerId: p.id })).map((e) => e.status)).toEqual(['REJECTED', 'REJECTED']);
    expect(await stats(p)).toMatchObject({
      payable_balance: 0,
      in_payout_balance: 0,
      can_request: false,
      blockers: ['below_minimum'],
    });
  });

  it('keeps owed what refunds of earlier paid orders took back when a payout is rejected as fraud', async () => {
    const p = await partner('Olive', 'Owed');
    await createPromoCode(t.database.db, p.id, 'OWED10');
    const sell = async (items: [string, number, number][]) => {
      const order = shopifyOrderPayload({ code: 'OWED10', items });
      expect((await deliver(t.app, 'orders/paid', order, { secret: SECRET })).statusCode).toBe(200);
      await approveOrderEarnings(t.database.db, order.id);
      return order;
    };
    const refund = async (order: ReturnType<typeof shopifyOrderPayload>, lines: [number, number][]) =>
      expect(
        (await deliver(t.app, 'refunds/create', shopifyRefundPayload(order, lines), { secret: SECRET }))
          .statusCode,
      ).toBe(200);
    const adjustments = () =>
      t.database.db
        .selectFrom('earnings')
        .innerJoin('orders', 'orders.id', 'earnings.order_id')
        .select(['orders.shopify_order_id', 'earnings.status', 'earnings.amount_cents', 'earnings.payout_id'])
        .where('earnings.partner_id', '=', p.id)
        .where('earnings.kind', '=', 'adjustment')
        .orderBy('earnings.id')
        .execute();

    // 10 × 50.00 less 15% = 425.00 → 42.50, paid; then 2 of the 10 come back: 8.50 is owed.
    const paidOrder = await sell([['ACV Gummies', 10, 5000]]);
    const first = await api.payMeNow(p);
    await api.review(rita, first.id, { action: 'approve' });
    expect((await api.markPaid(max, first.id, { reference: 'R-1' })).statusCode).toBe(200);
    await refund(paidOrder, [[0, 2]]);
    expect(await adjustments()).toEqual([
      { shopify_order_id: String(paidOrder.id), status: 'APPROVED', amount_cents: -850, payout_id: null },
    ]);

    // The next payout deducts it; one of its orders is refunded while it is open.
    const fraudOrder = await sell([['Calm Bites', 4, 3000]]);
    await addEarnings(t.database.db, p.id, [3000]);
    const second = await api.payMeNow(p);
    expect(second.amount).toBe(31.7);
    await refund(fraudOrder, [[0, 4]]);
    const rejected = await api.review(rita, second.id, {
      action: 'reject',
      reason: 'Fake orders',
      fraudulent: true,
    });
    expect(rejected.statusCode, rejected.body).toBe(200);

    // The fraudulent earnings and the refund of their own order are rejected; the 8.50 owed for
    // the order paid earlier stays owed, out of the rejected payout.
    expect(await adjustments()).toEqual([
      { shopify_order_id: String(paidOrder.id), status: 'APPROVED', amount_cents: -850, payout_id: null },
      { shopify_order_id: String(fraudOrder.id), status: 'REJECTED', amount_cents: -1020, payout_id: null },
    ]);
    expect((await earningsOf({ payoutId: second.id })).map((e) => e.status)).toEqual([
      'REJECTED',
      'REJECTED',
    ]);
    expect(await stats(p)).toMatchObject({ payable_balance: -8.5, lifetime_paid: 42.5 });
    await addEarnings(t.database.db, p.id, [4000]);
    expect((await api.payMeNow(p)).amount).toBe(31.5);
  });

  it('marks a payout paid by hand (manager or admin, with a reference) and the partner sees it paid', async () => {
    const { p, payout } = await opened('Pam', 'Paid', [3000, 500]);
    await api.review(rita, payout.id, { action: 'approve' });
    const before = await payoutState(t.database.db);
    const byReviewer = await api.markPaid(rita, payout.id, { reference: 'REF-1' });
    expect(byReviewer.statusCode).toBe(403);
    expect(byReviewer.json()).toEqual({ code: 403, error: 'forbidden', message: 'Forbidden' });
    for (const body of [
      {},
      { reference: '' },
      { reference: '   ' },
      { reference: 42 },
      { reference: 'x'.repeat(201) },
      { reference: 'A\u0000B' },
      { reference: 'R', expected_status: 'SOMETHING' },
    ]) {
      const res = await api.markPaid(max, payout.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(body)).toEqual([
        Object.keys(body).includes('expected_status') ? 'expected_status' : 'reference',
      ]);
    }
    expect(await payoutState(t.database.db)).toEqual(before);

    const paid = await api.markPaid(max, payout.id, {
      reference: ' INTERAC-2026-001 ',
      expected_status: 'APPROVED',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const data = paid.json().data;
    expect(data.payout).toMatchObject({
      status: 'PAID',
      status_label: 'Paid',
      stage: 'closed',
      reference: 'INTERAC-2026-001',
      reason: null,
    });
    expect(data.history.at(-1)).toMatchObject({ from: 'APPROVED', to: 'PAID', actor: 'Max Manager' });
    expect(data.partner).toMatchObject({ lifetime_paid: 35, payouts_count: 1 });
    expect(data.actions).toEqual([]);
    const stored = await t.database.db
      .selectFrom('payouts')
      .select(['paid_at', 'reference', 'status'])
      .where('id', '=', payout.id)
      .executeTakeFirstOrThrow();
    expect(stored.paid_at).toEqual(expect.any(String));
    expect((await earningsOf({ payoutId: payout.id })).map((e) => e.status)).toEqual(['PAID', 'PAID']);

    // Paying twice, or deciding on a paid payout, is stale.
    for (const res of [
      await api.markPaid(ada, payout.id, { reference: 'REF-2' }),
      await api.review(rita, payout.id, { action: 'reject', reason: 'late' }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 409, error: 'payout_stale', message: STALE });
    }

    // A second payout paid by the admin: the lifetime total adds up, the latest is the newest.
    await addEarnings(t.database.db, p.id, [4000]);
    const next = await api.payMeNow(p);
    await api.review(rita, next.id, { action: 'approve' });
    expect((await api.markPaid(ada, next.id, { reference: 'REF-3' })).statusCode).toBe(200);
    const s = await stats(p);
    const nextPaidAt = (
      await t.database.db
        .selectFrom('payouts')
        .select('paid_at')
        .where('id', '=', next.id)
        .executeTakeFirstOrThrow()
    ).paid_at;
    expect(s).toMatchObject({ lifetime_paid: 75, payable_balance: 0, open_payout: null });
    expect(s.latest_paid).toMatchObject({
      id: next.id,
      amount: 40,
      status: 'PAID',
      status_label: 'Paid',
      paid_at: nextPaidAt,
    });
    expect(s.recent_cashouts.map((r: Json) => [r.id, r.status])).toEqual([
      [next.id, 'PAID'],
      [payout.id, 'PAID'],
    ]);
    const summary = (await api.partnerGet(p, '/api/getPartnerSalesSummary')).data;
    expect(summary.latest_paid_cashout).toEqual({ amount: 40, date: nextPaidAt });
    const invoices = (await api.partnerGet(p, '/api/getInvoices')).data;
    expect(invoices.map((i: Json) => [i.payout_id, i.status, i.paid_at])).toEqual([
      [next.id, 'PAID', nextPaidAt],
      [payout.id, 'PAID', stored.paid_at],
    ]);
  });

  it('answers 409 to a decision on a payout that changed meanwhile, and changes nothing', async () => {
    const { payout } = await opened('Stella', 'Stale', [3000]);
    const before = await payoutState(t.database.db);
    for (const expected of ['IN_REVIEW', 'APPROVED', 'PAID']) {
      const res = await api.review(rita, payout.id, { action: 'approve', expected_status: expected });
      expect(res.statusCode, expected).toBe(409);
      expect(res.json(), expected).toEqual({ code: 409, error: 'payout_stale', message: STALE });
    }
    const fr = await api.review(
      rita,
      payout.id,
      { action: 'reject', reason: 'x', expected_status: 'IN_REVIEW' },
      'fr',
    );
    expect(fr.json()).toEqual({
      code: 409,
      error: 'payout_stale',
      message: 'Ce paiement a été modifié par quelqu’un d’autre. Rechargez pour voir son statut actuel.',
    });
    expect(await payoutState(t.database.db)).toEqual(before);

    // Two reviewers approving the same screen at once: one wins, the other is told.
    const both = await Promise.all([
      api.review(rita, payout.id, { action: 'approve', expected_status: 'PENDING' }),
      api.review(remy, payout.id, { action: 'approve', expected_status: 'PENDING' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().message).toBe(STALE);
    expect((await events(payout.id)).map((e) => e.to_status)).toEqual(['PENDING', 'APPROVED']);

    // An approval and a rejection at once: one of them, never both.
    const { p: other, payout: race } = await opened('Rex', 'Race', [3000]);
    const raced = await Promise.all([
      api.review(rita, race.id, { action: 'approve', expected_status: 'PENDING' }),
      api.review(remy, race.id, { action: 'reject', reason: 'no', expected_status: 'PENDING' }),
    ]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const raceEvents = await events(race.id);
    expect(raceEvents).toHaveLength(2);
    const won = raceEvents[1]!.to_status;
    expect((await earningsOf({ partnerId: other.id })).map((e) => e.status)).toEqual([
      won === 'APPROVED' ? 'IN_PAYOUT' : 'APPROVED',
    ]);
  });

  it('requires a reason to reject or send back, and refuses bad input with the error contract, changing nothing', async () => {
    const { payout } = await opened('Ivy', 'Input', [3000]);
    const before = await payoutState(t.database.db);
    const bodies: [unknown, string][] = [
      [{ action: 'reject' }, 'reason'],
      [{ action: 'review' }, 'reason'],
      [{ action: 'review', reason: '   ' }, 'reason'],
      [{ action: 'reject', reason: 'x'.repeat(501) }, 'reason'],
      [{ action: 'reject', reason: 42 }, 'reason'],
      [{ action: 'reject', reason: 'Bad\u0000byte' }, 'reason'],
      [{ action: 'approve', fraudulent: true }, 'fraudulent'],
      [{ action: 'reject', reason: 'r', fraudulent: 'yes' }, 'fraudulent'],
      [{ action: 'delete' }, 'action'],
      [{ action: 'APPROVE' }, 'action'],
      [{ action: 1 }, 'action'],
      [{}, 'action'],
      [{ action: 'approve', expected_status: 'DONE' }, 'expected_status'],
      [{ action: 'approve', expected_status: 3 }, 'expected_status'],
    ];
    for (const [body, field] of bodies) {
      const res = await api.review(rita, payout.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json(), JSON.stringify(body)).toMatchObject({
        code: 422,
        error: 'form_invalid',
        message: 'Form data is invalid',
        errors: { [field]: [expect.any(String)] },
      });
    }
    const fr = await api.review(rita, payout.id, { action: 'reject' }, 'fr');
    expect(fr.json().message).toBe('Les données du formulaire sont invalides');
    expect(fr.json().errors.reason[0]).not.toMatch(/^[a-z_]+$/);
    // Bodies that are not an object at all.
    for (const payload of ['[]', '"approve"', 'null', '{"action":', 'action=approve']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/manager/payouts/${payout.id}/review`,
        headers: { authorization: `Bearer ${rita.token}`, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, payload).toBeLessThan(500);
      expect(res.json().code, payload).toBe(res.statusCode);
    }
    // Ids: malformed or too large are refused as input; well-formed but unknown is 404.
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '1e3', '%20']) {
      for (const res of [
        await api.review(rita, id, { action: 'approve' }),
        await api.markPaid(max, id, { reference: 'R' }),
        await t.app.inject({
          method: 'GET',
          url: `/api/manager/payouts/${id}`,
          headers: { authorization: `Bearer ${rita.token}` },
        }),
        await t.app.inject({
          method: 'GET',
          url: `/api/manager/invoices/${id}/pdf`,
          headers: { authorization: `Bearer ${rita.token}` },
        }),
      ]) {
        expect(res.statusCode, id).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, id).toBeLessThan(500);
        expect(res.json().code, id).toBe(res.statusCode);
      }
    }
    for (const res of [
      await api.review(rita, 999999, { action: 'approve' }),
      await api.markPaid(max, 999999, { reference: 'R' }),
      await t.app.inject({
        method: 'GET',
        url: '/api/manager/payouts/999999',
        headers: { authorization: `Bearer ${rita.token}` },
      }),
      await t.app.inject({
        method: 'GET',
        url: '/api/manager/invoices/999999/pdf',
        headers: { authorization: `Bearer ${rita.token}` },
      }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, error: 'not_found', message: 'Not Found' });
    }
    expect(await payoutState(t.database.db)).toEqual(before);
  });

  it('records every change as an event and tells the partner by bell and e-mail, in their language', async () => {
    const { p: camille, payout } = await opened('Camille', 'Roy', [3000], { locale: 'fr' });
    await t.app.background.tick();
    const notesBefore = (
      await t.database.db
        .selectFrom('notifications')
        .select('id')
        .where('partner_id', '=', camille.id)
        .execute()
    ).length;
    // The request itself is the partner's own doing: no notification for it.
    expect(notesBefore).toBe(0);
    expect(
      (await api.review(rita, payout.id, { action: 'review', reason: 'Vérification des commandes' }))
        .statusCode,
    ).toBe(200);
    expect((await api.review(remy, payout.id, { action: 'approve' })).statusCode).toBe(200);
    expect((await api.markPaid(max, payout.id, { reference: 'VIR-1' })).statusCode).toBe(200);
    const recorded = await events(payout.id);
    expect(recorded).toEqual([
      {
        from_status: null,
        to_status: 'PENDING',
        actor_kind: 'partner',
        actor_id: camille.id,
        actor_name: 'Camille Roy',
        reason: null,
      },
      {
        from_status: 'PENDING',
        to_status: 'IN_REVIEW',
        actor_kind: 'staff',
        actor_id: rita.id,
        actor_name: 'Rita Reviewer',
        reason: 'Vérification des commandes',
      },
      {
        from_status: 'IN_REVIEW',
        to_status: 'APPROVED',
        actor_kind: 'staff',
        actor_id: remy.id,
        actor_name: 'Remy Reviewer',
        reason: null,
      },
      {
        from_status: 'APPROVED',
        to_status: 'PAID',
        actor_kind: 'staff',
        actor_id: max.id,
        actor_name: 'Max Manager',
        reason: 'paid by hand, reference VIR-1',
      },
    ]);
    // Each change queued its follow-up job in the same transaction.
    const jobs = await t.database.db
      .selectFrom('jobs')
      .select(['payload', 'done_at'])
      .where('kind', '=', 'payout_changed')
      .execute();
    const queued = jobs
      .map((j) => JSON.parse(j.payload) as { payoutId: number })
      .filter((j) => j.payoutId === payout.id);
    expect(queued).toHaveLength(3);

    await t.app.background.tick();
    // Camille reads the portal in French, the language of her e-mails too.
    const bell = (await api.partnerGet(camille, '/api/getBellNotifications', 'fr')).data;
    // Three changes, and the badge of a first paid cash-out.
    expect(bell.count).toBe(4);
    expect(
      bell.items.filter((n: Json) => n.kind === 'badge').map((n: Json) => plain(n.title as string)),
    ).toEqual(['Nouveau badge : Premier paiement']);
    expect(
      bell.items
        .filter((n: Json) => n.kind === 'payout')
        .map((n: Json) => ({ kind: n.kind, title: n.title, body: plain(n.body as string), data: n.data })),
    ).toEqual([
      {
        kind: 'payout',
        title: 'Mise à jour de votre retrait',
        body: `Votre retrait de 30,00 $ US a été versé à ${camille.paypal}.`,
        data: { payout_id: payout.id, status: 'PAID' },
      },
      {
        kind: 'payout',
        title: 'Mise à jour de votre retrait',
        body: 'Votre retrait de 30,00 $ US est maintenant : Paiement en attente.',
        data: { payout_id: payout.id, status: 'APPROVED' },
      },
      {
        kind: 'payout',
        title: 'Mise à jour de votre retrait',
        body: 'Votre retrait de 30,00 $ US est maintenant : En examen. Motif : Vérification des commandes',
        data: { payout_id: payout.id, status: 'IN_REVIEW' },
      },
    ]);
    const mails = (await readOutbox(t.dataDir)).filter((m) => m.to.includes(camille.email));
    expect(mails.map((m) => plain(m.subject))).toEqual([
      'Votre retrait : En examen',
      'Votre retrait : Paiement en attente',
      'Votre retrait de 30,00 $ US est versé',
    ]);
    expect(plain(mails[0]!.text)).toContain('Motif : Vérification des commandes');
    expect(mails[2]!.links).toContain(`${t.config.publicUrl}/account/cashout`);
    // Running the jobs again sends nothing twice.
    await t.app.background.tick();
    expect((await api.partnerGet(camille, '/api/getBellNotifications')).data.count).toBe(4);
    expect((await readOutbox(t.dataDir)).filter((m) => m.to.includes(camille.email))).toHaveLength(3);

    // In English for an English partner; an approval that goes on to the manager stage is one
    // change to them (where it landed), not two.
    const { p: ed, payout: big } = await opened('Ed', 'English', [55000]);
    await api.review(rita, big.id, { action: 'approve' });
    await api.review(max, big.id, { action: 'reject', reason: 'Too many refunds' });
    await t.app.background.tick();
    const edBell = (await api.partnerGet(ed, '/api/getBellNotifications')).data.items.map((n: Json) => [
      n.title,
      n.body,
    ]);
    expect(edBell).toEqual([
      ['Cash-out update', 'Your cash-out of $550.00 is now: Rejected. Reason: Too many refunds'],
      ['Cash-out update', 'Your cash-out of $550.00 is now: In Review.'],
    ]);
    expect(
      (await readOutbox(t.dataDir)).filter((m) => m.to.includes(ed.email)).map((m) => m.subject),
    ).toEqual(['Your cash-out: In Review', 'Your cash-out: Rejected']);
  });

  it('shows staff the payout’s partner, earnings, fraud signals and history; its invoice to any staff', async () => {
    const maya = await partner('Maya', 'Signals');
    await createPromoCode(t.database.db, maya.id, 'MAYASIG');
    const own = shopifyOrderPayload({
      code: 'MAYASIG',
      items: [['Kids Multi', 1, 2000]],
      email: maya.email.toUpperCase(),
    });
    expect((await deliver(t.app, 'orders/paid', own, { secret: SECRET })).statusCode).toBe(200);
    const ownNumber = (
      await t.database.db
        .selectFrom('orders')
        .select('order_number')
        .where('shopify_order_id', '=', String(own.id))
        .executeTakeFirstOrThrow()
    ).order_number;
    const [bonus] = await addEarnings(t.database.db, maya.id, [4000]);
    const [adjustment] = await addEarnings(t.database.db, maya.id, [-300]);
    const payout = await api.payMeNow(maya);
    const d = await api.detail(rita, payout.id);
    expect(d.partner).toMatchObject({
      uuid: maya.uuid,
      name: 'Maya Signals',
      email: maya.email,
      paypal_email: maya.paypal,
      verified: true,
      country: 'CA',
      lifetime_paid: 0,
      payouts_count: 1,
    });
    expect(d.earnings).toEqual([
      {
        id: adjustment,
        kind: 'adjustment',
        order_number: null,
        date: expect.any(String),
        product: null,
        amount: -3,
        status: 'IN_PAYOUT',
      },
      {
        id: bonus,
        kind: 'bonus',
        order_number: null,
        date: expect.any(String),
        product: null,
        amount: 40,
        status: 'IN_PAYOUT',
      },
    ]);
    expect(d.signals).toEqual({
      self_purchase: [
        {
          order_number: ownNumber,
          date: expect.any(String),
          customer_email: expect.stringMatching(new RegExp(maya.email, 'i')),
        },
      ],
      own_voucher_orders: 0,
      in_review_earnings: 1,
      in_review_amount: 1.7,
    });
    expect(d.payout).toMatchObject({
      amount: 37,
      partner: { uuid: maya.uuid, name: 'Maya Signals', email: maya.email },
    });

    const pdf = await t.app.inject({
      method: 'GET',
      url: d.payout.invoice.pdf_url,
      headers: { authorization: `Bearer ${remy.token}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(payout.invoice.number);
    expect(text).toContain('Maya Signals');
  });

  it('keeps the back office to staff and the partner pages to partners', async () => {
    const { p, payout } = await opened('Kim', 'Keys', [3000]);
    const before = await payoutState(t.database.db);
    const routes: ['GET' | 'POST', string, Json?][] = [
      ['GET', '/api/manager/payouts'],
      ['GET', `/api/manager/payouts/${payout.id}`],
      ['POST', `/api/manager/payouts/${payout.id}/review`, { action: 'approve' }],
      ['POST', `/api/manager/payouts/${payout.id}/mark-paid`, { reference: 'R' }],
      ['GET', `/api/manager/invoices/${payout.invoice.id}/pdf`],
    ];
    for (const [method, url, payload] of routes) {
      for (const headers of [
        {},
        { authorization: `Bearer ${p.token}` },
        { authorization: 'Bearer forged' },
      ]) {
        const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(headers)}`).toBe(401);
        expect(res.json()).toEqual({ code: 401, error: 'not_authorized', message: 'Not Authorized' });
      }
    }
    // And the partner pages refuse a staff token.
    for (const url of [
      '/api/getPayMeNowStats',
      '/api/payMeNow',
      '/api/getInvoices',
      `/api/invoices/${payout.invoice.id}/pdf`,
    ]) {
      expect(
        (await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${ada.token}` } }))
          .statusCode,
        url,
      ).toBe(401);
    }
    expect(await payoutState(t.database.db)).toEqual(before);
  });
});

describe('payout review with PayPal configured', () => {
  let t: TestApp;
  const api = client(() => t);

  beforeAll(async () => {
    // Nothing is sent: the scheduler is not run, and the address answers nothing.
    t = await createTestApp({
      env: {
        PAYPAL_CLIENT_ID: 'test-client',
        PAYPAL_CLIENT_SECRET: 'test-secret',
        PAYPAL_API_BASE: 'http://127.0.0.1:9',
      },
    });
  });
  afterAll(() => t.close());

  it('refuses to mark paid by hand: PayPal pays, and the payout is queued for it', async () => {
    const rita = await staffMember(t.database.db, 'reviewer', 'Rita Reviewer');
    const max = await staffMember(t.database.db, 'manager', 'Max Manager');
    const ada = await staffMember(t.database.db, 'admin', 'Ada Admin');
    const p = await payoutPartner(t.database.db, { first: 'Paula', last: 'Paypal' });
    await addEarnings(t.database.db, p.id, [3000]);
    const payout = await api.payMeNow(p);
    const approved = await api.review(rita, payout.id, { action: 'approve' });
    expect(approved.json().data).toMatchObject({
      paypal_configured: true,
      payout: { status: 'APPROVED', paypal_state: 'queued' },
    });
    expect((await api.detail(max, payout.id)).actions).toEqual(['review']);
    const before = await payoutState(t.database.db);
    for (const s of [max, ada]) {
      const res = await api.markPaid(s, payout.id, { reference: 'BY-HAND' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 409, error: 'payout_paypal_configured', message: PAYPAL_PAYS });
    }
    expect(await payoutState(t.database.db)).toEqual(before);
  });
});

describe('the payouts queue', () => {
  let t: TestApp;
  let rita: TestStaff;
  const api = client(() => t);
  const rows: Record<string, { id: number; invoice: string; p: TestPartner }> = {};

  beforeAll(async () => {
    t = await createTestApp();
    rita = await staffMember(t.database.db, 'reviewer', 'Rita Reviewer');
    const max = await staffMember(t.database.db, 'manager', 'Max Manager');
    const plan: [string, string, number, (id: number) => Promise<unknown>][] = [
      ['Quinn', 'Query', 3000, async () => undefined],
      ['Olga', 'Olsen', 3100, (id) => api.review(rita, id, { action: 'review', reason: 'check' })],
      [
        'Paul',
        'Payne',
        3200,
        async (id) => {
          await api.review(rita, id, { action: 'approve' });
          return api.markPaid(max, id, { reference: 'R' });
        },
      ],
      ['Rae', 'Rejected', 3300, (id) => api.review(rita, id, { action: 'reject', reason: 'no' })],
      ['Manny', 'Major', 60000, (id) => api.review(rita, id, { action: 'approve' })],
      ['Abe', 'Able', 3400, (id) => api.review(rita, id, { action: 'approve' })],
    ];
    for (const [first, last, cents, then] of plan) {
      const p = await payoutPartner(t.database.db, { first, last });
      await createPromoCode(t.database.db, p.id, `${first.toUpperCase()}PROMO`);
      await addEarnings(t.database.db, p.id, [cents]);
      const payout = await api.payMeNow(p);
      await then(payout.id);
      rows[first] = { id: payout.id, invoice: payout.invoice.number, p };
    }
  });
  afterAll(() => t.close());

  const names = (res: { json(): { data: { partner: { name: string } }[] } }) =>
    res.json().data.map((r) => r.partner.name.split(' ')[0]);

  it('lists every payout, newest first, with the counts per status', async () => {
    const res = await api.queue(rita);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ current_page: 1, per_page: 20, last_page: 1, total: 6 });
    expect(names(res)).toEqual(['Abe', 'Manny', 'Rae', 'Paul', 'Olga', 'Quinn']);
    expect(body.counts).toEqual({
      PENDING: 1,
      IN_REVIEW: 1,
      APPROVED: 1,
      MANAGER_IN_REVIEW: 1,
      MANAGER_APPROVED: 0,
      PAID: 1,
      REJECTED: 1,
      MANAGER_REJECTED: 0,
      open: 4,
    });
    const abe = rows.Abe!;
    expect(body.data[0]).toEqual({
      id: abe.id,
      partner: { uuid: abe.p.uuid, name: 'Abe Able', email: abe.p.email },
      amount: 34,
      currency: 'USD',
      status: 'APPROVED',
      status_label: 'Payment Pending',
      stage: 'payment',
      earnings_count: 1,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      paypal_state: null,
    });
    expect((await api.queue(rita, '', 'fr')).json().data[0].status_label).toBe('Paiement en attente');
  });

  it('filters by status, open ones oldest first', async () => {
    expect(names(await api.queue(rita, '?status=open'))).toEqual(['Quinn', 'Olga', 'Manny', 'Abe']);
    expect((await api.queue(rita, '?status=open')).json().total).toBe(4);
    for (const [status, expected] of [
      ['PENDING', ['Quinn']],
      ['IN_REVIEW', ['Olga']],
      ['PAID', ['Paul']],
      ['REJECTED', ['Rae']],
      ['MANAGER_IN_REVIEW', ['Manny']],
      ['APPROVED', ['Abe']],
      ['MANAGER_APPROVED', []],
    ] as const) {
      const res = await api.queue(rita, `?status=${status}`);
      expect(names(res), status).toEqual(expected);
      expect(
        res.json().data.every((r: Json) => r.status === status),
        status,
      ).toBe(true);
    }
    // The counts stay the program's, whatever the filter.
    expect((await api.queue(rita, '?status=PAID&q=quinn')).json()).toMatchObject({
      data: [],
      total: 0,
      counts: { PENDING: 1, open: 4 },
    });
  });

  it('searches by name, e-mail, promo code, payout id and invoice number', async () => {
    const searches: [string, string[]][] = [
      ['quinn', ['Quinn']],
      ['Olga Olsen', ['Olga']],
      ['PAUL.PAYNE@PARTNERS', ['Paul']],
      ['rejected@partners.example', ['Rae']],
      ['mannypromo', ['Manny']],
      ['ABEPROMO', ['Abe']],
      [String(rows.Olga!.id), ['Olga']],
      [rows.Paul!.invoice, ['Paul']],
      [rows.Paul!.invoice.toLowerCase(), ['Paul']],
      ['partners.example', ['Abe', 'Manny', 'Rae', 'Paul', 'Olga', 'Quinn']],
      ['nobody', []],
      // Wildcards are searched as themselves.
      ['%', []],
      ['_', []],
      ['INV-', []],
    ];
    for (const [q, expected] of searches) {
      const res = await api.queue(rita, `?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(names(res), q).toEqual(expected);
      expect(res.json().total, q).toBe(expected.length);
    }
    expect(names(await api.queue(rita, `?status=open&q=${encodeURIComponent('promo')}`))).toEqual([]);
  });

  it('pages the list', async () => {
    const page1 = (await api.queue(rita, '?length=4')).json();
    expect(page1).toMatchObject({ current_page: 1, per_page: 4, last_page: 2, total: 6 });
    expect(page1.data).toHaveLength(4);
    const page2 = await api.queue(rita, '?length=4&page=2');
    expect(names(page2)).toEqual(['Olga', 'Quinn']);
    expect((await api.queue(rita, '?length=4&page=3')).json()).toMatchObject({
      data: [],
      current_page: 3,
      last_page: 2,
      total: 6,
    });
  });

  it('refuses a bad filter with 422', async () => {
    for (const query of [
      '?status=FOO',
      '?status=open,PAID',
      '?status=',
      '?page=0',
      '?page=-1',
      '?length=0',
      '?length=101',
      '?page=abc',
      `?q=${'x'.repeat(201)}`,
      '?q=a%00b',
    ]) {
      const res = await api.queue(rita, query);
      expect(res.statusCode, query).toBe(422);
      expect(res.json(), query).toMatchObject({
        code: 422,
        error: 'form_invalid',
        message: 'Form data is invalid',
      });
    }
  });
});
