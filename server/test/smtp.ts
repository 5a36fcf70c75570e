// A real SMTP server on loopback for tests: what the portal sends is what a mail server would get.
// It can refuse every message for a while (a mail server down or full), and can keep each message
// as an .eml file (the browser tests' mailbox).
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Each header as written (lower-case name), unparsed. */
  headers: Map<string, string>;
  links: string[];
}

export interface TestSmtp {
  port: number;
  url: string;
  received: TestMail[];
  /** While set, every message is answered 451 (try again later). */
  refuse(on: boolean): void;
  close(): Promise<void>;
}

export async function startTestSmtp(options: { port?: number; dir?: string } = {}): Promise<TestSmtp> {
  const received: TestMail[] = [];
  let refusing = false;
  if (options.dir) fs.mkdirSync(options.dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusing) {
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks);
        if (options.dir)
          fs.writeFileSync(
            path.join(
              options.dir,
              `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
            ),
            raw,
          );
        simpleParser(raw)
          .then((mail) => {
            const text = mail.text ?? '';
            received.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: mail.subject ?? '',
              text,
              html: typeof mail.html === 'string' ? mail.html : '',
              headers: new Map(
                mail.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(':') + 1).trim()]),
              ),
              links: [...new Set(text.match(/https?:\/\/\S+/g) ?? [])],
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse: (on) => {
      refusing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
