import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/form';
import {
  externalNavigation,
  fetchSocialSignInUrl,
  knownSocialProviders,
  loadSocialProviders,
  SOCIAL_PROVIDERS,
  type SocialProvider,
  type SocialProviders,
} from './social-api';
import { useAsyncAction } from '../../lib/use-async-action';
import { showAuthError } from '../../lib/show-auth-error';

/**
 * "Continue with Facebook / Google" under the sign-in form. A button shows only when the server
 * says its provider is configured: while that answer is loading, or when it fails, nothing shows.
 */
export function SocialSignIn() {
  const { t } = useTranslation();
  const providers = useSocialProviders();
  const start = useAsyncAction(fetchSocialSignInUrl, {
    // The page is leaving: the busy state stays until the provider's page replaces it.
    onSuccess: (url) => externalNavigation.assign(url),
    onError: (error) => showAuthError(error, t),
  });
  const { reset } = start;
  // Coming back with the browser's Back button restores the page from the cache, still busy.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);

  const shown = providers ? SOCIAL_PROVIDERS.filter((provider) => providers[provider]) : [];
  if (shown.length === 0) return null;
  const busy = start.isPending || start.isSuccess;

  return (
    <div className="mt-6" data-testid="social-signin">
      <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-stone-500 uppercase dark:text-stone-400">
        <span aria-hidden="true" className="h-px flex-1 bg-stone-200 dark:bg-stone-800" />
        {t('social.or')}
        <span aria-hidden="true" className="h-px flex-1 bg-stone-200 dark:bg-stone-800" />
      </div>
      <div role="group" aria-label={t('social.group_label')} className="mt-4 grid gap-3">
        {shown.map((provider) => {
          const mine = busy && start.variables === provider;
          return (
            <button
              key={provider}
              type="button"
              className="btn-secondary w-full"
              disabled={busy}
              aria-busy={mine || undefined}
              data-testid={`social-${provider}`}
              onClick={() => start.run(provider)}
            >
              {mine ? <Spinner className="h-5 w-5" /> : <ProviderMark provider={provider} />}
              {provider === 'facebook' ? t('social.continue_facebook') : t('social.continue_google')}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** The configured providers, asked once per visit; undefined while loading or after a failure. */
function useSocialProviders(): SocialProviders | undefined {
  const [providers, setProviders] = useState(knownSocialProviders);
  useEffect(() => {
    if (providers) return;
    let current = true;
    loadSocialProviders().then(
      (answer) => {
        if (current) setProviders(answer);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [providers]);
  return providers;
}

const MARKS: Record<SocialProvider, ReactNode> = {
  // A blue disc with the white "f" cut from it.
  facebook: (
    <>
      <circle cx="12" cy="12" r="11" fill="#1877F2" />
      <path
        fill="#fff"
        d="M13.4 22.6v-7.4h2.6l.4-3.1h-3v-2c0-.9.3-1.5 1.5-1.5h1.6V5.8a21 21 0 0 0-2.3-.1c-2.3 0-3.9 1.4-3.9 4v2.3H7.7v3.1h2.6v7.4"
      />
    </>
  ),
  // A "G" drawn as four arcs in Google's colours and its crossbar.
  google: (
    <g fill="none" strokeWidth="4">
      <path stroke="#EA4335" d="M5.6 7.3A8 8 0 0 1 17.7 6.3" />
      <path stroke="#FBBC05" d="M5.6 16.7a8 8 0 0 1 0-9.4" />
      <path stroke="#34A853" d="M18.2 17.1A8 8 0 0 1 5.6 16.7" />
      <path stroke="#4285F4" d="M12 12h8a8 8 0 0 1-1.8 5.1" />
    </g>
  ),
};

export function ProviderMark({
  provider,
  className = 'h-5 w-5',
}: {
  provider: SocialProvider;
  className?: string;
}) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={`shrink-0 ${className}`}>
      {MARKS[provider]}
    </svg>
  );
}
