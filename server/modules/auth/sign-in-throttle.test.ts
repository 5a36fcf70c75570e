// The sign-in throttle under concurrency: an attempt is counted before its password is checked,
// so attempts sent at once cannot all reach the check (docs/product/partners-and-accounts.md#sign-in-and-sessions: 10 failures in 15 minutes).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { DEMO_PARTNER, DEMO_STAFF, seedDemoProgram } from '../../seed/demo';
import { verifyPassword } from '../../credentials/passwords';
import type * as Passwords from '../../credentials/passwords';

// A spy that still calls through: it counts the argon2 verifications the throttle let happen.
vi.mock('../../credentials/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof Passwords>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});
const verifications = vi.mocked(verifyPassword);

const CLIENT = 'sign-in-throttle-test-client-token-00';
const client = { authorization: `Bearer ${CLIENT}`, 'content-type': 'application/json' };
const ATTEMPTS = 30;
const LIMIT = 10;

describe('sign-in throttle under concurrent attempts', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The per-client limit of every API route is not what is tested here.
    t = await createTestApp({
      env: { PUBLIC_CLIENT_TOKEN: CLIENT },
      build: { rateLimits: { api: 100_000 } },
    });
    await seedDemoProgram(t.database.db);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.deleteFrom('throttle_events').execute();
    verifications.mockClear();
  });

  const attempt = (url: string, email: string, password: string, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url, headers: client, remoteAddress: ip, payload: { email, password } });

  /** What answered what, and how many passwords were checked. */
  function tally(statuses: number[]) {
    return {
      unauthorized: statuses.filter((s) => s === 401).length,
      throttled: statuses.filter((s) => s === 429).length,
      checked: verifications.mock.calls.length,
    };
  }

  for (const [who, url, email] of [
    ['partner', '/api/auth/get_token', DEMO_PARTNER.email],
    ['staff', '/api/manager/auth/get_token', DEMO_STAFF.email],
  ] as const) {
    it(`lets at most ${LIMIT} of ${ATTEMPTS} wrong ${who} passwords sent at once reach the check`, async () => {
      const answers = await Promise.all(
        Array.from({ length: ATTEMPTS }, () => attempt(url, email, 'wrong-password')),
      );
      const result = tally(answers.map((a) => a.statusCode));
      expect(result.checked).toBeLessThanOrEqual(LIMIT);
      expect(result.checked).toBeGreaterThan(0);
      expect(result.unauthorized).toBe(result.checked);
      expect(result.unauthorized + result.throttled).toBe(ATTEMPTS);
      for (const a of answers.filter((x) => x.statusCode === 429))
        expect(a.json()).toEqual({ code: 429, error: 'too_many_requests', message: 'Too many requests' });
      // The right password is refused too, now that the failures are counted.
      expect(
        (
          await attempt(
            url,
            email,
            who === 'partner' ? DEMO_PARTNER.password : DEMO_STAFF.password,
            '10.9.9.9',
          )
        ).statusCode,
      ).toBe(429);
    });

    it(`lets at most ${LIMIT} ${who} attempts from one address at once reach the check, whatever the e-mails`, async () => {
      const answers = await Promise.all(
        Array.from({ length: ATTEMPTS }, (_, i) =>
          attempt(url, `someone${i}@example.com`, 'wrong-password', '10.0.7.7'),
        ),
      );
      const result = tally(answers.map((a) => a.statusCode));
      expect(result.checked).toBeLessThanOrEqual(LIMIT);
      expect(result.unauthorized + result.throttled).toBe(ATTEMPTS);
    });

    it(`still signs ${who} in with the right password after ${LIMIT - 1} failures, and forgets them`, async () => {
      const password = who === 'partner' ? DEMO_PARTNER.password : DEMO_STAFF.password;
      for (let i = 0; i < LIMIT - 1; i++)
        expect((await attempt(url, email, 'wrong-password', `10.0.3.${i}`)).statusCode).toBe(401);
      expect((await attempt(url, email, password, '10.0.4.1')).statusCode).toBe(200);
      // The success cleared the e-mail's failures: ten more are allowed before it is throttled.
      for (let i = 0; i < LIMIT; i++)
        expect((await attempt(url, email, 'wrong-password', `10.0.5.${i}`)).statusCode).toBe(401);
      expect((await attempt(url, email, password, '10.0.4.2')).statusCode).toBe(429);
    });
  }

  it('holds over a real listening port too', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const answers = await Promise.all(
      Array.from({ length: ATTEMPTS }, () =>
        fetch(`${address}/api/auth/get_token`, {
          method: 'POST',
          headers: client,
          body: JSON.stringify({ email: DEMO_PARTNER.email, password: 'wrong-password' }),
        }),
      ),
    );
    const result = tally(answers.map((a) => a.status));
    expect(result.checked).toBeLessThanOrEqual(LIMIT);
    expect(result.checked).toBeGreaterThan(0);
    expect(result.unauthorized + result.throttled).toBe(ATTEMPTS);
  });
});
