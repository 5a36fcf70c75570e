// Engagement in the browser (issue 11): badges awarded live, once; staff announcements and custom
// notifications reaching the open portal; a sale moving this month's challenge.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { shopifyOrderPayload } from '../server/integrations/shopify/sample-payloads';
import { postShopify, prefer, registerPartner, signedIn, staffPage, text, unreadBell } from './support';

const MANAGER = { email: 'demo.manager@sunbite.example', password: 'sunny-demo-manager' };

test('crossing 10 sales awards the badge on the open badges page, once, also when the webhook comes twice, and the newsfeed shows it', async ({
  page,
  request,
}) => {
  const code = `BADGE${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
  const partner = await registerPartner(request, { promo_code: code });
  const sale = () =>
    shopifyOrderPayload({
      code: code.toLowerCase(),
      items: [['ACV Gummies', 1, 2500]],
      discountPercent: 0,
      country: 'US',
    });
  for (let n = 1; n <= 9; n++)
    expect((await (await postShopify(request, 'orders/paid', sale())).json()).data.outcome).toBe('processed');

  await signedIn(page, request, partner);
  await page.goto('/account/badges');
  const ten = page.getByTestId('badge-sales_10');
  await expect(ten).toHaveAttribute('data-earned', 'false');
  await expect(ten).toContainText('9 of 10');
  await expect(page.getByTestId('badge-first_sale')).toHaveAttribute('data-earned', 'true', {
    timeout: 15_000,
  });

  // The tenth sale, delivered twice with the same id and once more as another delivery.
  const tenth = sale();
  const delivery = randomUUID();
  expect(
    (await (await postShopify(request, 'orders/paid', tenth, { webhookId: delivery })).json()).data.outcome,
  ).toBe('processed');
  expect(
    (await (await postShopify(request, 'orders/paid', tenth, { webhookId: delivery })).json()).data.outcome,
  ).toBe('duplicate');
  await postShopify(request, 'orders/paid', tenth);

  // No reload: the award's push refreshes the badges and the bell.
  await expect(ten).toHaveAttribute('data-earned', 'true', { timeout: 15_000 });
  await expect(page.getByTestId('badges-summary')).toContainText('2 of 10 badges earned');
  await page.getByTestId('bell-button').click();
  await expect(page.getByText('New badge: 10 sales')).toHaveCount(1);

  // The newsfeed tells it once too, newest first, above the sales.
  await page.goto('/account/newsfeed');
  const feed = page.getByTestId('newsfeed-item');
  await expect(feed.and(page.locator('[data-kind="badge"]')).filter({ hasText: '10 sales' })).toHaveCount(1);
  await expect(feed.and(page.locator('[data-kind="sale"]')).first()).toBeVisible();

  // In French, dark.
  await prefer(page, { locale: 'fr', theme: 'dark' });
  await page.goto('/account/badges');
  await expect(page.getByTestId('badges-summary')).toContainText('2 badges obtenus sur 10');
  await expect(page.getByTestId('badge-sales_10')).toContainText(
    text('fr', 'engagement.badges.sales_10.name'),
  );
});

test('a staff announcement reaches the open dashboard and the bell without reload; a custom notification lights the dot', async ({
  browser,
  page,
  request,
}) => {
  // A French reader, and an announcement written in French only: no English partner of the other
  // tests running meanwhile receives it.
  const partner = await registerPartner(request, { locale: 'fr', first_name: 'Élodie' });
  await signedIn(page, request, partner);
  await prefer(page, { locale: 'fr', theme: 'dark' });
  await page.goto('/account/');
  const widget = page.getByTestId('widget-announcements');
  await widget.scrollIntoViewIfNeeded();
  await expect(widget).toContainText(text('fr', 'dashboard.announcements.title'));
  const bell = page.getByTestId('bell-count');
  const before = await unreadBell(request, partner);
  await expect(page.getByTestId('notification-dot')).toBeHidden();

  const staff = await staffPage(browser, MANAGER, 'en');
  await staff.goto('/manager/announcements');
  const title = `Défi d’hiver ${Date.now().toString(36)}`;
  await staff.getByTestId('message-fr-title').fill(title);
  await staff.getByTestId('message-fr-body').fill('Publiez trois fois cette semaine avec votre code.');
  await staff.getByTestId('compose-send').click();
  await expect(staff.getByTestId('message-row').first()).toContainText(title);

  // No reload: the push brings it into the widget and the bell.
  await expect(widget.getByTestId('announcement').first()).toContainText(title, { timeout: 15_000 });
  await expect(bell).toHaveText(String(before + 1));

  // A custom notification to this partner alone, written in English: they still get it.
  await staff.goto('/manager/notifications');
  await staff.getByTestId('recipient-one').check();
  await staff.getByTestId('recipient-partner').fill(partner.email);
  await staff.getByTestId('message-en-title').fill('Your sample box ships Monday');
  await staff.getByTestId('message-en-body').fill('Thanks for posting with your code.');
  await staff.getByTestId('compose-send').click();
  await expect(staff.getByTestId('message-row').first()).toContainText(partner.email);
  await expect(page.getByTestId('notification-dot')).toBeVisible({ timeout: 15_000 });
  await expect(bell).toHaveText(String(before + 2));

  // Read in the bell: the dot goes out.
  await page.getByTestId('bell-button').click();
  await page.getByTestId('bell-panel').getByText('Your sample box ships Monday').click();
  await expect(page.getByTestId('notification-dot')).toBeHidden();
  await expect(bell).toHaveText(String(before + 1));
  await staff.close();
});

test('a sale moves this month’s challenge progress bar live, and the promo shows its artwork', async ({
  page,
  request,
}) => {
  const code = `CHAL${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
  const partner = await registerPartner(request, { promo_code: code });
  await signedIn(page, request, partner);
  await page.goto('/account/');
  // The demo program's challenge of the month (server/seed/demo-engagement.ts).
  const sprint = page.getByTestId('challenge').filter({ hasText: 'Sprint to the finish' });
  await sprint.scrollIntoViewIfNeeded();
  const progress = sprint.getByTestId('challenge-progress');
  await expect(progress).toHaveText(/^0 of \d+ sales$/);
  const target = Number((await progress.textContent())!.match(/of (\d+)/)![1]);
  await expect(sprint.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');

  const order = shopifyOrderPayload({
    code: code.toLowerCase(),
    items: [['Matcha Mind', 1, 3000]],
    discountPercent: 0,
    country: 'US',
  });
  expect((await (await postShopify(request, 'orders/paid', order)).json()).data.outcome).toBe('processed');
  // No reload: the sale's push moves the bar.
  await expect(progress).toHaveText(`1 of ${target} sales`, { timeout: 15_000 });
  await expect(sprint.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');

  const promo = page.getByTestId('promo').first();
  await expect(promo).toContainText('Matcha Mind');
  await expect(promo.locator('img')).toHaveJSProperty('complete', true);
  expect(await promo.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // In French, dark.
  await prefer(page, { locale: 'fr', theme: 'dark' });
  await page.reload();
  const sprintFr = page.getByTestId('challenge').first();
  await sprintFr.scrollIntoViewIfNeeded();
  await expect(sprintFr.getByTestId('challenge-progress')).toHaveText(`1 sur ${target} ventes`);
});

test('the live-sales view slides a new sale in without reload; the support page gets its test notification live', async ({
  page,
  request,
}) => {
  const code = `SLIDE${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
  const partner = await registerPartner(request, { promo_code: code });
  const sale = (product: string) =>
    shopifyOrderPayload({
      code: code.toLowerCase(),
      items: [[product, 1, 4000]],
      discountPercent: 0,
      country: 'CA',
    });
  expect((await (await postShopify(request, 'orders/paid', sale('ACV Gummies'))).json()).data.outcome).toBe(
    'processed',
  );
  await signedIn(page, request, partner);
  await page.goto('/account/slider');
  const slides = page.getByTestId('slide');
  await expect(slides).toHaveCount(1);
  await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'connected', {
    timeout: 15_000,
  });

  expect(
    (await (await postShopify(request, 'orders/paid', sale('Dreamy Sleep Gummies'))).json()).data.outcome,
  ).toBe('processed');
  await expect(slides).toHaveCount(2, { timeout: 15_000 });
  await expect(slides.first()).toContainText('Dreamy Sleep Gummies');
  await expect(slides.first()).toHaveAttribute('data-fresh', 'true');
  await expect(slides.first().getByTestId('slide-commission')).toHaveText('$4.00');

  await page.goto('/account/test');
  await expect(page.getByTestId('test-live-state')).toHaveAttribute('data-state', 'connected', {
    timeout: 15_000,
  });
  await page.getByTestId('test-send').click();
  await expect(page.getByTestId('test-attempt').first()).toHaveAttribute('data-took', 'live', {
    timeout: 10_000,
  });
  await page.getByTestId('bell-button').click();
  await expect(page.getByTestId('bell-panel')).toContainText('Test notification');
});

test('the survey appears after the first sale; claiming bottles reaches the staff list, where a manager ships them', async ({
  browser,
  page,
  request,
}) => {
  const code = `SURV${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
  const partner = await registerPartner(request, { promo_code: code, first_name: 'Inès', locale: 'fr' });
  await signedIn(page, request, partner);
  await prefer(page, { locale: 'fr', theme: 'dark' });
  await page.goto('/account/');
  await expect(page.getByTestId('metric-this_month_commissions')).toBeVisible();
  await expect(page.getByTestId('survey')).toHaveCount(0);

  // The first sale, pushed live: the survey opens without a reload.
  const order = shopifyOrderPayload({
    code: code.toLowerCase(),
    items: [['Calm Bites', 1, 2800]],
    discountPercent: 0,
    country: 'CA',
  });
  expect((await (await postShopify(request, 'orders/paid', order)).json()).data.outcome).toBe('processed');
  const survey = page.getByTestId('survey');
  await expect(survey).toBeVisible({ timeout: 15_000 });
  await survey.getByText(text('fr', 'survey.choices.claim_bottles')).click();
  await survey.getByTestId('survey-address_1').fill('12 rue des Pins');
  await survey.getByTestId('survey-city').fill('Montréal');
  await survey.getByTestId('survey-postal').fill('H2X 1Y4');
  await survey.getByTestId('survey-country').selectOption('CA');
  await survey.getByTestId('survey-submit').click();
  await expect(page.getByText(text('fr', 'survey.thanks'))).toBeVisible();
  await expect(survey).toHaveCount(0);

  const staff = await staffPage(browser, MANAGER, 'en');
  await staff.goto('/manager/survey/claims?status=open');
  const row = staff.getByTestId('claim-row').filter({ hasText: partner.email });
  await expect(row).toContainText('12 rue des Pins');
  await row.getByTestId('claim-ship').click();
  await staff.getByTestId('claim-dialog-confirm').click();
  await expect(staff.getByTestId('claim-row').filter({ hasText: partner.email })).toHaveCount(0);
  await staff.goto('/manager/survey/claims?status=shipped');
  await expect(staff.getByTestId('claim-row').filter({ hasText: partner.email })).toBeVisible();
  await staff.close();
});
