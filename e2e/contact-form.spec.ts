// The dashboard's contact-details prompt (docs/product/partners-and-accounts.md#the-partner-profile),
// in the built app: a new partner is asked where to send samples; "Not now" hides the card without
// a reload and it stays hidden after one; "Add my address" opens the settings' address section
// ready to type, and once a complete address is saved the dashboard asks no more. EN light on a
// phone, FR dark on a desktop.
import { expect, test } from '@playwright/test';
import { pageAs, registerPartner, signedIn, text } from './support';

test('"Not now" hides the card at once and for good after a reload (EN, light, 390 px)', async ({
  browser,
  request,
}) => {
  const partner = await registerPartner(request);
  const page = await pageAs(browser, { locale: 'en', theme: 'light', phone: true });
  await signedIn(page, request, partner);
  await page.goto('/account/');
  const card = page.getByTestId('contact-form-card');
  await expect(card.getByRole('heading', { name: text('en', 'dashboard.contact_form.title') })).toBeVisible();
  // Whole on a phone: nothing wider than the card, both buttons a finger wide.
  const fits = await card.evaluate((el) => el.scrollWidth <= el.clientWidth);
  expect(fits).toBe(true);
  for (const button of [card.getByTestId('contact-form-add'), card.getByTestId('contact-form-later')]) {
    const box = await button.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  }

  const cancelled = page.waitForResponse(
    (res) => res.url().endsWith('/api/contact-form/cancel') && res.request().method() === 'POST',
  );
  let reads = 0;
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/api/get') reads += 1;
  });
  await card.getByRole('button', { name: text('en', 'dashboard.contact_form.later') }).click();
  expect((await cancelled).status()).toBe(200);
  await expect(card).toHaveCount(0);
  await expect(page).toHaveURL(/\/account\/?$/);
  // The card went from the route's answer; the profile may be read again only by the live push.
  expect(reads).toBeLessThanOrEqual(1);

  await page.reload();
  await expect(page.getByTestId('metric-this_month_commissions')).toBeVisible();
  await expect(page.getByTestId('contact-form-card')).toHaveCount(0);
  await page.close();
});

test('"Ajouter mon adresse" opens the address, and a complete address ends the prompt (FR, dark, 1280 px)', async ({
  browser,
  request,
}) => {
  const partner = await registerPartner(request, { locale: 'fr', country: 'CA' });
  const page = await pageAs(browser, { locale: 'fr', theme: 'dark' });
  await signedIn(page, request, partner);
  await page.goto('/account/');
  const card = page.getByTestId('contact-form-card');
  await expect(card.getByRole('heading', { name: text('fr', 'dashboard.contact_form.title') })).toBeVisible();
  await card.getByRole('link', { name: text('fr', 'dashboard.contact_form.add') }).click();
  await expect(page).toHaveURL(/\/account\/profile#address$/);
  const first = page.getByTestId('profile-address_1');
  await expect(first).toBeFocused();
  await expect(page.locator('#address')).toBeInViewport();

  const save = async () => {
    const answer = page.waitForResponse(
      (res) => new URL(res.url()).pathname === '/api/update' && res.request().method() === 'POST',
    );
    await page.getByTestId('profile-save').click();
    return answer;
  };

  // A partial address (no postal code) is saved but does not end the prompt.
  await first.fill('12 rue des Pins');
  await page.getByTestId('profile-city').fill('Montréal');
  await page.getByTestId('profile-state').fill('QC');
  expect((await save()).status()).toBe(200);
  await expect(page.getByText(text('fr', 'settings.saved')).first()).toBeVisible();
  await page.goto('/account/');
  await expect(page.getByTestId('contact-form-card')).toBeVisible();

  await page.goto('/account/profile#address');
  await page.getByTestId('profile-postal').fill('H2X 1Y4');
  expect((await save()).status()).toBe(200);
  await page.goto('/account/');
  await expect(page.getByTestId('metric-this_month_commissions')).toBeVisible();
  await expect(page.getByTestId('contact-form-card')).toHaveCount(0);
  await page.close();
});
