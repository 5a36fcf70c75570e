// Connecting the store from the back office (issue 30): an admin pastes the shop's address and a
// token the store refuses (an app made in the store's admin) and is told so in Shopify's own
// words, then a Dev Dashboard app's client secret the store refuses, likewise; then the right
// credentials (the Dev Dashboard app's in English, the token in French), and sees the shop, its
// currency and the three webhook topics registered at the portal's address; after a reload it is
// still there; disconnecting puts the section back. In English, light, on a desktop,
// and in French, dark, on a phone. The store is the Admin GraphQL stand-in playwright.config.ts
// starts (e2e/shopify-stand-in.ts); the portal has one store connection, so the two variants run
// one after the other, and each leaves the store disconnected.
import { expect, test } from '@playwright/test';
import { publicClient, staffPage } from './support';
import { CLIENT_REFUSED } from '../server/test/shopify-admin';
import { E2E_SHOPIFY } from './shopify-settings';
import { FLOW_TIMEOUT, expectSeenAs, openSection, press, say, VARIANTS } from './variants';

const ADMIN = { email: 'demo.admin@sunbite.example', password: 'sunny-demo-admin' };
const SECRET = 'shpss_e2e_client_secret_9c1d';
const SHOPIFY_REFUSAL = '[API] Invalid API key or access token (unrecognized login or wrong password)';
const TOPICS = ['ORDERS_PAID', 'ORDERS_CANCELLED', 'REFUNDS_CREATE'];

test.describe('the store connection', () => {
  test.describe.configure({ mode: 'default' });
  // Whatever happened, the next test finds no store connected.
  test.afterEach(async ({ request }) => {
    const session = await request.post('/api/manager/auth/get_token', {
      headers: { authorization: `Bearer ${await publicClient(request)}` },
      data: ADMIN,
    });
    const { token } = (await session.json()) as { token: string };
    const gone = await request.delete('/api/manager/settings/store', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect([200, 404]).toContain(gone.status());
  });

  for (const variant of VARIANTS) {
    test(`an admin connects the store: a wrong token is refused with Shopify’s words, the right one shows the shop and its topics registered (${variant.name})`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(FLOW_TIMEOUT);
      const admin = await staffPage(browser, ADMIN, variant);
      try {
        await expectSeenAs(admin, variant);
        await openSection(admin, variant, 'settings');
        const section = admin.getByTestId('settings-group-store');
        await section.scrollIntoViewIfNeeded();
        await expect(
          section.getByRole('heading', {
            level: 2,
            name: say(variant, 'manager.settings.store.title'),
            exact: true,
          }),
        ).toBeVisible();
        await expect(section.getByTestId('store-not-connected')).toBeVisible();

        const domain = section.getByLabel(say(variant, 'manager.settings.store.fields.shop_domain'), {
          exact: true,
        });
        const token = section.getByLabel(say(variant, 'manager.settings.store.fields.admin_token'), {
          exact: true,
        });
        const clientId = section.getByLabel(say(variant, 'manager.settings.store.fields.client_id'), {
          exact: true,
        });
        const webhookSecret = section.getByLabel(
          say(variant, 'manager.settings.store.fields.webhook_secret'),
          { exact: true },
        );
        const clientSecret = section.getByLabel(say(variant, 'manager.settings.store.fields.client_secret'), {
          exact: true,
        });
        const kind = (option: 'client_credentials' | 'access_token') =>
          section.getByRole('radio', {
            name: new RegExp(say(variant, `manager.settings.store.kind.${option}`)),
          });

        // An app made in the store's admin, first.
        await press(variant, kind('access_token'));
        // Not a shop's address: refused in the page, nothing sent.
        await domain.fill('sunbite.com');
        await token.fill('shpat_wrong_token_000000');
        await webhookSecret.fill(SECRET);
        await press(variant, section.getByTestId('store-connect'));
        await expect(domain).toHaveAttribute('aria-invalid', 'true');
        await expect(
          section.getByText(say(variant, 'manager.settings.store.errors.domain_format')),
        ).toBeVisible();

        // A token the store refuses: the store's own words at the token's field.
        await domain.fill(E2E_SHOPIFY.shopDomain);
        await press(variant, section.getByTestId('store-connect'));
        await expect(section.getByText(SHOPIFY_REFUSAL)).toBeVisible();
        await expect(token).toHaveAttribute('aria-invalid', 'true');
        await expect(section.getByTestId('store-not-connected')).toBeVisible();

        // A Dev Dashboard app whose client secret the store refuses: its words at the client ID.
        await press(variant, kind('client_credentials'));
        await clientId.fill(E2E_SHOPIFY.clientId);
        await clientSecret.fill('shpss_not_this_apps_secret');
        await press(variant, section.getByTestId('store-connect'));
        await expect(section.getByText(CLIENT_REFUSED.error_description)).toBeVisible();
        await expect(clientId).toHaveAttribute('aria-invalid', 'true');

        // The right credentials: the Dev Dashboard app's in English, the token in French.
        if (variant.locale === 'en') {
          await clientSecret.fill(E2E_SHOPIFY.clientSecret);
        } else {
          await press(variant, kind('access_token'));
          await token.fill(E2E_SHOPIFY.token);
          await webhookSecret.fill(SECRET);
        }
        await press(variant, section.getByTestId('store-connect'));
        await expect(
          admin.getByText(say(variant, 'manager.settings.store.connected', { shop: 'Sunbite Test Store' })),
        ).toBeVisible();
        await expect(section.getByTestId('store-shop-name')).toHaveText('Sunbite Test Store');
        await expect(section.getByTestId('store-currency')).toContainText('CAD');
        await expect(section.getByTestId('store-token')).toContainText('shpat_…');
        await expect(section.getByTestId('store-token')).not.toContainText(E2E_SHOPIFY.token);
        if (variant.locale === 'en') {
          await expect(section.getByTestId('store-app')).toContainText(
            `${say(variant, 'manager.settings.store.app_dev_dashboard')} · ${E2E_SHOPIFY.clientId}`,
          );
          await expect(section.getByTestId('store-token-renewed')).toBeVisible();
        } else {
          await expect(section.getByTestId('store-token')).toContainText(
            `shpat_…${E2E_SHOPIFY.token.slice(-4)}`,
          );
          await expect(section.getByTestId('store-app')).toHaveText(
            say(variant, 'manager.settings.store.app_admin'),
          );
        }
        await expect(section.getByTestId('store-address')).toHaveText(`${baseURL}/api/webhooks/shopify`);
        for (const topic of TOPICS)
          await expect(
            section.locator(`[data-testid="store-topic-row"][data-topic="${topic}"]`),
          ).toContainText(say(variant, 'manager.settings.store.topics.registered'));

        // Still there after a reload, read from the server.
        await admin.reload();
        await expect(section.getByTestId('store-shop-name')).toHaveText('Sunbite Test Store');
        await expect(section.locator('[data-topic="REFUNDS_CREATE"]')).toContainText(
          say(variant, 'manager.settings.store.topics.registered'),
        );

        // Disconnecting, confirmed, puts the section back.
        await press(variant, section.getByTestId('store-disconnect'));
        const confirm = admin.getByTestId('store-disconnect-confirm-confirm');
        await expect(confirm).toHaveText(say(variant, 'manager.settings.store.disconnect_confirm'));
        await press(variant, confirm);
        await expect(section.getByTestId('store-not-connected')).toBeVisible();
      } finally {
        await admin.close();
      }
    });
  }
});
