// A partner's connected Instagram and Facebook accounts (docs/product/links-and-integrations.md#instagram): the OAuth code flows
// with a single-use state bound to the partner and the tab, tokens sealed at rest, Instagram's
// long-lived token refreshed before it expires and its posts fetched, Facebook's picture for the avatar,
// and "reconnect" once a provider refuses a token.
import { BRAND_HASHTAG } from '../../../common/caption-check';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { isUniqueViolation, nowIso } from '../../db/dialect';
import { AppError, notFound } from '../../errors';
import type { FacebookClient } from '../../integrations/meta/facebook';
import { facebookClient } from '../../integrations/meta/facebook';
import { GraphError } from '../../integrations/meta/graph';
import type { InstagramClient, InstagramMedia } from '../../integrations/meta/instagram';
import { instagramClient, instagramPermalink } from '../../integrations/meta/instagram';
import { consumeOneTimeToken, issueOneTimeToken } from '../one-time-tokens/service';
import { promoCodesOf } from '../promo-codes/service';
import type { IntegrationRow, NewMedia, Provider } from './repository';
import {
  claimDueIntegrations,
  deleteIntegration,
  findHolder,
  findIntegration,
  finishSync,
  saveRefreshedToken,
  integrationsOfPartner,
  mediaOf,
  replaceIntegration,
} from './repository';
import { openToken, sealToken, tokenBinding } from './seal';
import { THUMBNAIL_NAME, keepThumbnail, removeThumbnails, thumbnailDir, thumbnailExists } from './thumbnails';

export type { Provider };
// The store connection seals its Shopify credentials the same way.
export { openToken, sealToken } from './seal';
export const PROVIDERS = ['instagram', 'facebook'] as const;

const STATE_LIFETIME_MS = 10 * 60 * 1000;
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
/** How often a partner's posts are fetched again, and Facebook's picture address asked again. */
export const SYNC_EVERY_MS: Record<Provider, number> = { instagram: HOUR, facebook: DAY };
/** Instagram's long-lived token is refreshed when it has less than this left (it lasts 60 days)… */
export const REFRESH_BEFORE_MS = 10 * DAY;
/** …and only once it is a day old: Instagram refuses younger ones. */
const REFRESH_MIN_AGE_MS = DAY;
const RATE_LIMIT_BACKOFF_MS = 15 * 60 * 1000;
const UNAVAILABLE_BACKOFF_MS = 5 * 60 * 1000;
/** A node holds an account it syncs this long: well beyond one account's calls. */
const LEASE_MS = 2 * 60 * 1000;
/** Accounts synced side by side; each claimed when its turn comes, so its lease starts with its work. */
const SYNC_POOL = 4;
/** A round stops claiming after this long; the next round (a minute later) goes on. */
const ROUND_BUDGET_MS = 45_000;
/** How long connecting waits for the first sync before answering (it goes on after). */
const FIRST_SYNC_WAIT_MS = 8_000;
export const TOP_POSTS = 6;
const KEPT_POSTS = 100;

export interface IntegrationClients {
  instagram?: InstagramClient;
  facebook?: FacebookClient;
}

/** The configured providers; one without credentials has no buttons and no background work. */
export function integrationClients(config: Config): IntegrationClients {
  const { instagram, facebook } = config.social;
  return {
    ...(instagram
      ? {
          instagram: instagramClient({
            appId: instagram.appId,
            secret: instagram.secret,
            authorizeUrl: config.social.instagramAuthorizeUrl,
            apiUrl: config.social.instagramApiUrl,
            graphUrl: config.social.instagramGraphUrl,
          }),
        }
      : {}),
    ...(facebook
      ? {
          facebook: facebookClient({
            appId: facebook.appId,
            secret: facebook.secret,
            graphUrl: config.social.facebookGraphUrl,
            dialogUrl: config.social.facebookDialogUrl,
          }),
        }
      : {}),
  };
}

export interface IntegrationDeps {
  db: Db;
  key: Buffer;
  clients: IntegrationClients;
  publicUrl: string;
  /** Where the top posts' pictures are kept. */
  thumbnails: string;
  /** Plain-http origins pictures may come from: a configured local stand-in only. */
  trustedOrigins: string[];
}

export const integrationDeps = (ctx: {
  db: Db;
  config: Config;
  secrets: { integrationsKey: Buffer };
}): IntegrationDeps => ({
  db: ctx.db,
  key: ctx.secrets.integrationsKey,
  clients: integrationClients(ctx.config),
  publicUrl: ctx.config.publicUrl,
  thumbnails: thumbnailDir(ctx.config.dataDir),
  trustedOrigins: [ctx.config.social.instagramGraphUrl, ctx.config.social.facebookGraphUrl]
    .filter((u) => u.startsWith('http:'))
    .map((u) => new URL(u).origin),
});

export { THUMBNAIL_NAME, thumbnailDir };
/** Where the portal serves a top post's picture it keeps. */
export const thumbnailUrl = (name: string) => `/api/integrations/media/${name}`;
const MAX_THUMBNAILS = 24;

interface Log {
  warn(obj: object, msg: string): void;
}

/** Where the provider sends the partner back: the portal's page for this provider (docs/product/partner-portal.md#settings-page). */
export const connectRedirectUri = (publicUrl: string, provider: Provider) =>
  `${publicUrl.replace(/\/+$/, '')}/account/connect/${provider}`;

function clientOf<P extends Provider>(
  clients: IntegrationClients,
  provider: P,
): NonNullable<IntegrationClients[P]> {
  const client = clients[provider];
  if (!client) throw notFound('integration_not_configured');
  return client as NonNullable<IntegrationClients[P]>;
}

/** The consent URL; its state is bound to the partner and to `binding`, the asking tab's nonce. */
export async function startConnect(
  deps: IntegrationDeps,
  partnerId: number,
  provider: Provider,
  binding: string,
  now = new Date(),
): Promise<string> {
  const client = clientOf(deps.clients, provider);
  const state = await issueOneTimeToken(
    deps.db,
    `connect_${provider}`,
    partnerId,
    STATE_LIFETIME_MS,
    now,
    binding,
  );
  return client.authorizeUrl(state, connectRedirectUri(deps.publicUrl, provider));
}

/** Trades the callback's code for the account; the state must be one issued to this partner in this tab, unused. */
export async function finishConnect(
  deps: IntegrationDeps,
  partnerId: number,
  provider: Provider,
  input: { code: string; state: string; binding?: string | undefined },
  log: Log,
  now = new Date(),
): Promise<IntegrationView> {
  const client = clientOf(deps.clients, provider);
  // Used up even when it is someone else's: a state is good for one try only. Opened in another
  // browser (without the tab's nonce) it finds nothing.
  const owner = await consumeOneTimeToken(deps.db, `connect_${provider}`, input.state, now, input.binding);
  if (owner === null || owner !== partnerId) throw new AppError(400, 'integration_state');
  const redirectUri = connectRedirectUri(deps.publicUrl, provider);
  const at = nowIso(now);
  try {
    if (provider === 'instagram') {
      const instagram = client as InstagramClient;
      const token = await instagram.exchangeCode(input.code, redirectUri, now);
      const profile = await instagram.profile(token.accessToken);
      await refuseIfHeldElsewhere(deps.db, provider, profile.userId, partnerId);
      await replaceIntegration(deps.db, {
        partner_id: partnerId,
        provider,
        provider_user_id: profile.userId,
        username: profile.username,
        display_name: profile.name,
        // The portal's own copy comes with the first sync, just after.
        picture_url: null,
        token_sealed: sealToken(deps.key, token.accessToken, tokenBinding(partnerId, provider)),
        token_expires_at: token.expiresAt.toISOString(),
        status: 'connected',
        status_reason: null,
        connected_at: at,
        token_refreshed_at: at,
        synced_at: null,
        next_sync_at: at,
        locked_until: null,
      });
    } else {
      const facebook = client as FacebookClient;
      const account = await facebook.connect(input.code, redirectUri, now);
      await refuseIfHeldElsewhere(deps.db, provider, account.userId, partnerId);
      await replaceIntegration(deps.db, {
        partner_id: partnerId,
        provider,
        provider_user_id: account.userId,
        username: null,
        display_name: account.name,
        picture_url: null,
        token_sealed: sealToken(deps.key, account.accessToken, tokenBinding(partnerId, provider)),
        token_expires_at: account.expiresAt?.toISOString() ?? null,
        status: 'connected',
        status_reason: null,
        connected_at: at,
        token_refreshed_at: at,
        synced_at: null,
        next_sync_at: at,
        locked_until: null,
      });
    }
  } catch (error) {
    if (error instanceof GraphError) {
      log.warn(
        { provider, kind: error.kind, code: error.code, reason: error.message },
        'connecting an account failed at the provider',
      );
      // A code the provider refuses (used, expired, forged) is the request's fault; an
      // unreachable or overloaded provider is not.
      throw new AppError(
        error.kind === 'refused' || error.kind === 'token' ? 400 : 502,
        'integration_failed',
      );
    }
    if (isUniqueViolation(error)) throw new AppError(409, 'integration_taken');
    throw error;
  }
  // The first sync at once (posts, picture), so the dashboard shows them now; a slow provider
  // keeps the partner waiting a few seconds at most, and the sync finishes after the answer.
  const first = syncPartner(deps, partnerId, provider, log, now).catch((error: unknown) =>
    log.warn(
      { provider, error: error instanceof Error ? error.message : String(error) },
      'the first sync of a connected account failed',
    ),
  );
  await Promise.race([first, new Promise((resolve) => setTimeout(resolve, FIRST_SYNC_WAIT_MS).unref())]);
  const view = (await integrationsOf(deps, partnerId))[provider];
  return view;
}

async function refuseIfHeldElsewhere(db: Db, provider: Provider, providerUserId: string, partnerId: number) {
  const holder = await findHolder(db, provider, providerUserId);
  // One account, one partner: otherwise the same posts would count for two.
  if (holder && holder.partner_id !== partnerId) throw new AppError(409, 'integration_taken');
}

export async function disconnect(
  deps: Pick<IntegrationDeps, 'db' | 'thumbnails'>,
  partnerId: number,
  provider: Provider,
): Promise<void> {
  const account = await findIntegration(deps.db, partnerId, provider);
  const kept = provider === 'instagram' ? await mediaOf(deps.db, partnerId) : [];
  await deleteIntegration(deps.db, partnerId, provider);
  const picture = keptPictureName(account?.picture_url ?? null);
  await removeThumbnails(deps.thumbnails, [
    ...kept.flatMap((m) => (m.thumbnail_name ? [m.thumbnail_name] : [])),
    ...(picture ? [picture] : []),
  ]);
}

/** The file name of a picture the portal keeps, from its address. */
const keptPictureName = (url: string | null) => {
  const name = url?.startsWith('/api/integrations/media/')
    ? url.slice('/api/integrations/media/'.length)
    : undefined;
  return name && THUMBNAIL_NAME.test(name) ? name : undefined;
};

/**
 * The account's picture as the portal's own copy (the providers' addresses expire and their CDNs
 * refuse other sites); the one kept before when the new one cannot be had.
 */
async function keepAccountPicture(
  deps: IntegrationDeps,
  row: IntegrationRow,
  source: string | null,
): Promise<string | null> {
  const name = source
    ? await keepThumbnail(deps.thumbnails, source, deps.trustedOrigins, row.partner_id)
    : null;
  if (source && !name) return row.picture_url;
  return name ? thumbnailUrl(name) : null;
}

/** After a sync's write: the account picture it replaced goes (never before: the write may lose). */
async function dropReplacedPicture(deps: IntegrationDeps, row: IntegrationRow, now: string | null) {
  const before = keptPictureName(row.picture_url);
  if (before && before !== keptPictureName(now)) await removeThumbnails(deps.thumbnails, [before]);
}

export interface IntegrationView {
  configured: boolean;
  status: 'not_connected' | 'connected' | 'reconnect';
  account: {
    id: string;
    username: string | null;
    name: string | null;
    picture_url: string | null;
    connected_at: string;
  } | null;
}

/** What the settings page shows of each provider; never a token. */
export async function integrationsOf(
  deps: Pick<IntegrationDeps, 'db' | 'clients'>,
  partnerId: number,
): Promise<Record<Provider, IntegrationView>> {
  const rows = await integrationsOfPartner(deps.db, partnerId);
  const view = (provider: Provider): IntegrationView => {
    const row = rows.find((r) => r.provider === provider);
    return {
      configured: Boolean(deps.clients[provider]),
      status: row ? row.status : 'not_connected',
      account: row
        ? {
            id: row.provider_user_id,
            username: row.username,
            name: row.display_name,
            picture_url: row.picture_url,
            connected_at: row.connected_at,
          }
        : null,
    };
  };
  return { instagram: view('instagram'), facebook: view('facebook') };
}

/**
 * The profile's social fields (docs/product/partners-and-accounts.md#the-partner-profile): `facebook_user` keeps its shape but never its token
 * (docs/product/links-and-integrations.md#profile-picture), and `social_picture` is the avatar's fallback: Facebook's, else Instagram's.
 */
export async function socialProfileOf(db: Db, partnerId: number) {
  const rows = await integrationsOfPartner(db, partnerId);
  const facebook = rows.find((r) => r.provider === 'facebook');
  const instagram = rows.find((r) => r.provider === 'instagram');
  return {
    facebook_user: facebook ? { fb_user_id: facebook.provider_user_id, access_token: null } : null,
    instagram_user: instagram
      ? { ig_user_id: instagram.provider_user_id, username: instagram.username, status: instagram.status }
      : null,
    social_picture: facebook?.picture_url ?? instagram?.picture_url ?? null,
  };
}

export interface TopPost {
  id: string;
  caption: string | null;
  media_type: string;
  thumbnail_url: string | null;
  permalink: string;
  timestamp: string;
  /** Null when the owner hid the like count on Instagram. */
  like_count: number | null;
  comments_count: number;
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a caption carries one of the codes or the brand hashtag, as words, in any case. */
export function carriesPartnerMark(caption: string | null, codes: string[]): boolean {
  if (!caption) return false;
  const marks = [...codes.map(escapeRegExp), escapeRegExp(BRAND_HASHTAG)];
  return new RegExp(`(^|[^\\p{L}\\p{N}_])(${marks.join('|')})(?![\\p{L}\\p{N}_])`, 'iu').test(caption);
}

/** Likes plus comments, most first; the newer first among equals. */
const byEngagement = <P extends { likes: number; comments: number; at: string }>(a: P, b: P) =>
  b.likes + b.comments - (a.likes + a.comments) || b.at.localeCompare(a.at);

/** The dashboard's top posts: the partner's posts carrying their code or the hashtag, by likes plus comments. */
export async function topPosts(
  deps: Pick<IntegrationDeps, 'db' | 'clients'>,
  partnerId: number,
  limit = TOP_POSTS,
) {
  const row = await findIntegration(deps.db, partnerId, 'instagram');
  const status: IntegrationView['status'] = row ? row.status : 'not_connected';
  if (!row)
    return {
      configured: Boolean(deps.clients.instagram),
      status,
      username: null,
      synced_at: null,
      posts: [] as TopPost[],
    };
  const codes = (await promoCodesOf(deps.db, partnerId)).map((c) => c.code);
  const posts = (await mediaOf(deps.db, partnerId))
    // A link kept before links were checked, that is not Instagram's, is never shown.
    .filter((post) => instagramPermalink(post.permalink) !== null && carriesPartnerMark(post.caption, codes))
    .sort((a, b) =>
      byEngagement(
        { likes: a.like_count, comments: a.comments_count, at: a.posted_at },
        { likes: b.like_count, comments: b.comments_count, at: b.posted_at },
      ),
    )
    .slice(0, limit)
    .map((post): TopPost => ({
      id: post.media_id,
      caption: post.caption,
      media_type: post.media_type,
      thumbnail_url: post.thumbnail_name ? thumbnailUrl(post.thumbnail_name) : null,
      permalink: post.permalink,
      timestamp: post.posted_at,
      like_count: post.likes_hidden ? null : post.like_count,
      comments_count: post.comments_count,
    }));
  return {
    configured: Boolean(deps.clients.instagram),
    status,
    username: row.username,
    synced_at: row.synced_at,
    posts,
  };
}

const mediaRow = (post: InstagramMedia, at: string, thumbnail: string | null): NewMedia => ({
  media_id: post.id,
  caption: post.caption,
  media_type: post.mediaType,
  media_url: post.mediaUrl,
  thumbnail_url: post.thumbnailUrl,
  permalink: post.permalink,
  posted_at: post.timestamp,
  // Hidden likes rank as none: what the partner can see of a post is its comments.
  like_count: post.likeCount ?? 0,
  likes_hidden: post.likeCount === null ? 1 : 0,
  comments_count: post.commentsCount,
  thumbnail_name: thumbnail,
  fetched_at: at,
});

/**
 * The pictures of the posts that can be top posts: kept from the last sync when already had,
 * else downloaded (a video's thumbnail, an image itself). Answers the media id → name map.
 */
async function thumbnailsFor(
  deps: IntegrationDeps,
  partnerId: number,
  posts: InstagramMedia[],
  kept: { media_id: string; thumbnail_name: string | null }[],
): Promise<Map<string, string>> {
  const codes = (await promoCodesOf(deps.db, partnerId)).map((c) => c.code);
  const had = new Map(
    kept.flatMap((m) => (m.thumbnail_name ? [[m.media_id, m.thumbnail_name] as const] : [])),
  );
  const names = new Map<string, string>();
  const candidates = posts
    .filter((post) => carriesPartnerMark(post.caption, codes))
    .sort((a, b) =>
      byEngagement(
        { likes: a.likeCount ?? 0, comments: a.commentsCount, at: a.timestamp },
        { likes: b.likeCount ?? 0, comments: b.commentsCount, at: b.timestamp },
      ),
    )
    .slice(0, MAX_THUMBNAILS);
  for (const post of candidates) {
    const kept = had.get(post.id);
    // A copy whose file went missing (a restored database, a lost disk) is fetched again.
    if (kept && (await thumbnailExists(deps.thumbnails, kept))) {
      names.set(post.id, kept);
      continue;
    }
    const source = post.thumbnailUrl ?? (post.mediaType === 'VIDEO' ? null : post.mediaUrl);
    const name = source ? await keepThumbnail(deps.thumbnails, source, deps.trustedOrigins, partnerId) : null;
    if (name) names.set(post.id, name);
  }
  return names;
}

/** One claimed account brought up to date; what went wrong decides when it is tried again. */
async function syncOne(deps: IntegrationDeps, row: IntegrationRow, log: Log, now: Date): Promise<void> {
  const at = nowIso(now);
  const reconnect = (reason: string) =>
    finishSync(deps.db, row, { status: 'reconnect', status_reason: reason.slice(0, 255), synced_at: at });
  const token = openToken(deps.key, row.token_sealed, tokenBinding(row.partner_id, row.provider));
  if (!token) return void (await reconnect('the stored token does not open with INTEGRATIONS_KEY'));
  if (row.token_expires_at && row.token_expires_at <= at) return void (await reconnect('the token expired'));
  const client = deps.clients[row.provider];
  // Claims take only configured providers; one unconfigured since is looked at again much later.
  if (!client)
    return void (await finishSync(deps.db, row, {
      next_sync_at: new Date(now.getTime() + SYNC_EVERY_MS[row.provider]).toISOString(),
    }));
  try {
    if (row.provider === 'instagram') {
      const instagram = client as InstagramClient;
      let accessToken = token;
      const expiresSoon =
        row.token_expires_at !== null && Date.parse(row.token_expires_at) - now.getTime() < REFRESH_BEFORE_MS;
      const oldEnough = now.getTime() - Date.parse(row.token_refreshed_at) >= REFRESH_MIN_AGE_MS;
      if (expiresSoon && oldEnough) {
        const refreshed = await instagram.refresh(token, now);
        accessToken = refreshed.accessToken;
        // Kept at once: whatever fails after, the new token (and its new expiry) is not lost.
        await saveRefreshedToken(deps.db, row, {
          token_sealed: sealToken(deps.key, accessToken, tokenBinding(row.partner_id, row.provider)),
          token_expires_at: refreshed.expiresAt.toISOString(),
          token_refreshed_at: at,
        });
      }
      const profile = await instagram.profile(accessToken);
      const posts = await instagram.recentMedia(accessToken, KEPT_POSTS);
      const kept = await mediaOf(deps.db, row.partner_id);
      const before = kept.flatMap((m) => (m.thumbnail_name ? [m.thumbnail_name] : []));
      const thumbnails = await thumbnailsFor(deps, row.partner_id, posts, kept);
      const picture = await keepAccountPicture(deps, row, profile.pictureUrl);
      const saved = await finishSync(
        deps.db,
        row,
        {
          username: profile.username,
          display_name: profile.name,
          picture_url: picture,
          synced_at: at,
          next_sync_at: new Date(now.getTime() + SYNC_EVERY_MS.instagram).toISOString(),
        },
        posts.map((post) => mediaRow(post, at, thumbnails.get(post.id) ?? null)),
      );
      // Only a sync that wrote removes what it replaced: one that lost its claim leaves files
      // alone (the other node's rows may name the same ones; names are per partner).
      if (saved) {
        const inUse = new Set(thumbnails.values());
        await removeThumbnails(
          deps.thumbnails,
          before.filter((name) => !inUse.has(name)),
        );
        await dropReplacedPicture(deps, row, picture);
      }
    } else {
      const source = await (client as FacebookClient).picture(row.provider_user_id, token);
      const picture = await keepAccountPicture(deps, row, source);
      const saved = await finishSync(deps.db, row, {
        picture_url: picture,
        synced_at: at,
        next_sync_at: new Date(now.getTime() + SYNC_EVERY_MS.facebook).toISOString(),
      });
      if (saved) await dropReplacedPicture(deps, row, picture);
    }
  } catch (error) {
    if (!(error instanceof GraphError)) throw error;
    log.warn(
      {
        provider: row.provider,
        partnerId: row.partner_id,
        kind: error.kind,
        code: error.code,
        reason: error.message,
      },
      'syncing a connected account failed',
    );
    if (error.kind === 'token') return void (await reconnect(error.message));
    const wait =
      error.kind === 'rate_limited'
        ? RATE_LIMIT_BACKOFF_MS
        : error.kind === 'unavailable'
          ? UNAVAILABLE_BACKOFF_MS
          : SYNC_EVERY_MS[row.provider];
    await finishSync(deps.db, row, { next_sync_at: new Date(now.getTime() + wait).toISOString() });
  }
}

const configuredProviders = (clients: IntegrationClients): Provider[] =>
  PROVIDERS.filter((provider) => clients[provider]);

/**
 * Runs the due syncs of connected accounts, a few side by side, each claimed when its turn comes
 * (its lease starts with its work), for at most a round's budget; answers how many were tried.
 */
export async function syncDueIntegrations(
  deps: IntegrationDeps,
  log: Log,
  now = new Date(),
): Promise<number> {
  const providers = configuredProviders(deps.clients);
  if (providers.length === 0) return 0;
  const started = performance.now();
  let tried = 0;
  const worker = async () => {
    while (performance.now() - started < ROUND_BUDGET_MS) {
      const at = new Date(now.getTime() + (performance.now() - started));
      const [row] = await claimDueIntegrations(
        deps.db,
        nowIso(at),
        new Date(at.getTime() + LEASE_MS).toISOString(),
        1,
        { providers },
      );
      if (!row) return;
      tried += 1;
      try {
        await syncOne(deps, row, log, at);
      } catch (error) {
        // One partner's trouble must not stop the others; the lease lets the row go later.
        log.warn(
          {
            provider: row.provider,
            partnerId: row.partner_id,
            error: error instanceof Error ? error.message : String(error),
          },
          'sync of a connected account failed',
        );
      }
    }
  };
  await Promise.all(Array.from({ length: SYNC_POOL }, worker));
  return tried;
}

/** The sync of one partner's account now (after connecting), if no other node holds it. */
async function syncPartner(
  deps: IntegrationDeps,
  partnerId: number,
  provider: Provider,
  log: Log,
  now: Date,
): Promise<void> {
  const row = await findIntegration(deps.db, partnerId, provider);
  if (!row) return;
  const claimed = await claimDueIntegrations(
    deps.db,
    nowIso(now),
    new Date(now.getTime() + LEASE_MS).toISOString(),
    1,
    { onlyId: row.id },
  );
  for (const r of claimed) await syncOne(deps, r, log, now);
}
