// Screenshots of the back office's marketplace imports (issue 13): a report uploaded in the
// browser with bad lines and duplicates, its result, the past imports with one opened to its
// rejected lines, and a refused file; English light and French dark, at phone and desktop widths,
// for a person to look at (engineering guide, "Look and feel"). Against a running server with the
// demo program, e.g. `PORT=3402 DATA_DIR=.tmp/bo-imports node scripts/start.mjs`.
// Usage: BASE_URL=http://127.0.0.1:3402 npx tsx scripts/marketplace-screenshots.ts
//   → .tmp/screens/marketplace/<page>-<width>-<locale>-<theme>.png
import { mkdir } from 'node:fs/promises';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './lib/chromium';
import { DEMO_ACCOUNTS, LOOKS, signIn, WIDTHS } from './lib/screenshot-session';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3402';
const OUT = '.tmp/screens/marketplace';
const HEADER =
  'Category\tName\tASIN\tSeller\tTracking ID\tDate Shipped\tPrice($)\tItems Shipped\tReturns\tRevenue($)\tAd Fees($)\tDevice Type Group';

async function call<T>(
  method: string,
  url: string,
  bearer: string,
  body?: string,
  type = 'application/json',
): Promise<T> {
  const res = await fetch(`${BASE_URL}${url}`, {
    method,
    headers: { authorization: `Bearer ${bearer}`, ...(body !== undefined ? { 'content-type': type } : {}) },
    body,
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const line = (tag: string, product: string, date: string, revenue: string, items = '1') =>
  [
    'Health',
    product,
    'B0CSB1ACV1',
    'Amazon.com',
    tag,
    date,
    revenue,
    items,
    '0',
    revenue,
    '2.00',
    'PHONE',
  ].join('\t');

/** A month's report: good rows, rows of `earlier` again (duplicates), and a few bad lines. */
function report(tag: string, month: string, earlier: string[]): string {
  return [
    `Fee-Earnings reports from 2026-${month}-01 to 2026-${month}-30`,
    HEADER,
    line(tag, 'Sunbite ACV Gummies', `2026-${month}-03`, '49.98', '2'),
    line(tag, 'Sunbite Matcha Mind', `2026-${month}-05`, '29.99'),
    line('someone-else-20', 'Sunbite Calm Bites', `2026-${month}-06`, '19.99'),
    line(tag, 'Sunbite Kids Multi', `2026-${month}-32`, '19.99'),
    ...earlier,
    line(tag, 'Sunbite Sleep', `2026-${month}-08`, 'n/a'),
    line(tag, 'Sunbite Glow Collagen', `2026-${month}-12`, '34.99'),
    '',
  ].join('\n');
}

async function main() {
  await mkdir(OUT, { recursive: true });
  const session = await signIn(BASE_URL, 'staff', DEMO_ACCOUNTS.manager);
  const partner = await signIn(BASE_URL, 'partner', DEMO_ACCOUNTS.partner);
  const links = await call<{ data: { url: string }[] }>('GET', '/api/generateAmazonLinks', partner.token);
  const tag = new URL(links.data[0]!.url).searchParams.get('tag')!;
  // An earlier clean import, whose rows the browser's reports repeat (the duplicates).
  const earlier = [
    line(tag, 'Sunbite Vitamin D3', '2026-09-14', '22.50'),
    line(tag, 'Sunbite Omega Kids', '2026-09-20', '27.00'),
  ];
  await call(
    'PUT',
    '/api/manager/marketplace/imports?filename=associates-2026-09.tsv',
    session.token,
    [HEADER, ...earlier].join('\n'),
    'text/tab-separated-values',
  );

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  let month = 0;
  const shots: { name: string; prepare: (page: Page) => Promise<void> }[] = [
    {
      name: 'result',
      prepare: async (page) => {
        // Each shot's own month: the same file twice would only say it was imported before.
        const m = String(++month).padStart(2, '0');
        await page.getByTestId('report-file').setInputFiles({
          name: `associates-2026-${m}.tsv`,
          mimeType: 'text/tab-separated-values',
          buffer: Buffer.from(report(tag, m, earlier)),
        });
        await page.getByTestId('report-submit').click();
        await page.getByTestId('import-result').waitFor();
        // The oldest import with rejected lines on the page, opened.
        await page.getByTestId('imports-toggle').last().click();
        await page.getByTestId('import-lines').getByTestId('rejected-line').first().waitFor();
      },
    },
    {
      name: 'refused',
      prepare: async (page) => {
        await page.getByTestId('report-file').setInputFiles({
          name: 'earnings.xlsx',
          mimeType: 'application/vnd.ms-excel',
          buffer: Buffer.from('PK\u0003\u0004'),
        });
        await page.getByTestId('report-problem').waitFor();
      },
    },
  ];
  for (const { locale, theme } of LOOKS) {
    for (const width of WIDTHS) {
      const context = await browser.newContext({
        viewport: { width, height: width < 600 ? 844 : 900 },
        deviceScaleFactor: 1,
      });
      for (const shot of shots) {
        const page = await context.newPage();
        await page.addInitScript(
          ({ locale, theme, token }) => {
            localStorage.setItem('locale', locale);
            localStorage.setItem('theme', theme);
            localStorage.setItem('manager_token', token);
          },
          { locale, theme, token: JSON.stringify(session) },
        );
        await page.goto(`${BASE_URL}/manager/marketplace`);
        await page.getByTestId('imports-row').first().waitFor();
        await shot.prepare(page);
        // The result takes the focus, which scrolls; the shot starts at the top, as a visit does.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForTimeout(400);
        const file = `${OUT}/${shot.name}-${width}-${locale}-${theme}.png`;
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
        await page.close();
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
