// Screenshots of the pages behind the overview's "needs a look" (docs/decisions/039) for a person to
// look at (engineering guide, "Look and feel"): refused Shopify deliveries (one payload open) and
// the codes the store refused, at 390 and 1280 px, in English light and French dark. Each page is
// also checked with axe (WCAG 2.1 AA) and for sideways overflow; problems fail the run.
//
// It makes what it shows through the real paths first: signed deliveries the intake refuses (one
// of them sent again right, so the ledger gets that order), and, when the discount push is
// configured, the demo partners' codes pushed to a store that already holds them.
//
// Needs a running built app with the demo program seeded and a webhook secret, e.g.
//   SHOPIFY_WEBHOOK_SECRET=shots PORT=3402 DATA_DIR=.tmp/bo-needs-a-look node scripts/start.mjs
// (add SHOPIFY_SHOP_DOMAIN, SHOPIFY_ADMIN_TOKEN and SHOPIFY_ADMIN_API_URL of a store, or of the
// stand-in server/test/shopify-admin.ts holding JORDAN10, CAMILLE and PRIYA15, for refused codes).
// Usage: BASE_URL=http://127.0.0.1:3402 SHOPIFY_WEBHOOK_SECRET=shots npx tsx scripts/needs-a-look-screenshots.ts [out-dir]
//   → <out-dir>/<page>-<locale>-<width>-<theme>.png (default out-dir .tmp/screenshots/needs-a-look)
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { chromium, type Page } from '@playwright/test';
import { shopifyOrderPayload, shopifyRefundPayload } from '../server/integrations/shopify/sample-payloads';
import { signShopifyBody } from '../server/integrations/shopify/webhooks';
import { CHROMIUM, CHROMIUM_FLAGS } from './lib/chromium';
import { pageProblems } from './lib/page-check';
import { DEMO_ACCOUNTS, LOOKS, lookContext, signIn, WIDTHS } from './lib/screenshot-session';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3402';
const SECRET = process.env.SHOPIFY_WEBHOOK_SECRET ?? '';
const OUT = process.argv[2] ?? '.tmp/screenshots/needs-a-look';
const CODES = ['JORDAN10', 'CAMILLE', 'PRIYA15'];

async function deliver(topic: string, body: string): Promise<string> {
  const answer = await fetch(`${BASE_URL}/api/webhooks/shopify`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Shopify-Topic': topic,
      'X-Shopify-Shop-Domain': 'sunbite.myshopify.com',
      'X-Shopify-Webhook-Id': randomUUID(),
      'X-Shopify-Hmac-Sha256': signShopifyBody(body, SECRET),
    },
    body,
  });
  if (!answer.ok) throw new Error(`delivery answered ${answer.status}: ${await answer.text()}`);
  return ((await answer.json()) as { data: { outcome: string } }).data.outcome;
}

/** Deliveries the intake refuses, as a store can send them. */
async function refuseSome(): Promise<void> {
  if (!SECRET) throw new Error('SHOPIFY_WEBHOOK_SECRET must be the running app’s');
  const later = shopifyOrderPayload({ code: null });
  await deliver('orders/paid', JSON.stringify({ ...later, total_price: 'twelve dollars' }));
  // The store sends it again, right: the ledger gets that order.
  await deliver('orders/paid', JSON.stringify(later));
  const missing = shopifyOrderPayload({ code: null });
  await deliver(
    'orders/create',
    JSON.stringify({
      ...missing,
      checkout_token: 'screenshot-checkout-token',
      line_items: [
        ...missing.line_items,
        { ...missing.line_items[0]!, id: 1, price: '-4.00', quantity: 1.5 },
      ],
    }),
  );
  const refunded = shopifyOrderPayload({ code: null });
  await deliver(
    'refunds/create',
    JSON.stringify({ ...shopifyRefundPayload(refunded, [[0, 1]]), created_at: '2026-02-30T10:00:00Z' }),
  );
  await deliver('orders/cancelled', '{"id": 5600000000777, "cancelled_at": "2026-05-0');
}

/** The demo partners' codes pushed to a store that already holds them: refused. */
async function refuseCodes(headers: Record<string, string>): Promise<void> {
  const list = (await (await fetch(`${BASE_URL}/api/manager/overview/store-pushes`, { headers })).json()) as {
    push_configured: boolean;
    total: number;
  };
  if (!list.push_configured) {
    console.log('The discount push is off: the codes page shows its note.');
    return;
  }
  for (const code of CODES) {
    const found = (await (await fetch(`${BASE_URL}/api/manager/partners?q=${code}`, { headers })).json()) as {
      data: { uuid: string }[];
    };
    const uuid = found.data[0]?.uuid;
    if (uuid)
      await fetch(`${BASE_URL}/api/manager/partners/${uuid}/promo-codes/${code}/store-sync`, {
        method: 'POST',
        headers,
      });
  }
  // Every node pushes due codes every few seconds.
  for (let waited = 0; waited < 60; waited++) {
    const now = (await (
      await fetch(`${BASE_URL}/api/manager/overview/store-pushes`, { headers })
    ).json()) as { total: number };
    if (now.total >= CODES.length) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('the store did not refuse the codes within a minute');
}

const problems: string[] = [];

async function check(page: Page, name: string): Promise<void> {
  problems.push(...(await pageProblems(page, name)));
}

async function main(): Promise<void> {
  await mkdir(OUT, { recursive: true });
  const session = await signIn(BASE_URL, 'staff', DEMO_ACCOUNTS.manager);
  const headers = { Authorization: `Bearer ${session.token}` };
  await refuseSome();
  await refuseCodes(headers);
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

        await page.goto(`${BASE_URL}/manager/overview/deliveries`);
        await page.getByTestId('delivery-row').first().waitFor();
        await page.getByTestId('delivery-payload-toggle').nth(1).click();
        await page.getByTestId('delivery-payload-text').waitFor();
        await check(page, `deliveries-${suffix}`);
        await page.screenshot({ path: `${OUT}/deliveries-${suffix}.png`, fullPage: true });

        await page.goto(`${BASE_URL}/manager/overview/store-pushes`);
        await page.locator('[data-testid="push-row"], [data-testid="pushes-empty"]').first().waitFor();
        await check(page, `store-pushes-${suffix}`);
        await page.screenshot({ path: `${OUT}/store-pushes-${suffix}.png`, fullPage: true });

        await page.goto(`${BASE_URL}/manager/overview`);
        await page.getByTestId('overview-attention').waitFor();
        await page.getByTestId('overview-attention').screenshot({ path: `${OUT}/card-${suffix}.png` });
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
