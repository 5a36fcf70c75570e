// Where the browser tests' Shopify Admin stand-in listens, and the custom app's token it accepts.
export const E2E_SHOPIFY = {
  port: Number(process.env.E2E_SHOPIFY_PORT ?? 3196),
  shopDomain: 'sunbite-test.myshopify.com',
  token: 'shpat_e2e_store_connection_token_4f2a',
} as const;
