// Screenshots of the back office's audit log (issue 13) for a person to look at (engineering
// guide, "Look and feel"): the log with a change opened to its before and after, and one item's
// history, at 390 and 1280 px, in English light and French dark. Each page is also checked with
// axe (WCAG 2.1 AA) and for sideways overflow; problems are printed and fail the run.
//
// Needs a running built app with the demo program seeded, e.g.
//   PORT=3398 DATA_DIR=.tmp/bo-audit node scripts/start.mjs
// Usage: BASE_URL=http://127.0.0.1:3398 npx tsx scripts/audit-screenshots.ts [out-dir]
//   → <out-dir>/<shot>-<locale>-<width>-<theme>.png (default out-dir .tmp/screenshots/audit)
// CHANGES=1 first makes a few audited changes as the demo manager (a promotion written, edited
// and deleted, a custom notification sent and edited), so the log has something to show.
import { mkdir } from 'node:fs/promises';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './lib/chromium';
import { pageProblems } from './lib/page-check';
import { DEMO_ACCOUNTS, LOOKS, lookContext, signIn, WIDTHS } from './lib/screenshot-session';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3398';
const OUT = process.argv[2] ?? '.tmp/screenshots/audit';
const PARTNER_EMAIL = 'demo.partner@sunbite.example';

/** A few changes of the kinds the log holds, as the demo manager. */
async function makeChanges(token: string): Promise<void> {
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await fetch(`${BASE_URL}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
    return (await answer.json()) as { data: { id: number } };
  };
  const year = new Date().getUTCFullYear() + 1;
  const promo = {
    content: {
      en: { title: 'Spring sale', body: 'Your code takes 20% off every gummy this week.' },
      fr: {
        title: 'Soldes du printemps',
        body: 'Votre code donne 20\u00a0% de rabais sur tous les jujubes cette semaine.',
      },
    },
    product: 'acv',
    starts_on: `${year}-03-01`,
    ends_on: `${year}-03-07`,
  };
  const { data } = await call('POST', '/api/manager/promotions', promo);
  await call('PATCH', `/api/manager/promotions/${data.id}`, {
    ...promo,
    content: { ...promo.content, en: { title: 'Spring sale, extended', body: promo.content.en.body } },
    ends_on: `${year}-03-14`,
  });
  const other = await call('POST', '/api/manager/promotions', {
    ...promo,
    content: { en: { title: 'Flash sale', body: 'One day only.' } },
  });
  await call('DELETE', `/api/manager/promotions/${other.data.id}`);
  const note = await call('POST', '/api/manager/notifications', {
    content: { en: { title: 'Your sample box ships Monday', body: 'Thanks for posting with your code.' } },
    partner: PARTNER_EMAIL,
  });
  await call('PATCH', `/api/manager/notifications/${note.data.id}`, {
    content: { en: { title: 'Your sample box ships Tuesday', body: 'Thanks for posting with your code.' } },
  });
}

const problems: string[] = [];

async function check(page: Page, name: string): Promise<void> {
  problems.push(...(await pageProblems(page, name)));
}

async function main(): Promise<void> {
  await mkdir(OUT, { recursive: true });
  const session = await signIn(BASE_URL, 'staff', DEMO_ACCOUNTS.manager);
  if (process.env.CHANGES) await makeChanges(session.token);
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

        // The log, its first edit opened.
        await page.goto(`${BASE_URL}/manager/audit`);
        await page.getByTestId('audit-row').first().waitFor();
        const edited = page.locator('[data-testid="audit-row"][data-action$=".update"]').first();
        await edited.getByTestId('audit-toggle').click();
        await page.getByTestId('audit-diff').first().waitFor();
        await check(page, `audit-${suffix}`);
        await page.screenshot({ path: `${OUT}/audit-${suffix}.png`, fullPage: true });

        // That item's history, its creation opened too.
        await page.getByTestId('audit-item-history').first().click();
        await page.getByTestId('audit-item-filter').waitFor();
        await page.waitForLoadState('networkidle');
        const rows = page.getByTestId('audit-row');
        for (let i = 0; i < (await rows.count()); i++) {
          const toggle = rows.nth(i).getByTestId('audit-toggle');
          if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
        }
        await check(page, `audit-item-${suffix}`);
        await page.screenshot({ path: `${OUT}/audit-item-${suffix}.png`, fullPage: true });
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
