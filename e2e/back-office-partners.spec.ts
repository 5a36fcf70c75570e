import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { shopifyOrderPayload } from '../server/integrations/shopify/sample-payloads';
import { pageAs, postShopify, registerPartner, staffPage } from './support';
import {
  FLOW_TIMEOUT,
  expectAudited,
  expectSeenAs,
  formats,
  openSection,
  press,
  say,
  uniqueTo,
  VARIANTS,
} from './variants';

const ADMIN = { email: 'demo.admin@sunbite.example', password: 'sunny-demo-admin' };

/** A CSV document as rows of cells (RFC 4180). */
function parseCsv(content: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < content.length; i++) {
    const c = content[i]!;
    if (quoted) {
      if (c === '"' && content[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && content[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

// Issue 13, the partners part: an admin finds a partner by code, sets a commission override and
// the partner's next order earns it; suspends the partner, who then cannot sign in; exports the
// partners as CSV and the file holds the right rows; the audit log lists both changes. In English,
// light, on a desktop, and in French, dark, on a phone (the drawer, cards, the folded filters).
// Each variant has its partner, code and override rate (typed as its staff would type it).
const OVERRIDE = {
  EN: { typed: '22.5', rate: 22.5, earned: 9 },
  FR: { typed: '17,5', rate: 17.5, earned: 7 },
} as const;

for (const variant of VARIANTS) {
  test(`an admin overrides a partner’s commission, suspends them and exports the partners as CSV (${variant.name})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(FLOW_TIMEOUT);
    const f = formats(variant);
    const override = OVERRIDE[variant.tag as keyof typeof OVERRIDE];
    const code = `BOP${uniqueTo(variant)}`.slice(0, 20);
    const [first, last] = ['Override', `Target ${variant.tag}`];
    const name = `${first} ${last}`;
    const partner = await registerPartner(request, {
      promo_code: code,
      first_name: first,
      last_name: last,
      locale: variant.locale,
    });

    const page = await staffPage(browser, ADMIN, variant);
    await expectSeenAs(page, variant);
    await openSection(page, variant, 'partners');
    await page.getByTestId('partners-search').fill(code.toLowerCase());
    const rows = page.getByTestId('partner-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(partner.email);
    // A table row on a desktop, a card on a phone: its link opens the partner.
    await expect(page.getByTestId('partners-table')).toHaveCount(variant.phone ? 0 : 1);
    await press(variant, rows.first().getByRole('link', { name: new RegExp(name) }));
    await expect(page.getByTestId('partner-name')).toHaveText(name);

    // The override instead of the first tier's 10%.
    await expect(page.getByTestId('commission-rate')).toHaveText(f.percent(10));
    await page.getByTestId('override-input').fill(override.typed);
    await press(variant, page.getByTestId('override-save'));
    await expect(
      page.getByText(
        say(variant, 'manager.partners.detail.commission.saved', { rate: f.percent(override.rate) }),
      ),
    ).toBeVisible();
    await expect(page.getByTestId('commission-rate')).toHaveText(f.percent(override.rate));
    await expect(page.getByTestId('commission-source')).toContainText(
      say(variant, 'manager.partners.detail.commission.from_override'),
    );

    // The partner's next order (40.00 with no discount) earns the override.
    const order = shopifyOrderPayload({
      code,
      items: [['ACV Gummies', 2, 2000]],
      discountPercent: 0,
      country: 'US',
    });
    const delivered = await postShopify(request, 'orders/paid', order);
    expect(delivered.status()).toBe(200);
    expect((await delivered.json()).data.outcome).toBe('processed');
    await page.reload();
    const earning = page.getByTestId('earning').first();
    await expect(earning).toContainText(
      say(variant, 'manager.partners.detail.earnings.rate_of', {
        rate: f.percent(override.rate),
        base: f.money(40),
      }),
    );
    await expect(earning.getByTestId('earning-amount')).toHaveText(f.money(override.earned));
    await expect(page.getByTestId('figure-sales')).toHaveText(f.money(40));

    // Suspended after a confirmation.
    await press(variant, page.getByTestId('suspend-partner'));
    await press(variant, page.getByTestId('suspend-dialog-confirm'));
    await expect(
      page.getByText(say(variant, 'manager.partners.detail.account.suspended_toast', { name })),
    ).toBeVisible();
    await expect(page.getByTestId('suspended-banner')).toHaveText(
      say(variant, 'manager.partners.detail.account.suspended_text'),
    );
    // The partner's page lists both changes, newest first.
    await expect(page.getByTestId('audit-line').first()).toHaveAttribute('data-action', 'partner.suspend');
    await expect(page.getByTestId('audit-line').nth(1)).toHaveAttribute(
      'data-action',
      'partner.commission_override',
    );

    // The partner cannot sign in: the reason, in their language, on the same kind of screen.
    const visitor = await pageAs(browser, variant);
    await visitor.goto('/login');
    await visitor.getByTestId('login-email').fill(partner.email);
    await visitor.getByTestId('login-password').fill(partner.password);
    await press(variant, visitor.getByTestId('login-submit'));
    await expect(visitor.getByRole('alertdialog')).toContainText(say(variant, 'api.account_suspended'));
    await expect(visitor).toHaveURL(/\/login/);
    await visitor.close();

    // The list, searched by the code and filtered to suspended partners (on a phone the filters
    // fold under their button), exported as CSV.
    const uuid = page.url().split('/').at(-1)!;
    await press(variant, page.getByTestId('back-to-partners'));
    if (variant.phone) await press(variant, page.getByTestId('partners-filters-toggle'));
    await page
      .getByLabel(say(variant, 'manager.partners.filters.status'), { exact: true })
      .selectOption('suspended');
    await expect(page).toHaveURL(/status=suspended/);
    await expect(page.getByTestId('partner-row')).toHaveCount(1);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      press(variant, page.getByTestId('partners-export')),
    ]);
    expect(download.suggestedFilename()).toMatch(/^partners-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = parseCsv(fs.readFileSync((await download.path())!, 'utf8'));
    const [header, ...body] = csv;
    expect(header).toContain('email');
    expect(body).toHaveLength(1);
    const line = Object.fromEntries(header!.map((column, i) => [column, body[0]![i]]));
    expect(line).toMatchObject({
      email: partner.email,
      first_name: first,
      last_name: last,
      status: 'suspended',
      codes: code,
      commission_rate: String(override.rate),
      commission_override: String(override.rate),
      sales: '40.00',
      commissions: `${override.earned}.00`,
      currency: 'USD',
    });

    // The audit log lists both changes to this partner.
    await expectAudited(page, variant, { entity: 'partner', id: uuid }, [
      'partner.suspend',
      'partner.commission_override',
    ]);
    // And the export, with the filters it was taken with (other tests export too: any line of it).
    await page.goto('/manager/audit?entity=export&entity_id=partners');
    await expect(
      page
        .getByTestId('audit-row')
        .filter({ hasText: say(variant, 'manager.audit.actions.export.partners') })
        .first(),
    ).toBeVisible();
    await page.close();
  });
}
