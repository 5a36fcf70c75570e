// Screenshots of the back office's program settings (issue 13): the form with the tier table, and
// the same form refusing a tier whose threshold is below the one before it, English light and
// French dark, at phone and desktop widths, for a person to look at (engineering guide, "Look and
// feel"). Against a running server with the demo program, e.g.
// `PORT=3394 DATA_DIR=.tmp/bo-settings node scripts/start.mjs`.
// Usage: BASE_URL=http://127.0.0.1:3394 npx tsx scripts/settings-screenshots.ts
//   → .tmp/screens/settings/<page>-<width>-<locale>-<theme>.png
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './lib/chromium';
import { DEMO_ACCOUNTS, LOOKS, lookContext, signIn, WIDTHS } from './lib/screenshot-session';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3394';
const OUT = '.tmp/screens/settings';

async function main() {
  await mkdir(OUT, { recursive: true });
  const session = await signIn(BASE_URL, 'staff', DEMO_ACCOUNTS.admin);

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const shots: { name: string; prepare?: (page: Page) => Promise<void> }[] = [
    { name: 'form' },
    {
      name: 'refused',
      prepare: async (page) => {
        await page.getByTestId('tier-add').click();
        const rows = page.getByTestId('tier-row');
        const last = rows.last();
        await last.locator('[data-field$=".min_sales"]').fill('50');
        await last.locator('[data-field$=".rate"]').fill('30');
        await page.getByTestId('settings-minimum_payout').fill('0');
        await page.getByTestId('settings-save').click();
        await page.getByTestId('settings-problems').waitFor();
      },
    },
  ];
  for (const width of WIDTHS) {
    for (const { locale, theme } of LOOKS) {
      for (const shot of shots) {
        const context = await lookContext(
          browser,
          { width, height: width < 768 ? 844 : 900 },
          { locale, theme },
          { manager_token: session },
        );
        const page = await context.newPage();
        await page.goto(`${BASE_URL}/manager/settings`);
        await page.getByTestId('settings-form').waitFor();
        if (shot.prepare) await shot.prepare(page);
        // The whole page in one viewport, so the sticky save bar and the sidebar sit where a
        // person sees them at the end of the form (a full-page capture leaves them mid-page).
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        await page.setViewportSize({ width, height });
        await page.waitForTimeout(300);
        const file = path.join(OUT, `${shot.name}-${width}-${locale}-${theme}.png`);
        await page.screenshot({ path: file });
        console.log(file);
        await context.close();
      }
    }
  }
  await browser.close();
}

await main();
