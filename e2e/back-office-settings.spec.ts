// Program settings and tiers (issue 13): an admin adds a commission tier, is refused a threshold
// below the tier before it (with the rule's message at the field), saves, sees the table as saved
// after a reload, and finds the change in the audit log: in English, light, on a desktop (a
// table), and in French, dark, on a phone (a card per tier, the drawer). A manager has no Settings
// section. The program's settings are one for the whole server: the two variants run one after
// the other (never side by side), each adds its own tier far above any partner's sales and at the
// top rate, so no other test's commission or program values move, and puts the table back.
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { publicClient, staffPage, text } from './support';
import {
  FLOW_TIMEOUT,
  expectSeenAs,
  formats,
  openSection,
  press,
  say,
  VARIANTS,
  type Variant,
} from './variants';
const ADMIN = { email: 'demo.admin@sunbite.example', password: 'sunny-demo-admin' };
const MANAGER = { email: 'demo.manager@sunbite.example', password: 'sunny-demo-manager' };

/** An admin's staff session, as the back office's sign-in stores it. */
async function adminSession(request: APIRequestContext): Promise<{ token: string; expired: string }> {
  const answer = await request.post('/api/manager/auth/get_token', {
    headers: { authorization: `Bearer ${await publicClient(request)}` },
    data: ADMIN,
  });
  return answer.json();
}

/** A tier's field as its user finds it: by its row's label in the table, inside its card on a phone. */
function tierField(page: Page, variant: Variant, n: number, field: 'min_sales' | 'rate'): Locator {
  const label = say(variant, `manager.settings.tiers.${field}`);
  if (variant.phone)
    return page
      .getByTestId('tiers-cards')
      .getByTestId('tier-row')
      .nth(n - 1)
      .getByLabel(label, { exact: true });
  return page
    .getByTestId('tiers-table')
    .getByLabel(`${say(variant, 'manager.settings.tiers.tier', { n: String(n) })} · ${label}`, {
      exact: true,
    });
}

test.describe('the tier table', () => {
  // One after the other: both change the program's one tier table.
  test.describe.configure({ mode: 'default' });

  for (const [index, variant] of VARIANTS.entries()) {
    test(`an admin adds a commission tier, a bad threshold is refused, and the saved table is there after a reload (${variant.name})`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(FLOW_TIMEOUT);
      const f = formats(variant);
      const session = await adminSession(request);
      const headers = { authorization: `Bearer ${session.token}` };
      const original = (
        (await (await request.get('/api/manager/settings', { headers })).json()) as {
          data: Record<string, unknown> & { tiers: { min_sales: number; rate: number }[] };
        }
      ).data;
      const tiers = original.tiers;
      const top = Math.max(...tiers.map((tier) => tier.rate));
      const last = tiers.at(-1)!.min_sales;
      // The variant's own threshold.
      const threshold = Math.max(100_000 * (index + 1), last + 1 + index);

      try {
        const admin = await staffPage(browser, ADMIN, variant);
        await expectSeenAs(admin, variant);
        await openSection(admin, variant, 'settings');
        await expect(
          admin.getByRole('heading', { level: 1, name: say(variant, 'titles.manager_settings') }),
        ).toBeVisible();
        await expect(admin.getByTestId('settings-applies')).toContainText(
          say(variant, 'manager.settings.applies_title'),
        );
        // A table on a desktop, a card per tier on a phone.
        await expect(admin.getByTestId(variant.phone ? 'tiers-table' : 'tiers-cards')).toHaveCount(0);
        const rows = admin.getByTestId(variant.phone ? 'tiers-cards' : 'tiers-table').getByTestId('tier-row');
        await expect(rows).toHaveCount(tiers.length);

        await press(variant, admin.getByTestId('tier-add'));
        const n = tiers.length + 1;
        const minSales = tierField(admin, variant, n, 'min_sales');
        await expect(minSales).toBeFocused();
        if (variant.phone)
          await expect(
            rows
              .nth(n - 1)
              .getByRole('heading', { name: say(variant, 'manager.settings.tiers.tier', { n: String(n) }) }),
          ).toBeVisible();
        // Below the tier before it: refused with the rule's message, and nothing is sent.
        await minSales.fill(String(Math.max(0, last - 1)));
        await tierField(admin, variant, n, 'rate').fill(String(top));
        let sent = 0;
        admin.on('request', (r) => {
          if (r.method() === 'PUT' && r.url().endsWith('/api/manager/settings')) sent++;
        });
        await press(variant, admin.getByTestId('settings-save'));
        const message = say(variant, 'manager.settings.errors.thresholds_increasing', {
          previous: f.number(last),
        });
        await expect(minSales).toHaveAttribute('aria-invalid', 'true');
        await expect(admin.getByText(message)).toBeVisible();
        await expect(admin.getByTestId('settings-problems')).toHaveText(
          say(variant, 'manager.settings.check_fields'),
        );
        expect(sent).toBe(0);

        await minSales.fill(String(threshold));
        await expect(admin.getByText(message)).toHaveCount(0);
        await press(variant, admin.getByTestId('settings-save'));
        await expect(admin.getByText(say(variant, 'manager.settings.saved'))).toBeVisible();
        expect(sent).toBe(1);

        await admin.reload();
        await expect(rows).toHaveCount(n);
        await expect(tierField(admin, variant, n, 'min_sales')).toHaveValue(String(threshold));
        await expect(tierField(admin, variant, n, 'rate')).toHaveValue(String(top));
        await expect(admin.getByTestId('settings-state')).toContainText(
          say(variant, 'manager.settings.last_changed', { date: '' }).trim(),
        );

        // The audit log has the change, with the tier it added (the settings' lines of other
        // changes may be there too: the one with this tier is found by opening them).
        await admin.goto('/manager/audit?entity=settings&entity_id=program');
        const lines = admin.getByTestId('audit-row');
        await expect(lines.first().getByTestId('audit-action')).toHaveText(
          say(variant, 'manager.audit.actions.settings.update'),
        );
        const added = admin
          .getByTestId('diff-row')
          .filter({ hasText: `tiers › ${n} › min_sales` })
          .filter({ hasText: String(threshold) });
        for (let i = 0; (await added.count()) === 0; i++) {
          expect(i, 'the audit line of this change').toBeLessThan(await lines.count());
          await expect(lines.nth(i).getByTestId('audit-action')).toHaveText(
            say(variant, 'manager.audit.actions.settings.update'),
          );
          await press(variant, lines.nth(i).getByTestId('audit-toggle'));
          await expect(admin.getByTestId('audit-details')).toHaveCount(i + 1);
        }
        await expect(added).toHaveAttribute('data-kind', 'added');
        await admin.close();
      } finally {
        // Put the program back as it was for the other tests.
        const restore = await request.put('/api/manager/settings', {
          headers,
          data: { ...original, currency: undefined, updated_at: undefined },
        });
        expect(restore.ok()).toBe(true);
      }
    });
  }
});

test('a manager has no Settings section, and its link says the role does not open it', async ({
  browser,
}) => {
  const manager = await staffPage(browser, MANAGER, 'fr');
  const nav = manager.getByRole('navigation', { name: text('fr', 'manager.shell.nav_label') }).first();
  await expect(
    nav.getByRole('link', { name: text('fr', 'manager.sections.payouts'), exact: true }),
  ).toBeVisible();
  await expect(manager.getByTestId('manager-nav-settings')).toHaveCount(0);
  await manager.goto('/manager/settings');
  await expect(manager.getByTestId('manager-forbidden')).toContainText(text('fr', 'manager.roles.admin'));
});
