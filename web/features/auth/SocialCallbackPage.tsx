import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/form';
import { Icon } from '../../components/icons';
import { ApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { apiMessage } from '../../lib/forms';
import { finishSocialSignIn, type SocialProvider } from './social-api';
import { ProviderMark } from './SocialSignIn';

const PROVIDER_NAMES: Record<SocialProvider, string> = { facebook: 'Facebook', google: 'Google' };

/**
 * `/facebook_callback` and `/google_callback`: the provider sends the browser back here with
 * `code` + `state` (or `error`). The pair is read once and posted once (the state is single use);
 * success keeps the token like a password sign-in and goes to the account.
 */
export function SocialCallbackPage({ provider }: { provider: SocialProvider }) {
  const { t } = useTranslation();
  const title = t(provider === 'facebook' ? 'titles.facebook_callback' : 'titles.google_callback');
  useDocumentTitle(title);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  // Read once: the query string must not change what is posted while the page lives.
  const [params] = useState(() => ({
    code: searchParams.get('code') ?? '',
    state: searchParams.get('state') ?? '',
    error: searchParams.get('error'),
  }));
  const canPost = !params.error && params.code !== '' && params.state !== '';
  // `failure` holds the error of a failed answer; until then the page is signing in.
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (!canPost) return;
    let live = true;
    // The same promise however often this runs: strict mode's second effect does not post again.
    finishSocialSignIn(provider, params.code, params.state).then(
      () => {
        if (!live) return;
        // A new session starts from an empty cache, as after a password sign-in.
        queryClient.clear();
        void navigate('/account/', { replace: true });
      },
      (error: unknown) => {
        if (live) setFailure({ error });
      },
    );
    return () => {
      live = false;
    };
  }, [canPost, provider, params, queryClient, navigate]);

  const name = PROVIDER_NAMES[provider];
  if (canPost && !failure) {
    return (
      <div className="card w-full p-6 sm:p-8" data-testid="social-callback" data-state="pending">
        <ProviderMark provider={provider} className="mx-auto h-10 w-10" />
        <h1 className="mt-4 text-2xl font-bold tracking-tight">{title}</h1>
        <p
          className="mt-3 inline-flex items-center gap-2 text-muted"
          role="status"
          data-testid="social-callback-status"
        >
          <Spinner /> {t('social.signing_in', { provider: name })}
        </p>
      </div>
    );
  }

  let heading: string;
  let message: string;
  let reference: string | undefined;
  if (params.error === 'access_denied') {
    heading = t('social.cancelled_title');
    message = t('social.cancelled');
  } else if (params.error) {
    // The provider's own description is not shown: it is English only and anyone can write it into a link.
    heading = t('social.failed_title');
    message = t('social.provider_failed', { provider: name });
  } else if (!canPost) {
    heading = t('social.failed_title');
    message = t('social.incomplete');
  } else {
    const error = failure?.error;
    heading = t('social.failed_title');
    if (error instanceof ApiError && error.status === 401) message = t('social.expired');
    else if (error instanceof TypeError) message = t('errors.network');
    else message = apiMessage(error) ?? t('social.provider_failed', { provider: name });
    const body = error instanceof ApiError ? error.body : null;
    if (body && typeof body === 'object' && typeof body.id === 'string' && body.id) reference = body.id;
  }
  const cancelled = params.error === 'access_denied';

  return (
    <div
      className="card w-full p-6 sm:p-8"
      data-testid="social-callback"
      data-state={cancelled ? 'cancelled' : 'error'}
    >
      <ProviderMark provider={provider} className="mx-auto h-10 w-10" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight">{title}</h1>
      <div
        role="alert"
        className={`mt-5 rounded-xl px-4 py-4 ${
          cancelled ? 'bg-stone-50 dark:bg-stone-800/60' : 'bg-amber-50 dark:bg-amber-950/40'
        }`}
      >
        <h2
          className={`inline-flex items-center justify-center gap-2 font-semibold ${
            cancelled ? 'text-stone-800 dark:text-stone-100' : 'text-amber-900 dark:text-amber-200'
          }`}
        >
          <Icon name={cancelled ? 'info' : 'alert'} />
          {heading}
        </h2>
        <p className="mt-2 text-sm text-stone-700 dark:text-stone-300" data-testid="social-callback-message">
          {message}
        </p>
        {reference ? (
          <p
            className="mt-2 text-xs text-stone-500 dark:text-stone-400"
            data-testid="social-callback-reference"
          >
            {t('errors.error_id', { id: reference })}
          </p>
        ) : null}
      </div>
      <div className="mt-6 grid gap-3 sm:grid-cols-2">
        <Link to="/login" className="btn-primary" data-testid="social-callback-login">
          {t('social.back_to_login')}
        </Link>
        <Link to="/register" className="btn-secondary" data-testid="social-callback-register">
          {t('signin.create_account')}
        </Link>
      </div>
    </div>
  );
}
