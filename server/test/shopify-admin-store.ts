// The store connection's part of the Shopify Admin GraphQL stand-in (server/test/shopify-admin.ts
// takes it as `handlers`): `shop`, `currentAppInstallation`, `webhookSubscriptions`,
// `webhookSubscriptionCreate` and `webhookSubscriptionDelete`, answered in Shopify's documented
// shapes (connections of edges and nodes, `userErrors` [{field, message}] on a refused mutation,
// `extensions.cost`). Its state is open to tests: the shop's name and currency, the scopes the
// token was granted (settable), the subscriptions the store holds, and a log of the calls.
import type { AdminRequest, ShopifyAdminStandIn, StandInApp, StandInHandlers } from './shopify-admin';
import { cost, startShopifyAdminStandIn } from './shopify-admin';

export interface StandInSubscription {
  id: string;
  topic: string;
  format: 'JSON' | 'XML';
  callbackUrl: string;
}

export interface StoreStandInState {
  shop: { name: string; currencyCode: string; myshopifyDomain: string };
  /** The scopes the app was granted (currentAppInstallation.accessScopes). */
  scopes: string[];
  readonly subscriptions: StandInSubscription[];
  /** Each call of these fields, in order. */
  readonly calls: { field: string; variables: Record<string, unknown> | null }[];
  /** Topics whose creation the store refuses, with its userErrors message. */
  readonly refusals: Map<string, string>;
  /** A subscription someone (another app, a person) made: the portal must leave it alone unless it is the portal's. */
  addSubscription(topic: string, callbackUrl: string): StandInSubscription;
  callsOf(field: string): { field: string; variables: Record<string, unknown> | null }[];
}

const TOPICS = new Set([
  'ORDERS_PAID',
  'ORDERS_CANCELLED',
  'ORDERS_CREATE',
  'ORDERS_UPDATED',
  'REFUNDS_CREATE',
  'APP_UNINSTALLED',
]);

const invalidVariable = (message: string): [number, unknown] => [
  200,
  { errors: [{ message, extensions: { code: 'INVALID_VARIABLE' } }] },
];
const ok = (data: Record<string, unknown>): [number, unknown] => [200, { data, extensions: cost() }];

const nodeOf = (s: StandInSubscription) => ({
  id: s.id,
  topic: s.topic,
  format: s.format,
  endpoint: { __typename: 'WebhookHttpEndpoint', callbackUrl: s.callbackUrl },
});

export function storeHandlers(
  initial: { shop?: Partial<StoreStandInState['shop']>; scopes?: string[] } = {},
): { handlers: StandInHandlers; state: StoreStandInState } {
  let nextId = 7_000_000;
  const subscriptions: StandInSubscription[] = [];
  const calls: StoreStandInState['calls'] = [];
  const add = (topic: string, callbackUrl: string, format: 'JSON' | 'XML' = 'JSON') => {
    const made = { id: `gid://shopify/WebhookSubscription/${nextId++}`, topic, format, callbackUrl };
    subscriptions.push(made);
    return made;
  };
  const state: StoreStandInState = {
    shop: {
      name: 'Sunbite Test Store',
      currencyCode: 'CAD',
      myshopifyDomain: 'sunbite-test.myshopify.com',
      ...initial.shop,
    },
    scopes: initial.scopes ?? ['read_orders', 'write_discounts', 'read_discounts'],
    subscriptions,
    calls,
    refusals: new Map(),
    addSubscription: (topic, callbackUrl) => add(topic, callbackUrl),
    callsOf: (field) => calls.filter((c) => c.field === field),
  };
  const log = (field: string, record: AdminRequest) =>
    void calls.push({ field, variables: record.variables });

  const handlers: StandInHandlers = {
    shop(record) {
      log('shop', record);
      return ok({ shop: { ...state.shop } });
    },
    currentAppInstallation(record) {
      log('currentAppInstallation', record);
      return ok({ currentAppInstallation: { accessScopes: state.scopes.map((handle) => ({ handle })) } });
    },
    webhookSubscriptions(record) {
      log('webhookSubscriptions', record);
      const query = record.query ?? '';
      const first = /webhookSubscriptions\s*\(\s*first\s*:\s*(\d+)/.exec(query);
      if (!first)
        return [
          200,
          {
            errors: [
              {
                message: 'you must provide one of first or last',
                extensions: { code: 'argumentLiteralsIncompatible' },
              },
            ],
          },
        ];
      const topics = record.variables?.topics;
      if (
        topics !== undefined &&
        topics !== null &&
        (!Array.isArray(topics) || topics.some((t) => !TOPICS.has(String(t))))
      )
        return invalidVariable(
          'Variable $topics of type [WebhookSubscriptionTopic!] was provided invalid value',
        );
      const listed = subscriptions
        .filter((s) => !Array.isArray(topics) || topics.includes(s.topic))
        .slice(0, Number(first[1]));
      return ok({
        webhookSubscriptions: {
          edges: listed.map((s) => ({ cursor: Buffer.from(s.id).toString('base64'), node: nodeOf(s) })),
          pageInfo: { hasNextPage: false, endCursor: null },
        },
      });
    },
    webhookSubscriptionCreate(record) {
      log('webhookSubscriptionCreate', record);
      const topic = record.variables?.topic;
      const input = record.variables?.webhookSubscription as
        { callbackUrl?: unknown; format?: unknown } | undefined;
      if (typeof topic !== 'string' || !TOPICS.has(topic))
        return invalidVariable(
          'Variable $topic of type WebhookSubscriptionTopic! was provided invalid value',
        );
      if (!input || typeof input !== 'object')
        return invalidVariable(
          'Variable $webhookSubscription of type WebhookSubscriptionInput! was provided invalid value',
        );
      const answer = (made: StandInSubscription | null, userErrors: { field: string[]; message: string }[]) =>
        ok({ webhookSubscriptionCreate: { webhookSubscription: made ? nodeOf(made) : null, userErrors } });
      const url = typeof input.callbackUrl === 'string' ? input.callbackUrl : '';
      if (!/^https?:\/\/[^/]+/.test(url))
        return answer(null, [
          { field: ['webhookSubscription', 'callbackUrl'], message: 'Address is invalid' },
        ]);
      const refusal = state.refusals.get(topic);
      if (refusal) return answer(null, [{ field: ['webhookSubscription', 'callbackUrl'], message: refusal }]);
      if (subscriptions.some((s) => s.topic === topic && s.callbackUrl === url))
        return answer(null, [
          {
            field: ['webhookSubscription', 'callbackUrl'],
            message: 'Address for this topic has already been taken',
          },
        ]);
      return answer(add(topic, url, input.format === 'XML' ? 'XML' : 'JSON'), []);
    },
    webhookSubscriptionDelete(record) {
      log('webhookSubscriptionDelete', record);
      const id = record.variables?.id;
      const at = subscriptions.findIndex((s) => s.id === id);
      if (at < 0)
        return ok({
          webhookSubscriptionDelete: {
            deletedWebhookSubscriptionId: null,
            userErrors: [{ field: ['id'], message: 'Webhook subscription does not exist' }],
          },
        });
      subscriptions.splice(at, 1);
      return ok({ webhookSubscriptionDelete: { deletedWebhookSubscriptionId: id, userErrors: [] } });
    },
  };
  return { handlers, state };
}

/** A stand-in answering the store connection's fields (and the discounts, and any `more` handlers). */
export async function startStoreStandIn(
  options: {
    token?: string;
    port?: number;
    app?: StandInApp;
    shop?: Partial<StoreStandInState['shop']>;
    scopes?: string[];
    more?: StandInHandlers;
  } = {},
): Promise<{ stand: ShopifyAdminStandIn; store: StoreStandInState }> {
  const { handlers, state } = storeHandlers(options);
  const stand = await startShopifyAdminStandIn({
    ...(options.token ? { token: options.token } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.app ? { app: options.app } : {}),
    handlers: { ...handlers, ...options.more },
  });
  return { stand, store: state };
}
