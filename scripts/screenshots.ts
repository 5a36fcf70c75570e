// Screenshots of the SPA shell at phone and desktop widths, light and dark, for a person to
// look at (engineering guide, "Look and feel"). Serves nothing itself: start
// `npx vite build && npx vite preview --port 4173 --strictPort` first, or pass BASE_URL.
// With a real API server as BASE_URL (e.g. `PORT=3300 DATA_DIR=.tmp/shots npx tsx server/main.ts`
// after `npx vite build`), it first registers a new partner through both steps (solving the
// real ALTCHA challenge under the CSP) and shoots the account pages signed in as that
// unverified partner, so the verification banner shows. Without an API they are skipped.
// The server's strict CSP is replayed on every document so a violation shows up here too.
// Each page is also checked with axe (WCAG 2.1 AA); violations are printed and fail the run.
// Usage: npx tsx scripts/screenshots.ts   → .tmp/screens/<page>-<width>-<theme>.png
import { mkdir } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './lib/chromium';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:4173';
const OUT = '.tmp/screens';
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; connect-src 'self'; frame-ancestors 'none'";

interface Shot {
  name: string;
  path: string;
  openDrawerOnPhone?: boolean;
  /** Needs the signed-in partner (API server only). */
  signedIn?: boolean;
  /** Runs after loading, before the shot. */
  prepare?: (page: Page) => Promise<void>;
}

const STEP1 = { first: 'Sunny', last: 'Tester', password: 'screenshot-pass-42' };

async function fillStep1(page: Page, email: string): Promise<void> {
  await page.getByLabel('First name').fill(STEP1.first);
  await page.getByLabel('Last name').fill(STEP1.last);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(STEP1.password);
  await page.getByLabel('Confirm password').fill(STEP1.password);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { level: 1, name: 'Sign Up' }).waitFor();
}

const PAGES: Shot[] = [
  { name: 'login', path: '/login' },
  {
    name: 'login-forgot',
    path: '/login?forgot=1',
  },
  { name: 'subpartner-login', path: '/glow-collective/login' },
  { name: 'register', path: '/register?ref=SUNNYDEMO' },
  {
    name: 'register-step2-errors',
    path: '/register',
    prepare: async (page) => {
      await fillStep1(page, 'someone@example.com');
      await page.getByLabel('Desired promo code').fill('AB');
      await page.getByLabel('Day (DD)').fill('29');
      await page.getByLabel('Month (MM)').fill('02');
      await page.getByLabel('Year (YYYY)').fill('2023');
      await page.getByLabel('Instagram profile URL').fill('instagram');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.locator('[data-field-error]').first().waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
    },
  },
  { name: 'account', path: '/account', signedIn: true },
  { name: 'account-profile', path: '/account/profile', signedIn: true },
  { name: 'product-kids', path: '/account/products/kids', openDrawerOnPhone: true, signedIn: true },
  { name: 'manager-login', path: '/manager/login' },
  { name: 'reset-password', path: '/reset_password?token=example' },
  { name: 'not-found', path: '/404' },
];
/** Checked with axe too, without a screenshot. */
const AXE_ONLY = [
  '/policy',
  '/terms',
  '/reset_password',
  '/verify_email',
  '/unsubscribe',
  '/facebook_callback',
  '/google_callback',
  '/glow-collective',
  '/manager/login',
  '/manager',
  '/account/sales',
];
const VIEWPORTS = [
  { label: 'phone', width: 390, height: 844 },
  { label: 'desktop', width: 1366, height: 900 },
];
const THEMES = ['light', 'dark'] as const;

async function withCsp(page: Page): Promise<void> {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': CSP } });
  });
}

/** Registers a new partner through both steps in a real browser; its token, or null without an API. */
async function registerPartner(browser: Browser): Promise<string | null> {
  const health = await fetch(`${BASE_URL}/api/health`).catch(() => null);
  if (!health?.ok) return null;
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await withCsp(page);
  try {
    await page.goto(`${BASE_URL}/register`, { waitUntil: 'networkidle' });
    await fillStep1(page, `shots-${Date.now()}@example.com`);
    await page.getByLabel('Desired promo code').fill(`SHOT${String(Date.now()).slice(-6)}`);
    await page.getByLabel('Phone').fill('+1 555 010 0199');
    await page.getByLabel('Day (DD)').fill('14');
    await page.getByLabel('Month (MM)').fill('06');
    await page.getByLabel('Year (YYYY)').fill('1994');
    await page.getByLabel('Country').selectOption('CA');
    await page.getByLabel('Influencer category').selectOption({ index: 1 });
    await page.getByLabel('I am 18 or older and agree with the terms and conditions').check();
    await page.locator('altcha-widget').getByRole('checkbox').click({ force: true });
    await page.waitForFunction(
      () => {
        const widget = document.querySelector('altcha-widget') as
          (HTMLElement & { getState?: () => string }) | null;
        return widget?.getState?.() === 'verified';
      },
      undefined,
      { timeout: 30_000 },
    );
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL('**/account/', { timeout: 30_000 });
    const stored = await page.evaluate(() => localStorage.getItem('auth_token'));
    return stored ? (JSON.parse(stored) as { token: string }).token : null;
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  await mkdir(OUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
  });
  const problems: string[] = [];
  try {
    const token = await registerPartner(browser).catch((error: unknown) => {
      problems.push(`registration through the browser failed: ${String(error)}`);
      return null;
    });
    console.log(token ? 'registered a partner through both steps' : 'no API: skipping signed-in pages');
    for (const viewport of VIEWPORTS) {
      for (const theme of THEMES) {
        const context = await browser.newContext({
          viewport: { width: viewport.width, height: viewport.height },
          colorScheme: theme,
          deviceScaleFactor: 1,
        });
        const page = await context.newPage();
        await withCsp(page);
        page.on('console', (message) => {
          if (message.type() === 'error' && !/Failed to load resource/.test(message.text()))
            problems.push(`${page.url()} [${viewport.label}/${theme}]: ${message.text()}`);
        });
        page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
        if (token) {
          // The ?token= entry of the spec: stores the session for this context.
          await page.goto(`${BASE_URL}/account?token=${encodeURIComponent(token)}`, {
            waitUntil: 'networkidle',
          });
          await page.waitForURL('**/account/');
        }
        const entries: Shot[] = [
          ...PAGES.filter((entry) => token || !entry.signedIn),
          ...AXE_ONLY.filter((path) => token || !path.startsWith('/account')).map((path) => ({
            name: '',
            path,
          })),
        ];
        for (const entry of entries) {
          await page.goto(BASE_URL + entry.path, { waitUntil: 'networkidle' });
          await page.locator('h1').first().waitFor();
          if (entry.signedIn)
            await page.getByTestId('user-uuid').filter({ hasText: /\w/ }).waitFor({ state: 'attached' });
          if (entry.prepare) await entry.prepare(page);
          if (entry.openDrawerOnPhone && viewport.label === 'phone') {
            await page.getByTestId('open-menu').click();
            await page.getByRole('dialog').waitFor();
            await page.waitForTimeout(300);
          }
          const axe = await new AxeBuilder({ page })
            .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'])
            .analyze();
          for (const violation of axe.violations)
            problems.push(
              `axe ${entry.path} [${viewport.label}/${theme}] ${violation.id}: ${violation.help} (${violation.nodes
                .map((node) => node.target.join(' '))
                .join(', ')})`,
            );
          if (!entry.name) continue;
          const file = `${OUT}/${entry.name}-${viewport.label}-${theme}.png`;
          await page.screenshot({ path: file, fullPage: !entry.openDrawerOnPhone });
          console.log(`${file}  (${await page.title()})`);
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  if (problems.length > 0) {
    console.error(`\n${problems.length} problem(s):\n${problems.join('\n')}`);
    process.exitCode = 1;
  }
}

await main();
