// Sub-partners (issue 13, docs/product/partners-and-accounts.md#white-label-sub-partners): an admin creates one from the back office, its address
// suggested from its name, with a logo (a transparent PNG, uploaded), colours and a welcome in both
// languages, and watches the live preview of its sign-in page follow the typing; a reserved word
// as its address is refused at the field before anything is sent. A visitor then opens
// /{slug}/login and sees that branding (the logo as the server re-encoded it), and a partner who
// registers with the sub-partner is in its partners list. The audit log has the creation and the
// logo. In English, light, on a desktop, and in French, dark, on a phone, each with a sub-partner
// of its own. With E2E_SHOTS=<folder>, the pages are also photographed there.
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { pageAs, registerPartner, staffPage } from './support';
import {
  FLOW_TIMEOUT,
  expectAudited,
  expectSeenAs,
  openSection,
  press,
  say,
  uniqueTo,
  VARIANTS,
} from './variants';
import type { Variant } from './variants';

const ADMIN = { email: 'demo.admin@sunbite.example', password: 'sunny-demo-admin' };

/** A logo on a transparent background, wider than tall (the server keeps it whole, within 512 × 512). */
const logoPng = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="320"><rect x="20" y="20" width="280" height="280" rx="70" fill="#1d4ed8"/>' +
        '<circle cx="160" cy="160" r="70" fill="#fbbf24"/><rect x="340" y="120" width="280" height="80" rx="40" fill="#10b981"/></svg>',
    ),
  )
    .png()
    .toBuffer();

async function shot(page: Page, variant: Variant, name: string) {
  const folder = process.env.E2E_SHOTS;
  // A phone's whole page; a desktop's screen as seen (its sticky header and preview in place).
  if (folder)
    await page.screenshot({
      path: path.join(folder, `subpartners-${variant.tag}-${name}.png`),
      fullPage: variant.phone,
    });
}

const OTHER = { en: 'fr', fr: 'en' } as const;

for (const variant of VARIANTS) {
  test(`an admin creates a sub-partner with a logo, colours and welcome, previewed live; visitors see it at /{slug}/login and its partners are listed (${variant.name})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(FLOW_TIMEOUT);
    const unique = uniqueTo(variant).toLowerCase();
    const name = `Éclat Studio ${unique.toUpperCase()}`;
    const slug = `eclat-studio-${unique}`;
    const welcome = {
      en: `Éclat creators (${unique}): welcome to the Sunbite partner program.`,
      fr: `Créateurs Éclat (${unique}) : bienvenue dans le programme partenaires Sunbite.`,
    };

    const admin = await staffPage(browser, ADMIN, variant);
    await expectSeenAs(admin, variant);
    await openSection(admin, variant, 'subpartners');
    await expect(
      admin.getByRole('heading', { level: 1, name: say(variant, 'titles.manager_subpartners') }),
    ).toBeVisible();
    await press(variant, admin.getByTestId('subpartner-new'));
    await expect(
      admin.getByRole('heading', { level: 1, name: say(variant, 'titles.manager_subpartner_new') }),
    ).toBeVisible();

    // The address follows the name until one is typed; the preview follows both.
    const preview = admin.getByTestId('subpartner-preview');
    await admin.getByTestId('field-name').fill(name);
    await expect(admin.getByTestId('field-slug')).toHaveValue(slug);
    await expect(preview.getByTestId('subpartner-name')).toHaveText(name);
    await expect(preview.getByTestId('preview-address')).toContainText(`/${slug}/login`);

    // A word of the portal's own pages is refused at the field, and nothing is sent.
    let created = 0;
    admin.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/manager/subpartners')) created++;
    });
    await admin.getByTestId('field-slug').fill('login');
    await press(variant, admin.getByTestId('subpartner-save'));
    await expect(admin.getByText(say(variant, 'manager.subpartners.errors.slug_reserved'))).toBeVisible();
    await expect(admin.getByTestId('field-slug')).toHaveAttribute('aria-invalid', 'true');
    expect(created).toBe(0);
    await admin.getByTestId('field-slug').fill(slug);
    await expect(admin.getByText(say(variant, 'manager.subpartners.errors.slug_reserved'))).toHaveCount(0);

    await admin.getByTestId('field-primary-color').fill('#1D4ED8');
    await admin.getByTestId('field-accent-color').fill('#10b981');
    await admin.getByTestId('field-welcome-en').fill(welcome.en);
    await admin.getByTestId('field-welcome-fr').fill(welcome.fr);
    await admin
      .getByTestId('logo-file')
      .setInputFiles({ name: 'eclat-logo.png', mimeType: 'image/png', buffer: await logoPng() });
    await expect(admin.getByTestId('logo-status')).toContainText('eclat-logo.png');
    await expect(admin.getByTestId('logo-rules')).toHaveText(
      say(variant, 'manager.subpartners.logo.rules', { max: '10', side: '512' }),
    );

    // The live preview: the welcome in the interface's language, the chosen logo, the colours.
    await expect(preview.getByTestId('subpartner-welcome')).toHaveText(welcome[variant.locale]);
    await expect(
      preview.getByRole('img', { name: say(variant, 'subpartner.logo_alt', { name }) }),
    ).toHaveAttribute('src', /^blob:/);
    const band = preview.locator('[data-testid="subpartner-brand"] > div').first();
    await expect(band).toHaveAttribute('style', /rgb\(29, 78, 216\).*rgb\(16, 185, 129\)|#1d4ed8.*#10b981/);
    await expect(preview.getByText(say(variant, 'titles.login')).first()).toBeVisible();
    await shot(admin, variant, 'new');
    await admin.getByTestId('subpartner-save').scrollIntoViewIfNeeded();
    await shot(admin, variant, 'new-end');
    // And in the other language, as the other partners will see it.
    const other = OTHER[variant.locale];
    await press(variant, preview.getByTestId(`preview-language-${other}`));
    await expect(preview.getByTestId('subpartner-welcome')).toHaveText(welcome[other]);
    await expect(preview.getByTestId('preview-page')).toHaveAttribute('lang', other);

    const [answer, logo] = await Promise.all([
      admin.waitForResponse(
        (r) => r.request().method() === 'POST' && r.url().endsWith('/api/manager/subpartners'),
      ),
      admin.waitForResponse(
        (r) => r.request().method() === 'POST' && /\/api\/manager\/subpartners\/\d+\/logo$/.test(r.url()),
      ),
      press(variant, admin.getByTestId('subpartner-save')),
    ]);
    expect(answer.status()).toBe(201);
    expect(logo.status()).toBe(200);
    const id = ((await answer.json()) as { data: { id: number } }).data.id;
    await expect(admin).toHaveURL(new RegExp(`/manager/subpartners/${id}$`));
    await expect(admin.getByTestId('subpartner-title')).toHaveText(name);
    await expect(admin.getByText(say(variant, 'manager.subpartners.created', { name }))).toBeVisible();
    await expect(admin.getByTestId('logo-status')).toHaveText(
      say(variant, 'manager.subpartners.logo.current'),
    );

    // A visitor opening its sign-in page sees the new branding, the logo as the server keeps it.
    const visitor = await pageAs(browser, variant);
    await visitor.goto(`/${slug}/login`);
    const brand = visitor.getByTestId('subpartner-brand');
    await expect(brand).toBeVisible();
    await expect(brand).toHaveAttribute('data-subpartner', slug);
    await expect(brand.getByTestId('subpartner-name')).toHaveText(name);
    await expect(brand.getByTestId('subpartner-welcome')).toHaveText(welcome[variant.locale]);
    const shown = brand.getByRole('img', { name: say(variant, 'subpartner.logo_alt', { name }) });
    await expect(shown).toHaveAttribute('src', /^\/api\/media\/[a-f0-9]{32}\.webp$/);
    await expect
      .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(512);
    await expect(brand.locator('> div').first()).toHaveAttribute(
      'style',
      /rgb\(29, 78, 216\).*rgb\(16, 185, 129\)|#1d4ed8.*#10b981/,
    );
    await expect(visitor.getByTestId('login-form')).toBeVisible();
    await shot(visitor, variant, 'visitor-login');
    await visitor.close();

    // Its list, empty until a partner joins through it.
    await expect(admin.getByTestId('subpartner-partners-empty')).toBeVisible();
    const partner = await registerPartner(request, {
      subpartner: slug,
      first_name: 'Lina',
      last_name: `Éclat ${unique}`,
      locale: variant.locale,
    });
    await admin.reload();
    const row = admin.getByTestId('subpartner-partner-row').filter({ hasText: `Lina Éclat ${unique}` });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(partner.email);
    await expect(admin.getByTestId('subpartner-partners-total')).toHaveText(
      say(variant, 'manager.subpartners.partners_count_one', { formatted: '1' }),
    );
    await shot(admin, variant, 'edit');
    await press(variant, row.getByRole('link').first());
    await expect(admin).toHaveURL(/\/manager\/partners\/[0-9a-f-]{36}$/);
    await expect(admin.getByTestId('profile-subpartner')).toContainText(name);

    // The list counts it; the audit log has the creation and the logo.
    await admin.goto(`/manager/subpartners?q=${unique}`);
    const listed = admin.getByTestId('subpartner-row');
    await expect(listed).toHaveCount(1);
    await expect(listed.getByTestId('subpartner-partners')).toHaveText(
      say(variant, 'manager.subpartners.partners_count_one', { formatted: '1' }),
    );
    await shot(admin, variant, 'list');
    await expectAudited(admin, variant, { entity: 'subpartner', id }, [
      'subpartner.logo',
      'subpartner.create',
    ]);
    await admin.close();
  });
}
