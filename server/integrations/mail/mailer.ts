// Sends mail over SMTP when SMTP_URL is set; otherwise writes each message as an owner-only .eml
// file under DATA_DIR/outbox/ and logs its recipient and subject (never its links: they carry
// one-time tokens); in development the links are printed once on the console, so a developer can
// follow every link a partner would receive.
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { makePrivateDir, writePrivateFile } from '../../private-files';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (program mail's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /**
   * The Message-ID, `<...@host>`; without it nodemailer makes a random one per send. The outbox
   * gives each row its own, the same at every attempt, so a mail sent again (after a crash between
   * the SMTP server's accept and the row's marking) is recognisably the same message.
   */
  messageId?: string;
}

export interface SentMail {
  /** The Message-ID the mail went out with (the one asked for, or nodemailer's own). */
  messageId: string;
  /** The .eml file, when the outbox is used. */
  file?: string;
}

/**
 * Where a mail's line is logged: the sender's own logger (a request's, a job run's) so the line
 * carries its request or run id (decisions/041). `info` is optional so that a narrow test logger
 * passes too; without it the mailer's own logger is used.
 */
export interface MailLog {
  info?(obj: object, msg: string): void;
}

export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  send(message: MailMessage, log?: MailLog): Promise<SentMail>;
  close(): void;
}

/** The mailer, its lines logged through `log`: for code that hands a mailer on (program mail, payout notices). */
export function withMailLog(mailer: Mailer, log: MailLog): Mailer {
  return { mode: mailer.mode, send: (message) => mailer.send(message, log), close: () => mailer.close() };
}

export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s"'<>]+/g) ?? [])];
}

export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  log: Pick<FastifyBaseLogger, 'info'>;
  /** Where the outbox's links are printed (the console, in development only). */
  printLinks?: ((text: string) => void) | undefined;
}): Mailer {
  const logOf = (given: MailLog | undefined): Pick<FastifyBaseLogger, 'info'> =>
    given?.info ? (given as Pick<FastifyBaseLogger, 'info'>) : options.log;
  if (options.smtpUrl) {
    // Timeouts well under the program-mail outbox's lease (five minutes): a stalled server fails a
    // send, which is retried, rather than hold it until another node sends the same mail.
    const transport: Transporter = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    return {
      mode: 'smtp',
      async send(message, log) {
        const info = await transport.sendMail({ from: options.from, ...message });
        logOf(log).info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    mode: 'outbox',
    async send(message, log) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await makePrivateDir(options.outboxDir);
      // Sortable by time, unique across nodes writing to the same folder.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(options.outboxDir, name);
      await writePrivateFile(file, info.message as Buffer);
      // The log never holds a mail's links: they carry one-time tokens (a reset, an invitation).
      logOf(log).info(
        { to: message.to, subject: message.subject, file },
        `mail written to the outbox: ${message.subject}`,
      );
      // In development the links are printed once on the console, to follow them at once.
      options.printLinks?.(
        `mail to ${message.to}: ${message.subject}\n${linksIn(message.text)
          .map((link) => `  ${link}\n`)
          .join('')}`,
      );
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}
