import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, linksIn } from './mailer';
import { programMail, resetPasswordMail, verifyEmailMail, welcomeMail } from './templates';

const quietLog = { info: () => undefined };

describe('mail templates', () => {
  const link = 'http://localhost:3000/verify_email?token=abc123';

  it('render in English and French with the shared layout and the link', () => {
    const en = verifyEmailMail({ email: 'a@b.co', firstName: 'Maya', locale: 'en' }, link);
    const fr = verifyEmailMail({ email: 'a@b.co', firstName: 'Maya', locale: 'fr' }, link);
    expect(en.subject).toBe('Confirm your e-mail address');
    expect(fr.subject).toBe('Confirmez votre adresse e-mail');
    expect(en.text).toContain('Hi Maya,');
    expect(fr.text).toContain('Bonjour Maya,');
    for (const mail of [en, fr]) {
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.text).toContain(link);
      expect(mail.html).toContain('Sunbite Partners');
    }
    expect(fr.html).toContain('<html lang="fr">');
    const reset = resetPasswordMail(
      { email: 'a@b.co', firstName: 'Léa', locale: 'fr' },
      'http://x/reset_password?token=t',
    );
    expect(reset.subject).toBe('Réinitialisez votre mot de passe');
    expect(reset.text).toContain('1 heure');
  });

  it('leave transactional mail without an unsubscribe link or header, and give program mail both', () => {
    const transactional = [
      verifyEmailMail({ email: 'a@b.co', firstName: 'A', locale: 'en' }, link),
      resetPasswordMail({ email: 'a@b.co', firstName: 'A', locale: 'fr' }, link),
    ];
    for (const mail of transactional) {
      expect(mail.headers).toBeUndefined();
      expect(mail.text).not.toMatch(/unsubscribe|désabonner/i);
    }
    const unsubscribe = {
      pageUrl: 'http://p.test/unsubscribe?token=t',
      oneClickUrl: 'http://p.test/api/unsubscribe?token=t',
      settingsUrl: 'http://p.test/account/profile#mail',
      what: 'annonces du programme',
    };
    const program = programMail(
      { email: 'a@b.co', firstName: 'Léa', locale: 'fr' },
      {
        subject: 'Le matcha',
        paragraphs: ['<b>Nouveau</b>'],
        action: { label: 'Voir', url: 'http://p.test/account/' },
        unsubscribe,
      },
    );
    expect(program.headers).toEqual({
      'List-Unsubscribe': '<http://p.test/api/unsubscribe?token=t>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(program.text).toContain('Se désabonner\u00a0: http://p.test/unsubscribe?token=t');
    expect(program.html).toContain('href="http://p.test/unsubscribe?token=t"');
    expect(program.html).toContain('&lt;b&gt;Nouveau&lt;/b&gt;');
  });

  it('write the welcome in English and French: code, short link, three steps with their links, help', () => {
    const base = 'https://p.test';
    const welcome = {
      code: 'MAYA15',
      shortUrl: `${base}/s/MAYA15`,
      urls: {
        dashboard: `${base}/account/`,
        guide: `${base}/account/crafting_perfect_post`,
        share: `${base}/account/affiliate_links`,
        cashout: `${base}/account/cashout`,
        faq: `${base}/account/faq`,
      },
    };
    const en = welcomeMail({ email: 'a@b.co', firstName: 'Maya', locale: 'en' }, welcome);
    const fr = welcomeMail({ email: 'a@b.co', firstName: 'Maya', locale: 'fr' }, welcome);
    expect(en.subject).toBe('Welcome to Sunbite Partners: your code is ready');
    expect(fr.subject).toBe('Bienvenue chez Sunbite Partners\u00a0: votre code est prêt');
    expect(en.text).toContain('Hi Maya,');
    expect(en.text).toContain('Your promo code: MAYA15');
    expect(en.text).toContain('Your short link: https://p.test/s/MAYA15');
    expect(en.text).toMatch(
      /1\. Read the post guide — .+\n {3}https:\/\/p\.test\/account\/crafting_perfect_post/,
    );
    expect(en.text).toMatch(/2\. Share your links — .+\n {3}https:\/\/p\.test\/account\/affiliate_links/);
    expect(en.text).toMatch(/3\. Cash out — .+\n {3}https:\/\/p\.test\/account\/cashout/);
    expect(en.text).toContain('Read the FAQ: https://p.test/account/faq');
    expect(en.text).toContain('Write to us at partners@sunbite.example');
    expect(fr.text).toContain('Bonjour Maya,');
    expect(fr.text).toContain('Votre code promo\u00a0: MAYA15');
    expect(fr.text).toMatch(/1\. Lisez le guide de publication — /);
    expect(fr.text).toContain('Écrivez-nous à partners@sunbite.example');
    for (const mail of [en, fr]) {
      // Three steps, in order, each a link; the FAQ under the button; no way out: a service mail.
      const steps = [...mail.html.matchAll(/<li[^>]*><a href="([^"]+)"/g)].map((m) => m[1]);
      expect(steps).toEqual([welcome.urls.guide, welcome.urls.share, welcome.urls.cashout]);
      expect(mail.html).toContain(`href="${welcome.urls.faq}"`);
      expect(mail.html).toContain(`href="${welcome.urls.dashboard}"`);
      expect(mail.headers).toBeUndefined();
    }
    expect(fr.html).toContain('<html lang="fr">');
    // Without a code (none yet), no code line and no short link, the rest the same.
    const bare = welcomeMail(
      { email: 'a@b.co', firstName: '<b>Léa</b>', locale: 'fr' },
      { ...welcome, code: null, shortUrl: null },
    );
    expect(bare.text).not.toContain('code promo');
    expect(bare.text).not.toContain('/s/');
    expect(bare.html).toContain('&lt;b&gt;Léa&lt;/b&gt;');
  });

  it('fall back to English for an unknown locale', () => {
    expect(verifyEmailMail({ email: 'a@b.co', firstName: 'A', locale: 'de' }, link).subject).toBe(
      'Confirm your e-mail address',
    );
  });

  it('escape what a partner typed', () => {
    const mail = verifyEmailMail(
      { email: 'a@b.co', firstName: '<script>alert(1)</script>', locale: 'en' },
      link,
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });
});

describe('the outbox mailer', () => {
  it('writes each mail as an owner-only .eml file and logs its subject, never its one-time links', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-outbox-'));
    const dir = path.join(root, 'outbox');
    const logged: unknown[] = [];
    const printed: string[] = [];
    const mask = process.umask(0);
    let mailer: ReturnType<typeof createMailer>;
    let sent: Awaited<ReturnType<ReturnType<typeof createMailer>['send']>>;
    const mail = verifyEmailMail(
      { email: 'maya@example.com', firstName: 'Maya', locale: 'en' },
      'http://localhost:3000/verify_email?token=t1',
    );
    try {
      // Even with no umask at all: the folder and the file are their owner's alone.
      mailer = createMailer({
        from: 'Partners <p@x.test>',
        outboxDir: dir,
        log: { info: (o: unknown) => logged.push(o) },
        printLinks: (text) => printed.push(text),
      });
      sent = await mailer.send(mail);
    } finally {
      process.umask(mask);
    }
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(sent.file!).mode & 0o777).toBe(0o600);
    expect(JSON.stringify(logged)).not.toContain('token=t1');
    expect(printed.join('')).toContain('http://localhost:3000/verify_email?token=t1');
    expect(mailer.mode).toBe('outbox');
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(path.join(dir, files[0]!)).toBe(sent.file);
    const parsed = await simpleParser(fs.readFileSync(sent.file!));
    expect(parsed.subject).toBe('Confirm your e-mail address');
    expect(parsed.from?.value[0]?.address).toBe('p@x.test');
    expect(JSON.stringify(parsed.to)).toContain('maya@example.com');
    expect(parsed.text).toContain('http://localhost:3000/verify_email?token=t1');
    expect(parsed.html).toContain('href="http://localhost:3000/verify_email?token=t1"');
    expect(logged[0]).toEqual({
      to: 'maya@example.com',
      subject: 'Confirm your e-mail address',
      file: sent.file,
    });
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('finds the links of a text', () => {
    expect(linksIn('go to https://a.test/x?y=1 or http://b.test.')).toEqual([
      'https://a.test/x?y=1',
      'http://b.test.',
    ]);
  });
});

describe('the SMTP mailer', () => {
  const received: { from: string; to: string[]; data: string }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    // A real SMTP peer on loopback: what the mailer sends is what a mail server would get.
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers over SMTP_URL', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Sunbite Partners <partners@sunbite.example>',
      outboxDir: '/nonexistent',
      log: quietLog,
    });
    expect(mailer.mode).toBe('smtp');
    await mailer.send(
      resetPasswordMail(
        { email: 'lea@example.com', firstName: 'Léa', locale: 'fr' },
        'http://localhost:3000/reset_password?token=r1',
      ),
    );
    mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe('partners@sunbite.example');
    expect(received[0]!.to).toEqual(['lea@example.com']);
    const parsed = await simpleParser(received[0]!.data);
    expect(parsed.subject).toBe('Réinitialisez votre mot de passe');
    expect(parsed.text).toContain('http://localhost:3000/reset_password?token=r1');
  });

  it('fails loudly when the server cannot be reached, so the caller can retry', async () => {
    const mailer = createMailer({
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'x@y.test',
      outboxDir: '/nonexistent',
      log: quietLog,
    });
    await expect(
      mailer.send({ to: 'a@b.test', subject: 's', html: '<p>h</p>', text: 'h' }),
    ).rejects.toThrow();
    mailer.close();
  });
});
