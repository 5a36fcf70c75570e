// The Shopify Admin GraphQL stand-in the browser tests' portal connects the store to (started by
// playwright.config.ts before the portal): the shop, the token's scopes and the webhook
// subscriptions (server/test/shopify-admin-store.ts), an empty order list for the reconciliation
// (server/test/shopify-admin-orders.ts) and the discounts (server/test/shopify-admin.ts).
import { startStoreStandIn } from '../server/test/shopify-admin-store';
import { shopifyOrdersStandIn } from '../server/test/shopify-admin-orders';
import { E2E_SHOPIFY } from './shopify-settings';

const { stand } = await startStoreStandIn({
  port: E2E_SHOPIFY.port,
  token: E2E_SHOPIFY.token,
  app: { clientId: E2E_SHOPIFY.clientId, clientSecret: E2E_SHOPIFY.clientSecret },
  shop: { myshopifyDomain: E2E_SHOPIFY.shopDomain },
  more: shopifyOrdersStandIn().handlers,
});
console.log(`Shopify Admin stand-in on ${stand.url}`);
const stop = () => void stand.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
