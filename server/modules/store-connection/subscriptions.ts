// The webhook subscriptions the portal keeps itself (issue 30): when a store is connected and
// then every hour, one node (a lease on store_status' one row) lists the app's subscriptions,
// creates the missing ones for ORDERS_PAID, ORDERS_CANCELLED and REFUNDS_CREATE at
// {PUBLIC_URL}/api/webhooks/shopify (JSON), and replaces one that points at another address of this
// portal (the same path on another host: an earlier PUBLIC_URL). Subscriptions to addresses
// that are not the portal's are left alone. The outcome, per topic, is kept for the back office.
// The same round checks the shop and the token's scopes again (a token revoked since shows).
import { nowIso } from '../../db/dialect';
import { ShopifyRefusedError } from '../../integrations/shopify/admin';
import { activeStore } from './active-store';
import type { ActiveStore, StoreDeps } from './active-store';
import { claimSubscriptionsCheck, recordCheck } from './repository';
import {
  checkShop,
  createSubscription,
  deleteSubscription,
  listSubscriptions,
  STORE_TOPICS,
} from './shopify';
import type { StoreTopic, Subscription } from './shopify';

export const WEBHOOK_PATH = '/api/webhooks/shopify';
/** The subscriptions are checked again this long after a check. */
export const CHECK_EVERY_MS = 3_600_000;
/** A node holds the check this long: several calls' time-outs. */
export const LEASE_MS = 120_000;

export interface TopicState {
  topic: StoreTopic;
  registered: boolean;
  callback_url: string | null;
  /** The store's words when it refused the subscription. */
  error: string | null;
}

type Log = { warn(obj: object, msg: string): void; info?(obj: object, msg: string): void };

/** Where the store delivers: {PUBLIC_URL}/api/webhooks/shopify. */
export const webhookAddress = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}${WEBHOOK_PATH}`;

/** An address of this portal other than `ours`: the webhook route's path on another origin. */
function anotherOfOurs(callbackUrl: string, ours: string): boolean {
  if (callbackUrl === ours) return false;
  try {
    return new URL(callbackUrl).pathname.replace(/\/+$/, '') === WEBHOOK_PATH;
  } catch {
    return false;
  }
}

const clip = (text: string) => text.slice(0, 1000);
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Makes the store's subscriptions what the portal needs; answers each topic's state. */
export async function reconcileSubscriptions(
  store: Pick<ActiveStore, 'client'>,
  address: string,
  log?: Log,
): Promise<TopicState[]> {
  const existing = await listSubscriptions(store.client);
  const states: TopicState[] = [];
  for (const topic of STORE_TOPICS) {
    const mine = existing.filter((s) => s.topic === topic);
    const current = mine.find((s) => s.callbackUrl === address);
    const stale = mine.filter(
      (s): s is Subscription & { callbackUrl: string } =>
        s.callbackUrl !== null && anotherOfOurs(s.callbackUrl, address),
    );
    try {
      for (const old of stale) {
        await deleteSubscription(store.client, old.id);
        log?.info?.(
          { topic, callbackUrl: old.callbackUrl },
          'shopify webhook subscription at an old address of the portal removed',
        );
      }
      if (current) {
        states.push({ topic, registered: true, callback_url: address, error: null });
        continue;
      }
      const made = await createSubscription(store.client, topic, address);
      log?.info?.({ topic, callbackUrl: made.callbackUrl }, 'shopify webhook subscription created');
      states.push({ topic, registered: true, callback_url: made.callbackUrl ?? address, error: null });
    } catch (error) {
      // A refusal (userErrors) is kept for staff; anything else ends the round (asked again later).
      if (!(error instanceof ShopifyRefusedError)) throw error;
      log?.warn({ topic, err: error.message }, 'shopify refused the webhook subscription');
      states.push({
        topic,
        registered: Boolean(current),
        callback_url: current ? address : null,
        error: clip(error.message),
      });
    }
  }
  return states;
}

/**
 * One round of the subscriptions' check, on whichever node claims it: `force` claims it even before
 * it is due (a connection just made). Answers the topics' states, or null when there was nothing to
 * do here (no store, not due, another node holds it).
 */
export async function keepSubscriptions(
  deps: StoreDeps,
  log: Log,
  options: { now?: Date; force?: boolean } = {},
): Promise<TopicState[] | null> {
  const store = await activeStore(deps);
  if (!store) return null;
  const started = options.now ?? new Date();
  const at = nowIso(started);
  const leaseUntil = nowIso(new Date(started.getTime() + LEASE_MS));
  if (!(await claimSubscriptionsCheck(deps.db, at, leaseUntil, !options.force))) return null;
  const address = webhookAddress(deps.config.publicUrl);
  const next = nowIso(new Date(started.getTime() + CHECK_EVERY_MS));
  const shopSet: Record<string, string | null> = {};
  try {
    const shop = await checkShop(store.client);
    Object.assign(shopSet, {
      shop_name: shop.name,
      currency: shop.currency,
      scopes: JSON.stringify(shop.scopes),
      checked_at: at,
      check_error: null,
    });
  } catch (error) {
    Object.assign(shopSet, { checked_at: at, check_error: clip(describe(error)) });
  }
  try {
    const topics = await reconcileSubscriptions(store, address, log);
    const refused = topics.filter((t) => t.error).map((t) => `${t.topic}: ${t.error}`);
    await recordCheck(deps.db, leaseUntil, {
      ...shopSet,
      shop_domain: store.shopDomain,
      topics: JSON.stringify(topics),
      subscriptions_checked_at: at,
      subscriptions_error: refused.length ? clip(refused.join('; ')) : null,
      next_check_at: next,
      updated_at: nowIso(),
    });
    return topics;
  } catch (error) {
    log.warn(
      { err: describe(error) },
      'shopify webhook subscriptions could not be checked; tried again later',
    );
    // Asked again in a few minutes rather than an hour: the store did not answer.
    await recordCheck(deps.db, leaseUntil, {
      ...shopSet,
      shop_domain: store.shopDomain,
      subscriptions_checked_at: at,
      subscriptions_error: clip(describe(error)),
      next_check_at: nowIso(new Date(started.getTime() + 5 * 60_000)),
      updated_at: nowIso(),
    });
    return null;
  }
}
