// Screenshots of the back office's partner list and a partner's page (issue 13) at phone and
// desktop widths, English light and French dark, for a person to look at (engineering guide,
// "Look and feel"). Needs a running server with the demo program, e.g.
//   PORT=3393 DATA_DIR=.tmp/bo-partners node scripts/start.mjs
// Usage: BASE_URL=http://127.0.0.1:3393 npx tsx scripts/partners-screenshots.ts → .tmp/bo-partners-screens/
import { mkdir } from 'node:fs/promises';
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './lib/chromium';
import { DEMO_ACCOUNTS, LOOKS, lookContext, signIn, WIDTHS } from './lib/screenshot-session';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3393';
const OUT = process.env.OUT ?? '.tmp/bo-partners-screens';
const PARTNER_EMAIL = 'demo.partner@sunbite.example';

async function main() {
  await mkdir(OUT, { recursive: true });
  const token = await signIn(BASE_URL, 'staff', DEMO_ACCOUNTS.admin);
  const headers = { Authorization: `Bearer ${token.token}` };
  const found = (await (
    await fetch(`${BASE_URL}/api/manager/partners?q=${encodeURIComponent(PARTNER_EMAIL)}`, { headers })
  ).json()) as {
    data: { uuid: string }[];
  };
  const uuid = found.data[0]?.uuid;
  if (!uuid) throw new Error('the demo partner is not in the list');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const pages = [
    { name: 'list', path: '/manager/partners?sort=-sales' },
    { name: 'list-filtered', path: '/manager/partners?status=active&verified=true&sort=-commissions' },
    { name: 'partner', path: `/manager/partners/${uuid}` },
  ];
  for (const look of LOOKS) {
    for (const width of WIDTHS) {
      const context = await lookContext(browser, { width, height: 900 }, look, { manager_token: token });
      const page = await context.newPage();
      for (const shot of pages) {
        await page.goto(`${BASE_URL}${shot.path}`);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(400);
        const file = `${OUT}/${shot.name}-${look.locale}-${look.theme}-${width}.png`;
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
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
