import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { pdfText } from '../../test/pdf-text';
import {
  actor,
  addEarnings,
  approveOrderEarnings,
  payoutPartner,
  payoutState,
  staffMember,
} from '../../test/payouts';
import type { TestPartner, TestStaff } from '../../test/payouts';
import { deliver, shopifyOrderPayload } from '../../test/shopify';
import { createPromoCode } from '../promo-codes/service';
import { reviewPayout } from './service';

const SECRET = 'payouts-webhook-secret';
const YEAR = new Date().getUTCFullYear();
const INVOICE_NUMBER = new RegExp(`^INV-${YEAR}-\\d{6}$`);

// The rules' messages as the partner reads them (docs/product/payouts.md; docs/product/errors-and-languages.md#error-catalogue for the e-mail).
const MESSAGES = {
  email_not_verified: {
    en: 'Your email address is not verified. Please check your mailbox or click to re-send verification email.',
    fr: 'Votre adresse e-mail n’est pas vérifiée. Consultez votre boîte de réception ou cliquez pour renvoyer l’e-mail de vérification.',
  },
  paypal_email_missing: {
    en: 'A payment e-mail must be registered before payment',
    fr: 'Une adresse e-mail de paiement doit être enregistrée avant tout paiement',
  },
  below_minimum: {
    en: 'Your payable balance is below the minimum payout',
    fr: 'Votre solde payable est inférieur au paiement minimum',
  },
  payout_open: { en: 'A cash-out is already in progress', fr: 'Un retrait est déjà en cours' },
} as const;
// Their stable keys, the answer's `error`.
const BLOCKER_KEYS = {
  email_not_verified: 'payout_email_not_verified',
  paypal_email_missing: 'payout_paypal_missing',
  below_minimum: 'payout_below_minimum',
  payout_open: 'payout_open',
} as const;

// The partner's side of cash-out (docs/product/payouts.md#cash-out): what stands in the way, Pay me
// now gathering the approved earnings into one payout with its invoice, and the invoices.
describe('cash-out for partners', () => {
  let t: TestApp;
  let admin: TestStaff;
  const call = (method: 'GET' | 'POST', url: string, token: string, lang = 'en', payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const stats = async (p: TestPartner, lang = 'en') => {
    const res = await call('GET', '/api/getPayMeNowStats', p.token, lang);
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };
  const payMeNow = (p: TestPartner, method: 'GET' | 'POST' = 'POST', lang = 'en') =>
    call(method, '/api/payMeNow', p.token, lang);
  const partner = (
    first: string,
    last: string,
    options: Omit<Parameters<typeof payoutPartner>[1], 'first' | 'last'> = {},
  ) => payoutPartner(t.database.db, { first, last, ...options });
  const lastSeq = async () =>
    (
      await t.database.db
        .selectFrom('invoice_counters')
        .select('last')
        .where('year', '=', YEAR)
        .executeTakeFirst()
    )?.last ?? 0;
  const seqOf = (number: string) => Number(number.slice(-6));
  const earningsOf = (partnerId: number) =>
    t.database.db
      .selectFrom('earnings')
      .select(['id', 'status', 'payout_id', 'amount_cents', 'kind'])
      .where('partner_id', '=', partnerId)
      .orderBy('id')
      .execute();
  const setSetting = (key: string, value: string) =>
    t.database.db
      .insertInto('settings')
      .values({ key, value, updated_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  const dropSetting = (key: string) => t.database.db.deleteFrom('settings').where('key', '=', key).execute();
  const sell = async (code: string, items: [string, number, number][], email?: string) => {
    const order = shopifyOrderPayload({ code, items, ...(email ? { email } : {}) });
    expect((await deliver(t.app, 'orders/paid', order, { secret: SECRET })).statusCode).toBe(200);
    const stored = await t.database.db
      .selectFrom('orders')
      .select(['id', 'order_number'])
      .where('shopify_order_id', '=', String(order.id))
      .executeTakeFirstOrThrow();
    return { ...order, orderId: stored.id, orderNumber: stored.order_number };
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { SHOPIFY_WEBHOOK_SECRET: SECRET } });
    admin = await staffMember(t.database.db, 'admin', 'Ada Admin');
  });
  afterAll(() => t.close());

  it('answers the balances, the minimum and the rules still unmet', async () => {
    const ready = await partner('Rhea', 'Ready');
    const soon = new Date(Date.now() + 3 * 86_400_000);
    await addEarnings(t.database.db, ready.id, [2000, 1500]);
    await addEarnings(t.database.db, ready.id, [700], {
      status: 'PENDING',
      holdUntil: new Date(Date.now() + 20 * 86_400_000),
    });
    await addEarnings(t.database.db, ready.id, [300], { status: 'PENDING', holdUntil: soon });
    await addEarnings(t.database.db, ready.id, [900], { status: 'IN_REVIEW' });
    await addEarnings(t.database.db, ready.id, [800], { status: 'REJECTED' });
    expect(await stats(ready)).toEqual({
      payable_balance: 35,
      pending_balance: 10,
      in_payout_balance: 0,
      next_payable_at: soon.toISOString(),
      minimum: 25,
      currency: 'USD',
      paypal_email: ready.paypal,
      paypal_hold_until: null,
      can_request: true,
      blockers: [],
      open_payout: null,
      lifetime_paid: 0,
      recent_cashouts: [],
      latest_paid: null,
    });

    // Every unmet rule at once, in the order the page lists them.
    const nothing = await partner('Nora', 'Nothing', { verified: false, paypal: null });
    const none = await stats(nothing);
    expect(none).toMatchObject({
      payable_balance: 0,
      pending_balance: 0,
      next_payable_at: null,
      paypal_email: null,
      can_request: false,
    });
    expect(none.blockers).toEqual(['email_not_verified', 'paypal_email_missing', 'below_minimum']);
  });

  it('refuses Pay me now with each rule’s message, in English and French, and changes nothing', async () => {
    const unverified = await partner('Uma', 'Unverified', { verified: false });
    await addEarnings(t.database.db, unverified.id, [3000]);
    const noPaypal = await partner('Pia', 'Nopaypal', { paypal: null });
    await addEarnings(t.database.db, noPaypal.id, [3000]);
    const below = await partner('Bea', 'Below');
    await addEarnings(t.database.db, below.id, [2499]);
    // A balance the adjustments bring under the minimum: it is the net that must reach it.
    const adjusted = await partner('Ada', 'Adjusted');
    await addEarnings(t.database.db, adjusted.id, [3000]);
    await addEarnings(t.database.db, adjusted.id, [-1000]);
    const open = await partner('Otto', 'Open');
    await addEarnings(t.database.db, open.id, [3000]);
    expect((await payMeNow(open)).statusCode).toBe(201);
    await addEarnings(t.database.db, open.id, [4000]);

    const cases: [TestPartner, keyof typeof MESSAGES][] = [
      [unverified, 'email_not_verified'],
      [noPaypal, 'paypal_email_missing'],
      [below, 'below_minimum'],
      [adjusted, 'below_minimum'],
      [open, 'payout_open'],
    ];
    const seq = await lastSeq();
    const before = await payoutState(t.database.db);
    for (const [p, blocker] of cases) {
      const s = await stats(p);
      expect(s.blockers, p.name).toContain(blocker);
      expect(s.can_request, p.name).toBe(false);
      for (const method of ['GET', 'POST'] as const) {
        for (const lang of ['en', 'fr'] as const) {
          const res = await payMeNow(p, method, lang);
          expect(res.statusCode, `${p.name} ${method} ${lang}`).toBe(422);
          expect(res.json(), `${p.name} ${method} ${lang}`).toEqual({
            code: 422,
            error: BLOCKER_KEYS[blocker],
            message: MESSAGES[blocker][lang],
          });
        }
      }
    }
    expect((await stats(adjusted)).payable_balance).toBe(20);
    expect((await stats(open)).blockers).toEqual(['payout_open']);
    // Nothing written: no payout, no event, no earning moved, no invoice number used.
    expect(await payoutState(t.database.db)).toEqual(before);
    expect(await lastSeq()).toBe(seq);

    // The next accepted request takes the very next number: the refusals left no gap.
    await addEarnings(t.database.db, below.id, [1]);
    const accepted = await payMeNow(below);
    expect(accepted.statusCode).toBe(201);
    expect(seqOf(accepted.json().data.invoice.number)).toBe(seq + 1);
  });

  it('pays at exactly the minimum, adjustments included, with GET as well as POST', async () => {
    const exact = await partner('Ezra', 'Exact');
    await addEarnings(t.database.db, exact.id, [2000, 1000]);
    await addEarnings(t.database.db, exact.id, [-500]);
    const res = await payMeNow(exact, 'GET');
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ amount: 25, status: 'PENDING' });
    expect((await earningsOf(exact.id)).map((e) => e.status)).toEqual([
      'IN_PAYOUT',
      'IN_PAYOUT',
      'IN_PAYOUT',
    ]);

    // A body naming an amount or another partner changes neither: the ledger decides.
    const poster = await partner('Posey', 'Poster');
    await addEarnings(t.database.db, poster.id, [2600]);
    const posted = await call('POST', '/api/payMeNow', poster.token, 'fr', {
      amount: 99999,
      partner_id: exact.id,
    });
    expect(posted.statusCode).toBe(201);
    expect(posted.json().data).toMatchObject({
      amount: 26,
      status: 'PENDING',
      status_label: 'En attente d\u2019approbation',
    });
    const row = await t.database.db
      .selectFrom('payouts')
      .select(['partner_id', 'amount_cents'])
      .where('id', '=', posted.json().data.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ partner_id: poster.id, amount_cents: 2600 });
  });

  it('reads the minimum and the manager threshold from the program settings', async () => {
    const modest = await partner('Milo', 'Modest');
    await addEarnings(t.database.db, modest.id, [1200]);
    expect((await stats(modest)).blockers).toEqual(['below_minimum']);
    try {
      await setSetting('minimum_payout_cents', '1000');
      const s = await stats(modest);
      expect(s).toMatchObject({ minimum: 10, can_request: true, blockers: [] });
      await setSetting('minimum_payout_cents', '5000');
      const rich = await partner('Rich', 'Ready');
      await addEarnings(t.database.db, rich.id, [3000]);
      expect(await stats(rich)).toMatchObject({
        minimum: 50,
        can_request: false,
        blockers: ['below_minimum'],
      });
      const refused = await payMeNow(rich);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe(MESSAGES.below_minimum.en);
      // A value that is not a whole number of cents is ignored: the default holds.
      await setSetting('minimum_payout_cents', 'twenty');
      expect((await stats(rich)).minimum).toBe(25);
      await setSetting('minimum_payout_cents', '1000');
      const paid = await payMeNow(modest);
      expect(paid.statusCode).toBe(201);
      expect(paid.json().data.amount).toBe(12);

      // The staff view shows the threshold the approval will apply.
      await setSetting('manager_threshold_cents', '1100');
      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/manager/payouts/${paid.json().data.id}`,
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(detail.json().data.threshold).toBe(11);
      const approved = await t.app.inject({
        method: 'POST',
        url: `/api/manager/payouts/${paid.json().data.id}/review`,
        headers: { authorization: `Bearer ${admin.token}` },
        payload: { action: 'approve' },
      });
      expect(approved.json().data.payout.status).toBe('MANAGER_IN_REVIEW');
      await dropSetting('manager_threshold_cents');
      const defaultDetail = await t.app.inject({
        method: 'GET',
        url: `/api/manager/payouts/${paid.json().data.id}`,
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(defaultDetail.json().data.threshold).toBe(500);
    } finally {
      await dropSetting('minimum_payout_cents');
      await dropSetting('manager_threshold_cents');
    }
  });

  it('gathers every approved earning and adjustment into one payout; the others stay out', async () => {
    const gina = await partner('Gina', 'Gather');
    await createPromoCode(t.database.db, gina.id, 'GINA10');
    // 2 × 25.00 less 15% = 42.50 → 4.25; 30.00 less 15% = 25.50 → 2.55 (10% tier).
    const a = await sell('GINA10', [['ACV Gummies', 2, 2500]]);
    const b = await sell('GINA10', [['Calm Bites', 1, 3000]]);
    await approveOrderEarnings(t.database.db, a.id);
    await approveOrderEarnings(t.database.db, b.id);
    const pending = await sell('GINA10', [['Matcha Mind', 1, 4000]]);
    const own = await sell('GINA10', [['Kids Multi', 1, 2000]], gina.email);
    const cancelled = await sell('GINA10', [['Energy Bites', 1, 3000]]);
    await deliver(
      t.app,
      'orders/cancelled',
      { ...cancelled, cancelled_at: new Date().toISOString() },
      { secret: SECRET },
    );
    await addEarnings(t.database.db, gina.id, [3000]);
    await addEarnings(t.database.db, gina.id, [-200]);
    const before = await earningsOf(gina.id);
    const approved = before.filter((e) => e.status === 'APPROVED');
    expect(approved).toHaveLength(4);
    expect(
      before
        .filter((e) => e.status !== 'APPROVED')
        .map((e) => e.status)
        .sort(),
    ).toEqual(['IN_REVIEW', 'PENDING', 'REJECTED']);

    const seq = await lastSeq();
    const res = await payMeNow(gina);
    expect(res.statusCode).toBe(201);
    const payout = res.json().data;
    expect(payout).toEqual({
      id: expect.any(Number),
      amount: 34.8,
      currency: 'USD',
      status: 'PENDING',
      status_label: 'Pending Approval',
      date: expect.any(String),
      paid_at: null,
      reason: null,
      invoice: {
        id: expect.any(Number),
        number: expect.stringMatching(INVOICE_NUMBER),
        pdf_url: `/api/invoices/${payout.invoice.id}/pdf`,
      },
    });
    expect(new Date(payout.date).toISOString()).toBe(payout.date);
    expect(seqOf(payout.invoice.number)).toBe(seq + 1);
    const stored = await t.database.db
      .selectFrom('payouts')
      .selectAll()
      .where('id', '=', payout.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      partner_id: gina.id,
      amount_cents: 3480,
      earnings_count: 4,
      paypal_email: gina.paypal,
      status: 'PENDING',
    });
    const invoice = await t.database.db
      .selectFrom('invoices')
      .selectAll()
      .where('id', '=', payout.invoice.id)
      .executeTakeFirstOrThrow();
    expect(invoice).toMatchObject({
      payout_id: payout.id,
      partner_id: gina.id,
      amount_cents: 3480,
      year: YEAR,
      seq: seq + 1,
    });

    // The approved ones are in the payout; the pending, in-review and rejected ones are not.
    const after = await earningsOf(gina.id);
    for (const e of after) {
      const was = before.find((x) => x.id === e.id)!;
      if (was.status === 'APPROVED')
        expect(e).toMatchObject({
          status: 'IN_PAYOUT',
          payout_id: payout.id,
          amount_cents: was.amount_cents,
        });
      else expect(e).toEqual(was);
    }
    const items = await t.database.db
      .selectFrom('payout_items')
      .select(['earning_id', 'amount_cents', 'order_number'])
      .where('payout_id', '=', payout.id)
      .orderBy('earning_id')
      .execute();
    expect(items.map((i) => i.earning_id)).toEqual(approved.map((e) => e.id));
    expect(items.reduce((s, i) => s + i.amount_cents, 0)).toBe(3480);
    expect(
      items
        .map((i) => i.order_number)
        .filter(Boolean)
        .sort(),
    ).toEqual([a.orderNumber, b.orderNumber].sort());

    // To the partner, those sales are still "Payment Pending"; the others keep their status.
    const sales = (await call('GET', '/api/getShopifySalesItemsNoVouchers?length=100', gina.token)).json()
      .data as { order_number: string; status: string; status_label: string }[];
    const byNumber = (n: string) => sales.find((s) => s.order_number === n)!;
    expect(byNumber(a.orderNumber)).toMatchObject({
      status: 'APPROVED',
      status_label: 'Payment Pending',
      commission: 4.25,
    });
    expect(byNumber(b.orderNumber)).toMatchObject({ status: 'APPROVED', status_label: 'Payment Pending' });
    expect(byNumber(pending.orderNumber).status).toBe('PENDING');
    expect(byNumber(own.orderNumber).status).toBe('IN_REVIEW');
    expect(byNumber(cancelled.orderNumber).status).toBe('REJECTED');

    const s = await stats(gina);
    expect(s).toMatchObject({
      payable_balance: 0,
      in_payout_balance: 34.8,
      pending_balance: 3.4,
      can_request: false,
      blockers: ['below_minimum', 'payout_open'],
    });
    expect(s.open_payout).toEqual(payout);
    expect(s.recent_cashouts).toEqual([payout]);

    // The invoice: its number, the partner, each order of the payout.
    const pdf = await call('GET', payout.invoice.pdf_url, gina.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${payout.invoice.number}.pdf"`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(payout.invoice.number);
    expect(text).toContain('Gina Gather');
    expect(text).toContain(a.orderNumber);
    expect(text).toContain(b.orderNumber);
    expect(text).not.toContain(pending.orderNumber);
    expect(text).not.toContain(own.orderNumber);

    // Not another partner's, nor an invoice that does not exist.
    const stranger = await partner('Sid', 'Stranger');
    for (const url of [payout.invoice.pdf_url, '/api/invoices/999999/pdf']) {
      const res404 = await call('GET', url, stranger.token);
      expect(res404.statusCode, url).toBe(404);
      expect(res404.json(), url).toEqual({ code: 404, error: 'not_found', message: 'Not Found' });
    }
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '1e3x']) {
      const bad = await call('GET', `/api/invoices/${id}/pdf`, gina.token);
      expect(bad.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(bad.statusCode, id).toBeLessThan(500);
      expect(bad.json().code, id).toBe(bad.statusCode);
    }
  });

  it('numbers invoices without gaps when many partners ask at once, and opens one payout per partner', async () => {
    const crowd: TestPartner[] = [];
    for (const name of ['Ava', 'Ben', 'Cal', 'Dee', 'Eli', 'Fay']) {
      const p = await partner(name, 'Crowd');
      await addEarnings(t.database.db, p.id, [2500, 600]);
      crowd.push(p);
    }
    const seq = await lastSeq();
    const answers = await Promise.all(crowd.map((p, i) => payMeNow(p, i % 2 ? 'GET' : 'POST')));
    expect(answers.map((r) => r.statusCode)).toEqual(crowd.map(() => 201));
    const numbers = answers.map((r) => seqOf(r.json().data.invoice.number)).sort((x, y) => x - y);
    expect(numbers).toEqual(crowd.map((_, i) => seq + 1 + i));
    expect(await lastSeq()).toBe(seq + crowd.length);
    expect(answers.every((r) => r.json().data.amount === 31)).toBe(true);

    // One partner asking five times at once: one payout, one number, each earning once.
    const eager = await partner('Eager', 'Asker');
    await addEarnings(t.database.db, eager.id, [1000, 1000, 1000]);
    const tries = await Promise.all(
      Array.from({ length: 5 }, (_, i) => payMeNow(eager, i % 2 ? 'GET' : 'POST')),
    );
    expect(tries.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422, 422]);
    for (const r of tries.filter((x) => x.statusCode === 422))
      expect(r.json().message).toBe(MESSAGES.payout_open.en);
    const payouts = await t.database.db
      .selectFrom('payouts')
      .select(['id', 'amount_cents', 'earnings_count'])
      .where('partner_id', '=', eager.id)
      .execute();
    expect(payouts).toEqual([{ id: expect.any(Number), amount_cents: 3000, earnings_count: 3 }]);
    expect(await lastSeq()).toBe(seq + crowd.length + 1);
    const invoiceNumbers = await t.database.db
      .selectFrom('invoices')
      .select('seq')
      .where('year', '=', YEAR)
      .orderBy('seq')
      .execute();
    expect(invoiceNumbers.map((i) => i.seq)).toEqual(
      Array.from({ length: seq + crowd.length + 1 }, (_, i) => i + 1),
    );
  });

  it('lists the partner’s invoices, newest first, five to a page, each payout’s status with it', async () => {
    const ines = await partner('Ines', 'Invoices');
    await addEarnings(t.database.db, ines.id, [3000]);
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await payMeNow(ines);
      expect(res.statusCode).toBe(201);
      ids.push(res.json().data.id);
      // Rejected (not as fraud): the earnings come back, payable again.
      if (i < 5)
        await reviewPayout(t.database.db, {
          payoutId: res.json().data.id,
          staff: actor(admin),
          action: 'reject',
          reason: `try ${i}`,
          paypalConfigured: false,
        });
    }
    const first = await call('GET', '/api/getInvoices', ines.token);
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1).toMatchObject({ current_page: 1, per_page: 5, last_page: 2, total: 6 });
    expect(page1.data.map((r: { payout_id: number }) => r.payout_id)).toEqual(ids.slice(1).reverse());
    expect(page1.data[0]).toEqual({
      id: expect.any(Number),
      number: expect.stringMatching(INVOICE_NUMBER),
      amount: 30,
      status: 'PENDING',
      status_label: 'Pending Approval',
      date: expect.any(String),
      pdf_url: `/api/invoices/${page1.data[0].id}/pdf`,
      payout_id: ids[5],
      paid_at: null,
    });
    expect(page1.data[1]).toMatchObject({ status: 'REJECTED', status_label: 'Rejected' });
    const seqs = page1.data.map((r: { number: string }) => seqOf(r.number));
    expect(seqs).toEqual([...seqs].sort((x: number, y: number) => y - x));
    const page2 = (await call('GET', '/api/getInvoices?page=2', ines.token, 'fr')).json();
    expect(page2).toMatchObject({ current_page: 2, per_page: 5, last_page: 2, total: 6 });
    expect(page2.data).toHaveLength(1);
    expect(page2.data[0]).toMatchObject({ payout_id: ids[0], status: 'REJECTED', status_label: 'Refusé' });
    expect((await call('GET', '/api/getInvoices?length=100', ines.token)).json().data).toHaveLength(6);
    expect((await call('GET', '/api/getInvoices?page=3', ines.token)).json()).toEqual({
      data: [],
      current_page: 3,
      per_page: 5,
      last_page: 2,
      total: 6,
    });
    // The cash-outs the page shows: the last five, with why they were rejected.
    const s = await stats(ines);
    expect(s.recent_cashouts.map((r: { id: number }) => r.id)).toEqual(ids.slice(1).reverse());
    expect(s.recent_cashouts[1]).toMatchObject({ status: 'REJECTED', reason: 'try 4' });
    // Another partner's list holds none of these.
    const other = await partner('Otis', 'Other');
    expect((await call('GET', '/api/getInvoices', other.token)).json()).toEqual({
      data: [],
      current_page: 1,
      per_page: 5,
      last_page: 1,
      total: 0,
    });

    for (const query of [
      'page=0',
      'page=-1',
      'length=0',
      'length=101',
      'page=abc',
      'length=2.5',
      'page=99999999999',
    ]) {
      const res = await call('GET', `/api/getInvoices?${query}`, ines.token);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().code, query).toBe(422);
    }
  });

  it('answers 401 without a partner token, and to a staff token', async () => {
    const p = await partner('Tia', 'Token');
    await addEarnings(t.database.db, p.id, [3000]);
    const invoiceOf = await (async () => {
      const other = await partner('Ivo', 'Invoiced');
      await addEarnings(t.database.db, other.id, [3000]);
      return (await payMeNow(other)).json().data.invoice.id as number;
    })();
    const before = await payoutState(t.database.db);
    const routes: ['GET' | 'POST', string][] = [
      ['GET', '/api/getPayMeNowStats'],
      ['GET', '/api/payMeNow'],
      ['POST', '/api/payMeNow'],
      ['GET', '/api/getInvoices'],
      ['GET', `/api/invoices/${invoiceOf}/pdf`],
    ];
    for (const [method, url] of routes) {
      for (const headers of [
        {},
        { authorization: `Bearer ${admin.token}` },
        { authorization: 'Bearer not-a-token' },
        { authorization: p.token },
      ]) {
        const res = await t.app.inject({ method, url, headers });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(headers)}`).toBe(401);
        expect(res.json()).toEqual({ code: 401, error: 'not_authorized', message: 'Not Authorized' });
      }
    }
    expect(await payoutState(t.database.db)).toEqual(before);
  });

  it('refuses a malformed Pay me now body without creating anything', async () => {
    const p = await partner('Mal', 'Formed');
    await addEarnings(t.database.db, p.id, [3000]);
    const before = await payoutState(t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payMeNow',
      headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json' },
      payload: '{"amount":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400);
    expect(await payoutState(t.database.db)).toEqual(before);
  });
});
