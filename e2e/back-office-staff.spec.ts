// Staff accounts (issue 13): an admin invites a reviewer from the back office; the reviewer opens
// the mailed link, chooses a password, lands in the back office signed in, and sees only what a
// reviewer may (Payouts, no Staff, no Settings). The link works once; the password signs in after.
import { expect, test } from '@playwright/test';
import { mailedLink, mailsTo, prefer, staffPage, text } from './support';

const ADMIN = { email: 'demo.admin@sunbite.example', password: 'sunny-demo-admin' };

test('an admin invites a reviewer, who signs up from the mailed link and sees only a reviewer’s sections', async ({ browser }) => {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `reviewer.${unique}@staff.example`;
  const name = `Rae Viewer ${unique}`;

  const admin = await staffPage(browser, ADMIN, 'en');
  await admin.getByTestId('manager-nav-staff').first().click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  await admin.getByTestId('staff-invite-open').click();
  const dialog = admin.getByRole('dialog', { name: 'Invite a staff member' });
  await dialog.getByTestId('staff-invite-name').fill(name);
  await dialog.getByTestId('staff-invite-email').fill(email);
  await dialog.getByTestId('staff-invite-role').selectOption('reviewer');
  await dialog.getByTestId('staff-invite-locale').selectOption('fr');
  await dialog.getByTestId('staff-invite-submit').click();
  await expect(admin.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  const row = admin.getByTestId('staff-row').filter({ hasText: name });
  await expect(row.getByTestId('staff-status')).toHaveText('Invited');

  // The mail, in the language the admin chose, with its single-use link.
  await expect.poll(async () => (await mailsTo(email)).length).toBe(1);
  const [mail] = await mailsTo(email);
  expect(mail!.subject).toBe('Invitation à l’administration de Sunbite Partners');
  const link = await mailedLink(email, 'manager/invite');

  const reviewer = await browser.newPage();
  await prefer(reviewer, { locale: 'en' });
  await reviewer.goto(link);
  await expect(reviewer.getByTestId('invite-lead')).toContainText(`${name}, you are invited to the back office with the Reviewer role.`);
  await expect(reviewer.getByTestId('invite-email')).toHaveText(email);
  await reviewer.getByTestId('invite-password').fill('rae-viewer-password');
  await reviewer.getByTestId('invite-password-confirmation').fill('rae-viewer-password');
  await reviewer.getByTestId('invite-submit').click();

  // Signed in, in the back office: what a reviewer may open, and nothing more.
  await expect(reviewer).toHaveURL(/\/manager\/overview$/);
  await expect(reviewer.getByRole('heading', { level: 1, name: text('en', 'titles.manager_overview') })).toBeVisible();
  const nav = reviewer.getByRole('navigation', { name: 'Back-office sections' }).first();
  await expect(nav.getByRole('link', { name: 'Payouts' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Partners' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await reviewer.goto('/manager/staff');
  await expect(reviewer.getByTestId('manager-forbidden')).toContainText('Administrator');

  // The link works once.
  await reviewer.goto(link);
  await expect(reviewer.getByTestId('invite-refused')).toContainText('This invitation has already been used.');

  // The new password signs in from the staff sign-in too.
  await reviewer.evaluate(() => localStorage.removeItem('manager_token'));
  await reviewer.goto('/manager/login');
  await reviewer.getByTestId('manager-email').fill(email);
  await reviewer.getByTestId('manager-password').fill('rae-viewer-password');
  await reviewer.getByTestId('manager-login-submit').click();
  await expect(reviewer).toHaveURL(/\/manager\/overview$/);

  // The admin's list shows the reviewer active, with a last sign-in.
  await admin.reload();
  await expect(row.getByTestId('staff-status')).toHaveText('Active');

  await reviewer.close();
  await admin.close();
});
