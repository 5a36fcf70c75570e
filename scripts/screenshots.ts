// Screenshots of the SPA shell at phone and desktop widths, light and dark, for a person to
// look at (engineering guide, "Look and feel"). Serves nothing itself: start
// `npx vite build && npx vite preview --port 4173 --strictPort` first, or pass BASE_URL.
// The server's strict CSP is replayed on every document so a violation shows up here too.
// Each page is also checked with axe (WCAG 2.1 AA); violations are printed and fail the run.
// Usage: npx tsx scripts/screenshots.ts   → .tmp/screens/<page>-<width>-<theme>.png
import { mkdir } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Page } from '@playwright/test';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:4173';
const OUT = '.tmp/screens';
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; connect-src 'self'; frame-ancestors 'none'";

const PAGES: { name: string; path: string; openDrawerOnPhone?: boolean }[] = [
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'register-step2', path: '/register_step2' },
  { name: 'account', path: '/account' },
  { name: 'product-kids', path: '/account/products/kids', openDrawerOnPhone: true },
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
  '/some-agency/login',
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

async function main(): Promise<void> {
  await mkdir(OUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  const problems: string[] = [];
  try {
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
        const entries = [...PAGES, ...AXE_ONLY.map((path) => ({ name: '', path, openDrawerOnPhone: false }))];
        for (const entry of entries) {
          await page.goto(BASE_URL + entry.path, { waitUntil: 'networkidle' });
          await page.locator('h1').first().waitFor();
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
