// Marketplace imports (issue 13, docs/product/commissions.md#marketplace): a manager uploads an Associates report with one bad
// line in the back office and sees what it did, the bad line reported with its number and reason
// in the manager's language; the import is in the list of past imports, which opens to that line,
// and in the audit log. In English, light, on a desktop, and in French, dark, on a phone. Each
// variant's report carries the sales of a partner registered for it, so no other test's figures move.
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { apiToken, registerPartner, staffPage } from './support';
import {
  FLOW_TIMEOUT,
  expectAudited,
  expectSeenAs,
  openSection,
  press,
  say,
  uniqueTo,
  VARIANTS,
  type Variant,
} from './variants';

const MANAGER = { email: 'demo.manager@sunbite.example', password: 'sunny-demo-manager' };
const HEADER =
  'Category\tName\tASIN\tSeller\tTracking ID\tDate Shipped\tPrice($)\tItems Shipped\tReturns\tRevenue($)\tAd Fees($)\tDevice Type Group';

/** Chooses the report as its user does: the "Choose a report" link opens the device's file picker. */
async function chooseReport(page: Page, variant: Variant, name: string, content: string) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    press(variant, page.getByText(say(variant, 'manager.marketplace.choose'), { exact: true })),
  ]);
  await chooser.setFiles({ name, mimeType: 'text/tab-separated-values', buffer: Buffer.from(content) });
}

for (const variant of VARIANTS) {
  test(`a manager uploads a report with a bad line, sees it reported with its number, and finds the import in the list (${variant.name})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(FLOW_TIMEOUT);
    // The partner's tracking id, as their affiliate links carry it.
    const partner = await registerPartner(request, { locale: variant.locale });
    const { token } = await apiToken(request, partner.email, partner.password);
    const links = await request.get('/api/generateAmazonLinks', {
      headers: { authorization: `Bearer ${token}` },
    });
    const tag = new URL(((await links.json()) as { data: { url: string }[] }).data[0]!.url).searchParams.get(
      'tag',
    )!;
    const unique = uniqueTo(variant).toLowerCase();
    const filename = `associates-${unique}.tsv`;
    const report = [
      'Fee-Earnings reports from 2026-10-01 to 2026-10-31',
      HEADER,
      `Health\tSunbite ACV Gummies ${unique}\tB0CSB1ACV1\tAmazon.com\t${tag}\t2026-10-03\t24.99\t2\t0\t49.98\t4.99\tDESKTOP`,
      `Health\tSunbite Sleep ${unique}\tB0CSB6SLP6\tAmazon.com\t${tag}\tsomeday\t19.99\t1\t0\t19.99\t2.00\tPHONE`,
      `Health\tSunbite Matcha Mind ${unique}\tB0CSBGMTCG\tAmazon.com\t${tag}\t2026-10-05\t29.99\t1\t0\t29.99\t3.00\tPHONE`,
      '',
    ].join('\n');
    const badReason = say(variant, 'api.marketplace.reasons.date', { value: 'someday' });

    const staff = await staffPage(browser, MANAGER, variant);
    await expectSeenAs(staff, variant);
    await openSection(staff, variant, 'marketplace');
    await expect(
      staff.getByRole('heading', { level: 1, name: say(variant, 'titles.manager_marketplace') }),
    ).toBeVisible();
    await chooseReport(staff, variant, filename, report);
    await expect(staff.getByTestId('report-chosen')).toContainText(filename);
    const [uploaded] = await Promise.all([
      staff.waitForResponse(
        (r) => r.request().method() === 'PUT' && r.url().includes('/api/manager/marketplace/imports'),
      ),
      press(variant, staff.getByTestId('report-submit')),
    ]);
    const importId = ((await uploaded.json()) as { data: { import_id: number } }).data.import_id;

    const result = staff.getByTestId('import-result');
    await expect(
      result.getByRole('heading', { name: say(variant, 'manager.marketplace.result.done') }),
    ).toBeVisible();
    await expect(result.getByTestId('import-result-file')).toHaveText(filename);
    await expect(result.getByTestId('result-imported')).toHaveText('2');
    await expect(result.getByTestId('result-duplicates')).toHaveText('0');
    await expect(result.getByTestId('result-rejected')).toHaveText('1');
    const bad = result.getByTestId('rejected-line');
    await expect(bad).toHaveCount(1);
    await expect(bad).toHaveAttribute('data-line', '4');
    await expect(bad).toContainText(
      variant.phone ? say(variant, 'manager.marketplace.line_n', { line: '4' }) : '4',
    );
    await expect(bad).toContainText(badReason);

    // The import is in the list of past imports: who, and what it did (a card on a phone).
    const row = staff.getByTestId('imports-row').filter({ hasText: filename });
    await expect(row).toHaveCount(1);
    await expect(staff.getByTestId('imports-table')).toHaveCount(variant.phone ? 0 : 1);
    await expect(row).toContainText('Alex Manager');
    await expect(row.getByTestId('imports-imported')).toHaveText('2');
    await expect(row.getByTestId('imports-duplicates')).toHaveText('0');
    await expect(row.getByTestId('imports-rejected')).toHaveText('1');
    await press(variant, row.getByTestId('imports-toggle'));
    const line = staff.getByTestId('import-lines').getByTestId('rejected-line');
    await expect(line).toHaveAttribute('data-line', '4');
    await expect(line).toContainText(badReason);

    // The partner's sales page has the two good rows.
    const sales = await request.get('/api/getAmazonSalesItems', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await sales.json()) as { total: number }).total).toBe(2);

    // Sending the same file again changes nothing, and says so.
    await chooseReport(staff, variant, filename, report);
    await press(variant, staff.getByTestId('report-submit'));
    const already = say(variant, 'manager.marketplace.result.already_body', {
      date: '\u0000',
      name: 'Alex Manager',
    });
    await expect(staff.getByTestId('import-already')).toContainText(already.split('\u0000')[1]!);

    // The audit log lists the import (once: the second sending changed nothing), with its file.
    const lines = await expectAudited(staff, variant, { entity: 'marketplace_import', id: importId }, [
      'marketplace_import.create',
    ]);
    await press(variant, lines.first().getByTestId('audit-toggle'));
    await expect(staff.getByTestId('audit-diff')).toContainText(filename);
    await staff.close();
  });
}
