// A fake of the portal API for component tests: answers by "METHOD /path", with a signed-in
// partner whose /api/get payload is encrypted exactly as the server does it (docs/product/partners-and-accounts.md#the-profile-payload).
import { vi } from 'vitest';
import type { PortalUser } from '../lib/current-user';
import { encryptPayload, PAYLOAD_KEY_META } from '../lib/payload';
import { storeToken } from '../lib/session';
import { jsonResponse } from './render-app';
import { emptySalesRoutes, pagedHandler } from './sales-fixtures';

/** 32 bytes, base64: the test pages' payload key. */
export const TEST_PAYLOAD_KEY = btoa(
  String.fromCharCode(...Array.from({ length: 32 }, (_, index) => index + 1)),
);

export function installPayloadKey(key: string = TEST_PAYLOAD_KEY): void {
  let meta = document.querySelector<HTMLMetaElement>(`meta[name="${PAYLOAD_KEY_META}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = PAYLOAD_KEY_META;
    document.head.append(meta);
  }
  meta.content = key;
}

export function samplePartner(overrides: Partial<PortalUser> = {}): PortalUser {
  return {
    uuid: '7f1c2c55-0c39-4c43-9f39-7b5f0c0f2a11',
    email: 'maya@sunbite.example',
    verified: true,
    first_name: 'Maya',
    last_name: 'Chen',
    phone: '+1 555 123 4567',
    address_1: null,
    address_2: null,
    city: null,
    state: null,
    postal: null,
    po_box: null,
    country: 'US',
    paypal_email: null,
    user_picture: null,
    short_url: null,
    referral_short_url: null,
    promo_codes: [{ code: 'MAYA15', value: 15, commission_rate: 10 }],
    locale: 'en',
    about: null,
    date_of_birth: '1995-04-12',
    category_id: 1,
    instagram_url: null,
    facebook_url: null,
    youtube_url: null,
    tiktok_url: null,
    badges: [],
    bell_notifications: 0,
    accepted_terms: true,
    ...overrides,
  };
}

/** Stores a valid partner token (one hour) as a sign-in would. */
export function signInForTest(token = 'tok'): void {
  storeToken({ token, expired: new Date(Date.now() + 3_600_000).toISOString() });
}

export type FakeHandler = (request: {
  url: URL;
  init: RequestInit;
  body: unknown;
}) => Response | Promise<Response>;

export interface FakeApi {
  fetch: ReturnType<typeof vi.fn>;
  /** Calls made, as "METHOD /path". */
  calls: () => string[];
  /** The init of the last call to "METHOD /path". */
  lastInit: (route: string) => RequestInit | undefined;
  lastBody: (route: string) => unknown;
  on: (route: string, handler: FakeHandler) => void;
}

/**
 * Stubs global fetch. Default routes: the partner profile and badges, a "glowco" sub-partner;
 * anything else answers 404 in the error contract.
 */
export const TEST_PUBLIC_CLIENT = 'public-client-test';

export function installFakeApi(options: { user?: PortalUser; key?: string } = {}): FakeApi {
  installPayloadKey(options.key);
  let client = document.querySelector<HTMLMetaElement>('meta[name="portal-client"]');
  if (!client) {
    client = document.createElement('meta');
    client.name = 'portal-client';
    document.head.append(client);
  }
  client.content = TEST_PUBLIC_CLIENT;
  const routes = new Map<string, FakeHandler>();
  const user = options.user ?? samplePartner();
  routes.set('GET /api/get', async () =>
    jsonResponse(200, { data: await encryptPayload(user, TEST_PAYLOAD_KEY) }),
  );
  routes.set('GET /api/get_badges', () => jsonResponse(200, { data: [] }));
  routes.set('GET /api/getNotifications/announcement', () => jsonResponse(200, { data: [] }));
  routes.set('GET /api/getChallenges', () => jsonResponse(200, { data: [] }));
  routes.set('GET /api/getPromotions', () => jsonResponse(200, { data: [] }));
  routes.set('GET /api/newsfeed', pagedHandler([]));
  routes.set('GET /api/survey', () =>
    jsonResponse(200, { data: { offered: false, choices: [], answered: null, needs_address: true } }),
  );
  routes.set('GET /api/auth/logout', () => new Response(null, { status: 204 }));
  // The program's currency and zone, which both shells ask for (lib/program.ts): the defaults.
  routes.set('GET /api/program', () =>
    jsonResponse(200, { data: { currency: 'USD', time_zone: 'America/Toronto' } }),
  );
  // A program without Instagram or Facebook set up: no connect buttons, the top posts' calm empty state.
  routes.set('GET /api/integrations', () =>
    jsonResponse(200, {
      data: {
        instagram: { configured: false, status: 'not_connected', account: null },
        facebook: { configured: false, status: 'not_connected', account: null },
      },
    }),
  );
  routes.set('GET /api/integrations/instagram/top-posts', () =>
    jsonResponse(200, {
      data: { configured: false, status: 'not_connected', username: null, synced_at: null, posts: [] },
    }),
  );
  // The account's branding (lib/account-branding.ts): a partner who came through no sub-partner.
  routes.set('GET /api/branding', () => jsonResponse(200, { data: { subpartner: null } }));
  routes.set('GET /api/subpartners/glowco', () =>
    jsonResponse(200, {
      data: {
        slug: 'glowco',
        name: 'Glow Co',
        logo_url: null,
        primary_color: '#0f766e',
        accent_color: '#f59e0b',
        welcome: { en: 'Welcome, Glow Co creators!', fr: 'Bienvenue, créateurs Glow Co !' },
      },
    }),
  );
  // The account shell and its pages ask for the sales figures and the bell: an account without sales.
  for (const [route, handler] of emptySalesRoutes()) routes.set(route, handler);
  const seen: { route: string; init: RequestInit }[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const route = `${init.method ?? 'GET'} ${url.pathname}`;
    seen.push({ route, init });
    const handler = routes.get(route);
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    if (!handler) return jsonResponse(404, { code: 404, message: 'Not Found' });
    return handler({ url, init, body });
  });
  vi.stubGlobal('fetch', fetchMock);
  const last = (route: string) => [...seen].reverse().find((call) => call.route === route)?.init;
  return {
    fetch: fetchMock,
    calls: () => seen.map((call) => call.route),
    lastInit: last,
    lastBody: (route) => {
      const body = last(route)?.body;
      return typeof body === 'string' ? (JSON.parse(body) as unknown) : undefined;
    },
    on: (route, handler) => routes.set(route, handler),
  };
}
