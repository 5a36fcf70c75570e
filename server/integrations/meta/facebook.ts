// Facebook as a connected account (docs/product/links-and-integrations.md#facebook): the same OAuth code flow as sign-in, the
// short-lived token traded for a long-lived one, and the profile picture the avatar falls back to.
import { GraphError, graphCall, text } from './graph';

export const FACEBOOK_API_VERSION = 'v19.0';

export interface FacebookOptions {
  appId: string;
  secret: string;
  graphUrl: string;
  /** Where the person consents: https://www.facebook.com but for a stand-in. */
  dialogUrl: string;
}

export interface FacebookAccount {
  userId: string;
  name: string | null;
  accessToken: string;
  expiresAt: Date | null;
}

export function facebookClient(options: FacebookOptions) {
  const graph = (path: string, params: Record<string, string>) =>
    `${options.graphUrl}/${FACEBOOK_API_VERSION}${path}?${new URLSearchParams(params)}`;
  return {
    authorizeUrl(state: string, redirectUri: string): string {
      const params = new URLSearchParams({
        client_id: options.appId,
        redirect_uri: redirectUri,
        state,
        scope: 'public_profile',
        response_type: 'code',
      });
      return `${options.dialogUrl}/${FACEBOOK_API_VERSION}/dialog/oauth?${params}`;
    },

    async connect(code: string, redirectUri: string, now = new Date()): Promise<FacebookAccount> {
      const short = await graphCall(
        graph('/oauth/access_token', {
          client_id: options.appId,
          client_secret: options.secret,
          redirect_uri: redirectUri,
          code,
        }),
      );
      const shortToken = text(short.access_token);
      if (!shortToken) throw new GraphError('refused', 'no access token in the answer', 200);
      const long = await graphCall(
        graph('/oauth/access_token', {
          grant_type: 'fb_exchange_token',
          client_id: options.appId,
          client_secret: options.secret,
          fb_exchange_token: shortToken,
        }),
      );
      const accessToken = text(long.access_token) ?? shortToken;
      const seconds = typeof long.expires_in === 'number' && long.expires_in > 0 ? long.expires_in : null;
      const me = await graphCall(graph('/me', { fields: 'id,name', access_token: accessToken }));
      const userId = text(me.id);
      if (!userId) throw new GraphError('refused', 'no user id in the answer', 200);
      return {
        userId,
        name: text(me.name),
        accessToken,
        expiresAt: seconds ? new Date(now.getTime() + seconds * 1000) : null,
      };
    },

    /** The picture's current address (Facebook's addresses expire, so it is asked again now and then). */
    async picture(userId: string, accessToken: string): Promise<string | null> {
      const params = new URLSearchParams({ type: 'large', redirect: 'false', access_token: accessToken });
      const answer = await graphCall(`${options.graphUrl}/${encodeURIComponent(userId)}/picture?${params}`);
      const data = answer.data as { url?: unknown; is_silhouette?: unknown } | undefined;
      // The grey silhouette is no picture: the initials read better.
      return data?.is_silhouette === true ? null : text(data?.url);
    },
  };
}

export type FacebookClient = ReturnType<typeof facebookClient>;
