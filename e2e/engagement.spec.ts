// Engagement in the browser (issue 11): badges awarded live, once.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { shopifyOrderPayload } from '../server/integrations/shopify/sample-payloads';
import { postShopify, prefer, registerPartner, signedIn, text } from './support';

test('crossing 10 sales awards the badge on the open badges page, once, also when the webhook comes twice', async ({ page, request }) => {
  const code = `BADGE${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
  const partner = await registerPartner(request, { promo_code: code });
  const sale = () => shopifyOrderPayload({ code: code.toLowerCase(), items: [['ACV Gummies', 1, 2500]], discountPercent: 0, country: 'US' });
  for (let n = 1; n <= 9; n++) expect((await (await postShopify(request, 'orders/paid', sale())).json()).data.outcome).toBe('processed');

  await signedIn(page, request, partner);
  await page.goto('/account/badges');
  const ten = page.getByTestId('badge-sales_10');
  await expect(ten).toHaveAttribute('data-earned', 'false');
  await expect(ten).toContainText('9 of 10');
  await expect(page.getByTestId('badge-first_sale')).toHaveAttribute('data-earned', 'true', { timeout: 15_000 });

  // The tenth sale, delivered twice with the same id and once more as another delivery.
  const tenth = sale();
  const delivery = randomUUID();
  expect((await (await postShopify(request, 'orders/paid', tenth, { webhookId: delivery })).json()).data.outcome).toBe('processed');
  expect((await (await postShopify(request, 'orders/paid', tenth, { webhookId: delivery })).json()).data.outcome).toBe('duplicate');
  await postShopify(request, 'orders/paid', tenth);

  // No reload: the award's push refreshes the badges and the bell.
  await expect(ten).toHaveAttribute('data-earned', 'true', { timeout: 15_000 });
  await expect(page.getByTestId('badges-summary')).toContainText('2 of 10 badges earned');
  await page.getByTestId('bell-button').click();
  await expect(page.getByText('New badge: 10 sales')).toHaveCount(1);

  // In French, dark.
  await prefer(page, { locale: 'fr', theme: 'dark' });
  await page.reload();
  await expect(page.getByTestId('badges-summary')).toContainText('2 badges obtenus sur 10');
  await expect(page.getByTestId('badge-sales_10')).toContainText(text('fr', 'engagement.badges.sales_10.name'));
});
