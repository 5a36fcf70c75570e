import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { shopifyOrderPayload } from '../server/integrations/shopify/sample-payloads';
import { postShopify, prefer, registerPartner, staffPage, text } from './support';

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
// partners as CSV and the file holds the right rows.
test('an admin overrides a partner’s commission, suspends them and exports the partners as CSV', async ({
  browser,
  request,
}) => {
  const code = `BOP${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
  const partner = await registerPartner(request, {
    promo_code: code,
    first_name: 'Override',
    last_name: 'Target',
  });

  const page = await staffPage(browser, ADMIN, 'en');
  await page.getByTestId('manager-nav-partners').first().click();
  await page.getByTestId('partners-search').fill(code.toLowerCase());
  const rows = page.getByTestId('partner-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(partner.email);
  await rows.first().getByRole('link', { name: 'Override Target' }).click();
  await expect(page.getByTestId('partner-name')).toHaveText('Override Target');

  // The override: 22.5% instead of the first tier's 10%.
  await expect(page.getByTestId('commission-rate')).toHaveText('10%');
  await page.getByTestId('override-input').fill('22.5');
  await page.getByTestId('override-save').click();
  await expect(page.getByText('Override saved: new orders earn 22.5%.')).toBeVisible();
  await expect(page.getByTestId('commission-rate')).toHaveText('22.5%');
  await expect(page.getByTestId('commission-source')).toContainText('Staff override');

  // The partner's next order (40.00 with no discount) earns the override: 9.00.
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
  await expect(earning).toContainText('22.5% of $40.00');
  await expect(earning.getByTestId('earning-amount')).toHaveText('$9.00');
  await expect(page.getByTestId('figure-sales')).toHaveText('$40.00');

  // Suspended after a confirmation.
  await page.getByTestId('suspend-partner').click();
  await page.getByTestId('suspend-dialog-confirm').click();
  await expect(page.getByText('Override Target is suspended.')).toBeVisible();
  await expect(page.getByTestId('suspended-banner')).toBeVisible();
  // The audit lists both changes, newest first.
  await expect(page.getByTestId('audit-line').first()).toHaveAttribute('data-action', 'partner.suspend');
  await expect(page.getByTestId('audit-line').nth(1)).toHaveAttribute(
    'data-action',
    'partner.commission_override',
  );

  // The partner cannot sign in: the reason, in their language (French, dark here).
  const visitor = await browser.newPage();
  await prefer(visitor, { locale: 'fr', theme: 'dark' });
  await visitor.goto('/login');
  await visitor.getByTestId('login-email').fill(partner.email);
  await visitor.getByTestId('login-password').fill(partner.password);
  await visitor.getByTestId('login-submit').click();
  await expect(visitor.getByRole('alertdialog')).toContainText(text('fr', 'api.account_suspended'));
  await expect(visitor).toHaveURL(/\/login/);
  await visitor.close();

  // The list, filtered to suspended partners and searched by the code, exported as CSV.
  await page.getByTestId('back-to-partners').click();
  await page.getByLabel('Status').selectOption('suspended');
  await expect(page).toHaveURL(/status=suspended/);
  await expect(page.getByTestId('partner-row')).toHaveCount(1);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('partners-export').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^partners-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = parseCsv(fs.readFileSync((await download.path())!, 'utf8'));
  const [header, ...body] = csv;
  expect(header).toContain('email');
  expect(body).toHaveLength(1);
  const line = Object.fromEntries(header!.map((name, i) => [name, body[0]![i]]));
  expect(line).toMatchObject({
    email: partner.email,
    first_name: 'Override',
    last_name: 'Target',
    status: 'suspended',
    codes: code,
    commission_rate: '22.5',
    commission_override: '22.5',
    sales: '40.00',
    commissions: '9.00',
    currency: 'USD',
  });
  await page.close();
});
