// Screenshots of the back office's staff accounts (issue 13): the list, the invitation form and the
// invitation page, English light and French dark, at phone and desktop widths, for a person to look
// at (engineering guide, "Look and feel"). Against a running server with the demo program and mail
// written to the outbox (no SMTP_URL), e.g. `PORT=3397 DATA_DIR=.tmp/bo-staff node scripts/start.mjs`.
// Usage: BASE_URL=http://127.0.0.1:3397 DATA_DIR=.tmp/bo-staff npx tsx scripts/staff-screenshots.ts
//   → .tmp/screens/staff/<page>-<width>-<locale>-<theme>.png
import fs from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { CHROMIUM, CHROMIUM_FLAGS } from './lib/chromium';
import { DEMO_ACCOUNTS, LOOKS, signIn, WIDTHS } from './lib/screenshot-session';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3397';
const DATA_DIR = process.env.DATA_DIR ?? '.tmp/bo-staff';
const OUT = '.tmp/screens/staff';
const ADMIN = DEMO_ACCOUNTS.admin;

async function call(method: string, url: string, bearer: string, body?: unknown) {
  const res = await fetch(`${BASE_URL}${url}`, {
    method,
    headers: { authorization: `Bearer ${bearer}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** The newest invitation link the outbox holds for `email`. */
async function invitationLink(email: string): Promise<string> {
  const dir = path.join(DATA_DIR, 'outbox');
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .reverse();
  for (const file of files) {
    const mail = await simpleParser(fs.readFileSync(path.join(dir, file)));
    const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join() : (mail.to?.text ?? '');
    const link = mail.text?.match(/https?:\/\/\S+\/manager\/invite\?token=\S+/)?.[0];
    if (to.includes(email) && link) return new URL(link).pathname + new URL(link).search;
  }
  throw new Error(`no invitation mailed to ${email}`);
}

async function main() {
  await mkdir(OUT, { recursive: true });
  const session = await signIn(BASE_URL, 'staff', ADMIN);
  // A list with each status: an invited person (one whose link expired shows too), a deactivated one.
  const unique = Date.now().toString(36);
  const invited = `nina.${unique}@sunbite.example`;
  await call('POST', '/api/manager/staff', session.token, {
    email: invited,
    name: 'Nina Tremblay',
    role: 'manager',
    locale: 'fr',
  });
  const gone = (await call('POST', '/api/manager/staff', session.token, {
    email: `dan.${unique}@sunbite.example`,
    name: 'Dan Okafor',
    role: 'reviewer',
    locale: 'en',
  })) as { data: { id: number } };
  await call('PATCH', `/api/manager/staff/${gone.data.id}`, session.token, { status: 'deactivated' });
  const inviteUrl = await invitationLink(invited);

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  // A dialog is shot as the screen shows it: a full-page shot would stitch the phone's bottom sheet mid-page.
  const shots: {
    name: string;
    path: string;
    signedIn: boolean;
    dialog?: boolean;
    prepare?: (page: Page) => Promise<void>;
  }[] = [
    {
      name: 'list',
      path: '/manager/staff',
      signedIn: true,
      prepare: (page) => page.getByTestId('staff-row').first().waitFor(),
    },
    {
      name: 'invite-form',
      dialog: true,
      path: '/manager/staff',
      signedIn: true,
      prepare: async (page) => {
        await page.getByTestId('staff-row').first().waitFor();
        await page.getByTestId('staff-invite-open').click();
        await page.getByTestId('staff-invite-name').fill('Léa Martin');
        await page.getByTestId('staff-invite-email').fill('lea.martin@sunbite.example');
        await page.getByTestId('staff-invite-role').selectOption('manager');
      },
    },
    {
      name: 'invite-form-errors',
      dialog: true,
      path: '/manager/staff',
      signedIn: true,
      prepare: async (page) => {
        await page.getByTestId('staff-row').first().waitFor();
        await page.getByTestId('staff-invite-open').click();
        await page.getByTestId('staff-invite-name').fill('Demo again');
        await page.getByTestId('staff-invite-email').fill(ADMIN.email);
        await page.getByTestId('staff-invite-submit').click();
        await page.locator('[data-field-error]').first().waitFor();
      },
    },
    {
      name: 'deactivate-confirm',
      dialog: true,
      path: '/manager/staff',
      signedIn: true,
      prepare: async (page) => {
        await page.getByTestId('staff-deactivate').first().click();
        await page.getByTestId('staff-confirm').waitFor();
      },
    },
    {
      name: 'invite-page',
      path: inviteUrl,
      signedIn: false,
      prepare: (page) => page.getByTestId('invite-form').waitFor(),
    },
    {
      name: 'invite-page-used',
      path: '/manager/invite?token=no-such-token',
      signedIn: false,
      prepare: (page) => page.getByTestId('invite-refused').waitFor(),
    },
  ];
  for (const { locale, theme } of LOOKS) {
    for (const width of WIDTHS) {
      const context = await browser.newContext({
        viewport: { width, height: width < 600 ? 844 : 900 },
        deviceScaleFactor: 1,
      });
      for (const shot of shots) {
        const page = await context.newPage();
        await page.addInitScript(
          ({ locale, theme, token }) => {
            localStorage.setItem('locale', locale);
            localStorage.setItem('theme', theme);
            if (token) localStorage.setItem('manager_token', token);
            else localStorage.removeItem('manager_token');
          },
          { locale, theme, token: shot.signedIn ? JSON.stringify(session) : null },
        );
        await page.goto(`${BASE_URL}${shot.path}`);
        await shot.prepare?.(page);
        await page.waitForTimeout(400);
        const file = `${OUT}/${shot.name}-${width}-${locale}-${theme}.png`;
        await page.screenshot({ path: file, fullPage: !shot.dialog });
        console.log(file);
        await page.close();
      }
      await context.close();
    }
  }
  await browser.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
