import { expect, test } from '@playwright/test';

test.describe('the running server', () => {
  test('answers the health check', async ({ request }) => {
    const res = await request.get('/api/health');
    expect(res.status()).toBe(200);
    expect((await res.json()).data).toMatchObject({ status: 'ok', database: 'sqlite' });
  });

  test('answers an unknown API path with the JSON 404', async ({ request }) => {
    const res = await request.get('/api/x');
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual({ code: 404, error: 'not_found', message: 'Not Found' });
  });

  test('sends the CSP and nosniff with the page, and the page runs under it', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
    });
    const res = await page.goto('/login');
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(res?.headers()['x-content-type-options']).toBe('nosniff');
    await expect(page.locator('main')).toBeVisible();
    expect(violations).toEqual([]);
  });
});
