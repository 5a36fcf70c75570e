// Marketplace imports (issue 13, decisions §6): a manager uploads an Associates report with one bad
// line in the back office and sees what it did, the bad line reported with its number; the import
// is in the list of past imports, which opens to that line, in French, dark, on a phone too. The
// report's sales are those of a partner registered here, so no other test's figures move.
import { expect, test } from '@playwright/test';
import { apiToken, prefer, registerPartner, staffPage, text } from './support';

const MANAGER = { email: 'demo.manager@sunbite.example', password: 'sunny-demo-manager' };
const HEADER =
  'Category\tName\tASIN\tSeller\tTracking ID\tDate Shipped\tPrice($)\tItems Shipped\tReturns\tRevenue($)\tAd Fees($)\tDevice Type Group';

test('a manager uploads a report with a bad line, sees it reported with its number, and finds the import in the list', async ({
  browser,
  request,
}) => {
  // The partner's tracking id, as their affiliate links carry it.
  const partner = await registerPartner(request);
  const { token } = await apiToken(request, partner.email, partner.password);
  const links = await request.get('/api/generateAmazonLinks', {
    headers: { authorization: `Bearer ${token}` },
  });
  const tag = new URL(((await links.json()) as { data: { url: string }[] }).data[0]!.url).searchParams.get(
    'tag',
  )!;
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const filename = `associates-${unique}.tsv`;
  const report = [
    'Fee-Earnings reports from 2026-10-01 to 2026-10-31',
    HEADER,
    `Health\tSunbite ACV Gummies ${unique}\tB0CSB1ACV1\tAmazon.com\t${tag}\t2026-10-03\t24.99\t2\t0\t49.98\t4.99\tDESKTOP`,
    `Health\tSunbite Sleep ${unique}\tB0CSB6SLP6\tAmazon.com\t${tag}\tsomeday\t19.99\t1\t0\t19.99\t2.00\tPHONE`,
    `Health\tSunbite Matcha Mind ${unique}\tB0CSBGMTCG\tAmazon.com\t${tag}\t2026-10-05\t29.99\t1\t0\t29.99\t3.00\tPHONE`,
    '',
  ].join('\n');

  const staff = await staffPage(browser, MANAGER, 'en');
  await staff.setViewportSize({ width: 1280, height: 900 });
  await staff.getByTestId('manager-nav-marketplace').first().click();
  await expect(
    staff.getByRole('heading', { level: 1, name: text('en', 'titles.manager_marketplace') }),
  ).toBeVisible();
  await staff.getByTestId('report-file').setInputFiles({
    name: filename,
    mimeType: 'text/tab-separated-values',
    buffer: Buffer.from(report),
  });
  await expect(staff.getByTestId('report-chosen')).toContainText(filename);
  await staff.getByTestId('report-submit').click();

  const result = staff.getByTestId('import-result');
  await expect(result.getByRole('heading', { name: 'Report imported' })).toBeVisible();
  await expect(result.getByTestId('import-result-file')).toHaveText(filename);
  await expect(result.getByTestId('result-imported')).toHaveText('2');
  await expect(result.getByTestId('result-duplicates')).toHaveText('0');
  await expect(result.getByTestId('result-rejected')).toHaveText('1');
  const bad = result.getByTestId('rejected-line');
  await expect(bad).toHaveCount(1);
  await expect(bad).toHaveAttribute('data-line', '4');
  await expect(bad).toContainText('4');
  await expect(bad).toContainText('Not a date: “someday”');

  // The import heads the list of past imports: who, and what it did.
  const row = staff.getByTestId('imports-row').filter({ hasText: filename });
  await expect(row).toHaveCount(1);
  await expect(staff.getByTestId('imports-row').first()).toContainText(filename);
  await expect(row).toContainText('Alex Manager');
  await expect(row.getByTestId('imports-imported')).toHaveText('2');
  await expect(row.getByTestId('imports-duplicates')).toHaveText('0');
  await row.getByTestId('imports-toggle').click();
  await expect(staff.getByTestId('import-lines').getByTestId('rejected-line')).toHaveAttribute(
    'data-line',
    '4',
  );

  // The partner's sales page has the two good rows.
  const sales = await request.get('/api/getAmazonSalesItems', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(((await sales.json()) as { total: number }).total).toBe(2);

  // Sending the same file again changes nothing, and says so.
  await staff.getByTestId('report-file').setInputFiles({
    name: filename,
    mimeType: 'text/tab-separated-values',
    buffer: Buffer.from(report),
  });
  await staff.getByTestId('report-submit').click();
  await expect(staff.getByTestId('import-already')).toContainText('by Alex Manager: nothing changed.');
  await staff.close();

  // In French, dark, on a phone: the import in the list, opened to its line, in French words.
  const phone = await staffPage(browser, MANAGER, 'fr');
  await prefer(phone, { theme: 'dark' });
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto('/manager/marketplace');
  await expect(
    phone.getByRole('heading', { level: 1, name: text('fr', 'titles.manager_marketplace') }),
  ).toBeVisible();
  await expect(phone.locator('html')).toHaveClass(/dark/);
  const card = phone.getByTestId('imports-row').filter({ hasText: filename });
  await expect(card.getByTestId('imports-rejected')).toHaveText('1');
  await card.getByTestId('imports-toggle').click();
  const line = card.getByTestId('rejected-line');
  await expect(line).toHaveAttribute('data-line', '4');
  await expect(line).toContainText('Ligne 4');
  await expect(line).toContainText('Date invalide\u202f: «\u00a0someday\u00a0»');
  await phone.close();
});
