import type { OAuthProvider } from './provider';
import { OAuthError, fetchJson } from './provider';

const ISSUERS = new Set(['https://accounts.google.com', 'accounts.google.com']);

export function googleProvider(options: {
  clientId: string;
  secret: string;
  oauthUrl: string;
}): OAuthProvider {
  return {
    name: 'google',
    authorizeUrl(state, redirectUri) {
      const params = new URLSearchParams({
        client_id: options.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid email profile',
        state,
        prompt: 'select_account',
      });
      return `https://accounts.google.com/o/oauth2/v2/auth?${params}`;
    },
    async exchange(code, redirectUri) {
      const token = await fetchJson(`${options.oauthUrl}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          code,
          client_id: options.clientId,
          client_secret: options.secret,
          redirect_uri: redirectUri,
          grant_type: 'authorization_code',
        }),
      });
      if (typeof token.id_token !== 'string') throw new OAuthError('no id token');
      // The ID token comes straight from Google's token endpoint over TLS, so its claims can be
      // read without checking its signature (OpenID Connect Core §3.1.3.7); audience and issuer
      // are still checked.
      const claims = JSON.parse(
        Buffer.from(token.id_token.split('.')[1] ?? '', 'base64url').toString('utf8'),
      ) as Record<string, unknown>;
      if (claims.aud !== options.clientId || !ISSUERS.has(String(claims.iss)))
        throw new OAuthError('id token not for us');
      if (typeof claims.sub !== 'string') throw new OAuthError('no subject');
      return {
        providerUserId: claims.sub,
        email: typeof claims.email === 'string' ? claims.email.toLowerCase() : null,
        emailVerified: claims.email_verified === true,
        firstName: typeof claims.given_name === 'string' ? claims.given_name : '',
        lastName: typeof claims.family_name === 'string' ? claims.family_name : '',
        picture: typeof claims.picture === 'string' ? claims.picture : null,
      };
    },
  };
}
