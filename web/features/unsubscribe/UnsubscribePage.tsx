// `/unsubscribe?token=` (docs/product/engagement.md#mail-a-partner-receives): the page an unsubscribe link of a program mail opens, in
// the blank layout. It switches off the kind of mail the link came with, says which, offers the
// undo, and lets the partner set every program-mail switch, all without signing in: the token
// stands for it.
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../components/BrandLogo';
import { Spinner } from '../../components/form';
import { Icon, type IconName } from '../../components/icons';
import { PreferenceControls } from '../../components/PreferenceControls';
import { useDocumentTitle } from '../../lib/document-title';
import { apiMessage } from '../../lib/forms';
import { getValidToken } from '../../lib/session';
import {
  mailChangeError,
  MailProblem,
  MailSwitchList,
  useMailSwitchChanges,
  type MailSwitchStore,
} from '../../components/MailSwitches';
import {
  isWrongLink,
  setSwitchesWithToken,
  unsubscribe,
  unsubscribeKey,
  type UnsubscribeAnswer,
} from './unsubscribe-api';

type PageState = 'loading' | 'unsubscribed' | 'resubscribed' | 'invalid' | 'error';

const SETTINGS_PATH = '/account/profile#mail';

export function UnsubscribePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('titles.unsubscribe'));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  // A query, not an effect: the link is posted once even when React mounts the page twice in
  // development, and the answer stays while the partner changes the language or the theme.
  const result = useQuery({
    queryKey: unsubscribeKey(token),
    queryFn: () => unsubscribe(token),
    enabled: token !== '',
    retry: false,
    // Offline, fail at once (with the retry button) rather than wait, paused, behind a spinner.
    networkMode: 'always',
    staleTime: Infinity,
    gcTime: Infinity,
    meta: { handlesErrors: true },
  });
  const store: MailSwitchStore<UnsubscribeAnswer> = {
    queryKey: unsubscribeKey(token),
    switchesOf: (cached) => cached.switches,
    withSwitches: (cached, switches) => ({ ...cached, switches }),
    send: (change) => setSwitchesWithToken(token, change),
    partnerSession: false,
  };
  const change = useMailSwitchChanges(store);

  const answer = result.data;
  let state: PageState;
  if (!token) state = 'invalid';
  // Follows the switch of the link's kind: the undo, and the same switch in the list, show here.
  else if (answer) state = answer.switches[answer.kind] ? 'resubscribed' : 'unsubscribed';
  // The first post, and a retry after a failure.
  else if (result.isFetching || result.isPending) state = 'loading';
  else state = isWrongLink(result.error) ? 'invalid' : 'error';

  return (
    <div className="w-full text-left" data-testid="unsubscribe-page">
      <header className="mb-6 flex items-center justify-between gap-4">
        <Link to="/" aria-label={t('brand.home_link')} className="flex items-center rounded-lg text-lg">
          <BrandLogo compact />
        </Link>
        <PreferenceControls />
      </header>
      <div className="card overflow-hidden">
        <div className="h-1.5 bg-gradient-to-r from-amber-400 via-brand-500 to-rose-500" aria-hidden="true" />
        <div className="px-5 py-8 sm:px-8 sm:py-10">
          <Status state={state}>
            {state === 'loading' ? null : state === 'invalid' ? (
              <InvalidLink />
            ) : state === 'error' ? (
              <ErrorBody
                message={apiMessage(result.error) ?? t('errors.network')}
                onRetry={() => void result.refetch()}
              />
            ) : answer ? (
              <>
                <p className="mt-2 text-muted">
                  {t(
                    state === 'unsubscribed'
                      ? 'engagement.unsubscribe.unsubscribed_body'
                      : 'engagement.unsubscribe.resubscribed_body',
                    {
                      what: t(`engagement.unsubscribe.what.${answer.kind}`),
                    },
                  )}
                </p>
                {/* One button in one place that changes its meaning, so the focus stays on it. */}
                <button
                  type="button"
                  className={`${state === 'unsubscribed' ? 'btn-primary' : 'btn-secondary'} mt-6`}
                  data-testid={state === 'unsubscribed' ? 'unsubscribe-undo' : 'unsubscribe-again'}
                  onClick={() => change.mutate({ [answer.kind]: state === 'unsubscribed' })}
                >
                  {state === 'unsubscribed'
                    ? t('engagement.unsubscribe.undo')
                    : t('engagement.unsubscribe.again')}
                </button>
              </>
            ) : null}
          </Status>
        </div>
        {answer ? (
          <section
            aria-labelledby="unsubscribe-switches-title"
            className="border-t border-stone-200 bg-stone-50/60 px-5 py-6 sm:px-8 sm:py-8 dark:border-stone-800 dark:bg-stone-950/30"
          >
            <h2 id="unsubscribe-switches-title" className="text-lg font-semibold">
              {t('engagement.unsubscribe.switches_title')}
            </h2>
            <p className="mt-1 mb-5 text-sm text-muted">{t('settings.mail.lead')}</p>
            {change.isError ? (
              <MailProblem message={mailChangeError(change.error, t('settings.mail.save_failed'))} />
            ) : null}
            <MailSwitchList
              switches={answer.switches}
              onChange={(kind, on) => change.mutate({ [kind]: on })}
            />
          </section>
        ) : null}
      </div>
      {answer ? (
        <p className="mt-6 text-center text-sm">
          <Link to="/" className="link">
            {t('engagement.unsubscribe.to_portal')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

const LOOK: Record<PageState, { icon: IconName | null; tone: string }> = {
  loading: { icon: null, tone: 'bg-stone-100 text-stone-600 dark:bg-stone-800 dark:text-stone-300' },
  unsubscribed: {
    icon: 'check',
    tone: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-400/10 dark:text-emerald-300',
  },
  resubscribed: { icon: 'bell', tone: 'bg-brand-50 text-brand-700 dark:bg-brand-400/10 dark:text-brand-300' },
  invalid: { icon: 'alert', tone: 'bg-amber-50 text-amber-700 dark:bg-amber-400/10 dark:text-amber-300' },
  error: { icon: 'alert', tone: 'bg-rose-50 text-rose-700 dark:bg-rose-400/10 dark:text-rose-300' },
};

const TITLES = {
  loading: 'engagement.unsubscribe.loading',
  unsubscribed: 'engagement.unsubscribe.unsubscribed_title',
  resubscribed: 'engagement.unsubscribe.resubscribed_title',
  invalid: 'engagement.unsubscribe.invalid_title',
  error: 'engagement.unsubscribe.error_title',
} as const satisfies Record<PageState, string>;

/** The outcome, announced when it changes (the undo), with what can be done next. */
function Status({ state, children }: { state: PageState; children: ReactNode }) {
  const { t } = useTranslation();
  const look = LOOK[state];
  return (
    <div
      data-testid="unsubscribe-status"
      data-state={state}
      aria-live="polite"
      aria-busy={state === 'loading' || undefined}
      className="flex flex-col items-center text-center"
    >
      <span
        className={`mb-4 inline-flex h-14 w-14 items-center justify-center rounded-full ${look.tone}`}
        aria-hidden="true"
      >
        {look.icon ? <Icon name={look.icon} width={26} height={26} /> : <Spinner className="h-6 w-6" />}
      </span>
      <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{t(TITLES[state])}</h1>
      {children}
    </div>
  );
}

function InvalidLink() {
  const { t } = useTranslation();
  const signedIn = getValidToken() !== null;
  return (
    <>
      <p className="mt-2 max-w-md text-muted">{t('engagement.unsubscribe.invalid_body')}</p>
      <div className="mt-6 flex flex-col items-stretch gap-3 self-stretch sm:flex-row sm:justify-center sm:self-auto">
        <Link to={SETTINGS_PATH} className="btn-primary" data-testid="unsubscribe-settings">
          {t('engagement.unsubscribe.open_settings')}
        </Link>
        {signedIn ? null : (
          <Link to="/login" className="btn-secondary" data-testid="unsubscribe-sign-in">
            {t('recovery.go_sign_in')}
          </Link>
        )}
      </div>
    </>
  );
}

function ErrorBody({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="mt-2 max-w-md text-muted" role="alert">
        {message}
      </p>
      <button type="button" className="btn-primary mt-6" onClick={onRetry} data-testid="unsubscribe-retry">
        {t('engagement.unsubscribe.retry')}
      </button>
    </>
  );
}
