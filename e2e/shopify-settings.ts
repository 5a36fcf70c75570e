// Where the browser tests' Shopify Admin stand-in listens, the admin-made app's token it accepts
// and the Dev Dashboard app whose client credentials it exchanges.
export const E2E_SHOPIFY = {
  port: Number(process.env.E2E_SHOPIFY_PORT ?? 3196),
  shopDomain: 'sunbite-test.myshopify.com',
  token: 'shpat_e2e_store_connection_token_4f2a',
  /** The Dev Dashboard app installed on the store (its client credentials grant). */
  clientId: 'e2e0a1b2c3d4e5f60718293a4b5c6d7e',
  clientSecret: 'shpss_e2e_dev_dashboard_secret_5b8e',
} as const;
