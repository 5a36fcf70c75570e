// What an import checks beyond a cell's shape (issue 29, item 5; issue 34, item 1): the report
// as Amazon gives it, tab- or comma-separated, read whole; a return (a negative line) never takes
// back more than the partner's earlier lines on that tracking id brought in; amounts with a
// decimal comma read only where the file leaves no doubt; no shipped date after today. Every
// line refused says why, in the reader's language, in the answer and in the import's lines.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { payoutPartner, staffMember } from '../../test/payouts';
import type { TestPartner, TestStaff } from '../../test/payouts';
import { ensureTrackingId } from './service';

const TITLE = 'Fee-Earnings reports from 11-01-2026 to 11-30-2026';
const COLUMNS = [
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

let made = 0;
/** A line of the Earnings report: a sale, or with a negative revenue a return of one item. */
function line(tag: string, revenue: string, options: { name?: string; date?: string } = {}): string[] {
  const returned = revenue.trim().startsWith('-');
  return [
    'Health',
    options.name ?? `Sunbite ACV Gummies ${++made}`,
    'B0CSB1ACV1',
    'Amazon.com',
    tag,
    options.date ?? '2026-11-03',
    '24.99',
    returned ? '0' : '1',
    returned ? '1' : '0',
    revenue,
    returned ? '-2.50' : '2.50',
    'PHONE',
    'Y',
  ];
}
const tsv = (rows: string[][]) =>
  [TITLE, COLUMNS.join('\t'), ...rows.map((r) => r.join('\t')), ''].join('\n');
/** Comma-separated as Amazon writes it: a cell is quoted when it holds a comma or a quote. */
const csvCell = (cell: string) => (/[",]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
const csv = (rows: string[][], end = '\n') =>
  [TITLE, COLUMNS.join(','), ...rows.map((r) => r.map(csvCell).join(',')), ''].join(end);

type Line = { line: number; reason: string; code: string };

describe('what an Associates import checks', () => {
  let t: TestApp;
  let manager: TestStaff;
  const db = () => t.database.db;
  let files = 0;
  const upload = (body: string, options: { type?: string; lang?: string; filename?: string } = {}) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/manager/marketplace/imports?filename=${encodeURIComponent(options.filename ?? `report-${++files}.tsv`)}`,
      headers: {
        authorization: `Bearer ${manager.token}`,
        'content-type': options.type ?? 'text/tab-separated-values',
        ...(options.lang ? { 'accept-language': options.lang } : {}),
      },
      payload: body,
    });
  const imported = async (body: string, options: { type?: string; lang?: string } = {}) => {
    const res = await upload(body, options);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { import_id: number; imported: number; duplicates: number; rejected: Line[] };
  };
  const lines = async (id: number, lang = 'en') =>
    (
      await t.app.inject({
        url: `/api/manager/marketplace/imports/${id}`,
        headers: { authorization: `Bearer ${manager.token}`, 'accept-language': lang },
      })
    ).json().data as Line[];
  /** The partner's marketplace sales: revenue and what each earns, oldest first. */
  const ledger = async (partnerId: number) =>
    (
      await db()
        .selectFrom('marketplace_sales')
        .innerJoin('earnings', 'earnings.marketplace_sale_id', 'marketplace_sales.id')
        .select(['marketplace_sales.revenue_cents', 'earnings.amount_cents', 'earnings.base_cents'])
        .where('marketplace_sales.partner_id', '=', partnerId)
        .orderBy('marketplace_sales.id')
        .execute()
    ).map((r) => [Number(r.revenue_cents), Number(r.amount_cents)]);
  const earned = async (partnerId: number) =>
    Number(
      (
        await db()
          .selectFrom('earnings')
          .select(sql<number>`coalesce(sum(amount_cents), 0)`.as('n'))
          .where('partner_id', '=', partnerId)
          .where('kind', '=', 'marketplace')
          .where('status', '<>', 'REJECTED')
          .executeTakeFirstOrThrow()
      ).n,
    );
  const newPartner = async (first: string): Promise<TestPartner & { tag: string }> => {
    const partner = await payoutPartner(db(), { first, last: 'Returns' });
    return { ...partner, tag: await ensureTrackingId(db(), partner.id) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    manager = await staffMember(db(), 'manager', 'Mona Manager');
  });
  afterAll(() => t.close());

  it('imports the comma-separated download: quoted cells with commas and quotes, a title line first', async () => {
    const maya = await newPartner('Maya');
    const body = csv([
      line(maya.tag, '1,049.50', { name: 'Sunbite ACV Gummies, 60 Count' }),
      line(maya.tag, '24.99', { name: 'Sunbite "Calm" Bites' }),
    ]);
    expect(body).toContain('"Sunbite ACV Gummies, 60 Count"');
    expect(body).toContain('"Sunbite ""Calm"" Bites"');
    const answer = await imported(body, { type: 'text/csv' });
    expect(answer).toMatchObject({ imported: 2, duplicates: 0, rejected: [] });
    const sales = await t.app.inject({
      url: '/api/getAmazonSalesItems?length=10',
      headers: { authorization: `Bearer ${maya.token}` },
    });
    expect(
      sales.json().data.map((s: { product: string; order_amount: number }) => [s.product, s.order_amount]),
    ).toEqual([
      ['Sunbite "Calm" Bites', 24.99],
      ['Sunbite ACV Gummies, 60 Count', 1049.5],
    ]);
  });

  it('imports a file with a byte-order mark and CRLF line ends, and a tab-separated one as before', async () => {
    const leo = await newPartner('Leo');
    expect(
      await imported(`\uFEFF${csv([line(leo.tag, '19.99')], '\r\n')}`, { type: 'text/csv' }),
    ).toMatchObject({ imported: 1, rejected: [] });
    expect(await imported(`\uFEFF${tsv([line(leo.tag, '29.99')]).replaceAll('\n', '\r\n')}`)).toMatchObject({
      imported: 1,
      rejected: [],
    });
    expect(await imported(tsv([line(leo.tag, '$1,000.00')]))).toMatchObject({ imported: 1, rejected: [] });
    expect(await ledger(leo.id)).toEqual([
      [1999, 200],
      [2999, 300],
      [100000, 10000],
    ]);
  });

  it('takes a return off what the partner earned on that tracking id, and refuses one beyond it, or with nothing before', async () => {
    const ana = await newPartner('Ana');
    const zoe = await newPartner('Zoe');
    await imported(tsv([line(ana.tag, '49.98'), line(ana.tag, '29.99')]));
    expect(await earned(ana.id)).toBe(800);

    const report = tsv([
      // Within what came before (79.97): taken off, 3.00 of commission back.
      line(ana.tag, '-29.99'),
      // The report's −$100,000 line of issue 29: more than everything before.
      line(ana.tag, '-999,999.99'),
      // Nothing before on Zoe's tracking id.
      line(zoe.tag, '-24.99'),
      // A return before the sale it would take back, in the same file: the sale is later.
      line(zoe.tag, '-10.00'),
      line(zoe.tag, '10.00'),
      // Then a return of it, after it: accepted.
      line(zoe.tag, '-10.00'),
      // Net of the returns before: 49.98 left on Ana's, so 49.99 is too much and 49.98 is not.
      line(ana.tag, '-49.99'),
      line(ana.tag, '-49.98'),
      line(ana.tag, '-0.01'),
    ]);
    const answer = await imported(report);
    expect(answer.imported).toBe(4);
    expect(answer.rejected).toEqual([
      {
        line: 4,
        code: 'return_exceeds',
        reason:
          'A return of “-999,999.99” is more than this partner’s earlier lines on this tracking ID brought in, net of returns (49.98)',
      },
      {
        line: 5,
        code: 'return_without_sale',
        reason: 'A return of “-24.99” with no earlier sale of this partner on this tracking ID',
      },
      {
        line: 6,
        code: 'return_without_sale',
        reason: 'A return of “-10.00” with no earlier sale of this partner on this tracking ID',
      },
      {
        line: 9,
        code: 'return_exceeds',
        reason:
          'A return of “-49.99” is more than this partner’s earlier lines on this tracking ID brought in, net of returns (49.98)',
      },
      {
        line: 11,
        code: 'return_exceeds',
        reason:
          'A return of “-0.01” is more than this partner’s earlier lines on this tracking ID brought in, net of returns (0.00)',
      },
    ]);
    expect(await ledger(ana.id)).toEqual([
      [4998, 500],
      [2999, 300],
      [-2999, -300],
      [-4998, -500],
    ]);
    expect(await earned(ana.id)).toBe(0);
    expect(await ledger(zoe.id)).toEqual([
      [1000, 100],
      [-1000, -100],
    ]);
    // The import keeps them, and says them again in French.
    expect(await lines(answer.import_id)).toEqual(answer.rejected);
    expect((await lines(answer.import_id, 'fr')).map((l) => l.reason)).toEqual([
      'Retour de «\u00a0-999,999.99\u00a0» supérieur à ce que les lignes précédentes de ce partenaire sur cet identifiant de suivi ont rapporté, net des retours (49,98)',
      'Retour de «\u00a0-24.99\u00a0» sans vente précédente de ce partenaire sur cet identifiant de suivi',
      'Retour de «\u00a0-10.00\u00a0» sans vente précédente de ce partenaire sur cet identifiant de suivi',
      'Retour de «\u00a0-49.99\u00a0» supérieur à ce que les lignes précédentes de ce partenaire sur cet identifiant de suivi ont rapporté, net des retours (49,98)',
      'Retour de «\u00a0-0.01\u00a0» supérieur à ce que les lignes précédentes de ce partenaire sur cet identifiant de suivi ont rapporté, net des retours (0,00)',
    ]);

    // Another export of the same lines: the returns already taken are duplicates, not refusals;
    // Zoe's tracking id has had a sale now (and its return), so nothing is left on it.
    const again = await imported(`${report}\n`);
    expect(again).toMatchObject({ imported: 0, duplicates: 4 });
    expect(again.rejected.map((l) => [l.line, l.code])).toEqual([
      [4, 'return_exceeds'],
      [5, 'return_exceeds'],
      [6, 'return_exceeds'],
      [9, 'return_exceeds'],
      [11, 'return_exceeds'],
    ]);
    expect(await earned(ana.id)).toBe(0);
  });

  it('counts only what was earned: a rejected sale leaves nothing to take back', async () => {
    const kai = await newPartner('Kai');
    await imported(tsv([line(kai.tag, '40.00'), line(kai.tag, '20.00')]));
    await db()
      .updateTable('earnings')
      .set({ status: 'REJECTED' })
      .where('partner_id', '=', kai.id)
      .where('base_cents', '=', 4000)
      .execute();
    const answer = await imported(tsv([line(kai.tag, '-40.00'), line(kai.tag, '-20.00')]));
    expect(answer.imported).toBe(1);
    expect(answer.rejected).toMatchObject([
      { line: 3, code: 'return_exceeds', reason: expect.stringContaining('(20.00)') },
    ]);
    expect(await earned(kai.id)).toBe(0);
  });

  it('gives back what the sales earned: rounded alike, and never more after the rate went up', async () => {
    const ivy = await newPartner('Ivy');
    await imported(tsv([line(ivy.tag, '0.15'), line(ivy.tag, '0.15')]));
    // 1.5 cents each, rounded up: 2 + 2; each return gives back as much, rounded the same way.
    expect(await earned(ivy.id)).toBe(4);
    await imported(tsv([line(ivy.tag, '-0.15'), line(ivy.tag, '-0.15')]));
    expect(await earned(ivy.id)).toBe(0);

    const ben = await newPartner('Ben');
    await imported(tsv([line(ben.tag, '20.00'), line(ben.tag, '20.00')]));
    // The marketplace rate goes from 10% to 15% (as staff would set it in the settings).
    await db()
      .insertInto('settings')
      .values({ key: 'marketplace_rate_bp', value: '1500', updated_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: '1500' }))
      .execute();
    try {
      await imported(tsv([line(ben.tag, '-20.00'), line(ben.tag, '-20.00')]));
    } finally {
      await db().deleteFrom('settings').where('key', '=', 'marketplace_rate_bp').execute();
    }
    // 3.00 back for the first at the new rate; the second finds only 1.00 left of the 4.00 earned.
    expect(await ledger(ben.id)).toEqual([
      [2000, 200],
      [2000, 200],
      [-2000, -300],
      [-2000, -100],
    ]);
    expect(await earned(ben.id)).toBe(0);
  });

  it('lets two imports at once take back the same sale only once', async () => {
    const noa = await newPartner('Noa');
    await imported(tsv([line(noa.tag, '50.00')]));
    const answers = await Promise.all([
      imported(tsv([line(noa.tag, '-50.00', { name: 'first export' })])),
      imported(tsv([line(noa.tag, '-50.00', { name: 'second export' })])),
    ]);
    expect(answers.map((a) => a.imported).sort()).toEqual([0, 1]);
    expect(answers.flatMap((a) => a.rejected.map((l) => l.code))).toEqual(['return_exceeds']);
    expect(await earned(noa.id)).toBe(0);
  });

  it('reads a decimal comma where the file leaves no doubt, and refuses it, saying why, where it does not', async () => {
    const eva = await newPartner('Eva');
    const commas = tsv([line(eva.tag, '24,99'), line(eva.tag, '1.049,50')])
      .replaceAll('\t24.99\t', '\t24,99\t')
      .replaceAll('\t2.50\t', '\t2,50\t');
    expect(await imported(commas)).toMatchObject({ imported: 2, rejected: [] });
    expect(await ledger(eva.id)).toEqual([
      [2499, 250],
      [104950, 10495],
    ]);

    // Both separators in one file: which one a comma is cannot be told.
    const mixed = await imported(tsv([line(eva.tag, '24,99'), line(eva.tag, '24.99')]));
    expect(mixed).toMatchObject({ imported: 1 });
    const reason =
      'Ambiguous amount “24,99”: a decimal comma is read only in a tab-separated report whose amounts all use one, with two decimals';
    expect(mixed.rejected).toEqual([{ line: 3, code: 'decimal_comma', reason }]);
    // Nor in a comma-separated file.
    const csvAnswer = await imported(csv([line(eva.tag, '24,99')]), { type: 'text/csv', lang: 'fr' });
    expect(csvAnswer.rejected).toEqual([
      {
        line: 3,
        code: 'decimal_comma',
        reason:
          'Montant ambigu «\u00a024,99\u00a0»\u00a0: la virgule décimale n’est lue que dans un rapport séparé par des tabulations dont tous les montants l’emploient, avec deux décimales',
      },
    ]);
    // Never as 2,499.00.
    expect((await ledger(eva.id)).map(([revenue]) => revenue)).toEqual([2499, 104950, 2499]);
  });

  it('refuses a shipped date after today', async () => {
    const max = await newPartner('Max');
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const answer = await imported(
      tsv([line(max.tag, '10.00', { date: day(-1) }), line(max.tag, '10.00', { date: day(2) })]),
    );
    expect(answer.imported).toBe(1);
    expect(answer.rejected).toEqual([
      { line: 4, code: 'future_date', reason: `A date still to come: “${day(2)}”` },
    ]);
    expect((await lines(answer.import_id, 'fr')).map((l) => l.reason)).toEqual([
      `Date à venir\u00a0: «\u00a0${day(2)}\u00a0»`,
    ]);
  });

  it('says which line’s quotation mark is never closed', async () => {
    const sam = await newPartner('Sam');
    const body = [
      TITLE,
      COLUMNS.join(','),
      line(sam.tag, '10.00', { name: '"Sunbite Sleep' }).join(','),
      line(sam.tag, '12.00').join(','),
      '',
    ].join('\n');
    const answer = await imported(body, { type: 'text/csv' });
    expect(answer).toMatchObject({
      imported: 1,
      rejected: [{ line: 3, code: 'quote', reason: 'A quotation mark on this line is never closed' }],
    });
  });
});
