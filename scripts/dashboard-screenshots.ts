// Screenshots of the partner's sales screens (/account, /account/sales, /account/referrals) at
// phone and desktop widths, light and dark, with data and empty, for a person to look at
// (engineering guide, "Look and feel"). Needs a running API server with the demo partner, e.g.
//   npx vite build && PORT=3500 DATA_DIR=.tmp/dash-data SHOPIFY_WEBHOOK_SECRET=dev-secret npx tsx server/main.ts
// "empty" answers the sales endpoints as for a partner without sales (the demo partner's profile
// stays). Each page is checked with axe too; violations are printed and fail the run.
// Usage: BASE_URL=http://127.0.0.1:3500 npx tsx scripts/dashboard-screenshots.ts → .tmp/dash-screens/
import { mkdir } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, signIn } from './lib/screenshot-session';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3500';
const OUT = '.tmp/dash-screens';

const paged = { data: [], current_page: 1, per_page: 5, last_page: 1, total: 0 };
const zeroes = Array.from({ length: 12 }, (_, index) => ({
  start: new Date(Date.UTC(2026, 0, 5 + index * 7)).toISOString().slice(0, 10),
  orders: 0,
  sales: 0,
  commissions: 0,
}));
const EMPTY: Record<string, unknown> = {
  getPartnerSalesSummary: {
    data: {
      current_month_sales: 0,
      current_month_orders: 0,
      total_commissions: 0,
      average_order_value: 0,
      this_month_commissions: 0,
      last_month_commissions: 0,
      latest_paid_cashout: null,
      currency: 'USD',
    },
  },
  getTotals: {
    data: {
      sales_count: 0,
      sales_amount: 0,
      pending: 0,
      payable: 0,
      paid: 0,
      in_review: 0,
      referral_commissions: 0,
      marketplace_commissions: 0,
      geography: [],
      currency: 'USD',
    },
  },
  getPartnerSalesSummaryChart: { data: { weekly: zeroes, monthly: zeroes, currency: 'USD' } },
  getPartnerVerifiedTiers: {
    data: {
      tiers: [
        { min_sales: 0, rate: 10, reached: true },
        { min_sales: 25, rate: 15, reached: false },
        { min_sales: 100, rate: 20, reached: false },
        { min_sales: 250, rate: 25, reached: false },
      ],
      verified_sales: 0,
      current_rate: 10,
      override: false,
      next_tier: { min_sales: 25, rate: 15, sales_needed: 25 },
      progress: 0,
    },
  },
  getShopifySalesItemsNoVouchers: paged,
  getShopifySalesItemsReferrals: paged,
  getAmazonSalesItems: paged,
  getVouchersPaginated: paged,
  getBellNotifications: { data: { count: 0, items: [] } },
};

async function partnerToken(): Promise<string> {
  return (await signIn(BASE_URL, 'partner', DEMO_ACCOUNTS.partner)).token;
}

const SHOTS: { name: string; path: string; prepare?: (page: Page, phone: boolean) => Promise<void> }[] = [
  { name: 'account', path: '/account' },
  {
    name: 'account-monthly-bell',
    path: '/account',
    prepare: async (page) => {
      await page
        .getByTestId('chart-toggle-monthly')
        .click()
        .catch(() => undefined);
      await page.getByTestId('bell-button').click();
      await page.getByTestId('bell-panel').waitFor();
    },
  },
  { name: 'sales', path: '/account/sales' },
  { name: 'sales-vouchers', path: '/account/sales?tab=vouchers' },
  { name: 'referrals', path: '/account/referrals' },
];

async function main(): Promise<void> {
  await mkdir(OUT, { recursive: true });
  const token = await partnerToken();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const problems: string[] = [];
  try {
    for (const variant of ['data', 'empty'] as const) {
      for (const viewport of [
        { label: 'phone', width: 390, height: 844 },
        { label: 'desktop', width: 1366, height: 900 },
      ]) {
        for (const theme of ['light', 'dark'] as const) {
          const context = await browser.newContext({ viewport, colorScheme: theme, deviceScaleFactor: 1 });
          const page = await context.newPage();
          page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
          page.on('console', (message) => {
            if (message.type() === 'error')
              problems.push(`${page.url()} [${viewport.label}/${theme}]: ${message.text()}`);
          });
          if (variant === 'empty')
            await page.route(/\/api\/(get\w+)(\?.*)?$/, async (route) => {
              const name = /\/api\/(\w+)/.exec(route.request().url())?.[1] ?? '';
              if (name in EMPTY) return route.fulfill({ json: EMPTY[name] });
              return route.continue();
            });
          await page.goto(`${BASE_URL}/account?token=${encodeURIComponent(token)}`, {
            waitUntil: 'networkidle',
          });
          await page.evaluate((value) => localStorage.setItem('theme', value), theme);
          for (const shot of SHOTS) {
            if (variant === 'empty' && shot.name === 'sales-vouchers') continue;
            await page.goto(BASE_URL + shot.path, { waitUntil: 'networkidle' });
            await page.locator('h1').first().waitFor();
            await page.waitForTimeout(200);
            if (shot.prepare) await shot.prepare(page, viewport.label === 'phone');
            const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
            for (const violation of axe.violations)
              problems.push(
                `axe ${shot.path} [${variant}/${viewport.label}/${theme}] ${violation.id}: ${violation.help} (${violation.nodes
                  .slice(0, 4)
                  .map((node) => node.target.join(' '))
                  .join(', ')})`,
              );
            const file = `${OUT}/${shot.name}-${variant}-${viewport.width}-${theme}.png`;
            await page.screenshot({ path: file, fullPage: !shot.name.includes('bell') });
            console.log(file);
          }
          await context.close();
        }
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
