// Program settings and tiers (issue 13): an admin adds a commission tier, is refused a threshold
// below the tier before it (with the rule's message at the field), saves, and after a reload sees
// the table as saved, in both languages, on a desktop and on a phone; a manager has no Settings
// section. The added tier is far above any partner's sales and at the top rate, so no other test's
// commission or program values move; the table is put back at the end.
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { prefer, publicClient, staffPage, text } from './support';

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

test('an admin adds a commission tier, a bad threshold is refused, and the saved table is there after a reload', async ({ browser, request }) => {
  const session = await adminSession(request);
  const headers = { authorization: `Bearer ${session.token}` };
  const original = ((await (await request.get('/api/manager/settings', { headers })).json()) as { data: Record<string, unknown> & { tiers: { min_sales: number; rate: number }[] } }).data;
  const tiers = original.tiers;
  const top = Math.max(...tiers.map((tier) => tier.rate));
  const last = tiers.at(-1)!.min_sales;
  const threshold = Math.max(100_000, last + 1);

  try {
    const admin = await staffPage(browser, ADMIN, 'en');
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.getByTestId('manager-nav-settings').first().click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Program settings' })).toBeVisible();
    await expect(admin.getByTestId('settings-applies')).toContainText('Earnings already recorded keep their rate');
    const table = admin.getByTestId('tiers-table');
    await expect(table.getByTestId('tier-row')).toHaveCount(tiers.length);

    await admin.getByTestId('tier-add').click();
    const n = tiers.length + 1;
    const minSales = table.getByLabel(`Tier ${n} · From verified sales`);
    await expect(minSales).toBeFocused();
    // Below the tier before it: refused with the rule's message, and nothing is sent.
    await minSales.fill(String(Math.max(0, last - 1)));
    await table.getByLabel(`Tier ${n} · Commission rate`).fill(String(top));
    let sent = 0;
    admin.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith('/api/manager/settings')) sent++;
    });
    await admin.getByTestId('settings-save').click();
    const message = text('en', 'manager.settings.errors.thresholds_increasing', { previous: last.toLocaleString('en-US') });
    await expect(minSales).toHaveAttribute('aria-invalid', 'true');
    await expect(admin.getByText(message)).toBeVisible();
    await expect(admin.getByTestId('settings-problems')).toBeVisible();
    expect(sent).toBe(0);

    await minSales.fill(String(threshold));
    await expect(admin.getByText(message)).toHaveCount(0);
    await admin.getByTestId('settings-save').click();
    await expect(admin.getByText('Settings saved. They apply to orders recorded from now on.')).toBeVisible();
    expect(sent).toBe(1);

    await admin.reload();
    await expect(admin.getByTestId('tiers-table').getByTestId('tier-row')).toHaveCount(n);
    await expect(admin.getByLabel(`Tier ${n} · From verified sales`)).toHaveValue(String(threshold));
    await expect(admin.getByLabel(`Tier ${n} · Commission rate`)).toHaveValue(String(top));
    await expect(admin.getByTestId('settings-state')).toContainText('Last changed');
    await admin.close();

    // The same table in French, dark, on a phone: one card per tier.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const phone = await context.newPage();
    await prefer(phone, { locale: 'fr', theme: 'dark' });
    await phone.addInitScript((t) => localStorage.setItem('manager_token', JSON.stringify(t)), session);
    await phone.goto('/manager/settings');
    await expect(phone.getByRole('heading', { level: 1, name: 'Paramètres du programme' })).toBeVisible();
    const cards = phone.getByTestId('tiers-cards').getByTestId('tier-row');
    await expect(cards).toHaveCount(n);
    await expect(cards.nth(n - 1).getByRole('heading', { name: `Palier ${n}` })).toBeVisible();
    await expect(cards.nth(n - 1).getByLabel('À partir de (ventes vérifiées)')).toHaveValue(String(threshold));
    await context.close();
  } finally {
    // Put the program back as it was for the other tests.
    const restore = await request.put('/api/manager/settings', { headers, data: { ...original, currency: undefined, updated_at: undefined } });
    expect(restore.ok()).toBe(true);
  }
});

test('a manager has no Settings section, and its link says the role does not open it', async ({ browser }) => {
  const manager = await staffPage(browser, MANAGER, 'fr');
  const nav = manager.getByRole('navigation', { name: text('fr', 'manager.shell.nav_label') }).first();
  await expect(nav.getByRole('link', { name: text('fr', 'manager.sections.payouts') })).toBeVisible();
  await expect(manager.getByTestId('manager-nav-settings')).toHaveCount(0);
  await manager.goto('/manager/settings');
  await expect(manager.getByTestId('manager-forbidden')).toContainText(text('fr', 'manager.roles.admin'));
});
