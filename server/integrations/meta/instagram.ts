// The Instagram API with Instagram Login (docs/product/links-and-integrations.md#instagram), as the portal uses it: the consent URL,
// the code traded for a short-lived token and that for a long-lived one, its refresh, the
// account's profile and its recent media. Addresses come from configuration (tests use a stand-in).
import { GraphError, count, graphCall, text } from './graph';

export interface InstagramOptions {
  appId: string;
  secret: string;
  authorizeUrl: string;
  apiUrl: string;
  graphUrl: string;
}

export interface LongLivedToken {
  accessToken: string;
  /** When the provider says it stops working. */
  expiresAt: Date;
}

export interface InstagramProfile {
  userId: string;
  username: string;
  name: string | null;
  pictureUrl: string | null;
}

export interface InstagramMedia {
  id: string;
  caption: string | null;
  mediaType: string;
  mediaUrl: string | null;
  thumbnailUrl: string | null;
  permalink: string;
  timestamp: string;
  /** Null when the owner hid the post's like count: Instagram then answers no `like_count`. */
  likeCount: number | null;
  commentsCount: number;
}

/**
 * A post's link as Instagram gives it: https://www.instagram.com/… and nothing else. Another
 * answer (a `javascript:` address, another host) is dropped, with its post: the portal renders
 * the permalink as a link.
 */
export function instagramPermalink(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' &&
      url.hostname === 'www.instagram.com' &&
      !url.username &&
      !url.password &&
      !url.port
      ? url.href
      : null;
  } catch {
    return null;
  }
}

const MEDIA_FIELDS =
  'id,caption,media_type,media_url,thumbnail_url,permalink,timestamp,like_count,comments_count';
/** Long-lived tokens last 60 days; when the answer does not say, assume that. */
const DEFAULT_LIFETIME_S = 60 * 24 * 3600;

const tokenOf = (body: Record<string, unknown>, now: Date): LongLivedToken => {
  const accessToken = text(body.access_token);
  if (!accessToken) throw new GraphError('refused', 'no access token in the answer', 200);
  const seconds =
    typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : DEFAULT_LIFETIME_S;
  return { accessToken, expiresAt: new Date(now.getTime() + seconds * 1000) };
};

export function instagramClient(options: InstagramOptions) {
  const graph = (path: string, params: Record<string, string>) =>
    `${options.graphUrl}${path}?${new URLSearchParams(params)}`;
  return {
    authorizeUrl(state: string, redirectUri: string): string {
      const params = new URLSearchParams({
        client_id: options.appId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'instagram_business_basic',
        state,
      });
      return `${options.authorizeUrl}?${params}`;
    },

    /** The callback's code, traded for a short-lived token and at once for a long-lived one. */
    async exchangeCode(code: string, redirectUri: string, now = new Date()): Promise<LongLivedToken> {
      const form = new URLSearchParams({
        client_id: options.appId,
        client_secret: options.secret,
        grant_type: 'authorization_code',
        redirect_uri: redirectUri,
        code,
      });
      const short = await graphCall(`${options.apiUrl}/oauth/access_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      // Answered either flat or inside `data: [ … ]`, depending on the API's vintage.
      const entry = Array.isArray(short.data)
        ? ((short.data[0] as Record<string, unknown> | undefined) ?? {})
        : short;
      const shortToken = text(entry.access_token);
      if (!shortToken) throw new GraphError('refused', 'no access token in the answer', 200);
      const long = await graphCall(
        graph('/access_token', {
          grant_type: 'ig_exchange_token',
          client_secret: options.secret,
          access_token: shortToken,
        }),
      );
      return tokenOf(long, now);
    },

    /** A new long-lived token for one at least a day old and not yet expired. */
    async refresh(accessToken: string, now = new Date()): Promise<LongLivedToken> {
      return tokenOf(
        await graphCall(
          graph('/refresh_access_token', { grant_type: 'ig_refresh_token', access_token: accessToken }),
        ),
        now,
      );
    },

    async profile(accessToken: string): Promise<InstagramProfile> {
      const me = await graphCall(
        graph('/me', { fields: 'user_id,username,name,profile_picture_url', access_token: accessToken }),
      );
      const userId = text(me.user_id) ?? text(me.id);
      const username = text(me.username);
      if (!userId || !username) throw new GraphError('refused', 'no account in the answer', 200);
      return { userId, username, name: text(me.name), pictureUrl: text(me.profile_picture_url) };
    },

    /** The newest posts, up to `limit`, following the answer's paging. */
    async recentMedia(accessToken: string, limit = 100): Promise<InstagramMedia[]> {
      const posts: InstagramMedia[] = [];
      let next: string | null = graph('/me/media', {
        fields: MEDIA_FIELDS,
        limit: String(Math.min(50, limit)),
        access_token: accessToken,
      });
      while (next && posts.length < limit) {
        const page = await graphCall(next);
        for (const item of Array.isArray(page.data) ? (page.data as Record<string, unknown>[]) : []) {
          const id = text(item.id);
          const permalink = instagramPermalink(text(item.permalink));
          const timestamp = text(item.timestamp);
          if (!id || !permalink || !timestamp || Number.isNaN(Date.parse(timestamp))) continue;
          posts.push({
            id,
            caption: text(item.caption),
            mediaType: text(item.media_type) ?? 'IMAGE',
            mediaUrl: text(item.media_url),
            thumbnailUrl: text(item.thumbnail_url),
            permalink,
            timestamp: new Date(timestamp).toISOString(),
            likeCount: typeof item.like_count === 'number' ? count(item.like_count) : null,
            commentsCount: count(item.comments_count),
          });
        }
        const paging = page.paging as { next?: unknown } | undefined;
        next = text(paging?.next);
        // Only ever follow paging back to the configured host: the token rides in the URL.
        if (next && !next.startsWith(`${options.graphUrl}/`)) next = null;
      }
      return posts.slice(0, limit);
    },
  };
}

export type InstagramClient = ReturnType<typeof instagramClient>;
