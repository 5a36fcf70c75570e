// A partner's links in the browser (issue 12, docs/product/links-and-integrations.md#short-links): the affiliate links page shows the
// short link, code and referral link and copies them; a visit to the short link is counted and
// sent to the store's discount link, and the page's click count rises.
import { expect, test } from '@playwright/test';
import jsQR from 'jsqr';
import { prefer, registerPartner, signedIn, text } from './support';

test('the short link is copied, its QR code reads back as it, a visit goes to the store with the code and the page counts it', async ({
  page,
  request,
  baseURL,
}) => {
  const code = `LINK${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
  const partner = await registerPartner(request, { promo_code: code });
  await signedIn(page, request, partner);
  await prefer(page, { locale: 'en', theme: 'light' });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/account/affiliate_links');

  const shortLink = `${baseURL}/s/${code}`;
  await expect(page.getByTestId('short-link')).toHaveText(shortLink);
  await expect(page.getByTestId('referral-link')).toHaveText(`${baseURL}/r/${code}`);
  await expect(page.getByTestId('promo-code')).toHaveText(code);
  await expect(page.getByTestId('links-empty')).toBeVisible();

  // The QR code on the page reads back as the short link: its pixels, drawn as the browser draws
  // the image, decoded here.
  const qr = page.getByTestId('qr-code');
  await expect(qr).toBeVisible();
  const pixels = await qr.evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const size = 352;
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size, size);
    context.drawImage(img, 0, 0, size, size);
    return { size, data: Array.from(context.getImageData(0, 0, size, size).data) };
  });
  expect(jsQR(Uint8ClampedArray.from(pixels.data), pixels.size, pixels.size)?.data).toBe(shortLink);
  for (const [button, expected] of [
    ['copy-short-link', shortLink],
    ['copy-promo-code', code],
    ['copy-referral-link', `${baseURL}/r/${code}`],
    ['copy-amazon-acv', 'https://www.amazon.com/dp/'],
  ] as const) {
    await page.getByTestId(button).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(expected);
  }

  // A shopper on a phone, coming from Instagram: sent to the store with the code applied.
  const visit = await request.get(`/s/${code.toLowerCase()}`, {
    maxRedirects: 0,
    headers: {
      'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
      referer: 'https://www.instagram.com/',
    },
  });
  expect(visit.status()).toBe(302);
  expect(visit.headers().location).toBe(`https://shop.sunbite.example/discount/${code}?redirect=/`);

  await page.reload();
  await expect(page.getByTestId('links-clicks')).toHaveText('1');

  // In French, dark.
  await prefer(page, { locale: 'fr', theme: 'dark' });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('fr', 'titles.affiliate_links'));
  await expect(page.getByTestId('links-clicks')).toHaveText('1');
});
