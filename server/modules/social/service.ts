// Social sign-in (Facebook, Google): the OAuth code flow with a single-use `state` bound to the
// browser tab that started it, for partners who already have an account under the provider's
// confirmed e-mail address.
import type { Config } from '../../config';
import type { Db } from '../../db';
import { nowIso } from '../../db/dialect';
import { AppError, notFound } from '../../errors';
import { facebookProvider } from '../../integrations/oauth/facebook';
import { googleProvider } from '../../integrations/oauth/google';
import type { OAuthProvider } from '../../integrations/oauth/provider';
import { OAuthError } from '../../integrations/oauth/provider';
import { noticeSocialSignIn } from '../account-changes/service';
import { consumeOneTimeToken, issueOneTimeToken } from '../one-time-tokens/service';
import { issueToken } from '../auth/service';
import type { IssuedToken } from '../auth/service';
import { findPartnerByEmail, touchLastLogin, updatePartner } from '../partners/service';
import { queueWelcomeMail } from '../program-mail/service';

export type ProviderName = 'facebook' | 'google';
const STATE_LIFETIME_MS = 10 * 60 * 1000;

/** The configured providers; one without credentials does not exist (its button is hidden). */
export function socialProviders(config: Config): Partial<Record<ProviderName, OAuthProvider>> {
  const { facebook, google } = config.social;
  return {
    ...(facebook
      ? {
          facebook: facebookProvider({
            ...facebook,
            graphUrl: config.social.facebookGraphUrl,
            dialogUrl: config.social.facebookDialogUrl,
          }),
        }
      : {}),
    ...(google
      ? {
          google: googleProvider({
            clientId: google.clientId,
            secret: google.secret,
            oauthUrl: config.social.googleOauthUrl,
          }),
        }
      : {}),
  };
}

const redirectUri = (config: Config, name: ProviderName) => `${config.publicUrl}/${name}_callback`;

/** The consent URL; its state is bound to `binding`, the nonce the asking browser tab keeps. */
export async function startSocialSignIn(
  db: Db,
  config: Config,
  provider: OAuthProvider,
  binding: string,
  now = new Date(),
): Promise<string> {
  const state = await issueOneTimeToken(db, `oauth_${provider.name}`, 0, STATE_LIFETIME_MS, now, binding);
  return provider.authorizeUrl(state, redirectUri(config, provider.name));
}

export async function finishSocialSignIn(
  db: Db,
  config: Config,
  provider: OAuthProvider,
  input: { code: string; state: string; binding?: string | undefined },
  log: { warn(obj: object, msg: string): void },
): Promise<IssuedToken> {
  // The state must be one we issued for this provider, to this browser tab (its nonce), unexpired
  // and never used: a callback link opened in another browser signs nobody in (login CSRF).
  if (
    (await consumeOneTimeToken(db, `oauth_${provider.name}`, input.state, new Date(), input.binding)) === null
  ) {
    throw new AppError(400, 'oauth_state');
  }
  const now = nowIso();
  let profile;
  try {
    profile = await provider.exchange(input.code, redirectUri(config, provider.name));
  } catch (error) {
    if (error instanceof OAuthError) {
      log.warn({ provider: provider.name, reason: error.message }, 'social sign-in failed at the provider');
      throw new AppError(502, 'social_failed');
    }
    throw error;
  }
  if (!profile.email || !profile.emailVerified) throw notFound('social_no_account');
  const partner = await findPartnerByEmail(db, profile.email);
  if (!partner) throw notFound('social_no_account');
  // Suspended (docs/product/back-office.md#suspension): no session, whichever way they sign in.
  if (partner.status === 'suspended') throw new AppError(403, 'account_suspended');
  // The provider has confirmed the address: the partner's e-mail counts as verified, and a first
  // verification welcomes them (docs/product/partners-and-accounts.md#welcome-mail).
  if (!partner.verified)
    await db.transaction().execute(async (trx) => {
      await updatePartner(trx, partner.id, { verified: 1, updated_at: now });
      await queueWelcomeMail(trx, partner.id);
    });
  await touchLastLogin(db, partner.id, now);
  const issued = await issueToken(db, 'partner', partner.id);
  // Told by mail, in case it was not them (docs/decisions/063-account-changes.md).
  await noticeSocialSignIn(db, partner, provider.name === 'facebook' ? 'Facebook' : 'Google');
  return issued;
}
