// Sends mail over SMTP when SMTP_URL is set; otherwise writes each message as an .eml file
// under DATA_DIR/outbox/ and logs its subject and links, so a developer (and the end-to-end
// tests) can follow every link a partner would receive.
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
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
}

export interface SentMail {
  messageId: string;
  /** The .eml file, when the outbox is used. */
  file?: string;
}

export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}

export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s"'<>]+/g) ?? [])];
}

export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  log: Pick<FastifyBaseLogger, 'info'>;
}): Mailer {
  if (options.smtpUrl) {
    // Timeouts well under the program-mail outbox's lease (five minutes): a stalled server fails a
    // send, which is retried, rather than hold it until another node sends the same mail.
    const transport: Transporter = nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 });
    return {
      mode: 'smtp',
      async send(message) {
        const info = await transport.sendMail({ from: options.from, ...message });
        options.log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    mode: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(options.outboxDir, { recursive: true });
      // Sortable by time, unique across nodes writing to the same folder.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(options.outboxDir, name);
      await fs.writeFile(file, info.message as Buffer);
      options.log.info(
        { to: message.to, subject: message.subject, links: linksIn(message.text), file },
        `mail written to the outbox: ${message.subject}`,
      );
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}
