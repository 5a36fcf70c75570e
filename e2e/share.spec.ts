// Sharing on a phone (docs/product/partner-portal.md#what-a-partner-can-do): at 390 px a ready
// caption's Share button hands the browser's share sheet the caption and the partner's short link
// in one text, and copies that text where the browser has no sheet; the dashboard's "Your links"
// shares the short link and stays within the phone's width, in English light and French dark. The
// share sheet is the browser's own API, stubbed in an init script (a headless browser has no sheet
// to open); a dismissed sheet copies nothing.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { apiToken, PHONE, prefer, registerPartner, signedIn, text } from './support';

test.use(PHONE);

/** A share sheet that records what it was given (and is dismissed when `dismiss` is set). */
async function stubShareSheet(page: Page, options: { dismiss?: boolean } = {}) {
  await page.addInitScript((dismiss) => {
    const shared: ShareData[] = [];
    (window as unknown as { shared: ShareData[] }).shared = shared;
    Object.defineProperty(navigator, 'canShare', { configurable: true, value: () => true });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: (data: ShareData) => {
        shared.push(data);
        return dismiss ? Promise.reject(new DOMException('Share canceled', 'AbortError')) : Promise.resolve();
      },
    });
  }, options.dismiss ?? false);
}

/** A browser without a share sheet (as a desktop Firefox). */
async function noShareSheet(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
    Object.defineProperty(navigator, 'canShare', { configurable: true, value: undefined });
  });
}

const sharedOn = (page: Page) => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);

test('a caption is shared with the short link in one text, and copied where there is no share sheet', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const code = `SH${Date.now().toString(36)}`.toUpperCase().slice(0, 20);
  const partner = await registerPartner(request, { promo_code: code });
  const { token } = await apiToken(request, partner.email, partner.password);
  const product = await request.get('/api/products/acv?locale=en', {
    headers: { authorization: `Bearer ${token}` },
  });
  const caption = ((await product.json()) as { data: { captions: string[] } }).data.captions[0]!;
  const shortLink = `${baseURL}/s/${code}`;

  // With the share sheet.
  await stubShareSheet(page);
  await signedIn(page, request, partner);
  await prefer(page, { locale: 'en', theme: 'light' });
  await page.goto('/account/products/acv');
  const share = page.getByTestId('share-caption-1');
  await expect(share).toBeEnabled();
  await expect(share).toHaveAccessibleName(text('en', 'content.product.share_caption', { n: '1' }));
  await share.click();
  await expect.poll(() => sharedOn(page)).toEqual([{ text: `${caption}\n\n${shortLink}` }]);

  // Without one: the same text, copied, with the copied toast.
  const bare = await browser.newPage({ ...PHONE });
  await bare.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await noShareSheet(bare);
  await signedIn(bare, request, partner);
  await prefer(bare, { locale: 'en', theme: 'light' });
  await bare.goto('/account/products/acv');
  await expect(bare.getByTestId('share-caption-1')).toBeEnabled();
  await bare.getByTestId('share-caption-1').click();
  await expect(bare.getByText(text('en', 'dashboard.code.copied'))).toBeVisible();
  expect(await bare.evaluate(() => navigator.clipboard.readText())).toBe(`${caption}\n\n${shortLink}`);
  await bare.context().close();
});

test('a dismissed share sheet copies nothing and says nothing', async ({ page, request }) => {
  const partner = await registerPartner(request);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await stubShareSheet(page, { dismiss: true });
  await signedIn(page, request, partner);
  await prefer(page, { locale: 'en', theme: 'light' });
  await page.goto('/account/products/acv');
  await page.evaluate(() => navigator.clipboard.writeText('before'));
  await expect(page.getByTestId('share-caption-1')).toBeEnabled();
  await page.getByTestId('share-caption-1').click();
  await expect.poll(async () => (await sharedOn(page)).length).toBe(1);
  await expect(page.getByText(text('en', 'dashboard.code.copied'))).toHaveCount(0);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('before');
});

for (const { locale, theme } of [
  { locale: 'en', theme: 'light' },
  { locale: 'fr', theme: 'dark' },
] as const) {
  test(`the dashboard's links at 390 px (${locale}, ${theme}): shared from the card, within the width`, async ({
    page,
    request,
    baseURL,
  }) => {
    const code = `DL${Date.now().toString(36)}`.toUpperCase().slice(0, 20);
    const partner = await registerPartner(request, { promo_code: code, locale });
    await stubShareSheet(page);
    await signedIn(page, request, partner);
    await prefer(page, { locale, theme });
    await page.goto('/account');

    const card = page.getByTestId('widget-links');
    await expect(card.getByRole('heading', { level: 2 })).toHaveText(text(locale, 'dashboard.links.title'));
    await expect(card.getByTestId('dashboard-short-link')).toHaveText(`${new URL(baseURL!).host}/s/${code}`);
    await card.getByRole('button', { name: text(locale, 'share.share_short_link') }).click();
    await card.getByRole('button', { name: text(locale, 'share.share_referral_link') }).click();
    await expect
      .poll(() => sharedOn(page))
      .toEqual([{ url: `${baseURL}/s/${code}` }, { url: `${baseURL}/r/${code}` }]);

    // The code's own Share: the sentence and the short link in one text.
    await page.getByTestId('share-code').click();
    await expect
      .poll(async () => (await sharedOn(page)).at(-1))
      .toEqual({
        text: `${text(locale, 'share.code_text', { code, percent: String(await discountOf(page)) })}\n\n${baseURL}/s/${code}`,
      });

    // Compact: the card and its buttons within the phone's width, each button a finger wide.
    const box = await card.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const button of await card.getByRole('button').all()) {
      const b = (await button.boundingBox())!;
      expect(b.width).toBeGreaterThanOrEqual(44);
      expect(b.x + b.width).toBeLessThanOrEqual(390);
    }
  });
}

/** The customer discount the dashboard's code box shows (the program's default for a new code). */
async function discountOf(page: Page): Promise<number> {
  const shown = (await page.getByTestId('promo-discount').textContent()) ?? '';
  return Number(/\d+(?:[.,]\d+)?/.exec(shown)?.[0]?.replace(',', '.'));
}
