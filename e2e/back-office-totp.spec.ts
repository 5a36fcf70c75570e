// Staff two-factor sign-in (issue 13, docs/decisions/035-staff-totp.md): a manager sets up an
// authenticator from the Security page (the test is the app: it computes the codes from the key
// shown for typing by hand), signs out, signs in with the password and a code, and a replay of
// that same code is refused. The manager is one of the test's own (invited by the demo admin), so
// the demo accounts other specs sign in with keep signing in with their password alone.
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { base32Decode, totp } from '../server/modules/staff-totp/totp';
import { mailedToken, prefer, publicClient } from './support';

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
async function newManager(request: APIRequestContext) {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const who = {
    email: `manager.${unique}@staff.example`,
    password: `totp-manager-${unique}`,
    name: `Tess Otp ${unique}`,
  };
  const admin = await staffToken(request, ADMIN);
  const invited = await request.post('/api/manager/staff', {
    headers: { authorization: `Bearer ${admin}` },
    data: { email: who.email, name: who.name, role: 'manager', locale: 'en' },
  });
  expect(invited.status()).toBe(201);
  const token = await mailedToken(who.email, 'manager/invite');
  const accepted = await request.post('/api/manager/auth/accept_invite', {
    headers: { authorization: `Bearer ${await publicClient(request)}` },
    data: { token, password: who.password, password_confirmation: who.password },
  });
  expect(accepted.ok()).toBe(true);
  return who;
}

async function signInWithPassword(page: Page, who: { email: string; password: string }) {
  await page.goto('/manager/login');
  await page.getByTestId('manager-email').fill(who.email);
  await page.getByTestId('manager-password').fill(who.password);
  await page.getByTestId('manager-login-submit').click();
}

test('a manager turns on two-factor sign-in, signs in with a code, and the same code is refused again', async ({
  browser,
  request,
}) => {
  const manager = await newManager(request);
  const page = await browser.newPage();
  await prefer(page, { locale: 'en' });

  // Signed in with the password alone, the manager opens Security from the header.
  await signInWithPassword(page, manager);
  await expect(page.getByTestId('staff-name')).toHaveText(manager.name);
  await page.getByTestId('manager-security-link').click();
  await expect(page).toHaveURL(/\/manager\/security$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  await expect(page.getByTestId('totp-status')).toHaveText('Off');

  // The set-up: a QR code, and the same key to type by hand, which the test's "app" reads.
  await page.getByTestId('totp-start').click();
  await expect(page.getByTestId('totp-qr')).toBeVisible();
  const key = (await page.getByTestId('totp-manual-key').textContent())!.replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  const secret = base32Decode(key)!;
  await page.getByTestId('totp-confirm-code').fill(totp(secret, new Date()));
  await page.getByTestId('totp-confirm-submit').click();

  // Ten recovery codes, shown once.
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await page.getByTestId('recovery-codes-done').click();
  await expect(page.getByTestId('totp-status')).toHaveText('On');
  await expect(page.getByTestId('totp-codes-left')).toHaveText('10 recovery codes left');

  // Signed out, the password alone no longer opens the back office: the code is asked next.
  await page.getByTestId('manager-sign-out').click();
  await expect(page).toHaveURL(/\/manager\/login$/);
  await signInWithPassword(page, manager);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeVisible();
  // The step the set-up's code used is spent: the app's next code (within the window) is new.
  const code = totp(secret, new Date(), 1);
  await page.getByTestId('manager-two-factor-code').fill(code);
  await page.getByTestId('manager-two-factor-submit').click();
  await expect(page.getByTestId('staff-name')).toHaveText(manager.name);
  await expect(page).not.toHaveURL(/\/login/);

  // The same code once more, after a new right password: refused, and no session.
  await page.getByTestId('manager-sign-out').click();
  await signInWithPassword(page, manager);
  await page.getByTestId('manager-two-factor-code').fill(code);
  await page.getByTestId('manager-two-factor-submit').click();
  await expect(
    page.getByText(
      'This code is not right. Enter the current code from your authenticator app, or an unused recovery code.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/manager\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('manager_token'))).toBeNull();

  await page.close();
});
