// `npm run screenshots`: every page of the partner's account at 390 and 1280 px, in English light
// and French dark, for a person to look at (engineering guide, "Look and feel"), each checked with
// axe too; script errors, console errors and axe violations are printed and fail the run. Needs a
// running server with the demo program, e.g.
//   npm run build && PORT=3500 DATA_DIR=.tmp/shots-data npx tsx server/main.ts
// Usage: BASE_URL=http://127.0.0.1:3500 npm run screenshots → .tmp/account-screens/
// PAGES=/account,/account/sales only those; a page's top part is kept (FULL=1: the whole page).
import { mkdir } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './lib/chromium';
import { DEMO_ACCOUNTS, LOOKS, WIDTHS, lookContext, signIn } from './lib/screenshot-session';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3500';
const OUT = '.tmp/account-screens';

/** Every page of the account (web/app/account/nav-items.ts, its More group, and the pages linked from them). */
const ACCOUNT_PAGES = [
  '/account',
  '/account/sales',
  '/account/referrals',
  '/account/affiliate_links',
  '/account/badges',
  '/account/grab_n_go',
  '/account/crafting_perfect_post',
  '/account/cashout',
  '/account/faq',
  '/account/terms',
  '/account/policy',
  '/account/profile',
  '/account/products/acv',
  '/account/slider',
  '/account/newsfeed',
  '/account/test',
];

const nameOf = (path: string) => path.replace(/^\/account\/?/, '').replace(/\//g, '-') || 'dashboard';

async function main(): Promise<void> {
  await mkdir(OUT, { recursive: true });
  const pages = process.env.PAGES ? process.env.PAGES.split(',') : ACCOUNT_PAGES;
  const session = await signIn(BASE_URL, 'partner', DEMO_ACCOUNTS.partner);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS] });
  const problems: string[] = [];
  try {
    for (const width of WIDTHS) {
      for (const look of LOOKS) {
        const context = await lookContext(browser, { width, height: width < 600 ? 844 : 900 }, look, {
          auth_token: session,
        });
        const page = await context.newPage();
        const where = () => `${page.url()} [${width}/${look.locale}/${look.theme}]`;
        page.on('pageerror', (error) => problems.push(`${where()}: ${error.message}`));
        page.on('console', (message) => {
          if (message.type() === 'error') problems.push(`${where()}: ${message.text()}`);
        });
        for (const path of pages) {
          await page.goto(BASE_URL + path, { waitUntil: 'networkidle' });
          await page.locator('#main h1').first().waitFor();
          await page.waitForTimeout(300);
          // What renders as it nears the screen (the dashboard's lower widgets, lazy pictures) is
          // brought in by a scroll to the end, so axe and a whole-page shot see the whole page.
          await scrollThrough(page);
          const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
          for (const violation of axe.violations)
            problems.push(
              `axe ${where()} ${violation.id}: ${violation.help} (${violation.nodes
                .slice(0, 4)
                .map((node) => node.target.join(' '))
                .join(', ')})`,
            );
          const file = `${OUT}/${nameOf(path)}-${width}-${look.locale}-${look.theme}.png`;
          // A whole-page shot: what `content-visibility: auto` skips off screen is painted too.
          if (process.env.FULL === '1')
            await page.evaluate(() => {
              // Through the CSSOM: the strict CSP refuses a style element.
              for (const element of document.querySelectorAll<HTMLElement>('*'))
                if (getComputedStyle(element).contentVisibility === 'auto')
                  element.style.contentVisibility = 'visible';
            });
          await page.screenshot({ path: file, fullPage: process.env.FULL === '1' });
          console.log(file);
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  if (problems.length > 0) {
    console.error(`\n${problems.length} problem(s):\n${[...new Set(problems)].join('\n')}`);
    process.exitCode = 1;
  }
}

await main();

/** Scrolls `page` down a screen at a time to its end, waits for what that asked for, then back up. */
async function scrollThrough(page: Page): Promise<void> {
  for (let step = 0; step < 40; step++) {
    const atEnd = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(150);
    if (atEnd) break;
  }
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(200);
}
