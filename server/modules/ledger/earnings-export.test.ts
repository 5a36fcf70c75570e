import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { addEarnings, payoutPartner, staffMember } from '../../test/payouts';
import type { TestPartner, TestStaff } from '../../test/payouts';
import { deliver, shopifyOrderPayload } from '../../test/shopify';
import { createPromoCode } from '../promo-codes/service';
import { earningsCsv } from './earnings-export';

const SECRET = 'earnings-export-secret';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const HEADER =
  'earning_id,created_at,partner_uuid,partner_name,partner_email,kind,status,order_number,product,base,rate_percent,amount,currency,hold_until,payout_id,updated_at,source_currency,source_base,exchange_rate';

/** The file's lines as cells (the test's own cells hold no comma but the quoted ones below). */
const linesOf = (body: string) => body.trimEnd().split('\r\n');

// The earnings export of docs/product/back-office.md#exports, for accounting: every earning with its partner, order and
// amounts, filtered as asked, safe to open in a spreadsheet, and streamed from the database a
// span of ids at a time.
const HOSTILE = "Lee;=1+2;@SUM(1+1);-2+3+cmd|' /C calc'!A0;";

describe('GET /api/manager/earnings.csv', () => {
  let t: TestApp;
  let manager: TestStaff;
  let admin: TestStaff;
  let reviewer: TestStaff;
  let ana: TestPartner;
  let tricky: TestPartner;
  let saleId: number;

  beforeAll(async () => {
    t = await createTestApp({ env: { SHOPIFY_WEBHOOK_SECRET: SECRET } });
    const db = t.database.db;
    manager = await staffMember(db, 'manager', 'Mona Manager');
    admin = await staffMember(db, 'admin', 'Ada Admin');
    reviewer = await staffMember(db, 'reviewer', 'Rita Reviewer');
    ana = await payoutPartner(db, { first: 'Ana', last: 'Lima' });
    tricky = await payoutPartner(db, {
      first: '=HYPERLINK("http://x")',
      last: 'Quote, "Jr"',
      email: '+tricky@partners.example',
    });
    await createPromoCode(db, ana.id, 'ANA15');
    // A sale through the store: 2 × 25.00 less 15 %, 42.50 at 10 %: 4.25, pending.
    const order = shopifyOrderPayload({ code: 'ANA15', items: [['ACV Gummies', 2, 2500]] });
    expect((await deliver(t.app, 'orders/paid', order, { secret: SECRET })).statusCode).toBe(200);
    saleId = (
      await db
        .selectFrom('earnings')
        .select('id')
        .where('partner_id', '=', ana.id)
        .where('kind', '=', 'sale')
        .executeTakeFirstOrThrow()
    ).id;
    await addEarnings(db, ana.id, [2500]);
    await addEarnings(db, tricky.id, [1999, -550]);
    await addEarnings(db, tricky.id, [700], { status: 'PENDING' });
    // One earning of last year, for the time filter.
    await db
      .updateTable('earnings')
      .set({ created_at: '2025-03-15T12:00:00.000Z' })
      .where('partner_id', '=', tricky.id)
      .where('status', '=', 'PENDING')
      .execute();
  });
  afterAll(() => t.close());

  const csv = (query = '', token = manager.token) =>
    t.app.inject({ url: `/api/manager/earnings.csv${query}`, headers: bearer(token) });

  it('is for managers and admins: a reviewer gets 403, a partner or no token 401', async () => {
    expect((await csv('', manager.token)).statusCode).toBe(200);
    expect((await csv('', admin.token)).statusCode).toBe(200);
    expect((await csv('', reviewer.token)).statusCode).toBe(403);
    expect((await csv('', ana.token)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/manager/earnings.csv' })).statusCode).toBe(401);
  });

  it('lists every earning, oldest first, with its partner, order and amounts in major units', async () => {
    const res = await csv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="earnings-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const lines = linesOf(res.body);
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(6);
    const [, sale, bonus] = lines;
    expect(sale).toMatch(
      new RegExp(
        `^${saleId},\\d{4}-\\d{2}-\\d{2}T[^,]+Z,${ana.uuid},Ana Lima,ana.lima@partners.example,sale,PENDING,#\\d+,ACV Gummies,42.50,10,4.25,USD,\\d{4}-[^,]+Z,,\\d{4}-[^,]+Z,USD,42.50,$`,
      ),
    );
    expect(bonus).toMatch(
      new RegExp(
        `^\\d+,[^,]+,${ana.uuid},Ana Lima,ana.lima@partners.example,bonus,APPROVED,,,25.00,,25.00,USD,,,[^,]+,,,$`,
      ),
    );
  });

  it('writes formulas as text and quotes what needs it, but keeps negative amounts as numbers', async () => {
    const lines = linesOf((await csv(`?partner=${tricky.uuid}`)).body);
    expect(lines).toHaveLength(4);
    for (const line of lines.slice(1))
      expect(line).toContain(`,"'=HYPERLINK(""http://x"") Quote, ""Jr""",'+tricky@partners.example,`);
    expect(lines[1]).toContain(',bonus,APPROVED,,,19.99,,19.99,USD,');
    expect(lines[2]).toContain(',adjustment,APPROVED,,,5.50,,-5.50,USD,');
  });

  it('takes the filters: partner, status, kind and when it was earned', async () => {
    const ids = async (query: string) =>
      linesOf((await csv(query)).body)
        .slice(1)
        .map((line) => line.split(',')[0]);
    const all = await ids('');
    expect(all).toHaveLength(5);
    expect(await ids(`?partner=${ana.uuid}`)).toEqual(all.slice(0, 2));
    expect(await ids('?status=PENDING')).toEqual([all[0], all[4]]);
    expect(await ids('?kind=adjustment')).toEqual([all[3]]);
    expect(await ids(`?partner=${tricky.uuid}&status=APPROVED&kind=bonus`)).toEqual([all[2]]);
    expect(await ids('?from=2025-03-15&to=2025-03-15')).toEqual([all[4]]);
    expect(await ids('?to=2025-12-31')).toEqual([all[4]]);
    expect(await ids('?from=2026-01-01')).toEqual(all.slice(0, 4));
    // Nothing matches: the header alone.
    expect((await csv('?kind=marketplace')).body).toBe(`${HEADER}\r\n`);
  });

  it('refuses bad filters with 422 and the field', async () => {
    const cases: [string, string][] = [
      ['?partner=not-a-uuid', 'partner'],
      ['?partner=00000000-0000-4000-8000-000000000000', 'partner'],
      ['?status=OPEN', 'status'],
      ['?kind=gift', 'kind'],
      ['?from=2025-02-30', 'from'],
      ['?from=2025-03-02&to=2025-03-01', 'to'],
    ];
    for (const [query, field] of cases) {
      const res = await csv(query);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors), query).toEqual([field]);
    }
  });

  it('answers in chunks over HTTP, both exports, without a length known in advance', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    for (const path of ['/api/manager/earnings.csv', '/api/manager/payouts.csv']) {
      const answer = await new Promise<{ headers: http.IncomingHttpHeaders; body: string }>(
        (resolve, reject) => {
          http
            .get({ host: '127.0.0.1', port, path, headers: bearer(manager.token) }, (res) => {
              let body = '';
              res.setEncoding('utf8');
              res.on('data', (chunk: string) => (body += chunk));
              res.on('end', () => resolve({ headers: res.headers, body }));
            })
            .on('error', reject);
        },
      );
      expect(answer.headers['transfer-encoding'], path).toBe('chunked');
      expect(answer.headers['content-length'], path).toBeUndefined();
      expect(answer.body, path).toMatch(/^(earning|payout)_id,/);
    }
  });

  it('reads the ledger a span of ids at a time, up to the last id when it began', async () => {
    const queries: string[] = [];
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        queries.push(args.node.kind);
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    };
    const db = t.database.db.withPlugin(counting);
    const last = (
      await t.database.db
        .selectFrom('earnings')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow()
    ).id as number;
    const stream = await earningsCsv(db, {}, 2);
    // The last id, then the first span, before the answer starts.
    expect(queries).toHaveLength(2);
    // An earning made meanwhile is not in this file (it began before).
    await addEarnings(t.database.db, ana.id, [100]);
    let body = '';
    for await (const chunk of stream) body += String(chunk);
    expect(linesOf(body)).toHaveLength(1 + 5);
    expect(queries).toHaveLength(1 + Math.ceil(last / 2));
  });

  it('neutralises a formula after a separator in the partner’s name, French Excel’s semicolon too (issue 31)', async () => {
    const hostile = await payoutPartner(t.database.db, {
      first: HOSTILE,
      last: HOSTILE,
      email: 'hostile.earnings@partners.example',
    });
    await addEarnings(t.database.db, hostile.id, [1000]);
    const lines = linesOf((await csv(`?partner=${hostile.uuid}`)).body);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,"'${HOSTILE} ${HOSTILE}",hostile.earnings@partners.example,`);
  });
});
