// The content kit in the browser (issue 10): a product's talking points with the partner's own
// code, copied and downloaded as a kit (WebP or JPEG); the 16 product buttons; the caption check;
// the Grab and Go lightbox by mouse, keyboard and touch, and its JPEG downloads; the FAQ search;
// the public terms and policy; and a manager's caption edit that the partner sees, then the
// restore of the previous version.
// English and French, light and dark, are spread across the tests.
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { unzipSync, strFromU8 } from 'fflate';
import type { Locale } from '../common/i18n';
import type { ProductContent } from '../common/content';
import { PRODUCT_CODES } from '../common/products';
import { LIGHTBOX } from '../web/features/content/gallery/lightbox-constants';
import { prefer, registerPartner, signedIn, text } from './support';

const MANAGER = { email: 'demo.manager@sunbite.example', password: 'sunny-demo-manager' };

/** The seeded talking points of a product, as content/ ships them (only `pms` is edited here). */
function seeded(code: string, locale: Locale): ProductContent {
  return JSON.parse(
    fs.readFileSync(new URL(`../content/products/${code}/${locale}.json`, import.meta.url), 'utf8'),
  );
}

/** A partner of the test's own, with a promo code the test knows, signed in on `page`. */
async function partnerPage(
  page: Page,
  request: APIRequestContext,
  options: { locale: Locale; theme: 'light' | 'dark' },
) {
  const code = `CK${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
    .toUpperCase()
    .slice(0, 20);
  const partner = await registerPartner(request, { promo_code: code, locale: options.locale });
  await prefer(page, options);
  await signedIn(page, request, partner);
  return { ...partner, code };
}

/** The seed's caption as the partner sees it: their code in place of `{code}`. */
const withCode = (caption: string, code: string) => caption.replace('{code}', code);

async function expectTheme(page: Page, theme: 'light' | 'dark') {
  if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
}

for (const { locale, theme, product } of [
  { locale: 'en', theme: 'light', product: 'kids' },
  { locale: 'fr', theme: 'dark', product: 'xsleep' },
] as const) {
  test(`product page (${locale}, ${theme}): content, the partner's code in the captions, copy and the kit`, async ({
    page,
    request,
  }) => {
    const partner = await partnerPage(page, request, { locale, theme });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const content = seeded(product, locale);
    await page.goto(`/account/products/${product}`);
    await expectTheme(page, theme);

    await expect(page.getByRole('heading', { level: 1, name: content.name })).toBeVisible();
    await expect(page.getByTestId('product-subtitle')).toHaveText(content.subtitle);
    await expect(page.getByTestId('benefit').first()).toContainText(content.benefits[0]!.text);
    await expect(page.getByTestId('product-code')).toHaveText(partner.code);
    const captions = page.getByTestId('caption');
    await expect(captions).toHaveCount(content.captions.length);
    for (const [index, caption] of content.captions.entries()) {
      await expect(captions.nth(index)).toContainText(withCode(caption, partner.code));
      await expect(captions.nth(index).getByTestId('caption-code')).toHaveText(partner.code);
    }
    // No placeholder is left anywhere on the page.
    await expect(page.getByTestId('product-content')).not.toContainText('{code}');

    await page.getByTestId('copy-caption-2').click();
    await expect(page.getByText(text(locale, 'dashboard.code.copied'))).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(withCode(content.captions[1]!, partner.code));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-kit').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`sunbite-${product}-kit.zip`);
    const files = unzipSync(fs.readFileSync(await download.path()));
    const images = Object.keys(files).filter((name) => name.startsWith('images/'));
    expect(images).toContain(`images/${product}-product.webp`);
    expect(images.length).toBeGreaterThan(1);
    for (const name of images) {
      expect(name).toMatch(/\.webp$/);
      const bytes = files[name]!;
      // A WebP is a RIFF container with the WEBP form type; a few hundred bytes at the very least.
      expect(bytes.length, name).toBeGreaterThan(200);
      expect(strFromU8(bytes.subarray(0, 4)), name).toBe('RIFF');
      expect(strFromU8(bytes.subarray(8, 12)), name).toBe('WEBP');
    }
    const captionsFile = files[`captions-${locale}.txt`];
    expect(captionsFile, `captions-${locale}.txt in ${Object.keys(files).join(', ')}`).toBeDefined();
    const captionsText = strFromU8(captionsFile!);
    expect(captionsText).toContain(partner.code);
    expect(captionsText).toContain(withCode(content.captions[0]!, partner.code));
    expect(captionsText).not.toContain('{code}');
  });
}

test('the 16 product buttons lead from one product to another (en, dark)', async ({ page, request }) => {
  await partnerPage(page, request, { locale: 'en', theme: 'dark' });
  await page.goto('/account/products/acv');
  const picker = page.getByTestId('product-picker');
  await expect(picker.getByRole('link')).toHaveCount(16);
  for (const code of PRODUCT_CODES) await expect(picker.getByTestId(`product-button-${code}`)).toBeVisible();
  await expect(picker.getByTestId('product-button-acv')).toHaveAttribute('aria-current', 'page');

  const target = seeded('matcha', 'en');
  await picker.getByTestId('product-button-matcha').click();
  await expect(page).toHaveURL(/\/account\/products\/matcha$/);
  await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible();
  await expect(page.getByTestId('product-subtitle')).toHaveText(target.subtitle);
  await expect(picker.getByTestId('product-button-matcha')).toHaveAttribute('aria-current', 'page');
  await expect(picker.getByTestId('product-button-acv')).not.toHaveAttribute('aria-current', 'page');
});

for (const { locale, theme, draft, word } of [
  { locale: 'en', theme: 'light', draft: '#Ad #SunbitePartner These gummies cure my bad days', word: 'cure' },
  {
    locale: 'fr',
    theme: 'dark',
    draft: '#Ad #SunbitePartner Ces gommes guérissent mes insomnies',
    word: 'guérissent',
  },
] as const) {
  test(`caption check (${locale}, ${theme}): a disease word fails its rule, one click adds the code`, async ({
    page,
    request,
  }) => {
    const partner = await partnerPage(page, request, { locale, theme });
    await page.goto('/account/products/sleep');
    const check = page.getByTestId('caption-check');
    const field = check.getByLabel(text(locale, 'content.caption_check.label'));
    await field.fill(draft);

    const disease = check.getByTestId('rule-disease_claim');
    await expect(disease).toHaveAttribute('data-state', 'error');
    await expect(disease).toContainText(text(locale, 'content.caption_check.rules.disease_claim.fix'));
    await expect(disease.locator('mark')).toHaveText(word);
    await expect(check.getByTestId('rule-brand_hashtag')).toHaveAttribute('data-state', 'ok');
    await expect(check.getByTestId('caption-summary')).toHaveAttribute('data-tone', 'error');

    const code = check.getByTestId('rule-promo_code');
    await expect(code).toHaveAttribute('data-state', 'error');
    await code.getByTestId('fix-promo_code').click();
    await expect(field).toHaveValue(new RegExp(`${partner.code}$`));
    await expect(code).toHaveAttribute('data-state', 'ok');
    // The disease word is still there: the check does not pass until it goes.
    await expect(disease).toHaveAttribute('data-state', 'error');
  });
}

// ---------------------------------------------------------------------------------------------
// Grab and Go's lightbox

const lightbox = (page: Page) => page.getByTestId('lightbox');
const counter = (page: Page, locale: Locale, current: number, total: number) =>
  expect(page.getByTestId('lightbox-counter')).toHaveText(
    text(locale, 'content.lightbox.counter', { current: String(current), total: String(total) }),
  );

async function openGallery(page: Page): Promise<{ thumbs: Locator; total: number }> {
  await page.goto('/account/grab_n_go');
  const thumbs = page.getByTestId('gallery-open');
  await expect(thumbs.first()).toBeVisible();
  const total = await thumbs.count();
  expect(total).toBeGreaterThanOrEqual(24);
  return { thumbs, total };
}

const zoomOf = async (page: Page) =>
  Number(await page.getByTestId('lightbox-zoom').getAttribute('data-zoom'));

test('lightbox by mouse (en, light): next, zoom bounds, rotate, fit, close', async ({ page, request }) => {
  await partnerPage(page, request, { locale: 'en', theme: 'light' });
  const { thumbs, total } = await openGallery(page);
  await thumbs.first().click();
  await expect(lightbox(page)).toBeVisible();
  await expect(page.getByTestId('lightbox-image')).toBeVisible();
  await counter(page, 'en', 1, total);

  await page.getByTestId('lightbox-next').click();
  await counter(page, 'en', 2, total);
  await page.getByTestId('lightbox-previous').click();
  await page.getByTestId('lightbox-previous').click();
  await counter(page, 'en', total, total);

  const zoomIn = page.getByTestId('lightbox-zoom-in');
  const zoomOut = page.getByTestId('lightbox-zoom-out');
  expect(await zoomOf(page)).toBe(1);
  // Every press adds the spec's step; the last one stops at the maximum, and the button gives up.
  const presses = Math.ceil((LIGHTBOX.maxZoom - 1) / LIGHTBOX.zoomStep);
  for (let press = 1; press <= presses; press++) {
    await zoomIn.click();
    const expected = Math.min(LIGHTBOX.maxZoom, Math.round((1 + press * LIGHTBOX.zoomStep) * 100) / 100);
    await expect(page.getByTestId('lightbox-zoom')).toHaveAttribute('data-zoom', String(expected));
  }
  await expect(zoomIn).toBeDisabled();
  await page.keyboard.press('+');
  expect(await zoomOf(page)).toBe(LIGHTBOX.maxZoom);
  await expect(page.getByTestId('lightbox-zoom')).toHaveText('300%');

  await page.getByTestId('lightbox-fit').click();
  await expect(page.getByTestId('lightbox-zoom')).toHaveAttribute('data-zoom', '1');
  const downPresses = Math.ceil((1 - LIGHTBOX.minZoom) / LIGHTBOX.zoomStep);
  for (let press = 1; press <= downPresses; press++) {
    await zoomOut.click();
    const expected = Math.max(LIGHTBOX.minZoom, Math.round((1 - press * LIGHTBOX.zoomStep) * 100) / 100);
    await expect(page.getByTestId('lightbox-zoom')).toHaveAttribute('data-zoom', String(expected));
  }
  await expect(zoomOut).toBeDisabled();
  expect(await zoomOf(page)).toBe(LIGHTBOX.minZoom);
  await expect(zoomIn).toBeEnabled();

  const image = page.getByTestId('lightbox-image');
  await page.getByTestId('lightbox-rotate').click();
  await expect(image).toHaveAttribute('data-rotation', '90');
  await page.getByTestId('lightbox-rotate').click();
  await expect(image).toHaveAttribute('data-rotation', '180');
  await page.getByTestId('lightbox-fit').click();
  await expect(image).toHaveAttribute('data-rotation', '0');
  await expect(page.getByTestId('lightbox-zoom')).toHaveAttribute('data-zoom', '1');

  await page.getByTestId('lightbox-close').click();
  await expect(lightbox(page)).toBeHidden();
});

test('lightbox by keyboard (fr, dark): arrows, focus kept inside, Escape gives focus back', async ({
  page,
  request,
}) => {
  await partnerPage(page, request, { locale: 'fr', theme: 'dark' });
  const { thumbs, total } = await openGallery(page);
  const third = thumbs.nth(2);
  await third.focus();
  await page.keyboard.press('Enter');
  await expect(lightbox(page)).toBeVisible();
  await expect(lightbox(page)).toHaveAttribute('aria-label', text('fr', 'content.lightbox.label'));
  await counter(page, 'fr', 3, total);

  await page.keyboard.press('ArrowRight');
  await counter(page, 'fr', 4, total);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await counter(page, 'fr', 2, total);
  await page.keyboard.press('+');
  await expect(page.getByTestId('lightbox-zoom')).toHaveAttribute('data-zoom', String(1 + LIGHTBOX.zoomStep));
  await page.keyboard.press('r');
  await expect(page.getByTestId('lightbox-image')).toHaveAttribute('data-rotation', '90');
  await page.keyboard.press('0');
  await expect(page.getByTestId('lightbox-zoom')).toHaveAttribute('data-zoom', '1');

  // Tabbing round never leaves the dialog.
  for (let step = 0; step < 12; step++) {
    await page.keyboard.press('Tab');
    expect(await lightbox(page).evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(lightbox(page)).toBeHidden();
  await expect(third).toBeFocused();
});

/** One finger across the lightbox's stage, as Chromium's touch input sends it. */
async function swipe(page: Page, stage: Locator, dx: number) {
  const box = await stage.boundingBox();
  if (!box) throw new Error('no stage to swipe on');
  const y = box.y + box.height / 2;
  // Centred on the stage, so neither end lands on the previous/next buttons at its sides.
  const from = box.x + box.width / 2 + dx / 2;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
  const steps = 6;
  for (let step = 1; step <= steps; step++)
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: from - (dx * step) / steps, y }],
    });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('lightbox by touch (en, dark): a short swipe stays, a long one goes to the next image', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({
    hasTouch: true,
    isMobile: true,
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = await context.newPage();
    await partnerPage(page, request, { locale: 'en', theme: 'dark' });
    const { thumbs, total } = await openGallery(page);
    await thumbs.first().tap();
    await expect(lightbox(page)).toBeVisible();
    await counter(page, 'en', 1, total);
    const stage = page.getByTestId('lightbox-stage');

    // Within the 50 px tolerance: nothing happens.
    await swipe(page, stage, 30);
    await counter(page, 'en', 1, total);
    // Finger to the left, 120 px: the next image; then to the right: back.
    await swipe(page, stage, 120);
    await counter(page, 'en', 2, total);
    await swipe(page, stage, -120);
    // Had the short swipe counted, the long ones would have ended elsewhere.
    await counter(page, 'en', 1, total);
  } finally {
    await context.close();
  }
});

test('lightbox shows a placeholder for an image that does not load (en, light)', async ({
  page,
  request,
}) => {
  await partnerPage(page, request, { locale: 'en', theme: 'light' });
  const { thumbs } = await openGallery(page);
  // The thumbnail is a narrower rendition of the full-size address the lightbox loads.
  const thumbSrc = await thumbs.nth(1).locator('img').getAttribute('src');
  expect(thumbSrc).toBeTruthy();
  const fullSize = new URL(thumbSrc!, page.url());
  fullSize.search = '';
  await page.route(fullSize.href, (route) => route.abort('failed'));

  await thumbs.nth(1).click();
  const broken = page.getByTestId('lightbox-broken');
  await expect(broken).toBeVisible();
  await expect(broken).toContainText(text('en', 'content.lightbox.broken_title'));
  await expect(page.getByTestId('lightbox-image')).toHaveCount(0);
  await expect(page.getByTestId('lightbox-zoom-in')).toBeDisabled();
  await expect(page.getByTestId('lightbox-rotate')).toBeDisabled();
  // The next image is not affected.
  await page.getByTestId('lightbox-next').click();
  await expect(broken).toBeHidden();
  await expect(page.getByTestId('lightbox-image')).toBeVisible();
  await expect(page.getByTestId('lightbox-zoom-in')).toBeEnabled();
});

for (const locale of ['en', 'fr'] as const) {
  test(`JPEG downloads (${locale}): a Grab and Go image and the kit, beside their WebP`, async ({
    page,
    request,
  }) => {
    await partnerPage(page, request, { locale, theme: locale === 'en' ? 'light' : 'dark' });
    await openGallery(page);
    const tile = page.getByTestId('gallery-tile').first();
    const jpegLink = tile.getByTestId('gallery-download-jpeg');
    await expect(jpegLink).toBeVisible();
    expect(await jpegLink.getAttribute('aria-label')).toContain(
      text(locale, 'content.gallery.download_jpeg', { alt: '' }).trim(),
    );
    const [image] = await Promise.all([page.waitForEvent('download'), jpegLink.click()]);
    expect(image.suggestedFilename()).toMatch(/^sunbite-[a-z]+-(square|story)-\d+\.jpg$/);
    const bytes = fs.readFileSync(await image.path());
    // A JPEG starts with the SOI marker and ends with EOI.
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect([...bytes.subarray(-2)]).toEqual([0xff, 0xd9]);
    // The WebP beside it is still the stored file.
    const webpHref = await tile.getByTestId('gallery-download').getAttribute('href');
    const webp = await page.request.get(webpHref!);
    expect(webp.headers()['content-type']).toBe('image/webp');
    expect((await page.request.get(`${webpHref}?format=gif`)).status()).toBe(422);

    await page.goto('/account/products/acv');
    const [kit] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-kit-jpeg').click(),
    ]);
    expect(kit.suggestedFilename()).toBe('sunbite-acv-kit-jpeg.zip');
    const files = unzipSync(fs.readFileSync(await kit.path()));
    const images = Object.keys(files).filter((name) => name.startsWith('images/'));
    expect(images).toContain('images/acv-product.jpg');
    for (const name of images) {
      expect(name).toMatch(/\.jpg$/);
      expect([...files[name]!.subarray(0, 3)], name).toEqual([0xff, 0xd8, 0xff]);
    }
    await expect(page.getByTestId('download-kit-jpeg')).toHaveText(text(locale, 'content.kit.download_jpeg'));
  });
}

// ---------------------------------------------------------------------------------------------
// Long-form pages

for (const { locale, theme, query, question, nonsense } of [
  { locale: 'en', theme: 'dark', query: 'PayPal', question: 'paypal-only', nonsense: 'zqxvbnmw' },
  { locale: 'fr', theme: 'light', query: 'facture', question: 'invoices', nonsense: 'wxqzrtplk' },
] as const) {
  test(`FAQ search (${locale}, ${theme}) finds an answer and says when nothing matches`, async ({
    page,
    request,
  }) => {
    await partnerPage(page, request, { locale, theme });
    await page.goto('/account/faq');
    const faq = JSON.parse(
      fs.readFileSync(new URL(`../content/pages/faq/${locale}.json`, import.meta.url), 'utf8'),
    );
    await expect(page.getByRole('heading', { level: 1, name: faq.title })).toBeVisible();
    const item = faq.sections.find((section: { id: string }) => section.id === question);
    const button = page.getByRole('button', { name: item.heading });
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    const search = page.getByLabel(text(locale, 'content.faq.search_label'));
    await search.fill(query);
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: item.heading })).toBeVisible();
    await expect(page.getByTestId('faq-status')).not.toBeEmpty();
    // Only matching questions stay listed.
    const listed = await page.getByTestId('faq-item').count();
    expect(listed).toBeGreaterThan(0);
    expect(listed).toBeLessThan(faq.sections.length);

    await search.fill(nonsense);
    await expect(page.getByTestId('faq-no-match')).toContainText(
      text(locale, 'content.faq.none_title', { query: nonsense }),
    );
    await expect(page.getByTestId('faq-item')).toHaveCount(0);
    await page.getByRole('button', { name: text(locale, 'content.faq.clear') }).click();
    await expect(page.getByTestId('faq-item')).toHaveCount(faq.sections.length);
    await expect(search).toHaveValue('');
  });
}

for (const { slug, locale, theme } of [
  { slug: 'terms', locale: 'en', theme: 'light' },
  { slug: 'policy', locale: 'en', theme: 'dark' },
  { slug: 'terms', locale: 'fr', theme: 'dark' },
  { slug: 'policy', locale: 'fr', theme: 'light' },
] as const) {
  test(`public /${slug} renders its headings signed out (${locale}, ${theme})`, async ({ page }) => {
    await prefer(page, { locale, theme });
    const document = JSON.parse(
      fs.readFileSync(new URL(`../content/pages/${slug}/${locale}.json`, import.meta.url), 'utf8'),
    );
    await page.goto(`/${slug}`);
    await expectTheme(page, theme);
    await expect(page).toHaveURL(new RegExp(`/${slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: document.title })).toBeVisible();
    for (const section of document.sections.slice(0, 3))
      await expect(page.getByRole('heading', { name: section.heading, exact: true })).toBeVisible();
    // Signed out: nobody's account menu is on the page.
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  });
}

// ---------------------------------------------------------------------------------------------
// A manager edits a ready caption; the partner sees it; the manager restores the previous version.
// `pms` in English is read by no other test here.

test.describe('a manager edits and restores a caption', () => {
  test.describe.configure({ mode: 'serial' });

  const seed = seeded('pms', 'en');
  const edited = `#Ad #SunbitePartner Cycle week, softer edition 🌙 my raspberry gummies live by the kettle now. Code {code} (browser test ${Date.now()})`;
  let partner: { email: string; password: string; code: string };
  let before = 0;

  async function managerPage(browser: Browser): Promise<Page> {
    const page = await browser.newPage();
    await prefer(page, { locale: 'en', theme: 'dark' });
    await page.goto('/manager/login');
    await page.getByTestId('manager-email').fill(MANAGER.email);
    await page.getByTestId('manager-password').fill(MANAGER.password);
    await page.getByTestId('manager-login-submit').click();
    await expect(page).not.toHaveURL(/\/manager\/login/);
    await page.goto('/manager/content/products/pms/en');
    await expect(page.getByTestId('editor-version')).toBeVisible();
    return page;
  }

  async function partnerSeesFirstCaption(browser: Browser, caption: string) {
    const page = await browser.newPage();
    try {
      await prefer(page, { locale: 'en', theme: 'light' });
      await signedIn(page, page.request, partner);
      await page.goto('/account/products/pms');
      await expect(page.getByTestId('caption').first()).toContainText(withCode(caption, partner.code));
    } finally {
      await page.close();
    }
  }

  test('the manager saves a new caption and the partner sees it', async ({ browser, request }) => {
    const code = `ED${Date.now().toString(36)}`.toUpperCase().slice(0, 20);
    partner = { ...(await registerPartner(request, { promo_code: code })), code };
    await partnerSeesFirstCaption(browser, seed.captions[0]!);

    const page = await managerPage(browser);
    try {
      const version = await page.getByTestId('editor-version').textContent();
      before = Number(/\d+/.exec(version ?? '')?.[0]);
      expect(before).toBeGreaterThan(0);
      await page.getByTestId('caption-0').fill(edited);
      // The preview draws the partner's view inside a frame as wide as a phone.
      const preview = page.getByTestId('editor-preview').locator('iframe').contentFrame();
      await expect(preview.getByTestId('caption').first()).toContainText('Cycle week, softer edition');
      const [saved] = await Promise.all([
        page.waitForResponse(
          (r) => r.url().endsWith('/api/manager/content/products/pms/en') && r.request().method() === 'PUT',
        ),
        page.getByTestId('editor-save').click(),
      ]);
      expect(saved.status()).toBe(200);
      await expect(
        page.getByText(text('en', 'manager.content.editor.saved', { version: String(before + 1) })),
      ).toBeVisible();
      await expect(page.getByTestId('editor-version')).toContainText(`Version ${before + 1}`);
      await expect(page.getByTestId('version-row')).toHaveCount(before + 1);
    } finally {
      await page.close();
    }
    await partnerSeesFirstCaption(browser, edited);
  });

  test('the manager restores the previous version and the partner sees the old caption again', async ({
    browser,
  }) => {
    const page = await managerPage(browser);
    try {
      await expect(page.getByTestId('editor-version')).toContainText(`Version ${before + 1}`);
      await page.getByTestId(`view-version-${before}`).click();
      const dialog = page.getByTestId('version-dialog');
      const preview = dialog.getByTestId('version-preview').locator('iframe').contentFrame();
      await expect(preview.getByTestId('caption').first()).toContainText(
        seed.captions[0]!.split('{code}')[0]!.trim(),
      );
      await dialog.getByTestId('restore-version').click();
      const [restored] = await Promise.all([
        page.waitForResponse((r) =>
          r.url().includes(`/api/manager/content/products/pms/en/versions/${before}/restore`),
        ),
        page.getByTestId('restore-confirm-button').click(),
      ]);
      expect(restored.status()).toBe(200);
      await expect(page.getByTestId('editor-version')).toContainText(`Version ${before + 2}`);
      await expect(page.getByTestId('caption-0')).toHaveValue(seed.captions[0]!);
      const newest = page.getByTestId('version-row').first();
      await expect(newest).toContainText(
        text('en', 'manager.content.versions.restored_from', { version: String(before) }),
      );
    } finally {
      await page.close();
    }
    await partnerSeesFirstCaption(browser, seed.captions[0]!);
  });
});
