// `GET /api/program` (program-routes.ts): the currency and time zone every screen formats with,
// read with the public client credential, the defaults until a setting is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { PROGRAM_CURRENCY_KEY } from './currency';
import { writeSettings } from './repository';

const CLIENT = 'program-test-public-client-token-0001';

let t: TestApp;
const read = (headers: Record<string, string> = { authorization: `Bearer ${CLIENT}` }) =>
  t.app.inject({ method: 'GET', url: '/api/program', headers });

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_CLIENT_TOKEN: CLIENT } });
});
afterAll(async () => t?.close());

describe('GET /api/program', () => {
  it('answers US dollars and the default zone while nothing is stored, cacheable for a minute', async () => {
    const response = await read();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { currency: 'USD', time_zone: 'America/Toronto' } });
    expect(response.headers['cache-control']).toBe('public, max-age=60');
  });

  it('needs the public client credential', async () => {
    expect((await read({})).statusCode).toBe(401);
    expect((await read({ authorization: 'Bearer not-the-client' })).statusCode).toBe(401);
  });

  it('answers the stored currency once one is written', async () => {
    await writeSettings(t.database.db, { [PROGRAM_CURRENCY_KEY]: 'CAD' }, new Date().toISOString());
    expect((await read()).json()).toEqual({ data: { currency: 'CAD', time_zone: 'America/Toronto' } });
  });

  it('is in the OpenAPI document with its answer', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json() as {
      paths: Record<string, { get?: { responses?: Record<string, unknown> } }>;
    };
    expect(doc.paths['/api/program']?.get?.responses?.['200']).toBeDefined();
  });
});
