// Program mail (docs/product/engagement.md#mail-a-partner-receives) against a real SMTP server on loopback: the digest gathers an
// hour's sales into one mail (once, also with several nodes queueing), announcements, promos and
// challenges reach verified readers of their language, every program mail carries the unsubscribe
// link and the one-click headers, the link and the settings switch each kind off, and an SMTP
// server that refuses for a while delays mail without losing or doubling any.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMailer, type Mailer } from '../../integrations/mail/mailer';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, createStaffWithToken, type FixtureStaff } from '../../test/payouts-fixture';
import { deliver, shopifyOrderPayload } from '../../test/shopify';
import { startTestSmtp, type TestMail, type TestSmtp } from '../../test/smtp';
import { issueToken } from '../auth/service';
import { createPartnerAccount } from '../partners/service';
import { createPromoCode } from '../promo-codes/service';
import { claimDueMail } from './repository';
import { digestClock, queueProgramNews, queueSaleDigests, refusedForGood, sendDueMail } from './service';

const SECRET = 'program-mail-webhook-secret';
const HOUR = 3_600_000;
const quiet = { error: () => undefined, info: () => undefined };

describe('program mail', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let mailer: Mailer;
  let manager: FixtureStaff;
  let orderId = 770_000;
  const clock = digestClock(3600);
  const partner = async (
    email: string,
    options: { code?: string; locale?: 'en' | 'fr'; verified?: boolean } = {},
  ) => {
    const p = await createPartnerAccount(t.database.db, {
      email,
      password: `${email}-password`,
      first_name: email.split('@')[0]!,
      last_name: 'Mailer',
      ...(options.locale ? { locale: options.locale } : {}),
    });
    if (options.code) await createPromoCode(t.database.db, p.id, options.code);
    if (options.verified !== false)
      await t.database.db.updateTable('partners').set({ verified: 1 }).where('id', '=', p.id).execute();
    return { id: p.id, email, token: (await issueToken(t.database.db, 'partner', p.id)).token };
  };
  const sale = (code: string) =>
    deliver(
      t.app,
      'orders/paid',
      shopifyOrderPayload({
        code,
        id: orderId++,
        items: [['ACV Gummies', 1, 3000]],
        discountPercent: 0,
        country: 'US',
      }),
      { secret: SECRET },
    );
  /** Sends everything due, as the nodes' rounds would, `at` a given time. */
  const sendAll = async (at = new Date()) => {
    while (
      (await sendDueMail(t.database.db, { mailer, publicUrl: 'http://portal.test' }, quiet, at)).handled > 0
    );
  };
  const mailTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
  const tokenOf = (mail: TestMail) =>
    new URL(mail.links.find((l) => l.includes('/unsubscribe?token='))!).searchParams.get('token')!;
  const outbox = () => t.database.db.selectFrom('mail_outbox').selectAll().execute();
  const staff = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    t.app.inject({ method, url, headers: bearer(manager.token), payload });

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ env: { SHOPIFY_WEBHOOK_SECRET: SECRET, SMTP_URL: smtp.url } });
    mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'Sunbite Partners <partners@sunbite.example>',
      outboxDir: '/nonexistent',
      log: quiet,
    });
    manager = await createStaffWithToken(t.database.db, 'manager');
    // The digest's count starts an hour back (the first run starts it from its own window).
    await queueSaleDigests(t.database.db, clock, new Date(Date.now() - HOUR));
  });
  /** Where the digest's count stands: sales notified from then on are in the next digest. */
  const digestFrom = (at: number) =>
    t.database.db
      .updateTable('settings')
      .set({ value: new Date(Math.floor(at / HOUR) * HOUR).toISOString() })
      .where('key', '=', 'mail_digest_through')
      .execute();
  beforeEach(() => {
    smtp.refuse(false);
  });
  afterAll(async () => {
    mailer.close();
    await t.close();
    await smtp.close();
  });

  it('gathers 50 sales of an hour into one digest, queued once whatever the number of nodes', async () => {
    const seller = await partner('digest@example.com', { code: 'DIGEST50' });
    await digestFrom(Date.now() - HOUR);
    for (let i = 0; i < 50; i++) await sale('DIGEST50');
    await t.app.background.tick();
    expect(
      await t.database.db
        .selectFrom('notifications')
        .select('id')
        .where('partner_id', '=', seller.id)
        .where('kind', '=', 'sale')
        .execute(),
    ).toHaveLength(50);
    const later = new Date(Date.now() + HOUR + 3 * 60_000);
    // Three nodes close the same window at once: one digest.
    const queued = await Promise.all([0, 1, 2].map(() => queueSaleDigests(t.database.db, clock, later)));
    expect(queued.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await queueSaleDigests(t.database.db, clock, later)).toBe(0);
    await sendAll(later);
    const [digest, ...more] = mailTo(seller.email);
    expect(more).toHaveLength(0);
    expect(digest!.subject).toBe('You made 50 sales: $150.00 in commission');
    expect(digest!.text).toContain('…and 30 more sales.');
    expect(digest!.text.match(/ACV Gummies/g)).toHaveLength(20);
    // Program mail: the link in the body, the one-click headers of RFC 8058.
    const token = tokenOf(digest!);
    expect(digest!.headers.get('list-unsubscribe')).toBe(
      `<http://portal.test/api/unsubscribe?token=${token}>`,
    );
    expect(digest!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(digest!.text).toContain(
      'You receive sale digests because this option is on in your mail settings.',
    );
  });

  it('mails an announcement to its verified readers, in their language, once', async () => {
    const en = await partner('news-en@example.com');
    const fr = await partner('news-fr@example.com', { locale: 'fr' });
    const unverified = await partner('news-unverified@example.com', { verified: false });
    expect(
      (
        await staff('POST', '/api/manager/announcements', {
          content: {
            en: { title: 'Matcha is here', body: 'New flavour.\nShare it.' },
            fr: { title: 'Le matcha est là', body: 'Nouvelle saveur.' },
          },
        })
      ).statusCode,
    ).toBe(201);
    await Promise.all([queueProgramNews(t.database.db), queueProgramNews(t.database.db)]);
    await sendAll();
    expect(mailTo(en.email).map((m) => m.subject)).toEqual(['Matcha is here']);
    expect(mailTo(en.email)[0]!.text).toContain('Share it.');
    expect(mailTo(fr.email).map((m) => m.subject)).toEqual(['Le matcha est là']);
    expect(mailTo(fr.email)[0]!.text).toContain('Vous recevez ces e-mails (annonces du programme)');
    expect(mailTo(unverified.email)).toHaveLength(0);
    await queueProgramNews(t.database.db);
    await sendAll();
    expect(mailTo(en.email)).toHaveLength(1);
  });

  it('mails a promo when it starts and a challenge in its month, to the readers of their language', async () => {
    const en = await partner('promo-en@example.com');
    const fr = await partner('promo-fr@example.com', { locale: 'fr' });
    const today = new Date().toISOString().slice(0, 10);
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await staff('POST', '/api/manager/promotions', {
      content: { fr: { title: 'Semaine ACV', body: 'Partagez ACV.' } },
      product: 'acv',
      starts_on: today,
      ends_on: later,
    });
    await staff('POST', '/api/manager/promotions', {
      content: { en: { title: 'Not yet', body: 'Soon.' } },
      product: null,
      starts_on: later,
      ends_on: later,
    });
    const month = new Date().toISOString().slice(0, 7);
    expect(
      (
        await staff('POST', '/api/manager/challenges', {
          month,
          content: { en: { title: 'Ten this month', body: 'Go!' } },
          metric: 'sales_count',
          target: 10,
          reward: { kind: 'bonus', amount: 25 },
        })
      ).statusCode,
    ).toBe(201);
    await queueProgramNews(t.database.db);
    await sendAll();
    expect(mailTo(fr.email).map((m) => m.subject)).toEqual(['La promo du mois\u00a0: Semaine ACV']);
    expect(mailTo(en.email).map((m) => m.subject)).toEqual(['New challenge: Ten this month']);
    expect(mailTo(en.email)[0]!.text).toContain('Goal: 10 sales in');
    expect(mailTo(en.email)[0]!.text).toContain('Reward: a $25.00 bonus.');
  });

  it('switches a kind off from the link (page or one click) and the next digest is not sent; the page can undo it', async () => {
    const seller = await partner('unsub@example.com', { code: 'UNSUB15' });
    const control = await partner('still-subscribed@example.com', { code: 'STILL15' });
    await digestFrom(Date.now() - HOUR);
    await sale('UNSUB15');
    await t.app.background.tick();
    const first = new Date(Date.now() + HOUR + 3 * 60_000);
    await queueSaleDigests(t.database.db, clock, first);
    await sendAll(first);
    const [digest] = mailTo(seller.email);
    const token = tokenOf(digest!);

    const off = await t.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token } });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toEqual({
      kind: 'sales_digest',
      switches: { sales_digest: false, announcements: true, promotions: true, challenges: true },
    });
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/mail_preferences',
      headers: bearer(seller.token),
    });
    expect(settings.json().data.sales_digest).toBe(false);

    // The next window: both partners sell; only the one still subscribed gets a digest.
    await digestFrom(Date.now());
    await sale('UNSUB15');
    await sale('STILL15');
    await t.app.background.tick();
    const next = new Date(Date.now() + 2 * HOUR + 3 * 60_000);
    await queueSaleDigests(t.database.db, clock, next);
    await sendAll(next);
    expect(mailTo(control.email)).toHaveLength(1);
    expect(mailTo(seller.email)).toHaveLength(1);

    // The page's undo, then the mail client's one-click (a form to the header's address).
    const undo = await t.app.inject({
      method: 'PUT',
      url: '/api/unsubscribe',
      payload: { token, switches: { sales_digest: true } },
    });
    expect(undo.json().data.switches.sales_digest).toBe(true);
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json().data.switches.sales_digest).toBe(false);
    // RFC 8058's own example posts multipart/form-data; some clients post nothing at all.
    const clicks = [
      {
        headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
        payload:
          '--XYZ\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--XYZ--\r\n',
      },
      { headers: {} },
      { headers: { 'content-type': 'text/plain' }, payload: 'list-unsubscribe=one-click' },
    ];
    for (const click of clicks) {
      await t.app.inject({
        method: 'PUT',
        url: '/api/unsubscribe',
        payload: { token, switches: { sales_digest: true } },
      });
      const answer = await t.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${token}`, ...click });
      expect(answer.statusCode, JSON.stringify(click.headers)).toBe(200);
      expect(answer.json().data.switches.sales_digest).toBe(false);
    }
    // A browser opening the header's address gets the page, and the GET changes nothing.
    await t.app.inject({
      method: 'PUT',
      url: '/api/unsubscribe',
      payload: { token, switches: { sales_digest: true } },
    });
    const opened = await t.app.inject({ method: 'GET', url: `/api/unsubscribe?token=${token}` });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`/unsubscribe?token=${token}`);
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/mail_preferences', headers: bearer(seller.token) })
      ).json().data.sales_digest,
    ).toBe(true);
  });

  it('drops a queued mail whose kind the partner switched off in settings before it went out', async () => {
    const reader = await partner('settings@example.com');
    await staff('POST', '/api/manager/announcements', {
      content: { en: { title: 'Before the switch', body: 'Hello.' } },
    });
    await queueProgramNews(t.database.db);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/mail_preferences',
      headers: bearer(reader.token),
      payload: { announcements: false },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({
      sales_digest: true,
      announcements: false,
      promotions: true,
      challenges: true,
    });
    await sendAll();
    expect(mailTo(reader.email)).toHaveLength(0);
    const row = (await outbox()).find((r) => r.partner_id === reader.id);
    expect(row).toMatchObject({ outcome: 'unsubscribed' });
    // Two changes at once (two tabs): neither is lost.
    await Promise.all([
      t.app.inject({
        method: 'PUT',
        url: '/api/mail_preferences',
        headers: bearer(reader.token),
        payload: { promotions: false },
      }),
      t.app.inject({
        method: 'PUT',
        url: '/api/mail_preferences',
        headers: bearer(reader.token),
        payload: { challenges: false },
      }),
    ]);
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/mail_preferences', headers: bearer(reader.token) })
      ).json().data,
    ).toEqual({ sales_digest: true, announcements: false, promotions: false, challenges: false });
  });

  it('loses no mail and doubles none while the SMTP server refuses for a while', async () => {
    const readers = await Promise.all([1, 2, 3].map((n) => partner(`patient-${n}@example.com`)));
    await staff('POST', '/api/manager/announcements', {
      content: { en: { title: 'Worth the wait', body: 'Hello.' } },
    });
    await queueProgramNews(t.database.db);
    smtp.refuse(true);
    const now = Date.now();
    await sendAll(new Date(now));
    await sendAll(new Date(now + 60_000));
    await sendAll(new Date(now + 5 * 60_000));
    for (const r of readers) expect(mailTo(r.email)).toHaveLength(0);
    const waiting = (await outbox()).filter((r) => readers.some((p) => p.id === r.partner_id));
    expect(waiting).toHaveLength(3);
    expect(waiting.every((r) => r.done_at === null)).toBe(true);
    // The server's answer is kept for staff to see.
    expect(
      (await outbox()).some((r) => r.done_at === null && r.last_error?.includes('try again later')),
    ).toBe(true);
    smtp.refuse(false);
    await sendAll(new Date(now + 2 * HOUR));
    for (const r of readers) expect(mailTo(r.email).map((m) => m.subject)).toEqual(['Worth the wait']);
    expect((await outbox()).filter((r) => r.done_at === null)).toEqual([]);
  });

  it('answers bad or unknown tokens and bad switches with 4xx and changes nothing; the switches are the partner’s own', async () => {
    const someone = await partner('guard@example.com');
    const before = await t.database.db.selectFrom('mail_preferences').selectAll().execute();
    const post = (payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: payload as object });
    expect((await post({ token: 'A'.repeat(43) })).statusCode).toBe(404);
    expect((await post({ token: 'short' })).statusCode).toBe(422);
    expect((await post({})).statusCode).toBe(422);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/unsubscribe',
          headers: { 'content-type': 'application/json' },
          payload: '{"token":',
        })
      ).statusCode,
    ).toBe(422);
    expect((await t.app.inject({ method: 'POST', url: '/api/unsubscribe?token=bad' })).statusCode).toBe(422);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/unsubscribe',
          payload: { token: 'A'.repeat(43), switches: { announcements: false } },
        })
      ).statusCode,
    ).toBe(404);
    for (const payload of [{}, { announcements: 'no' }, { newsletter: false }])
      expect(
        (
          await t.app.inject({
            method: 'PUT',
            url: '/api/mail_preferences',
            headers: bearer(someone.token),
            payload,
          })
        ).statusCode,
        JSON.stringify(payload),
      ).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/api/mail_preferences' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/mail_preferences', headers: bearer(manager.token) }))
        .statusCode,
    ).toBe(401);
    expect(await t.database.db.selectFrom('mail_preferences').selectAll().execute()).toEqual(before);
  });
});

describe('an SMTP refusal', () => {
  // Shaped as nodemailer reports them (code, command, responseCode).
  it('is for good only when the server refused the mail itself', () => {
    expect(refusedForGood({ code: 'EENVELOPE', command: 'RCPT TO', responseCode: 550 })).toBe(true);
    expect(refusedForGood({ code: 'EMESSAGE', command: 'DATA', responseCode: 554 })).toBe(true);
    expect(refusedForGood({ command: 'MAIL FROM', responseCode: 553 })).toBe(true);
  });
  it('is to be tried again when it is about the connection, the sign-in or a busy server', () => {
    expect(refusedForGood({ code: 'EAUTH', command: 'AUTH PLAIN', responseCode: 535 })).toBe(false);
    expect(refusedForGood({ code: 'EPROTOCOL', command: 'CONN', responseCode: 554 })).toBe(false);
    expect(refusedForGood({ code: 'ECONNECTION' })).toBe(false);
    expect(refusedForGood({ code: 'EENVELOPE', command: 'RCPT TO', responseCode: 451 })).toBe(false);
    expect(refusedForGood(new Error('socket hang up'))).toBe(false);
  });
});

describe('the outbox claim', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes a payout mail before the program mail queued ahead of it', async () => {
    const p = await createPartnerAccount(t.database.db, {
      email: 'claim-order@example.com',
      password: 'claim-order-password',
      first_name: 'Claim',
      last_name: 'Order',
    });
    const at = new Date(Date.now() - 60_000).toISOString();
    const row = (kind: string, n: number) => ({
      partner_id: p.id,
      kind: kind as never,
      ref_id: n,
      payload: null,
      dedupe_key: `claim-order:${kind}:${n}`,
      run_after: at,
      attempts: 0,
      created_at: at,
    });
    await t.database.db
      .insertInto('mail_outbox')
      .values([1, 2, 3].map((n) => row('announcements', n)))
      .execute();
    await t.database.db.insertInto('mail_outbox').values(row('payout_status', 4)).execute();
    const claimed = await claimDueMail(
      t.database.db,
      new Date().toISOString(),
      new Date(Date.now() + 60_000).toISOString(),
      2,
    );
    // The payout mail and the oldest announcement (in whatever order the database returns them).
    expect(claimed.map((r) => `${r.kind}:${r.ref_id}`).sort()).toEqual([
      'announcements:1',
      'payout_status:4',
    ]);
  });
});
