// The profile picture in the browser (issue 12, docs/product/partner-portal.md#header-and-avatar, docs/product/links-and-integrations.md#profile-picture): a picture chosen
// in settings is placed in a square and saved; the header's avatar shows it at once (and in the
// partner's other tab, told by the live push); a PDF renamed .jpg is refused with the message;
// removing the picture brings the initials back. In English light and in French dark.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { Locale } from '../common/i18n';
import { apiToken, prefer, registerPartner, signedIn, text } from './support';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const PICTURE_URL = /^\/api\/media\/[a-f0-9]{32}\.webp$/;

/** A photo-like picture: a warm gradient, wider than tall, as a phone would take it. */
const photo = (format: 'png' | 'jpeg') => {
  const width = 1200;
  const height = 800;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      pixels.set(
        [240 - (x * 80) / width, 120 + (y * 90) / height, 60 + (x * 120) / width],
        (y * width + x) * 3,
      );
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
};

const headerAvatar = (page: Page) => page.locator('header').first().getByTestId('avatar-picture');
const headerInitials = (page: Page) => page.locator('header').first().getByTestId('avatar-initials');

for (const { locale, theme, format } of [
  { locale: 'en', theme: 'light', format: 'png' },
  { locale: 'fr', theme: 'dark', format: 'jpeg' },
] as const satisfies readonly { locale: Locale; theme: 'light' | 'dark'; format: 'png' | 'jpeg' }[]) {
  test(`a picture saved in settings is the header's avatar at once, a PDF named .jpg is refused (${locale}, ${theme})`, async ({
    page,
    request,
    context,
  }) => {
    const say = (key: string) => text(locale, key);
    const partner = await registerPartner(request, { locale });
    await signedIn(page, request, partner);
    await prefer(page, { locale, theme });
    await page.goto('/account/profile');

    const section = page.getByTestId('profile-picture');
    await expect(section.getByRole('heading', { level: 2 })).toHaveText(say('settings.picture.title'));
    await expect(section.getByTestId('profile-picture-status')).toHaveText(
      say('settings.picture.uses_initials'),
    );
    await expect(headerInitials(page)).toHaveText('TP');

    // The partner's other tab, on the dashboard: the live push tells it.
    const other = await context.newPage();
    await other.goto('/account/');
    await expect(headerInitials(other)).toHaveText('TP');

    // A PDF renamed .jpg: refused before anything is sent, with the server's words.
    await section
      .getByTestId('profile-picture-input')
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: PDF });
    await expect(section.getByRole('alert')).toHaveText(say('settings.picture.errors.not_image'));
    await expect(section.getByRole('application')).toHaveCount(0);
    // And the server, sent it all the same, refuses it with the same words and changes nothing.
    const { token } = await apiToken(request, partner.email, partner.password);
    const refused = await request.post('/api/set_avatar', {
      headers: { authorization: `Bearer ${token}`, 'accept-language': locale },
      multipart: { picture: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: PDF } },
    });
    expect(refused.status()).toBe(422);
    expect((await refused.json()).message).toBe(say('settings.picture.errors.not_image'));

    // A real picture: placed from the keyboard, then saved.
    await section.getByTestId('profile-picture-input').setInputFiles({
      name: `me.${format === 'png' ? 'png' : 'jpg'}`,
      mimeType: `image/${format}`,
      buffer: await photo(format),
    });
    const crop = section.getByRole('application', { name: say('settings.picture.crop_label') });
    await expect(crop).toBeVisible();
    await expect(section.getByRole('alert')).toHaveCount(0);
    await crop.focus();
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await page.keyboard.press('ArrowLeft');
    await expect(section.getByLabel(say('settings.picture.zoom'))).toHaveValue('1.2');
    await section.getByRole('button', { name: say('settings.picture.save') }).click();

    await expect(page.getByText(say('settings.picture.saved'))).toBeVisible();
    await expect(headerAvatar(page)).toHaveAttribute('src', PICTURE_URL);
    const src = (await headerAvatar(page).getAttribute('src'))!;
    // Drawn, not broken: the browser decoded it (once its download, which the new src starts, is in).
    await expect
      .poll(() => headerAvatar(page).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(512);
    const served = await request.get(src);
    expect(served.headers()['cache-control']).toContain('immutable');
    expect(await sharp(await served.body()).metadata()).toMatchObject({
      format: 'webp',
      width: 512,
      height: 512,
    });
    await expect(section.getByTestId('profile-picture-status')).toHaveText(
      say('settings.picture.uses_picture'),
    );
    await expect(headerAvatar(other)).toHaveAttribute('src', src, { timeout: 15_000 });

    // Removed: the initials again, here and in the other tab.
    await section.getByRole('button', { name: say('settings.picture.remove') }).click();
    await expect(page.getByText(say('settings.picture.removed'))).toBeVisible();
    await expect(headerInitials(page)).toHaveText('TP');
    await expect(headerInitials(other)).toHaveText('TP', { timeout: 15_000 });
    expect((await request.get(src)).status()).toBe(404);
  });
}
