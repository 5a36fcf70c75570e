import type { OAuthProvider } from './provider';
import { OAuthError, fetchJson } from './provider';

const API_VERSION = 'v19.0';

export function facebookProvider(options: {
  appId: string;
  secret: string;
  graphUrl: string;
  dialogUrl: string;
}): OAuthProvider {
  return {
    name: 'facebook',
    authorizeUrl(state, redirectUri) {
      const params = new URLSearchParams({
        client_id: options.appId,
        redirect_uri: redirectUri,
        state,
        scope: 'email,public_profile',
        response_type: 'code',
      });
      return `${options.dialogUrl}/${API_VERSION}/dialog/oauth?${params}`;
    },
    async exchange(code, redirectUri) {
      const tokenParams = new URLSearchParams({
        client_id: options.appId,
        client_secret: options.secret,
        redirect_uri: redirectUri,
        code,
      });
      const token = await fetchJson(`${options.graphUrl}/${API_VERSION}/oauth/access_token?${tokenParams}`);
      if (typeof token.access_token !== 'string') throw new OAuthError('no access token');
      const meParams = new URLSearchParams({
        fields: 'id,email,first_name,last_name,picture.type(large)',
        access_token: token.access_token,
      });
      const me = await fetchJson(`${options.graphUrl}/${API_VERSION}/me?${meParams}`);
      if (typeof me.id !== 'string') throw new OAuthError('no user id');
      const picture = (me.picture as { data?: { url?: unknown } } | undefined)?.data?.url;
      return {
        providerUserId: me.id,
        // Facebook only returns addresses the person has confirmed.
        email: typeof me.email === 'string' ? me.email.toLowerCase() : null,
        emailVerified: typeof me.email === 'string',
        firstName: typeof me.first_name === 'string' ? me.first_name : '',
        lastName: typeof me.last_name === 'string' ? me.last_name : '',
        picture: typeof picture === 'string' ? picture : null,
      };
    },
  };
}
