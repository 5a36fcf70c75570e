// The audit log (issue 13, decisions §11): a manager's changes made in the back office are listed
// with who, when and what, and each opens to its before and after. The changes are the test's
// own: a custom notification to a partner registered here (no other partner's bell moves), and a
// promotion dated far in the future (no partner sees it), deleted again.
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { prefer, publicClient, registerPartner, staffPage, text } from './support';

const MANAGER = { email: 'demo.manager@sunbite.example', password: 'sunny-demo-manager' };
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** The manager's staff bearer, as the back office's sign-in gets it. */
async function managerHeaders(request: APIRequestContext) {
  const answer = await request.post('/api/manager/auth/get_token', {
    headers: { authorization: `Bearer ${await publicClient(request)}` },
    data: MANAGER,
  });
  expect(answer.ok()).toBe(true);
  return { authorization: `Bearer ${((await answer.json()) as { token: string }).token}` };
}

test('a manager’s notification, sent and edited in the back office, is in the audit log with before and after', async ({
  browser,
  request,
}) => {
  const partner = await registerPartner(request);
  const first = `Your sample box ${unique()}`;
  const second = `${first}, shipping Monday`;

  const staff = await staffPage(browser, MANAGER, 'en');
  await staff.setViewportSize({ width: 1280, height: 900 });
  await staff.goto('/manager/notifications');
  await staff.getByTestId('recipient-one').check();
  await staff.getByTestId('recipient-partner').fill(partner.email);
  await staff.getByTestId('message-en-title').fill(first);
  await staff.getByTestId('message-en-body').fill('Thanks for posting with your code.');
  await staff.getByTestId('compose-send').click();
  const row = staff.getByTestId('message-row').filter({ hasText: first });
  await expect(row).toBeVisible();
  await row.getByTestId('message-edit-open').click();
  const dialog = staff.getByRole('dialog');
  await dialog.getByTestId('message-en-title').fill(second);
  await dialog.getByTestId('message-edit-save').click();
  await expect(dialog).toBeHidden();

  // The audit log, from the navigation, narrowed to custom notifications.
  await staff.getByTestId('manager-nav-audit').first().click();
  await expect(
    staff.getByRole('heading', { level: 1, name: text('en', 'titles.manager_audit') }),
  ).toBeVisible();
  await staff.getByLabel('Item', { exact: true }).selectOption('custom');
  await expect(staff).toHaveURL(/[?&]entity=custom(&|$)/);
  const lines = staff.getByTestId('audit-row');
  const edited = lines.filter({ hasText: 'Notification edited' }).first();
  await expect(edited).toContainText('Alex Manager');
  await expect(edited).toContainText('Custom notification #');
  // The partner it went to, linked to their page.
  await expect(edited.getByRole('link', { name: 'Open the page of Test Partner' })).toHaveAttribute(
    'href',
    /^\/manager\/partners\/[0-9a-f-]{36}$/,
  );
  await edited.getByRole('button', { name: 'Show changes' }).click();
  const diff = staff.getByTestId('audit-diff');
  const changed = diff.getByTestId('diff-row').filter({ hasText: 'content › en › title' });
  await expect(changed).toHaveAttribute('data-kind', 'changed');
  await expect(changed).toContainText(first);
  await expect(changed).toContainText(second);

  // The item's whole history: the sending, then the edit.
  await staff.getByRole('button', { name: 'History of this item' }).click();
  await expect(staff).toHaveURL(/[?&]entity_id=\d+/);
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('Notification edited');
  await expect(lines.nth(1)).toContainText('Notification sent');
  await lines.nth(1).getByRole('button', { name: 'Show changes' }).click();
  // Both lines are open now; the sending's comes second.
  const sent = staff.getByTestId('audit-diff').last();
  await expect(sent).toContainText('Values when created');
  await expect(sent).toContainText(first);
  await staff.close();
});

test('in French and dark, on a phone: a promotion’s edit reads as before and after', async ({
  browser,
  request,
}) => {
  const headers = await managerHeaders(request);
  const title = `Soldes d’hiver ${unique()}`;
  const body = {
    content: { fr: { title, body: 'Vingt pour cent de rabais.' } },
    product: null,
    starts_on: '2098-01-01',
    ends_on: '2098-01-31',
  };
  const created = await request.post('/api/manager/promotions', { headers, data: body });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  try {
    expect(
      (
        await request.patch(`/api/manager/promotions/${id}`, {
          headers,
          data: { ...body, ends_on: '2098-02-15' },
        })
      ).ok(),
    ).toBe(true);

    const staff = await staffPage(browser, MANAGER, 'fr');
    await prefer(staff, { locale: 'fr', theme: 'dark' });
    await staff.setViewportSize({ width: 390, height: 844 });
    await staff.goto(`/manager/audit?entity=promotion&entity_id=${id}`);
    await expect(staff.getByRole('heading', { level: 1, name: 'Journal d’audit' })).toBeVisible();
    await expect(staff.locator('html')).toHaveClass(/dark/);
    const lines = staff.getByTestId('audit-row');
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0)).toContainText('Promotion modifiée');
    await expect(lines.nth(1)).toContainText('Promotion créée');
    await expect(staff.getByTestId('audit-item-filter')).toContainText(`Seulement Promotion n°\u00a0${id}`);
    await lines.nth(0).getByRole('button', { name: 'Voir les modifications' }).click();
    const changed = staff.getByTestId('diff-row').filter({ hasText: 'ends_on' });
    await expect(changed).toHaveAttribute('data-kind', 'changed');
    await expect(changed).toContainText('Avant2098-01-31');
    await expect(changed).toContainText('Après2098-02-15');
    await staff.close();
  } finally {
    await request.delete(`/api/manager/promotions/${id}`, { headers });
  }
});
