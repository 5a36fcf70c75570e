// Screenshots of staff two-factor sign-in (issue 13, docs/decisions/035-staff-totp.md): the
// sign-in's second step, the Security page in each state (off, setting up, recovery codes, on,
// turning off), the admins' part, and enrolment required by the program; English light and French
// dark, at phone and desktop widths, for a person to look at (engineering guide, "Look and feel").
// Against a running server with the demo program, on a database of its own (it turns factors on):
// `PORT=3403 DATA_DIR=.tmp/bo-totp node scripts/start.mjs`, then
// BASE_URL=http://127.0.0.1:3403 npx tsx scripts/totp-screenshots.ts → .tmp/screens/totp/<shot>-<width>-<locale>-<theme>.png
import { mkdir } from 'node:fs/promises';
import { chromium, type Page } from '@playwright/test';
import { base32Decode, totp } from '../server/modules/staff-totp/totp';
import { CHROMIUM, CHROMIUM_FLAGS } from './lib/chromium';
import { DEMO_ACCOUNTS, LOOKS, publicClient, WIDTHS, type Session } from './lib/screenshot-session';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3403';
const OUT = '.tmp/screens/totp';
const { admin: ADMIN, manager: MANAGER, reviewer: REVIEWER } = DEMO_ACCOUNTS;

async function call(method: string, url: string, bearer: string, body?: unknown, allow: number[] = []) {
  const res = await fetch(`${BASE_URL}${url}`, {
    method,
    headers: { authorization: `Bearer ${bearer}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok && !allow.includes(res.status))
    throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A staff session by password; null when the account's second factor is on already (a run before this one). */
async function session(client: string, who: { email: string; password: string }): Promise<Session> {
  const answer = (await call('POST', '/api/manager/auth/get_token', client, who)) as Partial<Session> & {
    two_factor?: boolean;
  };
  if (answer.two_factor)
    throw new Error(`${who.email} has two-factor sign-in on: start from a fresh DATA_DIR`);
  return answer as Session;
}

/** Turns a staff member's factor on through the API, as the page would. */
async function enrol(token: string): Promise<void> {
  const start = (await call('POST', '/api/manager/security/totp', token)) as { data: { secret: string } };
  await call('POST', '/api/manager/security/totp/confirm', token, {
    code: totp(base32Decode(start.data.secret)!, new Date()),
  });
}

async function main() {
  await mkdir(OUT, { recursive: true });
  const client = await publicClient(BASE_URL);
  const admin = await session(client, ADMIN);
  const reviewer = await session(client, REVIEWER);
  const manager = await session(client, MANAGER);
  const reviewerId = ((await call('GET', '/api/manager/me', reviewer.token)) as { data: { id: number } }).data
    .id;
  // The admin's and the manager's factors on: the admin can require it of everyone, the manager signs in with a code.
  await enrol(admin.token);
  await enrol(manager.token);
  const resetReviewer = () =>
    call('DELETE', `/api/manager/staff/${reviewerId}/totp`, admin.token, undefined, [409]);
  const policy = (on: boolean) =>
    call('PUT', '/api/manager/security/policy', admin.token, { require_totp: on });

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const signInStep = async (page: Page) => {
    await page.getByTestId('manager-email').fill(MANAGER.email);
    await page.getByTestId('manager-password').fill(MANAGER.password);
    await page.getByTestId('manager-login-submit').click();
    await page.getByTestId('manager-two-factor-code').waitFor();
  };
  const toEnrolment = async (page: Page) => {
    await page.getByTestId('totp-start').click();
    await page.getByTestId('totp-qr').waitFor();
  };
  const toCodes = async (page: Page) => {
    await toEnrolment(page);
    const key = (await page.getByTestId('totp-manual-key').textContent())!.replace(/\s/g, '');
    await page.getByTestId('totp-confirm-code').fill(totp(base32Decode(key)!, new Date()));
    await page.getByTestId('totp-confirm-submit').click();
    await page.getByTestId('recovery-codes').waitFor();
  };
  // A dialog is shot as the screen shows it: a full-page shot would stitch the phone's bottom sheet mid-page.
  const shots: {
    name: string;
    path: string;
    as: Session | null;
    dialog?: boolean;
    before?: () => Promise<unknown>;
    after?: () => Promise<unknown>;
    prepare?: (page: Page) => Promise<void>;
  }[] = [
    { name: 'sign-in-code', path: '/manager/login', as: null, prepare: signInStep },
    {
      name: 'sign-in-code-wrong',
      path: '/manager/login',
      as: null,
      prepare: async (page) => {
        await signInStep(page);
        await page.getByTestId('manager-two-factor-code').fill('000000');
        await page.getByTestId('manager-two-factor-submit').click();
        await page.locator('[data-field-error]').waitFor();
      },
    },
    {
      name: 'sign-in-recovery',
      path: '/manager/login',
      as: null,
      prepare: async (page) => {
        await signInStep(page);
        await page.getByTestId('manager-two-factor-mode').click();
      },
    },
    {
      name: 'security-off',
      path: '/manager/security',
      as: reviewer,
      before: resetReviewer,
      prepare: (page) => page.getByTestId('totp-start').waitFor(),
    },
    {
      name: 'security-enrol',
      path: '/manager/security',
      as: reviewer,
      before: resetReviewer,
      prepare: toEnrolment,
    },
    {
      name: 'security-codes',
      path: '/manager/security',
      as: reviewer,
      before: resetReviewer,
      prepare: toCodes,
    },
    {
      name: 'security-on',
      path: '/manager/security',
      as: reviewer,
      prepare: async (page) => {
        await page.getByTestId('totp-disable').waitFor();
      },
    },
    {
      name: 'security-disable',
      dialog: true,
      path: '/manager/security',
      as: reviewer,
      prepare: async (page) => {
        await page.getByTestId('totp-disable').click();
        await page.getByTestId('totp-disable-with-password').check({ force: true });
        await page.getByTestId('totp-disable-dialog').waitFor();
      },
    },
    {
      name: 'security-admin',
      path: '/manager/security',
      as: admin,
      prepare: (page) => page.getByTestId('staff-two-factor-row').first().waitFor(),
    },
    {
      name: 'security-reset-confirm',
      dialog: true,
      path: '/manager/security',
      as: admin,
      prepare: async (page) => {
        await page.getByTestId('staff-two-factor-reset').first().click();
        await page.getByTestId('staff-two-factor-confirm').waitFor();
      },
    },
    {
      name: 'security-required',
      path: '/manager/payouts',
      as: reviewer,
      before: async () => {
        await resetReviewer();
        await policy(true);
      },
      after: () => policy(false),
      prepare: (page) => page.getByTestId('totp-required-notice').waitFor(),
    },
  ];
  for (const { locale, theme } of LOOKS) {
    for (const width of WIDTHS) {
      const context = await browser.newContext({
        viewport: { width, height: width < 600 ? 844 : 900 },
        deviceScaleFactor: 1,
      });
      for (const shot of shots) {
        await shot.before?.();
        const page = await context.newPage();
        await page.addInitScript(
          ({ locale, theme, token }) => {
            localStorage.setItem('locale', locale);
            localStorage.setItem('theme', theme);
            if (token) localStorage.setItem('manager_token', token);
            else localStorage.removeItem('manager_token');
          },
          { locale, theme, token: shot.as ? JSON.stringify(shot.as) : null },
        );
        await page.goto(`${BASE_URL}${shot.path}`);
        await shot.prepare?.(page);
        await page.waitForTimeout(500);
        const file = `${OUT}/${shot.name}-${width}-${locale}-${theme}.png`;
        await page.screenshot({ path: file, fullPage: !shot.dialog });
        console.log(file);
        await page.close();
        await shot.after?.();
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
