// Screenshots of the back office's Store section (issue 30): the form refusing a Dev Dashboard
// app's client secret with the store's words, and the store connected with its topics registered, English and French, light and
// dark, at phone and desktop widths, for a person to look at. It starts the Admin GraphQL stand-in
// itself; the server must reach it, e.g.
//   npx tsx scripts/store-screenshots.ts --stand-in &   (prints SHOPIFY_ADMIN_API_URL)
//   SHOPIFY_ADMIN_API_URL=… PORT=3395 DATA_DIR=.tmp/bo-store SEED_DEMO=on node scripts/start.mjs
//   BASE_URL=http://127.0.0.1:3395 npx tsx scripts/store-screenshots.ts
//   → .tmp/screens/store/<state>-<width>-<locale>-<theme>.png
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { startStoreStandIn } from '../server/test/shopify-admin-store';
import { shopifyOrdersStandIn } from '../server/test/shopify-admin-orders';
import { CHROMIUM, CHROMIUM_FLAGS } from './lib/chromium';
import { DEMO_ACCOUNTS, LOOKS, lookContext, signIn, WIDTHS } from './lib/screenshot-session';

const STAND_IN_PORT = 3395 + 100;
const APP = {
  clientId: '5c2e0f8b1d9a4e7c8b3f6a2d1e0c9b8a',
  clientSecret: 'shpss_screenshots_client_secret_3d1f',
};
const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3395';
const OUT = '.tmp/screens/store';

if (process.argv.includes('--stand-in')) {
  const { stand } = await startStoreStandIn({
    port: STAND_IN_PORT,
    app: APP,
    more: shopifyOrdersStandIn().handlers,
  });
  console.log(`SHOPIFY_ADMIN_API_URL=${stand.url}`);
} else {
  await mkdir(OUT, { recursive: true });
  const session = await signIn(BASE_URL, 'staff', DEMO_ACCOUNTS.admin);
  const headers = { authorization: `Bearer ${session.token}` };
  const store = `${BASE_URL}/api/manager/settings/store`;
  await fetch(store, { method: 'DELETE', headers });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  // A Dev Dashboard app: its client ID and client secret.
  const fill = async (page: Page, secret: string) => {
    const section = page.getByTestId('settings-group-store');
    await section.getByTestId('store-shop-domain').fill('sunbite-test.myshopify.com');
    await section.getByTestId('store-client-id').fill(APP.clientId);
    await section.getByTestId('store-webhook-secret').fill(secret);
    await section.getByTestId('store-connect').click();
  };
  const states: { name: string; prepare(page: Page): Promise<void> }[] = [
    {
      name: 'refused',
      prepare: async (page) => {
        await fill(page, 'shpss_not_this_apps_secret');
        await page.getByTestId('settings-group-store').locator('[aria-invalid="true"]').first().waitFor();
      },
    },
    {
      name: 'connected',
      prepare: async (page) => {
        await fill(page, APP.clientSecret);
        await page.getByTestId('store-shop-name').waitFor();
        await page.waitForTimeout(600);
      },
    },
  ];
  for (const width of WIDTHS) {
    for (const { locale, theme } of LOOKS) {
      for (const state of states) {
        const context = await lookContext(
          browser,
          { width, height: width < 768 ? 844 : 900 },
          { locale, theme },
          { manager_token: session },
        );
        const page = await context.newPage();
        await page.goto(`${BASE_URL}/manager/settings`);
        await page.getByTestId('settings-group-store').waitFor();
        await state.prepare(page);
        const file = path.join(OUT, `${state.name}-${width}-${locale}-${theme}.png`);
        await page.getByTestId('settings-group-store').screenshot({ path: file });
        console.log(file);
        await context.close();
        if (state.name === 'connected') await fetch(store, { method: 'DELETE', headers });
      }
    }
  }
  await browser.close();
}
