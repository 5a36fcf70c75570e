// The welcome mail (docs/product/partners-and-accounts.md#welcome-mail): the first verification of
// an address queues exactly one, in the partner's mail language, with the code, the short link, the
// three first steps and where to get help; following the link again, a retried queueing or a
// verification after a change of the account e-mail queue none, and the program mail switches do
// not stop it (a service mail, without an unsubscribe link).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '../../integrations/mail/mailer';
import { solvedAltcha } from '../../test/altcha';
import { createTestApp, type TestApp } from '../../test/app';
import { lastLinkToken } from '../../test/mailbox';
import { finishSignUp } from '../../test/sign-up';
import { issueToken } from '../auth/service';
import { VERIFY_LINK_LIFETIME_MS } from '../email-verification/service';
import { issueOneTimeToken } from '../one-time-tokens/service';
import { createPartnerAccount } from '../partners/service';
import { MAIL_KINDS, queueWelcomeMail, sendDueMail, setMailSwitches } from '../program-mail/service';
import { createPromoCode } from '../promo-codes/service';

const CLIENT = 'welcome-mail-test-public-client-00';
const PUBLIC = 'https://partners.example.test';
const client = { authorization: `Bearer ${CLIENT}` };
const quiet = { error: () => undefined, info: () => undefined };

describe('the welcome mail', () => {
  let t: TestApp;
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    mode: 'outbox',
    send: (message) => {
      sent.push(message);
      return Promise.resolve({ messageId: message.messageId ?? `<m${sent.length}@test>` });
    },
    close: () => undefined,
  };

  beforeAll(async () => {
    t = await createTestApp({
      env: { PUBLIC_CLIENT_TOKEN: CLIENT, PUBLIC_URL: PUBLIC },
      build: { rateLimits: { registration: 1000, challenge: 1000 } },
    });
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const welcomes = (partnerId: number) =>
    db()
      .selectFrom('mail_outbox')
      .select(['id', 'dedupe_key', 'outcome'])
      .where('partner_id', '=', partnerId)
      .where('kind', '=', 'welcome')
      .execute();
  const sendAll = async () => {
    while ((await sendDueMail(db(), { mailer, publicUrl: PUBLIC }, quiet)).handled > 0);
  };
  const mailsTo = (email: string) => sent.filter((m) => m.to === email);
  const verify = (token: string, password?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/verify_email',
      headers: client,
      payload: { token, ...(password ? { password } : {}) },
    });
  /** An account made unverified (as before registration waited for the confirmed address), with its code. */
  const unverified = async (email: string, code: string, locale: 'en' | 'fr' = 'en') => {
    const p = await createPartnerAccount(db(), {
      email,
      password: 'old-password-1',
      first_name: 'Noah',
      last_name: 'Welcome',
      locale,
    });
    await createPromoCode(db(), p.id, code);
    return p;
  };

  it('welcomes a sign-up once, in French, with the code, the short link, the steps and help; switches off do not stop it', async () => {
    const email = 'maya.welcome@example.com';
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/add',
      headers: client,
      payload: {
        first_name: 'Maya',
        last_name: 'Tremblay',
        email,
        password: 'gummies-for-breakfast',
        password_confirmation: 'gummies-for-breakfast',
        promo_code: 'MAYAGLOWS',
        phone: '+1 514 555 0100',
        date_of_birth: '1992-07-14',
        country: 'CA',
        category_id: 2,
        instagram_url: 'https://instagram.com/maya.glows',
        accepted_terms: true,
        locale: 'fr',
        altcha: await solvedAltcha(t.app, CLIENT),
      },
    });
    expect(res.statusCode).toBe(202);
    await finishSignUp(t.app, t.dataDir, email, CLIENT);
    const partner = await db()
      .selectFrom('partners')
      .select(['id'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(await welcomes(partner.id)).toEqual([
      expect.objectContaining({ dedupe_key: `welcome:${partner.id}`, outcome: null }),
    ]);

    // The link followed again says "already verified" and queues nothing; nor does a retry.
    const again = await verify(
      await lastLinkToken(t.dataDir, email, 'verify_email'),
      'gummies-for-breakfast',
    );
    expect(again.statusCode).toBe(200);
    expect(
      await db()
        .transaction()
        .execute((trx) => queueWelcomeMail(trx, partner.id)),
    ).toBe(false);
    expect(await welcomes(partner.id)).toHaveLength(1);

    // Every program mail switch off: the welcome is a service mail and still goes.
    await setMailSwitches(db(), partner.id, Object.fromEntries(MAIL_KINDS.map((k) => [k, false])));
    await sendAll();
    await sendAll();
    const [mail, ...more] = mailsTo(email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Bienvenue chez Sunbite Partners\u00a0: votre code est prêt');
    expect(mail!.text).toContain('Bonjour Maya,');
    expect(mail!.text).toContain('Votre code promo\u00a0: MAYAGLOWS');
    expect(mail!.text).toContain(`Votre lien court\u00a0: ${PUBLIC}/s/MAYAGLOWS`);
    expect(mail!.text).toContain('1. Lisez le guide de publication');
    expect(mail!.text).toContain('3. Encaissez vos gains');
    for (const page of ['crafting_perfect_post', 'affiliate_links', 'cashout', 'faq'])
      expect(mail!.html).toContain(`href="${PUBLIC}/account/${page}"`);
    expect(mail!.text).toContain('partners@sunbite.example');
    expect(mail!.html).toContain('<html lang="fr">');
    expect(mail!.headers).toBeUndefined();
    expect(mail!.text).not.toMatch(/désabonner|unsubscribe/i);
    expect(await welcomes(partner.id)).toEqual([expect.objectContaining({ outcome: 'sent' })]);
  });

  it('welcomes an older unverified account at its verification link, in English, once', async () => {
    const email = 'noah.welcome@example.com';
    const p = await unverified(email, 'NOAH15');
    const token = await issueOneTimeToken(db(), 'verify_email', p.id, VERIFY_LINK_LIFETIME_MS);
    expect((await verify(token)).statusCode).toBe(200);
    expect((await verify(token)).json().data.message).toBe('Your e-mail is already verified.');
    expect(await welcomes(p.id)).toHaveLength(1);
    await sendAll();
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Welcome to Sunbite Partners: your code is ready');
    expect(mails[0]!.text).toContain('Hi Noah,');
    expect(mails[0]!.text).toContain('Your promo code: NOAH15');
    expect(mails[0]!.text).toContain(`Your short link: ${PUBLIC}/s/NOAH15`);
    expect(mails[0]!.text).toContain(`${PUBLIC}/account/crafting_perfect_post`);
  });

  it('sends no welcome for a new address verified after a change of the account e-mail', async () => {
    const email = 'olivia.change@example.com';
    const p = await unverified(email, 'OLIVIA10');
    await db().updateTable('partners').set({ verified: 1 }).where('id', '=', p.id).execute();
    const { token: session } = await issueToken(db(), 'partner', p.id);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/change-email',
      headers: { authorization: `Bearer ${session}` },
      payload: { email: 'olivia.new@example.com', current_password: 'old-password-1' },
    });
    expect(changed.statusCode).toBe(200);
    const token = await issueOneTimeToken(db(), 'verify_email', p.id, VERIFY_LINK_LIFETIME_MS);
    expect((await verify(token)).statusCode).toBe(200);
    expect(
      (await db().selectFrom('partners').select('verified').where('id', '=', p.id).executeTakeFirstOrThrow())
        .verified,
    ).toBe(1);
    expect(await welcomes(p.id)).toEqual([]);
  });
});
