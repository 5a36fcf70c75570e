// What the store connection's routes answer (server/modules/store-connection/routes.ts):
// GET, PUT and DELETE /api/manager/settings/store each answer the whole section: the connection
// (its secrets never, only a hint of the token's end), the webhook subscriptions the portal keeps
// and the reconciliation with the store (docs/decisions/057-store-reconciliation.md).
import { z } from 'zod';
import { STORE_TOPICS } from '../store-connection';
import { dataAnswer } from './answers';

export const storeConnection = z.object({
  source: z
    .enum(['environment', 'settings'])
    .describe('environment: SHOPIFY_SHOP_DOMAIN and SHOPIFY_ADMIN_TOKEN hold it (they win; read only here)'),
  shop_domain: z.string(),
  shop_name: z.string().nullable(),
  currency: z.string().nullable().describe("The shop's currency (ISO 4217), as the store answered"),
  scopes: z.array(z.string()),
  missing_scopes: z.array(z.string()).describe('Of read_orders and write_discounts, those the token lacks'),
  app_kind: z
    .enum(['client_credentials', 'access_token'])
    .describe(
      "client_credentials: a Dev Dashboard app's client ID and secret, exchanged for a token that lives a day (asked again before it ends); access_token: an admin-made app's token",
    ),
  client_id: z.string().nullable(),
  token_expires_at: z
    .string()
    .nullable()
    .describe('When the granted token stops working; null for an access token'),
  token_hint: z
    .string()
    .describe('The start and end of the token ("shpat_…1a2b"): the token itself is never answered'),
  webhook_secret_set: z.boolean(),
  checked_at: z.string().nullable(),
  check_error: z.string().nullable().describe("The store's words when the last check failed"),
});

export const storeTopicState = z.object({
  topic: z.enum(STORE_TOPICS),
  registered: z.boolean(),
  callback_url: z.string().nullable(),
  last_delivery_at: z.string().nullable(),
  refused_24h: z
    .number()
    .describe('Deliveries of this topic refused in the last 24 hours (kept in Needs a look)'),
});

const found = z.object({ orders: z.number(), cancellations: z.number(), refunds: z.number() });

export const storeReconciliation = z.object({
  last_run_at: z.string().nullable(),
  synced_through: z.string().nullable(),
  last_found: found.describe('What the last run found that the webhooks had not brought'),
  backfill: z
    .object({
      state: z.enum(['pending', 'running', 'done']),
      from: z.string().nullable(),
      through: z.string().nullable(),
    })
    .nullable(),
  error: z.string().nullable(),
});

export const storeSettings = z.object({
  connection: storeConnection.nullable(),
  address: z.string().describe('Where the store delivers: {PUBLIC_URL}/api/webhooks/shopify'),
  api_version: z.string().describe('The Admin API version the portal speaks'),
  topics: z.array(storeTopicState),
  subscriptions_checked_at: z.string().nullable(),
  subscriptions_error: z.string().nullable(),
  reconciliation: storeReconciliation
    .nullable()
    .describe('The reconciliation with the store (null until it exists)'),
});
export const storeSettingsAnswer = dataAnswer(storeSettings);
