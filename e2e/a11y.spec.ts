import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { prefer, publicClient, signedIn } from './support';

const PUBLIC_PAGES = [
  '/login',
  '/register',
  '/register_step2',
  '/policy',
  '/terms',
  '/reset_password',
  '/verify_email',
  '/unsubscribe',
  '/404',
  '/glow-collective',
  '/manager/login',
];
/** The demo's payout 7 waits at the manager stage: its page shows every card and action. */
const STAFF_PAGES = ['/manager/payouts', '/manager/payouts?status=all', '/manager/payouts/7'];

async function expectNoViolations(page: Page, path: string, theme: string, ready: string) {
  await page.goto(path);
  await page.locator(ready).first().waitFor();
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `${path} (${theme})`).toEqual([]);
}

for (const theme of ['light', 'dark'] as const) {
  test(`public pages pass the axe check (${theme})`, async ({ page }) => {
    // Eleven pages, two of them long documents (terms, policy), each analysed whole.
    test.slow();
    await prefer(page, { theme });
    for (const path of PUBLIC_PAGES) await expectNoViolations(page, path, theme, 'main, [data-layout]');
  });

  test(`the cash-out page and the back office's payouts pass the axe check (${theme})`, async ({
    page,
    request,
  }) => {
    await prefer(page, { theme });
    await signedIn(page, request);
    await expectNoViolations(page, '/account/cashout', theme, '[data-testid="cashout-payable"]');
    const staff = await request.post('/api/manager/auth/get_token', {
      headers: { authorization: `Bearer ${await publicClient(request)}` },
      data: { email: 'demo.admin@sunbite.example', password: 'sunny-demo-admin' },
    });
    const token = await staff.json();
    await page.addInitScript((t) => localStorage.setItem('manager_token', JSON.stringify(t)), token);
    for (const path of STAFF_PAGES)
      await expectNoViolations(
        page,
        path,
        theme,
        '[data-testid="payout-row"], [data-testid="payout-summary"]',
      );
  });
}
