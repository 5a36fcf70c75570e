// The portal's language and the mail language are two choices (docs/decisions/069-notification-words.md):
// a partner whose e-mails are in English reads the portal in French, bell included, and switching the
// portal's language reads the bell again in the new one without a reload.
import { expect, test } from '@playwright/test';
import { shopifyOrderPayload } from '../server/integrations/shopify/sample-payloads';
import { postShopify, prefer, registerPartner, signedIn, text, unreadBell } from './support';

test('the bell follows the portal’s language, not the mail language, and each switch says which it is', async ({
  page,
  request,
}) => {
  const code = `LANG${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
  const partner = await registerPartner(request, { promo_code: code, locale: 'en' });
  const order = shopifyOrderPayload({
    code: code.toLowerCase(),
    items: [['ACV Gummies', 1, 4000]],
    discountPercent: 0,
    country: 'US',
  });
  expect((await (await postShopify(request, 'orders/paid', order)).json()).data.outcome).toBe('processed');
  await expect.poll(() => unreadBell(request, partner), { timeout: 15_000 }).toBeGreaterThan(0);

  await prefer(page, { locale: 'fr', theme: 'dark' });
  await signedIn(page, request, partner);
  await page.goto('/account');
  const portalSwitch = page.getByRole('group', { name: text('fr', 'language.label') });
  await expect(portalSwitch.first()).toBeVisible();
  await page.getByTestId('bell-button').click();
  const frenchTitle = text('fr', 'notifications_server.sale_title');
  await expect(page.getByText(frenchTitle).first()).toBeVisible();
  await expect(page.getByText(text('en', 'notifications_server.sale_title'))).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Switching the portal to English reads the bell again in English, no reload.
  await portalSwitch
    .first()
    .getByRole('button', { name: text('fr', 'language.en') })
    .click();
  await expect(page.getByRole('group', { name: text('en', 'language.label') }).first()).toBeVisible();
  await page.getByTestId('bell-button').click();
  await expect(page.getByText(text('en', 'notifications_server.sale_title')).first()).toBeVisible();
  await expect(page.getByText(frenchTitle)).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The settings' field is the mail language, and says where the portal's is chosen (the page opens
  // in French again: the test's preference is set before every page).
  await page.goto('/account/profile');
  await expect(page.getByText(text('fr', 'settings.locale_hint'))).toBeVisible();
  await expect(page.getByTestId('profile-locale')).toHaveValue('en');
});
