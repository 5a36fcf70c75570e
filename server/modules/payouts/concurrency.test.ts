// Pay me now under a burst (docs/product/payouts.md#cash-out): however many requests arrive at once, on however many
// nodes, one payout takes each approved earning once, with one invoice; the ledger's sum stays
// whole at every step (the earnings themselves and partner_earning_stats alike).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../app';
import { loadConfig } from '../../config';
import { openPostgres } from '../../db';
import type { DatabaseHandle, Db } from '../../db';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import type { TestDatabase } from '../../test/db';
import {
  bearer,
  createPartnerWithEarnings,
  createStaffWithToken,
  expectLedger,
} from '../../test/payouts-fixture';
import type { FixturePartner } from '../../test/payouts-fixture';

const PAYOUT_OPEN = 'A cash-out is already in progress';
const BELOW_MINIMUM = 'Your payable balance is below the minimum payout';
const BURST = 100;

/** ~300 payable earnings (two of them adjustments taking money back), under the manager threshold; and some that are not payable. */
function earningsOfOneBusyPartner() {
  const approved = Array.from({ length: 298 }, (_, i) => 100 + ((i * 37) % 90));
  approved.splice(120, 0, -250);
  approved.splice(240, 0, -75);
  const figures = { approved, pending: [1500, 2500], rejected: [700], inReview: [1200] };
  const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
  const payable = sum(approved);
  expect(payable).toBeLessThan(50_000);
  return {
    figures,
    payable,
    pending: sum(figures.pending),
    rejected: sum(figures.rejected),
    inReview: sum(figures.inReview),
    total: payable + sum(figures.pending) + sum(figures.rejected) + sum(figures.inReview),
  };
}

type Expected = ReturnType<typeof earningsOfOneBusyPartner>;

/** One payout holds each approved earning once; nothing else moved; one invoice, numbered without a gap. */
async function expectOnePayoutHoldingEachEarningOnce(
  db: Db,
  partner: FixturePartner,
  approvedIds: number[],
  expected: Expected,
) {
  const payouts = await db.selectFrom('payouts').selectAll().where('partner_id', '=', partner.id).execute();
  expect(payouts).toHaveLength(1);
  const payout = payouts[0]!;
  expect(payout).toMatchObject({
    status: 'PENDING',
    amount_cents: expected.payable,
    earnings_count: approvedIds.length,
    paypal_email: partner.paypalEmail,
  });

  const items = await db
    .selectFrom('payout_items')
    .select(['earning_id', 'amount_cents', 'payout_id'])
    .orderBy('earning_id')
    .execute();
  expect(items.map((i) => i.earning_id)).toEqual(approvedIds);
  expect(items.every((i) => i.payout_id === payout.id)).toBe(true);
  expect(items.reduce((sum, i) => sum + i.amount_cents, 0)).toBe(expected.payable);

  const inPayout = await db
    .selectFrom('earnings')
    .select(['id', 'status'])
    .where('payout_id', 'is not', null)
    .orderBy('id')
    .execute();
  expect(inPayout.map((e) => e.id)).toEqual(approvedIds);
  expect(new Set(inPayout.map((e) => e.status))).toEqual(new Set(['IN_PAYOUT']));
  // Each earning moved once: one APPROVED → IN_PAYOUT event each.
  const moves = await db
    .selectFrom('earning_events')
    .select(['earning_id', sql<number>`count(*)`.as('n')])
    .where('from_status', '=', 'APPROVED')
    .where('to_status', '=', 'IN_PAYOUT')
    .groupBy('earning_id')
    .orderBy('earning_id')
    .execute();
  expect(moves.map((m) => [m.earning_id, Number(m.n)])).toEqual(approvedIds.map((id) => [id, 1]));

  const invoices = await db.selectFrom('invoices').selectAll().execute();
  expect(invoices).toHaveLength(1);
  const year = new Date(payout.created_at).getUTCFullYear();
  expect(invoices[0]).toMatchObject({
    payout_id: payout.id,
    partner_id: partner.id,
    amount_cents: expected.payable,
    number: `INV-${year}-000001`,
    seq: 1,
  });
  // The losers' numbers were given back: the counter stands at the one invoice issued.
  expect(await db.selectFrom('invoice_counters').selectAll().execute()).toEqual([{ year, last: 1 }]);
  expect(
    (await db.selectFrom('payout_events').selectAll().where('payout_id', '=', payout.id).execute()).map(
      (e) => e.to_status,
    ),
  ).toEqual(['PENDING']);
  return payout.id;
}

/** The burst's answers: one 201, the rest the "already in progress" rule, never a 5xx. */
function expectOneWinner(answers: { status: number; body: { data?: { id: number }; message?: string } }[]) {
  const codes = answers.map((a) => a.status);
  expect(
    codes.filter((c) => c === 201),
    `answers: ${JSON.stringify(codes)}`,
  ).toHaveLength(1);
  expect(codes.filter((c) => c === 422)).toHaveLength(BURST - 1);
  expect(new Set(answers.filter((a) => a.status === 422).map((a) => a.body.message))).toEqual(
    new Set([PAYOUT_OPEN]),
  );
  return answers.find((a) => a.status === 201)!.body.data!.id;
}

const approvedIdsOf = async (db: Db, partnerId: number) =>
  (
    await db
      .selectFrom('earnings')
      .select('id')
      .where('partner_id', '=', partnerId)
      .where('status', '=', 'APPROVED')
      .orderBy('id')
      .execute()
  ).map((e) => e.id);

describe.skipIf(!process.env.TEST_DATABASE_URL)('Pay me now on three nodes sharing PostgreSQL', () => {
  let database: TestDatabase;
  const pools: DatabaseHandle[] = [];
  const nodes: App[] = [];
  let dataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-nodes-'));
    for (let i = 0; i < 3; i++) {
      // Each node with its own pool, as separate servers would have.
      const handle: DatabaseHandle = i === 0 ? database : openPostgres(database.url!, 5);
      if (i > 0) pools.push(handle);
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
      const app = await buildApp({
        config,
        database: handle,
        rateLimits: { api: 10_000 },
        webRoot: path.join(dataDir, 'no-web'),
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      nodes.push(app);
    }
  });
  afterAll(async () => {
    for (const app of nodes) await app.close();
    for (const pool of pools) await pool.close();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const url = (app: App) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const call = async (node: App, method: string, route: string, token: string, body?: unknown) => {
    const res = await fetch(`${url(node)}${route}`, {
      method,
      headers: { ...bearer(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return {
      status: res.status,
      body: (await res.json()) as { data?: { id: number; payout?: { status: string } }; message?: string },
    };
  };

  it(`lets ${BURST} simultaneous requests over HTTP make exactly one payout, and keeps the ledger whole through approval and payment`, async () => {
    const db = database.db;
    const expected = earningsOfOneBusyPartner();
    const partner = await createPartnerWithEarnings(db, expected.figures);
    const admin = await createStaffWithToken(db, 'admin');
    const approvedIds = await approvedIdsOf(db, partner.id);
    expect(approvedIds).toHaveLength(300);
    const base = {
      totalCents: expected.total,
      PENDING: expected.pending,
      REJECTED: expected.rejected,
      IN_REVIEW: expected.inReview,
    };
    await expectLedger(db, partner.id, { ...base, APPROVED: expected.payable });

    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) => call(nodes[i % 3]!, 'POST', '/api/payMeNow', partner.token)),
    );
    const winner = expectOneWinner(answers);
    const payoutId = await expectOnePayoutHoldingEachEarningOnce(db, partner, approvedIds, expected);
    expect(winner).toBe(payoutId);
    await expectLedger(db, partner.id, { ...base, IN_PAYOUT: expected.payable });

    const approved = await call(nodes[1]!, 'POST', `/api/manager/payouts/${payoutId}/review`, admin.token, {
      action: 'approve',
    });
    expect(approved.status).toBe(200);
    expect(approved.body.data!.payout!.status).toBe('APPROVED');
    await expectLedger(db, partner.id, { ...base, IN_PAYOUT: expected.payable });

    // Staff on every node mark it paid at the same moment: it is paid once.
    const marks = await Promise.all(
      nodes.map((node, i) =>
        call(node, 'POST', `/api/manager/payouts/${payoutId}/mark-paid`, admin.token, {
          reference: `BANK-${i}`,
        }),
      ),
    );
    expect(marks.map((m) => m.status).sort()).toEqual([200, 409, 409]);
    const payout = await db
      .selectFrom('payouts')
      .selectAll()
      .where('id', '=', payoutId)
      .executeTakeFirstOrThrow();
    expect(payout.status).toBe('PAID');
    expect(
      await db
        .selectFrom('payout_events')
        .select('to_status')
        .where('payout_id', '=', payoutId)
        .where('to_status', '=', 'PAID')
        .execute(),
    ).toHaveLength(1);
    await expectLedger(db, partner.id, { ...base, PAID: expected.payable });
    const paidEarnings = await db
      .selectFrom('earnings')
      .select('id')
      .where('partner_id', '=', partner.id)
      .where('status', '=', 'PAID')
      .where('payout_id', '=', payoutId)
      .orderBy('id')
      .execute();
    expect(paidEarnings.map((e) => e.id)).toEqual(approvedIds);

    // Nothing left to pay: the next request says so, on any node.
    const next = await call(nodes[2]!, 'POST', '/api/payMeNow', partner.token);
    expect(next).toMatchObject({ status: 422, body: { message: BELOW_MINIMUM } });
    await expectLedger(db, partner.id, { ...base, PAID: expected.payable });
  });
});

describe('Pay me now, a burst on one node', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ build: { rateLimits: { api: 10_000 } } });
  });
  afterAll(() => t?.close());

  it(`lets ${BURST} simultaneous requests make exactly one payout holding each earning once`, async () => {
    const db = t.database.db;
    const expected = earningsOfOneBusyPartner();
    const partner = await createPartnerWithEarnings(db, expected.figures);
    const approvedIds = await approvedIdsOf(db, partner.id);
    const base = {
      totalCents: expected.total,
      PENDING: expected.pending,
      REJECTED: expected.rejected,
      IN_REVIEW: expected.inReview,
    };
    await expectLedger(db, partner.id, { ...base, APPROVED: expected.payable });

    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        t.app.inject({
          method: i % 2 ? 'POST' : 'GET',
          url: '/api/payMeNow',
          headers: bearer(partner.token),
        }),
      ),
    );
    const winner = expectOneWinner(answers.map((a) => ({ status: a.statusCode, body: a.json() })));
    expect(winner).toBe(await expectOnePayoutHoldingEachEarningOnce(db, partner, approvedIds, expected));
    await expectLedger(db, partner.id, { ...base, IN_PAYOUT: expected.payable });
  });
});
