// Where the short link sends a shopper while STORE_URL is unset (docs/product/links-and-integrations.md#short-links):
// the Shopify shop's own address, from SHOPIFY_SHOP_DOMAIN or from the connection an admin made in
// the back office (against the Admin GraphQL stand-in), the code applied; with no store known at
// all a 503, never the portal (whose home sends a visitor to the partners' sign-in page).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, createStaffWithToken } from '../../test/payouts-fixture';
import { startStoreStandIn } from '../../test/shopify-admin-store';
import type { ShopifyAdminStandIn } from '../../test/shopify-admin';
import { createPartnerAccount } from '../partners/service';
import { createPromoCode } from '../promo-codes/service';

const PUBLIC_URL = 'https://partners.sunbite.example';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

async function withCode(t: TestApp, email: string, code: string) {
  const partner = await createPartnerAccount(t.database.db, {
    email,
    password: 'store-home-partner-1',
    first_name: 'Sho',
    last_name: 'Pper',
  });
  await createPromoCode(t.database.db, partner.id, code);
  return partner.id;
}

const visit = (t: TestApp, code: string) =>
  t.app.inject({ method: 'GET', url: `/s/${code}`, headers: { 'user-agent': PHONE } });

const clicks = async (t: TestApp, partnerId: number) =>
  (await t.database.db.selectFrom('link_clicks').selectAll().where('partner_id', '=', partnerId).execute())
    .length;

describe('the short link without STORE_URL', () => {
  describe('with SHOPIFY_SHOP_DOMAIN', () => {
    let t: TestApp;
    let partnerId: number;
    beforeAll(async () => {
      t = await createTestApp({
        env: {
          PUBLIC_URL,
          SHOPIFY_SHOP_DOMAIN: 'Sunbite-Demo.myshopify.com',
          SHOPIFY_ADMIN_TOKEN: 'shpat_store_home_test_token_0001',
        },
      });
      partnerId = await withCode(t, 'env-shop@example.com', 'SHOPHOME15');
    });
    afterAll(() => t.close());

    it('sends a known code to the shop’s discount link and counts the visit', async () => {
      const answer = await visit(t, 'shophome15');
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe(
        'https://sunbite-demo.myshopify.com/discount/SHOPHOME15?redirect=/',
      );
      expect(await clicks(t, partnerId)).toBe(1);
    });

    it('sends an unknown code to the shop’s home', async () => {
      const answer = await visit(t, 'NOSUCHCODE');
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe('https://sunbite-demo.myshopify.com');
    });
  });

  describe('with the store connected in the back office', () => {
    let stand: ShopifyAdminStandIn;
    let t: TestApp;
    let admin: { token: string };
    let partnerId: number;
    const store = (method: 'PUT' | 'DELETE', payload?: object) =>
      t.app.inject({
        method,
        url: '/api/manager/settings/store',
        headers: bearer(admin.token),
        ...(payload ? { payload } : {}),
      });
    beforeAll(async () => {
      ({ stand } = await startStoreStandIn());
      t = await createTestApp({ env: { PUBLIC_URL, SHOPIFY_ADMIN_API_URL: stand.url } });
      admin = await createStaffWithToken(t.database.db, 'admin');
      partnerId = await withCode(t, 'settings-shop@example.com', 'SETTINGS15');
    });
    afterAll(async () => {
      await t.close();
      await stand.close();
    });

    it('answers 503 while no store is known, for a known and an unknown code alike, and counts nothing', async () => {
      for (const code of ['SETTINGS15', 'NOSUCHCODE']) {
        const answer = await visit(t, code);
        expect(answer.statusCode).toBe(503);
        expect(answer.headers.location).toBeUndefined();
        expect(answer.headers['cache-control']).toBe('no-store');
      }
      expect(await clicks(t, partnerId)).toBe(0);
    });

    it('sends the shopper to the connected shop, then, once disconnected, nowhere in the portal', async () => {
      const connected = await store('PUT', {
        shop_domain: 'sunbite-settings.myshopify.com',
        admin_token: stand.token,
        webhook_secret: 'shpss_store_home_client_secret_0001',
      });
      expect(connected.statusCode).toBe(200);

      const known = await visit(t, 'SETTINGS15');
      expect(known.statusCode).toBe(302);
      expect(known.headers.location).toBe(
        'https://sunbite-settings.myshopify.com/discount/SETTINGS15?redirect=/',
      );
      const unknown = await visit(t, 'NOSUCHCODE');
      expect(unknown.headers.location).toBe('https://sunbite-settings.myshopify.com');
      expect(await clicks(t, partnerId)).toBe(1);

      expect((await store('DELETE')).statusCode).toBe(200);
      const after = await visit(t, 'SETTINGS15');
      expect(after.statusCode).toBe(503);
      expect(after.headers.location).toBeUndefined();
    });
  });
});
