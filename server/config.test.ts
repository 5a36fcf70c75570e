import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parsePayloadKey } from './config';

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration', () => {
  it('has the defaults of docs/product/system.md#configuration', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toMatch(/[/\\]data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.paypal.apiBase).toBe('https://api-m.sandbox.paypal.com');
    expect(config.seedDemo).toBe(true);
    expect(config.social.facebook).toBeUndefined();
  });

  it('derives PUBLIC_URL from PORT, and seeds no demo on PostgreSQL unless asked', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: 'on' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({}).apiRateLimit).toBeUndefined();
    expect(loadConfig({ RATE_LIMIT_API: '5000' }).apiRateLimit).toBe(5000);
    expect(loadConfig({ PUBLIC_URL: 'https://partners.example.com/' }).publicUrl).toBe(
      'https://partners.example.com',
    );
    expect(loadConfig({}).taskIntervalMaxMs).toBeUndefined();
    expect(loadConfig({ TASK_INTERVAL_MAX_SECONDS: '1' }).taskIntervalMaxMs).toBe(1000);
  });

  it('names each bad variable in its message', () => {
    expect(problems({ PORT: 'abc' })).toEqual([expect.stringMatching(/^PORT .*'abc'/)]);
    expect(problems({ PORT: '70000' })[0]).toMatch(/^PORT must be between 1 and 65535/);
    expect(problems({ DATABASE_URL: 'mysql://x' })[0]).toMatch(/^DATABASE_URL must be a postgres:\/\/ URL/);
    expect(problems({ PUBLIC_URL: 'localhost:3000' })[0]).toMatch(/^PUBLIC_URL must be an http\(s\) URL/);
    expect(problems({ SEED_DEMO: 'maybe' })[0]).toMatch(/^SEED_DEMO /);
    expect(problems({ RATE_LIMIT_API: '0' })[0]).toMatch(/^RATE_LIMIT_API /);
    expect(problems({ RATE_LIMIT_API: 'many' })[0]).toMatch(/^RATE_LIMIT_API /);
    expect(problems({ TASK_INTERVAL_MAX_SECONDS: '0' })[0]).toMatch(/^TASK_INTERVAL_MAX_SECONDS /);
    expect(problems({ SMTP_URL: 'http://mail' })[0]).toMatch(/^SMTP_URL /);
    expect(problems({ SHOPIFY_SHOP_DOMAIN: 'shop.com', SHOPIFY_ADMIN_TOKEN: 'x' })[0]).toMatch(
      /^SHOPIFY_SHOP_DOMAIN/,
    );
    expect(
      problems({ STAFF_BOOTSTRAP_EMAIL: 'not-mail', STAFF_BOOTSTRAP_PASSWORD: 'longenough' })[0],
    ).toMatch(/^STAFF_BOOTSTRAP_EMAIL/);
    const both = problems({ PORT: 'x', LOG_LEVEL: 'loud' });
    expect(both).toHaveLength(2);
  });

  it('asks for both halves of a credential pair', () => {
    expect(problems({ PAYPAL_CLIENT_ID: 'id' })).toEqual([
      'PAYPAL_CLIENT_SECRET must be set together with PAYPAL_CLIENT_ID',
    ]);
    expect(problems({ GOOGLE_CLIENT_SECRET: 's' })[0]).toMatch(/^GOOGLE_CLIENT_ID must be set together/);
  });

  it('never repeats a secret value in its message', () => {
    const [message] = problems({ PUBLIC_CLIENT_TOKEN: 'short-secret' });
    expect(message).toMatch(/^PUBLIC_CLIENT_TOKEN/);
    expect(message).not.toContain('short-secret');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ' }).port).toBe(3000);
  });

  it('reads the payload key as 32 bytes of base64, with or without the base64: prefix', () => {
    const raw = Buffer.alloc(32, 7).toString('base64');
    expect(parsePayloadKey(raw)).toHaveLength(32);
    expect(parsePayloadKey(`base64:${raw}`)).toHaveLength(32);
    expect(parsePayloadKey(Buffer.alloc(16).toString('base64'))).toBeNull();
    expect(parsePayloadKey('not base64 at all!')).toBeNull();
    expect(loadConfig({ USER_PAYLOAD_KEY: `base64:${raw}` }).userPayloadKey).toEqual(Buffer.alloc(32, 7));
    expect(problems({ USER_PAYLOAD_KEY: 'abc' })[0]).toMatch(/^USER_PAYLOAD_KEY must be 32 bytes/);
  });
});
