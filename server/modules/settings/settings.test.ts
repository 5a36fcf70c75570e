// Program settings and tiers in the back office (issue 13, docs/product/back-office.md#program-settings): admins only, every
// rule refused with its field's message and nothing changed, one audit line per change written
// with it (none when it fails), changes made together never torn, and each setting read where it
// is used, so it reaches what is recorded after it and nothing recorded before.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROGRAM_SETTINGS, type ProgramSettings } from '../../../common/program-settings';
import { solvedAltcha } from '../../test/altcha';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { finishSignUp } from '../../test/sign-up';
import { bearer, createPartnerWithEarnings, createStaffWithToken } from '../../test/payouts-fixture';
import type { FixtureStaff } from '../../test/payouts-fixture';
import { deliver, shopifyOrderPayload, shopifyRefundPayload } from '../../test/shopify';
import { issueToken } from '../auth/service';
import { ensureTrackingId, importAssociatesReport } from '../marketplace/service';
import { createPartnerAccount } from '../partners/service';
import { createPromoCode } from '../promo-codes/service';
import { updateProgramSettings } from './service';

const SECRET = 'shpss_settings_test_secret';
const CLIENT = 'settings-test-public-client-token-0001';
const DAY = 86_400_000;

let t: TestApp;
let admin: FixtureStaff;
let manager: FixtureStaff;
let reviewer: FixtureStaff;
let partnerToken: string;

const db = () => t.database.db;
const get = (token?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: '/api/manager/settings',
    headers: { ...(token ? bearer(token) : {}), ...headers },
  });
const put = (payload: unknown, token = admin.token, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/manager/settings',
    headers: { ...bearer(token), ...headers },
    payload: payload as object,
  });

/** Everything a settings change writes: a refused one must leave all of it as it was. */
async function stored() {
  return {
    settings: await db()
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('key', 'not in', [
        'public_client_token',
        'user_payload_key',
        'altcha_hmac_secret',
        'integrations_key',
      ])
      .orderBy('key')
      .execute(),
    tiers: await db()
      .selectFrom('commission_tiers')
      .select(['min_sales', 'rate_bp'])
      .orderBy('min_sales')
      .execute(),
    audit: Number(
      (
        await db()
          .selectFrom('audit_log')
          .select(sql<number>`count(*)`.as('n'))
          .where('entity', '=', 'settings')
          .executeTakeFirstOrThrow()
      ).n,
    ),
  };
}

const settings = (overrides: Partial<ProgramSettings> = {}): ProgramSettings => ({
  ...structuredClone(DEFAULT_PROGRAM_SETTINGS),
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp({
    env: { SHOPIFY_WEBHOOK_SECRET: SECRET, PUBLIC_CLIENT_TOKEN: CLIENT },
    build: { rateLimits: { registration: 1000, challenge: 1000 } },
  });
  admin = await createStaffWithToken(db(), 'admin');
  manager = await createStaffWithToken(db(), 'manager');
  reviewer = await createStaffWithToken(db(), 'reviewer');
  const partner = await createPartnerAccount(db(), {
    email: 'settings.partner@example.test',
    password: 'partner-password-1',
    first_name: 'Set',
    last_name: 'Tings',
    verified: 1,
    accepted_terms: 1,
    locale: 'en',
  });
  partnerToken = (await issueToken(db(), 'partner', partner.id)).token;
});
afterAll(() => t.close());

describe('who may read and change the program settings', () => {
  it('answers an admin the defaults of docs/product/commissions.md and docs/product/payouts.md before anything is stored', async () => {
    const res = await get(admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        holding_period_days: 30,
        minimum_payout: 25,
        manager_threshold: 500,
        marketplace_rate: 10,
        default_discount: 15,
        referral_commission_amount: 5,
        referral_comission_type: 'percent',
        tiers: [
          { min_sales: 0, rate: 10 },
          { min_sales: 25, rate: 15 },
          { min_sales: 100, rate: 20 },
          { min_sales: 250, rate: 25 },
        ],
        currency: 'USD',
        updated_at: null,
      },
    });
  });

  it('refuses managers and reviewers (403), a partner token and no token (401), and changes nothing', async () => {
    const before = await stored();
    for (const staff of [manager, reviewer]) {
      expect((await get(staff.token)).statusCode).toBe(403);
      const refused = await put(settings({ holding_period_days: 7 }), staff.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 403, error: 'forbidden', message: 'Forbidden' });
    }
    expect((await get(partnerToken)).statusCode).toBe(401);
    expect((await put(settings({ holding_period_days: 7 }), partnerToken)).json()).toEqual({
      code: 401,
      error: 'not_authorized',
      message: 'Not Authorized',
    });
    expect((await get()).statusCode).toBe(401);
    expect(await stored()).toEqual(before);
  });
});

describe('validation', () => {
  const refusals: [string, Partial<Record<keyof ProgramSettings, unknown>>, Record<string, string[]>][] = [
    [
      'the first tier above 0',
      {
        tiers: [
          { min_sales: 5, rate: 10 },
          { min_sales: 25, rate: 15 },
        ],
      },
      { 'tiers.0.min_sales': ['The first tier starts at 0 verified sales'] },
    ],
    [
      'two tiers at the same threshold',
      {
        tiers: [
          { min_sales: 0, rate: 10 },
          { min_sales: 25, rate: 15 },
          { min_sales: 25, rate: 20 },
        ],
      },
      { 'tiers.2.min_sales': ['Must be more than the tier before it (25)'] },
    ],
    [
      'thresholds going down',
      {
        tiers: [
          { min_sales: 0, rate: 10 },
          { min_sales: 100, rate: 15 },
          { min_sales: 50, rate: 20 },
        ],
      },
      { 'tiers.2.min_sales': ['Must be more than the tier before it (100)'] },
    ],
    [
      'a fractional or negative threshold',
      {
        tiers: [
          { min_sales: 0, rate: 10 },
          { min_sales: 2.5, rate: 15 },
          { min_sales: -3, rate: 15 },
        ],
      },
      {
        'tiers.1.min_sales': ['Use a whole number of sales, 0 or more'],
        'tiers.2.min_sales': ['Use a whole number of sales, 0 or more'],
      },
    ],
    [
      'a threshold beyond a million',
      {
        tiers: [
          { min_sales: 0, rate: 10 },
          { min_sales: 1_000_001, rate: 15 },
        ],
      },
      { 'tiers.1.min_sales': ['1,000,000 sales at most'] },
    ],
    [
      'rates outside 0–100 or with 3 decimals',
      {
        tiers: [
          { min_sales: 0, rate: -1 },
          { min_sales: 10, rate: 100.5 },
          { min_sales: 20, rate: 12.345 },
        ],
      },
      {
        'tiers.0.rate': ['Enter a percentage from 0 to 100'],
        'tiers.1.rate': ['Enter a percentage from 0 to 100'],
        'tiers.2.rate': ['Use at most 2 decimals'],
      },
    ],
    ['no tier at all', { tiers: [] }, { tiers: ['Keep at least one tier'] }],
    [
      'more than 20 tiers',
      { tiers: Array.from({ length: 21 }, (_, i) => ({ min_sales: i * 10, rate: 10 })) },
      { tiers: ['20 tiers at most'] },
    ],
    [
      'a holding period of 0 days',
      { holding_period_days: 0 },
      { holding_period_days: ['Between 1 and 365 days'] },
    ],
    [
      'a holding period of 366 days',
      { holding_period_days: 366 },
      { holding_period_days: ['Between 1 and 365 days'] },
    ],
    [
      'a holding period in fractions of days',
      { holding_period_days: 1.5 },
      { holding_period_days: ['Use a whole number'] },
    ],
    [
      'a minimum payout of zero and a threshold above a million',
      { minimum_payout: 0, manager_threshold: 1_000_000.01 },
      { minimum_payout: ['Enter an amount above zero'], manager_threshold: ['$1,000,000.00 at most'] },
    ],
    [
      'a minimum payout in fractions of cents',
      { minimum_payout: 10.005 },
      { minimum_payout: ['Use at most 2 decimals'] },
    ],
    [
      'a minimum payout above 10,000 and a threshold below zero',
      { minimum_payout: 10_000.01, manager_threshold: -5 },
      { minimum_payout: ['$10,000.00 at most'], manager_threshold: ['Enter an amount above zero'] },
    ],
    [
      'a marketplace rate or a discount outside 0–100',
      { marketplace_rate: 101, default_discount: 2.555 },
      {
        marketplace_rate: ['Enter a percentage from 0 to 100'],
        default_discount: ['Use at most 2 decimals'],
      },
    ],
    [
      'a referral percent that is not whole',
      { referral_commission_amount: 2.5 },
      { referral_commission_amount: ['Use a whole number'] },
    ],
    [
      'a referral percent above 100',
      { referral_commission_amount: 150 },
      { referral_commission_amount: ['Enter a percentage from 0 to 100'] },
    ],
    [
      'a fixed referral amount above 1,000',
      { referral_comission_type: 'fixed', referral_commission_amount: 1001 },
      { referral_commission_amount: ['$1,000.00 at most'] },
    ],
    [
      'a fixed referral amount of 0',
      { referral_comission_type: 'fixed', referral_commission_amount: 0 },
      { referral_commission_amount: ['Enter an amount above zero'] },
    ],
    [
      'an unknown referral type',
      { referral_comission_type: 'share' },
      { referral_comission_type: ['Wrong value'] },
    ],
    [
      'a value that is not a number',
      { holding_period_days: '30', tiers: [{ min_sales: 0, rate: 'ten' }] },
      { holding_period_days: ['Wrong value'], 'tiers.0.rate': ['Wrong value'] },
    ],
  ];

  it.each(refusals)(
    'refuses %s with the field’s message (422) and changes nothing',
    async (_, overrides, errors) => {
      const before = await stored();
      const res = await put({ ...settings(), ...overrides });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        code: 422,
        error: 'form_invalid',
        message: 'Form data is invalid',
        errors,
      });
      expect(await stored()).toEqual(before);
    },
  );

  it('asks for every field', async () => {
    const body: Partial<ProgramSettings> = settings();
    delete body.minimum_payout;
    delete body.tiers;
    const res = await put(body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      minimum_payout: ['This field is required'],
      tiers: ['This field is required'],
    });
  });

  it('says it in the staff member’s language, numbers written as they read them', async () => {
    const res = await put(
      settings({
        manager_threshold: 2_000_000,
        tiers: [
          { min_sales: 0, rate: 10 },
          { min_sales: 0, rate: 12 },
        ],
      }),
      admin.token,
      { 'accept-language': 'fr' },
    );
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors as Record<string, string[]>;
    expect(errors['tiers.1.min_sales']).toEqual(['Doit dépasser le palier précédent (0)']);
    expect(errors.manager_threshold![0]).toMatch(/^1\s000\s000,00\s\$\s?US au maximum$/);
  });
});

describe('a change', () => {
  it('is stored whole, answered, read back, and audited once with before and after', async () => {
    const next = settings({
      holding_period_days: 21,
      minimum_payout: 40.5,
      manager_threshold: 750,
      marketplace_rate: 8.25,
      default_discount: 20,
      referral_commission_amount: 3,
      referral_comission_type: 'fixed',
      tiers: [
        { min_sales: 0, rate: 11.5 },
        { min_sales: 10, rate: 14 },
        { min_sales: 50, rate: 18 },
      ],
    });
    const before = (await get(admin.token)).json().data;
    const auditBefore = (await stored()).audit;
    const res = await put({ ...next, currency: 'EUR', updated_at: 'ignored' });
    expect(res.statusCode).toBe(200);
    const answer = res.json().data;
    expect(answer).toMatchObject({ ...next, currency: 'USD' });
    expect(Date.parse(answer.updated_at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await get(admin.token)).json().data).toEqual(answer);
    expect((await stored()).tiers).toEqual([
      { min_sales: 0, rate_bp: 1150 },
      { min_sales: 10, rate_bp: 1400 },
      { min_sales: 50, rate_bp: 1800 },
    ]);
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'settings')
      .orderBy('id', 'desc')
      .execute();
    expect(audit).toHaveLength(auditBefore + 1);
    const { currency: _c, updated_at: _u, ...plainBefore } = before;
    expect(audit[0]).toMatchObject({ staff_id: admin.id, action: 'settings.update', entity_id: 'program' });
    expect(JSON.parse(audit[0]!.before!)).toEqual(plainBefore);
    expect(JSON.parse(audit[0]!.after!)).toEqual(next);
    await put(settings());
  });

  it('is written with its audit line in one transaction: when the audit line fails, nothing changes', async () => {
    const before = await stored();
    // No staff member 999999: the audit line's reference fails, after the settings were written.
    await expect(
      updateProgramSettings(
        db(),
        settings({ holding_period_days: 3, tiers: [{ min_sales: 0, rate: 50 }] }),
        999_999,
      ),
    ).rejects.toThrow();
    expect(await stored()).toEqual(before);
  });

  it('made at the same time as others: the last wins whole, and each replaced what the one before it wrote', async () => {
    const variants = Array.from({ length: 8 }, (_, i) =>
      settings({
        holding_period_days: 10 + i,
        minimum_payout: 10 + i,
        marketplace_rate: 10 + i,
        tiers: Array.from({ length: 1 + (i % 4) }, (_, k) => ({ min_sales: k * (5 + i), rate: 10 + i })),
      }),
    );
    const auditBefore = await db()
      .selectFrom('audit_log')
      .select('id')
      .where('entity', '=', 'settings')
      .execute();
    const answers = await Promise.all(variants.map((variant) => put(variant)));
    expect(answers.map((a) => a.statusCode)).toEqual(variants.map(() => 200));
    const now = (await get(admin.token)).json().data;
    const i = now.holding_period_days - 10;
    // Every part of the stored settings comes from the same change.
    expect(now).toMatchObject(variants[i]!);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['id', 'before', 'after'])
      .where('entity', '=', 'settings')
      .where('id', 'not in', auditBefore.length ? auditBefore.map((a) => a.id) : [0])
      .orderBy('id')
      .execute();
    expect(audit).toHaveLength(variants.length);
    // One after another: each change's "before" is the previous change's "after", and the last is what is stored.
    for (let k = 1; k < audit.length; k++)
      expect(JSON.parse(audit[k]!.before!)).toEqual(JSON.parse(audit[k - 1]!.after!));
    expect(JSON.parse(audit.at(-1)!.after!)).toEqual(variants[i]);
    await put(settings());
  });
});

describe('each setting where it is used', () => {
  let seq = 0;
  const partnerWithCode = async () => {
    seq++;
    const partner = await createPartnerAccount(db(), {
      email: `seller${seq}@example.test`,
      password: 'partner-password-1',
      first_name: 'Sel',
      last_name: `Ler${seq}`,
      verified: 1,
      accepted_terms: 1,
      locale: 'en',
    });
    const code = await createPromoCode(db(), partner.id, `SELLER${seq}X`);
    return { partner, code };
  };
  const earningOf = (shopifyId: number) =>
    db()
      .selectFrom('earnings')
      .innerJoin('orders', 'orders.id', 'earnings.order_id')
      .select([
        'earnings.kind',
        'earnings.rate_bp',
        'earnings.amount_cents',
        'earnings.hold_until',
        'earnings.created_at',
      ])
      .where('orders.shopify_order_id', '=', String(shopifyId))
      .where('earnings.kind', '=', 'sale')
      .executeTakeFirstOrThrow();
  const holdDays = (earning: { hold_until: string | null; created_at: string }) =>
    Math.round((Date.parse(earning.hold_until!) - Date.parse(earning.created_at)) / DAY);

  it('a tier change and a new holding period reach the next order, never an order recorded before', async () => {
    const { code } = await partnerWithCode();
    // 2 × 25.00 less 15%: a 42.50 subtotal.
    const before = shopifyOrderPayload({ code: code.code });
    expect((await deliver(t.app, 'orders/paid', before, { secret: SECRET })).statusCode).toBe(200);
    expect(await earningOf(before.id)).toMatchObject({ rate_bp: 1000, amount_cents: 425 });
    expect(holdDays(await earningOf(before.id))).toBe(30);

    expect(
      (
        await put(
          settings({
            holding_period_days: 14,
            tiers: [
              { min_sales: 0, rate: 12.5 },
              { min_sales: 25, rate: 15 },
            ],
          }),
        )
      ).statusCode,
    ).toBe(200);
    const after = shopifyOrderPayload({ code: code.code });
    await deliver(t.app, 'orders/paid', after, { secret: SECRET });
    expect(await earningOf(after.id)).toMatchObject({ rate_bp: 1250, amount_cents: 531 });
    expect(holdDays(await earningOf(after.id))).toBe(14);

    // The order recorded before keeps its rate and hold, even when it changes later: half refunded,
    // it loses half of what its own rate gave.
    expect(await earningOf(before.id)).toMatchObject({ rate_bp: 1000, amount_cents: 425 });
    expect(holdDays(await earningOf(before.id))).toBe(30);
    await deliver(t.app, 'refunds/create', shopifyRefundPayload(before, [[0, 1]]), { secret: SECRET });
    expect(await earningOf(before.id)).toMatchObject({ rate_bp: 1000, amount_cents: 213 });
    await put(settings());
  });

  it('the minimum payout applies to the next cash-out', async () => {
    const partner = await createPartnerWithEarnings(db(), { approved: [3000] });
    const stats = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/getPayMeNowStats', headers: bearer(partner.token) })
      ).json().data;
    expect(await stats()).toMatchObject({ minimum: 25, payable_balance: 30, can_request: true });

    await put(settings({ minimum_payout: 50 }));
    expect(await stats()).toMatchObject({ minimum: 50, can_request: false, blockers: ['below_minimum'] });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/payMeNow',
      headers: bearer(partner.token),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Your payable balance is below the minimum payout');

    await put(settings({ minimum_payout: 29.99 }));
    const paid = await t.app.inject({ method: 'POST', url: '/api/payMeNow', headers: bearer(partner.token) });
    expect(paid.statusCode).toBe(201);
    expect(paid.json().data.amount).toBe(30);
    await put(settings());
  });

  it('the marketplace rate reaches reports imported after it', async () => {
    const { partner } = await partnerWithCode();
    const tag = await ensureTrackingId(db(), partner.id);
    const report = (day: string) =>
      Buffer.from(
        [
          'Fee-Earnings reports from 2026-10-01 to 2026-10-31',
          'Category\tName\tASIN\tSeller\tTracking ID\tDate Shipped\tPrice($)\tItems Shipped\tReturns\tRevenue($)\tAd Fees($)\tDevice Type Group',
          `Health\tSunbite ACV Gummies\tB0CSB1ACV1\tAmazon.com\t${tag}\t2026-10-${day}\t50.00\t2\t0\t100.00\t4.99\tDESKTOP`,
        ].join('\n'),
      );
    await importAssociatesReport(db(), { name: 'before.tsv', content: report('03') }, admin.id);
    await put(settings({ marketplace_rate: 7.5, holding_period_days: 45 }));
    await importAssociatesReport(db(), { name: 'after.tsv', content: report('04') }, admin.id);
    const earnings = await db()
      .selectFrom('earnings')
      .select(['rate_bp', 'amount_cents', 'hold_until', 'created_at'])
      .where('partner_id', '=', partner.id)
      .where('kind', '=', 'marketplace')
      .orderBy('id')
      .execute();
    expect(earnings.map((e) => [e.rate_bp, e.amount_cents, holdDays(e)])).toEqual([
      [1000, 1000, 30],
      [750, 750, 45],
    ]);
    await put(settings());
  });

  it('new codes get the default discount and the first tier’s rate; codes made before keep theirs', async () => {
    const { partner, code: before } = await partnerWithCode();
    await put(
      settings({
        default_discount: 22.5,
        tiers: [
          { min_sales: 0, rate: 9 },
          { min_sales: 30, rate: 16 },
        ],
      }),
    );
    const after = await createPromoCode(db(), partner.id, 'NEWCODE22');
    expect(after).toMatchObject({ value_bp: 2250, commission_rate_bp: 900 });
    expect(
      await db()
        .selectFrom('promo_codes')
        .select(['value_bp', 'commission_rate_bp'])
        .where('id', '=', before.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ value_bp: 1500, commission_rate_bp: 1000 });
    await put(settings());
  });

  it('partners who sign up after a change of the referral defaults get them', async () => {
    await put(settings({ referral_commission_amount: 12, referral_comission_type: 'fixed' }));
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/add',
      headers: { authorization: `Bearer ${CLIENT}` },
      payload: {
        first_name: 'Rémi',
        last_name: 'Referral',
        email: 'remi.referral@example.test',
        password: 'gummies-for-breakfast',
        password_confirmation: 'gummies-for-breakfast',
        promo_code: 'REMIREF',
        phone: '+1 514 555 0100',
        date_of_birth: '1990-03-02',
        country: 'CA',
        category_id: 2,
        accepted_terms: true,
        locale: 'fr',
        altcha: await solvedAltcha(t.app, CLIENT),
      },
    });
    expect(res.statusCode).toBe(202);
    await finishSignUp(t.app, t.dataDir, 'remi.referral@example.test', CLIENT);
    const row = await db()
      .selectFrom('partners')
      .select(['referral_commission_amount', 'referral_comission_type'])
      .where('email', '=', 'remi.referral@example.test')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ referral_commission_amount: 12, referral_comission_type: 'fixed' });
    await put(settings());
  });

  it('the FAQ’s program values follow the settings', async () => {
    await put(settings({ holding_period_days: 45, minimum_payout: 40 }));
    const { pageValues } = await import('../content/service');
    expect(await pageValues(db(), 'en')).toMatchObject({ holding_days: '45', minimum_payout: '$40.00' });
    await put(settings());
  });
});
