// Screenshots of the back office's Overview (issue 13) for a person to look at (engineering
// guide, "Look and feel"): the whole page at 390 and 1280 px, in English light and French dark.
// Each page is also checked with axe (WCAG 2.1 AA) and for sideways overflow; problems are
// printed and fail the run.
//
// Needs a running built app with the demo program seeded, e.g.
//   PORT=3401 DATA_DIR=.tmp/bo-overview node scripts/start.mjs
// Usage: BASE_URL=http://127.0.0.1:3401 npx tsx scripts/overview-screenshots.ts [out-dir]
//   → <out-dir>/overview-<locale>-<width>-<theme>.png (default out-dir .tmp/screenshots/overview)
import { mkdir } from 'node:fs/promises';
import { chromium, type Page } from '@playwright/test';
import type { Locale } from '../common/i18n';
import { CHROMIUM, CHROMIUM_FLAGS } from './lib/chromium';
import { pageProblems } from './lib/page-check';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3401';
const OUT = process.argv[2] ?? '.tmp/screenshots/overview';
const MANAGER = { email: 'demo.manager@sunbite.example', password: 'sunny-demo-manager' };

const RUNS: { locale: Locale; theme: 'light' | 'dark' }[] = [
  { locale: 'en', theme: 'light' },
  { locale: 'fr', theme: 'dark' },
];
const WIDTHS = [390, 1280] as const;

async function publicClient(): Promise<string> {
  const html = await (await fetch(`${BASE_URL}/login`)).text();
  const client = /name="portal-client" content="([^"]+)"/.exec(html)?.[1];
  if (!client) throw new Error('no public client credential in the page');
  return client;
}

async function managerSession(): Promise<{ token: string; expired: string }> {
  const answer = await fetch(`${BASE_URL}/api/manager/auth/get_token`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await publicClient()}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(MANAGER),
  });
  if (!answer.ok) throw new Error(`sign-in of ${MANAGER.email} failed: ${answer.status}`);
  return (await answer.json()) as { token: string; expired: string };
}

const problems: string[] = [];

async function check(page: Page, name: string): Promise<void> {
  problems.push(...(await pageProblems(page, name)));
}

async function main(): Promise<void> {
  await mkdir(OUT, { recursive: true });
  const session = await managerSession();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    for (const { locale, theme } of RUNS) {
      for (const width of WIDTHS) {
        const context = await browser.newContext({
          viewport: { width, height: width < 768 ? 844 : 900 },
          colorScheme: theme,
          deviceScaleFactor: 1,
          locale: locale === 'fr' ? 'fr-CA' : 'en-US',
        });
        await context.addInitScript(
          ({ l, th, s }) => {
            localStorage.setItem('locale', l);
            localStorage.setItem('theme', th);
            localStorage.setItem('manager_token', JSON.stringify(s));
          },
          { l: locale, th: theme, s: session },
        );
        const page = await context.newPage();
        const suffix = `${locale}-${width}-${theme}`;
        // /manager leads to the overview, its first section.
        await page.goto(`${BASE_URL}/manager`);
        await page.waitForFunction(() => location.pathname === '/manager/overview');
        await page.getByTestId('overview').waitFor();
        await check(page, `overview-${suffix}`);
        await page.screenshot({ path: `${OUT}/overview-${suffix}.png`, fullPage: true });
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  if (problems.length) {
    console.error(`Problems (${problems.length}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`Screenshots in ${OUT}`);
}

void main();
