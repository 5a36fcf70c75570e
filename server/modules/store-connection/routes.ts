// The store connection in the back office's settings (issue 30): admins only, like the settings
// routes; every change audited; the secrets never answered, only a hint of the token's end.
import { z } from 'zod';
import { storeSettingsAnswer } from '../../../common/contracts/store-connection';
import type { AppContext, TypedApp } from '../../context';
import { sayKey } from '../../i18n';
import { requireStaff, staffIdOf } from '../auth';
import { storeDeps } from './active-store';
import { connectStore, disconnectStore, storeSettings } from './service';
import type { ReconciliationView } from './service';

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
        response: { 200: storeSettingsAnswer },
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
        response: { 200: storeSettingsAnswer },
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
        response: { 200: storeSettingsAnswer },
      },
    },
    async (request) => ({ data: await disconnectStore(deps, { staffId: staffIdOf(request) }, options) }),
  );
}
