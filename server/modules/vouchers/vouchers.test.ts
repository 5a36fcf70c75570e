import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { DEMO_PARTNER, DEMO_PROMO_CODE, DEMO_STAFF, seedDemoProgram } from '../../seed/demo';
import { createStaffUser } from '../staff/service';

const CLIENT = 'vouchers-test-public-client-token-0';
const client = { authorization: `Bearer ${CLIENT}` };

// One meaning of a voucher's `amount` for staff, the partner, the SPA and the seed
// (docs/decisions/014-voucher-amounts.md): percent points, or money in major units.
describe('vouchers', () => {
  let t: TestApp;
  let partner: string;
  let admin: string;
  let reviewer: string;
  let mayaUuid: string;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const issue = (body: Record<string, unknown>, token = admin, uuid = mayaUuid) =>
    t.app.inject({
      method: 'POST',
      url: `/api/manager/partners/${uuid}/vouchers`,
      headers: bearer(token),
      payload: body,
    });
  const partnerList = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/getVouchersPaginated?length=100',
        headers: bearer(partner),
      })
    ).json();
  const partnerRow = async (code: string) =>
    ((await partnerList()).data as { code: string }[]).find((v) => v.code === code);
  const stored = (code: string) =>
    t.database.db
      .selectFrom('vouchers')
      .select(['type', 'amount'])
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
  const count = async () => (await t.database.db.selectFrom('vouchers').select('id').execute()).length;

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_CLIENT_TOKEN: CLIENT } });
    await seedDemoProgram(t.database.db);
    await createStaffUser(t.database.db, {
      email: 'rita@sunbite.example',
      password: 'reviewer-pass-1',
      name: 'Rita',
      role: 'reviewer',
    });
    const signIn = async (url: string, email: string, password: string) =>
      (await t.app.inject({ method: 'POST', url, headers: client, payload: { email, password } })).json()
        .token as string;
    partner = await signIn('/api/auth/get_token', DEMO_PARTNER.email, DEMO_PARTNER.password);
    admin = await signIn('/api/manager/auth/get_token', DEMO_STAFF.email, DEMO_STAFF.password);
    reviewer = await signIn('/api/manager/auth/get_token', 'rita@sunbite.example', 'reviewer-pass-1');
    mayaUuid = (
      await t.database.db
        .selectFrom('partners')
        .select('uuid')
        .where('email', '=', DEMO_PARTNER.email)
        .executeTakeFirstOrThrow()
    ).uuid;
  });
  afterAll(() => t.close());

  it('reads the same amount for staff and for the partner', async () => {
    const cases = [
      { code: 'TWENTYOFF', type: 'percent', amount: 20, cents: 2000 },
      { code: 'HALFPOINT', type: 'percent', amount: 12.5, cents: 1250 },
      { code: 'FIVEBUCKS', type: 'fixed', amount: 5, cents: 500 },
      { code: 'FIVEFIFTY', type: 'fixed', amount: 5.5, cents: 550 },
      { code: 'TWOFREE', type: 'product', amount: 2, cents: 2 },
    ];
    for (const c of cases) {
      const res = await issue({ code: c.code, type: c.type, amount: c.amount });
      expect(res.statusCode, c.code).toBe(201);
      expect(res.json().data, c.code).toMatchObject({ code: c.code, type: c.type, amount: c.amount });
      expect(await partnerRow(c.code), c.code).toMatchObject({ type: c.type, amount: c.amount });
      // Stored as integers: basis points, cents, a count.
      expect((await stored(c.code)).amount, c.code).toBe(c.cents);
    }
  });

  it('refuses amounts that mean nothing for their type, with a 422 on the amount', async () => {
    const before = await count();
    for (const body of [
      { type: 'percent', amount: 0 },
      { type: 'percent', amount: 101 },
      { type: 'percent', amount: 12.345 },
      { type: 'percent', amount: 2000 },
      { type: 'fixed', amount: -5 },
      { type: 'fixed', amount: 5.005 },
      { type: 'fixed', amount: 100_000 },
      { type: 'product', amount: 1.5 },
      { type: 'product', amount: 0 },
      { type: 'fixed', amount: '5' },
      { type: 'fixed' },
    ]) {
      const res = await issue(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(body)).toEqual(['amount']);
    }
    expect(await count()).toBe(before);
  });

  it('keeps the rest of issuing as it was', async () => {
    const created = await issue({ type: 'product', amount: 2, valid_till: '2027-01-31T00:00:00Z' });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      code: expect.stringMatching(/^MAYAGIFT\d+$/),
      type: 'product',
      amount: 2,
      status: 'active',
      valid_till: '2027-01-31T00:00:00.000Z',
    });
    expect((await issue({ code: 'summer25', type: 'percent', amount: 25 })).json().data.code).toBe(
      'SUMMER25',
    );
    const before = await count();
    expect((await issue({ code: 'SUMMER25', type: 'fixed', amount: 5 })).json().errors).toEqual({
      code: ['This code is already taken'],
    });
    expect((await issue({ code: DEMO_PROMO_CODE.toLowerCase(), type: 'fixed', amount: 5 })).statusCode).toBe(
      422,
    );
    expect((await issue({ type: 'cash', amount: 5 })).statusCode).toBe(422);
    expect(
      (
        await issue({
          type: 'fixed',
          amount: 5,
          valid_from: '2027-01-01T00:00:00.000Z',
          valid_till: '2026-01-01T00:00:00.000Z',
        })
      ).statusCode,
    ).toBe(422);
    expect((await issue({ type: 'fixed', amount: 5 }, reviewer)).statusCode).toBe(403);
    expect((await issue({ type: 'fixed', amount: 5 }, partner)).statusCode).toBe(401);
    expect(
      (await issue({ type: 'fixed', amount: 5 }, admin, '00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect(await count()).toBe(before);
    // A voucher's code is taken for registration too.
    const availability = await t.app.inject({
      method: 'GET',
      url: '/api/promo-codes/availability?code=summer25',
      headers: client,
    });
    expect(availability.json().data.available).toBe(false);
    expect(await partnerRow('SUMMER25')).toMatchObject({ type: 'percent', amount: 25, status: 'active' });
  });

  it('documents the meaning of amount where staff write it and where the partner reads it', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const staffBody =
      doc.paths['/api/manager/partners/{uuid}/vouchers'].post.requestBody.content['application/json'].schema;
    const staffAnswer =
      doc.paths['/api/manager/partners/{uuid}/vouchers'].post.responses['201'].content['application/json']
        .schema;
    const partnerAnswer =
      doc.paths['/api/getVouchersPaginated'].get.responses['200'].content['application/json'].schema;
    const meaning = staffBody.properties.amount.description as string;
    expect(meaning).toMatch(/percent points/);
    expect(meaning).toMatch(/major units/);
    expect(staffAnswer.properties.data.properties.amount.description).toBe(meaning);
    expect(partnerAnswer.properties.data.items.properties.amount.description).toBe(meaning);
  });
});

describe('the demo vouchers', () => {
  it('read as the seed meant them', async () => {
    const t = await createTestApp({ env: { PUBLIC_CLIENT_TOKEN: CLIENT } });
    try {
      await seedDemoProgram(t.database.db, { sales: true });
      const token = (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/get_token',
          headers: client,
          payload: { email: DEMO_PARTNER.email, password: DEMO_PARTNER.password },
        })
      ).json().token as string;
      const list = (
        await t.app.inject({
          method: 'GET',
          url: '/api/getVouchersPaginated',
          headers: { authorization: `Bearer ${token}` },
        })
      ).json();
      expect(list.data).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ code: 'MAYASPRING', type: 'percent', amount: 20 }),
          expect.objectContaining({ type: 'product', amount: 2 }),
        ]),
      );
    } finally {
      await t.close();
    }
  });
});
