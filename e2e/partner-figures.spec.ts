// The dashboard shows a partner's code and figures whole (issue 33, items 1 and 2): a code of
// twenty characters and sales as wide as 9,999,999.99, in English and French, from 320 px to 1280 px.
// Nothing is cut: each one's text fits its own box, at a size still legible.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { shopifyOrderPayload } from '../server/integrations/shopify/sample-payloads';
import { postShopify as post, prefer, registerPartner, signedIn } from './support';

const FIGURES = [
  'promo-code',
  'metric-this_month_commissions',
  'metric-last_month_commissions',
  'metric-current_month_orders',
  'metric-current_month_sales',
  'metric-total_commissions',
  'metric-average_order_value',
  'metric-latest_paid_cashout',
];

/** What of each figure is hidden: its text wider than its box, or drawn smaller than 11 px. */
const cutFigures = (page: Page) =>
  page.evaluate((ids) => {
    const problems: string[] = [];
    for (const id of ids) {
      const element = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
      if (!element) continue;
      const size = parseFloat(getComputedStyle(element).fontSize);
      if (element.scrollWidth > element.clientWidth + 1)
        problems.push(
          `${id} "${element.textContent}" is ${element.scrollWidth} px in ${element.clientWidth} px`,
        );
      if (size < 11) problems.push(`${id} "${element.textContent}" is drawn at ${size} px`);
      const card = element.closest('.card, section');
      if (card && element.getBoundingClientRect().right > card.getBoundingClientRect().right + 1)
        problems.push(`${id} "${element.textContent}" goes past its card`);
    }
    return problems;
  }, FIGURES);

test('a twenty-character code and figures as wide as 9,999,999.99 show whole at every width, in both languages', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const code = `WIDE${randomUUID().replaceAll('-', '').toUpperCase()}`.slice(0, 20);
  const partner = await registerPartner(request, { promo_code: code });
  // A store order is at most 1,000,000.00 (the webhook schema): eleven of 884,900.00 this month
  // make sales of 9,733,900.00, as wide as 9,999,999.99, and 973,390.00 of commissions.
  for (let i = 0; i < 11; i++) {
    const order = shopifyOrderPayload({
      code: code.toLowerCase(),
      items: [['ACV Gummies', 1, 88_490_000]],
      discountPercent: 0,
      country: 'CA',
    });
    const answer = await post(request, 'orders/paid', order);
    expect((await answer.json()).data.outcome).toBe('processed');
  }

  for (const locale of ['en', 'fr'] as const)
    for (const width of [320, 390, 1024, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await prefer(page, { locale, theme: locale === 'fr' ? 'dark' : 'light' });
      await signedIn(page, request, partner);
      await page.goto('/account/');
      await expect(page.getByTestId('promo-code')).toHaveText(code);
      await expect(page.getByTestId('metric-current_month_sales')).toContainText(
        locale === 'en' ? '9,733,900.00' : '9 733 900,00',
      );
      await expect.poll(() => cutFigures(page), { message: `${locale} at ${width} px` }).toEqual([]);
      await page.close();
    }
});
