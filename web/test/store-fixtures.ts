// The store connection as GET /api/manager/settings/store answers it (issue 30): not connected,
// connected from the back office, or held by the server's environment, for the component tests.
import type { StoreConnection, StoreSettings, StoreTopicState } from '../features/manager/settings/store-api';
import { STORE_TOPICS } from '../features/manager/settings/store-api';
import type { FakeApi } from './fake-api';
import { jsonResponse } from './render-app';

export const STORE_ADDRESS = 'https://partners.sunbite.example/api/webhooks/shopify';

export function storeTopics(overrides: Partial<StoreTopicState> = {}): StoreTopicState[] {
  return STORE_TOPICS.map((topic) => ({
    topic,
    registered: false,
    callback_url: null,
    last_delivery_at: null,
    refused_24h: 0,
    ...overrides,
  }));
}

export function storeNotConnected(): StoreSettings {
  return {
    connection: null,
    address: STORE_ADDRESS,
    api_version: '2025-07',
    topics: storeTopics(),
    subscriptions_checked_at: null,
    subscriptions_error: null,
    reconciliation: null,
  };
}

export function sampleConnection(overrides: Partial<StoreConnection> = {}): StoreConnection {
  return {
    source: 'settings',
    shop_domain: 'sunbite.myshopify.com',
    shop_name: 'Sunbite',
    currency: 'USD',
    scopes: ['read_orders', 'write_discounts'],
    missing_scopes: [],
    app_kind: 'access_token',
    client_id: null,
    token_expires_at: null,
    token_hint: 'shpat_…9f3c',
    webhook_secret_set: true,
    checked_at: '2026-05-12T14:05:00.000Z',
    check_error: null,
    ...overrides,
  };
}

/** A store connected from the back office, its topics registered and its first reconciliation run. */
export function storeConnected(overrides: Partial<StoreSettings> = {}): StoreSettings {
  return {
    ...storeNotConnected(),
    connection: sampleConnection(),
    topics: storeTopics({ registered: true, callback_url: STORE_ADDRESS }).map((topic, index) =>
      index === 0 ? { ...topic, last_delivery_at: '2026-05-12T13:58:00.000Z', refused_24h: 2 } : topic,
    ),
    subscriptions_checked_at: '2026-05-12T14:05:00.000Z',
    reconciliation: {
      last_run_at: '2026-05-12T14:00:00.000Z',
      synced_through: '2026-05-12T13:59:00.000Z',
      last_found: { orders: 1, cancellations: 0, refunds: 2 },
      backfill: { state: 'done', from: '2026-03-13T14:00:00.000Z', through: '2026-05-12T13:59:00.000Z' },
      error: null,
    },
    ...overrides,
  };
}

export function serveStore(fake: FakeApi, settings: StoreSettings = storeNotConnected()): void {
  fake.on('GET /api/manager/settings/store', () => jsonResponse(200, { data: settings }));
}
