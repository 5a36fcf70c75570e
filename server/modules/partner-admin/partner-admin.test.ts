// Partners in the back office (docs/product/back-office.md#partners): the list, its search and paging, one partner, and
// who may read them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { bearer, createStaffWithToken } from '../../test/payouts-fixture';
import type { FixtureStaff } from '../../test/payouts-fixture';
import { issueToken } from '../auth/service';
import { createPartnerAccount } from '../partners/service';
import { createPromoCode } from '../promo-codes/service';

let t: TestApp;
let reviewer: FixtureStaff;
let admin: FixtureStaff;
const partners: { uuid: string; email: string; code: string; token: string }[] = [];

const people = [
  {
    first_name: 'Maya',
    last_name: 'Laurent',
    email: 'maya.laurent@example.test',
    code: 'MAYA15',
    country: 'CA',
    verified: 1,
  },
  {
    first_name: 'Noah',
    last_name: 'Tremblay',
    email: 'noah.t@example.test',
    code: 'NOAHFIT',
    country: 'FR',
    verified: 0,
  },
  {
    first_name: 'Léa',
    last_name: 'Mayer',
    email: 'lea@gummies.example',
    code: 'LEA2025',
    country: null,
    verified: 1,
  },
  {
    first_name: 'Sam',
    last_name: 'Percent',
    email: 'sam_100%@example.test',
    code: 'SAMSUN',
    country: 'US',
    verified: 1,
  },
];

beforeAll(async () => {
  t = await createTestApp();
  reviewer = await createStaffWithToken(t.database.db, 'reviewer');
  admin = await createStaffWithToken(t.database.db, 'admin');
  for (const p of people) {
    const partner = await createPartnerAccount(t.database.db, {
      email: p.email,
      password: 'password-partner',
      first_name: p.first_name,
      last_name: p.last_name,
      country: p.country,
      verified: p.verified,
      locale: 'en',
    });
    await createPromoCode(t.database.db, partner.id, p.code);
    partners.push({
      uuid: partner.uuid,
      email: p.email,
      code: p.code,
      token: (await issueToken(t.database.db, 'partner', partner.id)).token,
    });
  }
  // Noah has a second code.
  const noah = await t.database.db
    .selectFrom('partners')
    .select('id')
    .where('email', '=', 'noah.t@example.test')
    .executeTakeFirstOrThrow();
  await createPromoCode(t.database.db, noah.id, 'NOAH2');
});
afterAll(() => t?.close());

const list = (query = '', token = reviewer.token) =>
  t.app.inject({ method: 'GET', url: `/api/manager/partners${query}`, headers: bearer(token) });
const emails = (res: { json(): unknown }) =>
  (res.json() as { data: { email: string }[] }).data.map((r) => r.email);

describe('the partners list', () => {
  it('lists every partner newest first, with their codes, paged', async () => {
    const res = await list();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ current_page: 1, per_page: 20, last_page: 1, total: 4 });
    expect(emails(res)).toEqual([
      'sam_100%@example.test',
      'lea@gummies.example',
      'noah.t@example.test',
      'maya.laurent@example.test',
    ]);
    expect(body.data[2]).toEqual({
      uuid: partners[1]!.uuid,
      email: 'noah.t@example.test',
      first_name: 'Noah',
      last_name: 'Tremblay',
      country: 'FR',
      verified: false,
      created_at: expect.any(String),
      codes: ['NOAHFIT', 'NOAH2'],
      status: 'active',
      sales: 0,
      commissions: 0,
      verified_sales: 0,
      currency: 'USD',
    });
    expect(body.data[1]).toMatchObject({ country: null, verified: true, codes: ['LEA2025'] });

    const page2 = await list('?page=2&length=3');
    expect(page2.json()).toMatchObject({ current_page: 2, per_page: 3, last_page: 2, total: 4 });
    expect(emails(page2)).toEqual(['maya.laurent@example.test']);
  });

  it('searches a part of the name, the e-mail or a promo code, in any case', async () => {
    expect(emails(await list('?q=maya'))).toEqual(['maya.laurent@example.test']);
    // "May" is in Maya's first name and in Léa Mayer's last name.
    expect(emails(await list('?q=MAY'))).toEqual(['lea@gummies.example', 'maya.laurent@example.test']);
    expect(emails(await list('?q=Noah%20Trem'))).toEqual(['noah.t@example.test']);
    expect(emails(await list('?q=GUMMIES.example'))).toEqual(['lea@gummies.example']);
    expect(emails(await list('?q=noah2'))).toEqual(['noah.t@example.test']);
    expect(emails(await list('?q=lea2025'))).toEqual(['lea@gummies.example']);
    expect(emails(await list('?q=sun'))).toEqual(['sam_100%@example.test']);
    // LIKE's own characters are plain text in a search.
    expect(emails(await list('?q=_100%25'))).toEqual(['sam_100%@example.test']);
    expect(emails(await list('?q=%25'))).toEqual(['sam_100%@example.test']);
    const none = await list('?q=nobody');
    expect(none.json()).toEqual({ data: [], current_page: 1, per_page: 20, last_page: 1, total: 0 });
    expect((await list('?q=%20%20')).json().total).toBe(4);
  });

  it('refuses a bad page or length with 422', async () => {
    for (const query of ['?length=101', '?page=0', '?length=abc']) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().code).toBe(422);
    }
    expect((await list(`?q=${'x'.repeat(201)}`)).statusCode).toBe(422);
  });
});

describe('one partner', () => {
  it('shows the profile and codes as the partner’s profile shows them', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/manager/partners/${partners[1]!.uuid}`,
      headers: bearer(reviewer.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const off = { state: 'off', store_id: null, message: null, attempts: 0, updated_at: null };
    expect(res.json()).toMatchObject({
      data: {
        uuid: partners[1]!.uuid,
        email: 'noah.t@example.test',
        first_name: 'Noah',
        last_name: 'Tremblay',
        country: 'FR',
        verified: false,
        status: 'active',
        created_at: expect.any(String),
        last_login_dt: null,
        paypal_email: null,
        subpartner: null,
        promo_codes: [
          { code: 'NOAHFIT', value: 15, commission_rate: 10, store_sync: off },
          { code: 'NOAH2', value: 15, commission_rate: 10, store_sync: off },
        ],
        commission: {
          rate: 10,
          source: 'tier',
          override: null,
          verified_sales: 0,
          tier: { min_sales: 0, rate: 10 },
        },
        referrer: null,
        referrals_count: 0,
      },
    });
    // A staff override is the rate the partner earns now.
    await t.database.db
      .updateTable('partners')
      .set({ commission_override_bp: 1750 })
      .where('uuid', '=', partners[1]!.uuid)
      .execute();
    const overridden = await t.app.inject({
      method: 'GET',
      url: `/api/manager/partners/${partners[1]!.uuid}`,
      headers: bearer(admin.token),
    });
    expect(
      overridden.json().data.promo_codes.map((c: { commission_rate: number }) => c.commission_rate),
    ).toEqual([17.5, 17.5]);
  });

  it('answers 404 for an unknown uuid, in the visitor’s language', async () => {
    for (const uuid of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/manager/partners/${uuid}`,
        headers: bearer(reviewer.token),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        code: 404,
        error: 'partner_admin.partner_not_found',
        message: 'No partner has this id',
      });
    }
    const fr = await t.app.inject({
      method: 'GET',
      url: `/api/manager/partners/00000000-0000-4000-8000-000000000000`,
      headers: { ...bearer(reviewer.token), 'accept-language': 'fr' },
    });
    expect(fr.json()).toEqual({
      code: 404,
      error: 'partner_admin.partner_not_found',
      message: 'Aucun partenaire n’a cet identifiant',
    });
  });
});

describe('who may read partners', () => {
  it('staff only: a partner token, no token or a revoked one answer 401; a staff token opens no partner route', async () => {
    const partnerToken = partners[0]!.token;
    for (const url of [
      '/api/manager/partners',
      `/api/manager/partners/${partners[0]!.uuid}`,
      `/api/manager/partners/${partners[0]!.uuid}/promo-codes/MAYA15/store-sync`,
    ]) {
      const method = url.endsWith('store-sync') ? 'POST' : 'GET';
      const asPartner = await t.app.inject({ method, url, headers: bearer(partnerToken) });
      expect(asPartner.statusCode, url).toBe(401);
      expect(asPartner.json()).toEqual({ code: 401, error: 'not_authorized', message: 'Not Authorized' });
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
    // The other way round: the staff token is no partner's.
    const asStaff = await t.app.inject({ method: 'GET', url: '/api/get', headers: bearer(reviewer.token) });
    expect(asStaff.statusCode).toBe(401);
    // The partner's own token still works where it belongs.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/get', headers: bearer(partnerToken) })).statusCode,
    ).toBe(200);
  });

  it('a reviewer reads but may not retry a push (403); the routes are in the OpenAPI document', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/manager/partners/${partners[0]!.uuid}/promo-codes/MAYA15/store-sync`,
      headers: bearer(reviewer.token),
    });
    expect(res.statusCode).toBe(403);
    // An admin may, but the push is off here.
    const asAdmin = await t.app.inject({
      method: 'POST',
      url: `/api/manager/partners/${partners[0]!.uuid}/promo-codes/MAYA15/store-sync`,
      headers: bearer(admin.token),
    });
    expect(asAdmin.statusCode).toBe(409);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/manager/partners',
        '/api/manager/partners/{uuid}',
        '/api/manager/partners/{uuid}/promo-codes/{code}/store-sync',
      ]),
    );
    const detail = doc.paths['/api/manager/partners/{uuid}'].get;
    expect(detail.security).toEqual([{ staff: [] }]);
    expect(JSON.stringify(detail.responses['200'])).toContain('store_sync');
  });
});
