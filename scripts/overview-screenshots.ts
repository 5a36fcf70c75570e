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
import { CHROMIUM, CHROMIUM_FLAGS } from './lib/chromium';
import { pageProblems } from './lib/page-check';
import { DEMO_ACCOUNTS, LOOKS, lookContext, signIn, WIDTHS } from './lib/screenshot-session';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3401';
const OUT = process.argv[2] ?? '.tmp/screenshots/overview';

const problems: string[] = [];

async function check(page: Page, name: string): Promise<void> {
  problems.push(...(await pageProblems(page, name)));
}

async function main(): Promise<void> {
  await mkdir(OUT, { recursive: true });
  const session = await signIn(BASE_URL, 'staff', DEMO_ACCOUNTS.manager);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    for (const { locale, theme } of LOOKS) {
      for (const width of WIDTHS) {
        const context = await lookContext(
          browser,
          { width, height: width < 768 ? 844 : 900 },
          { locale, theme },
          { manager_token: session },
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
