// What route modules are handed when the app is built: no globals, so each test builds
// its own app on its own database.
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db';
import type { DialectName } from './db/dialect';
import type { Mailer } from './integrations/mail/mailer';
import type { PayPalClient } from './integrations/paypal/client';
import type { ShopifyAdminClient } from './integrations/shopify/admin';
import type { JobSignal } from './jobs/scheduler';
import type { ProgramSecrets } from './modules/settings/service';
import type { Metrics } from './plugins/metrics';
import type { Push } from './push';

/** Requests per minute per client: the whole API, and the routes a bot would hammer. */
export interface RateLimits {
  api: number;
  registration: number;
  challenge: number;
  codeAvailability: number;
  /** Short-link hits of one address that may count as visits; the rest are redirected uncounted. */
  shortLink: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  api: 600,
  registration: 20,
  challenge: 60,
  codeAvailability: 120,
  shortLink: 30,
};

export interface AppContext {
  config: Config;
  db: Db;
  dialect: DialectName;
  secrets: ProgramSecrets;
  mailer: Mailer;
  version: string;
  limits: RateLimits;
  push: Push;
  /** PayPal Payouts, when PAYPAL_CLIENT_ID/SECRET are set (docs/product/payouts.md#paypal). */
  paypal: PayPalClient | undefined;
  /** The Shopify Admin API, when SHOPIFY_SHOP_DOMAIN and SHOPIFY_ADMIN_TOKEN are set (docs/product/links-and-integrations.md). */
  shopify: ShopifyAdminClient | undefined;
  /** Wakes this node's job runner after work was queued. */
  jobs: JobSignal;
  /** This node's counters for /metrics (plugins/metrics.ts). */
  metrics: Metrics;
}

export type TypedApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
