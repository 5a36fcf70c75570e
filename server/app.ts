// Builds the Fastify app: plugins, then every module's routes. Tests call this too and use
// `inject`, so most tests need no port. `listen` lives in main.ts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import type { RouteOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { DEFAULT_RATE_LIMITS } from './context';
import type { AppContext, RateLimits } from './context';
import type { DatabaseHandle } from './db';
import { tooManyRequests } from './errors';
import { createMailer } from './integrations/mail/mailer';
import type { Mailer } from './integrations/mail/mailer';
import { accountRoutes } from './modules/accounts/routes';
import { altchaRoutes } from './modules/altcha/routes';
import { auditRoutes } from './modules/audit/routes';
import { authRoutes } from './modules/auth/routes';
import { avatarRoutes } from './modules/avatar/routes';
import { contentRoutes } from './modules/content/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { promotionRoutes } from './modules/promotions/routes';
import { challengeRoutes } from './modules/challenges/routes';
import { surveyRoutes } from './modules/survey/routes';
import { newsfeedRoutes } from './modules/newsfeed/routes';
import { programMailRoutes } from './modules/program-mail/routes';
import { integrationRoutes } from './modules/integrations/routes';
import { linkRoutes } from './modules/links/routes';
import { badgeRoutes } from './modules/badges/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { healthRoutes } from './modules/health/routes';
import { createPayPalClient } from './integrations/paypal/client';
import { createShopifyAdminClient } from './integrations/shopify/admin';
import { payoutRoutes } from './modules/payouts/routes';
import { payoutsByStatus } from './modules/payouts/service';
import { overviewRoutes } from './modules/overview/routes';
import { partnerAdminRoutes } from './modules/partner-admin/routes';
import { staffAdminRoutes } from './modules/staff-admin/routes';
import { staffTotpRoutes } from './modules/staff-totp/routes';
import { marketplaceRoutes } from './modules/marketplace/routes';
import { promoCodeRoutes } from './modules/promo-codes/routes';
import { earningsExportRoutes } from './modules/ledger/export-routes';
import { shopifyWebhookRoutes } from './modules/ledger/webhook-routes';
import { currencyRoutes } from './modules/settings/currency-routes';
import { storeConnectionRoutes } from './modules/store-connection/routes';
import { reconciliationState } from './modules/store-reconcile/service';
import { programRoutes } from './modules/settings/program-routes';
import { settingsRoutes } from './modules/settings/routes';
import { timeZoneRoutes } from './modules/settings/time-zone-routes';
import { resolveProgramSecrets } from './modules/settings/service';
import { socialRoutes } from './modules/social/routes';
import { subpartnerRoutes } from './modules/subpartners/routes';
import { registerApiCompression } from './plugins/compress';
import { registerDocsRoute, registerOpenApi } from './plugins/docs';
import { errorContractOptions, registerErrorHandling } from './plugins/errors';
import { registerRequestId, requestIdOf, requestSerializer } from './plugins/logging';
import { createMetrics, registerMetrics } from './plugins/metrics';
import { registerSecurityHeaders, securityHeaders } from './plugins/security';
import { registerSpa } from './plugins/spa';
import { startBackground } from './jobs';
import { queueStats } from './jobs/queue';
import { createJobSignal } from './jobs/scheduler';
import type { Scheduler } from './jobs/scheduler';
import { findPartnerSession } from './modules/auth/service';
import { findPartnerById } from './modules/partners/service';
import { accountChangeRoutes } from './modules/account-changes/routes';
import { attachPush } from './push';
import { bindSharedStores } from './stores';
import { createRedisStores } from './stores/redis';

declare module 'fastify' {
  interface FastifyInstance {
    background: Scheduler;
  }
}

// The nearest folder with package.json: one level up from server/app.ts (sources, tests), two
// from dist/server/main.js (the compiled server, where this module is bundled).
function repositoryRoot(dir: string): string {
  if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
  const parent = path.dirname(dir);
  if (parent === dir) throw new Error('package.json not found above the server');
  return repositoryRoot(parent);
}
const root = repositoryRoot(path.dirname(fileURLToPath(import.meta.url)));
export const VERSION: string = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version;
export const DEFAULT_WEB_ROOT = path.join(root, 'dist', 'web');

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  mailer?: Mailer;
  /** Where the built SPA is; defaults to dist/web. */
  webRoot?: string;
  /** Where log lines go (stdout by default); tests read them. */
  logStream?: { write(line: string): void };
  /** Run the job queue and scheduled tasks in this process (the server does; most tests tick by hand). */
  background?: boolean | { jobsEveryMs: number };
  /** Requests per minute per client (tests raise or lower them). */
  rateLimits?: Partial<RateLimits>;
  /** Told of every route as it is declared (server/contract.test.ts reads their answer schemas). */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp(options: BuildOptions) {
  const { config, database } = options;
  const headers = securityHeaders({ https: config.publicUrl.startsWith('https:') });
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: { req: requestSerializer },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Fastify's own request ids are per process; a uuid-like id is searchable across nodes. A
    // proxy's X-Request-Id is kept when it is a safe short token (plugins/logging.ts).
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    // Only the proxies TRUST_PROXY names may say who the client is (rate limits, throttles, logs).
    trustProxy: config.trustProxy,
    ...errorContractOptions(headers),
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRequestId(app);

  const secrets = await resolveProgramSecrets(database.db, config);
  const metrics = createMetrics();
  const mailer = metrics.countMail(
    options.mailer ??
      createMailer({
        smtpUrl: config.mail.smtpUrl,
        from: config.mail.from,
        outboxDir: path.join(config.dataDir, 'outbox'),
        log: app.log,
        // The mails' links on the console of a developer's `npm start`, never in the log.
        ...(config.env === 'development'
          ? { printLinks: (text: string) => void process.stderr.write(text) }
          : {}),
      }),
  );
  const limits: RateLimits = {
    ...DEFAULT_RATE_LIMITS,
    ...(config.apiRateLimit ? { api: config.apiRateLimit } : {}),
    ...options.rateLimits,
  };
  const push = attachPush(app.server, {
    db: database.db,
    redisUrl: config.redisUrl,
    log: app.log,
    // Partner tokens only: the back office has no live push, so a staff token opens no socket.
    authenticate: async (token) => {
      const session = await findPartnerSession(database.db, token);
      const partner = session && (await findPartnerById(database.db, session.partnerId));
      return (
        partner &&
        session && { uuid: partner.uuid, tokenHash: session.tokenHash, expiresAt: session.expiresAt }
      );
    },
  });
  const paypal = config.paypal.clientId
    ? createPayPalClient({
        apiBase: config.paypal.apiBase,
        clientId: config.paypal.clientId,
        clientSecret: config.paypal.clientSecret!,
        webhookId: config.paypal.webhookId,
      })
    : undefined;
  const shopify =
    config.shopify.adminApiUrl && config.shopify.adminToken
      ? createShopifyAdminClient({ url: config.shopify.adminApiUrl, token: config.shopify.adminToken })
      : undefined;
  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    secrets,
    mailer,
    version: VERSION,
    limits,
    push,
    paypal,
    shopify,
    jobs: createJobSignal(),
    metrics,
  };
  const background = startBackground(
    ctx,
    app.log,
    typeof options.background === 'object' ? options.background.jobsEveryMs : undefined,
  );
  if (!options.background) await background.stop();
  app.decorate('background', background);

  registerSecurityHeaders(app, headers);
  registerApiCompression(app);
  // Before every route: each gets its request counter when declared.
  registerMetrics(
    app,
    {
      token: config.metricsToken,
      jobQueue: () => queueStats(database.db),
      payoutsByStatus: () => payoutsByStatus(database.db),
      liveConnections: () => push.connections(),
    },
    metrics,
  );
  // Every API route gets a per-client limit unless it sets its own (or opts out). This hook
  // must come before the rate-limit plugin's own, which reads the route's config.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const routeConfig = (route.config ?? {}) as { rateLimit?: unknown };
    if (routeConfig.rateLimit === undefined) {
      route.config = { ...routeConfig, rateLimit: { max: limits.api, timeWindow: '1 minute' } };
    }
  });
  // With REDIS_URL the counts are shared by every node (docs/product/system.md#parts-of-the-system); otherwise kept in process.
  const limiterRedis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 })
    : undefined;
  limiterRedis?.on('error', (err) => app.log.error({ err }, 'redis (rate limit) error'));
  // The throttles, one-time uses and OAuth states go to Redis on the same connection; without
  // REDIS_URL they stay in the database (decisions/043). A Redis that fails fails their requests
  // (a 500): a throttle that let everything through would be worse.
  const unbindStores = limiterRedis
    ? bindSharedStores(database.db, createRedisStores(limiterRedis))
    : undefined;
  await app.register(rateLimit, {
    global: false,
    ...(limiterRedis ? { redis: limiterRedis, nameSpace: 'pp-rate-limit-', skipOnError: true } : {}),
    errorResponseBuilder: () => Object.assign(tooManyRequests(), { statusCode: 429 }),
  });
  await registerOpenApi(app, { version: VERSION, publicUrl: config.publicUrl });

  healthRoutes(app, ctx);
  subpartnerRoutes(app, ctx);
  authRoutes(app, ctx);
  accountRoutes(app, ctx);
  accountChangeRoutes(app, ctx);
  avatarRoutes(app, ctx);
  altchaRoutes(app, ctx);
  promoCodeRoutes(app, ctx);
  socialRoutes(app, ctx);
  shopifyWebhookRoutes(app, ctx);
  dashboardRoutes(app, ctx);
  badgeRoutes(app, ctx);
  notificationRoutes(app, ctx);
  promotionRoutes(app, ctx);
  challengeRoutes(app, ctx);
  surveyRoutes(app, ctx);
  newsfeedRoutes(app, ctx);
  programMailRoutes(app, ctx);
  linkRoutes(app, ctx);
  integrationRoutes(app, ctx);
  marketplaceRoutes(app, ctx);
  payoutRoutes(app, ctx);
  overviewRoutes(app, ctx);
  earningsExportRoutes(app, ctx);
  auditRoutes(app, ctx);
  partnerAdminRoutes(app, ctx);
  staffAdminRoutes(app, ctx);
  staffTotpRoutes(app, ctx);
  contentRoutes(app, ctx);
  settingsRoutes(app, ctx);
  currencyRoutes(app, ctx);
  storeConnectionRoutes(app, ctx, { reconciliation: reconciliationState });
  timeZoneRoutes(app, ctx);
  programRoutes(app, ctx);
  registerDocsRoute(app);

  await registerSpa(app, {
    webRoot: options.webRoot ?? DEFAULT_WEB_ROOT,
    publicClientToken: secrets.publicClientToken,
    userPayloadKey: secrets.userPayloadKey,
  });

  app.addHook('onClose', async () => {
    await background.stop();
    await push.close();
    unbindStores?.();
    await limiterRedis?.quit().catch(() => undefined);
    mailer.close();
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
