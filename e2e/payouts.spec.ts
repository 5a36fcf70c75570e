// The money-out path in the browser: a partner asks to be paid, staff approve it (both stages
// above the manager threshold), the PayPal stand-in pays it, and the partner's open page says Paid
// without a reload; the invoice PDF names the number, the partner and every order.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Locale } from '../common/i18n';
import { openSqlite } from '../server/db';
import { shopifyOrderPayload } from '../server/integrations/shopify/sample-payloads';
import { changeEarning } from '../server/modules/ledger/earnings';
import { pdfText } from '../server/test/pdf-text';
import {
  DATA_DIR,
  postShopify,
  prefer,
  publicClient,
  registerPartner,
  signedIn,
  staffPage,
  text,
} from './support';

const REVIEWER = { email: 'demo.reviewer@sunbite.example', password: 'sunny-demo-reviewer' };
const MANAGER = { email: 'demo.manager@sunbite.example', password: 'sunny-demo-manager' };

// Each test pays a partner of its own; both move money through the same queue and job runner.
test.describe.configure({ mode: 'serial' });

/**
 * A partner of the test's own with a verified e-mail, a PayPal e-mail saved as settings save it,
 * and store orders of their code whose holding period has ended: the orders come through signed
 * webhooks; the end of the holding period is the ledger's own change (the scheduled approval runs
 * every ten minutes), made on the portal's database file.
 */
async function partnerWithBalance(
  request: APIRequestContext,
  options: { locale: Locale; first: string; orders: [string, number, number][][] },
) {
  const code = `PAY${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`.slice(0, 20);
  const last = `Payee${randomUUID().slice(0, 6)}`;
  const partner = await registerPartner(request, {
    promo_code: code,
    first_name: options.first,
    last_name: last,
    locale: options.locale,
  });
  const client = { authorization: `Bearer ${await publicClient(request)}` };
  // registerPartner followed the sign-up link: the address is verified.
  const token = (await (await request.post('/api/auth/get_token', { headers: client, data: partner })).json())
    .token as string;
  const auth = { authorization: `Bearer ${token}` };
  const paypal = `${last.toLowerCase()}@paypal.example`;
  expect(
    (
      await request.post('/api/update', {
        headers: auth,
        data: {
          first_name: options.first,
          last_name: last,
          paypal_email: paypal,
          current_password: partner.password,
        },
      })
    ).ok(),
  ).toBe(true);
  for (const items of options.orders) {
    const res = await postShopify(
      request,
      'orders/paid',
      shopifyOrderPayload({ code: code.toLowerCase(), items, discountPercent: 0, country: 'CA' }),
    );
    expect((await res.json()).data.outcome).toBe('processed');
  }
  const sales = (
    await (await request.get('/api/getShopifySalesItemsNoVouchers?length=100', { headers: auth })).json()
  ).data as { order_number: string }[];
  const database = openSqlite(path.join(DATA_DIR, 'portal.db'));
  try {
    const me = await database.db
      .selectFrom('partners')
      .select('id')
      .where('email', '=', partner.email)
      .executeTakeFirstOrThrow();
    const pending = await database.db
      .selectFrom('earnings')
      .select(['id', 'status', 'amount_cents', 'partner_id', 'kind', 'order_id', 'created_at', 'dated_at'])
      .where('partner_id', '=', me.id)
      .where('status', '=', 'PENDING')
      .execute();
    for (const earning of pending)
      await changeEarning(
        database.db,
        earning,
        { status: 'APPROVED' },
        'holding period ended (browser test)',
        'system',
      );
  } finally {
    await database.close();
  }
  return {
    ...partner,
    name: `${options.first} ${last}`,
    paypal,
    orderNumbers: sales.map((s) => s.order_number),
  };
}

/** Opens the partner's open payout in the queue and approves it; answers the status shown after. */
async function approve(page: Page, partnerEmail: string) {
  await page.goto(`/manager/payouts?status=open&q=${encodeURIComponent(partnerEmail)}`);
  await page.getByTestId('payout-row').first().click();
  await page.getByTestId('action-approve').click();
  await page.getByTestId('decision-confirm').click();
  await expect(page.getByTestId('action-approve')).toBeHidden();
}

/** The status chip of the payout the staff page shows (staff wording; the status is its data). */
const payoutStatus = (page: Page) => page.getByTestId('payout-summary').getByTestId('payout-status');

async function requestPayout(page: Page, locale: Locale, amount: string) {
  await page.goto('/account/cashout');
  await expect(page.getByTestId('cashout-payable')).toContainText(amount);
  await page.getByTestId('pay-me-now').click();
  await expect(page.getByTestId('cashout-dialog')).toBeVisible();
  await page.getByTestId('cashout-confirm').click();
  await expect(page.getByText(text(locale, 'cashout.sent'))).toBeVisible();
  await expect(page.getByTestId('cashout-open')).toContainText(text(locale, 'status.PENDING'));
}

async function downloadedInvoice(page: Page): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('invoice-download').first().click(),
  ]);
  const file = await download.path();
  return pdfText(fs.readFileSync(file));
}

test('a partner is paid: two review stages, PayPal, Paid live, the dashboard and the invoice', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  // 5 orders of 50 × 25.00 at 10%: 625.00, above the 500.00 manager threshold.
  const partner = await partnerWithBalance(request, {
    locale: 'en',
    first: 'Robin',
    orders: Array.from({ length: 5 }, () => [['ACV Gummies', 50, 2500]]),
  });
  await signedIn(page, request, partner);
  await requestPayout(page, 'en', '$625.00');
  const history = page.getByTestId('cashout-history');
  // The history refreshes after the request: read the number once it shows.
  await expect(history).toContainText(/INV-\d{4}-\d{6}/);
  const number = (await history.textContent())?.match(/INV-\d{4}-\d{6}/)?.[0];
  expect(number).toBeTruthy();

  const reviewer = await staffPage(browser, REVIEWER, 'en');
  await approve(reviewer, partner.email);
  // Above the threshold the manager stage follows.
  await expect(payoutStatus(reviewer)).toHaveAttribute('data-status', 'MANAGER_IN_REVIEW');
  await expect(page.getByTestId('cashout-open')).toContainText(text('en', 'status.IN_REVIEW'));

  const manager = await staffPage(browser, MANAGER, 'en');
  await approve(manager, partner.email);
  // The PayPal job sends it and reads PayPal's answer: the partner's page follows without a reload.
  await expect(page.getByTestId('cashout-history')).toContainText(text('en', 'status.PAID'), {
    timeout: 30_000,
  });
  await expect(page.getByTestId('cashout-open')).toBeHidden();
  await manager.reload();
  await expect(payoutStatus(manager)).toHaveAttribute('data-status', 'PAID');

  const invoice = await downloadedInvoice(page);
  expect(invoice).toContain(number!);
  expect(invoice).toContain(partner.name);
  expect(partner.orderNumbers).toHaveLength(5);
  for (const order of partner.orderNumbers) expect(invoice).toContain(order);

  await page.goto('/account');
  await expect(page.getByTestId('metric-latest_paid_cashout')).toContainText('$625.00');
  await reviewer.close();
  await manager.close();
});

test('the same in French: the labels, the toast and the invoice', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  // 2 orders of 10 × 25.00 at 10%: 50.00, one review stage.
  const partner = await partnerWithBalance(request, {
    locale: 'fr',
    first: 'Élodie',
    orders: [[['ACV Gummies', 10, 2500]], [['Calm Bites', 10, 2500]]],
  });
  await prefer(page, { locale: 'fr' });
  await signedIn(page, request, partner);
  await requestPayout(page, 'fr', '50,00');

  const reviewer = await staffPage(browser, REVIEWER, 'fr');
  await approve(reviewer, partner.email);
  await expect(page.getByTestId('cashout-history')).toContainText(text('fr', 'status.PAID'), {
    timeout: 30_000,
  });

  const invoice = await downloadedInvoice(page);
  expect(invoice).toContain('Facture');
  expect(invoice).toContain(partner.name);
  for (const order of partner.orderNumbers) expect(invoice).toContain(order);
  await reviewer.close();
});
