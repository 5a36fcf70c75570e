// Which Shopify store the portal talks to (issue 30, docs/decisions/056-store-connection.md), for
// everything that does: the webhook route's signature check, the discount push, the webhook
// subscriptions, the reconciliation. SHOPIFY_SHOP_DOMAIN and SHOPIFY_ADMIN_TOKEN win (source
// `environment`); else the connection an admin made in the back office (source `settings`, sealed
// in store_connection). SHOPIFY_ADMIN_API_URL, when set, overrides the store's address either way
// (tests point it at server/test/shopify-admin.ts).
//
// The stored row is read again after CACHE_MS: a connection changed on another node reaches this
// one within seconds; on this node the change forgets the cache at once.
//
// A Dev Dashboard app's connection (client_id set) holds a token the client credentials grant
// issued, which lives about a day: REGRANT_BEFORE_MS before it ends, the node reading it asks the
// store for a new one (once per node at a time) and keeps it, so the other nodes read it too. A
// grant that fails leaves the old token while it still works, and is asked again a minute later.
import type { Config } from '../../config';
import type { Db } from '../../db';
import { createShopifyAdminClient, SHOPIFY_ADMIN_API_VERSION } from '../../integrations/shopify/admin';
import type { ShopifyAdminClient, ShopifyGraphql } from '../../integrations/shopify/admin';
import { grantAccessToken } from '../../integrations/shopify/client-credentials';
import { nowIso } from '../../db/dialect';
import { openToken, sealToken } from '../integrations/service';
import { saveGrantedToken, storedConnection } from './repository';
import type { StoredConnection } from './repository';

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
  /** The Dev Dashboard app's client ID when its token is granted by client credentials. */
  clientId: string | null;
  /** When that token stops working (it is asked again before). */
  tokenExpiresAt: string | null;
}

/** How long a node trusts its last read of the stored connection. */
export const CACHE_MS = 2000;
/** A granted token is asked again this long before it ends. */
export const REGRANT_BEFORE_MS = 60 * 60_000;

export const tokenBinding = (shopDomain: string) => `shopify-admin:${shopDomain.toLowerCase()}`;
export const secretBinding = (shopDomain: string) => `shopify-webhook:${shopDomain.toLowerCase()}`;

/** The Admin GraphQL endpoint of a shop, unless SHOPIFY_ADMIN_API_URL says otherwise. */
export const adminApiUrl = (config: Pick<Config, 'shopify'>, shopDomain: string) =>
  config.shopify.adminApiUrlOverride ??
  `https://${shopDomain.toLowerCase()}/admin/api/${SHOPIFY_ADMIN_API_VERSION}/graphql.json`;

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

type Opened = {
  shopDomain: string;
  token: string;
  webhookSecret: string | undefined;
  clientId: string | null;
  tokenExpiresAt: string | null;
} | null;
type Read = { until: number; opened: Opened; row: StoredConnection | null; secret: string | undefined };
const cache = new WeakMap<Db, Read>();
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

/** Forgets this node's read of the stored connection, and a grant that failed (after a change made here). */
export function forgetStoredConnection(db: Db): void {
  cache.delete(db);
  grantFailed.clear();
}

const granting = new Map<string, Promise<Opened>>();
/** One app of one shop: the key of its grant in flight and of its last failure. */
const appKey = (row: { shop_domain: string; client_id: string }) => `${row.shop_domain}\n${row.client_id}`;
/** When a grant last failed, per app: asked again only after REGRANT_RETRY_MS (the tasks ask every few seconds). */
const grantFailed = new Map<string, number>();
export const REGRANT_RETRY_MS = 60_000;
const stillGood = (opened: Opened) =>
  opened?.tokenExpiresAt && Date.parse(opened.tokenExpiresAt) > Date.now() ? opened : null;

/** A new token for a Dev Dashboard app's connection, kept for every node; the old one when the store does not give one. */
async function regrant(
  deps: StoreDeps,
  row: StoredConnection & { client_id: string },
  current: Opened,
  secret: string,
): Promise<Opened> {
  const key = deps.secrets.integrationsKey;
  try {
    const granted = await grantAccessToken(adminApiUrl(deps.config, row.shop_domain), {
      clientId: row.client_id,
      clientSecret: secret,
    });
    const sealed = sealToken(key, granted.token, tokenBinding(row.shop_domain));
    const expires = nowIso(granted.expiresAt);
    grantFailed.delete(appKey(row));
    await saveGrantedToken(
      deps.db,
      { shop_domain: row.shop_domain, client_id: row.client_id, admin_token_sealed: row.admin_token_sealed },
      { admin_token_sealed: sealed, token_expires_at: expires },
      nowIso(),
    );
    return {
      shopDomain: row.shop_domain,
      token: granted.token,
      webhookSecret: secret,
      clientId: row.client_id,
      tokenExpiresAt: expires,
    };
  } catch {
    // Still usable: asked again in a minute. Expired: no connection until the store answers.
    grantFailed.set(appKey(row), Date.now());
    return stillGood(current);
  }
}

/** The stored connection as this node last read it (no grant asked: the webhook route reads its secret here). */
async function readStored(deps: StoreDeps): Promise<Read> {
  const cached = cache.get(deps.db);
  if (cached && cached.until > Date.now()) return cached;
  const row = await storedConnection(deps.db);
  let read: Read = { until: Date.now() + CACHE_MS, opened: null, row: row ?? null, secret: undefined };
  if (row) {
    const token = openToken(
      deps.secrets.integrationsKey,
      row.admin_token_sealed,
      tokenBinding(row.shop_domain),
    );
    const secret = row.webhook_secret_sealed
      ? (openToken(deps.secrets.integrationsKey, row.webhook_secret_sealed, secretBinding(row.shop_domain)) ??
        undefined)
      : undefined;
    // A token that does not open (another INTEGRATIONS_KEY) is no connection: staff connect again.
    read = {
      ...read,
      secret,
      opened: token
        ? {
            shopDomain: row.shop_domain,
            token,
            webhookSecret: secret,
            clientId: row.client_id,
            tokenExpiresAt: row.token_expires_at,
          }
        : null,
    };
  }
  cache.set(deps.db, read);
  return read;
}

/** The stored connection with a token that works now: a granted one near its end is asked again first. */
async function openStored(deps: StoreDeps): Promise<Opened> {
  const read = await readStored(deps);
  const { row, secret } = read;
  if (!row?.client_id || !secret) return read.opened;
  if (row.token_expires_at && Date.parse(row.token_expires_at) - REGRANT_BEFORE_MS > Date.now())
    return read.opened;
  const flight = appKey({ shop_domain: row.shop_domain, client_id: row.client_id });
  if ((grantFailed.get(flight) ?? 0) > Date.now() - REGRANT_RETRY_MS) return stillGood(read.opened);
  let pending = granting.get(flight);
  if (!pending) {
    pending = regrant(deps, { ...row, client_id: row.client_id }, read.opened, secret).finally(() =>
      granting.delete(flight),
    );
    granting.set(flight, pending);
  }
  const opened = await pending;
  cache.delete(deps.db);
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
      clientId: null,
      tokenExpiresAt: null,
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
    clientId: opened.clientId,
    tokenExpiresAt: opened.tokenExpiresAt,
  };
}

/** The secret webhook deliveries are signed with: SHOPIFY_WEBHOOK_SECRET, else the stored one. */
export async function webhookSecret(deps: StoreDeps): Promise<string | undefined> {
  if (deps.config.shopify.webhookSecret || environmentHolds(deps.config))
    return deps.config.shopify.webhookSecret;
  return (await readStored(deps)).secret;
}

/**
 * The shop's domain, for the storefront's address when STORE_URL is unset (the short link,
 * docs/product/links-and-integrations.md#short-links): SHOPIFY_SHOP_DOMAIN, else the connection
 * made in the back office, as this node last read it (no grant asked).
 */
export async function storeShopDomain(deps: StoreDeps): Promise<string | null> {
  if (deps.config.shopify.shopDomain) return deps.config.shopify.shopDomain.toLowerCase();
  return (await readStored(deps)).row?.shop_domain ?? null;
}

/** The dependencies from the app's context. */
export const storeDeps = (ctx: StoreDeps): StoreDeps => ({
  db: ctx.db,
  config: ctx.config,
  secrets: ctx.secrets,
});
