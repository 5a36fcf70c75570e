// Marketplace imports in the back office (issue 13, docs/product/commissions.md#marketplace and docs/product/back-office.md): the upload answers what
// it did and keeps it (rows imported, duplicates skipped, each rejected line with its number and
// reason), the list of past imports newest first, one import's rejected lines in the reader's
// language, the rights of each role, the refusals said by their rule, and the audit line written
// in the import's own transaction.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '../../../common/i18n';
import { REPORT_MAX_BYTES } from '../../../common/marketplace-report';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { payoutPartner, staffMember } from '../../test/payouts';
import type { TestPartner, TestStaff } from '../../test/payouts';
import { ensureTrackingId } from './service';

type Summary = {
  id: number;
  filename: string;
  created_at: string;
  imported_by: { id: number; name: string; email: string } | null;
  rows_imported: number;
  duplicates_skipped: number;
  rows_rejected: number;
};
type Line = { line: number; reason: string; code: string };

const HEADER =
  'Category\tName\tASIN\tSeller\tTracking ID\tDate Shipped\tPrice($)\tItems Shipped\tReturns\tRevenue($)\tAd Fees($)\tDevice Type Group';
let made = 0;

/** A report of Amazon's shape: its title line, the header, then one line per row given. */
function report(rows: string[][]): string {
  return [
    'Fee-Earnings reports from 2026-10-01 to 2026-10-31',
    HEADER,
    ...rows.map((r) => r.join('\t')),
    '',
  ].join('\n');
}
/** A good row of `tag`, its product named so that no other test's row is the same sale. */
const row = (tag: string, revenue = '24.99', date = '2026-10-03') => [
  'Health',
  `Sunbite ACV ${++made}`,
  'B0CSB1ACV1',
  'Amazon.com',
  tag,
  date,
  revenue,
  '1',
  '0',
  revenue,
  '2.50',
  'PHONE',
];

describe('marketplace imports in the back office', () => {
  let t: TestApp;
  let manager: TestStaff;
  let admin: TestStaff;
  let reviewer: TestStaff;
  let partner: TestPartner;
  let tag: string;
  const db = () => t.database.db;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const upload = (
    body: string | Buffer,
    options: { token?: string; filename?: string; type?: string; lang?: string } = {},
  ) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/manager/marketplace/imports?filename=${encodeURIComponent(options.filename ?? 'earnings.tsv')}`,
      headers: {
        ...bearer(options.token ?? manager.token),
        'content-type': options.type ?? 'text/tab-separated-values',
        ...(options.lang ? { 'accept-language': options.lang } : {}),
      },
      payload: body,
    });
  const get = (url: string, token = manager.token, lang?: string) =>
    t.app.inject({ url, headers: { ...bearer(token), ...(lang ? { 'accept-language': lang } : {}) } });
  const count = async (
    table:
      'marketplace_imports' | 'marketplace_import_lines' | 'marketplace_sales' | 'earnings' | 'audit_log',
  ) =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const state = async () =>
    Promise.all(
      (
        [
          'marketplace_imports',
          'marketplace_import_lines',
          'marketplace_sales',
          'earnings',
          'audit_log',
        ] as const
      ).map(count),
    );

  beforeAll(async () => {
    t = await createTestApp();
    manager = await staffMember(db(), 'manager', 'Mona Manager');
    admin = await staffMember(db(), 'admin', 'Ada Admin');
    reviewer = await staffMember(db(), 'reviewer', 'Rita Reviewer');
    partner = await payoutPartner(db(), { first: 'Maya', last: 'Tremblay' });
    tag = await ensureTrackingId(db(), partner.id);
  });
  afterAll(() => t.close());

  it('keeps each import: the list newest first with who, when and the counts, and each one’s rejected lines in order', async () => {
    const first = await upload(report([row(tag), row(tag)]), { filename: 'october.tsv' });
    expect(first.statusCode, first.body).toBe(200);
    const firstId = first.json().data.import_id as number;

    const bad = [
      row(tag),
      [
        'Health',
        'Sunbite Sleep',
        'B0CSB6SLP6',
        'Amazon.com',
        'someone-else-20',
        '2026-10-06',
        '19.99',
        '1',
        '0',
        '19.99',
        '2.00',
        'PHONE',
      ],
      row(tag, 'lots'),
      row(tag, '9.99', '10/32/2026'),
    ];
    const second = await upload(report(bad), { token: admin.token, filename: 'november.tsv' });
    expect(second.statusCode, second.body).toBe(200);
    const answer = second.json().data;
    expect(answer).toMatchObject({
      already_imported: false,
      imported: 1,
      duplicates: 0,
      rejected: [
        { line: 4, code: 'unknown_tracking_id', reason: 'No partner has the tracking ID “someone-else-20”' },
        { line: 5, code: 'amount', reason: 'Not an amount: “lots”' },
        { line: 6, code: 'date', reason: 'Not a date: “10/32/2026”' },
      ],
    });
    // The answer carries the import as the list shows it.
    expect(answer.import).toEqual({
      id: answer.import_id,
      filename: 'november.tsv',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      imported_by: { id: admin.id, name: 'Ada Admin', email: 'ada.admin@staff.example' },
      rows_imported: 1,
      duplicates_skipped: 0,
      rows_rejected: 3,
      currency: 'USD',
    });

    const list = await get('/api/manager/marketplace/imports');
    expect(list.statusCode).toBe(200);
    const page = list.json() as {
      data: Summary[];
      total: number;
      current_page: number;
      per_page: number;
      last_page: number;
    };
    expect(page).toMatchObject({ total: 2, current_page: 1, per_page: 20, last_page: 1 });
    expect(
      page.data.map((i) => [
        i.filename,
        i.imported_by?.name,
        i.rows_imported,
        i.duplicates_skipped,
        i.rows_rejected,
      ]),
    ).toEqual([
      ['november.tsv', 'Ada Admin', 1, 0, 3],
      ['october.tsv', 'Mona Manager', 2, 0, 0],
    ]);
    expect(page.data[1]!.id).toBe(firstId);
    // Paged: one a page, newest first.
    const paged = (await get('/api/manager/marketplace/imports?page=2&length=1')).json();
    expect(paged).toMatchObject({ total: 2, current_page: 2, per_page: 1, last_page: 2 });
    expect(paged.data.map((i: Summary) => i.filename)).toEqual(['october.tsv']);

    const detail = await get(`/api/manager/marketplace/imports/${answer.import_id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toEqual({
      data: answer.rejected,
      current_page: 1,
      per_page: 50,
      last_page: 1,
      total: 3,
      import: answer.import,
    });
    // In the reader's language.
    const french = (
      await get(`/api/manager/marketplace/imports/${answer.import_id}`, manager.token, 'fr')
    ).json();
    expect(french.data.map((l: Line) => l.reason)).toEqual([
      'Aucun partenaire n’a l’identifiant de suivi «\u00a0someone-else-20\u00a0»',
      'Montant invalide\u00a0: «\u00a0lots\u00a0»',
      'Date invalide\u00a0: «\u00a010/32/2026\u00a0»',
    ]);
    // Paged lines.
    const lines = (await get(`/api/manager/marketplace/imports/${answer.import_id}?page=2&length=2`)).json();
    expect(lines).toMatchObject({ total: 3, current_page: 2, last_page: 2 });
    expect(lines.data.map((l: Line) => l.line)).toEqual([6]);
    // A clean import has none.
    expect((await get(`/api/manager/marketplace/imports/${firstId}`)).json()).toMatchObject({
      data: [],
      total: 0,
      import: { rows_rejected: 0 },
    });
  });

  it('counts and keeps the duplicates another file brings, and answers the earlier import for the same file', async () => {
    const rows = [row(tag), row(tag)];
    const original = await upload(report(rows), { filename: 'december.tsv' });
    expect(original.json().data).toMatchObject({ imported: 2, duplicates: 0 });
    // Another export of the same sales, with a new one.
    const overlapping = await upload(report([...rows, row(tag)]), { filename: 'december-again.tsv' });
    expect(overlapping.json().data).toMatchObject({
      already_imported: false,
      imported: 1,
      duplicates: 2,
      import: { filename: 'december-again.tsv', duplicates_skipped: 2 },
    });
    // The very same file: nothing changes, and the answer names the import that brought it.
    const before = await state();
    const again = await upload(report(rows), { filename: 'renamed.tsv' });
    expect(again.json().data).toMatchObject({
      import_id: original.json().data.import_id,
      already_imported: true,
      imported: 0,
      duplicates: 0,
      rejected: [],
      import: { filename: 'december.tsv', imported_by: { name: 'Mona Manager' }, rows_imported: 2 },
    });
    expect(await state()).toEqual(before);
  });

  it('imports a file sent twice at once only once', async () => {
    const body = report([row(tag), row(tag)]);
    const answers = await Promise.all([
      upload(body, { filename: 'twice-a.tsv' }),
      upload(body, { filename: 'twice-b.tsv' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const data = answers.map((a) => a.json().data);
    expect(data.map((d) => d.already_imported).sort()).toEqual([false, true]);
    expect(data[0].import_id).toBe(data[1].import_id);
    expect(data.find((d) => !d.already_imported).imported).toBe(2);
  });

  it('opens to managers and admins only: a reviewer is refused, a partner or no token is not authorized', async () => {
    const id = (await upload(report([row(tag)]), { filename: 'rights.tsv' })).json().data.import_id as number;
    for (const url of ['/api/manager/marketplace/imports', `/api/manager/marketplace/imports/${id}`]) {
      expect((await get(url, admin.token)).statusCode).toBe(200);
      expect((await get(url, reviewer.token)).statusCode).toBe(403);
      expect((await get(url, partner.token)).statusCode).toBe(401);
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
    expect((await upload(report([row(tag)]), { token: reviewer.token })).statusCode).toBe(403);
    expect((await upload(report([row(tag)]), { token: partner.token })).statusCode).toBe(401);
    expect((await get('/api/manager/marketplace/imports/999999')).json()).toMatchObject({ code: 404 });
    expect((await get('/api/manager/marketplace/imports/abc')).statusCode).toBe(422);
    expect((await get('/api/manager/marketplace/imports?length=101')).statusCode).toBe(422);
  });

  it('refuses a file that is no report by the rule it breaks, in the reader’s language, and keeps nothing', async () => {
    const before = await state();
    const words = catalogs.en.portal.api.marketplace;
    const wrongType = await upload('{"a":1}', { type: 'application/json' });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toEqual({
      code: 415,
      error: 'marketplace.file_type_with_csv',
      message: words.file_type_with_csv,
      errors: { file: [words.file_type_with_csv] },
    });
    const french = await upload('{"a":1}', { type: 'application/json', lang: 'fr' });
    expect(french.json().message).toBe(catalogs.fr.portal.api.marketplace.file_type_with_csv);

    const tooLarge = await upload(Buffer.alloc(REPORT_MAX_BYTES + 1, 0x41));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({
      code: 413,
      message: words.too_large,
      errors: { file: [words.too_large] },
    });
    // A UTF-16 export: every other byte a NUL.
    const utf16 = await upload(Buffer.from(report([row(tag)]), 'utf16le'));
    expect(utf16.json()).toMatchObject({
      code: 422,
      message: words.not_text,
      errors: { file: [words.not_text] },
    });
    expect((await upload(Buffer.from([0xff, 0xfe, 0xc3]))).json()).toMatchObject({
      code: 422,
      message: words.not_text,
    });
    expect((await upload('')).json()).toMatchObject({
      code: 422,
      message: words.empty,
      errors: { file: [words.empty] },
    });
    // A name with a control character is refused, not stored.
    expect((await upload(report([row(tag)]), { filename: 'bad\u0000name.tsv' })).statusCode).toBe(422);
    expect(await state()).toEqual(before);
  });

  it('the back office says the server’s own words before sending', () => {
    for (const locale of ['en', 'fr'] as const) {
      const server = catalogs[locale].portal.api.marketplace;
      const spa = catalogs[locale].portal.manager.marketplace.refused;
      expect(spa).toMatchObject({
        file_type_with_csv: server.file_type_with_csv,
        too_large: server.too_large,
        empty: server.empty,
        not_text: server.not_text,
      });
    }
  });

  it('shows an import made before lines were kept with its count and no lines', async () => {
    const old = await db()
      .insertInto('marketplace_imports')
      .values({
        file_sha256: 'f'.repeat(64),
        filename: 'old.tsv',
        imported_by: null,
        rows_imported: 3,
        rows_rejected: 2,
        created_at: '2025-01-05T10:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const detail = (await get(`/api/manager/marketplace/imports/${old.id}`)).json();
    expect(detail).toMatchObject({
      data: [],
      total: 0,
      import: {
        filename: 'old.tsv',
        imported_by: null,
        rows_imported: 3,
        duplicates_skipped: 0,
        rows_rejected: 2,
      },
    });
  });
});

describe('an import’s audit line', () => {
  let t: TestApp;
  let manager: TestStaff;
  let tag: string;
  const db = () => t.database.db;
  const upload = (body: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/manager/marketplace/imports?filename=audited.tsv',
      headers: { authorization: `Bearer ${manager.token}`, 'content-type': 'text/tab-separated-values' },
      payload: body,
    });
  const count = async (
    table:
      'marketplace_imports' | 'marketplace_import_lines' | 'marketplace_sales' | 'earnings' | 'audit_log',
  ) =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const state = async () =>
    Promise.all(
      (
        [
          'marketplace_imports',
          'marketplace_import_lines',
          'marketplace_sales',
          'earnings',
          'audit_log',
        ] as const
      ).map(count),
    );

  // A trigger makes one write fail inside the import, on either database.
  async function failing(table: 'marketplace_import_lines' | 'audit_log', run: () => Promise<void>) {
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

  beforeAll(async () => {
    t = await createTestApp();
    manager = await staffMember(db(), 'manager', 'Mona Manager');
    const partner = await payoutPartner(db(), { first: 'Maya', last: 'Tremblay' });
    tag = await ensureTrackingId(db(), partner.id);
  });
  afterAll(() => t.close());

  it('records who imported what, with the counts, once; the same file again records nothing', async () => {
    const body = report([row(tag), row(tag, 'lots')]);
    const answer = (await upload(body)).json().data;
    const lines = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'marketplace_import')
      .execute();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      staff_id: manager.id,
      action: 'marketplace_import.create',
      entity_id: String(answer.import_id),
      before: null,
      created_at: answer.import.created_at,
    });
    expect(JSON.parse(lines[0]!.after!)).toEqual({
      filename: 'audited.tsv',
      currency: 'USD',
      rate: null,
      rows_imported: 1,
      duplicates_skipped: 0,
      rows_rejected: 1,
    });
    // The audit log's screen lists it.
    const log = (
      await t.app.inject({
        url: '/api/manager/audit?entity=marketplace_import',
        headers: { authorization: `Bearer ${manager.token}` },
      })
    ).json();
    expect(log.data.map((l: { action: string }) => l.action)).toEqual(['marketplace_import.create']);
    await upload(body);
    expect(await count('audit_log')).toBe(1);
  });

  it('an import whose audit line fails is not made', async () => {
    const before = await state();
    await failing('audit_log', async () => {
      const res = await upload(report([row(tag), row(tag, 'lots')]));
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ code: 500, id: expect.any(String) });
    });
    expect(await state()).toEqual(before);
  });

  it('an import that fails after its sales leaves no audit line, sale or earning', async () => {
    const before = await state();
    await failing('marketplace_import_lines', async () => {
      expect((await upload(report([row(tag), row(tag, 'lots')]))).statusCode).toBe(500);
    });
    expect(await state()).toEqual(before);
  });
});
