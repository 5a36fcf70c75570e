// The store connection in the back office (issue 30, docs/decisions/056-store-connection.md):
// admins connect the Shopify store with its domain, an Admin API access token of a custom app and
// the app's client secret (the webhook secret). The token is checked at once (the shop's name and
// currency, the token's scopes), the secrets sealed at rest, the change audited, then the webhook
// subscriptions made at once. SHOPIFY_SHOP_DOMAIN and SHOPIFY_ADMIN_TOKEN win: with them set, the
// section is read only (409 on a change).
import type { Db } from '../../db';
import { nowIso } from '../../db/dialect';
import { AppError, invalid, said } from '../../errors';
import {
  createShopifyAdminClient,
  SHOPIFY_ADMIN_API_VERSION,
  ShopifyRefusedError,
  ShopifyTransientError,
} from '../../integrations/shopify/admin';
import { grantAccessToken } from '../../integrations/shopify/client-credentials';
import { recordAudit } from '../audit/service';
import { openToken, sealToken } from '../integrations/service';
import {
  activeStore,
  adminApiUrl,
  environmentHolds,
  forgetStoredConnection,
  secretBinding,
  secretHint,
  tokenBinding,
} from './active-store';
import type { StoreDeps } from './active-store';
// What the webhook's signature check, the discount push and the short link read of the connection.
export { storeConnected, storeDeps, storeShopDomain, webhookSecret } from './active-store';
export type { StoreDeps } from './active-store';
import {
  deleteConnection,
  lastDeliveries,
  refusedSince,
  saveConnection,
  storedConnection,
  storeStatus,
  updateStatus,
} from './repository';
import { checkShop, DELIVERY_TOPICS, missingScopes, STORE_TOPICS } from './shopify';
import type { StoreTopic } from './shopify';
import { keepSubscriptions, webhookAddress } from './subscriptions';
import type { TopicState } from './subscriptions';

import type { z } from 'zod';
import type { storeConnection, storeReconciliation } from '../../../common/contracts/store-connection';

const DAY_MS = 86_400_000;

/** The connection as the back office reads it (common/contracts/store-connection.ts). */
export type StoreConnectionJson = z.infer<typeof storeConnection>;
/** The reconciliation's state, as the section shows it. */
export type StoreReconciliationJson = z.infer<typeof storeReconciliation>;

export interface StoreTopicJson {
  topic: StoreTopic;
  registered: boolean;
  callback_url: string | null;
  last_delivery_at: string | null;
  refused_24h: number;
}

export interface StoreSettingsJson {
  connection: StoreConnectionJson | null;
  address: string;
  api_version: string;
  topics: StoreTopicJson[];
  subscriptions_checked_at: string | null;
  subscriptions_error: string | null;
  reconciliation: StoreReconciliationJson | null;
}

/** The reconciliation's state for the section (helper module of issue 30 item 3), when there is one. */
export type ReconciliationView = (db: Db) => Promise<StoreReconciliationJson>;

const parseList = <T>(text: string | null, fallback: T): T => {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/** The section as GET answers it. */
export async function storeSettings(
  deps: StoreDeps,
  options: { reconciliation?: ReconciliationView; now?: Date } = {},
): Promise<StoreSettingsJson> {
  const now = options.now ?? new Date();
  const store = await activeStore(deps);
  const status = await storeStatus(deps.db);
  const aboutThisShop = Boolean(store && status && status.shop_domain === store.shopDomain);
  const scopes = aboutThisShop ? parseList<string[]>(status!.scopes, []) : [];
  const checked = aboutThisShop && status!.checked_at !== null;
  const connection: StoreConnectionJson | null = store
    ? {
        source: store.source,
        shop_domain: store.shopDomain,
        shop_name: aboutThisShop ? status!.shop_name : null,
        currency: aboutThisShop ? status!.currency : null,
        scopes,
        missing_scopes: checked && status!.scopes !== null ? missingScopes(scopes) : [],
        app_kind: store.clientId ? 'client_credentials' : 'access_token',
        client_id: store.clientId,
        token_expires_at: store.tokenExpiresAt,
        token_hint: store.tokenHint,
        webhook_secret_set: Boolean(store.webhookSecret),
        checked_at: aboutThisShop ? status!.checked_at : null,
        check_error: aboutThisShop ? status!.check_error : null,
      }
    : null;
  const states = aboutThisShop ? parseList<TopicState[]>(status!.topics, []) : [];
  const deliveryTopics = STORE_TOPICS.map((t) => DELIVERY_TOPICS[t]);
  const [last, refused] = await Promise.all([
    lastDeliveries(deps.db, deliveryTopics),
    refusedSince(deps.db, deliveryTopics, nowIso(new Date(now.getTime() - DAY_MS))),
  ]);
  const topics = STORE_TOPICS.map((topic) => {
    const state = states.find((s) => s.topic === topic);
    return {
      topic,
      registered: state?.registered ?? false,
      callback_url: state?.callback_url ?? null,
      last_delivery_at: last.get(DELIVERY_TOPICS[topic]) ?? null,
      refused_24h: refused.get(DELIVERY_TOPICS[topic]) ?? 0,
    };
  });
  return {
    connection,
    address: webhookAddress(deps.config.publicUrl),
    api_version: SHOPIFY_ADMIN_API_VERSION,
    topics,
    subscriptions_checked_at: aboutThisShop ? status!.subscriptions_checked_at : null,
    subscriptions_error: aboutThisShop ? status!.subscriptions_error : null,
    reconciliation: options.reconciliation ? await options.reconciliation(deps.db) : null,
  };
}

/** Either a Dev Dashboard app's client ID (its client secret in webhook_secret) or an admin-made app's access token. */
export interface StoreConnectionInput {
  shop_domain: string;
  admin_token?: string | undefined;
  client_id?: string | undefined;
  webhook_secret?: string | undefined;
}

/** What the audit line keeps of a connection: never a secret, only its hint. */
const audited = (c: {
  shop_domain: string;
  client_id?: string | null;
  token_hint: string;
  webhook_secret_set: boolean;
}) => ({
  shop_domain: c.shop_domain,
  ...(c.client_id ? { client_id: c.client_id } : {}),
  token_hint: c.token_hint,
  webhook_secret_set: c.webhook_secret_set,
});

type Log = { warn(obj: object, msg: string): void; info?(obj: object, msg: string): void };

/** Checks the token against the store, then keeps the connection sealed and makes the subscriptions. */
export async function connectStore(
  deps: StoreDeps,
  input: StoreConnectionInput & { staffId: number },
  log: Log,
  options: { reconciliation?: ReconciliationView } = {},
): Promise<StoreSettingsJson> {
  if (environmentHolds(deps.config)) throw new AppError(409, 'store_connection.environment');
  const shopDomain = input.shop_domain.trim().toLowerCase();
  const clientId = input.client_id?.trim() || null;
  const given = input.admin_token?.trim() || null;
  if (clientId && given)
    throw invalid({ admin_token: ['store_connection.token_or_client'] }, 'store_connection.token_or_client');
  if (!clientId && !given)
    throw invalid(
      { [input.client_id === undefined ? 'admin_token' : 'client_id']: ['store_connection.token_or_client'] },
      'store_connection.token_or_client',
    );
  const secret = input.webhook_secret?.trim() || undefined;
  const before = await storedConnection(deps.db);
  const key = deps.secrets.integrationsKey;
  // The secret stored with this shop (and this app) is kept when none is sent (the form leaves it empty).
  const keptSecret =
    before?.webhook_secret_sealed &&
    before.shop_domain === shopDomain &&
    (!clientId || before.client_id === clientId)
      ? openToken(key, before.webhook_secret_sealed, secretBinding(shopDomain))
      : null;
  // A Dev Dashboard app's client secret is its webhook secret too: never the environment's then.
  if (!secret && !keptSecret && (clientId || !deps.config.shopify.webhookSecret))
    throw invalid({ webhook_secret: ['store_connection.secret_required'] });

  const url = adminApiUrl(deps.config, shopDomain);
  let token = given;
  let expiresAt: string | null = null;
  let shop;
  try {
    if (clientId) {
      const granted = await grantAccessToken(url, { clientId, clientSecret: (secret ?? keptSecret)! });
      token = granted.token;
      expiresAt = nowIso(granted.expiresAt);
    }
    shop = await checkShop(createShopifyAdminClient({ url, token: token! }));
  } catch (error) {
    if (error instanceof ShopifyRefusedError) {
      // The grant's refusal: the client ID or secret (or the app not installed on this shop).
      if (clientId && !expiresAt)
        throw invalid(
          { client_id: [error.said ? said(error.said) : 'store_connection.credentials_refused'] },
          'store_connection.credentials_refused',
        );
      if (error.status === 401 || error.status === 403)
        throw invalid(
          {
            [clientId ? 'client_id' : 'admin_token']: [
              error.said ? said(error.said) : 'store_connection.token_refused',
            ],
          },
          'store_connection.token_refused',
        );
      if (error.status === 404 || error.status === 402 || error.status === 423)
        throw invalid(
          { shop_domain: [error.said ? said(error.said) : 'store_connection.shop_not_found'] },
          'store_connection.shop_not_found',
        );
      // The store's own words when it said any; never our English text of the refusal.
      throw invalid(
        {
          [clientId ? 'client_id' : 'admin_token']: [
            error.said ? said(error.said) : 'store_connection.token_refused',
          ],
        },
        'store_connection.token_refused',
      );
    }
    if (error instanceof ShopifyTransientError) {
      log.warn(
        { shopDomain, err: error.message },
        'shopify could not be reached to check the store connection',
      );
      throw invalid({ shop_domain: ['store_connection.unreachable'] }, 'store_connection.unreachable');
    }
    throw error;
  }
  const missing = missingScopes(shop.scopes);
  if (missing.length > 0)
    throw invalid(
      {
        [clientId ? 'client_id' : 'admin_token']: ['store_connection.scopes_missing'],
        missing_scopes: missing.map(said),
      },
      'store_connection.scopes_missing',
    );

  const at = nowIso();
  const secretToKeep = secret ?? keptSecret ?? null;
  await deps.db.transaction().execute(async (trx) => {
    const previous = await storedConnection(trx);
    await saveConnection(
      trx,
      {
        shop_domain: shopDomain,
        admin_token_sealed: sealToken(key, token!, tokenBinding(shopDomain)),
        webhook_secret_sealed: secretToKeep ? sealToken(key, secretToKeep, secretBinding(shopDomain)) : null,
        client_id: clientId,
        token_expires_at: expiresAt,
      },
      at,
    );
    await updateStatus(trx, {
      shop_domain: shopDomain,
      shop_name: shop.name,
      currency: shop.currency,
      scopes: JSON.stringify(shop.scopes),
      checked_at: at,
      check_error: null,
      // Another shop's subscriptions say nothing about this one.
      ...(previous?.shop_domain === shopDomain
        ? {}
        : { topics: null, subscriptions_checked_at: null, subscriptions_error: null }),
      next_check_at: at,
      updated_at: at,
    });
    const previousJson = previous
      ? (() => {
          const opened = openToken(key, previous.admin_token_sealed, tokenBinding(previous.shop_domain));
          return audited({
            shop_domain: previous.shop_domain,
            client_id: previous.client_id,
            token_hint: opened ? secretHint(opened) : '…',
            webhook_secret_set: previous.webhook_secret_sealed !== null,
          });
        })()
      : undefined;
    await recordAudit(
      trx,
      {
        staffId: input.staffId,
        action: 'settings.store_connect',
        entity: 'settings',
        entityId: 'store',
        ...(previousJson ? { before: previousJson } : {}),
        after: audited({
          shop_domain: shopDomain,
          client_id: clientId,
          token_hint: secretHint(token!),
          webhook_secret_set: Boolean(secretToKeep ?? deps.config.shopify.webhookSecret),
        }),
      },
      at,
    );
  });
  forgetStoredConnection(deps.db);
  // The subscriptions at once; a store that does not answer now is asked again by the hourly round.
  try {
    await keepSubscriptions(deps, log, { force: true });
  } catch (error) {
    log.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'shopify webhook subscriptions not made at connection; the periodic round tries again',
    );
  }
  return storeSettings(deps, options);
}

/** Forgets the stored connection (its subscriptions in the store are left; deliveries then fail their signature). */
export async function disconnectStore(
  deps: StoreDeps,
  input: { staffId: number },
  options: { reconciliation?: ReconciliationView } = {},
): Promise<StoreSettingsJson> {
  if (environmentHolds(deps.config)) throw new AppError(409, 'store_connection.environment');
  const key = deps.secrets.integrationsKey;
  const at = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    const previous = await storedConnection(trx);
    if (!previous || !(await deleteConnection(trx)))
      throw new AppError(404, 'store_connection.not_connected');
    await updateStatus(trx, {
      shop_domain: null,
      shop_name: null,
      currency: null,
      scopes: null,
      checked_at: null,
      check_error: null,
      topics: null,
      subscriptions_checked_at: null,
      subscriptions_error: null,
      updated_at: at,
    });
    const opened = openToken(key, previous.admin_token_sealed, tokenBinding(previous.shop_domain));
    await recordAudit(
      trx,
      {
        staffId: input.staffId,
        action: 'settings.store_disconnect',
        entity: 'settings',
        entityId: 'store',
        before: audited({
          shop_domain: previous.shop_domain,
          token_hint: opened ? secretHint(opened) : '…',
          webhook_secret_set: previous.webhook_secret_sealed !== null,
        }),
      },
      at,
    );
  });
  forgetStoredConnection(deps.db);
  return storeSettings(deps, options);
}
