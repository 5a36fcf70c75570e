// The partner lists' date ranges and CSV downloads (docs/product/partner-portal.md#tables): the range
// cuts days in the program's time zone (Montréal time by default), a bad day is a 422 at its
// field, and each list's file holds the partner's own rows of the range, headed in the request's
// language, its text disarmed for spreadsheets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presetDays, listWindow } from '../../../common/list-range';
import { createTestApp, type TestApp } from '../../test/app';
import { addEarnings, payoutPartner, type TestPartner } from '../../test/payouts';
import { deliver, shopifyOrderPayload } from '../../test/shopify';
import { issueToken } from '../auth/service';
import { createPartnerAccount } from '../partners/service';
import { createPromoCode } from '../promo-codes/service';

const SECRET = 'list-range-webhook-secret';
const ZONE = 'America/Toronto';

describe('the list range in the program calendar', () => {
  it('cuts the presets by the program’s day, not the UTC one', () => {
    // 1 December 03:00 UTC is still 30 November in Montréal.
    const lateNovember = new Date('2026-12-01T03:00:00.000Z');
    expect(listWindow({ range: 'this_month' }, ZONE, lateNovember)).toEqual({
      fromDay: '2026-11-01',
      toDay: '2026-11-30',
      // Daylight time until 1 November 2 a.m., standard time after.
      since: '2026-11-01T04:00:00.000Z',
      until: '2026-12-01T05:00:00.000Z',
    });
    expect(listWindow({ range: 'last_month' }, ZONE, lateNovember)).toMatchObject({
      fromDay: '2026-10-01',
      toDay: '2026-10-31',
    });
    expect(listWindow({ range: 'this_month' }, 'UTC', lateNovember)).toMatchObject({
      fromDay: '2026-12-01',
    });
    expect(presetDays('last_90_days', '2026-03-01')).toEqual({ from: '2025-12-02', to: '2026-03-01' });
    expect(presetDays('last_month', '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    // A preset wins over days sent with it; custom and none read the days.
    expect(listWindow({ range: 'last_month', from: '2020-01-01' }, ZONE, lateNovember).fromDay).toBe(
      '2026-10-01',
    );
    expect(listWindow({ range: 'custom', to: '2026-11-01' }, ZONE)).toEqual({
      fromDay: undefined,
      toDay: '2026-11-01',
      since: undefined,
      until: '2026-11-02T05:00:00.000Z',
    });
    expect(listWindow({}, ZONE)).toEqual({
      fromDay: undefined,
      toDay: undefined,
      since: undefined,
      until: undefined,
    });
  });
});

describe('the partner lists filtered by dates, and their CSV downloads', () => {
  let t: TestApp;
  let ana: TestPartner;
  let ben: { id: number; token: string };
  const get = (url: string, token: string, lang = 'en') =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
    });
  const sold = (code: string, title: string, createdAt: string) =>
    deliver(
      t.app,
      'orders/paid',
      shopifyOrderPayload({ code, items: [[title, 1, 4000]], country: 'CA', discountPercent: 0, createdAt }),
      { secret: SECRET },
    );
  const orders = async (query: string, token = ana.token) => {
    const res = await get(`/api/getShopifySalesItemsNoVouchers${query}`, token);
    expect(res.statusCode, query).toBe(200);
    return res.json() as { data: { product: string }[]; total: number; last_page: number };
  };
  const csvLines = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');

  beforeAll(async () => {
    t = await createTestApp({ env: { SHOPIFY_WEBHOOK_SECRET: SECRET } });
    const db = t.database.db;
    ana = await payoutPartner(db, { first: 'Ana', last: 'Lists', locale: 'fr' });
    await createPromoCode(db, ana.id, 'ANALISTS');
    // Ana earns 10 % of what the partners she referred sell.
    await db
      .updateTable('partners')
      .set({ referral_commission_amount: 10 })
      .where('id', '=', ana.id)
      .execute();
    const referred = await createPartnerAccount(db, {
      email: 'ben.lists@partners.example',
      password: 'partner-password-1',
      first_name: 'Ben',
      last_name: 'Bolduc',
      referrer_id: ana.id,
    });
    await createPromoCode(db, referred.id, 'BENLISTS');
    ben = { id: referred.id, token: (await issueToken(db, 'partner', referred.id)).token };

    // 31 October 23:30 in Montréal (03:30 UTC on 1 November): October's.
    await sold('ANALISTS', 'Halloween Gummies', '2026-11-01T03:30:00.000Z');
    // 1 November 00:30 in Montréal: November's. A title a spreadsheet would run as a formula.
    await sold('ANALISTS', '=HYPERLINK("http://evil.example","Crème")', '2026-11-01T04:30:00.000Z');
    await sold('ANALISTS', 'Sleep Gummies', '2026-11-15T17:00:00.000Z');
    // 30 November 23:59 in Montréal (standard time): still November's.
    await sold('ANALISTS', 'Late Matcha', '2026-12-01T04:59:00.000Z');
    // Ben's own sale: his list, and Ana's referrals.
    await sold('BENLISTS', 'Beets Cardio', '2026-11-10T15:00:00.000Z');
  });
  afterAll(() => t.close());

  it('filters the sales by the days of Montréal, the totals and pages following', async () => {
    const all = await orders('');
    expect(all.total).toBe(4);
    const november = await orders('?from=2026-11-01&to=2026-11-30');
    expect(november.total).toBe(3);
    expect(november.data.map((r) => r.product)).toEqual([
      'Late Matcha',
      'Sleep Gummies',
      '=HYPERLINK("http://evil.example","Crème")',
    ]);
    const october = await orders('?from=2026-10-01&to=2026-10-31');
    expect(october.data.map((r) => r.product)).toEqual(['Halloween Gummies']);
    // Paged within the range: 3 rows at 2 a page are 2 pages.
    const paged = await orders('?from=2026-11-01&to=2026-11-30&length=2&page=2');
    expect(paged).toMatchObject({ total: 3, last_page: 2, current_page: 2 });
    expect(paged.data.map((r) => r.product)).toEqual(['=HYPERLINK("http://evil.example","Crème")']);
    // One end open.
    expect((await orders('?from=2026-11-16')).total).toBe(1);
    expect((await orders('?to=2026-11-01')).total).toBe(2);
    // A preset: an order made now is this month's, and not last month's.
    await sold('ANALISTS', 'Fresh Order', new Date().toISOString());
    expect((await orders('?range=this_month')).data.map((r) => r.product)).toContain('Fresh Order');
    expect((await orders('?range=last_month')).data.map((r) => r.product)).not.toContain('Fresh Order');
    expect((await orders('?range=last_90_days')).data.map((r) => r.product)).toContain('Fresh Order');
  });

  it('filters the referrals by the order’s day, and only the referrer’s', async () => {
    const res = await get('/api/getShopifySalesItemsReferrals?from=2026-11-01&to=2026-11-30', ana.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 1, data: [{ product: 'Beets Cardio', referral: 'Ben B.' }] });
    const before = await get('/api/getShopifySalesItemsReferrals?to=2026-11-09', ana.token);
    expect(before.json()).toMatchObject({ total: 0, data: [] });
    // Ben referred nobody.
    expect((await get('/api/getShopifySalesItemsReferrals', ben.token)).json()).toMatchObject({ total: 0 });
  });

  it('refuses a day that is not one, or days the wrong way round, at the field, in the visitor’s language', async () => {
    const lists = [
      '/api/getShopifySalesItemsNoVouchers',
      '/api/getShopifySalesItemsReferrals',
      '/api/getAmazonSalesItems',
      '/api/getVouchersPaginated',
      '/api/getInvoices',
      '/api/exports/sales.csv',
      '/api/exports/referrals.csv',
      '/api/exports/marketplace.csv',
      '/api/exports/vouchers.csv',
      '/api/exports/invoices.csv',
    ];
    const cases: [string, string][] = [
      ['?from=2026-02-30', 'from'],
      ['?from=11/01/2026', 'from'],
      ['?to=2026-13-01', 'to'],
      ['?from=2026-11-30&to=2026-11-01', 'to'],
      ['?range=soon', 'range'],
    ];
    for (const list of lists)
      for (const [query, field] of cases)
        for (const [lang, words] of [
          ['en', 'Wrong value'],
          ['fr', 'Valeur incorrecte'],
        ] as const) {
          const res = await get(`${list}${query}`, ana.token, lang);
          expect(res.statusCode, `${list}${query}`).toBe(422);
          expect(res.json(), `${list}${query} ${lang}`).toMatchObject({
            code: 422,
            error: 'form_invalid',
            errors: { [field]: [words] },
          });
        }
  });

  it('downloads the sales of the range as CSV: BOM, headings in the request’s language, plain money, ISO days, formulas disarmed', async () => {
    const res = await get('/api/exports/sales.csv?from=2026-11-01&to=2026-11-30', ana.token, 'en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="sales-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csvLines(res.body);
    expect(lines[0]).toBe(
      'Date,Order,Product,Order amount,Commission,Taken back after payment,Currency,Status',
    );
    expect(lines).toHaveLength(4);
    // Days in Montréal time: the order at 04:59 UTC on 1 December is 30 November's.
    expect(lines.map((l) => l.slice(0, 10)).slice(1)).toEqual(['2026-11-30', '2026-11-15', '2026-11-01']);
    expect(lines[1]).toMatch(/^2026-11-30,#\d+,Late Matcha,40\.00,\d+\.\d{2},0\.00,USD,Pending Approval$/);
    // The formula is text: a leading apostrophe, quoted because of its commas and quotes.
    expect(lines[3]).toContain(`"'=HYPERLINK(""http://evil.example"",""Crème"")"`);
    expect(res.body).not.toContain('Beets Cardio');

    const fr = await get('/api/exports/sales.csv?from=2026-11-01&to=2026-11-30', ana.token, 'fr');
    const frLines = csvLines(fr.body);
    expect(frLines[0]).toBe(
      'Date,Commande,Produit,Montant de la commande,Commission,Repris après paiement,Devise,Statut',
    );
    expect(frLines[1]).toMatch(/,USD,En attente d.approbation$/);
  });

  it('downloads only the partner’s own rows: Ben’s file holds his sale, Ana’s referrals hold it with his name', async () => {
    const own = csvLines((await get('/api/exports/sales.csv', ben.token)).body);
    expect(own).toHaveLength(2);
    expect(own[1]).toContain('Beets Cardio');
    const referrals = csvLines((await get('/api/exports/referrals.csv', ana.token, 'fr')).body);
    expect(referrals[0]).toBe(
      'Date,Commande,Produit,Parrainage,Montant de la commande,Commission,Repris après paiement,Devise,Statut',
    );
    expect(referrals).toHaveLength(2);
    expect(referrals[1]).toMatch(/^2026-11-10,#\d+,Beets Cardio,Ben B\.,40\.00,/);
    expect((await get('/api/exports/referrals.csv', ben.token)).body.trimEnd().split('\r\n')).toHaveLength(1);
    // Signed out: no file.
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/exports/sales.csv' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('filters and downloads the vouchers by the day each became valid', async () => {
    const db = t.database.db;
    const voucher = (code: string, validFrom: string) => ({
      partner_id: ana.id,
      code,
      type: 'fixed' as const,
      amount: 1250,
      valid_from: validFrom,
      valid_till: null,
      status: 'active' as const,
      issued_by: null,
      created_at: validFrom,
    });
    await db
      .insertInto('vouchers')
      .values([voucher('ANAOCT', '2026-10-20T12:00:00.000Z'), voucher('ANANOV', '2026-11-01T04:30:00.000Z')])
      .execute();
    const november = await get('/api/getVouchersPaginated?from=2026-11-01&to=2026-11-30', ana.token);
    expect(november.json()).toMatchObject({ total: 1, data: [{ code: 'ANANOV' }] });
    const lines = csvLines((await get('/api/exports/vouchers.csv?to=2026-10-31', ana.token, 'fr')).body);
    expect(lines).toEqual([
      'Code,Type,Montant,Devise,Valide du,Valide jusqu’au,Statut',
      'ANAOCT,Montant fixe,12.50,USD,2026-10-20,,Actif',
    ]);
    // Ben has none.
    expect(csvLines((await get('/api/exports/vouchers.csv', ben.token)).body)).toHaveLength(1);
  });

  it('filters and downloads the invoices by the day each was issued', async () => {
    const db = t.database.db;
    await addEarnings(db, ana.id, [10_000]);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/payMeNow',
      headers: { authorization: `Bearer ${ana.token}` },
    });
    expect(first.statusCode).toBe(201);
    // The first cash-out was paid, its invoice issued in October; a second one now.
    await db.updateTable('payouts').set({ status: 'PAID' }).where('partner_id', '=', ana.id).execute();
    await db
      .updateTable('invoices')
      .set({ issued_at: '2026-10-15T16:00:00.000Z' })
      .where('partner_id', '=', ana.id)
      .execute();
    await addEarnings(db, ana.id, [5_000]);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/payMeNow',
      headers: { authorization: `Bearer ${ana.token}` },
    });
    expect(second.statusCode).toBe(201);

    const october = await get('/api/getInvoices?from=2026-10-01&to=2026-10-31', ana.token);
    expect(october.json()).toMatchObject({ total: 1, last_page: 1, data: [{ amount: 100 }] });
    expect((await get('/api/getInvoices?range=this_month', ana.token)).json()).toMatchObject({
      total: 1,
      data: [{ amount: 50 }],
    });
    const lines = csvLines((await get('/api/exports/invoices.csv', ana.token, 'en')).body);
    expect(lines[0]).toBe('Date,Invoice,Amount,Currency,Status,Paid on');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/^2026-10-15,[^,]+,100\.00,USD,Paid,$/);
    expect(csvLines((await get('/api/exports/invoices.csv', ben.token)).body)).toHaveLength(1);
  });

  it('heads the marketplace file in both languages, with no other partner’s rows', async () => {
    const en = csvLines((await get('/api/exports/marketplace.csv?range=last_90_days', ana.token, 'en')).body);
    expect(en).toEqual(['Date,Order,Product,Items,Order amount,Commission,Currency,Status']);
    const fr = csvLines((await get('/api/exports/marketplace.csv', ana.token, 'fr')).body);
    expect(fr).toEqual(['Date,Commande,Produit,Articles,Montant de la commande,Commission,Devise,Statut']);
  });
});
