import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { prefer } from './support';

const PUBLIC_PAGES = ['/login', '/register', '/register_step2', '/policy', '/terms', '/reset_password', '/verify_email', '/unsubscribe', '/404', '/glow-collective', '/manager/login'];

for (const theme of ['light', 'dark'] as const) {
  test(`public pages pass the axe check (${theme})`, async ({ page }) => {
    await prefer(page, { theme });
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await page.locator('main, [data-layout]').first().waitFor();
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(summary, `${path} (${theme})`).toEqual([]);
    }
  });
}
