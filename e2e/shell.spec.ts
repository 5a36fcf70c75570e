import { expect, test } from '@playwright/test';
import type { Locale } from '../common/i18n';
import { SIDEBAR_PRODUCT_CODES } from '../common/products';
import { ROUTES } from '../common/routes';
import { pageAs, prefer, programName, signedIn, text } from './support';

// Concrete paths for the route table's parameters; the demo seed holds the sub-partner.
const concrete = (path: string) =>
  path.replace(':subpartner', 'glow-collective').replace(':integration', 'instagram').replace(':code', 'acv');

for (const locale of ['en', 'fr'] as const satisfies readonly Locale[]) {
  test(`every route shows its layout and title (${locale})`, async ({ page, request }) => {
    // Every route of the table (about forty), one after the other; on a fresh data folder the
    // content pages also have their pictures' renditions made on first request.
    test.setTimeout(240_000);
    await prefer(page, { locale });
    // The account area needs a session; the public pages are seen signed out first.
    const ordered = [
      ...ROUTES.filter((r) => r.area !== 'account'),
      ...ROUTES.filter((r) => r.area === 'account'),
    ];
    let signed = false;
    for (const route of ordered) {
      // Step 2 opened cold sends the visitor back to step 1; it has a test of its own below.
      // So does the back office without a staff session (see the staff sign-in test).
      if (route.path.endsWith('register_step2') || route.path === '/manager') continue;
      if (route.area === 'account' && !signed) {
        await signedIn(page, request);
        signed = true;
      }
      const path = concrete(route.path);
      await page.goto(path);
      await expect(page.locator(`[data-layout="${route.layout}"]`), path).toBeVisible();
      if (route.path.endsWith(':code')) {
        // A talking-points page is titled with its product.
        await expect(page.locator('h1'), path).toContainText(text(locale, 'products.acv.name'));
        continue;
      }
      if (route.path.endsWith(':integration')) continue;
      // The account check checks the session and the profile, then goes on to the dashboard.
      if (route.path === '/account/_check') {
        await expect(page, path).toHaveURL(/\/account\/$/);
        await expect(page.locator('h1').first(), path).toContainText(text(locale, 'titles.dashboard'));
        continue;
      }
      const title = text(locale, route.titleKey);
      // A sub-partner's pages carry its name in the tab (docs/product/partners-and-accounts.md#white-label-sub-partners).
      const owner = route.area === 'subpartner' ? 'Glow Collective' : programName;
      await expect(page, path).toHaveTitle(`${title} · ${owner}`);
      if (route.layout !== 'blank') await expect(page.locator('h1').first(), path).toContainText(title);
    }
  });
}

for (const start of ['/register', '/glow-collective/register']) {
  test(`step 1 leads to step 2 in layout 3, titled Sign Up (${start})`, async ({ page }) => {
    await page.goto(start);
    await expect(page.locator('[data-layout="signin-2"]')).toBeVisible();
    await page.getByTestId('field-first_name').fill('Layla');
    await page.getByTestId('field-last_name').fill('Out');
    await page.getByTestId('field-email').fill(`layla.${Date.now()}@example.com`);
    await page.getByTestId('field-password').fill('layla-layout-2026');
    await page.getByTestId('field-password_confirmation').fill('layla-layout-2026');
    await page.getByTestId('register-next').click();
    await expect(page).toHaveURL(new RegExp(`${start}_step2$`));
    await expect(page.locator('[data-layout="signin-3"]')).toBeVisible();
    const owner = start.startsWith('/glow-collective') ? 'Glow Collective' : programName;
    await expect(page).toHaveTitle(`${text('en', 'titles.register_step2')} · ${owner}`);
  });
}

test('an unknown route, an unknown product and an unknown sub-partner show the 404 page', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  for (const path of ['/no/such/page', '/account/products/unicorn', '/nobody-here', '/nobody-here/login']) {
    await page.goto(path);
    await expect(page.getByTestId('not-found'), path).toBeVisible();
  }
  await page.goto('/404');
  await expect(page).toHaveTitle(`${text('en', 'titles.not_found')} · ${programName}`);
});

test('a deep link survives a reload', async ({ page, request }) => {
  await signedIn(page, request);
  await page.goto('/account/products/kids');
  // The entry's skeleton draws the product's heading too: the page's own content is what counts.
  await expect(page.getByTestId('product-content')).toBeVisible();
  await expect(page.locator('h1')).toContainText(text('en', 'products.kids.name'));
  await page.reload();
  await expect(page.getByTestId('product-content')).toBeVisible();
  await expect(page.locator('h1')).toContainText(text('en', 'products.kids.name'));
  await page.goto('/glow-collective/login');
  await page.reload();
  await expect(page.locator('[data-layout="signin-2"]')).toBeVisible();
});

test.describe('the sidebar', () => {
  test.beforeEach(async ({ page, request }) => {
    await signedIn(page, request);
  });

  test('lists exactly the spec entries, and the product group opens on a product path', async ({ page }) => {
    // Six full page loads: more than the default 30 s on a busy two-core CI machine (it once took 32).
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/account/');
    const nav = page.getByRole('navigation', { name: text('en', 'nav.main') });
    for (const key of [
      'nav.dashboard',
      'nav.sales',
      'nav.affiliate_links',
      'nav.badges',
      'nav.grab_n_go',
      'nav.crafting_perfect_post',
      'nav.cashout',
      'nav.faq',
      'nav.terms',
      'nav.settings',
    ]) {
      await expect(nav.getByRole('link', { name: text('en', key), exact: true })).toBeVisible();
    }
    // Closed on the dashboard.
    const acvLink = nav.getByRole('link', { name: text('en', 'products.acv.name') });
    await expect(acvLink).toBeHidden();

    // Open on a product path, including codes that are not listed (kids, pms, multi, calm).
    for (const code of ['kids', 'pms', 'multi', 'calm', 'matcha']) {
      await page.goto(`/account/products/${code}`);
      for (const listed of SIDEBAR_PRODUCT_CODES) {
        await expect(
          nav.getByRole('link', { name: text('en', `products.${listed}.name`), exact: true }),
          code,
        ).toBeVisible();
      }
    }
  });

  test('clicking the group heading opens it and goes to the ACV page', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/account/sales');
    await page.getByRole('button', { name: text('en', 'nav.talking_points') }).click();
    await expect(page).toHaveURL(/\/account\/products\/acv$/);
    await expect(page.locator('h1')).toContainText(text('en', 'products.acv.name'));
  });

  test('is a drawer on a phone that closes after a link is chosen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/account/');
    await page.getByTestId('open-menu').click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: text('en', 'nav.sales'), exact: true }).click();
    await expect(page).toHaveURL(/\/account\/sales$/);
    await expect(drawer).toBeHidden();
    await page.getByTestId('open-menu').click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: text('en', 'shell.close_menu') })
      .click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});

// Every page is reached from the navigation (docs/product/partner-portal.md#the-account-shell): the
// "More" group's pages by clicks alone, on a desktop's sidebar and in a phone's drawer, and the
// privacy policy from the footer (docs/product/partner-portal.md#footer).
const MORE_PAGES = [
  { nav: 'nav.live_sales', path: '/account/slider', title: 'titles.slider' },
  { nav: 'nav.referrals', path: '/account/referrals', title: 'titles.referrals' },
  { nav: 'nav.newsfeed', path: '/account/newsfeed', title: 'titles.newsfeed' },
] as const;

for (const locale of ['en', 'fr'] as const satisfies readonly Locale[]) {
  for (const phone of [false, true]) {
    const width = phone ? 390 : 1280;
    test(`the "More" pages and the privacy policy are reached by clicks at ${width} px (${locale})`, async ({
      browser,
      request,
    }) => {
      const page = await pageAs(browser, { locale, phone });
      await signedIn(page, request);
      await page.goto('/account/');
      await expect(page.locator('h1').first()).toContainText(text(locale, 'titles.dashboard'));

      // On a phone the navigation is the drawer, opened again for each page (it closes once a link
      // is chosen); on a desktop, the sidebar.
      const openNav = async () => {
        if (!phone) return page.locator('aside').getByRole('navigation', { name: text(locale, 'nav.main') });
        await page.getByTestId('open-menu').click();
        const drawer = page.getByRole('dialog', { name: text(locale, 'shell.menu') });
        await expect(drawer).toBeVisible();
        return drawer.getByRole('navigation', { name: text(locale, 'nav.main') });
      };

      for (const [index, target] of MORE_PAGES.entries()) {
        const nav = await openNav();
        const more = nav.getByRole('button', { name: text(locale, 'nav.more'), exact: true });
        // Closed on the dashboard; open on its own pages.
        await expect(more).toHaveAttribute('aria-expanded', index === 0 ? 'false' : 'true');
        if (index === 0) await more.click();
        await expect(more).toHaveAttribute('aria-expanded', 'true');
        await nav.getByRole('link', { name: text(locale, target.nav), exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${target.path}$`));
        await expect(page.locator('h1').first()).toContainText(text(locale, target.title));
        if (phone) await expect(page.getByRole('dialog')).toBeHidden();
      }

      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: text(locale, 'footer.policy'), exact: true })
        .click();
      await expect(page).toHaveURL(/\/account\/policy$/);
      await expect(page.locator('h1').first()).toContainText(text(locale, 'titles.policy'));
      await page.close();
    });
  }
}

test.describe('preferences', () => {
  test('English/French switch changes the text and is remembered across reloads', async ({
    page,
    request,
  }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle(`${text('en', 'titles.login')} · ${programName}`);
    await page
      .getByRole('button', { name: /français|french/i })
      .first()
      .click();
    await expect(page).toHaveTitle(`${text('fr', 'titles.login')} · ${programName}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.reload();
    await expect(page).toHaveTitle(`${text('fr', 'titles.login')} · ${programName}`);
    await signedIn(page, request);
    await page.goto('/account/sales');
    await expect(page.locator('h1')).toContainText(text('fr', 'titles.sales'));
  });

  test('dark mode toggles and is remembered across reloads', async ({ page, request }) => {
    await signedIn(page, request);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/account/');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.getByTestId('theme-toggle').first().click();
    await expect(html).toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
    await page.goto('/login');
    await expect(html).toHaveClass(/\bdark\b/);
    await page.getByTestId('theme-toggle').first().click();
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(html).not.toHaveClass(/\bdark\b/);
  });
});

test('each navigation scrolls the content back to the top', async ({ page, request }) => {
  await signedIn(page, request);
  await page.setViewportSize({ width: 1366, height: 500 });
  await page.goto('/account/');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page
    .getByRole('navigation', { name: text('en', 'nav.main') })
    .getByRole('link', { name: text('en', 'nav.faq'), exact: true })
    .click();
  await expect(page).toHaveURL(/\/account\/faq$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
