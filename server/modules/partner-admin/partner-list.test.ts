// The back office's partner list (docs/product/back-office.md#partners, issue 13): its filters, its orders both ways, its
// paging, and its CSV export with the same filters and order, written as it is read.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { bearer, createStaffWithToken } from '../../test/payouts-fixture';
import type { FixtureStaff } from '../../test/payouts-fixture';
import { issueToken } from '../auth/service';
import { createPartnerAccount } from '../partners/service';
import { createPromoCode } from '../promo-codes/service';
import { partnerSlices, partnersCsv } from './service';

let t: TestApp;
let reviewer: FixtureStaff;
let partnerToken: string;

interface Person {
  key: string;
  first_name: string;
  last_name: string;
  country: string | null;
  verified: 0 | 1;
  paypal: string | null;
  status: 'active' | 'suspended';
  subpartner: 'glow' | 'sun' | null;
  created: string;
  sales: number;
  earned: number;
  verifiedSales: number;
  override: number | null;
}

// Eight partners, each set apart on one axis or another. Sales and commissions in cents.
const people: Person[] = [
  {
    key: 'ana',
    first_name: 'Ana',
    last_name: 'Silva',
    country: 'CA',
    verified: 1,
    paypal: 'ana@pay.test',
    status: 'active',
    subpartner: null,
    created: '2025-01-05T10:00:00.000Z',
    sales: 120_000,
    earned: 9_000,
    verifiedSales: 30,
    override: null,
  },
  {
    key: 'ben',
    first_name: 'Ben',
    last_name: 'Roy',
    country: 'US',
    verified: 1,
    paypal: null,
    status: 'active',
    subpartner: 'glow',
    created: '2025-02-05T10:00:00.000Z',
    sales: 5_000,
    earned: 40_000,
    verifiedSales: 3,
    override: null,
  },
  {
    key: 'cleo',
    first_name: 'Cléo',
    last_name: 'Martin',
    country: 'FR',
    verified: 0,
    paypal: null,
    status: 'suspended',
    subpartner: null,
    created: '2025-03-05T10:00:00.000Z',
    sales: 0,
    earned: 0,
    verifiedSales: 0,
    override: null,
  },
  {
    key: 'dan',
    first_name: '=Dan',
    last_name: '+Formula',
    country: 'CA',
    verified: 1,
    paypal: '@dan@pay.test',
    status: 'active',
    subpartner: 'glow',
    created: '2025-04-05T10:00:00.000Z',
    sales: 300_000,
    earned: 60_000,
    verifiedSales: 120,
    override: 2250,
  },
  {
    key: 'eve',
    first_name: 'Eve',
    last_name: 'Comma, "Quoted"',
    country: 'US',
    verified: 1,
    paypal: 'eve@pay.test',
    status: 'active',
    subpartner: 'sun',
    created: '2025-05-05T10:00:00.000Z',
    sales: 5_000,
    earned: 1_000,
    verifiedSales: 260,
    override: null,
  },
  {
    key: 'fay',
    first_name: 'Fay',
    last_name: 'Line\nBreak',
    country: null,
    verified: 0,
    paypal: '',
    status: 'active',
    subpartner: null,
    created: '2025-06-05T10:00:00.000Z',
    sales: 80_000,
    earned: 6_500,
    verifiedSales: 25,
    override: null,
  },
  {
    key: 'gus',
    first_name: 'Gus',
    last_name: '-Minus',
    country: 'CA',
    verified: 1,
    paypal: 'gus@pay.test',
    status: 'suspended',
    subpartner: 'sun',
    created: '2025-07-05T10:00:00.000Z',
    sales: 45_000,
    earned: 3_000,
    verifiedSales: 99,
    override: 1200,
  },
  {
    key: 'hal',
    first_name: 'Hal',
    last_name: 'Tan',
    country: 'US',
    verified: 1,
    paypal: 'hal@pay.test',
    status: 'active',
    subpartner: null,
    created: '2025-08-05T10:00:00.000Z',
    sales: 200_000,
    earned: 25_000,
    verifiedSales: 100,
    override: null,
  },
];
const emailOf = (key: string) => `${key}@list.test`;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  reviewer = await createStaffWithToken(db, 'reviewer');
  const at = '2025-01-01T00:00:00.000Z';
  const sub = (slug: string, name: string) =>
    db
      .insertInto('subpartners')
      .values({
        slug,
        name,
        logo_url: null,
        primary_color: '#112233',
        accent_color: '#445566',
        welcome_en: 'Hi',
        welcome_fr: 'Salut',
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const subs = { glow: (await sub('glow', 'Glow Agency')).id, sun: (await sub('sun', 'Sun Retail')).id };
  for (const p of people) {
    const partner = await createPartnerAccount(db, {
      email: emailOf(p.key),
      password: 'password-partner',
      first_name: p.first_name,
      last_name: p.last_name,
      country: p.country,
      verified: p.verified,
      paypal_email: p.paypal,
      locale: 'en',
      subpartner_id: p.subpartner ? subs[p.subpartner] : null,
    });
    await createPromoCode(db, partner.id, `${p.key.toUpperCase()}CODE`);
    // The lifetime figures as the ledger keeps them (their upkeep is proven in sales/stats.test.ts).
    await db
      .updateTable('partners')
      .set({
        created_at: p.created,
        status: p.status,
        total_sales_cents: p.sales,
        total_earned_cents: p.earned,
        verified_sales: p.verifiedSales,
        commission_override_bp: p.override,
      })
      .where('id', '=', partner.id)
      .execute();
    if (p.key === 'ana') partnerToken = (await issueToken(db, 'partner', partner.id)).token;
  }
});
afterAll(() => t?.close());

const list = (query = '', token = reviewer.token) =>
  t.app.inject({ method: 'GET', url: `/api/manager/partners${query}`, headers: bearer(token) });
const keys = async (query: string) => {
  const res = await list(query);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return (res.json() as { data: { email: string }[] }).data.map((r) => r.email.split('@')[0]!);
};

describe('filters', () => {
  it('each filter keeps the partners it names, and they combine', async () => {
    expect(await keys('?status=suspended')).toEqual(['gus', 'cleo']);
    expect(await keys('?status=active')).toEqual(['hal', 'fay', 'eve', 'dan', 'ben', 'ana']);
    expect(await keys('?subpartner=glow')).toEqual(['dan', 'ben']);
    expect(await keys('?subpartner=none')).toEqual(['hal', 'fay', 'cleo', 'ana']);
    expect(await keys('?country=ca')).toEqual(['gus', 'dan', 'ana']);
    expect(await keys('?verified=false')).toEqual(['fay', 'cleo']);
    expect(await keys('?verified=true')).toEqual(['hal', 'gus', 'eve', 'dan', 'ben', 'ana']);
    // An empty PayPal e-mail is none.
    expect(await keys('?paypal=true')).toEqual(['hal', 'gus', 'eve', 'dan', 'ana']);
    expect(await keys('?paypal=false')).toEqual(['fay', 'cleo', 'ben']);
    // Tiers by their verified sales: 0–24, 25–99, 100–249, 250+; `override` is a staff rate.
    expect(await keys('?tier=0')).toEqual(['cleo', 'ben']);
    expect(await keys('?tier=25')).toEqual(['gus', 'fay', 'ana']);
    expect(await keys('?tier=100')).toEqual(['hal', 'dan']);
    expect(await keys('?tier=250')).toEqual(['eve']);
    expect(await keys('?tier=override')).toEqual(['gus', 'dan']);
    expect(await keys('?country=CA&status=active&tier=25')).toEqual(['ana']);
    expect(await keys('?subpartner=sun&paypal=true&status=suspended')).toEqual(['gus']);
    expect(await keys('?q=code&country=US&sort=-sales')).toEqual(['hal', 'eve', 'ben']);
    const none = await list('?country=JP');
    expect(none.json()).toEqual({ data: [], current_page: 1, per_page: 20, last_page: 1, total: 0 });
  });

  it('answers each row with its figures', async () => {
    const res = await list('?q=DANCODE');
    expect(res.json().data).toEqual([
      {
        uuid: expect.any(String),
        email: 'dan@list.test',
        first_name: '=Dan',
        last_name: '+Formula',
        country: 'CA',
        verified: true,
        status: 'active',
        created_at: '2025-04-05T10:00:00.000Z',
        codes: ['DANCODE'],
        sales: 3000,
        commissions: 600,
        verified_sales: 120,
        currency: 'USD',
      },
    ]);
  });

  it('refuses a filter that names nothing with 422 on its field', async () => {
    for (const [query, field] of [
      ['?status=paused', 'status'],
      ['?verified=yes', 'verified'],
      ['?paypal=1', 'paypal'],
      ['?country=CAN', 'country'],
      ['?tier=gold', 'tier'],
      ['?tier=30', 'tier'],
      ['?subpartner=nobody', 'subpartner'],
      ['?subpartner=a%20b', 'subpartner'],
      ['?sort=name', 'sort'],
    ] as const) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors, query).toEqual({ [field]: ['Wrong value'] });
    }
  });
});

describe('orders and paging', () => {
  it('sorts by sign-up date, sales and commissions, both ways, ties by id', async () => {
    expect(await keys('')).toEqual(['hal', 'gus', 'fay', 'eve', 'dan', 'cleo', 'ben', 'ana']);
    expect(await keys('?sort=created')).toEqual(['ana', 'ben', 'cleo', 'dan', 'eve', 'fay', 'gus', 'hal']);
    // Ben and Eve both sold 50.00: Eve (the later id) first when descending, last when ascending.
    expect(await keys('?sort=-sales')).toEqual(['dan', 'hal', 'ana', 'fay', 'gus', 'eve', 'ben', 'cleo']);
    expect(await keys('?sort=sales')).toEqual(['cleo', 'ben', 'eve', 'gus', 'fay', 'ana', 'hal', 'dan']);
    expect(await keys('?sort=-commissions')).toEqual([
      'dan',
      'ben',
      'hal',
      'ana',
      'fay',
      'gus',
      'eve',
      'cleo',
    ]);
    expect(await keys('?sort=commissions')).toEqual([
      'cleo',
      'eve',
      'gus',
      'fay',
      'ana',
      'hal',
      'ben',
      'dan',
    ]);
  });

  it('pages through a sorted, filtered list', async () => {
    const first = await list('?sort=-sales&status=active&length=2');
    expect(first.json()).toMatchObject({ current_page: 1, per_page: 2, last_page: 3, total: 6 });
    const all: string[] = [];
    for (let page = 1; page <= 3; page++)
      all.push(...(await keys(`?sort=-sales&status=active&length=2&page=${page}`)));
    expect(all).toEqual(['dan', 'hal', 'ana', 'fay', 'eve', 'ben']);
    expect(await keys('?sort=-sales&status=active&length=2&page=4')).toEqual([]);
  });

  it('answers each value of a filter with its own rows and count (each shape is compiled once, its values bound)', async () => {
    const answer = async (query: string) => {
      const res = await list(query);
      const body = res.json() as { data: { email: string }[]; total: number };
      return { keys: body.data.map((r) => r.email.split('@')[0]!), total: body.total };
    };
    // The same shapes, alternated with other values: nothing of one answer stays in the next.
    for (let round = 0; round < 2; round++) {
      expect(await answer('?country=ca&length=2')).toEqual({ keys: ['gus', 'dan'], total: 3 });
      expect(await answer('?country=US&length=2')).toEqual({ keys: ['hal', 'eve'], total: 3 });
      expect(await answer('?tier=25&verified=true')).toEqual({ keys: ['gus', 'ana'], total: 2 });
      expect(await answer('?tier=100&verified=true')).toEqual({ keys: ['hal', 'dan'], total: 2 });
      expect(await answer('?tier=250&verified=false')).toEqual({ keys: [], total: 0 });
      expect(await answer('?subpartner=glow')).toEqual({ keys: ['dan', 'ben'], total: 2 });
      expect(await answer('?subpartner=sun')).toEqual({ keys: ['gus', 'eve'], total: 2 });
      expect(await answer('?status=active')).toEqual({
        keys: ['hal', 'fay', 'eve', 'dan', 'ben', 'ana'],
        total: 6,
      });
      expect(await answer('?status=suspended')).toEqual({ keys: ['gus', 'cleo'], total: 2 });
    }
  });
  it('gives the filters’ choices: tiers and sub-partners', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/manager/partners/filters',
      headers: bearer(reviewer.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        tiers: [
          { min_sales: 0, rate: 10 },
          { min_sales: 25, rate: 15 },
          { min_sales: 100, rate: 20 },
          { min_sales: 250, rate: 25 },
        ],
        subpartners: [
          { slug: 'glow', name: 'Glow Agency', active: true },
          { slug: 'sun', name: 'Sun Retail', active: true },
        ],
      },
    });
  });
});

/** A CSV document as rows of cells (RFC 4180: quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  expect(cell, 'the document ends with a line break').toBe('');
  return rows;
}

const HOSTILE = "Lee;=1+2;@SUM(1+1);-2+3+cmd|' /C calc'!A0;";

describe('the CSV export', () => {
  const csv = (query = '', token = reviewer.token) =>
    t.app.inject({ method: 'GET', url: `/api/manager/partners.csv${query}`, headers: bearer(token) });

  it('neutralises a formula after a separator in every text column, French Excel’s semicolon too (issue 31)', async () => {
    const db = t.database.db;
    const ben = await db
      .selectFrom('partners')
      .select(['id', 'first_name', 'last_name', 'paypal_email'])
      .where('email', '=', 'ben@list.test')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('partners')
      .set({ first_name: HOSTILE, last_name: HOSTILE, paypal_email: HOSTILE })
      .where('id', '=', ben.id)
      .execute();
    try {
      const res = await csv('?sort=created');
      expect(res.body).toContain(`,"'${HOSTILE}","'${HOSTILE}",ben@list.test,`);
      const row = parseCsv(res.body).find((r) => r[3] === 'ben@list.test')!;
      expect(row.filter((cell) => cell.includes('=1+2'))).toEqual([
        `'${HOSTILE}`,
        `'${HOSTILE}`,
        `'${HOSTILE}`,
      ]);
    } finally {
      await db
        .updateTable('partners')
        .set({ first_name: ben.first_name, last_name: ben.last_name, paypal_email: ben.paypal_email })
        .where('id', '=', ben.id)
        .execute();
    }
  });

  it('has a header row, the list’s rows in its order with its filters, quoted and safe from formulas', async () => {
    const res = await csv('?sort=-sales&status=active');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="partners-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([
      'uuid',
      'first_name',
      'last_name',
      'email',
      'status',
      'verified',
      'country',
      'paypal_email',
      'subpartner',
      'codes',
      'verified_sales',
      'commission_rate',
      'commission_override',
      'sales',
      'commissions',
      'currency',
      'signed_up_at',
      'last_login_at',
    ]);
    const body = rows.slice(1);
    expect(body.map((r) => r[3])).toEqual([
      'dan@list.test',
      'hal@list.test',
      'ana@list.test',
      'fay@list.test',
      'eve@list.test',
      'ben@list.test',
    ]);
    const byEmail = new Map(body.map((r) => [r[3], Object.fromEntries(rows[0]!.map((h, i) => [h, r[i]]))]));
    // Cells that a spreadsheet would run as formulas start with a quote.
    expect(byEmail.get('dan@list.test')).toMatchObject({
      first_name: "'=Dan",
      last_name: "'+Formula",
      paypal_email: "'@dan@pay.test",
      subpartner: 'glow',
      codes: 'DANCODE',
      verified_sales: '120',
      commission_rate: '22.5',
      commission_override: '22.5',
      sales: '3000.00',
      commissions: '600.00',
      currency: 'USD',
      verified: 'true',
      status: 'active',
      signed_up_at: '2025-04-05T10:00:00.000Z',
    });
    // Commas, quotes and line breaks survive quoting.
    expect(byEmail.get('eve@list.test')).toMatchObject({
      last_name: 'Comma, "Quoted"',
      commission_rate: '25',
      commission_override: '',
    });
    expect(byEmail.get('fay@list.test')).toMatchObject({
      last_name: 'Line\nBreak',
      country: '',
      verified: 'false',
      commission_rate: '15',
    });
    expect(res.body).toContain('"Comma, ""Quoted"""');
    // The suspended partner with a leading minus is filtered out here, and quoted where present.
    expect((await csv('?status=suspended&sort=created')).body).toContain(",'-Minus,");
  });

  it('reads every page of a long list, in order, one slice at a time', async () => {
    // Slices of three rows: each slice after the first starts after the last row read.
    const slices: string[][] = [];
    for await (const rows of partnerSlices(t.database.db, { sort: '-commissions' }, 3))
      slices.push(rows.map((r) => r.email.split('@')[0]!));
    expect(slices).toEqual([
      ['dan', 'ben', 'hal'],
      ['ana', 'fay', 'gus'],
      ['eve', 'cleo'],
    ]);
    // The same list by the API, page by page; and the file, whatever the slices.
    expect(slices.flat()).toEqual(await keys('?sort=-commissions'));
    for (const sort of ['created', '-created', 'sales', '-sales', 'commissions'] as const) {
      let text = '';
      for await (const chunk of await partnersCsv(t.database.db, { sort }, 2)) text += String(chunk);
      expect(
        parseCsv(text)
          .slice(1)
          .map((r) => r[3]!.split('@')[0]),
        sort,
      ).toEqual(await keys(`?sort=${sort}`));
    }
  });

  it('reads each slice as the export goes: a partner added while it runs is in it', async () => {
    const slices = partnerSlices(t.database.db, { sort: 'created' }, 2);
    const first = await slices.next();
    expect(first.done ? [] : first.value.map((r) => r.email)).toEqual(['ana@list.test', 'ben@list.test']);
    // Only two rows have been read so far: a partner who signs up now is read at the end.
    const late = await createPartnerAccount(t.database.db, {
      email: 'late@list.test',
      password: 'password-partner',
      first_name: 'Late',
      last_name: 'Comer',
      locale: 'en',
    });
    const rest: string[] = [];
    for await (const rows of slices) rest.push(...rows.map((r) => r.email));
    expect(rest.at(-1)).toBe('late@list.test');
    expect(rest).toHaveLength(people.length - 2 + 1);
    await t.database.db.deleteFrom('partners').where('id', '=', late.id).execute();
  });

  it('streams over HTTP: the header row arrives, the rest follows', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/api/manager/partners.csv?sort=created`, {
      headers: bearer(reviewer.token),
    });
    expect(res.status).toBe(200);
    // Sent in chunks as it is written, not as one body of a known length.
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    expect(res.headers.get('content-length')).toBeNull();
    const text = await res.text();
    expect(parseCsv(text)).toHaveLength(1 + people.length);
  });

  it('writes who exported with which filters to the audit log; a refused export writes nothing', async () => {
    const lines = () =>
      t.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'export.partners')
        .orderBy('id')
        .execute();
    const before = (await lines()).length;
    expect((await csv('?status=active&sort=-sales&q=')).statusCode).toBe(200);
    expect((await csv('?tier=7')).statusCode).toBe(422);
    const written = (await lines()).slice(before);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      staff_id: reviewer.id,
      entity: 'export',
      entity_id: 'partners',
      before: null,
    });
    // Only the filters given: an empty search is no filter.
    expect(JSON.parse(written[0]!.after!)).toEqual({ filters: { status: 'active', sort: '-sales' } });
  });

  it('refuses bad filters with 422 before any row, and is for staff only', async () => {
    const bad = await csv('?tier=7');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ code: 422, errors: { tier: ['Wrong value'] } });
    expect((await csv('', partnerToken)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/manager/partners.csv' })).statusCode).toBe(401);
    const fr = await t.app.inject({
      method: 'GET',
      url: '/api/manager/partners.csv?status=x',
      headers: { ...bearer(reviewer.token), 'accept-language': 'fr' },
    });
    expect(fr.json().errors).toEqual({ status: ['Valeur incorrecte'] });
  });
});
