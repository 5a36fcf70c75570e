// Screenshots of every content page (issue 10) for a person to look at (engineering guide, "Look
// and feel"): the partner's product page, FAQ with a question open, terms, policy, the post guide,
// the post guidelines with a checked draft, Grab and Go and its open lightbox, the public terms and
// policy, and the back office's content list, product and page editors with their preview, a
// version, the gallery manager and the competitor list. At 390 and 1280 px, light and dark,
// English and French. Each page is also checked with axe (WCAG 2.1 AA) and for sideways overflow;
// problems are printed and fail the run. Nothing is changed on the server: it only reads.
//
// Needs a running built app with the demo program seeded, e.g.
//   PORT=3600 DATA_DIR=.tmp/content-shots-data SEED_DEMO=on node scripts/start.mjs
// Usage: BASE_URL=http://127.0.0.1:3600 npx tsx scripts/content-screenshots.ts [out-dir]
//   → <out-dir>/<shot>-<locale>-<width>-<theme>.png (default out-dir .tmp/screenshots/content)
// ONLY=<text> shoots only the shots whose name contains it (e.g. ONLY=lightbox).
import { mkdir } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Page } from '@playwright/test';
import type { Locale } from '../common/i18n';
import { CHROMIUM, CHROMIUM_FLAGS } from './lib/chromium';
import { DEMO_ACCOUNTS, lookContext, signIn } from './lib/screenshot-session';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3600';
const OUT = process.argv[2] ?? '.tmp/screenshots/content';
const ONLY = process.env.ONLY ?? '';

const LOCALES: Locale[] = ['en', 'fr'];
const THEMES = ['light', 'dark'] as const;
const VIEWPORTS = [
  { label: 'phone', width: 390, height: 844 },
  { label: 'desktop', width: 1280, height: 900 },
] as const;

interface Shot {
  name: string;
  path: (locale: Locale) => string;
  who: 'partner' | 'manager' | 'nobody';
  /** Runs once the page has its heading; before the shot. */
  prepare?: (page: Page) => Promise<void>;
  /** The visible screen only (dialogs, the lightbox), not the whole page. */
  viewportOnly?: boolean;
}

/** Waits until the first element with this test id is there. */
const shows = (testId: string) => async (page: Page) => {
  await page.getByTestId(testId).first().waitFor();
};

const SHOTS: Shot[] = [
  {
    name: 'product',
    path: () => '/account/products/kids',
    who: 'partner',
    prepare: shows('product-content'),
  },
  {
    name: 'faq-open',
    path: () => '/account/faq',
    who: 'partner',
    prepare: async (page) => {
      const question = page.locator('#faq-how-much-do-i-earn');
      await question.click();
      await page.locator('#faq-how-much-do-i-earn-answer').waitFor();
    },
  },
  { name: 'terms', path: () => '/account/terms', who: 'partner' },
  { name: 'policy', path: () => '/account/policy', who: 'partner' },
  { name: 'crafting-perfect-post', path: () => '/account/crafting_perfect_post', who: 'partner' },
  {
    name: 'post-guidelines-check',
    path: () => '/account/post_guidelines',
    who: 'partner',
    prepare: async (page) => {
      // The check's own example of a draft with mistakes, in the page's language.
      await page.getByTestId('try-mistakes').click();
      await page.locator('[data-testid="caption-summary"]:not([data-tone="neutral"])').waitFor();
    },
  },
  {
    name: 'grab-n-go',
    path: () => '/account/grab_n_go',
    who: 'partner',
    prepare: shows('gallery-open'),
  },
  {
    name: 'lightbox',
    path: () => '/account/grab_n_go',
    who: 'partner',
    viewportOnly: true,
    prepare: async (page) => {
      await page.getByTestId('gallery-open').first().click();
      await page.getByTestId('lightbox-image').waitFor();
      await page.getByTestId('lightbox-loading').waitFor({ state: 'detached' });
    },
  },
  { name: 'public-terms', path: () => '/terms', who: 'nobody' },
  { name: 'public-policy', path: () => '/policy', who: 'nobody' },
  {
    name: 'manager-content-list',
    path: () => '/manager/content',
    who: 'manager',
    prepare: shows('content-row'),
  },
  {
    name: 'manager-product-editor',
    path: (locale) => `/manager/content/products/kids/${locale}`,
    who: 'manager',
    prepare: (page) => previewReady(page, 'editor-preview'),
  },
  {
    name: 'manager-version',
    path: (locale) => `/manager/content/products/kids/${locale}`,
    who: 'manager',
    viewportOnly: true,
    prepare: async (page) => {
      await page.getByTestId('versions').scrollIntoViewIfNeeded();
      await page.locator('[data-testid^="view-version-"]').first().click();
      await previewReady(page, 'version-preview');
    },
  },
  {
    name: 'manager-page-editor',
    path: (locale) => `/manager/content/pages/faq/${locale}`,
    who: 'manager',
    prepare: (page) => previewReady(page, 'editor-preview'),
  },
  {
    name: 'manager-gallery',
    path: () => '/manager/content/gallery',
    who: 'manager',
    prepare: shows('gallery-image'),
  },
  {
    name: 'manager-competitors',
    path: () => '/manager/content/competitors',
    who: 'manager',
    prepare: shows('competitors'),
  },
];

/** The editor's preview draws the partner's view in a frame: wait until the frame has it. */
async function previewReady(page: Page, testId: string): Promise<void> {
  const frame = page.getByTestId(testId).locator('iframe').first().contentFrame();
  await frame.locator('h1, h2').first().waitFor();
  await frame.locator('body').evaluate(async (body) => {
    const loads = [...body.querySelectorAll('img')].map((img) =>
      img.complete ? null : img.decode().catch(() => null),
    );
    await Promise.race([Promise.all(loads), new Promise((resolve) => setTimeout(resolve, 5_000))]);
  });
}

/** Scrolls through the page so lazy images load, waits for every image, and comes back up. */
async function loadEverything(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const step = Math.max(200, window.innerHeight - 100);
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 60)));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  // Bounded: an image the browser decided not to fetch would keep `decode()` waiting.
  await page.evaluate(async () => {
    const loads = [...document.images].map((img) => (img.complete ? null : img.decode().catch(() => null)));
    await Promise.race([Promise.all(loads), new Promise((resolve) => setTimeout(resolve, 5_000))]);
  });
}

async function main(): Promise<void> {
  await mkdir(OUT, { recursive: true });
  const partnerToken = await signIn(BASE_URL, 'partner', DEMO_ACCOUNTS.partner);
  const managerToken = await signIn(BASE_URL, 'staff', DEMO_ACCOUNTS.manager);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const problems: string[] = [];
  let count = 0;
  try {
    for (const locale of LOCALES)
      for (const theme of THEMES)
        for (const viewport of VIEWPORTS) {
          const variant = `${locale}-${viewport.width}-${theme}`;
          const contexts = {
            partner: await lookContext(browser, viewport, { locale, theme }, { auth_token: partnerToken }),
            manager: await lookContext(browser, viewport, { locale, theme }, { manager_token: managerToken }),
            nobody: await lookContext(browser, viewport, { locale, theme }, {}),
          };
          try {
            for (const shot of SHOTS.filter((each) => each.name.includes(ONLY))) {
              const page = await contexts[shot.who].newPage();
              page.setDefaultTimeout(20_000);
              page.on('pageerror', (error) => problems.push(`${shot.name} [${variant}]: ${error.message}`));
              page.on('console', (message) => {
                if (message.type() === 'error')
                  problems.push(`${shot.name} [${variant}] console: ${message.text()}`);
              });
              page.on('response', (response) => {
                if (response.status() >= 400)
                  problems.push(`${shot.name} [${variant}]: ${response.status()} ${response.url()}`);
              });
              try {
                if (process.env.VERBOSE) console.log(`… ${shot.name} [${variant}]`);
                await page.goto(BASE_URL + shot.path(locale), { waitUntil: 'networkidle' });
                await page.locator('h1').first().waitFor();
                await loadEverything(page);
                if (shot.prepare) await shot.prepare(page);
                // A click in `prepare` may have scrolled: a whole-page shot starts at the top, or the
                // sticky header and sidebar are drawn where the scroll left them.
                if (!shot.viewportOnly) await page.evaluate(() => window.scrollTo(0, 0));
                // Transitions (accordion, dialog, toast) come to rest; endless ones (spinners) never do.
                await page.evaluate(() =>
                  Promise.all(
                    document
                      .getAnimations()
                      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
                      .map((animation) => animation.finished.catch(() => null)),
                  ),
                );
                const overflow = await page.evaluate(
                  () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
                );
                if (overflow > 0)
                  problems.push(`${shot.name} [${variant}]: the page scrolls sideways by ${overflow} px`);
                const axe = await new AxeBuilder({ page })
                  .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
                  .analyze();
                for (const violation of axe.violations)
                  problems.push(
                    `axe ${shot.name} [${variant}] ${violation.id}: ${violation.help} (${violation.nodes
                      .slice(0, 4)
                      .map((node) => node.target.join(' '))
                      .join(', ')})`,
                  );
                const file = `${OUT}/${shot.name}-${variant}.png`;
                await page.screenshot({ path: file, fullPage: !shot.viewportOnly });
                count++;
                console.log(file);
              } catch (error) {
                problems.push(
                  `${shot.name} [${variant}]: could not be shot: ${String(error).split('\n')[0]}`,
                );
              } finally {
                await page.close();
              }
            }
          } finally {
            for (const context of Object.values(contexts)) await context.close();
          }
        }
  } finally {
    await browser.close();
  }
  console.log(`\n${count} screenshots in ${OUT}`);
  if (problems.length > 0) {
    console.error(`\n${problems.length} problem(s):\n${[...new Set(problems)].join('\n')}`);
    process.exitCode = 1;
  }
}

await main();
