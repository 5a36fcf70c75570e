import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '../../../common/i18n';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { DEMO_PARTNER, DEMO_STAFF, seedDemoProgram } from '../../seed/demo';
import { createStaffUser } from '../staff/service';

const CLIENT = 'marketplace-test-public-client-token';
const client = { authorization: `Bearer ${CLIENT}` };

describe('marketplace and vouchers', () => {
  let t: TestApp;
  let partner: string;
  let admin: string;
  let reviewer: string;
  let mayaUuid: string;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const upload = (body: string | Buffer, token = admin, filename = 'earnings-2026-10.tsv') =>
    t.app.inject({
      method: 'PUT',
      url: `/api/manager/marketplace/imports?filename=${filename}`,
      headers: { ...bearer(token), 'content-type': 'text/tab-separated-values' },
      payload: body,
    });
  const count = async (table: 'marketplace_sales' | 'earnings' | 'vouchers') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

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

  it('gives each partner a tracking id and one Amazon link per product', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/generateAmazonLinks',
      headers: { ...bearer(partner), 'accept-language': 'fr' },
    });
    const links = res.json().data;
    expect(links).toHaveLength(16);
    const tag = new URL(links[0].url).searchParams.get('tag');
    expect(tag).toMatch(/^sunbite[0-9a-z]+-20$/);
    expect(links[0]).toMatchObject({
      product: 'acv',
      asin: 'B0CSB1ACV1',
      url: `https://www.amazon.com/dp/B0CSB1ACV1?tag=${tag}`,
    });
    const again = (
      await t.app.inject({ method: 'GET', url: '/api/generateAmazonLinks', headers: bearer(partner) })
    ).json().data;
    expect(new URL(again[5].url).searchParams.get('tag')).toBe(tag);
  });

  it('imports an Associates report: good rows earn 10%, bad rows come back with their line numbers; the same file twice changes nothing', async () => {
    const tag = (
      await t.database.db
        .selectFrom('partners')
        .select('amazon_tracking_id')
        .where('uuid', '=', mayaUuid)
        .executeTakeFirstOrThrow()
    ).amazon_tracking_id!;
    const report = [
      'Fee-Earnings reports from 2026-10-01 to 2026-10-31',
      'Category\tName\tASIN\tSeller\tTracking ID\tDate Shipped\tPrice($)\tItems Shipped\tReturns\tRevenue($)\tAd Fees($)\tDevice Type Group',
      `Health\tSunbite ACV Gummies\tB0CSB1ACV1\tAmazon.com\t${tag}\t2026-10-03 10:21:12\t24.99\t2\t0\t49.98\t4.99\tDESKTOP`,
      `Health\tSunbite Matcha Mind\tB0CSBGMTCG\tAmazon.com\t${tag}\t2026-10-05\t29.99\t1\t0\t29.99\t3.00\tPHONE`,
      `Health\tSunbite Calm Bites\tB0CSB9CLM9\tAmazon.com\tsomeone-else-20\t2026-10-06\t19.99\t1\t0\t19.99\t2.00\tPHONE`,
      `Health\tSunbite Kids Multi\tB0CSB7KID7\tAmazon.com\t${tag}\t2026-13-40\t19.99\t1\t0\t19.99\t2.00\tPHONE`,
      `Health\tSunbite Sleep\tB0CSB6SLP6\tAmazon.com\t${tag}\t2026-10-07\t19.99\t1\t0\tlots\t2.00\tPHONE`,
      '',
    ].join('\n');
    const res = await upload(report);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      already_imported: false,
      imported: 2,
      duplicates: 0,
      rejected: [
        { line: 5, reason: 'No partner has the tracking ID “someone-else-20”', code: 'unknown_tracking_id' },
        { line: 6, reason: 'Not a date: “2026-13-40”', code: 'date' },
        { line: 7, reason: 'Not an amount: “lots”', code: 'amount' },
      ],
    });
    const before = [await count('marketplace_sales'), await count('earnings')];
    const again = await upload(report);
    expect(again.json().data).toMatchObject({ already_imported: true, imported: 0 });
    // Another export that repeats rows already imported: they are recognised.
    const overlapping = await upload(`${report}\n`, admin, 'earnings-again.tsv');
    expect(overlapping.json().data).toMatchObject({ already_imported: false, imported: 0, duplicates: 2 });
    expect([await count('marketplace_sales'), await count('earnings')]).toEqual(before);

    const items = (
      await t.app.inject({ method: 'GET', url: '/api/getAmazonSalesItems', headers: bearer(partner) })
    ).json();
    expect(items.total).toBe(2);
    expect(items.data[0]).toMatchObject({
      product: 'Sunbite Matcha Mind',
      order_amount: 29.99,
      commission: 3,
      status: 'PENDING',
      status_label: 'Pending Approval',
    });
    expect(items.data[1]).toMatchObject({
      product: 'Sunbite ACV Gummies',
      items: 2,
      order_amount: 49.98,
      commission: 5,
    });

    // Gathered into a cash-out not paid yet, they read "Payment Pending" as a store sale does, in
    // either language, never the ledger's own IN_PAYOUT nor a catalog key.
    await t.database.db
      .updateTable('earnings')
      .set({ status: 'IN_PAYOUT' })
      .where('kind', '=', 'marketplace')
      .execute();
    for (const [language, label] of [
      ['en', 'Payment Pending'],
      ['fr', catalogs.fr.portal.status.APPROVED],
    ] as const) {
      const inPayout = (
        await t.app.inject({
          method: 'GET',
          url: '/api/getAmazonSalesItems',
          headers: { ...bearer(partner), 'accept-language': language },
        })
      ).json();
      expect(
        inPayout.data.map((row: { status: string; status_label: string }) => [row.status, row.status_label]),
      ).toEqual([
        ['APPROVED', label],
        ['APPROVED', label],
      ]);
    }
  });

  it('refuses reports from reviewers and partners, empty bodies and bytes that are not text', async () => {
    expect((await upload('x', reviewer)).statusCode).toBe(403);
    expect((await upload('x', partner)).statusCode).toBe(401);
    expect((await upload('')).statusCode).toBe(422);
    expect((await upload(Buffer.from([0xff, 0xfe, 0x00, 0xc3]))).statusCode).toBe(422);
    const headerless = await upload('just some text\nwithout columns');
    expect(headerless.json().data.rejected).toEqual([
      { line: 1, reason: 'No header row with a “Tracking ID” column', code: 'no_header' },
    ]);
  });
});
