// Instagram connect in the browser (issue 12, docs/product/links-and-integrations.md#instagram): from the settings, through the
// provider's consent (the stand-in agrees at once) back to /account/connect/instagram; the
// settings show the account, the dashboard its top posts with their pictures; disconnecting
// removes them. In English light and in French dark.
import { expect, test } from '@playwright/test';
import type { Locale } from '../common/i18n';
import { prefer, registerPartner, signedIn, text } from './support';

for (const [locale, theme] of [
  ['en', 'light'],
  ['fr', 'dark'],
] as const satisfies [Locale, 'light' | 'dark'][]) {
  test(`connecting Instagram shows the account and its top posts, disconnecting removes them (${locale}, ${theme})`, async ({
    page,
    request,
  }) => {
    const partner = await registerPartner(request);
    await signedIn(page, request, partner);
    await prefer(page, { locale, theme });
    await page.goto('/account/profile');

    const instagram = page.getByTestId('integration-instagram');
    await expect(instagram).toContainText(text(locale, 'engagement.integrations.not_connected'));
    // Facebook is set up too (its own row).
    await expect(page.getByTestId('integration-facebook')).toContainText(
      text(locale, 'engagement.integrations.not_connected'),
    );
    await instagram
      .getByRole('button', {
        name: text(locale, 'engagement.integrations.connect', { provider: 'Instagram' }),
      })
      .click();

    // Consent given at the provider, back through /account/connect/instagram to the settings.
    await page.waitForURL(/\/account\/profile#integrations$/);
    const account = page.getByTestId('integration-instagram-account');
    await expect(account).toContainText(/@sunny\.creator\.\d+/);
    const username = (await account.innerText()).match(/@(sunny\.creator\.\d+)/)![1]!;

    // The dashboard's top posts: the three posts with #SunbitePartner, best first, pictures shown.
    await page.goto('/account');
    const widget = page.getByTestId('widget-top-posts');
    await widget.scrollIntoViewIfNeeded();
    await expect(widget.getByTestId('top-posts-account')).toContainText(`@${username}`);
    const tiles = widget.getByTestId('top-post');
    await expect(tiles).toHaveCount(3);
    await expect(tiles.first()).toContainText('#1');
    await expect(tiles.first()).toContainText(text(locale, 'engagement.integrations.top_posts.video'));
    await expect(tiles.first().getByRole('link')).toHaveAttribute(
      'href',
      /^https:\/\/www\.instagram\.com\/p\//,
    );
    for (const img of await tiles.locator('img').all()) {
      await img.scrollIntoViewIfNeeded();
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
        .toBe(480);
    }

    // Disconnected: the settings offer to connect again, the dashboard invites to connect.
    await page.goto('/account/profile');
    await page
      .getByRole('button', {
        name: text(locale, 'engagement.integrations.disconnect_label', { provider: 'Instagram' }),
      })
      .click();
    await expect(
      instagram.getByRole('button', {
        name: text(locale, 'engagement.integrations.connect', { provider: 'Instagram' }),
      }),
    ).toBeVisible();
    await page.goto('/account');
    await page.getByTestId('widget-top-posts').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('top-posts-not-connected')).toBeVisible();
    await expect(page.getByTestId('top-post')).toHaveCount(0);
  });
}
