// Staff two-factor sign-in (issue 13, docs/decisions/035-staff-totp.md): a manager sets up an
// authenticator from the Security page (the test is the app: it computes the codes from the key
// shown for typing by hand), signs out, signs in with the password and a code, finds the set-up in
// the audit log, and a replay of that same code is refused. In English, light, on a desktop (the
// header's Security link and Sign out), and in French, dark, on a phone (both in the drawer). Each
// variant's manager is its own (invited by the demo admin, in the variant's language), so the demo
// accounts other specs sign in with keep signing in with their password alone.
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { base32Decode, totp } from '../server/modules/staff-totp/totp';
import { mailedToken, pageAs, publicClient } from './support';
import {
  FLOW_TIMEOUT,
  expectAudited,
  expectSeenAs,
  openMenu,
  press,
  say,
  uniqueTo,
  VARIANTS,
  type Variant,
} from './variants';

const ADMIN = { email: 'demo.admin@sunbite.example', password: 'sunny-demo-admin' };

async function staffToken(
  request: APIRequestContext,
  who: { email: string; password: string },
): Promise<string> {
  const res = await request.post('/api/manager/auth/get_token', {
    headers: { authorization: `Bearer ${await publicClient(request)}` },
    data: who,
  });
  expect(res.ok()).toBe(true);
  return (await res.json()).token;
}

/** A manager of the test's own: invited by the admin, the password set from the mailed link. */
async function newManager(request: APIRequestContext, variant: Variant) {
  const unique = uniqueTo(variant).toLowerCase();
  const who = {
    email: `manager.${unique}@staff.example`,
    password: `totp-manager-${unique}`,
    name: `Tess Otp ${unique}`,
  };
  const admin = await staffToken(request, ADMIN);
  const invited = await request.post('/api/manager/staff', {
    headers: { authorization: `Bearer ${admin}` },
    data: { email: who.email, name: who.name, role: 'manager', locale: variant.locale },
  });
  expect(invited.status()).toBe(201);
  const token = await mailedToken(who.email, 'manager/invite');
  const accepted = await request.post('/api/manager/auth/accept_invite', {
    headers: { authorization: `Bearer ${await publicClient(request)}` },
    data: { token, password: who.password, password_confirmation: who.password },
  });
  expect(accepted.ok()).toBe(true);
  return { ...who, id: ((await invited.json()) as { data: { id: number } }).data.id };
}

async function signInWithPassword(page: Page, variant: Variant, who: { email: string; password: string }) {
  if (!page.url().endsWith('/manager/login')) await page.goto('/manager/login');
  await page.getByTestId('manager-email').fill(who.email);
  await page.getByTestId('manager-password').fill(who.password);
  await press(variant, page.getByTestId('manager-login-submit'));
}

/** Signed in: the name in the header on a desktop, at the top of the drawer on a phone. */
async function expectSignedInAs(page: Page, variant: Variant, name: string) {
  if (!variant.phone) return expect(page.getByTestId('staff-name')).toHaveText(name);
  const menu = await openMenu(page, variant);
  await expect(menu).toContainText(name);
  await press(variant, menu.getByRole('button', { name: say(variant, 'manager.shell.close_menu') }));
  await expect(menu).toBeHidden();
}

/** Signs out from the header on a desktop, from the drawer on a phone. */
async function signOut(page: Page, variant: Variant) {
  if (variant.phone) {
    const menu = await openMenu(page, variant);
    await press(variant, menu.getByRole('button', { name: say(variant, 'manager.sign_out') }));
  } else await page.getByTestId('manager-sign-out').click();
  await expect(page).toHaveURL(/\/manager\/login$/);
}

for (const variant of VARIANTS) {
  test(`a manager turns on two-factor sign-in, signs in with a code, and the same code is refused again (${variant.name})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(FLOW_TIMEOUT);
    const manager = await newManager(request, variant);
    const page = await pageAs(browser, variant);

    // Signed in with the password alone, the manager opens Security (the header's link, the drawer's).
    await signInWithPassword(page, variant, manager);
    await expectSignedInAs(page, variant, manager.name);
    await expectSeenAs(page, variant);
    if (variant.phone)
      await press(variant, (await openMenu(page, variant)).getByTestId('manager-drawer-security'));
    else await page.getByTestId('manager-security-link').click();
    await expect(page).toHaveURL(/\/manager\/security$/);
    await expect(
      page.getByRole('heading', { level: 1, name: say(variant, 'titles.manager_security') }),
    ).toBeVisible();
    await expect(page.getByTestId('totp-status')).toHaveText(say(variant, 'manager.security.totp.off'));

    // The set-up: a QR code, and the same key to type by hand, which the test's "app" reads.
    await press(variant, page.getByTestId('totp-start'));
    await expect(page.getByTestId('totp-qr')).toBeVisible();
    const key = (await page.getByTestId('totp-manual-key').textContent())!.replace(/\s/g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    const secret = base32Decode(key)!;
    await page.getByTestId('totp-confirm-code').fill(totp(secret, new Date()));
    await press(variant, page.getByTestId('totp-confirm-submit'));

    // Ten recovery codes, shown once.
    const codes = page
      .getByRole('list', { name: say(variant, 'manager.security.recovery.list_label') })
      .getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await press(variant, page.getByTestId('recovery-codes-done'));
    await expect(page.getByTestId('totp-status')).toHaveText(say(variant, 'manager.security.totp.on'));
    await expect(page.getByTestId('totp-codes-left')).toHaveText(
      say(variant, 'manager.security.recovery.left_other', { count: '10' }),
    );

    // Signed out, the password alone no longer opens the back office: the code is asked next.
    await signOut(page, variant);
    await signInWithPassword(page, variant, manager);
    await expect(
      page.getByRole('heading', { level: 1, name: say(variant, 'manager.two_factor.title') }),
    ).toBeVisible();
    // The step the set-up's code used is spent: the app's next code (within the window) is new.
    const code = totp(secret, new Date(), 1);
    await page.getByTestId('manager-two-factor-code').fill(code);
    await press(variant, page.getByTestId('manager-two-factor-submit'));
    await expectSignedInAs(page, variant, manager.name);
    await expect(page).not.toHaveURL(/\/login/);

    // The audit log has the set-up, after the invitation and its acceptance.
    await expectAudited(page, variant, { entity: 'staff', id: manager.id }, [
      'staff.totp_enable',
      'staff.accept_invite',
      'staff.invite',
    ]);

    // The same code once more, after a new right password: refused, and no session.
    await signOut(page, variant);
    await signInWithPassword(page, variant, manager);
    await page.getByTestId('manager-two-factor-code').fill(code);
    await press(variant, page.getByTestId('manager-two-factor-submit'));
    await expect(page.getByText(say(variant, 'api.two_factor.wrong_code'))).toBeVisible();
    await expect(page).toHaveURL(/\/manager\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('manager_token'))).toBeNull();

    await page.close();
  });
}
