import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { shopifyOrderPayload, shopifyRefundPayload } from '../server/integrations/shopify/sample-payloads';
import { postShopify as post, registerPartner, signedIn, unreadBell } from './support';

test('a sale made with the partner’s code reaches the open dashboard at once, once, and a refund lowers it', async ({
  page,
  request,
}) => {
  // A partner of this test's own: a fresh ledger, nothing else sells with the code.
  const code = `LIVE${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
  const partner = await registerPartner(request, { promo_code: code });
  await signedIn(page, request, partner);
  await page.goto('/account/');
  await expect(page.getByTestId('dashboard-empty')).toBeVisible();
  const bell = page.getByTestId('bell-count');
  // The program's standing announcements greet a new partner; the sale adds to them.
  const greeted = await unreadBell(request, partner);

  // 2 × 25.00 with no discount: 50.00 subtotal, 10% commission.
  const order = shopifyOrderPayload({
    code: code.toLowerCase(),
    items: [['ACV Gummies', 2, 2500]],
    discountPercent: 0,
    country: 'CA',
  });
  const delivery = randomUUID();
  const first = await post(request, 'orders/paid', order, { webhookId: delivery });
  expect(first.status()).toBe(200);

  // No reload: the live push raises the bell (the sale, and the first-sale badge it earned) and the
  // sale shows with its commission.
  await expect(bell).toHaveText(String(greeted + 2), { timeout: 15_000 });
  const recent = page.getByTestId('recent-sale-row');
  await expect(recent).toHaveCount(1);
  await expect(recent.first()).toContainText('$5.00');
  await expect(page.getByTestId('metric-this_month_commissions')).toContainText('$5.00');

  // The same delivery again changes nothing.
  expect(
    (await (await post(request, 'orders/paid', order, { webhookId: delivery })).json()).data.outcome,
  ).toBe('duplicate');
  expect((await (await post(request, 'orders/paid', order)).json()).data.outcome).toBe('processed');
  await page.reload();
  await expect(page.getByTestId('recent-sale-row')).toHaveCount(1);
  await expect(bell).toHaveText(String(greeted + 2));

  // A partial refund (one of the two items) lowers the earning.
  expect((await post(request, 'refunds/create', shopifyRefundPayload(order, [[0, 1]]))).status()).toBe(200);
  await page.goto('/account/sales');
  const row = page.getByTestId('sale-row').first();
  await expect(row).toContainText('$2.50');
  await expect(row.getByTestId('status-badge')).toHaveAttribute('data-status', 'PENDING');

  // A webhook with a bad signature is refused and changes nothing.
  const forged = await post(
    request,
    'orders/paid',
    shopifyOrderPayload({ code, items: [['Calm Bites', 4, 2999]] }),
    { secret: 'not-the-secret' },
  );
  expect(forged.status()).toBe(401);
  await page.reload();
  await expect(page.getByTestId('sale-row')).toHaveCount(1);
});

test('the demo partner’s dashboard shows a living program', async ({ page, request }) => {
  await signedIn(page, request);
  await page.goto('/account/');
  await expect(page.getByTestId('metric-total_commissions')).not.toHaveText(/\$0\.00/);
  await expect(page.getByTestId('recent-sale-row').first()).toBeVisible();
  await page.getByTestId('chart-toggle-weekly').click();
  await expect(page.getByTestId('sales-chart')).toHaveAttribute('data-period', 'weekly');
  await page.goto('/account/referrals');
  await expect(page.getByTestId('referral-row').first()).toBeVisible();
  await page.goto('/account/sales');
  await page.getByTestId('pager-next').click();
  await expect(page.getByTestId('pager-status')).toContainText('2');
});
