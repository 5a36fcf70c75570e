// Screenshots of the settings page's profile picture (issue 12) for a person to look at
// (engineering guide, "Look and feel"): the section with the initials, a refused file, the crop
// editor with a picture moved and zoomed, and the section and header once saved; at 390 and
// 1280 px, in English light and French dark. The section is checked with axe (WCAG 2.1 AA) and
// the page for sideways overflow; problems are printed and fail the run. The demo partner's
// picture is removed again at the end.
//
// Needs a running built app with the demo program seeded, e.g.
//   PORT=3392 DATA_DIR=.tmp/avatar-shots SEED_DEMO=on node scripts/start.mjs
// Usage: BASE_URL=http://127.0.0.1:3392 npx tsx scripts/avatar-screenshots.ts [out-dir]
//   → <out-dir>/<state>-<locale>-<width>-<theme>.png (default out-dir .tmp/screenshots/avatar)
import { mkdir } from 'node:fs/promises';
import { chromium, type Page } from '@playwright/test';
import sharp from 'sharp';
import { CHROMIUM, CHROMIUM_FLAGS } from './lib/chromium';
import { pageProblems } from './lib/page-check';
import { DEMO_ACCOUNTS, LOOKS, lookContext, signIn } from './lib/screenshot-session';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3392';
const OUT = process.argv[2] ?? '.tmp/screenshots/avatar';
const VIEWPORTS = [
  { label: 'phone', width: 390, height: 844 },
  { label: 'desktop', width: 1280, height: 900 },
] as const;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** A portrait-like picture of our own: a warm backdrop, a face-like disc off centre. */
async function portrait(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="1000">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f6a623"/><stop offset="1" stop-color="#b4235a"/></linearGradient></defs>
    <rect width="1500" height="1000" fill="url(#g)"/>
    <circle cx="860" cy="430" r="190" fill="#f3d2b5"/>
    <rect x="640" y="640" width="440" height="360" rx="200" fill="#1e3a8a"/>
    <circle cx="800" cy="410" r="18" fill="#3f2a1d"/><circle cx="920" cy="410" r="18" fill="#3f2a1d"/>
    <path d="M790 500 Q860 550 930 500" stroke="#7c2d12" stroke-width="12" fill="none" stroke-linecap="round"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

const problems: string[] = [];

async function check(page: Page, name: string): Promise<void> {
  problems.push(...(await pageProblems(page, name, { include: '[data-testid="profile-picture"]' })));
}

async function main() {
  await mkdir(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const signedIn = await signIn(BASE_URL, 'partner', DEMO_ACCOUNTS.partner);
  const picture = await portrait();
  try {
    for (const { locale, theme } of LOOKS) {
      for (const viewport of VIEWPORTS) {
        const context = await lookContext(
          browser,
          { ...viewport, deviceScaleFactor: viewport.label === 'phone' ? 2 : 1 },
          { locale, theme },
          { auth_token: signedIn },
        );
        const page = await context.newPage();
        await page.goto(`${BASE_URL}/account/profile`);
        const section = page.getByTestId('profile-picture');
        await section.waitFor();
        // Start from the fallback (a previous run may have left a picture).
        const remove = section.getByTestId('profile-picture-remove');
        if (await remove.isVisible()) {
          await remove.click();
          await section.getByTestId('avatar-initials').waitFor();
        }
        const shoot = async (state: string, whole = false) => {
          const name = `${state}-${locale}-${viewport.width}-${theme}`;
          await check(page, name);
          const file = `${OUT}/${name}.png`;
          if (whole) await page.screenshot({ path: file });
          else await section.screenshot({ path: file });
          console.log(file);
        };
        await page.waitForTimeout(300);
        await shoot('initials');

        await section
          .getByTestId('profile-picture-input')
          .setInputFiles({ name: 'contract.jpg', mimeType: 'image/jpeg', buffer: PDF });
        await section.getByRole('alert').waitFor();
        await shoot('refused');

        await section
          .getByTestId('profile-picture-input')
          .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: picture });
        const crop = section.getByTestId('profile-picture-crop');
        await crop.waitFor();
        await crop.focus();
        for (const key of ['+', '+', '+', '+', 'ArrowLeft', 'ArrowLeft', 'ArrowUp'])
          await page.keyboard.press(key);
        await shoot('editor');

        await section.getByTestId('profile-picture-save').click();
        await section.getByTestId('profile-picture-remove').waitFor();
        await page.locator('header').first().getByTestId('avatar-picture').waitFor();
        await page.waitForTimeout(400);
        await shoot('saved');
        // The header, once the toast over it has gone (3 s).
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForTimeout(3600);
        await shoot('saved-page', true);

        await section.getByTestId('profile-picture-remove').click();
        await section.getByTestId('avatar-initials').waitFor();
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  if (problems.length) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
}

await main();
