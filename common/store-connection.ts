// The store connection's contract (issue 30), shared by the server
// (server/modules/store-connection/) and the back office's Store section
// (web/features/manager/settings/store-api.ts): the topics kept, the scopes needed and the
// connection as `GET /api/manager/settings/store` answers it.

/** The topics the portal's webhook route records, as the Admin API names them, in the order shown. */
export const STORE_TOPICS = ['ORDERS_PAID', 'ORDERS_CANCELLED', 'REFUNDS_CREATE'] as const;
export type StoreTopic = (typeof STORE_TOPICS)[number];

/** The scopes the portal needs: orders read (webhooks, reconciliation) and discounts written (the push). */
export const REQUIRED_SCOPES = ['read_orders', 'write_discounts'] as const;

export interface StoreConnection {
  /** `environment`: SHOPIFY_SHOP_DOMAIN and SHOPIFY_ADMIN_TOKEN hold it (they win; read only here). */
  source: 'environment' | 'settings';
  shop_domain: string;
  shop_name: string | null;
  /** The shop's currency (ISO 4217), as the store answered. */
  currency: string | null;
  scopes: string[];
  missing_scopes: string[];
  /**
   * How the portal holds its token: `client_credentials` for an app made in Shopify's Dev
   * Dashboard (its client ID and secret exchanged for a token that lives a day, asked again
   * before it ends), `access_token` for an app made in the store's admin (a token that does not expire).
   */
  app_kind: 'client_credentials' | 'access_token';
  /** The Dev Dashboard app's client ID (not a secret); null for an access token. */
  client_id: string | null;
  /** When the granted token stops working (asked again an hour before); null for an access token. */
  token_expires_at: string | null;
  /** The end of the token, as "shpat_…1a2b": the token itself is never answered. */
  token_hint: string;
  webhook_secret_set: boolean;
  /** When the token was last checked against the store; null before the first check. */
  checked_at: string | null;
  /** The store's own words when the last check failed. */
  check_error: string | null;
}
