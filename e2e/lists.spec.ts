// The partner's lists in the address (docs/product/partner-portal.md#tables): the rows per page survive a
// reload, "Last month" shows the month the program's calendar cuts, and Download CSV saves every
// row of the range as a file a spreadsheet opens in the partner's language.
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { addToDay, localMonthStart } from '../common/calendar';
import { shopifyOrderPayload } from '../server/integrations/shopify/sample-payloads';
import { DESKTOP, postShopify as post, prefer, registerPartner, signedIn } from './support';

// The demo program's zone (common/calendar.ts DEFAULT_TIME_ZONE): Montréal time.
const ZONE = 'America/Toronto';

test.use(DESKTOP);

test('a list keeps its page size and range in the address, and downloads the range as CSV', async ({
  page,
  request,
}) => {
  const code = `LIST${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
  const partner = await registerPartner(request, { promo_code: code });
  // Twelve sales of this month, and one in the middle of last month.
  const now = new Date();
  for (let i = 0; i < 12; i++)
    expect(
      (
        await post(
          request,
          'orders/paid',
          shopifyOrderPayload({
            code: code.toLowerCase(),
            items: [[`This Month ${i + 1}`, 1, 2500]],
            discountPercent: 0,
            createdAt: new Date(now.getTime() - i * 60_000).toISOString(),
          }),
        )
      ).status(),
    ).toBe(200);
  const lastMonth = localMonthStart(now, ZONE, -1);
  const midLastMonth = `${addToDay(lastMonth, { days: 14 })}T17:00:00.000Z`;
  await post(
    request,
    'orders/paid',
    shopifyOrderPayload({
      code: code.toLowerCase(),
      items: [['=Last Month Gummies', 1, 4000]],
      discountPercent: 0,
      createdAt: midLastMonth,
    }),
  );
  await signedIn(page, request, partner);
  await prefer(page, { locale: 'en' });

  // Ten rows a page, chosen in the list: in the address, and still there after a reload.
  await page.goto('/account/sales');
  await expect(page.getByTestId('sale-row')).toHaveCount(5);
  await page.getByTestId('store-size').selectOption('10');
  await expect(page).toHaveURL(/[?&]size=10(&|$)/);
  await expect(page.getByTestId('sale-row')).toHaveCount(10);
  await page.reload();
  await expect(page.getByTestId('sale-row')).toHaveCount(10);
  await expect(page.getByTestId('store-size')).toHaveValue('10');

  // Dates never wrap at 1280 px: each date cell is one line.
  const dateCell = page.locator('[data-testid="sale-row"] [data-column="date"]').first();
  const box = await dateCell.boundingBox();
  const lineHeight = await dateCell.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 20);
  expect(box!.height).toBeLessThan(lineHeight * 1.8 + 24);

  // Last month: only last month's sale, and Back returns to all time.
  await page.getByTestId('store-range').selectOption('last_month');
  await expect(page).toHaveURL(/[?&]range=last_month(&|$)/);
  await expect(page.getByTestId('sale-row')).toHaveCount(1);
  await expect(page.getByTestId('sale-row')).toContainText('=Last Month Gummies');
  await page.goBack();
  await expect(page.getByTestId('sale-row')).toHaveCount(10);
  await page.goForward();
  await expect(page.getByTestId('sale-row')).toHaveCount(1);

  // The CSV of last month: one row, the day ISO, the formula disarmed, a BOM first.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('store-csv').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^sales-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = fs.readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'Date,Order,Product,Order amount,Commission,Taken back after payment,Currency,Status',
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(addToDay(lastMonth, { days: 14 }));
  expect(lines[1]).toContain("'=Last Month Gummies");

  // In French, the file's headings are French too.
  await prefer(page, { locale: 'fr' });
  await page.reload();
  const [french] = await Promise.all([page.waitForEvent('download'), page.getByTestId('store-csv').click()]);
  const frenchText = fs.readFileSync(await french.path()).toString('utf8');
  expect(frenchText).toContain('Date,Commande,Produit,Montant de la commande');
});
