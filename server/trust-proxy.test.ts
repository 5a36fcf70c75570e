// Behind a TLS proxy every request comes from the proxy: TRUST_PROXY names the proxies whose
// X-Forwarded-For tells who the client is, so that rate limits and throttles count each client
// (docs/deployment.md). Unset, nobody's header is believed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { createTestApp } from './test/app';
import type { TestApp } from './test/app';

function problems(value: string): string[] {
  try {
    loadConfig({ TRUST_PROXY: value });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('TRUST_PROXY', () => {
  it('takes addresses, CIDR ranges and proxy-addr names, and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8' }).trustProxy).toBe(
      '127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8',
    );
    expect(problems('loopback,uniquelocal,linklocal')).toEqual([]);
    // A hop count would trust any peer's claim in this Fastify: refused, as are bad ranges.
    for (const bad of ['1', 'true', '10.0.0.0/33', '::1/129', '300.1.1.1', 'proxy.internal', '10.0.0.1,']) {
      expect(problems(bad), bad).toEqual([
        expect.stringMatching(/^TRUST_PROXY must be addresses or CIDR ranges/),
      ]);
    }
  });

  describe('in the app', () => {
    const apps: TestApp[] = [];
    let trusting: TestApp;
    let plain: TestApp;
    beforeAll(async () => {
      // Two API requests a minute per client, so that the third tells which client was counted.
      trusting = await createTestApp({
        env: { TRUST_PROXY: '127.0.0.1' },
        build: { rateLimits: { api: 2 } },
      });
      plain = await createTestApp({ build: { rateLimits: { api: 2 } } });
      apps.push(trusting, plain);
    });
    afterAll(async () => {
      for (const t of apps) await t.close();
    });

    const categories = async (t: TestApp, forwardedFor: string) => {
      const client = (
        await t.database.db
          .selectFrom('settings')
          .select('value')
          .where('key', '=', 'public_client_token')
          .executeTakeFirstOrThrow()
      ).value;
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/categories',
        remoteAddress: '127.0.0.1',
        headers: { authorization: `Bearer ${client}`, 'x-forwarded-for': forwardedFor },
      });
      return res.statusCode;
    };

    it('counts each client behind a trusted proxy apart', async () => {
      expect([
        await categories(trusting, '203.0.113.7'),
        await categories(trusting, '203.0.113.7'),
        await categories(trusting, '203.0.113.7'),
      ]).toEqual([200, 200, 429]);
      expect(await categories(trusting, '198.51.100.20')).toBe(200);
      // A client cannot hide behind an address it puts in front: the proxy's own entry counts.
      expect(await categories(trusting, '198.51.100.99, 203.0.113.7')).toBe(429);
    });

    it('believes no header when no proxy is trusted', async () => {
      expect([
        await categories(plain, '203.0.113.7'),
        await categories(plain, '203.0.113.8'),
        await categories(plain, '203.0.113.9'),
      ]).toEqual([200, 200, 429]);
    });
  });
});
