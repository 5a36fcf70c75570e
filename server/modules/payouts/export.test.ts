import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { addEarnings, payoutPartner, staffMember } from '../../test/payouts';
import type { TestPartner, TestStaff } from '../../test/payouts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

// The payouts export of docs/product/back-office.md#exports, for accounting: the queue's rows as CSV, safe to open in a
// spreadsheet (a cell that would run as a formula is written as text).
const HOSTILE = "Lee;=1+2;@SUM(1+1);-2+3+cmd|' /C calc'!A0;";

describe('GET /api/manager/payouts.csv', () => {
  let t: TestApp;
  let reviewer: TestStaff;
  let plain: TestPartner;
  let tricky: TestPartner;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    reviewer = await staffMember(db, 'reviewer', 'Casey Reviewer');
    plain = await payoutPartner(db, { first: 'Ana', last: 'Lima' });
    tricky = await payoutPartner(db, {
      first: '=HYPERLINK("http://x")',
      last: 'Quote, "Jr"',
      email: 'tricky@partners.example',
    });
    for (const p of [plain, tricky]) {
      await addEarnings(db, p.id, [3000, 1250]);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/payMeNow', headers: bearer(p.token) })).statusCode,
      ).toBe(201);
    }
    const [first] = (
      await t.app.inject({ url: '/api/manager/payouts?status=open', headers: bearer(reviewer.token) })
    ).json().data as { id: number }[];
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/manager/payouts/${first!.id}/review`,
          headers: bearer(reviewer.token),
          payload: { action: 'reject', reason: 'Duplicate account' },
        })
      ).statusCode,
    ).toBe(200);
  });
  afterAll(() => t.close());

  const csv = (query = '', token = reviewer.token) =>
    t.app.inject({ url: `/api/manager/payouts.csv${query}`, headers: bearer(token) });

  it('lists every payout with its partner, amount, status, invoice and reason, formulas written as text', async () => {
    const res = await csv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="payouts-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'payout_id,partner_uuid,partner_name,partner_email,paypal_email,amount,currency,status,stage,earnings,requested_at,paid_at,reference,invoice,reason',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(
      `,Ana Lima,ana.lima@partners.example,ana.lima.paypal@partners.example,42.50,USD,REJECTED,closed,2,`,
    );
    expect(lines[1]).toMatch(/,INV-\d{4}-000001,Duplicate account$/);
    // Quoted because of the comma and quotes; prefixed so a spreadsheet does not run it.
    expect(lines[2]).toContain(`,"'=HYPERLINK(""http://x"") Quote, ""Jr""",tricky@partners.example,`);
    expect(lines[2]).toContain(',PENDING,review,2,');
  });

  it('neutralises a formula after a separator in the names and reasons, French Excel’s semicolon too (issue 31)', async () => {
    const db = t.database.db;
    const rejected = await db
      .selectFrom('payouts')
      .select(['id', 'reason'])
      .where('status', '=', 'REJECTED')
      .executeTakeFirstOrThrow();
    await db.updateTable('payouts').set({ reason: HOSTILE }).where('id', '=', rejected.id).execute();
    await db.updateTable('partners').set({ first_name: HOSTILE }).where('id', '=', tricky.id).execute();
    try {
      const lines = (await csv()).body.trimEnd().split('\r\n');
      expect(lines[1]!.endsWith(`,"'${HOSTILE}"`)).toBe(true);
      expect(lines[2]).toContain(`,"'${HOSTILE} Quote, ""Jr""",tricky@partners.example,`);
    } finally {
      await db
        .updateTable('payouts')
        .set({ reason: rejected.reason })
        .where('id', '=', rejected.id)
        .execute();
      await db
        .updateTable('partners')
        .set({ first_name: '=HYPERLINK("http://x")' })
        .where('id', '=', tricky.id)
        .execute();
    }
  });

  it('takes the queue’s filters', async () => {
    const open = (await csv('?status=open')).body.trimEnd().split('\r\n');
    expect(open).toHaveLength(2);
    expect(open[1]).toContain('tricky@partners.example');
    const found = (await csv('?q=ana')).body.trimEnd().split('\r\n');
    expect(found).toHaveLength(2);
    expect(found[1]).toContain('ana.lima@partners.example');
  });

  it('is for staff only, and refuses bad filters with 422', async () => {
    expect((await csv('', plain.token)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/manager/payouts.csv' })).statusCode).toBe(401);
    expect((await csv('?status=NOPE')).statusCode).toBe(422);
    expect((await csv(`?q=${'x'.repeat(201)}`)).statusCode).toBe(422);
  });
});
