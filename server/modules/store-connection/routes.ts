// The store connection in the back office's settings (issue 30): admins only, like the settings
// routes; every change audited; the secrets never answered, only a hint of the token's end.
import { z } from 'zod';
import type { AppContext, TypedApp } from '../../context';
import { sayKey } from '../../i18n';
import { requireStaff, staffIdOf } from '../auth';
import { storeDeps } from './active-store';
import { connectStore, disconnectStore, storeSettings } from './service';
import type { ReconciliationView } from './service';
import { STORE_TOPICS } from './shopify';

const connection = z.object({
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
const topic = z.object({
  topic: z.enum(STORE_TOPICS),
  registered: z.boolean(),
  callback_url: z.string().nullable(),
  last_delivery_at: z.string().nullable(),
  refused_24h: z
    .number()
    .describe('Deliveries of this topic refused in the last 24 hours (kept in Needs a look)'),
});
const answer = z.object({
  data: z.object({
    connection: connection.nullable(),
    address: z.string().describe('Where the store delivers: {PUBLIC_URL}/api/webhooks/shopify'),
    api_version: z.string().describe('The Admin API version the portal speaks'),
    topics: z.array(topic),
    subscriptions_checked_at: z.string().nullable(),
    subscriptions_error: z.string().nullable(),
    reconciliation: z.unknown().describe('The reconciliation with the store (null until it exists)'),
  }),
});

const required = (max: number) =>
  z
    .string({ error: sayKey('required') })
    .trim()
    .min(1, sayKey('required'))
    .max(max, sayKey('max', { n: max }));

export function storeConnectionRoutes(
  app: TypedApp,
  ctx: AppContext,
  options: { reconciliation?: ReconciliationView } = {},
): void {
  const admin = requireStaff(ctx.db, ['admin']);
  const deps = storeDeps(ctx);
  const doc = (summary: string, description?: string) => ({
    tags: ['manager'],
    summary,
    ...(description ? { description } : {}),
    security: [{ staff: [] }],
  });

  app.get(
    '/api/manager/settings/store',
    {
      onRequest: admin,
      schema: {
        ...doc('The store connection, its webhook subscriptions and the reconciliation (admin)'),
        response: { 200: answer },
      },
    },
    async () => ({ data: await storeSettings(deps, options) }),
  );

  app.put(
    '/api/manager/settings/store',
    {
      onRequest: admin,
      schema: {
        ...doc(
          'Connects the Shopify store (admin)',
          "With client_id and the client secret (a Dev Dashboard app), first asks the store for a token by the client credentials grant (a refusal is 422 with the store's words in errors.client_id); with admin_token (an app made in the store's admin), uses it. Checks the token at once through the Admin GraphQL API (a refusal is 422 with the store's words in errors.admin_token or errors.client_id; a missing scope is 422 naming it in errors.missing_scopes); then keeps it sealed, audits the change and makes the webhook subscriptions. 409 while SHOPIFY_SHOP_DOMAIN and SHOPIFY_ADMIN_TOKEN hold the connection.",
        ),
        body: z.object({
          shop_domain: required(255)
            .toLowerCase()
            .regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/, 'store_connection.domain_format')
            .describe('your-store.myshopify.com'),
          client_id: z
            .string()
            .trim()
            .max(255, sayKey('max', { n: 255 }))
            .optional()
            .describe(
              "A Dev Dashboard app's client ID (with its client secret in webhook_secret); or admin_token",
            ),
          admin_token: z
            .string()
            .trim()
            .max(255, sayKey('max', { n: 255 }))
            .optional()
            .describe("An admin-made custom app's Admin API access token; or client_id"),
          webhook_secret: z
            .string()
            .trim()
            .max(255, sayKey('max', { n: 255 }))
            .optional()
            .describe("The app's client secret; required unless one is stored"),
        }),
        response: { 200: answer },
      },
    },
    async (request) => ({
      data: await connectStore(deps, { ...request.body, staffId: staffIdOf(request) }, request.log, options),
    }),
  );

  app.delete(
    '/api/manager/settings/store',
    {
      onRequest: admin,
      schema: {
        ...doc(
          'Forgets the stored store connection (admin)',
          '409 while the environment holds the connection; 404 when none is stored. Audited.',
        ),
        response: { 200: answer },
      },
    },
    async (request) => ({ data: await disconnectStore(deps, { staffId: staffIdOf(request) }, options) }),
  );
}
