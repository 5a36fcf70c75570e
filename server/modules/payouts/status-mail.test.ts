// The payout status mail goes through the mail outbox (decisions/047), against a real SMTP server
// on loopback: the payout's job writes one `payout_status` row in its own transaction, and the
// outbox's send round sends it after the commit, in the partner's language, with no switch and no
// unsubscribe link; nothing is ever sent inside a transaction, and a mail sent again carries the
// same Message-ID as the first time.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db';
import { runDueJobs } from '../../jobs/queue';
import { createMailer, type Mailer } from '../../integrations/mail/mailer';
import { createTestApp, type TestApp } from '../../test/app';
import { addEarnings, payoutPartner, staffMember } from '../../test/payouts';
import type { TestPartner, TestStaff } from '../../test/payouts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp';
import { MAIL_KINDS, sendDueMail, setMailSwitches } from '../program-mail/service';
import { notifyPayoutChange } from './notify';
import { PAYOUT_CHANGED_JOB } from './service';

const quiet = { error: () => undefined, info: () => undefined };
// French money and labels read with plain spaces (fr-CA puts no-break spaces in "30,00 $ US").
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('payout status mail through the outbox', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let mailer: Mailer;
  let rita: TestStaff;
  let made = 0;
  const db = () => t.database.db;
  const host = () => new URL(t.config.publicUrl).hostname;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  /** A partner with an open payout of 30.00 (a PENDING payout: its request mails nothing). */
  const opened = async (first: string, options: { locale?: 'en' | 'fr' } = {}) => {
    const p = await payoutPartner(db(), { first, last: `Mail${++made}`, ...options });
    await addEarnings(db(), p.id, [3000]);
    const res = await t.app.inject({ method: 'POST', url: '/api/payMeNow', headers: as(p.token) });
    expect(res.statusCode, res.body).toBe(201);
    return { p, payoutId: res.json().data.id as number };
  };
  const review = async (payoutId: number, body: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/manager/payouts/${payoutId}/review`,
      headers: as(rita.token),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const outboxOf = (p: TestPartner) =>
    db().selectFrom('mail_outbox').selectAll().where('partner_id', '=', p.id).orderBy('id').execute();
  const mailTo = (p: TestPartner) => smtp.received.filter((m) => m.to.includes(p.email));
  const lastEvent = (payoutId: number) =>
    db()
      .selectFrom('payout_events')
      .select(['id'])
      .where('payout_id', '=', payoutId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  const openJobs = () =>
    db()
      .selectFrom('jobs')
      .select(['id', 'payload'])
      .where('kind', '=', PAYOUT_CHANGED_JOB)
      .where('done_at', 'is', null)
      .execute();

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'Sunbite Partners <partners@sunbite.example>',
      outboxDir: '/nonexistent',
      log: quiet,
    });
    rita = await staffMember(db(), 'reviewer', 'Rita Mailcheck');
  });
  beforeEach(async () => {
    // Nothing left over from the test before: every job run, every mail sent.
    await t.app.background.tick();
  });
  afterAll(async () => {
    mailer.close();
    await t.close();
    await smtp.close();
  });

  it('queues one row in the job’s transaction and sends nothing when that transaction fails after writing it', async () => {
    const { p, payoutId } = await opened('Fay');
    await review(payoutId, { action: 'review', reason: 'Checking the orders' });
    const event = await lastEvent(payoutId);
    // The request queued the job, not the mail.
    expect(await outboxOf(p)).toEqual([]);
    expect(await openJobs()).toHaveLength(1);

    // The job runs and fails after its writes: the mail's row goes with them.
    let woken = 0;
    let seenInTransaction: unknown[] = [];
    const failing = {
      [PAYOUT_CHANGED_JOB]: async (payload: Record<string, unknown>, trx: Db) => {
        const effect = await notifyPayoutChange(
          trx,
          { push: () => undefined, mailQueued: () => (woken += 1) },
          Number(payload.eventId),
        );
        seenInTransaction = await trx
          .selectFrom('mail_outbox')
          .select(['kind', 'ref_id', 'dedupe_key'])
          .where('partner_id', '=', p.id)
          .execute();
        expect(effect).toBeTypeOf('function');
        throw new Error('the job fails after writing');
      },
    };
    expect(await runDueJobs(db(), failing, quiet)).toBe(0);
    expect(seenInTransaction).toEqual([
      { kind: 'payout_status', ref_id: event.id, dedupe_key: `payout_status:${event.id}` },
    ]);
    expect(await outboxOf(p)).toEqual([]);
    expect(woken).toBe(0);
    // A whole transaction rolled back (a commit that fails) leaves nothing either.
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await notifyPayoutChange(trx, { push: () => undefined, mailQueued: () => (woken += 1) }, event.id);
          throw new Error('the commit fails');
        }),
    ).rejects.toThrow('the commit fails');
    expect(await outboxOf(p)).toEqual([]);
    expect(await sendDueMail(db(), { mailer, publicUrl: t.config.publicUrl }, quiet)).toEqual({
      handled: 0,
      sent: 0,
    });
    expect(mailTo(p)).toEqual([]);
    expect(woken).toBe(0);

    // Retried (its back-off brought forward), it commits: one row, then one mail.
    await db()
      .updateTable('jobs')
      .set({ run_after: new Date(Date.now() - 1000).toISOString() })
      .where('kind', '=', PAYOUT_CHANGED_JOB)
      .where('done_at', 'is', null)
      .execute();
    await t.app.background.tick();
    expect(await openJobs()).toEqual([]);
    const rows = await outboxOf(p);
    expect(rows).toMatchObject([
      {
        kind: 'payout_status',
        ref_id: event.id,
        dedupe_key: `payout_status:${event.id}`,
        outcome: 'sent',
        attempts: 1,
      },
    ]);
    expect(mailTo(p).map((m) => m.subject)).toEqual(['Your cash-out: In Review']);
    expect(mailTo(p)[0]!.text).toContain('Reason: Checking the orders');
  });

  it('sends it once after the commit, at once, in French for a French partner, with a stable Message-ID and no unsubscribe link', async () => {
    const { p, payoutId } = await opened('Camille', { locale: 'fr' });
    // The send round has just run (beforeEach): it runs again for this mail without waiting its
    // 3 seconds, woken by the job once its transaction committed.
    await review(payoutId, { action: 'review', reason: 'Vérification des commandes' });
    await t.app.background.tick();
    const [mail, ...more] = mailTo(p);
    expect(more).toEqual([]);
    expect(plain(mail!.subject)).toBe('Votre retrait : En examen');
    expect(plain(mail!.text)).toContain('Votre retrait de 30,00 $ US est maintenant : En examen.');
    expect(plain(mail!.text)).toContain('Motif : Vérification des commandes');
    expect(mail!.links).toContain(`${t.config.publicUrl}/account/cashout`);
    // Transactional: no switch named, no way out offered.
    expect(mail!.headers.has('list-unsubscribe')).toBe(false);
    expect(mail!.links.some((l) => l.includes('/unsubscribe'))).toBe(false);
    expect(
      await db().selectFrom('mail_tokens').select('kind').where('partner_id', '=', p.id).execute(),
    ).toEqual([]);
    // The row records the Message-ID the server got: the row's own, at the portal's host.
    const [row] = await outboxOf(p);
    expect(row).toMatchObject({ kind: 'payout_status', outcome: 'sent', attempts: 1 });
    expect(row!.message_id).toMatch(
      new RegExp(`^<outbox-${row!.id}\\.[0-9a-z]+@${host().replace(/\./g, '\\.')}>$`),
    );
    expect(mail!.headers.get('message-id')).toBe(row!.message_id);

    // The PAID mail, in the partner's language of the moment it is sent.
    await db().updateTable('partners').set({ locale: 'en' }).where('id', '=', p.id).execute();
    await review(payoutId, { action: 'approve' });
    await t.app.background.tick();
    expect(mailTo(p).map((m) => plain(m.subject))).toEqual([
      'Votre retrait : En examen',
      'Your cash-out: Payment Pending',
    ]);
  });

  it('queues nothing twice when the job runs again', async () => {
    const { p, payoutId } = await opened('Rene');
    await review(payoutId, { action: 'review', reason: 'Again' });
    await t.app.background.tick();
    expect(mailTo(p)).toHaveLength(1);
    const notes = async () =>
      (
        await db()
          .selectFrom('notifications')
          .select('id')
          .where('partner_id', '=', p.id)
          .where('kind', '=', 'payout')
          .execute()
      ).length;
    expect(await notes()).toBe(1);
    // The same job again (a node that lost its claim, a commit answered as failed that was not):
    // its writes are made once by their keys.
    await db()
      .updateTable('jobs')
      .set({ done_at: null, locked_until: null })
      .where('kind', '=', PAYOUT_CHANGED_JOB)
      .where('payload', 'like', `%"payoutId":${payoutId}%`)
      .execute();
    expect(await openJobs()).toHaveLength(1);
    await t.app.background.tick();
    expect(await openJobs()).toEqual([]);
    expect(await outboxOf(p)).toHaveLength(1);
    expect(await notes()).toBe(1);
    expect(mailTo(p)).toHaveLength(1);
  });

  it('sends it to a partner who switched every program mail off', async () => {
    const { p, payoutId } = await opened('Quinn');
    const off = await setMailSwitches(
      db(),
      p.id,
      Object.fromEntries(MAIL_KINDS.map((kind) => [kind, false])),
    );
    expect(Object.values(off).every((on) => on === false)).toBe(true);
    await review(payoutId, { action: 'reject', reason: 'Too many refunds' });
    await t.app.background.tick();
    expect(mailTo(p).map((m) => m.subject)).toEqual(['Your cash-out: Rejected']);
    expect(await outboxOf(p)).toMatchObject([{ kind: 'payout_status', outcome: 'sent' }]);
  });

  it('sends a row whose lease ran out after the SMTP server took it again, with the same Message-ID', async () => {
    const { p, payoutId } = await opened('Lea');
    await review(payoutId, { action: 'review', reason: 'Slow node' });
    // The job runs here (its effect would wake this node's round: not run, so the round below is
    // the first to see the row).
    const handlers = {
      [PAYOUT_CHANGED_JOB]: async (payload: Record<string, unknown>, trx: Db) => {
        await notifyPayoutChange(
          trx,
          { push: () => undefined, mailQueued: () => undefined },
          Number(payload.eventId),
        );
      },
    };
    expect(await runDueJobs(db(), handlers, quiet)).toBe(1);
    const [queued] = await outboxOf(p);
    expect(queued).toMatchObject({ kind: 'payout_status', outcome: null, attempts: 0 });

    // A node sends it and stalls before marking it, past its lease: another node takes the row
    // and sends it again, and only then does the first try to mark it (and changes nothing).
    const afterLease = new Date(Date.now() + 6 * 60_000);
    let otherNode: Promise<{ handled: number; sent: number }> | undefined;
    const stalling: Mailer = {
      mode: 'smtp',
      async send(message) {
        const sent = await mailer.send(message);
        otherNode ??= sendDueMail(db(), { mailer, publicUrl: t.config.publicUrl }, quiet, afterLease);
        await otherNode;
        return sent;
      },
      close: () => undefined,
    };
    expect(await sendDueMail(db(), { mailer: stalling, publicUrl: t.config.publicUrl }, quiet)).toEqual({
      handled: 1,
      sent: 1,
    });
    expect(await otherNode).toEqual({ handled: 1, sent: 1 });

    const mails = mailTo(p);
    expect(mails.map((m) => m.subject)).toEqual(['Your cash-out: In Review', 'Your cash-out: In Review']);
    const ids = mails.map((m) => m.headers.get('message-id'));
    expect(ids[0]).toMatch(/^<outbox-\d+\.[0-9a-z]+@/);
    expect(ids[1]).toBe(ids[0]);
    const [row] = await outboxOf(p);
    expect(row).toMatchObject({
      id: queued!.id,
      outcome: 'sent',
      attempts: 2,
      message_id: ids[0],
      locked_until: null,
    });
  });
});
