// Which Shopify store the portal talks to (issue 30, docs/decisions/056-store-connection.md), for
// everything that does: the webhook route's signature check, the discount push, the webhook
// subscriptions, the reconciliation. SHOPIFY_SHOP_DOMAIN and SHOPIFY_ADMIN_TOKEN win (source
// `environment`); else the connection an admin made in the back office (source `settings`, sealed
// in store_connection). SHOPIFY_ADMIN_API_URL, when set, overrides the store's address either way
// (tests point it at server/test/shopify-admin.ts).
//
// The stored row is read again after CACHE_MS: a connection changed on another node reaches this
// one within seconds; on this node the change forgets the cache at once.
import type { Config } from '../../config';
import type { Db } from '../../db';
import { createShopifyAdminClient, SHOPIFY_ADMIN_API_VERSION } from '../../integrations/shopify/admin';
import type { ShopifyAdminClient, ShopifyGraphql } from '../../integrations/shopify/admin';
import { openToken } from '../integrations/seal';
import { storedConnection } from './repository';

export type StoreSource = 'environment' | 'settings';
export type StoreClient = ShopifyAdminClient & ShopifyGraphql;

export interface StoreDeps {
  db: Db;
  config: Pick<Config, 'shopify' | 'publicUrl'>;
  secrets: { integrationsKey: Buffer };
}

export interface ActiveStore {
  source: StoreSource;
  shopDomain: string;
  /** The Admin GraphQL endpoint the client calls. */
  url: string;
  client: StoreClient;
  /** Shown masked ("shpat_…1a2b"); the token itself never leaves the server. */
  tokenHint: string;
  /** SHOPIFY_WEBHOOK_SECRET, else the stored one. */
  webhookSecret: string | undefined;
}

/** How long a node trusts its last read of the stored connection. */
export const CACHE_MS = 2000;

export const tokenBinding = (shopDomain: string) => `shopify-admin:${shopDomain.toLowerCase()}`;
export const secretBinding = (shopDomain: string) => `shopify-webhook:${shopDomain.toLowerCase()}`;

/** The Admin GraphQL endpoint of a shop, unless SHOPIFY_ADMIN_API_URL says otherwise. */
export const adminApiUrl = (config: Pick<Config, 'shopify'>, shopDomain: string) =>
  config.shopify.adminApiUrlOverride ?? `https://${shopDomain.toLowerCase()}/admin/api/${SHOPIFY_ADMIN_API_VERSION}/graphql.json`;

/** The start and the last 4 characters of a secret: "shpat_…1a2b". */
export function secretHint(secret: string): string {
  const prefix = /^[a-z]+_/i.exec(secret)?.[0] ?? '';
  return secret.length <= 8 ? '…' : `${prefix}…${secret.slice(-4)}`;
}

/** The connection the environment holds, when SHOPIFY_SHOP_DOMAIN and SHOPIFY_ADMIN_TOKEN are set. */
export const environmentHolds = (config: Pick<Config, 'shopify'>): boolean =>
  Boolean(config.shopify.shopDomain && config.shopify.adminToken);

/** Whether any store is connected (a cheap read: the discount push asks in its transactions). */
export async function storeConnected(db: Db, config: Pick<Config, 'shopify'>): Promise<boolean> {
  if (environmentHolds(config)) return true;
  return (await storedConnection(db)) !== undefined;
}

type Opened = { shopDomain: string; token: string; webhookSecret: string | undefined } | null;
const cache = new WeakMap<Db, { until: number; opened: Opened }>();
const clients = new Map<string, StoreClient>();

function clientFor(url: string, token: string): StoreClient {
  const key = `${url}\n${token}`;
  let client = clients.get(key);
  if (!client) {
    if (clients.size > 16) clients.clear();
    clients.set(key, (client = createShopifyAdminClient({ url, token })));
  }
  return client;
}

/** Forgets this node's read of the stored connection (after a change made here). */
export function forgetStoredConnection(db: Db): void {
  cache.delete(db);
}

async function openStored(deps: StoreDeps): Promise<Opened> {
  const cached = cache.get(deps.db);
  if (cached && cached.until > Date.now()) return cached.opened;
  const row = await storedConnection(deps.db);
  let opened: Opened = null;
  if (row) {
    const token = openToken(deps.secrets.integrationsKey, row.admin_token_sealed, tokenBinding(row.shop_domain));
    const secret = row.webhook_secret_sealed
      ? openToken(deps.secrets.integrationsKey, row.webhook_secret_sealed, secretBinding(row.shop_domain))
      : null;
    // A token that does not open (another INTEGRATIONS_KEY) is no connection: staff connect again.
    if (token) opened = { shopDomain: row.shop_domain, token, webhookSecret: secret ?? undefined };
  }
  cache.set(deps.db, { until: Date.now() + CACHE_MS, opened });
  return opened;
}

/** The store the portal talks to now, or null when none is connected. */
export async function activeStore(deps: StoreDeps): Promise<ActiveStore | null> {
  const { shopify } = deps.config;
  if (shopify.shopDomain && shopify.adminToken) {
    const url = shopify.adminApiUrl ?? adminApiUrl(deps.config, shopify.shopDomain);
    return {
      source: 'environment',
      shopDomain: shopify.shopDomain.toLowerCase(),
      url,
      client: clientFor(url, shopify.adminToken),
      tokenHint: secretHint(shopify.adminToken),
      webhookSecret: shopify.webhookSecret,
    };
  }
  const opened = await openStored(deps);
  if (!opened) return null;
  const url = adminApiUrl(deps.config, opened.shopDomain);
  return {
    source: 'settings',
    shopDomain: opened.shopDomain,
    url,
    client: clientFor(url, opened.token),
    tokenHint: secretHint(opened.token),
    webhookSecret: shopify.webhookSecret ?? opened.webhookSecret,
  };
}

/** The secret webhook deliveries are signed with: SHOPIFY_WEBHOOK_SECRET, else the stored one. */
export async function webhookSecret(deps: StoreDeps): Promise<string | undefined> {
  if (deps.config.shopify.webhookSecret || environmentHolds(deps.config)) return deps.config.shopify.webhookSecret;
  return (await openStored(deps))?.webhookSecret;
}

/** The dependencies from the app's context. */
export const storeDeps = (ctx: StoreDeps): StoreDeps => ({ db: ctx.db, config: ctx.config, secrets: ctx.secrets });
