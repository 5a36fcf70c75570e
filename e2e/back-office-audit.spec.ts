// The audit log (issue 13, docs/product/back-office.md#audit-log): a manager's changes made in the back office are listed
// with who, when and what, and each opens to its before and after, in English, light, on a desktop
// and in French, dark, on a phone. The changes are each variant's own: a custom notification
// (written in the variant's language) to a partner registered for it (no other partner's bell
// moves), and a promotion dated far in the future (no partner sees it), deleted again. The other
// flows of issue 13 (back-office-*.spec.ts) each end by finding their own changes in this log.
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { publicClient, registerPartner, staffPage } from './support';
import { expectSeenAs, FLOW_TIMEOUT, openSection, press, say, uniqueTo, VARIANTS } from './variants';

const MANAGER = { email: 'demo.manager@sunbite.example', password: 'sunny-demo-manager' };

/** The manager's staff bearer, as the back office's sign-in gets it. */
async function managerHeaders(request: APIRequestContext) {
  const answer = await request.post('/api/manager/auth/get_token', {
    headers: { authorization: `Bearer ${await publicClient(request)}` },
    data: MANAGER,
  });
  expect(answer.ok()).toBe(true);
  return { authorization: `Bearer ${((await answer.json()) as { token: string }).token}` };
}

for (const variant of VARIANTS) {
  test(`a manager’s notification, sent and edited in the back office, is in the audit log with before and after (${variant.name})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(FLOW_TIMEOUT);
    const unique = uniqueTo(variant);
    const partnerName = `Audit ${unique}`;
    const partner = await registerPartner(request, {
      first_name: 'Audit',
      last_name: unique,
      locale: variant.locale,
    });
    const first = `${say(variant, 'titles.manager_notifications')} ${unique}`;
    const second = `${first} (2)`;
    const lang = variant.locale;

    const staff = await staffPage(browser, MANAGER, variant);
    await expectSeenAs(staff, variant);
    await openSection(staff, variant, 'notifications');
    await press(variant, staff.getByTestId('recipient-one'));
    await staff.getByTestId('recipient-partner').fill(partner.email);
    await staff.getByTestId(`message-${lang}-title`).fill(first);
    await staff.getByTestId(`message-${lang}-body`).fill(`${unique}: 🌞`);
    await press(variant, staff.getByTestId('compose-send'));
    const row = staff.getByTestId('message-row').filter({ hasText: first });
    await expect(row).toBeVisible();
    await press(variant, row.getByTestId('message-edit-open'));
    const dialog = staff.getByRole('dialog');
    await dialog.getByTestId(`message-${lang}-title`).fill(second);
    await press(variant, dialog.getByTestId('message-edit-save'));
    await expect(dialog).toBeHidden();

    // The audit log, from the navigation, narrowed to custom notifications.
    await openSection(staff, variant, 'audit');
    await expect(
      staff.getByRole('heading', { level: 1, name: say(variant, 'titles.manager_audit') }),
    ).toBeVisible();
    await staff.getByLabel(say(variant, 'manager.audit.entity'), { exact: true }).selectOption('custom');
    await expect(staff).toHaveURL(/[?&]entity=custom(&|$)/);
    const lines = staff.getByTestId('audit-row');
    // This variant's edit: the one that names its partner.
    const edited = lines
      .filter({ hasText: say(variant, 'manager.audit.actions.custom.update') })
      .filter({ hasText: partnerName });
    await expect(edited).toHaveCount(1);
    await expect(edited).toContainText('Alex Manager');
    await expect(edited).toContainText(
      say(variant, 'manager.audit.item_number', {
        entity: say(variant, 'manager.audit.entities.custom'),
        id: '',
      }).trim(),
    );
    // The partner it went to, linked to their page.
    await expect(
      edited.getByRole('link', { name: say(variant, 'manager.audit.open_partner', { name: partnerName }) }),
    ).toHaveAttribute('href', /^\/manager\/partners\/[0-9a-f-]{36}$/);
    await press(variant, edited.getByRole('button', { name: say(variant, 'manager.audit.show_changes') }));
    const diff = staff.getByTestId('audit-diff');
    const changed = diff.getByTestId('diff-row').filter({ hasText: `content › ${lang} › title` });
    await expect(changed).toHaveAttribute('data-kind', 'changed');
    await expect(changed).toContainText(first);
    await expect(changed).toContainText(second);

    // The item's whole history: the sending, then the edit.
    await press(variant, staff.getByRole('button', { name: say(variant, 'manager.audit.item_history') }));
    await expect(staff).toHaveURL(/[?&]entity_id=\d+/);
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0)).toContainText(say(variant, 'manager.audit.actions.custom.update'));
    await expect(lines.nth(1)).toContainText(say(variant, 'manager.audit.actions.custom.create'));
    await press(
      variant,
      lines.nth(1).getByRole('button', { name: say(variant, 'manager.audit.show_changes') }),
    );
    // Both lines are open now; the sending's comes second.
    const sent = staff.getByTestId('audit-diff').last();
    await expect(sent).toContainText(say(variant, 'manager.audit.diff.created'));
    await expect(sent).toContainText(first);
    await staff.close();
  });

  test(`a promotion’s edit reads as before and after (${variant.name})`, async ({ browser, request }) => {
    const headers = await managerHeaders(request);
    const title = `${say(variant, 'manager.audit.entities.promotion')} ${uniqueTo(variant)}`;
    const body = {
      content: { [variant.locale]: { title, body: title } },
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

      const staff = await staffPage(browser, MANAGER, variant);
      await staff.goto(`/manager/audit?entity=promotion&entity_id=${id}`);
      await expect(
        staff.getByRole('heading', { level: 1, name: say(variant, 'titles.manager_audit') }),
      ).toBeVisible();
      await expectSeenAs(staff, variant);
      const lines = staff.getByTestId('audit-row');
      await expect(lines).toHaveCount(2);
      await expect(lines.nth(0)).toContainText(say(variant, 'manager.audit.actions.promotion.update'));
      await expect(lines.nth(1)).toContainText(say(variant, 'manager.audit.actions.promotion.create'));
      const item = say(variant, 'manager.audit.item_number', {
        entity: say(variant, 'manager.audit.entities.promotion'),
        id: String(id),
      });
      await expect(staff.getByTestId('audit-item-filter')).toContainText(
        say(variant, 'manager.audit.only_item', { item }),
      );
      await press(
        variant,
        lines.nth(0).getByRole('button', { name: say(variant, 'manager.audit.show_changes') }),
      );
      const changed = staff.getByTestId('diff-row').filter({ hasText: 'ends_on' });
      await expect(changed).toHaveAttribute('data-kind', 'changed');
      await expect(changed).toContainText(`${say(variant, 'manager.audit.diff.before')}2098-01-31`);
      await expect(changed).toContainText(`${say(variant, 'manager.audit.diff.after')}2098-02-15`);
      await staff.close();
    } finally {
      await request.delete(`/api/manager/promotions/${id}`, { headers });
    }
  });
}
