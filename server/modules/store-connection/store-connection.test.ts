// The store connection from the back office (issue 30, docs/decisions/056-store-connection.md)
// against the Admin GraphQL stand-in (server/test/shopify-admin.ts with
// server/test/shopify-admin-store.ts), on SQLite and, with TEST_DATABASE_URL, PostgreSQL: admins
// only; a token the store refuses is refused with the store's words and changes nothing; a missing
// scope is named; the token and the client secret are sealed at rest and never answered; the
// subscriptions are made once (on three nodes too), an old address of the portal replaced, someone
// else's left alone; the environment's connection wins.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db';
import { openPostgres } from '../../db';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { bearer, createStaffWithToken } from '../../test/payouts-fixture';
import type { FixtureStaff } from '../../test/payouts-fixture';
import { deliver, shopifyOrderPayload } from '../../test/shopify';
import { startStoreStandIn } from '../../test/shopify-admin-store';
import type { StoreStandInState } from '../../test/shopify-admin-store';
import type { ShopifyAdminStandIn } from '../../test/shopify-admin';
import { issueToken } from '../auth/service';
import { createPartnerAccount } from '../partners/service';
import { resolveProgramSecrets } from '../settings/service';
import { CLIENT_REFUSED } from '../../test/shopify-admin';
import { activeStore, forgetStoredConnection } from './active-store';
import type { StoreDeps } from './active-store';
import { keepSubscriptions } from './subscriptions';
import { STORE_TOPICS } from '../../../common/store-connection';

const SHOP = 'sunbite-test.myshopify.com';
const SECRET = 'shpss_store_connection_client_secret_01';
const PUBLIC_URL = 'https://partners.sunbite.example';
const ADDRESS = `${PUBLIC_URL}/api/webhooks/shopify`;
const TOPICS = [...STORE_TOPICS];
const log = { warn: () => undefined, info: () => undefined };

let stand: ShopifyAdminStandIn;
let store: StoreStandInState;
let t: TestApp;
let admin: FixtureStaff;
let manager: FixtureStaff;
let reviewer: FixtureStaff;
let partnerToken: string;

const db = () => t.database.db;
const route = (method: 'GET' | 'PUT' | 'DELETE', token: string | undefined, payload?: object) =>
  t.app.inject({
    method,
    url: '/api/manager/settings/store',
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
const connect = (payload: object, token = admin.token) => route('PUT', token, payload);
const good = () => ({ shop_domain: SHOP, admin_token: stand.token, webhook_secret: SECRET });
const count = async (table: 'audit_log' | 'store_connection') =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Everything a refused change must leave as it was. */
const stored = async () => ({
  connection: await db().selectFrom('store_connection').selectAll().execute(),
  status: await db().selectFrom('store_status').selectAll().execute(),
  audit: await count('audit_log'),
  subscriptions: store.subscriptions.length,
});

/** What a node of this app reads the store with (the one database, or another handle on it). */
const nodeOn = async (each: Db): Promise<StoreDeps> => ({
  db: each,
  config: t.config,
  secrets: await resolveProgramSecrets(db(), t.config),
});

const disconnect = async () => {
  if ((await count('store_connection')) > 0)
    expect((await route('DELETE', admin.token)).statusCode).toBe(200);
  store.subscriptions.splice(0);
  store.calls.splice(0);
};

beforeAll(async () => {
  ({ stand, store } = await startStoreStandIn());
  t = await createTestApp({ env: { SHOPIFY_ADMIN_API_URL: stand.url, PUBLIC_URL } });
  admin = await createStaffWithToken(db(), 'admin');
  manager = await createStaffWithToken(db(), 'manager');
  reviewer = await createStaffWithToken(db(), 'reviewer');
  const partner = await createPartnerAccount(db(), {
    email: 'store.partner@example.test',
    password: 'partner-password-1',
    first_name: 'Sto',
    last_name: 'Re',
    verified: 1,
    accepted_terms: 1,
    locale: 'en',
  });
  partnerToken = (await issueToken(db(), 'partner', partner.id)).token;
});
afterAll(async () => {
  await t.close();
  await stand.close();
});

describe('who may see and change the store connection', () => {
  afterEach(disconnect);

  it('answers an admin the empty section: no store, the address and API version the portal would use', async () => {
    const res = await route('GET', admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      connection: null,
      address: ADDRESS,
      api_version: '2025-07',
      topics: TOPICS.map((topic) => ({
        topic,
        registered: false,
        callback_url: null,
        last_delivery_at: null,
        refused_24h: 0,
      })),
      subscriptions_checked_at: null,
    });
  });

  it('refuses everyone else, both ways, and changes nothing', async () => {
    const before = await stored();
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      expect((await route(method, undefined, method === 'PUT' ? good() : undefined)).statusCode).toBe(401);
      for (const token of [manager.token, reviewer.token])
        expect((await route(method, token, method === 'PUT' ? good() : undefined)).statusCode).toBe(403);
      expect([401, 403]).toContain(
        (await route(method, partnerToken, method === 'PUT' ? good() : undefined)).statusCode,
      );
    }
    expect(await stored()).toEqual(before);
    expect(store.calls).toEqual([]);
  });
});

describe('connecting the store', () => {
  afterEach(disconnect);

  it('refuses a token the store refuses, with the store’s own words, and keeps nothing', async () => {
    const before = await stored();
    const res = await connect({ ...good(), admin_token: 'shpat_not_the_right_token_0000' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.admin_token).toEqual([
      '[API] Invalid API key or access token (unrecognized login or wrong password)',
    ]);
    expect(res.json().message).toBe('Shopify refused the access token');
    expect(await stored()).toEqual(before);
  });

  it('names the scope a token lacks, and keeps nothing', async () => {
    store.scopes = ['read_orders', 'read_products'];
    try {
      const before = await stored();
      const res = await connect(good());
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.missing_scopes).toEqual(['write_discounts']);
      expect(await stored()).toEqual(before);
      // write_orders covers read_orders (Shopify grants the read with the write).
      store.scopes = ['write_orders', 'write_discounts'];
      expect((await connect(good())).statusCode).toBe(200);
    } finally {
      store.scopes = ['read_orders', 'write_discounts', 'read_discounts'];
    }
  });

  it('refuses what is not a shop address, an empty token and a first connection without the client secret', async () => {
    const before = await stored();
    const cases: [object, string][] = [
      [{ ...good(), shop_domain: 'sunbite.com' }, 'shop_domain'],
      [{ ...good(), shop_domain: 'https://sunbite-test.myshopify.com/admin' }, 'shop_domain'],
      [{ ...good(), admin_token: '   ' }, 'admin_token'],
      [{ shop_domain: SHOP, admin_token: stand.token }, 'webhook_secret'],
    ];
    for (const [payload, field] of cases) {
      const res = await connect(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    expect(
      (await connect({ shop_domain: SHOP, admin_token: stand.token })).json().errors.webhook_secret,
    ).toEqual(["Enter the app's client secret: the store signs its webhooks with it"]);
    expect(await stored()).toEqual(before);
  });

  it('connects with a right token: the shop and its currency shown, the topics registered, the secrets sealed and never answered', async () => {
    const res = await connect({ ...good(), shop_domain: '  Sunbite-Test.myshopify.com ' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.connection).toMatchObject({
      source: 'settings',
      shop_domain: SHOP,
      shop_name: 'Sunbite Test Store',
      currency: 'CAD',
      missing_scopes: [],
      token_hint: `shpat_…${stand.token.slice(-4)}`,
      webhook_secret_set: true,
      check_error: null,
    });
    expect(data.topics).toEqual(
      TOPICS.map((topic) => ({
        topic,
        registered: true,
        callback_url: ADDRESS,
        last_delivery_at: null,
        refused_24h: 0,
      })),
    );
    expect(store.subscriptions.map((s) => [s.topic, s.callbackUrl, s.format])).toEqual(
      TOPICS.map((topic) => [topic, ADDRESS, 'JSON']),
    );

    // Never answered, never stored in the clear, never audited.
    const answered = JSON.stringify(data) + (await route('GET', admin.token)).body;
    expect(answered).not.toContain(stand.token);
    expect(answered).not.toContain(SECRET);
    const [row] = await db().selectFrom('store_connection').selectAll().execute();
    expect(row!.shop_domain).toBe(SHOP);
    for (const sealed of [row!.admin_token_sealed, row!.webhook_secret_sealed!]) {
      expect(sealed).not.toContain(stand.token);
      expect(sealed).not.toContain(SECRET);
      expect(Buffer.from(sealed, 'base64').toString('latin1')).not.toContain(stand.token.slice(6));
    }
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'staff_id', 'before', 'after'])
      .where('action', 'like', 'settings.store%')
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    expect(audit).toEqual([
      {
        action: 'settings.store_connect',
        staff_id: admin.id,
        before: null,
        after: JSON.stringify({
          shop_domain: SHOP,
          token_hint: `shpat_…${stand.token.slice(-4)}`,
          webhook_secret_set: true,
        }),
      },
    ]);
    expect(
      JSON.stringify(await db().selectFrom('audit_log').select(['before', 'after']).execute()),
    ).not.toContain(SECRET);

    // The stored secret now checks the store's deliveries.
    const order = shopifyOrderPayload({ code: null });
    expect((await deliver(t.app, 'orders/paid', order, { secret: SECRET })).statusCode).toBe(200);
    expect(
      (await deliver(t.app, 'orders/paid', order, { secret: 'shpss_another_apps_secret' })).statusCode,
    ).toBe(401);
    // One refused delivery (a body that can never be an order) shows on its topic.
    expect(
      (await deliver(t.app, 'orders/paid', { id: 'not an order' }, { secret: SECRET })).json().data.outcome,
    ).toBe('rejected');
    const topics = (await route('GET', admin.token)).json().data.topics;
    expect(topics[0]).toMatchObject({ topic: 'ORDERS_PAID', refused_24h: 1 });
    expect(Date.parse(topics[0].last_delivery_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(topics[1]).toMatchObject({ topic: 'ORDERS_CANCELLED', last_delivery_at: null, refused_24h: 0 });
  });

  it('keeps the stored client secret when the token is changed without one, and forgets all on disconnection', async () => {
    expect((await connect(good())).statusCode).toBe(200);
    const again = await connect({ shop_domain: SHOP, admin_token: stand.token });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.connection.webhook_secret_set).toBe(true);
    const order = shopifyOrderPayload({ code: null });
    expect((await deliver(t.app, 'orders/paid', order, { secret: SECRET })).statusCode).toBe(200);
    // Connecting again made no subscription twice.
    expect(store.subscriptions).toHaveLength(3);

    const gone = await route('DELETE', admin.token);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().data.connection).toBeNull();
    expect(await count('store_connection')).toBe(0);
    expect((await route('DELETE', admin.token)).statusCode).toBe(404);
    expect(
      (await deliver(t.app, 'orders/paid', shopifyOrderPayload({ code: null }), { secret: SECRET }))
        .statusCode,
    ).toBe(401);
    const actions = (
      await db()
        .selectFrom('audit_log')
        .select('action')
        .where('action', 'like', 'settings.store%')
        .orderBy('id')
        .execute()
    ).map((a) => a.action);
    expect(actions.slice(-3)).toEqual([
      'settings.store_connect',
      'settings.store_connect',
      'settings.store_disconnect',
    ]);
  });

  it('says when the store cannot be reached, and keeps nothing', async () => {
    const unreachable = await createTestApp({
      env: { SHOPIFY_ADMIN_API_URL: 'http://127.0.0.1:9/admin/api/2025-07/graphql.json', PUBLIC_URL },
    });
    try {
      const staff = await createStaffWithToken(unreachable.database.db, 'admin');
      const res = await unreachable.app.inject({
        method: 'PUT',
        url: '/api/manager/settings/store',
        headers: bearer(staff.token),
        payload: good(),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.shop_domain).toEqual([
        'Shopify could not be reached to check the connection: try again in a moment',
      ]);
      expect(await unreachable.database.db.selectFrom('store_connection').selectAll().execute()).toEqual([]);
    } finally {
      await unreachable.close();
    }
  });
});

describe('the subscriptions the portal keeps', () => {
  beforeEach(disconnect);
  afterAll(disconnect);

  it('replaces one at an old address of the portal, leaves someone else’s alone, and makes nothing twice', async () => {
    const old = store.addSubscription('ORDERS_PAID', 'https://old-host.sunbite.example/api/webhooks/shopify');
    const theirs = store.addSubscription('ORDERS_PAID', 'https://erp.example.com/hooks/shopify-orders');
    expect((await connect(good())).statusCode).toBe(200);
    expect(store.subscriptions.find((s) => s.id === old.id)).toBeUndefined();
    expect(store.subscriptions.find((s) => s.id === theirs.id)).toBeDefined();
    expect(
      store.subscriptions
        .filter((s) => s.callbackUrl === ADDRESS)
        .map((s) => s.topic)
        .sort(),
    ).toEqual([...TOPICS].sort());

    // The hourly round: not due yet, then due; either way nothing is made twice.
    const created = store.callsOf('webhookSubscriptionCreate').length;
    const node = await nodeOn(db());
    expect(await keepSubscriptions(node, log)).toBeNull();
    const later = new Date(Date.now() + 61 * 60_000);
    const states = await keepSubscriptions(node, log, { now: later });
    expect(states?.every((s) => s.registered && s.callback_url === ADDRESS && s.error === null)).toBe(true);
    expect(store.callsOf('webhookSubscriptionCreate')).toHaveLength(created);
    expect(store.subscriptions).toHaveLength(4);

    // One removed in the store's admin (or by Shopify after failed deliveries) is made again.
    store.subscriptions.splice(
      store.subscriptions.findIndex((s) => s.topic === 'REFUNDS_CREATE'),
      1,
    );
    await keepSubscriptions(node, log, { now: new Date(later.getTime() + 61 * 60_000) });
    expect(store.subscriptions.filter((s) => s.callbackUrl === ADDRESS)).toHaveLength(3);
  });

  it('shows the store’s words when it refuses a subscription, and the other topics as made', async () => {
    store.refusals.set('REFUNDS_CREATE', 'Address cannot be a Shopify or an internal domain');
    try {
      const res = await connect(good());
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.topics.map((topic: { registered: boolean }) => topic.registered)).toEqual([
        true,
        true,
        false,
      ]);
      expect(data.subscriptions_error).toBe(
        'REFUNDS_CREATE: Address cannot be a Shopify or an internal domain',
      );
      // Once the store accepts it, the next round makes it and the error is gone.
      store.refusals.clear();
      const states = await keepSubscriptions(await nodeOn(db()), log, {
        now: new Date(Date.now() + 61 * 60_000),
      });
      expect(states?.map((s) => s.registered)).toEqual([true, true, true]);
      expect((await route('GET', admin.token)).json().data.subscriptions_error).toBeNull();
    } finally {
      store.refusals.clear();
    }
  });

  it('is made once when three nodes claim the round together', async () => {
    expect((await connect(good())).statusCode).toBe(200);
    store.subscriptions.splice(0);
    const url = t.database.url;
    const handles = url ? [0, 1, 2].map(() => openPostgres(url, 3)) : [];
    const dbs: Db[] = url ? handles.map((h) => h.db) : [db(), db(), db()];
    try {
      for (const each of dbs) forgetStoredConnection(each);
      const due = new Date(Date.now() + 2 * 3_600_000);
      const nodes = await Promise.all(dbs.map(nodeOn));
      const rounds = await Promise.all(nodes.map((node) => keepSubscriptions(node, log, { now: due })));
      expect(rounds.filter((r) => r !== null)).toHaveLength(1);
      expect(store.subscriptions.map((s) => s.topic).sort()).toEqual([...TOPICS].sort());
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  });
});

describe('when the environment holds the connection', () => {
  it('shows it read only: a change is 409 and nothing is stored', async () => {
    const env = await createTestApp({
      env: {
        SHOPIFY_SHOP_DOMAIN: 'sunbite-env.myshopify.com',
        SHOPIFY_ADMIN_TOKEN: stand.token,
        SHOPIFY_ADMIN_API_URL: stand.url,
        SHOPIFY_WEBHOOK_SECRET: SECRET,
        PUBLIC_URL,
      },
    });
    try {
      const staff = await createStaffWithToken(env.database.db, 'admin');
      const call = (method: 'GET' | 'PUT' | 'DELETE') =>
        env.app.inject({
          method,
          url: '/api/manager/settings/store',
          headers: bearer(staff.token),
          ...(method === 'PUT' ? { payload: good() } : {}),
        });
      const read = await call('GET');
      expect(read.statusCode).toBe(200);
      expect(read.json().data.connection).toMatchObject({
        source: 'environment',
        shop_domain: 'sunbite-env.myshopify.com',
        webhook_secret_set: true,
      });
      expect(read.body).not.toContain(stand.token);
      for (const method of ['PUT', 'DELETE'] as const) {
        const res = await call(method);
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(
          "SHOPIFY_SHOP_DOMAIN and SHOPIFY_ADMIN_TOKEN hold the store connection: change them in the server's environment",
        );
      }
      expect(await env.database.db.selectFrom('store_connection').selectAll().execute()).toEqual([]);
    } finally {
      await env.close();
    }
  });
});

describe('a Dev Dashboard app: its client ID and secret exchanged for a token that lives a day', () => {
  const APP = {
    clientId: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
    clientSecret: 'shpss_dev_dashboard_client_secret_77',
  };
  let dev: Awaited<ReturnType<typeof startStoreStandIn>>;
  let app: TestApp;
  let staff: FixtureStaff;
  const put = (payload: object) =>
    app.app.inject({
      method: 'PUT',
      url: '/api/manager/settings/store',
      headers: bearer(staff.token),
      payload,
    });
  const row = () => app.database.db.selectFrom('store_connection').selectAll().executeTakeFirst();
  const node = async (): Promise<StoreDeps> => ({
    db: app.database.db,
    config: app.config,
    secrets: await resolveProgramSecrets(app.database.db, app.config),
  });

  beforeAll(async () => {
    dev = await startStoreStandIn({ app: { ...APP, lifetimeSeconds: 86_399 } });
    app = await createTestApp({ env: { SHOPIFY_ADMIN_API_URL: dev.stand.url, PUBLIC_URL } });
    staff = await createStaffWithToken(app.database.db, 'admin');
  });
  afterAll(async () => {
    await app.close();
    await dev.stand.close();
  });

  it('refuses credentials the store refuses, with its words, and keeps nothing', async () => {
    const res = await put({
      shop_domain: SHOP,
      client_id: APP.clientId,
      webhook_secret: 'shpss_not_this_app',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.client_id).toEqual([CLIENT_REFUSED.error_description]);
    expect(res.json().message).toBe("Shopify refused the app's client ID and client secret");
    expect(await row()).toBeUndefined();
    // Both ways of connecting at once, or neither: refused before the store is asked.
    const grants = dev.stand.requests.length;
    expect(
      (
        await put({
          shop_domain: SHOP,
          client_id: APP.clientId,
          admin_token: 'shpat_x_0000000000',
          webhook_secret: APP.clientSecret,
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await put({ shop_domain: SHOP, client_id: APP.clientId })).json().errors.webhook_secret,
    ).toBeDefined();
    expect(dev.stand.requests.length).toBe(grants);
  });

  it('connects: the granted token sealed with its end, the subscriptions made with it, the client secret checking the webhooks', async () => {
    const res = await put({ shop_domain: SHOP, client_id: APP.clientId, webhook_secret: APP.clientSecret });
    expect(res.statusCode).toBe(200);
    const { connection, topics } = res.json().data;
    expect(connection).toMatchObject({
      app_kind: 'client_credentials',
      client_id: APP.clientId,
      shop_name: 'Sunbite Test Store',
      missing_scopes: [],
    });
    expect(Date.parse(connection.token_expires_at)).toBeGreaterThan(Date.now() + 86_000_000);
    expect(topics.every((t: { registered: boolean }) => t.registered)).toBe(true);
    const [granted] = [...dev.stand.issued.keys()];
    expect(dev.stand.issued.size).toBe(1);
    expect(res.body).not.toContain(granted);
    expect(res.body).not.toContain(APP.clientSecret);
    const stored = (await row())!;
    expect(stored.admin_token_sealed).not.toContain(granted!);
    expect(stored.client_id).toBe(APP.clientId);
    expect(
      (
        await deliver(app.app, 'orders/paid', shopifyOrderPayload({ code: null }), {
          secret: APP.clientSecret,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('asks for a new token an hour before the old one ends, once, and keeps it for every node', async () => {
    const before = (await row())!;
    const soon = new Date(Date.now() + 30 * 60_000).toISOString();
    await app.database.db.updateTable('store_connection').set({ token_expires_at: soon }).execute();
    forgetStoredConnection(app.database.db);
    const issued = dev.stand.issued.size;
    const deps = await node();
    const [a, b] = await Promise.all([activeStore(deps), activeStore(deps)]);
    expect(dev.stand.issued.size).toBe(issued + 1);
    expect(a?.tokenHint).toBe(b?.tokenHint);
    const after = (await row())!;
    expect(after.admin_token_sealed).not.toBe(before.admin_token_sealed);
    expect(Date.parse(after.token_expires_at!)).toBeGreaterThan(Date.now() + 86_000_000);
    // The new token works: a round of the subscriptions goes through with it.
    expect(await keepSubscriptions(deps, log, { now: new Date(Date.now() + 2 * 3_600_000) })).not.toBeNull();
  });

  it('keeps a token still good while the store gives no new one, and has no connection once it ended', async () => {
    const deps = await node();
    const secret = dev.stand.app!.clientSecret;
    dev.stand.app!.clientSecret = 'shpss_rotated_in_the_dev_dashboard';
    try {
      await app.database.db
        .updateTable('store_connection')
        .set({ token_expires_at: new Date(Date.now() + 10 * 60_000).toISOString() })
        .execute();
      forgetStoredConnection(app.database.db);
      expect(await activeStore(deps)).not.toBeNull();
      await app.database.db
        .updateTable('store_connection')
        .set({ token_expires_at: new Date(Date.now() - 60_000).toISOString() })
        .execute();
      forgetStoredConnection(app.database.db);
      const grants = () => dev.stand.requests.filter((r) => r.path === '/admin/oauth/access_token').length;
      const asked = grants();
      expect(await activeStore(deps)).toBeNull();
      // Refused once, not asked again at every task's round for a minute.
      expect(await activeStore(deps)).toBeNull();
      expect(await activeStore(deps)).toBeNull();
      expect(grants()).toBe(asked + 1);
      // The webhooks are still checked with the stored client secret meanwhile.
      expect(
        (
          await deliver(app.app, 'orders/paid', shopifyOrderPayload({ code: null }), {
            secret: APP.clientSecret,
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      dev.stand.app!.clientSecret = secret;
      forgetStoredConnection(app.database.db);
    }
    expect(await activeStore(deps)).not.toBeNull();
  });
});
