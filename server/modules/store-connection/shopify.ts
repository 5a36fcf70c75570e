// The store connection's calls to the Shopify Admin GraphQL API (issue 30), in Shopify's
// documented shapes, through the one request function of server/integrations/shopify/admin.ts:
// - `shop { name currencyCode myshopifyDomain }` and `currentAppInstallation { accessScopes { handle } }`
//   tell who the token opens and what it may do;
// - `webhookSubscriptions(first, topics)` lists the app's subscriptions, each with its endpoint
//   (`WebhookHttpEndpoint.callbackUrl` for an HTTPS address);
// - `webhookSubscriptionCreate(topic, webhookSubscription: {callbackUrl, format})` and
//   `webhookSubscriptionDelete(id)` answer `userErrors` [{field, message}] when the store refuses.
import { z } from 'zod';
import { ShopifyRefusedError, ShopifyTransientError } from '../../integrations/shopify/admin';
import type { ShopifyGraphql } from '../../integrations/shopify/admin';

import { REQUIRED_SCOPES, STORE_TOPICS } from '../../../common/store-connection';
import type { StoreTopic } from '../../../common/store-connection';

export { REQUIRED_SCOPES, STORE_TOPICS };
export type { StoreTopic };
/** The same topics as deliveries name them (X-Shopify-Topic, webhook_deliveries.topic). */
export const DELIVERY_TOPICS: Record<StoreTopic, string> = {
  ORDERS_PAID: 'orders/paid',
  ORDERS_CANCELLED: 'orders/cancelled',
  REFUNDS_CREATE: 'refunds/create',
};

export const SHOP_QUERY = `query StoreConnectionShop { shop { name currencyCode myshopifyDomain } }`;
export const SCOPES_QUERY = `query StoreConnectionScopes { currentAppInstallation { accessScopes { handle } } }`;
export const SUBSCRIPTIONS_QUERY = `query StoreWebhookSubscriptions($topics: [WebhookSubscriptionTopic!]) {
  webhookSubscriptions(first: 50, topics: $topics) {
    edges { node { id topic format endpoint { __typename ... on WebhookHttpEndpoint { callbackUrl } } } }
  }
}`;
export const CREATE_SUBSCRIPTION = `mutation StoreWebhookSubscriptionCreate($topic: WebhookSubscriptionTopic!, $webhookSubscription: WebhookSubscriptionInput!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) {
    webhookSubscription { id topic format endpoint { __typename ... on WebhookHttpEndpoint { callbackUrl } } }
    userErrors { field message }
  }
}`;
export const DELETE_SUBSCRIPTION = `mutation StoreWebhookSubscriptionDelete($id: ID!) {
  webhookSubscriptionDelete(id: $id) { deletedWebhookSubscriptionId userErrors { field message } }
}`;

const unreadable = (what: string) =>
  new ShopifyTransientError(`Shopify answered ${what} with an unreadable body`, null, false, 200);

const shopSchema = z.looseObject({ name: z.string(), currencyCode: z.string(), myshopifyDomain: z.string() });
const installationSchema = z.looseObject({ accessScopes: z.array(z.looseObject({ handle: z.string() })) });

export interface ShopCheck {
  name: string;
  currency: string;
  myshopifyDomain: string;
  scopes: string[];
}

/** Who the token opens and what it may do; throws as the request function does. */
export async function checkShop(graphql: ShopifyGraphql): Promise<ShopCheck> {
  const shop = shopSchema.safeParse(await graphql.request('shop', SHOP_QUERY, {}, 'the shop'));
  if (!shop.success) throw unreadable('the shop');
  const installation = installationSchema.safeParse(
    await graphql.request('currentAppInstallation', SCOPES_QUERY, {}, "the app's scopes"),
  );
  if (!installation.success) throw unreadable("the app's scopes");
  return {
    name: shop.data.name,
    currency: shop.data.currencyCode,
    myshopifyDomain: shop.data.myshopifyDomain,
    scopes: installation.data.accessScopes.map((s) => s.handle),
  };
}

export const missingScopes = (scopes: readonly string[]): string[] =>
  REQUIRED_SCOPES.filter(
    (scope) =>
      !scopes.includes(scope) &&
      !(scope.startsWith('read_') && scopes.includes(scope.replace('read_', 'write_'))),
  );

export interface Subscription {
  id: string;
  topic: string;
  format: string | null;
  /** The HTTPS address; null for another kind of endpoint (EventBridge, Pub/Sub). */
  callbackUrl: string | null;
}

const nodeSchema = z.looseObject({
  id: z.string(),
  topic: z.string(),
  format: z.string().nullish(),
  endpoint: z
    .looseObject({ __typename: z.string().optional(), callbackUrl: z.string().optional() })
    .nullish(),
});
const listSchema = z.looseObject({ edges: z.array(z.looseObject({ node: nodeSchema })) });
const userErrorsSchema = z
  .array(z.looseObject({ field: z.array(z.string()).nullish(), message: z.string() }))
  .default([]);
const createSchema = z.looseObject({
  webhookSubscription: nodeSchema.nullish(),
  userErrors: userErrorsSchema,
});
const deleteSchema = z.looseObject({
  deletedWebhookSubscriptionId: z.string().nullish(),
  userErrors: userErrorsSchema,
});

const toSubscription = (node: z.infer<typeof nodeSchema>): Subscription => ({
  id: node.id,
  topic: node.topic,
  format: node.format ?? null,
  callbackUrl: node.endpoint?.callbackUrl ?? null,
});

const refused = (what: string, errors: { message: string }[]) => {
  const words = errors.map((e) => e.message).join('; ');
  return new ShopifyRefusedError(
    words || `Shopify refused ${what}`,
    errors.map((e) => ({ field: null, code: null, message: e.message })),
    200,
    words,
  );
};

export async function listSubscriptions(graphql: ShopifyGraphql): Promise<Subscription[]> {
  const what = 'the webhook subscriptions';
  const parsed = listSchema.safeParse(
    await graphql.request('webhookSubscriptions', SUBSCRIPTIONS_QUERY, { topics: [...STORE_TOPICS] }, what),
  );
  if (!parsed.success) throw unreadable(what);
  return parsed.data.edges.map((edge) => toSubscription(edge.node));
}

export async function createSubscription(
  graphql: ShopifyGraphql,
  topic: StoreTopic,
  callbackUrl: string,
): Promise<Subscription> {
  const what = `the subscription to ${topic}`;
  const parsed = createSchema.safeParse(
    await graphql.request(
      'webhookSubscriptionCreate',
      CREATE_SUBSCRIPTION,
      { topic, webhookSubscription: { callbackUrl, format: 'JSON' } },
      what,
    ),
  );
  if (!parsed.success) throw unreadable(what);
  if (parsed.data.userErrors.length > 0) throw refused(what, parsed.data.userErrors);
  if (!parsed.data.webhookSubscription) throw unreadable(what);
  return toSubscription(parsed.data.webhookSubscription);
}

export async function deleteSubscription(graphql: ShopifyGraphql, id: string): Promise<void> {
  const what = `the removal of subscription ${id}`;
  const parsed = deleteSchema.safeParse(
    await graphql.request('webhookSubscriptionDelete', DELETE_SUBSCRIPTION, { id }, what),
  );
  if (!parsed.success) throw unreadable(what);
  if (parsed.data.userErrors.length > 0) throw refused(what, parsed.data.userErrors);
}
