// Staff accounts (issue 13): an admin invites a reviewer from the back office; the reviewer opens
// the mailed link (in the language the admin chose), chooses a password, lands in the back office
// signed in, and sees only what a reviewer may (Payouts and Partners, no Staff, no Settings). The
// link works once; the password signs in after; the audit log has the invitation and its
// acceptance. In English, light, on a desktop, and in French, dark, on a phone (the drawer, cards),
// each variant with a reviewer of its own.
import { expect, test } from '@playwright/test';
import { mailedLink, mailsTo, pageAs, programName, staffPage, text } from './support';
import {
  FLOW_TIMEOUT,
  expectAudited,
  expectSeenAs,
  openMenu,
  openSection,
  press,
  say,
  uniqueTo,
  VARIANTS,
} from './variants';

const ADMIN = { email: 'demo.admin@sunbite.example', password: 'sunny-demo-admin' };

for (const variant of VARIANTS) {
  test(`an admin invites a reviewer, who signs up from the mailed link and sees only a reviewer’s sections (${variant.name})`, async ({
    browser,
  }) => {
    test.setTimeout(FLOW_TIMEOUT);
    const unique = uniqueTo(variant).toLowerCase();
    const email = `reviewer.${unique}@staff.example`;
    const name = `Rae Viewer ${unique}`;
    const password = `rae-viewer-${unique}`;

    const admin = await staffPage(browser, ADMIN, variant);
    await expectSeenAs(admin, variant);
    await openSection(admin, variant, 'staff');
    await expect(
      admin.getByRole('heading', { level: 1, name: say(variant, 'titles.manager_staff') }),
    ).toBeVisible();
    await press(variant, admin.getByTestId('staff-invite-open'));
    const dialog = admin.getByRole('dialog', { name: say(variant, 'manager.staff.invite.title') });
    await dialog.getByTestId('staff-invite-name').fill(name);
    await dialog.getByTestId('staff-invite-email').fill(email);
    await dialog.getByTestId('staff-invite-role').selectOption('reviewer');
    await dialog.getByTestId('staff-invite-locale').selectOption(variant.locale);
    const [invited] = await Promise.all([
      admin.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/manager/staff')),
      press(variant, dialog.getByTestId('staff-invite-submit')),
    ]);
    const staffId = ((await invited.json()) as { data: { id: number } }).data.id;
    await expect(admin.getByText(say(variant, 'manager.staff.invite.sent', { email }))).toBeVisible();
    const row = admin.getByTestId('staff-row').filter({ hasText: name });
    await expect(row.getByTestId('staff-status')).toHaveText(say(variant, 'manager.staff.statuses.invited'));

    // The mail, in the language the admin chose, with its single-use link.
    await expect.poll(async () => (await mailsTo(email)).length).toBe(1);
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe(
      text(variant.locale, 'staff_invite.subject', { program: programName }, 'mail'),
    );
    const link = await mailedLink(email, 'manager/invite');

    const reviewer = await pageAs(browser, variant);
    await reviewer.goto(link);
    await expect(reviewer.getByTestId('invite-lead')).toHaveText(
      say(variant, 'manager.invite.lead', { name, role: say(variant, 'manager.roles.reviewer') }),
    );
    await expect(reviewer.getByTestId('invite-email')).toHaveText(email);
    await reviewer.getByTestId('invite-password').fill(password);
    await reviewer.getByTestId('invite-password-confirmation').fill(password);
    await press(variant, reviewer.getByTestId('invite-submit'));

    // Signed in, in the back office: what a reviewer may open, and nothing more.
    await expect(reviewer).toHaveURL(/\/manager\/overview$/);
    await expect(
      reviewer.getByRole('heading', { level: 1, name: say(variant, 'titles.manager_overview') }),
    ).toBeVisible();
    await expectSeenAs(reviewer, variant);
    const menu = await openMenu(reviewer, variant);
    const nav = menu.getByRole('navigation', { name: say(variant, 'manager.shell.nav_label') });
    await expect(
      nav.getByRole('link', { name: say(variant, 'manager.sections.payouts'), exact: true }),
    ).toBeVisible();
    await expect(
      nav.getByRole('link', { name: say(variant, 'manager.sections.partners'), exact: true }),
    ).toBeVisible();
    await expect(
      nav.getByRole('link', { name: say(variant, 'manager.sections.staff'), exact: true }),
    ).toHaveCount(0);
    await expect(
      nav.getByRole('link', { name: say(variant, 'manager.sections.settings'), exact: true }),
    ).toHaveCount(0);
    await reviewer.goto('/manager/staff');
    await expect(reviewer.getByTestId('manager-forbidden')).toContainText(
      say(variant, 'manager.roles.admin'),
    );

    // The link works once.
    await reviewer.goto(link);
    await expect(reviewer.getByTestId('invite-refused')).toContainText(say(variant, 'api.staff.invite_used'));

    // The new password signs in from the staff sign-in too.
    await reviewer.evaluate(() => localStorage.removeItem('manager_token'));
    await reviewer.goto('/manager/login');
    await reviewer.getByTestId('manager-email').fill(email);
    await reviewer.getByTestId('manager-password').fill(password);
    await press(variant, reviewer.getByTestId('manager-login-submit'));
    await expect(reviewer).toHaveURL(/\/manager\/overview$/);
    await reviewer.close();

    // The admin's list shows the reviewer active; the audit log, the invitation and its acceptance.
    await admin.reload();
    await expect(row.getByTestId('staff-status')).toHaveText(say(variant, 'manager.staff.statuses.active'));
    await expectAudited(admin, variant, { entity: 'staff', id: staffId }, [
      'staff.accept_invite',
      'staff.invite',
    ]);
    await admin.close();
  });
}
