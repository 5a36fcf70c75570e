// White-label that is white-label (docs/product/partners-and-accounts.md#white-label-sub-partners), on the demo's
// sub-partner (Glow Collective, server/seed/demo.ts): its pages carry its name in the tab, its
// logo in the header leading back to its own `/{slug}`, its colour on the sign-in button and the
// links (light and dark); a partner who registered there sees its name and logo in the account's
// header, "Powered by Sunbite" in the footer and its name in the tab, after a reload too; the demo
// partner, who came through no sub-partner, keeps the program's own.
import { expect, test } from '@playwright/test';
import type { Locale } from '../common/i18n';
import { brandPalette } from '../web/lib/brand-colours';
import { prefer, programName, registerPartner, signedIn, text } from './support';

const SLUG = 'glow-collective';
const NAME = 'Glow Collective';
/** The demo sub-partner's primary colour (server/seed/demo.ts). */
const PRIMARY = '#7c3aed';

const rgbOf = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};

for (const locale of ['en', 'fr'] as const satisfies readonly Locale[]) {
  test(`a sub-partner's pages wear its name, logo and colours (${locale})`, async ({ page }) => {
    await prefer(page, { locale, theme: 'light' });
    const palette = brandPalette(PRIMARY)!;

    await page.goto(`/${SLUG}/register`);
    await expect(page).toHaveTitle(`${text(locale, 'titles.register')} · ${NAME}`);
    const home = page.getByRole('link', { name: text(locale, 'subpartner.home_link', { name: NAME }) });
    await expect(home).toHaveAttribute('href', `/${SLUG}`);
    await expect(home.getByRole('img', { name: NAME })).toBeVisible();
    await expect(page.getByRole('link', { name: text(locale, 'brand.home_link') })).toHaveCount(0);

    // The logo keeps the visitor in the variant.
    await home.click();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}$`));
    await expect(page.locator('[data-layout="signin-1"]')).toBeVisible();
    await expect(page).toHaveTitle(`${text(locale, 'titles.login')} · ${NAME}`);
    await expect(
      page.getByRole('link', { name: text(locale, 'subpartner.home_link', { name: NAME }) }),
    ).toHaveAttribute('href', `/${SLUG}`);

    // Its colour on the sign-in button and on the links.
    await page.goto(`/${SLUG}/login`);
    await expect(page.getByTestId('login-submit')).toHaveCSS('background-color', rgbOf(palette[700]));
    await expect(page.getByTestId('signup-link')).toHaveCSS('color', rgbOf(palette[700]));
  });
}

test("in the dark theme, the sub-partner's button is its lightened shade with dark text", async ({
  page,
}) => {
  await prefer(page, { locale: 'en', theme: 'dark' });
  const palette = brandPalette(PRIMARY)!;
  await page.goto(`/${SLUG}/login`);
  await expect(page.getByTestId('login-submit')).toHaveCSS('background-color', rgbOf(palette[400]));
  await expect(page.getByTestId('signup-link')).toHaveCSS('color', rgbOf(palette[300]));
});

test('a partner who registered through the sub-partner sees its branding in the account, after a reload too', async ({
  page,
  request,
}) => {
  test.slow();
  await prefer(page, { locale: 'fr', theme: 'dark' });
  // Registered as /{slug}/register sends it (web/features/auth/RegisterStep2Page.tsx).
  const partner = await registerPartner(request, { subpartner: SLUG, locale: 'fr' });
  await signedIn(page, request, partner);
  await page.goto('/account/');
  const header = page.locator('header').first();
  const home = header.getByRole('link', { name: text('fr', 'subpartner.home_link', { name: NAME }) });
  await expect(home).toHaveAttribute('href', '/account/');
  await expect(home.getByRole('img', { name: NAME })).toBeVisible();
  await expect(page).toHaveTitle(`${text('fr', 'titles.dashboard')} · ${NAME}`);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByTestId('powered-by')).toHaveText(
    text('fr', 'footer.powered_by', { name: 'Sunbite' }),
  );
  await expect(footer.getByRole('img', { name: NAME })).toBeVisible();

  // From the server, not from the sign-up: a reload and another page keep it.
  await page.reload();
  await page.goto('/account/sales');
  await expect(page).toHaveTitle(`${text('fr', 'titles.sales')} · ${NAME}`);
  await expect(
    page
      .locator('header')
      .first()
      .getByRole('link', { name: text('fr', 'subpartner.home_link', { name: NAME }) }),
  ).toBeVisible();
  await expect(page.locator('[data-layout="account"]')).toHaveAttribute('data-subpartner', SLUG);
});

test("the demo partner, who came through no sub-partner, keeps the program's own look", async ({
  page,
  request,
}) => {
  await prefer(page, { locale: 'en', theme: 'light' });
  await signedIn(page, request);
  await page.goto('/account/');
  await expect(page).toHaveTitle(`${text('en', 'titles.dashboard')} · ${programName}`);
  await expect(page.getByRole('link', { name: text('en', 'brand.home_link') })).toBeVisible();
  await expect(page.getByTestId('powered-by')).toHaveCount(0);
});
