// Paying approved payouts through PayPal (docs/product/payouts.md#paypal), against the local PayPal stand-in over
// real HTTP: the send job, the poll job and the webhook, with PayPal failing in each way that
// matters. The one promise under test everywhere: a payout is paid once, whatever fails.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../app';
import { openPostgres } from '../../db';
import type { DatabaseHandle } from '../../db';
import { createPayPalClient } from '../../integrations/paypal/client';
import type { PayPalClient } from '../../integrations/paypal/client';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { readOutbox } from '../../test/mailbox';
import { startPayPalStandIn } from '../../test/paypal-stand-in';
import type {
  PayoutItemEventName,
  PayPalItemStatus,
  PayPalStandIn,
  SignedEvent,
} from '../../test/paypal-stand-in';
import {
  bearer,
  createPartnerWithEarnings,
  createStaffWithToken,
  expectLedger,
} from '../../test/payouts-fixture';
import type { FixturePartner, FixtureStaff } from '../../test/payouts-fixture';
import { pollSentPayouts, sendDuePayouts } from './paypal';
import { findPayout, transition } from './service';

let stand: PayPalStandIn;
let t: TestApp;
/** A client of our own on the same stand-in: the jobs are called directly, with the time we choose. */
let paypal: PayPalClient;
let reviewer: FixtureStaff;
let manager: FixtureStaff;
const warnings: Record<string, unknown>[] = [];
const log = { warn: (obj: object, msg: string) => void warnings.push({ ...obj, msg }) };

const db = () => t.database.db;
const later = (ms: number, from = new Date()) => new Date(from.getTime() + ms);

beforeAll(async () => {
  stand = await startPayPalStandIn();
  t = await createTestApp({
    env: {
      PAYPAL_CLIENT_ID: stand.clientId,
      PAYPAL_CLIENT_SECRET: stand.clientSecret,
      PAYPAL_API_BASE: stand.url,
      PAYPAL_WEBHOOK_ID: stand.webhookId,
    },
  });
  paypal = createPayPalClient({
    apiBase: stand.url,
    clientId: stand.clientId,
    clientSecret: stand.clientSecret,
    webhookId: stand.webhookId,
  });
  reviewer = await createStaffWithToken(db(), 'reviewer');
  manager = await createStaffWithToken(db(), 'manager');
});
afterAll(async () => {
  await t?.close();
  await stand?.close();
});

const payoutRow = (id: number) =>
  db().selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const eventsOf = (id: number) =>
  db().selectFrom('payout_events').selectAll().where('payout_id', '=', id).orderBy('id').execute();
const earningsOf = (partnerId: number) =>
  db()
    .selectFrom('earnings')
    .select(['id', 'status', 'payout_id', 'amount_cents'])
    .where('partner_id', '=', partnerId)
    .orderBy('id')
    .execute();
/** Every create request PayPal received for this sender_batch_id (answered or not). */
const createsFor = (senderBatchId: string) =>
  stand.requests.filter(
    (r) =>
      r.method === 'POST' &&
      r.path === '/v1/payments/payouts' &&
      (JSON.parse(r.body) as { sender_batch_header: { sender_batch_id: string } }).sender_batch_header
        .sender_batch_id === senderBatchId,
  );

function review(id: number, action: 'approve' | 'reject' | 'review', reason?: string, staff = reviewer) {
  return t.app.inject({
    method: 'POST',
    url: `/api/manager/payouts/${id}/review`,
    headers: bearer(staff.token),
    payload: { action, ...(reason ? { reason } : {}) },
  });
}

const postEvent = (body: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/webhooks/paypal', payload: body, headers });

interface ApprovedPayout {
  partner: FixturePartner;
  id: number;
  amountCents: number;
  totalCents: number;
}

/** A partner asks to be paid their approved earnings; a reviewer approves (below the manager threshold: ready to pay). */
async function approvedPayout(approved: number[] = [2500, 1750]): Promise<ApprovedPayout> {
  const pending = [999];
  const partner = await createPartnerWithEarnings(db(), { approved, pending });
  const asked = await t.app.inject({ method: 'POST', url: '/api/payMeNow', headers: bearer(partner.token) });
  expect(asked.statusCode, asked.body).toBe(201);
  const id = (asked.json() as { data: { id: number } }).data.id;
  const approval = await review(id, 'approve');
  expect(approval.statusCode, approval.body).toBe(200);
  const row = await payoutRow(id);
  expect(row).toMatchObject({ status: 'APPROVED', paypal_batch_id: null, send_attempts: 0 });
  expect(row.send_after).not.toBeNull();
  const amountCents = approved.reduce((a, b) => a + b, 0);
  return { partner, id, amountCents, totalCents: amountCents + pending.reduce((a, b) => a + b, 0) };
}

/** The payout and all that hangs on it, to show that something changed nothing. */
async function everything(id: number, partnerId: number) {
  const [payout, events, earnings, jobs, notifications] = await Promise.all([
    payoutRow(id),
    eventsOf(id),
    earningsOf(partnerId),
    db().selectFrom('jobs').select('id').execute(),
    db().selectFrom('notifications').select('id').where('partner_id', '=', partnerId).execute(),
  ]);
  return { payout, events, earnings, jobs: jobs.length, notifications: notifications.length };
}

async function expectPaidOnce(p: ApprovedPayout, senderBatchId = String(p.id), from: string = 'APPROVED') {
  const row = await payoutRow(p.id);
  const batch = stand.batchFor(senderBatchId)!;
  expect(row).toMatchObject({
    status: 'PAID',
    paypal_batch_id: batch.batchId,
    paypal_item_id: batch.items[0]!.itemId,
    reference: batch.items[0]!.itemId,
    paypal_status: 'SUCCESS',
    send_after: null,
    reason: null,
  });
  expect(row.paid_at).not.toBeNull();
  expect(stand.paidCount(senderBatchId)).toBe(1);
  expect(stand.paymentsFor(senderBatchId)).toHaveLength(1);
  const paid = (await eventsOf(p.id)).filter((e) => e.to_status === 'PAID');
  expect(paid).toHaveLength(1);
  expect(paid[0]).toMatchObject({ from_status: from, actor_kind: 'paypal', actor_name: 'PayPal' });
  const earnings = await earningsOf(p.partner.id);
  expect(earnings.filter((e) => e.status === 'PAID').map((e) => e.payout_id)).toEqual(
    earnings.filter((e) => e.payout_id !== null).map(() => p.id),
  );
  await expectLedger(db(), p.partner.id, {
    totalCents: p.totalCents,
    PAID: p.amountCents,
    PENDING: p.totalCents - p.amountCents,
  });
}

describe('sending approved payouts to PayPal', () => {
  it('sends one batch named by the payout id, polls it, and settles the payout, its earnings and the partner', async () => {
    const p = await approvedPayout([2500, 1750]);
    const before = new Date();
    expect(await sendDuePayouts(db(), paypal, log, before)).toBe(1);

    const batch = stand.batchFor(String(p.id))!;
    expect(batch.senderBatchId).toBe(String(p.id));
    expect(batch.items).toHaveLength(1);
    expect(batch.items[0]).toMatchObject({
      senderItemId: String(p.id),
      receiver: p.partner.paypalEmail,
      recipientType: 'EMAIL',
      value: '42.50',
      currency: 'USD',
      note: `Sunbite Partners commission, payout ${p.id}`,
    });
    // What PayPal's own mail to the partner says, in the partner's language.
    const sent = JSON.parse(createsFor(String(p.id))[0]!.body) as {
      sender_batch_header: { email_subject: string };
    };
    expect(sent.sender_batch_header.email_subject).toBe('Your Sunbite Partners commission');
    let row = await payoutRow(p.id);
    expect(row).toMatchObject({
      status: 'APPROVED',
      paypal_batch_id: batch.batchId,
      paypal_status: 'PENDING',
      send_after: null,
      send_locked_until: null,
      send_error: null,
      send_round: 1,
      send_attempts: 1,
    });
    // Sent is sent: later runs of the job leave it alone.
    expect(await sendDuePayouts(db(), paypal, log, later(3_600_000))).toBe(0);
    expect(createsFor(String(p.id))).toHaveLength(1);
    // Still with PayPal: staff can no longer pull it back.
    expect((await review(p.id, 'review', 'second thoughts', manager)).statusCode).toBe(409);

    expect(await pollSentPayouts(db(), paypal, log, new Date())).toBe(1);
    await expectPaidOnce(p);
    row = await payoutRow(p.id);
    expect(row.paid_at! >= before.toISOString()).toBe(true);

    // The partner hears of it: the bell, the e-mail, and the cash-out page.
    await t.app.background.tick();
    const notes = await db()
      .selectFrom('notifications')
      .select(['kind', 'data', 'body'])
      .where('partner_id', '=', p.partner.id)
      .execute();
    expect(notes.map((n) => JSON.parse(n.data!) as { status: string }).map((d) => d.status)).toContain(
      'PAID',
    );
    const mails = (await readOutbox(t.dataDir)).filter((m) => m.to.includes(p.partner.email));
    expect(mails.some((m) => m.text.includes('$42.50') && /paid/i.test(m.subject))).toBe(true);
    const stats = await t.app.inject({
      method: 'GET',
      url: '/api/getPayMeNowStats',
      headers: bearer(p.partner.token),
    });
    expect(stats.json()).toMatchObject({
      data: { lifetime_paid: 42.5, open_payout: null, payable_balance: 0, pending_balance: 9.99 },
    });
    // Polled again, nothing moves.
    expect(await pollSentPayouts(db(), paypal, log, later(3_600_000))).toBe(0);
  });

  it.each([500, 503, 429])(
    'keeps the payout approved after a %i with nothing created, and pays it once on the retry with the same sender_batch_id',
    async (status) => {
      const p = await approvedPayout();
      stand.failNextCreates(1, status);
      const first = new Date();
      expect(await sendDuePayouts(db(), paypal, log, first)).toBe(0);
      expect(stand.batchFor(String(p.id))).toBeUndefined();
      expect(stand.paidCount(String(p.id))).toBe(0);
      let row = await payoutRow(p.id);
      expect(row).toMatchObject({
        status: 'APPROVED',
        paypal_batch_id: null,
        send_round: 1,
        send_attempts: 1,
        send_locked_until: null,
      });
      expect(row.send_error).toContain(String(status));
      expect(row.send_after).toBe(later(30_000, first).toISOString());
      expect(warnings.some((w) => w.payout === p.id)).toBe(true);

      // Not before the back-off has passed.
      expect(await sendDuePayouts(db(), paypal, log, later(29_000, first))).toBe(0);
      expect(createsFor(String(p.id))).toHaveLength(1);

      expect(await sendDuePayouts(db(), paypal, log, later(31_000, first))).toBe(1);
      const creates = createsFor(String(p.id));
      expect(creates.map((c) => c.status)).toEqual([status, 201]);
      // The very same request, sender_item_id and amount included.
      expect(creates[1]!.body).toBe(creates[0]!.body);
      row = await payoutRow(p.id);
      expect(row).toMatchObject({
        send_round: 1,
        send_attempts: 2,
        send_error: null,
        paypal_batch_id: stand.batchFor(String(p.id))!.batchId,
      });

      await pollSentPayouts(db(), paypal, log, later(31_000, first));
      await expectPaidOnce(p);
    },
  );

  it('learns from the duplicate answer that PayPal created the batch it answered 500 to, and pays it once', async () => {
    const p = await approvedPayout([3000]);
    stand.createThenFail(1);
    const first = new Date();
    expect(await sendDuePayouts(db(), paypal, log, first)).toBe(0);
    expect(stand.paidCount(String(p.id))).toBe(1);
    expect(await payoutRow(p.id)).toMatchObject({
      status: 'APPROVED',
      paypal_batch_id: null,
      send_attempts: 1,
    });

    expect(await sendDuePayouts(db(), paypal, log, later(31_000, first))).toBe(1);
    expect(createsFor(String(p.id)).map((c) => c.status)).toEqual([500, 400]);
    expect(await payoutRow(p.id)).toMatchObject({
      status: 'APPROVED',
      paypal_batch_id: stand.batchFor(String(p.id))!.batchId,
      paypal_status: 'DUPLICATE',
      send_error: null,
      send_after: null,
    });

    await pollSentPayouts(db(), paypal, log, later(31_000, first));
    await expectPaidOnce(p);
  });

  it('retries a send PayPal did not answer in time (the client’s time-out) and pays it once', async () => {
    // The app's client waits 10 s (PayPalSettings.timeoutMs, not settable by configuration): a
    // client of our own waits 1 s, and the stand-in answers after 5 s.
    const impatient = createPayPalClient({
      apiBase: stand.url,
      clientId: stand.clientId,
      clientSecret: stand.clientSecret,
      timeoutMs: 1000,
    });
    const p = await approvedPayout([2600]);
    stand.delayNextCreate(5000);
    const first = new Date();
    expect(await sendDuePayouts(db(), impatient, log, first)).toBe(0);
    expect(stand.paidCount(String(p.id))).toBe(1);
    const row = await payoutRow(p.id);
    expect(row).toMatchObject({
      status: 'APPROVED',
      paypal_batch_id: null,
      send_attempts: 1,
      send_locked_until: null,
    });
    expect(row.send_error).toMatch(/did not answer/);

    expect(await sendDuePayouts(db(), impatient, log, later(31_000, first))).toBe(1);
    expect(await payoutRow(p.id)).toMatchObject({
      paypal_batch_id: stand.batchFor(String(p.id))!.batchId,
      paypal_status: 'DUPLICATE',
    });
    await pollSentPayouts(db(), impatient, log, later(31_000, first));
    await expectPaidOnce(p);
  });

  it('waits for the webhook when the duplicate answer does not name the existing batch, and sends nothing more', async () => {
    const p = await approvedPayout([2700]);
    stand.duplicateLinks = false;
    try {
      stand.createThenFail(1);
      const first = new Date();
      await sendDuePayouts(db(), paypal, log, first);
      expect(await sendDuePayouts(db(), paypal, log, later(31_000, first))).toBe(1);
      const row = await payoutRow(p.id);
      expect(row).toMatchObject({
        status: 'APPROVED',
        paypal_batch_id: null,
        paypal_status: 'DUPLICATE',
        send_after: null,
      });
      expect(row.send_error).toMatch(/webhook/);
      // Neither job touches it again.
      await sendDuePayouts(db(), paypal, log, later(7_200_000, first));
      await pollSentPayouts(db(), paypal, log, later(7_200_000, first));
      expect(createsFor(String(p.id))).toHaveLength(2);

      const event = stand.signedEvent(String(p.id), 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED');
      const answer = await postEvent(event.body, event.headers);
      expect(answer.statusCode, answer.body).toBe(200);
      await expectPaidOnce(p);
    } finally {
      stand.duplicateLinks = true;
    }
  });

  it('sends a payout above the manager threshold only once a manager has approved it', async () => {
    const partner = await createPartnerWithEarnings(db(), { approved: [40_000, 15_000] });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/payMeNow',
      headers: bearer(partner.token),
    });
    const id = (asked.json() as { data: { id: number } }).data.id;
    expect((await review(id, 'approve')).statusCode).toBe(200);
    expect(await payoutRow(id)).toMatchObject({ status: 'MANAGER_IN_REVIEW', send_after: null });
    expect(await sendDuePayouts(db(), paypal, log, later(7_200_000))).toBe(0);
    expect(createsFor(String(id))).toEqual([]);
    expect((await review(id, 'approve', undefined, manager)).statusCode).toBe(200);
    expect(await payoutRow(id)).toMatchObject({ status: 'MANAGER_APPROVED' });
    expect(await sendDuePayouts(db(), paypal, log, new Date())).toBe(1);
    expect(stand.batchFor(String(id))!.items[0]).toMatchObject({
      value: '550.00',
      receiver: partner.paypalEmail,
    });
    await pollSentPayouts(db(), paypal, log, new Date());
    const row = await payoutRow(id);
    expect(row.status).toBe('PAID');
    expect((await eventsOf(id)).map((e) => [e.to_status, e.actor_kind])).toEqual([
      ['PENDING', 'partner'],
      ['APPROVED', 'staff'],
      ['MANAGER_IN_REVIEW', 'system'],
      ['MANAGER_APPROVED', 'staff'],
      ['PAID', 'paypal'],
    ]);
  });

  it('leaves an item PayPal holds (ONHOLD) approved, and pays it when PayPal releases it', async () => {
    const p = await approvedPayout([2800]);
    stand.setItemOutcome(String(p.id), 'ONHOLD');
    await sendDuePayouts(db(), paypal, log, new Date());
    const polled = new Date();
    await pollSentPayouts(db(), paypal, log, polled);
    let row = await payoutRow(p.id);
    expect(row).toMatchObject({
      status: 'APPROVED',
      paypal_status: 'ONHOLD',
      checked_at: polled.toISOString(),
    });
    expect(row.paypal_item_id).toBe(stand.batchFor(String(p.id))!.items[0]!.itemId);
    // Not asked again before the re-check delay.
    expect(await pollSentPayouts(db(), paypal, log, later(10_000, polled))).toBe(0);
    stand.setItemOutcome(String(p.id), 'SUCCESS');
    expect(await pollSentPayouts(db(), paypal, log, later(31_000, polled))).toBe(1);
    row = await payoutRow(p.id);
    expect(row.status).toBe('PAID');
    await expectPaidOnce(p);
  });
});

describe('PayPal failing an item', () => {
  const failures: PayPalItemStatus[] = ['UNCLAIMED', 'FAILED', 'RETURNED', 'BLOCKED', 'REFUNDED', 'REVERSED'];

  it.each(failures)(
    '%s: back to review with the reason, earnings kept in the payout; approved again, a new round is paid once',
    async (status) => {
      const p = await approvedPayout();
      stand.setItemOutcome(String(p.id), status);
      const sentAt = new Date();
      await sendDuePayouts(db(), paypal, log, sentAt);
      await pollSentPayouts(db(), paypal, log, sentAt);

      let row = await payoutRow(p.id);
      expect(row).toMatchObject({
        status: 'IN_REVIEW',
        paypal_batch_id: null,
        paypal_status: status,
        send_after: null,
      });
      // PayPal's words are for staff (the history, the send error); the partner reads no technical reason.
      expect(row.reason).toBeNull();
      expect(row.send_error).toMatch(new RegExp(`^PayPal: ${status}`));
      if (status === 'UNCLAIMED') expect(row.send_error).toContain('RECEIVER_UNREGISTERED');
      const last = (await eventsOf(p.id)).at(-1)!;
      expect(last).toMatchObject({
        from_status: 'APPROVED',
        to_status: 'IN_REVIEW',
        actor_kind: 'paypal',
        reason: row.send_error,
      });
      const inPayout = (await earningsOf(p.partner.id)).filter((e) => e.payout_id === p.id);
      expect(inPayout.map((e) => e.status)).toEqual(['IN_PAYOUT', 'IN_PAYOUT']);
      await expectLedger(db(), p.partner.id, {
        totalCents: p.totalCents,
        IN_PAYOUT: p.amountCents,
        PENDING: p.totalCents - p.amountCents,
      });
      const stats = await t.app.inject({
        method: 'GET',
        url: '/api/getPayMeNowStats',
        headers: bearer(p.partner.token),
      });
      expect(stats.json()).toMatchObject({
        data: {
          open_payout: { id: p.id, status: 'IN_REVIEW', reason: row.reason },
          blockers: expect.arrayContaining(['payout_open']),
        },
      });

      // Nothing is sent while it is in review.
      await sendDuePayouts(db(), paypal, log, later(7_200_000, sentAt));
      expect(createsFor(String(p.id))).toHaveLength(1);

      const again = await review(p.id, 'approve');
      expect(again.statusCode, again.body).toBe(200);
      row = await payoutRow(p.id);
      expect(row).toMatchObject({ status: 'APPROVED', reason: null, send_attempts: 0 });
      expect(await sendDuePayouts(db(), paypal, log, new Date())).toBe(1);
      const round2 = `${p.id}-2`;
      expect(createsFor(round2)).toHaveLength(1);
      expect(await payoutRow(p.id)).toMatchObject({
        send_round: 2,
        paypal_batch_id: stand.batchFor(round2)!.batchId,
      });
      // The failed round is never sent again.
      expect(createsFor(String(p.id))).toHaveLength(1);
      await pollSentPayouts(db(), paypal, log, new Date());
      await expectPaidOnce(p, round2);
      expect(stand.batchFor(round2)!.items[0]).toMatchObject({
        senderItemId: round2,
        receiver: p.partner.paypalEmail,
        value: '42.50',
      });
    },
  );

  it('sends a payout PayPal refuses outright (4xx) back to review, where staff may reject it', async () => {
    // A receiver PayPal refuses as malformed: its VALIDATION_ERROR is a definitive answer.
    const partner = await createPartnerWithEarnings(
      db(),
      { approved: [2500, 1750] },
      { paypalEmail: 'not-an-email' },
    );
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/payMeNow',
      headers: bearer(partner.token),
    });
    const id = (asked.json() as { data: { id: number } }).data.id;
    expect((await review(id, 'approve')).statusCode).toBe(200);
    await sendDuePayouts(db(), paypal, log, new Date());
    const row = await payoutRow(id);
    expect(row).toMatchObject({
      status: 'IN_REVIEW',
      paypal_batch_id: null,
      send_after: null,
      send_locked_until: null,
    });
    expect(row.reason).toBeNull();
    expect(row.send_error).toMatch(/^PayPal refused the payout: .*VALIDATION_ERROR/);
    expect((await eventsOf(id)).at(-1)).toMatchObject({
      from_status: 'APPROVED',
      to_status: 'IN_REVIEW',
      actor_kind: 'paypal',
    });
    expect(stand.paidCount(String(id))).toBe(0);
    // Not sent again by itself.
    await sendDuePayouts(db(), paypal, log, later(7_200_000));
    expect(createsFor(String(id))).toHaveLength(1);

    expect((await review(id, 'reject', 'The PayPal e-mail is not valid')).statusCode).toBe(200);
    expect((await payoutRow(id)).status).toBe('REJECTED');
    await expectLedger(db(), partner.id, { totalCents: 4250, APPROVED: 4250 });
  });
});

describe('an unclaimed item', () => {
  /** Sent, reported UNCLAIMED (the partner has no PayPal account yet), and back in review. */
  async function unclaimedPayout(): Promise<ApprovedPayout & { itemId: string }> {
    const p = await approvedPayout();
    stand.setItemOutcome(String(p.id), 'UNCLAIMED');
    await sendDuePayouts(db(), paypal, log, new Date());
    await pollSentPayouts(db(), paypal, log, new Date());
    const itemId = stand.batchFor(String(p.id))!.items[0]!.itemId;
    expect(await payoutRow(p.id)).toMatchObject({
      status: 'IN_REVIEW',
      paypal_status: 'UNCLAIMED',
      paypal_item_id: itemId,
      send_round: 1,
    });
    expect(stand.moneyFor(p.partner.paypalEmail!).map((i) => i.itemId)).toEqual([itemId]);
    return { ...p, itemId };
  }

  const cancelsOf = (itemId: string) =>
    stand.requests.filter(
      (r) => r.method === 'POST' && r.path === `/v1/payments/payouts-item/${itemId}/cancel`,
    );
  /** What the partner has, or may still claim, at PayPal. */
  const moneyOf = (p: ApprovedPayout) =>
    stand
      .moneyFor(p.partner.paypalEmail!)
      .map((i) => ({ senderItemId: i.senderItemId, status: i.status, value: i.value }));

  it('approved again: the old item is cancelled first, then the new round pays, and the partner is paid once', async () => {
    const p = await unclaimedPayout();
    expect((await review(p.id, 'approve')).statusCode).toBe(200);
    const from = stand.requests.length;
    expect(await sendDuePayouts(db(), paypal, log, new Date())).toBe(1);

    const round2 = `${p.id}-2`;
    const calls = stand.requests.slice(from).filter((r) => r.path !== '/v1/oauth2/token');
    expect(calls.map((r) => [`${r.method} ${r.path}`, r.status])).toEqual([
      [`POST /v1/payments/payouts-item/${p.itemId}/cancel`, 200],
      ['POST /v1/payments/payouts', 201],
    ]);
    expect(
      (JSON.parse(calls[1]!.body) as { sender_batch_header: { sender_batch_id: string } }).sender_batch_header
        .sender_batch_id,
    ).toBe(round2);
    expect(stand.item(p.itemId)).toMatchObject({ status: 'RETURNED', cancelledAt: expect.any(String) });
    expect(await payoutRow(p.id)).toMatchObject({
      status: 'APPROVED',
      send_round: 2,
      paypal_batch_id: stand.batchFor(round2)!.batchId,
      send_error: null,
    });

    // PayPal's word about the cancelled item comes after: it is about an older round.
    const before = await everything(p.id, p.partner.id);
    const canceled = stand.signedEvent(String(p.id), 'PAYMENT.PAYOUTS-ITEM.CANCELED');
    expect((await postEvent(canceled.body, canceled.headers)).statusCode).toBe(200);
    expect(await everything(p.id, p.partner.id)).toEqual(before);

    await pollSentPayouts(db(), paypal, log, new Date());
    await expectPaidOnce(p, round2);
    expect(moneyOf(p)).toEqual([{ senderItemId: round2, status: 'SUCCESS', value: '42.50' }]);
    // The cancelled item cannot be claimed any more, and nothing is cancelled or sent again.
    expect(() => stand.claimItem(String(p.id))).toThrow(/RETURNED/);
    expect(await sendDuePayouts(db(), paypal, log, later(7_200_000))).toBe(0);
    expect(cancelsOf(p.itemId)).toHaveLength(1);
    expect(createsFor(round2)).toHaveLength(1);
  });

  it('claimed by the partner before the new approval is acted on: paid by the first round, nothing sent again', async () => {
    const p = await unclaimedPayout();
    expect((await review(p.id, 'approve')).statusCode).toBe(200);
    stand.claimItem(String(p.id));
    expect(await sendDuePayouts(db(), paypal, log, new Date())).toBe(0);

    // PayPal refused the cancel (the item is no longer unclaimed) and the item showed why.
    expect(cancelsOf(p.itemId).map((r) => r.status)).toEqual([400]);
    expect(
      stand.requests.some((r) => r.method === 'GET' && r.path === `/v1/payments/payouts-item/${p.itemId}`),
    ).toBe(true);
    expect(createsFor(`${p.id}-2`)).toEqual([]);
    expect(createsFor(String(p.id))).toHaveLength(1);
    await expectPaidOnce(p);
    expect(await payoutRow(p.id)).toMatchObject({ send_round: 1, send_locked_until: null, send_error: null });
    expect(moneyOf(p)).toEqual([{ senderItemId: String(p.id), status: 'SUCCESS', value: '42.50' }]);

    // PayPal's SUCCEEDED event, and the jobs later on, change nothing.
    await t.app.background.tick();
    const settled = await everything(p.id, p.partner.id);
    const succeeded = stand.signedEvent(String(p.id), 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED');
    expect((await postEvent(succeeded.body, succeeded.headers)).statusCode).toBe(200);
    await sendDuePayouts(db(), paypal, log, later(7_200_000));
    await pollSentPayouts(db(), paypal, log, later(7_200_000));
    expect(await everything(p.id, p.partner.id)).toEqual(settled);
  });

  it('claimed while staff still have it in review: PayPal’s SUCCEEDED event pays it, and nothing is sent again', async () => {
    const p = await unclaimedPayout();
    stand.claimItem(String(p.id));
    const succeeded = stand.signedEvent(String(p.id), 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED');
    expect((await postEvent(succeeded.body, succeeded.headers)).statusCode).toBe(200);
    await expectPaidOnce(p, String(p.id), 'IN_REVIEW');
    expect(await sendDuePayouts(db(), paypal, log, later(7_200_000))).toBe(0);
    expect(cancelsOf(p.itemId)).toEqual([]);
    expect(createsFor(`${p.id}-2`)).toEqual([]);
  });

  it('claimed and reported by webhook after the new approval: paid by the first round, nothing cancelled or sent', async () => {
    const p = await unclaimedPayout();
    expect((await review(p.id, 'approve')).statusCode).toBe(200);
    stand.claimItem(String(p.id));
    const succeeded = stand.signedEvent(String(p.id), 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED');
    expect((await postEvent(succeeded.body, succeeded.headers)).statusCode).toBe(200);
    await expectPaidOnce(p);
    expect(await sendDuePayouts(db(), paypal, log, later(7_200_000))).toBe(0);
    expect(cancelsOf(p.itemId)).toEqual([]);
    expect(createsFor(`${p.id}-2`)).toEqual([]);
  });

  it('returned by PayPal itself (30 days unclaimed) after the new approval: not back to review; the item is read and the new round pays once', async () => {
    const p = await unclaimedPayout();
    expect((await review(p.id, 'approve')).statusCode).toBe(200);
    const returned = stand.signedEvent(String(p.id), 'PAYMENT.PAYOUTS-ITEM.RETURNED');
    expect((await postEvent(returned.body, returned.headers)).statusCode).toBe(200);
    expect(await payoutRow(p.id)).toMatchObject({
      status: 'APPROVED',
      paypal_status: 'UNCLAIMED',
      send_round: 1,
    });

    expect(await sendDuePayouts(db(), paypal, log, new Date())).toBe(1);
    expect(cancelsOf(p.itemId).map((r) => r.status)).toEqual([400]);
    await pollSentPayouts(db(), paypal, log, new Date());
    await expectPaidOnce(p, `${p.id}-2`);
    expect(moneyOf(p)).toEqual([{ senderItemId: `${p.id}-2`, status: 'SUCCESS', value: '42.50' }]);
  });

  it.each([
    ['a 503, nothing cancelled', 503, [503, 200]],
    ['a 500 after PayPal cancelled it', 500, [500, 400]],
  ] as const)(
    'cancel answered with %s: nothing is sent, the cancel is retried after the back-off, then the new round pays once',
    async (_what, status, statuses) => {
      const p = await unclaimedPayout();
      expect((await review(p.id, 'approve')).statusCode).toBe(200);
      if (status === 503) stand.failNextCancels(1, 503);
      else stand.cancelThenFail(1);
      const first = new Date();
      expect(await sendDuePayouts(db(), paypal, log, first)).toBe(0);

      const round2 = `${p.id}-2`;
      expect(createsFor(round2)).toEqual([]);
      const row = await payoutRow(p.id);
      expect(row).toMatchObject({
        status: 'APPROVED',
        send_round: 1,
        paypal_status: 'UNCLAIMED',
        paypal_batch_id: null,
        send_attempts: 1,
        send_locked_until: null,
        send_after: later(30_000, first).toISOString(),
      });
      expect(row.send_error).toContain(String(status));
      expect(warnings.some((w) => w.payout === p.id && /cancel/.test(String(w.msg)))).toBe(true);

      // Not before the back-off has passed.
      expect(await sendDuePayouts(db(), paypal, log, later(29_000, first))).toBe(0);
      expect(cancelsOf(p.itemId)).toHaveLength(1);

      expect(await sendDuePayouts(db(), paypal, log, later(31_000, first))).toBe(1);
      expect(cancelsOf(p.itemId).map((r) => r.status)).toEqual(statuses);
      expect(createsFor(round2)).toHaveLength(1);
      expect(await payoutRow(p.id)).toMatchObject({ send_round: 2, send_attempts: 1, send_error: null });
      await pollSentPayouts(db(), paypal, log, later(31_000, first));
      await expectPaidOnce(p, round2);
      expect(moneyOf(p)).toEqual([{ senderItemId: round2, status: 'SUCCESS', value: '42.50' }]);
    },
  );

  it('sends the payout back to review, sending nothing, when PayPal does not know the unclaimed item', async () => {
    const p = await unclaimedPayout();
    // An item id PayPal never gave (a record from another PayPal account, say).
    await db()
      .updateTable('payouts')
      .set({ paypal_item_id: 'NOSUCHITEM000' })
      .where('id', '=', p.id)
      .execute();
    expect((await review(p.id, 'approve')).statusCode).toBe(200);
    expect(await sendDuePayouts(db(), paypal, log, new Date())).toBe(0);
    const row = await payoutRow(p.id);
    expect(row).toMatchObject({
      status: 'IN_REVIEW',
      send_round: 1,
      send_after: null,
      send_locked_until: null,
    });
    expect(row.reason).toBeNull();
    expect((await eventsOf(p.id)).at(-1)!.reason).toMatch(
      new RegExp(`^The unclaimed PayPal item of ${p.id} could not be cancelled: .*INVALID_RESOURCE_ID`),
    );
    expect((await eventsOf(p.id)).at(-1)).toMatchObject({
      from_status: 'APPROVED',
      to_status: 'IN_REVIEW',
      actor_kind: 'paypal',
    });
    expect(createsFor(`${p.id}-2`)).toEqual([]);
    expect(stand.item(p.itemId)!.status).toBe('UNCLAIMED');
  });
});

describe('PayPal webhooks', () => {
  const SUCCEEDED: PayoutItemEventName = 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED';

  /** A payout sent to PayPal whose item PayPal has not settled yet (the poll would see PENDING). */
  async function sentPayout(): Promise<ApprovedPayout> {
    const p = await approvedPayout();
    stand.setItemOutcome(String(p.id), 'PENDING');
    expect(await sendDuePayouts(db(), paypal, log, new Date())).toBe(1);
    return p;
  }

  it('pays the payout on a genuine SUCCEEDED event, and a repeated event changes nothing', async () => {
    const p = await sentPayout();
    const event = stand.signedEvent(String(p.id), SUCCEEDED);
    const answer = await postEvent(event.body, event.headers);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ data: { outcome: 'applied' } });
    await expectPaidOnce(p);
    await t.app.background.tick();

    const settled = await everything(p.id, p.partner.id);
    const again = await postEvent(event.body, event.headers);
    expect(again.statusCode).toBe(200);
    await t.app.background.tick();
    expect(await everything(p.id, p.partner.id)).toEqual(settled);
    // A late FAILED word about the paid round moves nothing either.
    const late = stand.signedEvent(String(p.id), 'PAYMENT.PAYOUTS-ITEM.FAILED');
    expect((await postEvent(late.body, late.headers)).statusCode).toBe(200);
    expect(await everything(p.id, p.partner.id)).toEqual(settled);
  });

  it('refuses forged and tampered events with 400 and changes nothing', async () => {
    const p = await sentPayout();
    const genuine = stand.signedEvent(String(p.id), SUCCEEDED);
    const other = await sentPayout();
    const otherEvent = stand.signedEvent(String(other.id), SUCCEEDED);
    const before = await everything(p.id, p.partner.id);

    const forgeries: [string, SignedEvent['body'], Record<string, string>][] = [
      ['changed body', genuine.body.replace(`"value":"42.50"`, `"value":"4250.00"`), genuine.headers],
      [
        'body of another event',
        otherEvent.body.replace(`"sender_item_id":"${other.id}"`, `"sender_item_id":"${p.id}"`),
        otherEvent.headers,
      ],
      [
        'wrong signature',
        genuine.body,
        { ...genuine.headers, 'paypal-transmission-sig': otherEvent.headers['paypal-transmission-sig']! },
      ],
      [
        'unknown transmission',
        genuine.body,
        { ...genuine.headers, 'paypal-transmission-id': crypto.randomUUID() },
      ],
      ['no signature headers', genuine.body, { 'content-type': 'application/json' }],
      ['not JSON', 'event=PAYMENT.PAYOUTS-ITEM.SUCCEEDED', genuine.headers],
    ];
    const forWrongWebhook = stand.signedEvent(String(p.id), SUCCEEDED, { webhookId: 'WH-SOMEONE-ELSES' });
    forgeries.push(['signed for another webhook id', forWrongWebhook.body, forWrongWebhook.headers]);
    expect(forgeries[0]![1]).not.toBe(genuine.body);
    expect(forgeries[1]![1]).not.toBe(otherEvent.body);
    for (const [what, body, headers] of forgeries) {
      const answer = await postEvent(body, headers);
      expect(answer.statusCode, what).toBe(400);
      expect(answer.json(), what).toMatchObject({
        code: 400,
        error: 'paypal_event_unverified',
        message: 'The PayPal event could not be verified',
      });
    }
    expect(await everything(p.id, p.partner.id)).toEqual(before);
    expect((await payoutRow(other.id)).status).toBe('APPROVED');

    // Genuine after all: both settle.
    expect((await postEvent(genuine.body, genuine.headers)).statusCode).toBe(200);
    expect((await postEvent(otherEvent.body, otherEvent.headers)).statusCode).toBe(200);
    await expectPaidOnce(p);
    await expectPaidOnce(other);
  });

  it('asks PayPal nothing for what it would not act on, and asks once for a transmission it confirmed (issue 31)', async () => {
    const verifications = () =>
      stand.requests.filter((r) => r.path === '/v1/notifications/verify-webhook-signature').length;
    const p = await sentPayout();
    const genuine = stand.signedEvent(String(p.id), SUCCEEDED);
    const asked = verifications();
    // Not an event; an event of a kind the portal does not handle; a payout it does not know.
    expect((await postEvent('{"hello":"world"}', genuine.headers)).statusCode).toBe(400);
    const capture = JSON.stringify({ ...JSON.parse(genuine.body), event_type: 'PAYMENT.CAPTURE.COMPLETED' });
    expect((await postEvent(capture, genuine.headers)).json()).toEqual({ data: { outcome: 'ignored' } });
    const stranger = genuine.body.replace(`"sender_item_id":"${p.id}"`, '"sender_item_id":"999999"');
    expect(stranger).not.toBe(genuine.body);
    expect((await postEvent(stranger, genuine.headers)).json()).toEqual({ data: { outcome: 'unknown' } });
    expect(verifications()).toBe(asked);
    // The genuine one is asked about once; its replays are known.
    expect((await postEvent(genuine.body, genuine.headers)).statusCode).toBe(200);
    expect((await postEvent(genuine.body, genuine.headers)).statusCode).toBe(200);
    expect((await postEvent(genuine.body, genuine.headers)).statusCode).toBe(200);
    expect(verifications()).toBe(asked + 1);
    await expectPaidOnce(p);
    // The same transmission id with another body is asked about, and refused.
    const changed = genuine.body.replace(`"value":"42.50"`, `"value":"4250.00"`);
    expect(changed).not.toBe(genuine.body);
    expect((await postEvent(changed, genuine.headers)).statusCode).toBe(400);
    expect(verifications()).toBe(asked + 2);
  });

  it('answers 5xx when PayPal cannot verify the event (so PayPal redelivers), changing nothing until then', async () => {
    const p = await sentPayout();
    const event = stand.signedEvent(String(p.id), SUCCEEDED);
    const before = await everything(p.id, p.partner.id);
    stand.failNextVerifications(1, 503);
    const answer = await postEvent(event.body, event.headers);
    expect(answer.statusCode).toBeGreaterThanOrEqual(500);
    expect(await everything(p.id, p.partner.id)).toEqual(before);
    // The redelivery goes through.
    expect((await postEvent(event.body, event.headers)).statusCode).toBe(200);
    await expectPaidOnce(p);
  });

  it('sends the payout back to review on a genuine failure event, and ignores a HELD one', async () => {
    const p = await sentPayout();
    const held = stand.signedEvent(String(p.id), 'PAYMENT.PAYOUTS-ITEM.HELD');
    expect((await postEvent(held.body, held.headers)).statusCode).toBe(200);
    expect(await payoutRow(p.id)).toMatchObject({ status: 'APPROVED', paypal_status: 'ONHOLD' });
    const denied = stand.signedEvent(String(p.id), 'PAYMENT.PAYOUTS-ITEM.DENIED');
    expect((await postEvent(denied.body, denied.headers)).statusCode).toBe(200);
    const row = await payoutRow(p.id);
    expect(row).toMatchObject({ status: 'IN_REVIEW', paypal_batch_id: null, paypal_status: 'DENIED' });
    expect(row.reason).toBeNull();
    expect(row.send_error).toMatch(/^PayPal: DENIED/);
    expect((await eventsOf(p.id)).at(-1)).toMatchObject({ to_status: 'IN_REVIEW', actor_kind: 'paypal' });
    // Settled: approved again, paid by a new round.
    expect((await review(p.id, 'approve')).statusCode).toBe(200);
    await sendDuePayouts(db(), paypal, log, new Date());
    await pollSentPayouts(db(), paypal, log, new Date());
    await expectPaidOnce(p, `${p.id}-2`);
  });

  it('ignores an event about an older round once a new round is under way', async () => {
    const p = await approvedPayout();
    stand.setItemOutcome(String(p.id), 'UNCLAIMED');
    await sendDuePayouts(db(), paypal, log, new Date());
    await pollSentPayouts(db(), paypal, log, new Date());
    expect((await payoutRow(p.id)).status).toBe('IN_REVIEW');
    expect((await review(p.id, 'approve')).statusCode).toBe(200);
    const round2 = `${p.id}-2`;
    stand.setItemOutcome(round2, 'PENDING');
    await sendDuePayouts(db(), paypal, log, new Date());
    const before = await everything(p.id, p.partner.id);
    expect(before.payout.paypal_batch_id).toBe(stand.batchFor(round2)!.batchId);

    // The unclaimed item of round 1 was claimed after all, or failed again: neither is about round 2.
    for (const type of [SUCCEEDED, 'PAYMENT.PAYOUTS-ITEM.RETURNED'] as const) {
      const old = stand.signedEvent(String(p.id), type);
      const answer = await postEvent(old.body, old.headers);
      expect(answer.statusCode).toBe(200);
      expect(await everything(p.id, p.partner.id)).toEqual(before);
    }
    const current = stand.signedEvent(round2, SUCCEEDED);
    expect((await postEvent(current.body, current.headers)).statusCode).toBe(200);
    await expectPaidOnce(p, round2);
  });

  it('answers an event for a payout it does not know with 200 and changes nothing', async () => {
    const jobs = (await db().selectFrom('jobs').select('id').execute()).length;
    const payouts = await db().selectFrom('payouts').selectAll().orderBy('id').execute();
    // Batches of PayPal's that are not ours: another integration on the account, or a payout id
    // that does not exist (nor fits an integer column).
    for (const senderBatchId of ['2147483000', '9999999999', 'refund-7', '42-x']) {
      await paypal.createPayout({
        senderBatchId,
        senderItemId: senderBatchId,
        receiver: 'someone@example.test',
        amountCents: 100,
        currency: 'USD',
        subject: 'Not ours',
        note: 'Not ours',
      });
      const event = stand.signedEvent(senderBatchId, SUCCEEDED);
      const answer = await postEvent(event.body, event.headers);
      expect(answer.statusCode, `${senderBatchId}: ${answer.body}`).toBe(200);
      expect(answer.json(), senderBatchId).toEqual({ data: { outcome: 'unknown' } });
    }
    expect(await db().selectFrom('payouts').selectAll().orderBy('id').execute()).toEqual(payouts);
    expect((await db().selectFrom('jobs').select('id').execute()).length).toBe(jobs);
  });

  it('settles the payout once when the same event arrives several times at once, with the poll running too', async () => {
    const p = await sentPayout();
    const event = stand.signedEvent(String(p.id), SUCCEEDED);
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => postEvent(event.body, event.headers)),
      pollSentPayouts(db(), paypal, log, new Date()),
    ]);
    expect(answers.slice(0, 4).map((a) => (typeof a === 'number' ? a : a.statusCode))).toEqual([
      200, 200, 200, 200,
    ]);
    await expectPaidOnce(p);
    expect(warnings.filter((w) => w.payout === p.id)).toEqual([]);
  });
});

describe('several nodes on one database', () => {
  it('never sends the same payout twice when two nodes run the PayPal jobs at once', async () => {
    // A second pool on PostgreSQL, as another server would have; SQLite nodes share the file.
    const extra: DatabaseHandle[] = [];
    const nodes: App[] = [];
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    try {
      for (let i = 0; i < 2; i++) {
        let database: DatabaseHandle = t.database;
        if (t.database.url) extra.push((database = openPostgres(t.database.url, 5)));
        nodes.push(
          await buildApp({ config: t.config, database, webRoot: `${t.dataDir}/no-web`, logStream: stream }),
        );
      }
      const payouts = [];
      for (let i = 0; i < 4; i++) payouts.push(await approvedPayout([2000 + i, 1000]));
      const sendsBefore = stand.requests.length;

      // Each node's first round runs every task: the send job, then the poll.
      await Promise.all(nodes.map((node) => node.background.tick()));
      // And the send job once more on both at once, directly.
      const otherClient = createPayPalClient({
        apiBase: stand.url,
        clientId: stand.clientId,
        clientSecret: stand.clientSecret,
      });
      await Promise.all([
        sendDuePayouts(db(), paypal, log, new Date()),
        sendDuePayouts((extra[0] ?? t.database).db, otherClient, log, new Date()),
      ]);
      await pollSentPayouts(db(), paypal, log, new Date());

      for (const p of payouts) {
        expect(createsFor(String(p.id)), `payout ${p.id}`).toHaveLength(1);
        await expectPaidOnce(p);
      }
      const creates = stand.requests
        .slice(sendsBefore)
        .filter((r) => r.path === '/v1/payments/payouts' && r.method === 'POST');
      expect(creates).toHaveLength(4);
      // Neither node tripped over the other.
      expect(lines.join('').match(/paypal (send|batch check) failed/g) ?? []).toEqual([]);
    } finally {
      for (const node of nodes) await node.close();
      for (const handle of extra) await handle.close();
    }
  });
});

describe('a send PayPal may have received', () => {
  /** Approved, sent, and left unanswered: PayPal created the batch, we do not know it. */
  async function unansweredPayout(cents: number) {
    const impatient = createPayPalClient({
      apiBase: stand.url,
      clientId: stand.clientId,
      clientSecret: stand.clientSecret,
      timeoutMs: 1000,
    });
    const p = await approvedPayout([cents]);
    stand.delayNextCreate(5000);
    const first = new Date();
    expect(await sendDuePayouts(db(), impatient, log, first)).toBe(0);
    expect(stand.paidCount(String(p.id))).toBe(1);
    expect(await payoutRow(p.id)).toMatchObject({
      status: 'APPROVED',
      paypal_batch_id: null,
      send_attempts: 1,
      send_round: 1,
    });
    return { p, first };
  }

  it('keeps its sender_batch_id even if staff pull it back and approve it again, so it is paid once', async () => {
    const { p, first } = await unansweredPayout(2950);
    const pulled = await review(p.id, 'review', 'checking the partner again', manager);
    if (pulled.statusCode === 200) expect((await review(p.id, 'approve')).statusCode).toBe(200);
    else expect(pulled.statusCode).toBe(409);
    await sendDuePayouts(db(), paypal, log, later(31_000, first));
    expect(await payoutRow(p.id)).toMatchObject({
      send_round: 1,
      paypal_batch_id: stand.batchFor(String(p.id))!.batchId,
      paypal_status: 'DUPLICATE',
    });
    expect(createsFor(`${p.id}-2`)).toEqual([]);
    await pollSentPayouts(db(), paypal, log, later(31_000, first));
    await expectPaidOnce(p);
  });

  // Otherwise staff could pull it back and reject it, its earnings would return to the partner's
  // balance and be paid by the next cash-out, while PayPal pays the first batch.
  it('cannot be pulled back by staff until PayPal has answered', async () => {
    const { p, first } = await unansweredPayout(2900);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/manager/payouts/${p.id}`,
      headers: bearer(manager.token),
    });
    const pulled = await review(p.id, 'review', 'checking the partner again', manager);
    try {
      expect((detail.json() as { data: { actions: string[] } }).data.actions).toEqual([]);
      expect(pulled.statusCode).toBe(409);
    } finally {
      // Settled either way, so that no later test meets it.
      if (pulled.statusCode === 200) expect((await review(p.id, 'approve')).statusCode).toBe(200);
      await sendDuePayouts(db(), paypal, log, later(31_000, first));
      await pollSentPayouts(db(), paypal, log, later(31_000, first));
      expect((await payoutRow(p.id)).status).toBe('PAID');
    }
  });

  it('makes a staff change read before another node claimed the send stale (409), never a pull-back behind PayPal', async () => {
    const p = await approvedPayout([3100]);
    const read = await findPayout(db(), p.id);
    // Another node claims the send (and calls PayPal) between the staff member's read and write.
    await db()
      .updateTable('payouts')
      .set((eb) => ({
        send_attempts: eb('send_attempts', '+', 1),
        send_round: 1,
        send_locked_until: later(120_000).toISOString(),
      }))
      .where('id', '=', p.id)
      .execute();
    await expect(
      db()
        .transaction()
        .execute((trx) =>
          transition(
            trx,
            read!,
            'IN_REVIEW',
            { kind: 'staff', id: manager.id, name: 'M' },
            { reason: 'checking', paypalConfigured: true },
          ),
        ),
    ).rejects.toMatchObject({ status: 409 });
    expect(await payoutRow(p.id)).toMatchObject({ status: 'APPROVED', send_attempts: 1 });
    await db().updateTable('payouts').set({ send_locked_until: null }).where('id', '=', p.id).execute();
    await sendDuePayouts(db(), paypal, log, later(31_000));
    await pollSentPayouts(db(), paypal, log, later(31_000));
    expect((await payoutRow(p.id)).status).toBe('PAID');
  });
});
