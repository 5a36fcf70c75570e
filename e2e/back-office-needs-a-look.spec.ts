// The pages behind the overview's "needs a look" (docs/decisions/039): a signed Shopify delivery
// the intake refuses (its total is not an amount) shows up on the refused deliveries page, reached
// from the overview's card, with its reason in staff words, the error ID the webhook answered and
// its payload with the checkout token hidden; in English, light, on a desktop, and in French, dark,
// on a phone.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { shopifyOrderPayload } from '../server/integrations/shopify/sample-payloads';
import { postShopify, prefer, publicClient, staffPage, text } from './support';

const MANAGER = { email: 'demo.manager@sunbite.example', password: 'sunny-demo-manager' };

async function managerSession(request: APIRequestContext): Promise<{ token: string; expired: string }> {
  const answer = await request.post('/api/manager/auth/get_token', {
    headers: { authorization: `Bearer ${await publicClient(request)}` },
    data: MANAGER,
  });
  expect(answer.ok()).toBe(true);
  return answer.json();
}

test('a refused Shopify delivery is on its page, with its reason, error ID and payload', async ({
  browser,
  request,
}) => {
  const deliveryId = `e2e-refused-${randomUUID()}`;
  const order = {
    ...shopifyOrderPayload({ code: null }),
    total_price: 'twelve dollars',
    checkout_token: 'e2e-checkout-secret',
  };
  const answer = await postShopify(request, 'orders/paid', order, { webhookId: deliveryId });
  expect(answer.status()).toBe(200);
  const { data } = (await answer.json()) as { data: { outcome: string; id: string } };
  expect(data.outcome).toBe('rejected');

  // English, light, desktop: from the overview's card to the page.
  const page = await staffPage(browser, MANAGER, 'en');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/manager/overview');
  await page.getByTestId('attention-open-deliveries').click();
  await expect(page).toHaveURL(/\/manager\/overview\/deliveries$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Refused Shopify deliveries' })).toBeVisible();
  const row = page
    .getByTestId('deliveries-table')
    .getByTestId('delivery-row')
    .filter({ hasText: deliveryId });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('delivery-topic')).toContainText('Order paid');
  await expect(row.getByTestId('delivery-problems')).toContainText('Total: not an amount');
  await expect(row.getByTestId('delivery-error-id')).toHaveText(data.id);
  await expect(row.getByTestId('delivery-ledger')).toContainText('Not in the ledger');
  await row.getByTestId('delivery-payload-toggle').click();
  const payload = page.getByTestId('delivery-payload-text');
  await expect(payload).toContainText('"total_price": "twelve dollars"');
  await expect(payload).toContainText('"checkout_token": "[hidden]"');
  await expect(payload).not.toContainText('e2e-checkout-secret');
  // The topic filter keeps it; another topic leaves it out.
  await page.getByTestId('deliveries-filter-topic').selectOption('refunds/create');
  await expect(page).toHaveURL(/topic=refunds%2Fcreate/);
  await expect(page.getByTestId('delivery-row').filter({ hasText: deliveryId })).toHaveCount(0);
  await page.close();

  // French, dark, on a phone: the same delivery as a card.
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const phone = await context.newPage();
  await prefer(phone, { locale: 'fr', theme: 'dark' });
  const session = await managerSession(request);
  await phone.addInitScript((t) => localStorage.setItem('manager_token', JSON.stringify(t)), session);
  await phone.goto('/manager/overview/deliveries?topic=orders/paid');
  await expect(
    phone.getByRole('heading', { level: 1, name: text('fr', 'titles.manager_deliveries') }),
  ).toBeVisible();
  await expect(phone.locator('html')).toHaveClass(/dark/);
  const card = phone.getByTestId('delivery-row').filter({ hasText: deliveryId });
  await expect(card).toHaveCount(1);
  await expect(phone.getByTestId('deliveries-table')).toHaveCount(0);
  await expect(card.getByTestId('delivery-topic')).toContainText('Commande payée');
  await expect(card.getByTestId('delivery-problems')).toContainText('Total : pas un montant');
  await expect(card.getByTestId('delivery-error-id')).toHaveText(data.id);
  await card.getByTestId('delivery-payload-toggle').click();
  await expect(card.getByTestId('delivery-payload-text')).toContainText('"checkout_token": "[hidden]"');
  await context.close();
});
