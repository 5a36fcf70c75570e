// Every environment variable the server reads, validated once at start (docs/product/system.md#configuration).
// A bad value stops the server with a message naming the variable, so a person can fix it.
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { isProgramCurrency, PROGRAM_CURRENCIES } from '../common/currency';

const booleanText = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'].includes(v), {
    message: 'must be one of true/false, on/off, yes/no, 1/0',
  })
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

const httpUrl = z
  .string()
  .trim()
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http(s) URL')
  .transform((v) => v.replace(/\/+$/, ''));

const optionalText = z.string().trim().min(1).optional();

/** One entry of TRUST_PROXY: an IP, a CIDR range, or a name Fastify's proxy-addr knows. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** A 32-byte key written as base64, optionally prefixed `base64:` (the Laravel convention). */
export function parsePayloadKey(value: string): Buffer | null {
  const raw = value.startsWith('base64:') ? value.slice('base64:'.length) : value;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(raw)) return null;
  const key = Buffer.from(raw, 'base64');
  return key.length === 32 ? key : null;
}

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PORT: z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a whole number')
      .min(1, 'must be between 1 and 65535')
      .max(65535, 'must be between 1 and 65535')
      .default(3000),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    PUBLIC_URL: httpUrl.optional(),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .trim()
      .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL')
      .optional(),
    REDIS_URL: z
      .string()
      .trim()
      .refine((v) => /^rediss?:\/\//.test(v), 'must be a redis:// URL')
      .optional(),
    SMTP_URL: z
      .string()
      .trim()
      .refine((v) => /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().trim().min(3).default('Sunbite Partners <partners@sunbite.example>'),
    // How often a partner's sales are gathered into one mail (docs/product/engagement.md#mail-a-partner-receives: an hour). Shorter
    // only for trying the digest out (the browser tests use a few seconds).
    MAIL_DIGEST_SECONDS: z.coerce
      .number()
      .int('must be a whole number of seconds')
      .min(1)
      .max(86_400)
      .default(3600),
    // The longest any periodic background task (the approval, challenge rewards, the Instagram
    // sync, PayPal...) waits between rounds; unset, each keeps its own (minutes for most). Shorter
    // only for trying them out: the tests on several nodes use it to have every node run each
    // task every few seconds.
    TASK_INTERVAL_MAX_SECONDS: z.coerce
      .number()
      .int('must be a whole number of seconds')
      .min(1)
      .max(86_400)
      .optional(),
    PUBLIC_CLIENT_TOKEN: z.string().trim().min(20, 'must be at least 20 characters').optional(),
    USER_PAYLOAD_KEY: z
      .string()
      .trim()
      .refine((v) => parsePayloadKey(v) !== null, 'must be 32 bytes in base64, optionally prefixed base64:')
      .optional(),
    SHOPIFY_WEBHOOK_SECRET: optionalText,
    SHOPIFY_SHOP_DOMAIN: z
      .string()
      .trim()
      .refine(
        (v) => /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/i.test(v),
        'must look like your-store.myshopify.com',
      )
      .optional(),
    SHOPIFY_ADMIN_TOKEN: optionalText,
    // The Admin GraphQL address; derived from SHOPIFY_SHOP_DOMAIN unless set (tests point it at a stand-in).
    SHOPIFY_ADMIN_API_URL: httpUrl.optional(),
    // How often the orders are reconciled with the store (minutes; docs/decisions/057-store-reconciliation.md).
    SHOPIFY_RECONCILE_MINUTES: z.coerce
      .number()
      .int('must be a whole number of minutes')
      .min(1)
      .max(1440)
      .default(15),
    STORE_URL: httpUrl.optional(),
    PAYPAL_CLIENT_ID: optionalText,
    PAYPAL_CLIENT_SECRET: optionalText,
    PAYPAL_API_BASE: httpUrl.default('https://api-m.sandbox.paypal.com'),
    PAYPAL_WEBHOOK_ID: optionalText,
    FACEBOOK_APP_ID: optionalText,
    FACEBOOK_APP_SECRET: optionalText,
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    INSTAGRAM_APP_ID: optionalText,
    INSTAGRAM_APP_SECRET: optionalText,
    // Where the partner consents and where the code is traded (docs/product/links-and-integrations.md#instagram); tests point them at a stand-in.
    INSTAGRAM_AUTHORIZE_URL: httpUrl.default('https://www.instagram.com/oauth/authorize'),
    INSTAGRAM_API_URL: httpUrl.default('https://api.instagram.com'),
    INTEGRATIONS_KEY: z
      .string()
      .trim()
      .refine((v) => parsePayloadKey(v) !== null, 'must be 32 bytes in base64, optionally prefixed base64:')
      .optional(),
    FACEBOOK_GRAPH_URL: httpUrl.default('https://graph.facebook.com'),
    // Where a person consents to Facebook (sign-in and connect); tests point it at a stand-in.
    FACEBOOK_DIALOG_URL: httpUrl.default('https://www.facebook.com'),
    INSTAGRAM_GRAPH_URL: httpUrl.default('https://graph.instagram.com'),
    GOOGLE_OAUTH_URL: httpUrl.default('https://oauth2.googleapis.com'),
    STAFF_BOOTSTRAP_EMAIL: z.email('must be an e-mail address').optional(),
    STAFF_BOOTSTRAP_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(128).optional(),
    SEED_DEMO: booleanText.optional(),
    PROGRAM_CURRENCY: z
      .string()
      .trim()
      .toUpperCase()
      .refine(isProgramCurrency, `must be one of ${PROGRAM_CURRENCIES.join(', ')}`)
      .optional(),
    RATE_LIMIT_API: z.coerce
      .number({ error: 'must be a number of requests per minute' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .optional(),
    // The bearer Prometheus sends to GET /metrics; unset, /metrics answers 404 (decisions/041).
    METRICS_TOKEN: z
      .string()
      .trim()
      .min(16, 'must be at least 16 characters')
      .max(256, 'must be at most 256 characters')
      .refine(
        (v) => /^[\x21-\x7e]+$/.test(v),
        'must be printable ASCII without spaces (it travels in a header)',
      )
      .optional(),
    // Which peers may say who the client is (X-Forwarded-For): the TLS proxy or load balancer in
    // front. Unset, the peer itself is the client, and behind a proxy every partner would share
    // one rate limit and one sign-in throttle (docs/deployment.md).
    TRUST_PROXY: z
      .string()
      .trim()
      .refine(
        (v) => v.split(',').every((entry) => isProxyAddress(entry.trim())),
        'must be addresses or CIDR ranges separated by commas (or loopback, linklocal, uniquelocal)',
      )
      .optional(),
  })
  .superRefine((env, ctx) => {
    const pairs: [keyof typeof env, keyof typeof env][] = [
      ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'],
      ['FACEBOOK_APP_ID', 'FACEBOOK_APP_SECRET'],
      ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
      ['INSTAGRAM_APP_ID', 'INSTAGRAM_APP_SECRET'],
      ['SHOPIFY_SHOP_DOMAIN', 'SHOPIFY_ADMIN_TOKEN'],
      ['STAFF_BOOTSTRAP_EMAIL', 'STAFF_BOOTSTRAP_PASSWORD'],
    ];
    for (const [a, b] of pairs) {
      if (Boolean(env[a]) !== Boolean(env[b])) {
        const missing = env[a] ? b : a;
        ctx.addIssue({
          code: 'custom',
          path: [missing],
          message: `must be set together with ${env[a] ? a : b}`,
        });
      }
    }
  });

export type Config = ReturnType<typeof shapeConfig>;

/** Every variable the configuration reads: docs/deployment.md's table and compose.yaml are checked against it. */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(schema.shape);

function shapeConfig(env: z.output<typeof schema>) {
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  return {
    env: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, digestSeconds: env.MAIL_DIGEST_SECONDS },
    /** Caps every periodic task's interval (milliseconds); unset, each task keeps its own. */
    taskIntervalMaxMs:
      env.TASK_INTERVAL_MAX_SECONDS === undefined ? undefined : env.TASK_INTERVAL_MAX_SECONDS * 1000,
    /** Unset values are generated and stored on first start (see server/modules/settings). */
    publicClientToken: env.PUBLIC_CLIENT_TOKEN,
    userPayloadKey: env.USER_PAYLOAD_KEY ? parsePayloadKey(env.USER_PAYLOAD_KEY)! : undefined,
    /** Seals the partners' social tokens at rest (docs/product/links-and-integrations.md#provider-tokens). */
    integrationsKey: env.INTEGRATIONS_KEY ? parsePayloadKey(env.INTEGRATIONS_KEY)! : undefined,
    shopify: {
      webhookSecret: env.SHOPIFY_WEBHOOK_SECRET,
      shopDomain: env.SHOPIFY_SHOP_DOMAIN,
      adminToken: env.SHOPIFY_ADMIN_TOKEN,
      /** Where discount codes are pushed (docs/product/links-and-integrations.md#discount-push); set only with the domain and the token. */
      adminApiUrl: env.SHOPIFY_SHOP_DOMAIN
        ? (env.SHOPIFY_ADMIN_API_URL ??
          `https://${env.SHOPIFY_SHOP_DOMAIN.toLowerCase()}/admin/api/2025-07/graphql.json`)
        : undefined,
      /** SHOPIFY_ADMIN_API_URL as set: it overrides the address of a store connected from the back office too. */
      adminApiUrlOverride: env.SHOPIFY_ADMIN_API_URL,
      /** How often a round of the reconciliation with the store is due (milliseconds). */
      reconcileEveryMs: env.SHOPIFY_RECONCILE_MINUTES * 60_000,
      storeUrl: env.STORE_URL,
    },
    paypal: {
      clientId: env.PAYPAL_CLIENT_ID,
      clientSecret: env.PAYPAL_CLIENT_SECRET,
      apiBase: env.PAYPAL_API_BASE,
      webhookId: env.PAYPAL_WEBHOOK_ID,
    },
    social: {
      facebook: env.FACEBOOK_APP_ID
        ? { appId: env.FACEBOOK_APP_ID, secret: env.FACEBOOK_APP_SECRET! }
        : undefined,
      google: env.GOOGLE_CLIENT_ID
        ? { clientId: env.GOOGLE_CLIENT_ID, secret: env.GOOGLE_CLIENT_SECRET! }
        : undefined,
      instagram: env.INSTAGRAM_APP_ID
        ? { appId: env.INSTAGRAM_APP_ID, secret: env.INSTAGRAM_APP_SECRET! }
        : undefined,
      facebookGraphUrl: env.FACEBOOK_GRAPH_URL,
      facebookDialogUrl: env.FACEBOOK_DIALOG_URL,
      instagramGraphUrl: env.INSTAGRAM_GRAPH_URL,
      instagramAuthorizeUrl: env.INSTAGRAM_AUTHORIZE_URL,
      instagramApiUrl: env.INSTAGRAM_API_URL,
      googleOauthUrl: env.GOOGLE_OAUTH_URL,
    },
    staffBootstrap: env.STAFF_BOOTSTRAP_EMAIL
      ? { email: env.STAFF_BOOTSTRAP_EMAIL, password: env.STAFF_BOOTSTRAP_PASSWORD! }
      : undefined,
    // The demo program is on by default only for the embedded database (docs/product/system.md#configuration).
    seedDemo: env.SEED_DEMO ?? !env.DATABASE_URL,
    /** The program currency to run in, applied while the ledger holds no money (docs/decisions/053). */
    programCurrency: env.PROGRAM_CURRENCY,
    /** Requests per minute per client on the API; unset keeps the built-in limit. */
    apiRateLimit: env.RATE_LIMIT_API,
    /** The bearer of GET /metrics; unset, the metrics are not served. */
    metricsToken: env.METRICS_TOKEN,
    /** The proxies whose X-Forwarded-For names the client (Fastify's trustProxy); false trusts none. */
    trustProxy: env.TRUST_PROXY ?? (false as const),
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the configuration from an environment (process.env by default); throws ConfigError naming each bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // An empty variable counts as unset: `FOO= npm start` should not be a bad value.
  const env = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ''),
  );
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'configuration');
        const given =
          typeof env[name] === 'string' && !/SECRET|PASSWORD|TOKEN|KEY/.test(name)
            ? ` (got '${env[name]}')`
            : '';
        return `${name} ${issue.message}${given}`;
      }),
    );
  }
  return shapeConfig(parsed.data);
}
