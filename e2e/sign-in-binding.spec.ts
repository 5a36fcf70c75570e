// Sign-in that cannot be forced on someone (issue 31, items 1 and 2): a Facebook callback link
// made in the attacker's browser signs nobody in elsewhere, while the same flow works in the
// browser that started it; a sign-in link opened while another partner is signed in asks first,
// and continuing ends the replaced session on the server. Two browser contexts each.
import { expect, test } from '@playwright/test';
import type { BrowserContext } from '@playwright/test';
import type { Locale } from '../common/i18n';
import { E2E_META } from './meta-settings';
import { apiToken, DESKTOP, PHONE, prefer, publicClient, registerPartner, signedIn, text } from './support';

const STAND_IN = `http://127.0.0.1:${E2E_META.port}`;

/** The person signed in at the Facebook stand-in in this browser (its consent gives this address). */
async function signedInAtFacebook(context: BrowserContext, email: string) {
  await context.addCookies([{ name: 'stand_in_email', value: encodeURIComponent(email), url: STAND_IN }]);
}

for (const [locale, theme, phone] of [
  ['en', 'light', false],
  ['fr', 'dark', true],
] as const satisfies [Locale, 'light' | 'dark', boolean][]) {
  test(`a Facebook callback link from another browser signs nobody in; in its own browser it does (${locale}, ${theme})`, async ({
    browser,
    request,
  }) => {
    const attacker = await registerPartner(request, { first_name: 'Mallory' });

    // The attacker starts a sign-in outside any browser of the victim's and consents as themself.
    const started = await request.get('/api/auth/getFacebook', {
      headers: { authorization: `Bearer ${await publicClient(request)}`, 'x-flow-binding': 'M'.repeat(43) },
    });
    expect(started.status()).toBe(200);
    const consent = await request.get((await started.json()).data.url, {
      headers: { cookie: `stand_in_email=${encodeURIComponent(attacker.email)}` },
      maxRedirects: 0,
    });
    const callback = consent.headers().location!;
    expect(callback).toContain('/facebook_callback?code=');

    // The victim opens the link: a clear message, no session.
    const victim = await browser.newContext(phone ? PHONE : DESKTOP);
    const victimPage = await victim.newPage();
    await prefer(victimPage, { locale, theme });
    await victimPage.goto(new URL(callback).pathname + new URL(callback).search);
    await expect(victimPage.getByTestId('social-callback-message')).toHaveText(
      text(locale, 'api.oauth_state'),
    );
    expect(await victimPage.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await victimPage.goto('/account');
    await expect(victimPage).toHaveURL(/\/login$/);
    await victim.close();

    // The same flow in the attacker's own browser, through the buttons: signed in.
    const own = await browser.newContext(phone ? PHONE : DESKTOP);
    await signedInAtFacebook(own, attacker.email);
    const ownPage = await own.newPage();
    await prefer(ownPage, { locale, theme });
    await ownPage.goto('/login');
    await ownPage.getByRole('button', { name: text(locale, 'social.continue_facebook') }).click();
    await ownPage.waitForURL(/\/account\/?$/);
    await expect(ownPage.getByRole('link', { name: new RegExp('Mallory') }).first()).toBeVisible();
    await own.close();
  });

  test(`a sign-in link opened while another partner is signed in asks first, and continuing ends that session (${locale}, ${theme})`, async ({
    browser,
    request,
  }) => {
    const maya = await registerPartner(request, { first_name: 'Maya' });
    const leo = await registerPartner(request, { first_name: 'Leo' });
    const context = await browser.newContext(phone ? PHONE : DESKTOP);
    const page = await context.newPage();
    await prefer(page, { locale, theme });
    const mayaSession = await signedIn(page, request, maya);
    const link = (await apiToken(request, leo.email, leo.password)).token;

    // Staying keeps Maya's session as it was.
    await page.goto(`/account?token=${link}`);
    await expect(page).toHaveURL(/\/switch_account\?token=/);
    await expect(page.getByTestId('switch-current')).toContainText('Maya Partner');
    await expect(page.getByTestId('switch-next')).toContainText('Leo Partner');
    await page
      .getByRole('button', { name: text(locale, 'switch_account.stay', { name: 'Maya Partner' }) })
      .click();
    await page.waitForURL(/\/account\/$/);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('auth_token')!).token)).toBe(
      mayaSession.token,
    );

    // Continuing: Leo's account here, Maya's token refused by the server from now on.
    await page.goto(`/account?token=${link}`);
    await page
      .getByRole('button', { name: text(locale, 'switch_account.continue', { name: 'Leo Partner' }) })
      .click();
    await page.waitForURL(/\/account\/$/);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('auth_token')!).token)).toBe(link);
    await expect(page.getByRole('link', { name: /Leo/ }).first()).toBeVisible();
    expect(
      (await request.get('/api/get', { headers: { authorization: `Bearer ${mayaSession.token}` } })).status(),
    ).toBe(401);
    expect((await request.get('/api/get', { headers: { authorization: `Bearer ${link}` } })).status()).toBe(
      200,
    );
    await context.close();
  });
}
