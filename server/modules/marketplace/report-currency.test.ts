// An Associates report in another currency than the program's (docs/product/commissions.md#currency, docs/decisions/053):
// amazon.ca reports in CAD, converted at the rate staff set, each line keeping what the report
// wrote and the rate used; without a rate the report is refused whole, and nothing is recorded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { payoutPartner, staffMember } from '../../test/payouts';
import type { TestStaff } from '../../test/payouts';
import { ensureTrackingId } from './service';

const HEADER = [
  'Category',
  'Name',
  'ASIN',
  'Seller',
  'Tracking ID',
  'Date Shipped',
  'Price($)',
  'Items Shipped',
  'Returns',
  'Revenue($)',
  'Ad Fees($)',
  'Device Type Group',
  'Direct',
];
const report = (tag: string, revenues: string[]) =>
  [
    'Fee-Earnings reports from 11-01-2026 to 11-30-2026',
    HEADER.join('\t'),
    ...revenues.map((r, i) =>
      [
        'Health',
        `Sunbite Calm Bites ${i}`,
        'B0CSB1CALM',
        'Amazon.ca',
        tag,
        '2026-11-0' + (i + 2),
        '30.00',
        '1',
        '0',
        r,
        '3.00',
        'PHONE',
        'Y',
      ].join('\t'),
    ),
    '',
  ].join('\n');

describe('an Associates report in another currency', () => {
  let t: TestApp;
  let manager: TestStaff;
  let admin: TestStaff;
  const db = () => t.database.db;
  const upload = (body: string, currency?: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/manager/marketplace/imports?filename=amazon-ca.tsv${currency ? `&currency=${currency}` : ''}`,
      headers: { authorization: `Bearer ${manager.token}`, 'content-type': 'text/tab-separated-values' },
      payload: body,
    });

  beforeAll(async () => {
    t = await createTestApp();
    manager = await staffMember(db(), 'manager', 'Mona Manager');
    admin = await staffMember(db(), 'admin', 'Ada Admin');
  });
  afterAll(() => t.close());

  it('is refused whole without a rate, converted at the rate once it is set', async () => {
    const partner = await payoutPartner(db(), { first: 'Zoé', last: 'Gagnon' });
    const tag = await ensureTrackingId(db(), partner.id);
    const body = report(tag, ['30.00', '12.50']);

    const refused = await upload(body, 'CAD');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.currency).toEqual(['Set a rate for this currency first']);
    expect(await db().selectFrom('marketplace_imports').selectAll().execute()).toEqual([]);

    const rate = await t.app.inject({
      method: 'PUT',
      url: '/api/manager/settings/rates/CAD',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { rate: '0.72' },
    });
    expect(rate.statusCode).toBe(200);
    const answer = await upload(body, 'cad');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({ imported: 2, rejected: [], import: { currency: 'CAD' } });
    const sales = await db()
      .selectFrom('marketplace_sales')
      .innerJoin('earnings', 'earnings.marketplace_sale_id', 'marketplace_sales.id')
      .select([
        'marketplace_sales.revenue_cents',
        'marketplace_sales.source_revenue_cents',
        'marketplace_sales.fx_rate',
        'earnings.base_cents',
        'earnings.amount_cents',
      ])
      .orderBy('marketplace_sales.id')
      .execute();
    // 30.00 CAD × 0.72 = 21.60 USD, 10% → 2.16; 12.50 × 0.72 = 9.00, → 0.90.
    expect(sales).toEqual([
      {
        revenue_cents: 2160,
        source_revenue_cents: 3000,
        fx_rate: '0.72',
        base_cents: 2160,
        amount_cents: 216,
      },
      { revenue_cents: 900, source_revenue_cents: 1250, fx_rate: '0.72', base_cents: 900, amount_cents: 90 },
    ]);
  });

  it('reads a report in the program currency one for one, its currency recorded', async () => {
    const partner = await payoutPartner(db(), { first: 'Ana', last: 'Silva' });
    const tag = await ensureTrackingId(db(), partner.id);
    const answer = await upload(report(tag, ['40.00']));
    expect(answer.json().data).toMatchObject({ imported: 1, import: { currency: 'USD' } });
    const [sale] = await db()
      .selectFrom('marketplace_sales')
      .select(['revenue_cents', 'source_revenue_cents', 'fx_rate'])
      .where('partner_id', '=', partner.id)
      .execute();
    expect(sale).toEqual({ revenue_cents: 4000, source_revenue_cents: 4000, fx_rate: null });
  });
});
