// Money details changed only by their owner, who hears about it (issue 31 item 3,
// docs/decisions/063-account-changes.md), in the browser: a new PayPal e-mail asks for the current
// password (a wrong one saves nothing), the partner is mailed in their language, replacing the
// address holds cash-out with a date, and staff read the change in the partner's history.
import { expect, test } from '@playwright/test';
import type { Locale } from '../common/i18n';
import {
  DESKTOP,
  mailsTo,
  PHONE,
  prefer,
  publicClient,
  registerPartner,
  signedIn,
  staffPage,
  text,
} from './support';

const ADMIN = { email: 'demo.admin@sunbite.example', password: 'sunny-demo-admin' };

for (const [locale, theme, phone] of [
  ['en', 'light', false],
  ['fr', 'dark', true],
] as const satisfies [Locale, 'light' | 'dark', boolean][]) {
  test(`a new PayPal e-mail needs the password, is mailed, holds cash-out and shows in the history (${locale}, ${theme})`, async ({
    browser,
    request,
  }) => {
    const partner = await registerPartner(request, { first_name: 'Payton', locale });
    const context = await browser.newContext(phone ? PHONE : DESKTOP);
    const page = await context.newPage();
    await prefer(page, { locale, theme });
    await signedIn(page, request, partner);

    const setPaypal = async (address: string, password: string) => {
      await page.goto('/account/profile#paypal_email');
      const form = page.getByTestId('profile-form');
      await form.getByTestId('profile-paypal_email').fill(address);
      await form.getByTestId('profile-current-password').fill(password);
      await form.getByTestId('profile-save').click();
    };

    // A wrong password: refused at its field, nothing saved.
    await setPaypal('first.paypal@example.com', 'not-my-password');
    await expect(
      page.getByTestId('profile-form').getByText(text(locale, 'api.current_password_wrong')),
    ).toBeVisible();
    // The right one: saved, and the partner is mailed in their language.
    await setPaypal('first.paypal@example.com', partner.password);
    await expect(page.getByText(text(locale, 'settings.saved'))).toBeVisible();
    const changed = text(locale, 'account_change.paypal_email.subject', {}, 'mail');
    await expect
      .poll(async () => (await mailsTo(partner.email)).filter((m) => m.subject === changed).length, {
        timeout: 15_000,
      })
      .toBe(1);
    // A first address holds nothing; replacing it holds cash-out, with the date.
    await setPaypal('second.paypal@example.com', partner.password);
    // The first save's toast may still be showing beside the second's (the form stays on the
    // page); the second mail below proves this save.
    await expect(page.getByText(text(locale, 'settings.saved')).last()).toBeVisible();
    await expect
      .poll(async () => (await mailsTo(partner.email)).filter((m) => m.subject === changed).length, {
        timeout: 15_000,
      })
      .toBe(2);
    const mail = (await mailsTo(partner.email)).filter((m) => m.subject === changed).at(-1)!;
    expect(mail.text).toContain('s…@e….com');
    expect(mail.text).toContain(text(locale, 'account_change.hold', {}, 'mail'));
    await page.goto('/account/cashout');
    // The sentence up to its date (the date itself is the browser's rendering of the server's time).
    const held = text(locale, 'cashout.blockers.paypal_email_recent', { date: '\u0000' }).split('\u0000')[0]!;
    await expect(page.getByTestId('cashout-blocker-paypal_email_recent')).toContainText(held);
    await context.close();

    // Staff read it in the partner's history: who (the partner), what, before and after.
    const staffToken = (
      await (
        await request.post('/api/manager/auth/get_token', {
          headers: { authorization: `Bearer ${await publicClient(request)}` },
          data: ADMIN,
        })
      ).json()
    ).token as string;
    const found = await request.get(`/api/manager/partners?q=${encodeURIComponent(partner.email)}`, {
      headers: { authorization: `Bearer ${staffToken}` },
    });
    const uuid = (await found.json()).data[0].uuid as string;
    const staff = await staffPage(browser, ADMIN, { locale, theme, phone });
    await staff.goto(`/manager/partners/${uuid}`);
    const line = staff
      .getByTestId('audit-line')
      .filter({ hasText: text(locale, 'manager.audit.actions.account.paypal_email') })
      .first();
    await line.scrollIntoViewIfNeeded();
    await expect(line).toContainText(text(locale, 'manager.partners.detail.audit.the_partner'));
    const diffRow = line.locator('[data-testid="diff-row"][data-kind="changed"]');
    await expect(diffRow).toHaveCount(1);
    await expect(diffRow).toContainText('paypal_email');
    await expect(diffRow).toContainText('first.paypal@example.com');
    await expect(diffRow).toContainText('second.paypal@example.com');
    await staff.context().close();
  });
}
