// The Admin GraphQL client against the local stand-in over real HTTP: what it sends, and how it
// reads each answer Shopify can give (docs/product/links-and-integrations.md).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startShopifyAdminStandIn } from '../../test/shopify-admin';
import type { ShopifyAdminStandIn } from '../../test/shopify-admin';
import { createShopifyAdminClient, retryAfterMs, ShopifyRefusedError, ShopifyTransientError } from './admin';
import type { ShopifyAdminClient } from './admin';

let stand: ShopifyAdminStandIn;
let client: ShopifyAdminClient;
const unique = () => `C${Math.random().toString(36).slice(2, 9).toUpperCase()}`;

beforeAll(async () => {
  stand = await startShopifyAdminStandIn();
  client = createShopifyAdminClient({ url: stand.url, token: stand.token });
});
afterAll(() => stand?.close());

/** The error a call threw (fails the test when it did not throw). */
async function failure(call: Promise<unknown>): Promise<Error> {
  try {
    await call;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

describe('the Admin API address', () => {
  it('is the shop’s 2025-07 GraphQL endpoint unless SHOPIFY_ADMIN_API_URL overrides it, and only with the domain and the token', () => {
    expect(
      loadConfig({ SHOPIFY_SHOP_DOMAIN: 'Sunbite.myshopify.com', SHOPIFY_ADMIN_TOKEN: 'shpat_x' }).shopify
        .adminApiUrl,
    ).toBe('https://sunbite.myshopify.com/admin/api/2025-07/graphql.json');
    expect(
      loadConfig({
        SHOPIFY_SHOP_DOMAIN: 'sunbite.myshopify.com',
        SHOPIFY_ADMIN_TOKEN: 'shpat_x',
        SHOPIFY_ADMIN_API_URL: 'http://127.0.0.1:9999/admin/api/2025-07/graphql.json',
      }).shopify.adminApiUrl,
    ).toBe('http://127.0.0.1:9999/admin/api/2025-07/graphql.json');
    expect(loadConfig({}).shopify.adminApiUrl).toBeUndefined();
    expect(() => loadConfig({ SHOPIFY_ADMIN_API_URL: 'ftp://example.test' })).toThrow(
      /SHOPIFY_ADMIN_API_URL must be an http\(s\) URL/,
    );
  });
});

describe('creating and updating a partner code', () => {
  it('creates a percentage discount with the token, the mutation and its variables, and answers the store’s gid', async () => {
    const code = unique();
    const startsAt = new Date('2026-03-01T10:00:00.000Z');
    const created = await client.createDiscountCode({ code, percentage: 0.15, startsAt });
    expect(created.id).toMatch(/^gid:\/\/shopify\/DiscountCodeNode\/\d+$/);

    const [request] = stand.callsFor('discountCodeBasicCreate', code);
    expect(request!.method).toBe('POST');
    expect(request!.headers['x-shopify-access-token']).toBe(stand.token);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.query).toMatch(/mutation \w+\(\$basicCodeDiscount: DiscountCodeBasicInput!\)/);
    expect(request!.query).toMatch(/codeDiscountNode \{ id \} userErrors \{ field code message \}/);
    expect(request!.variables).toEqual({
      basicCodeDiscount: {
        title: `Partner code ${code}`,
        code,
        startsAt: '2026-03-01T10:00:00.000Z',
        customerSelection: { all: true },
        customerGets: { value: { percentage: 0.15 }, items: { all: true } },
        appliesOncePerCustomer: true,
      },
    });
    expect(stand.discounts.get(created.id)).toMatchObject({
      code,
      percentage: 0.15,
      endsAt: null,
      appliesOncePerCustomer: true,
      customerSelectionAll: true,
      itemsAll: true,
    });
  });

  it('updates the discount the store knows, keeping its start', async () => {
    const code = unique();
    const { id } = await client.createDiscountCode({ code, percentage: 0.15 });
    const startsAt = stand.discounts.get(id)!.startsAt;
    expect(await client.updateDiscountCode(id, { code, percentage: 0.2 })).toEqual({ id });
    const [request] = stand.callsFor('discountCodeBasicUpdate', code);
    expect(request!.variables).toEqual({
      id,
      basicCodeDiscount: {
        title: `Partner code ${code}`,
        code,
        customerSelection: { all: true },
        customerGets: { value: { percentage: 0.2 }, items: { all: true } },
        appliesOncePerCustomer: true,
      },
    });
    expect(stand.discounts.get(id)).toMatchObject({ percentage: 0.2, updates: 1, startsAt });
  });

  it('looks a code up: the store’s discount and its title, or null', async () => {
    const code = unique();
    const { id } = await client.createDiscountCode({ code, percentage: 0.1 });
    expect(await client.findDiscountCode(code.toLowerCase())).toEqual({ id, title: `Partner code ${code}` });
    expect(await client.findDiscountCode(unique())).toBeNull();
    expect(stand.lookupsFor(code)[0]!.query).toMatch(
      /query \w+\(\$code: String!\) \{\s*codeDiscountNodeByCode\(code: \$code\)/,
    );
  });

  it('refuses a percentage outside 0..1 before calling the store', async () => {
    await expect(client.createDiscountCode({ code: unique(), percentage: 15 })).rejects.toThrow(RangeError);
  });
});

describe('the store’s answers', () => {
  it('a code the store has already: userErrors, a refusal carrying the store’s words', async () => {
    const code = unique();
    stand.addExisting(code);
    const error = await failure(client.createDiscountCode({ code, percentage: 0.15 }));
    expect(error).toBeInstanceOf(ShopifyRefusedError);
    expect(error.message).toBe('Code must be unique. Please try a different code.');
    expect((error as ShopifyRefusedError).userErrors).toEqual([
      {
        field: ['basicCodeDiscount', 'code'],
        code: 'TAKEN',
        message: 'Code must be unique. Please try a different code.',
      },
    ]);
  });

  it('THROTTLED: transient, waiting as long as the cost throttle needs', async () => {
    stand.script({ throttled: true, currentlyAvailable: 4 });
    const error = await failure(client.createDiscountCode({ code: unique(), percentage: 0.15 }));
    expect(error).toBeInstanceOf(ShopifyTransientError);
    // 10 points asked, 4 available, 100 restored a second: 60 ms.
    expect(error).toMatchObject({ throttled: true, retryAfterMs: 60 });
  });

  it('429: transient, honouring Retry-After', async () => {
    stand.script({ status: 429, retryAfter: '2' });
    const error = await failure(client.createDiscountCode({ code: unique(), percentage: 0.15 }));
    expect(error).toBeInstanceOf(ShopifyTransientError);
    expect(error).toMatchObject({ throttled: true, retryAfterMs: 2000, status: 429 });
  });

  it('5xx: transient, not a throttle', async () => {
    stand.script({ status: 503, retryAfter: '5' }, { status: 500 });
    expect(await failure(client.createDiscountCode({ code: unique(), percentage: 0.15 }))).toMatchObject({
      name: 'ShopifyTransientError',
      throttled: false,
      retryAfterMs: 5000,
      status: 503,
    });
    const plain = await failure(client.createDiscountCode({ code: unique(), percentage: 0.15 }));
    expect(plain).toMatchObject({
      name: 'ShopifyTransientError',
      throttled: false,
      retryAfterMs: null,
      status: 500,
    });
    expect(plain.message).toMatch(/HTTP 500/);
  });

  it('a wrong token: 401, refused with a message that names the setting', async () => {
    const wrong = createShopifyAdminClient({ url: stand.url, token: 'shpat_wrong' });
    const error = await failure(wrong.createDiscountCode({ code: unique(), percentage: 0.15 }));
    expect(error).toBeInstanceOf(ShopifyRefusedError);
    expect(error.message).toMatch(
      /^Shopify refused the access token \(HTTP 401\): check SHOPIFY_ADMIN_TOKEN/,
    );
  });

  it('403 and a wrong address: refused, with the status', async () => {
    stand.script({ status: 403 });
    expect((await failure(client.createDiscountCode({ code: unique(), percentage: 0.15 }))).message).toMatch(
      /HTTP 403.*write_discounts/,
    );
    const elsewhere = createShopifyAdminClient({
      url: stand.url.replace('2025-07', '2019-01'),
      token: stand.token,
    });
    const error = await failure(elsewhere.createDiscountCode({ code: unique(), percentage: 0.15 }));
    expect(error).toBeInstanceOf(ShopifyRefusedError);
    expect(error.message).toMatch(/HTTP 404/);
  });

  it('no answer in time, or no server at all: transient', async () => {
    const impatient = createShopifyAdminClient({ url: stand.url, token: stand.token, timeoutMs: 100 });
    stand.delayMs = 400;
    try {
      const error = await failure(impatient.createDiscountCode({ code: unique(), percentage: 0.15 }));
      expect(error).toBeInstanceOf(ShopifyTransientError);
      expect(error.message).toMatch(/did not answer .* within 100 ms/);
    } finally {
      stand.delayMs = 0;
    }
    // A port nothing listens on.
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const nowhere = createShopifyAdminClient({
      url: `http://127.0.0.1:${port}/admin/api/2025-07/graphql.json`,
      token: stand.token,
    });
    const error = await failure(nowhere.createDiscountCode({ code: unique(), percentage: 0.15 }));
    expect(error).toBeInstanceOf(ShopifyTransientError);
    expect(error.message).toMatch(/unreachable.*ECONNREFUSED/);
  });

  it('reads Retry-After in seconds or as a date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('1.5', now)).toBe(1500);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10_000);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});
