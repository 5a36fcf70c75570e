// Program mail in the browser (issue 11, docs/product/engagement.md#mail-a-partner-receives): the sale digest arrives at a real SMTP
// server (the stand-in of playwright.config.ts) with its unsubscribe link and one-click headers;
// the link opens /unsubscribe, which switches the digest off; the next digest is not sent, while a
// partner still subscribed gets theirs. The portal under test gathers sales every few seconds.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { shopifyOrderPayload } from '../server/integrations/shopify/sample-payloads';
import { mailsTo, postShopify, prefer, registerPartner, text, type ReceivedMail } from './support';

/** A partner with a verified address (program mail goes to verified addresses only). */
async function verifiedPartner(request: APIRequestContext, prefix: string, locale: 'en' | 'fr' = 'en') {
  const code = `${prefix}${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e3)}`.slice(
    0,
    20,
  );
  // Verified: registerPartner followed the link of the sign-up mail.
  const partner = await registerPartner(request, { promo_code: code, locale });
  return { ...partner, code };
}

const sell = async (request: APIRequestContext, code: string) =>
  expect(
    (
      await (
        await postShopify(
          request,
          'orders/paid',
          shopifyOrderPayload({
            code: code.toLowerCase(),
            items: [['Sleep Gummies', 1, 3200]],
            discountPercent: 0,
            country: 'CA',
          }),
        )
      ).json()
    ).data.outcome,
  ).toBe('processed');

const digestsTo = async (email: string): Promise<ReceivedMail[]> =>
  (await mailsTo(email)).filter((m) => m.headers.has('list-unsubscribe'));

test('the unsubscribe link of a received digest switches the digest off, and the next digest is not sent', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const seller = await verifiedPartner(request, 'UNSUB', 'fr');
  const control = await verifiedPartner(request, 'STILL');

  await sell(request, seller.code);
  await expect.poll(async () => (await digestsTo(seller.email)).length, { timeout: 30_000 }).toBe(1);
  const [digest] = await digestsTo(seller.email);
  // In the partner's language, with the way out in the body and in the headers (RFC 8058).
  expect(digest!.subject).toMatch(/^Vous avez fait une vente/);
  expect(digest!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  expect(digest!.headers.get('list-unsubscribe')).toMatch(
    /^<http:\/\/127\.0\.0\.1:\d+\/api\/unsubscribe\?token=[\w-]{43}>$/,
  );
  const link = digest!.text.match(/https?:\/\/\S+\/unsubscribe\?token=[\w-]+/)?.[0];
  expect(link).toBeTruthy();

  await prefer(page, { locale: 'fr', theme: 'dark' });
  await page.goto(link!);
  const status = page.getByTestId('unsubscribe-status');
  await expect(status).toHaveAttribute('data-state', 'unsubscribed');
  await expect(status).toContainText(text('fr', 'engagement.unsubscribe.unsubscribed_title'));
  await expect(page.getByTestId('mail-switch-sales_digest')).not.toBeChecked();
  await expect(page.getByTestId('mail-switch-announcements')).toBeChecked();

  // Both partners sell again; the one still subscribed gets the next digest, the other none.
  await sell(request, seller.code);
  await sell(request, control.code);
  await expect.poll(async () => (await digestsTo(control.email)).length, { timeout: 30_000 }).toBe(1);
  // The seller's sale was notified first, so its window was queued with the control's or before;
  // a send round more and it would be here.
  await page.waitForTimeout(4_000);
  expect(await digestsTo(seller.email)).toHaveLength(1);

  // The page's undo switches it back on.
  await page.getByTestId('unsubscribe-undo').click();
  await expect(status).toHaveAttribute('data-state', 'resubscribed');
  await expect(page.getByTestId('mail-switch-sales_digest')).toBeChecked();
});

test('an unknown unsubscribe link says so, in English', async ({ page }) => {
  await prefer(page, { locale: 'en', theme: 'light' });
  await page.goto(`/unsubscribe?token=${'A'.repeat(43)}`);
  await expect(page.getByTestId('unsubscribe-status')).toHaveAttribute('data-state', 'invalid');
  await expect(page.getByTestId('unsubscribe-status')).toContainText(
    text('en', 'engagement.unsubscribe.invalid_title'),
  );
});
