// What managers change on a partner (docs/product/back-office.md#partners, issue 13), and a partner's page: each action
// allowed to managers and admins, 403 to reviewers, 401 to partners; validation that changes
// nothing; every change audited (before and after) in its transaction, a failing change leaving no
// audit line; suspension (no sign-in, no cash-out, orders still recorded); the code's discount
// queuing its push to the store; and the page's paged reads.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SUBPARTNER_SLUG, seedDemoProgram } from '../../seed/demo';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { readOutbox } from '../../test/mailbox';
import { bearer, createPartnerWithEarnings, createStaffWithToken } from '../../test/payouts-fixture';
import type { FixtureStaff } from '../../test/payouts-fixture';
import { deliver, shopifyOrderPayload } from '../../test/shopify';
import type { Db } from '../../db';
import { AppError } from '../../errors';
import { issueToken } from '../auth/service';
import { createPartnerAccount } from '../partners/service';
import { requestPayout } from '../payouts/service';
import { createPromoCode } from '../promo-codes/service';

const CLIENT = 'partner-actions-public-client-token-0';
const SECRET = 'partner-actions-webhook-secret';
const client = { authorization: `Bearer ${CLIENT}` };

let t: TestApp;
let reviewer: FixtureStaff;
let manager: FixtureStaff;
let admin: FixtureStaff;
const db = (): Db => t.database.db;

interface Made {
  id: number;
  uuid: string;
  email: string;
  password: string;
  code: string;
  token: string;
  name: string;
}

let counter = 0;
/** A partner with a code and a live session. */
async function makePartner(options: { verified?: 0 | 1; referrerId?: number } = {}): Promise<Made> {
  counter += 1;
  const email = `actions-${counter}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const password = `password-${counter}-partner`;
  const partner = await createPartnerAccount(db(), {
    email,
    password,
    first_name: 'Action',
    last_name: `Partner ${counter}`,
    verified: options.verified ?? 1,
    locale: 'en',
    referrer_id: options.referrerId ?? null,
    // What registration gives a new partner.
    referral_commission_amount: 5,
    referral_comission_type: 'percent',
  });
  const code = `ACT${counter}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
  await createPromoCode(db(), partner.id, code);
  const { token } = await issueToken(db(), 'partner', partner.id);
  return {
    id: partner.id,
    uuid: partner.uuid,
    email,
    password,
    code,
    token,
    name: `Action Partner ${counter}`,
  };
}

const auditCount = async () =>
  Number(
    (
      await db()
        .selectFrom('audit_log')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const auditOf = (entity: string, entityId: string) =>
  db()
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();
const partnerRow = (id: number) =>
  db().selectFrom('partners').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const patch = (uuid: string, payload: unknown, token = manager.token, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/manager/partners/${uuid}`,
    headers: { ...bearer(token), ...headers },
    payload: payload as object,
  });
const get = (url: string, token = reviewer.token) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) });
const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/get_token',
    headers: { ...client, ...headers },
    payload: { email, password },
  });

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_CLIENT_TOKEN: CLIENT, SHOPIFY_WEBHOOK_SECRET: SECRET } });
  await seedDemoProgram(db());
  reviewer = await createStaffWithToken(db(), 'reviewer');
  manager = await createStaffWithToken(db(), 'manager');
  admin = await createStaffWithToken(db(), 'admin');
});
afterAll(() => t?.close());

describe('who may change a partner', () => {
  it('managers and admins may; a reviewer hears 403, a partner and a stranger 401, and nothing changes', async () => {
    const p = await makePartner({ verified: 0 });
    const voucher = await t.app.inject({
      method: 'POST',
      url: `/api/manager/partners/${p.uuid}/vouchers`,
      headers: bearer(manager.token),
      payload: { type: 'percent', amount: 10 },
    });
    expect(voucher.statusCode).toBe(201);
    const voucherId = voucher.json().data.id as number;
    const actions = [
      { method: 'PATCH', url: `/api/manager/partners/${p.uuid}`, payload: { commission_override: 12 } },
      {
        method: 'POST',
        url: `/api/manager/partners/${p.uuid}/notes`,
        payload: { body: 'Called about the launch.' },
      },
      {
        method: 'PATCH',
        url: `/api/manager/partners/${p.uuid}/promo-codes/${p.code}`,
        payload: { value: 18 },
      },
      { method: 'POST', url: `/api/manager/partners/${p.uuid}/resend-verification` },
      {
        method: 'POST',
        url: `/api/manager/partners/${p.uuid}/vouchers`,
        payload: { type: 'fixed', amount: 5 },
      },
      { method: 'POST', url: `/api/manager/partners/${p.uuid}/vouchers/${voucherId}/revoke` },
    ] as const;
    const before = await auditCount();
    for (const action of actions) {
      const asReviewer = await t.app.inject({ ...action, headers: bearer(reviewer.token) });
      expect(asReviewer.statusCode, action.url).toBe(403);
      expect(asReviewer.json()).toEqual({ code: 403, error: 'forbidden', message: 'Forbidden' });
      const asPartner = await t.app.inject({ ...action, headers: bearer(p.token) });
      expect(asPartner.statusCode, action.url).toBe(401);
      expect((await t.app.inject({ ...action })).statusCode, action.url).toBe(401);
    }
    expect(await auditCount()).toBe(before);
    expect(await partnerRow(p.id)).toMatchObject({ commission_override_bp: null });

    // A manager and an admin take every one of them.
    const expected = [200, 201, 200, 200, 201, 200];
    for (const [i, action] of actions.entries()) {
      const who = i % 2 === 0 ? manager : admin;
      const res = await t.app.inject({ ...action, headers: bearer(who.token) });
      expect(res.statusCode, `${action.url}: ${res.body}`).toBe(expected[i]);
    }
    const lines = await db()
      .selectFrom('audit_log')
      .select(['action', 'staff_id'])
      .where('id', '>', 0)
      .orderBy('id', 'desc')
      .limit(6)
      .execute();
    expect(lines.reverse().map((l) => [l.action, l.staff_id])).toEqual([
      ['partner.commission_override', manager.id],
      ['partner.note_add', admin.id],
      ['promo_code.discount', manager.id],
      ['partner.resend_verification', admin.id],
      ['voucher.issue', manager.id],
      ['voucher.revoke', admin.id],
    ]);
  });

  it('reads are open to every staff role, closed to partners', async () => {
    const p = await makePartner();
    for (const path of ['', '/earnings', '/payouts', '/vouchers', '/referrals', '/notes', '/audit']) {
      const url = `/api/manager/partners/${p.uuid}${path}`;
      for (const who of [reviewer, manager, admin])
        expect((await get(url, who.token)).statusCode, url).toBe(200);
      expect((await get(url, p.token)).statusCode, url).toBe(401);
      expect(
        (await get(`/api/manager/partners/00000000-0000-4000-8000-000000000000${path}`)).statusCode,
        url,
      ).toBe(404);
    }
  });
});

describe('the commission override', () => {
  it('sets and clears it, audited with before and after; the next order earns it', async () => {
    const p = await makePartner();
    const set = await patch(p.uuid, { commission_override: 17.25 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.commission).toEqual({
      rate: 17.25,
      source: 'override',
      override: 17.25,
      verified_sales: 0,
      tier: { min_sales: 0, rate: 10 },
      next_tier: { min_sales: 25, rate: 15 },
    });
    expect(set.json().data.promo_codes[0].commission_rate).toBe(17.25);
    const [line] = await auditOf('partner', p.uuid);
    expect(line).toMatchObject({ action: 'partner.commission_override', staff_id: manager.id });
    expect(JSON.parse(line!.before!)).toEqual({ commission_override: null });
    expect(JSON.parse(line!.after!)).toEqual({ commission_override: 17.25 });

    // The partner's next order earns the override.
    const order = shopifyOrderPayload({ code: p.code, items: [['ACV Gummies', 2, 2500]] });
    expect((await deliver(t.app, 'orders/paid', order, { secret: SECRET })).statusCode).toBe(200);
    const earning = await db()
      .selectFrom('earnings')
      .select(['rate_bp', 'amount_cents', 'base_cents'])
      .where('partner_id', '=', p.id)
      .where('kind', '=', 'sale')
      .executeTakeFirstOrThrow();
    expect(earning.rate_bp).toBe(1725);
    expect(earning.amount_cents).toBe(Math.round(earning.base_cents * 0.1725));

    // The same value again changes nothing and writes no line; null clears it.
    expect((await patch(p.uuid, { commission_override: 17.25 })).statusCode).toBe(200);
    expect(await auditOf('partner', p.uuid)).toHaveLength(1);
    const cleared = await patch(p.uuid, { commission_override: null }, admin.token);
    expect(cleared.json().data.commission).toMatchObject({ rate: 10, source: 'tier', override: null });
    const lines = await auditOf('partner', p.uuid);
    expect(JSON.parse(lines[1]!.after!)).toEqual({ commission_override: null });
    expect(JSON.parse(lines[1]!.before!)).toEqual({ commission_override: 17.25 });
  });

  it('refuses values out of range, with more than two decimals or of the wrong type: 422, nothing changed', async () => {
    const p = await makePartner();
    const before = await auditCount();
    for (const value of [-1, 100.01, 12.345, '15', true]) {
      const res = await patch(p.uuid, { commission_override: value });
      expect(res.statusCode, String(value)).toBe(422);
      expect(res.json()).toEqual({
        code: 422,
        error: 'form_invalid',
        message: 'Form data is invalid',
        errors: { commission_override: ['Wrong value'] },
      });
    }
    // Refused in the partner's language too; a good value beside a bad one is not applied either.
    const fr = await patch(p.uuid, { commission_override: 150, status: 'suspended' }, manager.token, {
      'accept-language': 'fr',
    });
    expect(fr.json()).toEqual({
      code: 422,
      error: 'form_invalid',
      message: 'Les données du formulaire sont invalides',
      errors: { commission_override: ['Valeur incorrecte'] },
    });
    expect(await partnerRow(p.id)).toMatchObject({ commission_override_bp: null, status: 'active' });
    expect(await auditCount()).toBe(before);
    expect((await patch(p.uuid, { commission_override: 0 })).json().data.commission.rate).toBe(0);
    expect((await patch(p.uuid, { commission_override: 100 })).json().data.commission.rate).toBe(100);
  });
});

describe('the other fields', () => {
  it('changes the referral commission, the sub-partner and adds notes, each audited', async () => {
    const p = await makePartner();
    const res = await patch(p.uuid, {
      referral_commission_amount: 12,
      referral_comission_type: 'fixed',
      subpartner: DEMO_SUBPARTNER_SLUG,
      notes: 'Agency contract signed.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      referral_commission: { amount: 12, type: 'fixed' },
      subpartner: { slug: DEMO_SUBPARTNER_SLUG },
    });
    const lines = await auditOf('partner', p.uuid);
    expect(lines.map((l) => [l.action, JSON.parse(l.before ?? 'null'), JSON.parse(l.after!)])).toEqual([
      [
        'partner.referral_commission',
        { referral_commission_amount: 5, referral_comission_type: 'percent' },
        { referral_commission_amount: 12, referral_comission_type: 'fixed' },
      ],
      ['partner.subpartner', { subpartner: null }, { subpartner: DEMO_SUBPARTNER_SLUG }],
      ['partner.note_add', null, { note_id: expect.any(Number), body: 'Agency contract signed.' }],
    ]);
    // Only the amount: the type stays.
    expect((await patch(p.uuid, { referral_commission_amount: 7 })).json().data.referral_commission).toEqual({
      amount: 7,
      type: 'fixed',
    });
    expect((await patch(p.uuid, { subpartner: null })).json().data.subpartner).toBeNull();
  });

  it('refuses a bad referral commission, an unknown sub-partner, unknown fields and an empty change', async () => {
    const p = await makePartner();
    const before = await auditCount();
    const cases: [unknown, Record<string, string[]>][] = [
      [{ referral_commission_amount: 101 }, { referral_commission_amount: ['Wrong value'] }],
      [{ referral_commission_amount: 2.5 }, { referral_commission_amount: ['Wrong value'] }],
      [{ referral_commission_amount: -1 }, { referral_commission_amount: ['Wrong value'] }],
      [
        { referral_commission_amount: 1001, referral_comission_type: 'fixed' },
        { referral_commission_amount: ['Wrong value'] },
      ],
      [{ referral_comission_type: 'percentage' }, { referral_comission_type: ['Wrong value'] }],
      [{ subpartner: 'no-such-agency' }, { subpartner: ['No active sub-partner has this slug'] }],
      [{ subpartner: 42 }, { subpartner: ['Wrong value'] }],
      [{ status: 'paused' }, { status: ['Wrong value'] }],
      [{ notes: '   ' }, { notes: ['This field is required'] }],
      [{ notes: 'x'.repeat(2001) }, { notes: ['2000 characters maximum'] }],
      [{ commision_override: 10 }, { commision_override: ['Wrong value'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await patch(p.uuid, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors, JSON.stringify(body)).toEqual(errors);
    }
    const empty = await patch(p.uuid, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({
      code: 422,
      error: 'partner_admin.nothing_to_change',
      message: 'Send at least one change',
    });
    expect(await partnerRow(p.id)).toMatchObject({
      referral_commission_amount: 5,
      referral_comission_type: 'percent',
      subpartner_id: null,
    });
    expect(await auditCount()).toBe(before);
    const notes = await get(`/api/manager/partners/${p.uuid}/notes`);
    expect(notes.json().total).toBe(0);
  });

  it('lists notes newest first, with who wrote them and when', async () => {
    const p = await makePartner();
    const first = await t.app.inject({
      method: 'POST',
      url: `/api/manager/partners/${p.uuid}/notes`,
      headers: bearer(manager.token),
      payload: { body: '  First call.  ' },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toEqual({
      id: expect.any(Number),
      body: 'First call.',
      created_at: expect.any(String),
      author: manager.name,
    });
    await patch(p.uuid, { notes: 'Second, from the edit.' }, admin.token);
    const list = await get(`/api/manager/partners/${p.uuid}/notes`);
    expect(list.json()).toMatchObject({ total: 2, per_page: 10 });
    expect(list.json().data.map((n: { body: string; author: string }) => [n.body, n.author])).toEqual([
      ['Second, from the edit.', admin.name],
      ['First call.', manager.name],
    ]);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/manager/partners/${p.uuid}/notes`,
      headers: bearer(manager.token),
      payload: {},
    });
    expect(bad.json()).toMatchObject({ code: 422, errors: { body: ['This field is required'] } });
  });
});

describe('audit lines share the change’s transaction', () => {
  // A trigger makes one write fail inside the change, on either database.
  async function failing(table: 'partner_notes' | 'audit_log', run: () => Promise<void>) {
    const postgres = t.database.dialect === 'postgres';
    if (postgres) {
      await sql`create or replace function pp_test_refuse() returns trigger as $$ begin raise exception 'refused by the test'; end $$ language plpgsql`.execute(
        db(),
      );
      await sql`create trigger pp_test_refuse before insert on ${sql.table(table)} for each row execute function pp_test_refuse()`.execute(
        db(),
      );
    } else {
      await sql`create trigger pp_test_refuse before insert on ${sql.table(table)} begin select raise(abort, 'refused by the test'); end`.execute(
        db(),
      );
    }
    try {
      await run();
    } finally {
      await sql`drop trigger pp_test_refuse${postgres ? sql` on ${sql.table(table)}` : sql``}`.execute(db());
    }
  }

  it('a change that fails after its audit line leaves neither', async () => {
    const p = await makePartner();
    const before = await auditCount();
    await failing('partner_notes', async () => {
      // The override and its audit line are written first; the note then fails.
      const res = await patch(p.uuid, {
        commission_override: 30,
        status: 'suspended',
        notes: 'This note cannot be stored.',
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ code: 500, id: expect.any(String) });
    });
    expect(await auditCount()).toBe(before);
    expect(await partnerRow(p.id)).toMatchObject({ commission_override_bp: null, status: 'active' });
    // The suspension's end of every session was rolled back too.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/get', headers: bearer(p.token) })).statusCode,
    ).toBe(200);
  });

  it('a change whose audit line fails is not made', async () => {
    const p = await makePartner();
    const voucher = await t.app.inject({
      method: 'POST',
      url: `/api/manager/partners/${p.uuid}/vouchers`,
      headers: bearer(manager.token),
      payload: { type: 'product', amount: 1 },
    });
    const before = await auditCount();
    await failing('audit_log', async () => {
      expect((await patch(p.uuid, { status: 'suspended' })).statusCode).toBe(500);
      expect(
        (
          await t.app.inject({
            method: 'PATCH',
            url: `/api/manager/partners/${p.uuid}/promo-codes/${p.code}`,
            headers: bearer(manager.token),
            payload: { value: 25 },
          })
        ).statusCode,
      ).toBe(500);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/manager/partners/${p.uuid}/vouchers/${voucher.json().data.id}/revoke`,
            headers: bearer(manager.token),
          })
        ).statusCode,
      ).toBe(500);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/manager/partners/${p.uuid}/notes`,
            headers: bearer(manager.token),
            payload: { body: 'Lost.' },
          })
        ).statusCode,
      ).toBe(500);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/manager/partners/${p.uuid}/vouchers`,
            headers: bearer(manager.token),
            payload: { type: 'product', amount: 1, code: 'NEVERISSUED' },
          })
        ).statusCode,
      ).toBe(500);
    });
    expect(await auditCount()).toBe(before);
    expect(await partnerRow(p.id)).toMatchObject({ status: 'active' });
    expect(
      (
        await db()
          .selectFrom('promo_codes')
          .select('value_bp')
          .where('code', '=', p.code)
          .executeTakeFirstOrThrow()
      ).value_bp,
    ).toBe(1500);
    expect(
      (
        await db()
          .selectFrom('vouchers')
          .select('status')
          .where('id', '=', voucher.json().data.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('active');
    expect(
      await db().selectFrom('vouchers').select('id').where('code', '=', 'NEVERISSUED').executeTakeFirst(),
    ).toBeUndefined();
    expect((await get(`/api/manager/partners/${p.uuid}/notes`)).json().total).toBe(0);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/get', headers: bearer(p.token) })).statusCode,
    ).toBe(200);
  });
});

describe('suspension', () => {
  it('ends every session and refuses sign-in with a clear 403 in both languages; reactivation restores it', async () => {
    const p = await makePartner();
    const other = (await signIn(p.email, p.password)).json().token as string;
    const res = await patch(p.uuid, { status: 'suspended' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('suspended');
    const [line] = await auditOf('partner', p.uuid);
    expect(line).toMatchObject({
      action: 'partner.suspend',
      before: JSON.stringify({ status: 'active' }),
      after: JSON.stringify({ status: 'suspended' }),
    });

    for (const token of [p.token, other]) {
      const answer = await t.app.inject({ method: 'GET', url: '/api/get', headers: bearer(token) });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ code: 401, error: 'not_authorized', message: 'Not Authorized' });
    }
    const refused = await signIn(p.email, p.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 403,
      error: 'account_suspended',
      message: 'This partner account is suspended. Please contact the partner program team.',
    });
    const fr = await signIn(p.email, p.password, { 'accept-language': 'fr' });
    expect(fr.json()).toEqual({
      code: 403,
      error: 'account_suspended',
      message: 'Ce compte partenaire est suspendu. Veuillez contacter l’équipe du programme partenaires.',
    });
    // A wrong password hears what anyone hears: the suspension is told only to the account's owner.
    expect((await signIn(p.email, 'not-the-password')).statusCode).toBe(401);
    // A token issued anyway (a sign-in under way when the suspension landed) opens nothing.
    const late = (await issueToken(db(), 'partner', p.id)).token;
    expect((await t.app.inject({ method: 'GET', url: '/api/get', headers: bearer(late) })).statusCode).toBe(
      401,
    );

    const back = await patch(p.uuid, { status: 'active' }, admin.token);
    expect(back.json().data.status).toBe('active');
    expect((await auditOf('partner', p.uuid)).map((l) => l.action)).toEqual([
      'partner.suspend',
      'partner.reactivate',
    ]);
    const again = await signIn(p.email, p.password);
    expect(again.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/get', headers: bearer(again.json().token) }))
        .statusCode,
    ).toBe(200);
    // Sessions ended by the suspension stay ended.
    expect((await t.app.inject({ method: 'GET', url: '/api/get', headers: bearer(other) })).statusCode).toBe(
      401,
    );
  });

  it('refuses cash-out, while the partner’s orders are still recorded and earn as usual', async () => {
    const payee = await createPartnerWithEarnings(db(), { approved: [4000] });
    const { uuid } = await db()
      .selectFrom('partners')
      .select('uuid')
      .where('id', '=', payee.id)
      .executeTakeFirstOrThrow();
    const code = `PAYEE${payee.id}`;
    await createPromoCode(db(), payee.id, code);
    expect((await patch(uuid, { status: 'suspended' })).statusCode).toBe(200);

    // Their own request is refused (their sessions are over; the rule holds however it is asked).
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/payMeNow', headers: bearer(payee.token) })).statusCode,
    ).toBe(401);
    const refusal = await requestPayout(db(), payee.id, 'en').then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      status: 403,
      message: 'This partner account is suspended: cash-out is not possible.',
    });
    expect(
      await db().selectFrom('payouts').select('id').where('partner_id', '=', payee.id).executeTakeFirst(),
    ).toBeUndefined();

    // An order with their code is recorded and earns at their rate, as for anyone.
    const order = shopifyOrderPayload({ code, items: [['Dreamy Sleep', 1, 4000]] });
    expect((await deliver(t.app, 'orders/paid', order, { secret: SECRET })).json()).toEqual({
      data: { outcome: 'processed' },
    });
    const recorded = await db()
      .selectFrom('orders')
      .select(['partner_id', 'subtotal_cents'])
      .where('shopify_order_id', '=', String(order.id))
      .executeTakeFirstOrThrow();
    expect(recorded.partner_id).toBe(payee.id);
    const sale = await db()
      .selectFrom('earnings')
      .select(['status', 'rate_bp'])
      .where('partner_id', '=', payee.id)
      .where('kind', '=', 'sale')
      .executeTakeFirstOrThrow();
    expect(sale).toEqual({ status: 'PENDING', rate_bp: 1000 });
    // The list shows their sales from the running totals.
    const listed = await get(`/api/manager/partners?q=${code}`);
    expect(listed.json().data[0]).toMatchObject({
      status: 'suspended',
      sales: recorded.subtotal_cents / 100,
    });
    const page = await get(`/api/manager/partners/${uuid}`);
    expect(page.json().data.figures).toMatchObject({
      orders: 1,
      sales: recorded.subtotal_cents / 100,
      balances: { payable: 40, pending: Math.round(recorded.subtotal_cents * 0.1) / 100 },
    });
  });
});

describe('a code’s discount', () => {
  it('changes it, audited, without a push when the store push is off; refuses bad values', async () => {
    const p = await makePartner();
    const url = `/api/manager/partners/${p.uuid}/promo-codes/${p.code.toLowerCase()}`;
    const res = await t.app.inject({
      method: 'PATCH',
      url,
      headers: bearer(manager.token),
      payload: { value: 22.5 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ code: p.code, value: 22.5, store_sync: { state: 'off' } });
    const [line] = await auditOf('promo_code', p.code);
    expect(line).toMatchObject({ action: 'promo_code.discount', staff_id: manager.id });
    expect([JSON.parse(line!.before!), JSON.parse(line!.after!)]).toEqual([
      { value: 15 },
      { value: 22.5, store_push: 'off' },
    ]);
    expect(await db().selectFrom('store_code_syncs').selectAll().execute()).toEqual([]);
    for (const value of [0, 0.5, 100.5, 10.125, 'ten']) {
      const bad = await t.app.inject({
        method: 'PATCH',
        url,
        headers: bearer(manager.token),
        payload: { value },
      });
      expect(bad.statusCode, String(value)).toBe(422);
      expect(bad.json().errors).toEqual({ value: ['Wrong value'] });
    }
    const missing = await t.app.inject({ method: 'PATCH', url, headers: bearer(manager.token), payload: {} });
    expect(missing.json().errors).toEqual({ value: ['This field is required'] });
    const other = await makePartner();
    const notTheirs = await t.app.inject({
      method: 'PATCH',
      url: `/api/manager/partners/${other.uuid}/promo-codes/${p.code}`,
      headers: bearer(manager.token),
      payload: { value: 10 },
    });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().message).toBe('This partner has no such promo code');
    expect(
      (
        await db()
          .selectFrom('promo_codes')
          .select('value_bp')
          .where('code', '=', p.code)
          .executeTakeFirstOrThrow()
      ).value_bp,
    ).toBe(2250);
  });

  it('queues the push to the store in the same transaction when the push is configured', async () => {
    const pushing = await createTestApp({
      env: {
        SHOPIFY_SHOP_DOMAIN: 'sunbite-test.myshopify.com',
        SHOPIFY_ADMIN_TOKEN: 'shpat_test',
        SHOPIFY_ADMIN_API_URL: 'http://127.0.0.1:9/admin',
      },
    });
    try {
      const staff = await createStaffWithToken(pushing.database.db, 'manager');
      const partner = await createPartnerAccount(pushing.database.db, {
        email: 'push@example.test',
        password: 'password-push',
        first_name: 'Push',
        last_name: 'Me',
        locale: 'en',
      });
      const code = await createPromoCode(pushing.database.db, partner.id, 'PUSHME15');
      const res = await pushing.app.inject({
        method: 'PATCH',
        url: `/api/manager/partners/${partner.uuid}/promo-codes/PUSHME15`,
        headers: bearer(staff.token),
        payload: { value: 30 },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ value: 30, store_sync: { state: 'pending' } });
      const queued = await pushing.database.db
        .selectFrom('store_code_syncs')
        .selectAll()
        .where('promo_code_id', '=', code.id)
        .executeTakeFirstOrThrow();
      expect(queued.state).toBe('pending');
      const [line] = await pushing.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'promo_code')
        .execute();
      expect(JSON.parse(line!.after!)).toEqual({ value: 30, store_push: 'queued' });
    } finally {
      await pushing.close();
    }
  });
});

describe('the verification mail', () => {
  it('sends it again, throttled with the partner’s own resend, audited; 409 once verified', async () => {
    const p = await makePartner({ verified: 0 });
    const resend = (token = manager.token) =>
      t.app.inject({
        method: 'POST',
        url: `/api/manager/partners/${p.uuid}/resend-verification`,
        headers: bearer(token),
      });
    const first = await resend();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ data: { sent: true, email: p.email } });
    const mails = (await readOutbox(t.dataDir)).filter((m) => m.to.includes(p.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.links.some((l) => l.includes('/verify_email?token='))).toBe(true);
    // The partner's own resend counts against the same limit (3 in 15 minutes).
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/resend_verify_email', headers: bearer(p.token) }))
        .statusCode,
    ).toBe(200);
    expect((await resend(admin.token)).statusCode).toBe(200);
    const throttled = await resend();
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({ code: 429, error: 'too_many_requests', message: 'Too many requests' });
    expect((await auditOf('partner', p.uuid)).map((l) => l.action)).toEqual([
      'partner.resend_verification',
      'partner.resend_verification',
    ]);

    const verified = await makePartner({ verified: 1 });
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/manager/partners/${verified.uuid}/resend-verification`,
      headers: bearer(manager.token),
    });
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe('This partner’s e-mail is already verified');
  });
});

describe('vouchers', () => {
  it('issues and revokes, audited; only an active voucher of this partner can be revoked', async () => {
    const p = await makePartner();
    const issued = await t.app.inject({
      method: 'POST',
      url: `/api/manager/partners/${p.uuid}/vouchers`,
      headers: bearer(manager.token),
      payload: { type: 'fixed', amount: 7.5, code: 'SEVENFIFTY' },
    });
    expect(issued.statusCode).toBe(201);
    const id = issued.json().data.id as number;
    const [issue] = await auditOf('voucher', 'SEVENFIFTY');
    expect(issue).toMatchObject({ action: 'voucher.issue', staff_id: manager.id, before: null });
    expect(JSON.parse(issue!.after!)).toEqual({
      type: 'fixed',
      amount: 7.5,
      valid_from: expect.any(String),
      valid_till: null,
      partner: p.uuid,
    });

    const other = await makePartner();
    const wrongPartner = await t.app.inject({
      method: 'POST',
      url: `/api/manager/partners/${other.uuid}/vouchers/${id}/revoke`,
      headers: bearer(manager.token),
    });
    expect(wrongPartner.statusCode).toBe(404);
    expect(wrongPartner.json().message).toBe('This partner has no such voucher');

    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/manager/partners/${p.uuid}/vouchers/${id}/revoke`,
      headers: bearer(admin.token),
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data).toMatchObject({ id, code: 'SEVENFIFTY', status: 'revoked' });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/manager/partners/${p.uuid}/vouchers/${id}/revoke`,
      headers: bearer(admin.token),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only an active voucher can be revoked');
    expect((await auditOf('voucher', 'SEVENFIFTY')).map((l) => [l.action, l.before, l.after])).toEqual([
      ['voucher.issue', null, expect.any(String)],
      ['voucher.revoke', JSON.stringify({ status: 'active' }), JSON.stringify({ status: 'revoked' })],
    ]);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/manager/partners/${p.uuid}/vouchers/abc/revoke`,
          headers: bearer(admin.token),
        })
      ).statusCode,
    ).toBe(422);

    const list = await get(`/api/manager/partners/${p.uuid}/vouchers`);
    expect(list.json()).toMatchObject({
      total: 1,
      data: [
        {
          id,
          code: 'SEVENFIFTY',
          type: 'fixed',
          amount: 7.5,
          status: 'revoked',
          created_at: expect.any(String),
        },
      ],
    });
  });
});

describe('a partner’s page', () => {
  it('reads tier, referrer and referrals, earnings with their history, payouts, and the audit of staff actions', async () => {
    const referrer = await makePartner();
    const p = await makePartner({ referrerId: referrer.id });
    await makePartner({ referrerId: referrer.id });
    // Earnings through the ledger, then a payout of the approved ones.
    const payee = await createPartnerWithEarnings(db(), {
      approved: [3000, 2000],
      pending: [700],
      rejected: [400],
    });
    await db().updateTable('partners').set({ referrer_id: referrer.id }).where('id', '=', payee.id).execute();
    const payout = await requestPayout(db(), payee.id, 'en');
    const { uuid } = await db()
      .selectFrom('partners')
      .select('uuid')
      .where('id', '=', payee.id)
      .executeTakeFirstOrThrow();

    const page = (await get(`/api/manager/partners/${uuid}`)).json().data;
    expect(page.referrer).toEqual({
      uuid: referrer.uuid,
      name: referrer.name,
      email: referrer.email,
      status: 'active',
    });
    expect(page.figures).toMatchObject({
      commissions: 57,
      balances: { pending: 7, payable: 0, in_payout: 50, paid: 0, rejected: 4, in_review: 0 },
    });

    const referrals = (await get(`/api/manager/partners/${referrer.uuid}/referrals?length=2`)).json();
    expect(referrals).toMatchObject({ total: 3, last_page: 2, per_page: 2 });
    expect(referrals.data[0]).toMatchObject({ uuid, status: 'active', sales: 0, currency: 'USD' });
    expect(referrals.data[1].uuid).not.toBe(p.uuid);
    expect((await get(`/api/manager/partners/${referrer.uuid}`)).json().data.referrals_count).toBe(3);

    const earnings = (await get(`/api/manager/partners/${uuid}/earnings?length=3`)).json();
    expect(earnings).toMatchObject({ total: 4, last_page: 2, per_page: 3 });
    // Newest first; each with its history (created, then moved into the payout).
    expect(earnings.data.map((e: { amount: number; status: string }) => [e.amount, e.status])).toEqual([
      [4, 'REJECTED'],
      [7, 'PENDING'],
      [20, 'IN_PAYOUT'],
    ]);
    const inPayout = earnings.data[2];
    expect(inPayout).toMatchObject({ kind: 'bonus', payout_id: payout.id });
    expect(inPayout.history.map((h: { from: string | null; to: string }) => [h.from, h.to])).toEqual([
      [null, 'APPROVED'],
      ['APPROVED', 'IN_PAYOUT'],
    ]);
    expect(inPayout.history[1]).toMatchObject({ amount_after: 20, actor: `partner:${payee.id}` });

    const payouts = (await get(`/api/manager/partners/${uuid}/payouts`)).json();
    expect(payouts).toMatchObject({
      total: 1,
      data: [
        {
          id: payout.id,
          status: 'PENDING',
          amount: 50,
          currency: 'USD',
          earnings_count: 2,
          invoice_number: payout.invoice.number,
        },
      ],
    });

    // The audit lists actions on the partner, on their codes and on their vouchers, newest first.
    await patch(p.uuid, { commission_override: 11 });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/manager/partners/${p.uuid}/promo-codes/${p.code}`,
      headers: bearer(manager.token),
      payload: { value: 16 },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/manager/partners/${p.uuid}/vouchers`,
      headers: bearer(admin.token),
      payload: { type: 'product', amount: 2, code: `GIFT${p.id}X` },
    });
    await patch(referrer.uuid, { commission_override: 9 });
    const audit = (await get(`/api/manager/partners/${p.uuid}/audit`)).json();
    expect(audit.total).toBe(3);
    expect(audit.data.map((a: { action: string; staff: string }) => [a.action, a.staff])).toEqual([
      ['voucher.issue', admin.name],
      ['promo_code.discount', manager.name],
      ['partner.commission_override', manager.name],
    ]);
    expect(audit.data[2]).toMatchObject({
      entity: 'partner',
      entity_id: p.uuid,
      before: { commission_override: null },
      after: { commission_override: 11 },
      at: expect.any(String),
    });
    // Paged: the page's lines are chosen among the partner's own, in the same order.
    const second = (await get(`/api/manager/partners/${p.uuid}/audit?length=1&page=2`)).json();
    expect(second).toMatchObject({ total: 3, last_page: 3, current_page: 2 });
    expect(second.data.map((a: { action: string }) => a.action)).toEqual(['promo_code.discount']);
    // The referrer's page has their own line only, none of the partner they referred.
    const theirs = (await get(`/api/manager/partners/${referrer.uuid}/audit`)).json();
    expect(theirs.data.map((a: { action: string; entity_id: string }) => [a.action, a.entity_id])).toEqual([
      ['partner.commission_override', referrer.uuid],
    ]);
  });
});
