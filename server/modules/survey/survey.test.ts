// The first-sale survey (docs/product/engagement.md#first-sale-survey): offered after the first sale only, answered once (also
// when two answers race), "Claim bottles" recording a request with the address (asked for when
// the profile has none), staff's counts and claims with 409 on a stale status, authorization both
// ways, and bad input answering 4xx with nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, createStaffWithToken, type FixtureStaff } from '../../test/payouts-fixture';
import { deliver, shopifyOrderPayload } from '../../test/shopify';
import { issueToken } from '../auth/service';
import { createPartnerAccount } from '../partners/service';
import { createPromoCode } from '../promo-codes/service';

const SECRET = 'survey-webhook-secret';
const ADDRESS = {
  address_1: '12 rue des Pins',
  address_2: null,
  city: 'Montréal',
  state: 'QC',
  postal: 'H2X 1Y4',
  country: 'CA',
};

describe('first-sale survey', () => {
  let t: TestApp;
  let manager: FixtureStaff;
  let reviewer: FixtureStaff;
  const partner = async (email: string, code: string, extra: Record<string, unknown> = {}) => {
    const p = await createPartnerAccount(t.database.db, {
      email,
      password: `${code}-password-1`,
      first_name: code,
      last_name: 'Seller',
      ...extra,
    });
    await createPromoCode(t.database.db, p.id, code);
    return { id: p.id, code, token: (await issueToken(t.database.db, 'partner', p.id)).token };
  };
  const sale = (code: string) =>
    deliver(
      t.app,
      'orders/paid',
      shopifyOrderPayload({ code, items: [['ACV Gummies', 1, 3000]], discountPercent: 0, country: 'CA' }),
      { secret: SECRET },
    );
  const state = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/survey', headers: bearer(token) })).json().data;
  const answer = (token: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/survey', headers: bearer(token), payload: payload as object });
  const rows = async () => ({
    answers: (await t.database.db.selectFrom('survey_answers').selectAll().execute()).length,
    claims: (await t.database.db.selectFrom('product_claims').selectAll().execute()).length,
  });

  beforeAll(async () => {
    t = await createTestApp({ env: { SHOPIFY_WEBHOOK_SECRET: SECRET } });
    manager = await createStaffWithToken(t.database.db, 'manager');
    reviewer = await createStaffWithToken(t.database.db, 'reviewer');
  });
  afterAll(() => t.close());

  it('is offered after the first sale only, and answered once even when two answers race', async () => {
    const p = await partner('first@example.com', 'FIRST15');
    expect(await state(p.token)).toMatchObject({
      offered: false,
      answered: null,
      choices: ['so_fun', 'loved_it', 'enjoyable', 'claim_bottles', 'none'],
    });
    expect((await answer(p.token, { choice: 'loved_it' })).statusCode).toBe(422);
    await sale('FIRST15');
    expect(await state(p.token)).toMatchObject({ offered: true, needs_address: true });
    const [a, b] = await Promise.all([
      answer(p.token, { choice: 'loved_it' }),
      answer(p.token, { choice: 'so_fun' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect(await state(p.token)).toMatchObject({
      offered: false,
      answered: { choice: expect.stringMatching(/loved_it|so_fun/) },
    });
    expect((await answer(p.token, { choice: 'none' })).json().message).toBe(
      'You have already answered the survey',
    );
  });

  it('records a free-product request with the address given, saving it to an empty profile', async () => {
    const p = await partner('bottles@example.com', 'BOTTLES15');
    await sale('BOTTLES15');
    const before = await rows();
    const missing = await answer(p.token, { choice: 'claim_bottles' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toContain('address.address_1');
    expect(await rows()).toEqual(before);
    const done = await answer(p.token, { choice: 'claim_bottles', address: ADDRESS });
    expect(done.statusCode).toBe(201);
    expect(done.json().data).toMatchObject({
      choice: 'claim_bottles',
      claim: { status: 'open', address: ADDRESS },
    });
    const profile = await t.database.db
      .selectFrom('partners')
      .select(['address_1', 'city', 'postal', 'country', 'contact_form_filled'])
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    // A complete address: the dashboard's contact-details prompt asks no more (common/contact-form.ts).
    expect(profile).toEqual({
      address_1: '12 rue des Pins',
      city: 'Montréal',
      postal: 'H2X 1Y4',
      country: 'CA',
      contact_form_filled: 1,
    });
  });

  it('uses the profile’s address when the partner has one', async () => {
    const p = await partner('addressed@example.com', 'ADDR15', {
      address_1: '5 Main St',
      city: 'Boston',
      postal: '02110',
      country: 'US',
      state: 'MA',
    });
    await sale('ADDR15');
    expect((await state(p.token)).needs_address).toBe(false);
    const done = await answer(p.token, { choice: 'claim_bottles' });
    expect(done.json().data.claim.address).toMatchObject({ address_1: '5 Main St', city: 'Boston' });
  });

  it('refuses bad input with 422 and changes nothing', async () => {
    const p = await partner('bad@example.com', 'BAD15');
    await sale('BAD15');
    const before = await rows();
    for (const payload of [
      {},
      { choice: 'meh' },
      { choice: 'claim_bottles', address: { ...ADDRESS, country: 'Canada' } },
      { choice: 'claim_bottles', address: { ...ADDRESS, city: 'x\u0000' } },
      { choice: 'claim_bottles', address: { ...ADDRESS, postal: '1'.repeat(21) } },
    ])
      expect((await answer(p.token, payload)).statusCode, JSON.stringify(payload)).toBe(422);
    expect(await rows()).toEqual(before);
  });

  it('shows staff the counts and answers, and ships a claim once (409 on a stale status), with the audit log', async () => {
    const survey = (
      await t.app.inject({ method: 'GET', url: '/api/manager/survey', headers: bearer(manager.token) })
    ).json();
    expect(survey.total).toBe(3);
    expect(survey.counts.claim_bottles).toBe(2);
    expect(survey.counts.so_fun + survey.counts.loved_it).toBe(1);
    const open = (
      await t.app.inject({
        method: 'GET',
        url: '/api/manager/claims?status=open',
        headers: bearer(manager.token),
      })
    ).json();
    expect(open.total).toBe(2);
    expect(open.data[0]).toMatchObject({
      status: 'open',
      partner: { email: 'bottles@example.com' },
      address: { city: 'Montréal' },
    });
    const id = open.data[0].id;
    const patch = (payload: unknown, token = manager.token) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/manager/claims/${id}`,
        headers: bearer(token),
        payload: payload as object,
      });
    const shipped = await patch({ status: 'shipped', note: 'Canada Post 123', expected_status: 'open' });
    expect(shipped.json().data).toMatchObject({
      status: 'shipped',
      note: 'Canada Post 123',
      handled_by: manager.name,
    });
    expect((await patch({ status: 'declined', expected_status: 'open' })).statusCode).toBe(409);
    expect((await patch({ status: 'sent', expected_status: 'open' })).statusCode).toBe(422);
    expect((await patch({ status: 'declined', expected_status: 'shipped' }, reviewer.token)).statusCode).toBe(
      403,
    );
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('entity', '=', 'claim')
      .execute();
    expect(audit).toMatchObject([
      { action: 'claim.shipped', before: JSON.stringify({ status: 'open', note: null }) },
    ]);
  });

  it('opens staff routes to managers only and the partner routes to partners only', async () => {
    const p = await partner('auth@example.com', 'AUTH15');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/manager/survey', headers: bearer(reviewer.token) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/manager/claims', headers: bearer(p.token) }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/survey', headers: bearer(manager.token) })).statusCode,
    ).toBe(401);
  });

  it('answers an address trimmed, an empty second line or state as null, byte for byte, wherever it shows', async () => {
    const claimAnswer = (id: number, address: object) =>
      JSON.stringify({ data: { choice: 'claim_bottles', claim: { id, status: 'open', address } } });
    // Given with the answer: an empty second line and a blank state are null.
    const given = await partner('blank-given@example.com', 'BLANKG15');
    await sale('BLANKG15');
    const typed = await answer(given.token, {
      choice: 'claim_bottles',
      address: { ...ADDRESS, address_1: ' 12 rue des Pins ', address_2: '', state: '  ' },
    });
    expect(typed.statusCode).toBe(201);
    const typedAddress = { ...ADDRESS, state: null };
    expect(typed.body).toBe(claimAnswer(typed.json().data.claim.id, typedAddress));
    // Taken from a profile that holds them empty and untrimmed: kept so, answered the same way.
    const profiled = await partner('blank-profile@example.com', 'BLANKP15', {
      address_1: ' 7 Elm St ',
      address_2: '',
      city: 'Toronto',
      state: '',
      postal: 'M5V 2T6',
      country: 'CA',
    });
    await sale('BLANKP15');
    const fromProfile = await answer(profiled.token, { choice: 'claim_bottles' });
    expect(fromProfile.statusCode).toBe(201);
    const profileAddress = {
      address_1: '7 Elm St',
      address_2: null,
      city: 'Toronto',
      state: null,
      postal: 'M5V 2T6',
      country: 'CA',
    };
    const id = fromProfile.json().data.claim.id as number;
    expect(fromProfile.body).toBe(claimAnswer(id, profileAddress));
    const stored = await t.database.db
      .selectFrom('product_claims')
      .select('address')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.address)).toMatchObject({ address_1: ' 7 Elm St ', address_2: '', state: '' });
    // The staff's list and a claim's change answer it the same way.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/manager/claims?status=open&length=100',
      headers: bearer(manager.token),
    });
    const listed = (list.json().data as { id: number; address: unknown }[]).find((claim) => claim.id === id);
    expect(JSON.stringify(listed?.address)).toBe(JSON.stringify(profileAddress));
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/manager/claims/${id}`,
      headers: bearer(manager.token),
      payload: { status: 'shipped', note: '', expected_status: 'open' },
    });
    expect(changed.statusCode).toBe(200);
    expect(JSON.stringify(changed.json().data.address)).toBe(JSON.stringify(profileAddress));
    expect(changed.json().data.note).toBeNull();
  });
});
