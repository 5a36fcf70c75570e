// The API's answers are private by default (issue 31 item 10): a partner's or a staff member's
// JSON says Cache-Control: no-store, refusals too; the public answers that may be cached say so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import type { TestApp } from '../test/app';
import { bearer, createStaffWithToken } from '../test/payouts-fixture';
import { issueToken } from '../modules/auth/service';
import { createPartnerAccount } from '../modules/partners/service';

const PUBLIC = 'cache-control-public-client-token-000001';
let t: TestApp;
let partner: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_CLIENT_TOKEN: PUBLIC } });
  const account = await createPartnerAccount(t.database.db, {
    email: 'cache.partner@example.test',
    password: 'partner-password-1',
    first_name: 'Ca',
    last_name: 'Che',
    verified: 1,
    accepted_terms: 1,
    locale: 'en',
  });
  partner = (await issueToken(t.database.db, 'partner', account.id)).token;
  staff = (await createStaffWithToken(t.database.db, 'admin')).token;
});
afterAll(() => t.close());

describe('Cache-Control on the API', () => {
  it('is no-store on what a partner and a staff member read, and on refusals', async () => {
    const reads: [string, string | undefined][] = [
      ['/api/get', partner],
      ['/api/links/stats', partner],
      ['/api/manager/overview', staff],
      ['/api/manager/partners?page=1&length=20', staff],
      ['/api/manager/settings/store', staff],
      ['/api/manager/overview', undefined],
      ['/api/manager/overview', partner],
    ];
    for (const [url, token] of reads) {
      const res = await t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
      expect(res.headers['cache-control'], `${url} ${res.statusCode}`).toBe('no-store');
    }
  });

  it('leaves the public answers that say they may be cached as they say', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/program', headers: bearer(PUBLIC) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });
});
