// A local stand-in for the two Meta APIs a partner connects (docs/product/links-and-integrations.md#instagram), over real HTTP in
// their wire formats: Instagram API with Instagram Login (consent page, code → short-lived token
// at the API host, → long-lived token and its refresh, `/me`, `/me/media` with paging) and the
// Facebook Graph API (code → token, long-lived exchange, `/me`, `/{id}/picture?redirect=false`).
// Errors are Meta's: `{"error": {"message", "type": "OAuthException", "code", "error_subcode",
// "fbtrace_id"}}` — 190 for an expired or revoked token, 4 (HTTP 429) for the app's rate limit.
// Both APIs live on one port; their paths do not overlap.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInPost {
  id: string;
  caption?: string;
  media_type: 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';
  media_url: string;
  thumbnail_url?: string;
  permalink: string;
  timestamp: string;
  /** Left out, as Instagram leaves it out, when the owner hid the post's like count. */
  like_count?: number;
  comments_count: number;
}

interface Account {
  provider: 'instagram' | 'facebook';
  userId: string;
  username: string;
  name: string;
  picture: string;
  posts: StandInPost[];
  /** Facebook's confirmed address of the person, for sign-in (none by default). */
  email?: string;
}

interface Token {
  account: Account;
  kind: 'short' | 'long';
  expiresAt: number;
  issuedAt: number;
  revoked: boolean;
}

export interface MetaStandInOptions {
  appId?: string;
  secret?: string;
  facebookAppId?: string;
  facebookSecret?: string;
  port?: number;
  /** Seconds a long-lived token lives (60 days by default, as Meta's do). */
  longLivedSeconds?: number;
}

const FB_VERSION = '/v19.0';

export async function startMetaStandIn(options: MetaStandInOptions = {}) {
  const appId = options.appId ?? 'ig-app-id';
  const secret = options.secret ?? 'ig-app-secret';
  const fbAppId = options.facebookAppId ?? 'fb-app-id';
  const fbSecret = options.facebookSecret ?? 'fb-app-secret';
  const longLived = options.longLivedSeconds ?? 60 * 24 * 3600;
  const accounts = new Map<string, Account>();
  const codes = new Map<string, { account: Account; redirectUri: string; used: boolean }>();
  const tokens = new Map<string, Token>();
  const calls: { method: string; path: string; params: Record<string, string> }[] = [];
  let rateLimited = 0;
  let failing = 0;
  let nextId = 17841400000000000n;
  let base = '';

  const newToken = (account: Account, kind: Token['kind'], seconds: number) => {
    const value = `${account.provider === 'instagram' ? 'IG' : 'EAA'}${kind === 'long' ? 'L' : 'S'}${randomBytes(18).toString('hex')}`;
    tokens.set(value, {
      account,
      kind,
      expiresAt: Date.now() + seconds * 1000,
      issuedAt: Date.now(),
      revoked: false,
    });
    return value;
  };

  const error = (
    res: http.ServerResponse,
    status: number,
    code: number,
    message: string,
    subcode?: number,
  ) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        error: {
          message,
          type: 'OAuthException',
          code,
          ...(subcode ? { error_subcode: subcode } : {}),
          fbtrace_id: randomBytes(8).toString('base64url'),
        },
      }),
    );
  };
  const ok = (res: http.ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  /** The token of a call, or an answer already sent. */
  const authorized = (
    res: http.ServerResponse,
    value: string | undefined,
    provider: Account['provider'],
    kind?: Token['kind'],
  ): Token | undefined => {
    const token = value ? tokens.get(value) : undefined;
    if (!token || token.account.provider !== provider || (kind && token.kind !== kind)) {
      error(res, 400, 190, 'Invalid OAuth access token - Cannot parse access token');
      return undefined;
    }
    if (token.revoked) {
      error(res, 400, 190, 'Error validating access token: The user has not authorized application.', 458);
      return undefined;
    }
    if (token.expiresAt <= Date.now()) {
      error(
        res,
        400,
        190,
        `Error validating access token: Session has expired on ${new Date(token.expiresAt).toUTCString()}.`,
        463,
      );
      return undefined;
    }
    return token;
  };

  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (chunk) => (data += chunk));
      req.on('end', () => resolve(data));
    });

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    const params = Object.fromEntries(url.searchParams);
    if (req.method === 'POST')
      Object.assign(params, Object.fromEntries(new URLSearchParams(await readBody(req))));
    const path = url.pathname;
    calls.push({ method: req.method ?? 'GET', path, params });
    if (stand.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, stand.latencyMs));
    const consent = path === '/oauth/authorize' || path === `${FB_VERSION}/dialog/oauth`;
    const cdn = path.startsWith('/media/') || path.startsWith('/pictures/');
    if (!consent && !cdn && failing > 0) {
      failing -= 1;
      return error(res, 500, 2, 'An unexpected error has occurred. Please retry your request later.');
    }
    if (!consent && !cdn && !path.includes('oauth/access_token') && rateLimited > 0) {
      rateLimited -= 1;
      return error(res, 429, 4, 'Application request limit reached');
    }

    // A CDN address that sends the client elsewhere (`?to=`): the portal must not follow it out.
    if (req.method === 'GET' && path === '/media/elsewhere.jpg' && params.to) {
      res.writeHead(302, { location: params.to });
      return res.end();
    }
    // A file that is not a picture behind a picture's name.
    if (req.method === 'GET' && path === '/media/not-a-picture.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      return res.end('%PDF-1.4 not a picture');
    }
    // The CDN: each picture a flat colour of its own, as a real JPEG.
    if (req.method === 'GET' && /^\/(media|pictures)\/[\w-]+\.jpg$/.test(path)) {
      const hue = [...path].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7);
      const sharp = (await import('sharp')).default;
      const [r, g, b] = [hue, (hue * 2) % 255, (hue * 3) % 255];
      const jpeg = await sharp({ create: { width: 640, height: 800, channels: 3, background: { r, g, b } } })
        .jpeg()
        .toBuffer();
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': jpeg.length });
      return res.end(jpeg);
    }

    // The consent page: the person agrees at once and goes back with a code.
    if (req.method === 'GET' && consent) {
      const provider = path === '/oauth/authorize' ? 'instagram' : 'facebook';
      const expected = provider === 'instagram' ? appId : fbAppId;
      if (params.client_id !== expected || !params.redirect_uri || params.response_type !== 'code')
        return error(res, 400, 100, 'Invalid platform app');
      const account = stand.addAccount(provider);
      // The person signed in at Facebook in this browser: a cookie on the stand-in's host (browser
      // tests set it) gives the account its confirmed address, for social sign-in.
      const signedInAs = /(?:^|;\s*)stand_in_email=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
      if (provider === 'facebook' && signedInAs) account.email = decodeURIComponent(signedInAs);
      const code = randomBytes(16).toString('hex');
      codes.set(code, { account, redirectUri: params.redirect_uri, used: false });
      const back = new URL(params.redirect_uri);
      back.searchParams.set('code', code);
      if (params.state) back.searchParams.set('state', params.state);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }

    const takeCode = (provider: Account['provider']) => {
      const entry = codes.get(params.code ?? '');
      if (
        !entry ||
        entry.used ||
        entry.account.provider !== provider ||
        entry.redirectUri !== params.redirect_uri
      )
        return undefined;
      entry.used = true;
      return entry.account;
    };

    // ---- Instagram
    if (req.method === 'POST' && path === '/oauth/access_token') {
      if (
        params.client_id !== appId ||
        params.client_secret !== secret ||
        params.grant_type !== 'authorization_code'
      ) {
        return error(res, 400, 101, 'Error validating client secret.');
      }
      const account = takeCode('instagram');
      if (!account) return error(res, 400, 100, 'Invalid authorization code');
      return ok(res, {
        data: [
          {
            access_token: newToken(account, 'short', 3600),
            user_id: account.userId,
            permissions: 'instagram_business_basic',
          },
        ],
      });
    }
    if (req.method === 'GET' && path === '/access_token') {
      if (params.grant_type !== 'ig_exchange_token' || params.client_secret !== secret)
        return error(res, 400, 100, 'Unsupported grant type');
      const token = authorized(res, params.access_token, 'instagram', 'short');
      if (!token) return;
      return ok(res, {
        access_token: newToken(token.account, 'long', longLived),
        token_type: 'bearer',
        expires_in: longLived,
      });
    }
    if (req.method === 'GET' && path === '/refresh_access_token') {
      if (params.grant_type !== 'ig_refresh_token') return error(res, 400, 100, 'Unsupported grant type');
      const token = authorized(res, params.access_token, 'instagram', 'long');
      if (!token) return;
      return ok(res, {
        access_token: newToken(token.account, 'long', longLived),
        token_type: 'bearer',
        expires_in: longLived,
        permissions: 'instagram_business_basic',
      });
    }
    if (req.method === 'GET' && path === '/me') {
      const token = authorized(res, params.access_token, 'instagram', 'long');
      if (!token) return;
      const a = token.account;
      return ok(res, {
        user_id: a.userId,
        id: a.userId,
        username: a.username,
        name: a.name,
        profile_picture_url: a.picture,
      });
    }
    if (req.method === 'GET' && path === '/me/media') {
      const token = authorized(res, params.access_token, 'instagram', 'long');
      if (!token) return;
      const limit = Math.min(100, Number(params.limit ?? 25) || 25);
      const start = params.after ? Number(Buffer.from(params.after, 'base64url').toString()) : 0;
      const page = token.account.posts.slice(start, start + limit);
      const more = start + limit < token.account.posts.length;
      const next = new URL(`${base}/me/media`);
      for (const [k, v] of Object.entries(params)) if (k !== 'after') next.searchParams.set(k, v);
      next.searchParams.set('after', Buffer.from(String(start + limit)).toString('base64url'));
      return ok(res, {
        data: page,
        paging: {
          cursors: {
            before: Buffer.from(String(start)).toString('base64url'),
            after: next.searchParams.get('after'),
          },
          ...(more ? { next: next.toString() } : {}),
        },
      });
    }

    // ---- Facebook
    if (req.method === 'GET' && path === `${FB_VERSION}/oauth/access_token`) {
      if (params.client_id !== fbAppId || params.client_secret !== fbSecret)
        return error(res, 400, 101, 'Error validating client secret.');
      if (params.grant_type === 'fb_exchange_token') {
        const token = authorized(res, params.fb_exchange_token, 'facebook', 'short');
        if (!token) return;
        return ok(res, {
          access_token: newToken(token.account, 'long', longLived),
          token_type: 'bearer',
          expires_in: longLived,
        });
      }
      const account = takeCode('facebook');
      if (!account) return error(res, 400, 100, 'This authorization code has been used.', 36009);
      return ok(res, {
        access_token: newToken(account, 'short', 3600),
        token_type: 'bearer',
        expires_in: 3600,
      });
    }
    if (req.method === 'GET' && path === `${FB_VERSION}/me`) {
      const token = authorized(res, params.access_token, 'facebook');
      if (!token) return;
      // Only the fields asked for, as the Graph API answers; an address only when the person has one.
      const a = token.account;
      const fields = new Set((params.fields ?? 'id,name').split(',').map((f) => f.replace(/\..*$/, '')));
      const [first, ...rest] = a.name.split(' ');
      const all: Record<string, unknown> = {
        id: a.userId,
        name: a.name,
        first_name: first,
        last_name: rest.join(' '),
        ...(a.email ? { email: a.email } : {}),
      };
      return ok(res, Object.fromEntries(Object.entries(all).filter(([k]) => k === 'id' || fields.has(k))));
    }
    const picture = /^\/(?:v\d+\.\d+\/)?(\d+)\/picture$/.exec(path);
    if (req.method === 'GET' && picture) {
      const token = authorized(res, params.access_token, 'facebook');
      if (!token) return;
      if (token.account.userId !== picture[1]) return error(res, 400, 100, 'Unsupported get request.');
      if (params.redirect !== 'false') {
        res.writeHead(302, { location: token.account.picture });
        return res.end();
      }
      return ok(res, { data: { height: 200, width: 200, is_silhouette: false, url: token.account.picture } });
    }
    return error(res, 404, 803, `Unknown path components: ${path}`);
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const stand = {
    url: base,
    appId,
    secret,
    facebookAppId: fbAppId,
    facebookSecret: fbSecret,
    calls,
    /** Milliseconds every call waits before it is answered (0 by default): rounds on several nodes then overlap. */
    latencyMs: 0,
    /** An account whose consent the next authorization gives (a new one each time by default). */
    addAccount(provider: Account['provider'], posts?: StandInPost[]): Account {
      nextId += 1n;
      const n = accounts.size + 1;
      const userId = provider === 'instagram' ? String(nextId) : String(10_000_000_000n + nextId);
      const account: Account = {
        provider,
        userId,
        username: `sunny.creator.${n}`,
        name: `Sunny Creator ${n}`,
        picture: `${base}/pictures/${userId}.jpg`,
        posts: posts ?? stand.samplePosts(userId),
      };
      accounts.set(userId, account);
      return account;
    },
    /** Posts of a new account: some carry the brand hashtag, one is a video, others not about the brand. */
    samplePosts(userId: string): StandInPost[] {
      const day = (n: number) =>
        new Date(Date.UTC(2026, 10, 20 - n, 17, 30)).toISOString().replace('.000Z', '+0000');
      const post = (
        i: number,
        caption: string,
        likes: number,
        comments: number,
        video = false,
      ): StandInPost => ({
        id: `${userId}${String(i).padStart(3, '0')}`,
        caption,
        media_type: video ? 'VIDEO' : 'IMAGE',
        media_url: `${base}/media/${userId}-${i}.${video ? 'mp4' : 'jpg'}`,
        ...(video ? { thumbnail_url: `${base}/media/${userId}-${i}-thumb.jpg` } : {}),
        permalink: `https://www.instagram.com/p/${userId.slice(-6)}${i}/`,
        timestamp: day(i),
        like_count: likes,
        comments_count: comments,
      });
      return [
        post(1, 'Morning ritual with my apple cider vinegar gummies #SunbitePartner #ad', 120, 14),
        post(2, 'Sunday hike, no filter', 900, 80),
        post(3, 'Calm gummies before bed, magnesium does its thing #sunbitepartner #ad', 340, 41, true),
        post(4, 'Packing my gym bag: protein bites! #SunbitePartner #ad', 55, 3),
        post(5, 'Coffee with friends', 210, 12),
      ];
    },
    account(userId: string) {
      return accounts.get(userId);
    },
    /** The account behind the next consent of `provider`: the one a test prepared. */
    prepareNext(provider: Account['provider'], posts?: StandInPost[]) {
      const account = stand.addAccount(provider, posts);
      const original = stand.addAccount;
      stand.addAccount = (p, q) => {
        if (p !== provider) return original(p, q);
        stand.addAccount = original;
        return account;
      };
      return account;
    },
    /** A code as the consent page would give it (for tests that skip the browser). */
    issueCode(account: Account, redirectUri: string) {
      const code = randomBytes(16).toString('hex');
      codes.set(code, { account, redirectUri, used: false });
      return code;
    },
    /** Every token of the account stops working as expired (code 190, subcode 463). */
    expireTokens(userId: string) {
      for (const token of tokens.values())
        if (token.account.userId === userId) token.expiresAt = Date.now() - 1000;
    },
    revokeTokens(userId: string) {
      for (const token of tokens.values()) if (token.account.userId === userId) token.revoked = true;
    },
    /** The next `n` API calls answer the app rate limit (code 4, HTTP 429). */
    rateLimit(n: number) {
      rateLimited = n;
    },
    /** The next `n` calls answer a 500. */
    fail(n: number) {
      failing = n;
    },
    /** Whether `value` is a token this stand-in issued (the database must never hold one in the clear). */
    isToken(value: string) {
      return tokens.has(value);
    },
    tokenValues() {
      return [...tokens.keys()];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return stand;
}

export type MetaStandIn = Awaited<ReturnType<typeof startMetaStandIn>>;
