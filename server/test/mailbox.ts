// Reads what the outbox mailer wrote, as a partner's mailbox would show it.
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

export async function readOutbox(dataDir: string): Promise<ReceivedMail[]> {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const mail = await simpleParser(fs.readFileSync(path.join(dir, file)));
      const text = mail.text ?? '';
      const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
      return {
        to,
        subject: mail.subject ?? '',
        text,
        links: [...new Set(text.match(/https?:\/\/\S+/g) ?? [])],
      };
    }),
  );
}

/** The token of the last link to `route` mailed to `email`. */
export async function lastLinkToken(dataDir: string, email: string, route: string): Promise<string> {
  const mails = (await readOutbox(dataDir)).filter((m) => m.to.includes(email));
  const link = mails
    .flatMap((m) => m.links)
    .reverse()
    .find((l) => l.includes(`/${route}?token=`));
  if (!link) throw new Error(`no ${route} link mailed to ${email}`);
  return new URL(link).searchParams.get('token')!;
}
