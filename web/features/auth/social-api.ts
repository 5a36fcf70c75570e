// Social sign-in (decisions 008): the SPA asks which providers are configured, fetches the
// provider's consent URL (it carries a single-use state, bound to this tab's nonce) and sends
// the browser there; the provider comes back to /{provider}_callback, whose page trades code +
// state + nonce for a partner token exactly like /api/auth/get_token.
import type { z } from 'zod';
import type {
  socialProviders,
  socialProvidersAnswer,
  socialSignInUrlAnswer,
  tokenAnswer,
} from '../../../common/contracts/social';
import { api } from '../../lib/api';
import { startFlowBinding, takeFlowBinding } from '../../lib/flow-binding';
import { recordActivity, storeToken, type AuthToken } from '../../lib/session';

export const SOCIAL_PROVIDERS = ['facebook', 'google'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

// The answers' types are the server's schemas (common/contracts/social.ts).
export type SocialProviders = z.infer<typeof socialProviders>;

/** Which providers the server has credentials for; anything but a literal `true` is "no". */
export async function fetchSocialProviders(): Promise<SocialProviders> {
  const answer = await api.get<z.infer<typeof socialProvidersAnswer>>('/api/auth/providers', {
    auth: 'public',
  });
  return { facebook: answer?.data?.facebook === true, google: answer?.data?.google === true };
}

// The answer does not change while the page is open: asked once, kept for the visit. A failure
// is not kept, so the next sign-in page asks again.
let providersAnswer: Promise<SocialProviders> | undefined;
let providersKnown: SocialProviders | undefined;

export function loadSocialProviders(): Promise<SocialProviders> {
  providersAnswer ??= fetchSocialProviders().then(
    (answer) => (providersKnown = answer),
    (error: unknown) => {
      providersAnswer = undefined;
      throw error;
    },
  );
  return providersAnswer;
}

/** The providers if already known (so a second visit to the page shows its buttons at once). */
export const knownSocialProviders = (): SocialProviders | undefined => providersKnown;

/** Forgets the answer (tests: each starts as a new visit). */
export function forgetSocialProviders(): void {
  providersAnswer = undefined;
  providersKnown = undefined;
}

const START_PATHS: Record<SocialProvider, string> = {
  facebook: '/api/auth/getFacebook',
  google: '/api/auth/getGoogle',
};

/** The provider's consent URL; refuses anything but http(s) so the answer cannot run script. */
export async function fetchSocialSignInUrl(provider: SocialProvider): Promise<string> {
  const answer = await api.get<z.infer<typeof socialSignInUrlAnswer>>(START_PATHS[provider], {
    auth: 'public',
    headers: startFlowBinding(`sign-in-${provider}`),
  });
  const url = answer?.data?.url;
  if (typeof url === 'string') {
    try {
      const parsed = new URL(url, window.location.href);
      if (parsed.protocol === 'https:' || parsed.protocol === 'http:') return parsed.href;
    } catch {
      // Not a URL: fall through.
    }
  }
  throw new Error(`Unexpected sign-in address from ${provider}`);
}

/** Leaving the SPA for the provider; an object so tests can replace it (jsdom cannot navigate). */
export const externalNavigation = {
  assign: (url: string): void => window.location.assign(url),
};

// One promise per state: the state is single use, so however often React mounts the callback page
// (strict mode runs effects twice) it is posted once per page load.
const finishing = new Map<string, Promise<AuthToken>>();

/** Trades the callback's code + state for a partner token, keeps it and starts the activity clock. */
export function finishSocialSignIn(
  provider: SocialProvider,
  code: string,
  state: string,
): Promise<AuthToken> {
  const key = `${provider} ${state}`;
  let pending = finishing.get(key);
  if (!pending) {
    pending = api
      .post<z.infer<typeof tokenAnswer>>(
        `/api/auth/social/${provider}`,
        { code, state, binding: takeFlowBinding(`sign-in-${provider}`) },
        { auth: 'public' },
      )
      .then((auth) => {
        storeToken(auth);
        recordActivity();
        return auth;
      });
    finishing.set(key, pending);
  }
  return pending;
}
