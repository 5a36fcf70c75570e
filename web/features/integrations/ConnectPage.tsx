// /account/connect/{integration} (docs/product/partner-portal.md#settings-page): where a provider sends the partner back after
// consent, with `code` and `state` (or `error`). The pair is posted once (the state is single
// use); success goes to the settings' integrations with a toast. Opened without a code, the page
// explains what connecting does and starts it.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isIntegration, type Integration } from '../../../common/routes';
import { Spinner } from '../../components/form';
import { Icon } from '../../components/icons';
import { useDocumentTitle } from '../../lib/document-title';
import { apiMessage } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../../lib/toast';
import { NotFoundContent } from '../../components/NotFoundContent';
import { PageHeading } from '../../components/PageHeading';
import { useEngagementWords } from './engagement-words';
import { goToConsent, useFinishConnect, useIntegrations } from './integrations-api';
import { PROVIDER_NAMES } from './IntegrationsSection';

const TITLE_KEYS = {
  facebook: 'titles.connect_facebook',
  instagram: 'titles.connect_instagram',
} as const satisfies Record<Integration, string>;

export function ConnectPage() {
  const { integration = '' } = useParams();
  if (!isIntegration(integration)) return <NotFoundContent />;
  return <ConnectIntegration key={integration} integration={integration} />;
}

// One post per state, whatever strict mode or a re-render does: a state works once.
const posted = new Map<string, Promise<unknown>>();

function ConnectIntegration({ integration }: { integration: Integration }) {
  const { t } = useTranslation();
  const ready = useEngagementWords();
  const title = t(TITLE_KEYS[integration]);
  useDocumentTitle(title);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [params] = useState(() => ({
    code: searchParams.get('code') ?? '',
    state: searchParams.get('state') ?? '',
    error: searchParams.get('error'),
  }));
  const returning = params.error !== null || (params.code !== '' && params.state !== '');
  const finish = useFinishConnect(integration);
  const [failure, setFailure] = useState<string | null>(null);
  const provider = PROVIDER_NAMES[integration];

  useEffect(() => {
    if (!returning || params.error || !ready) return;
    let live = true;
    let pending = posted.get(params.state);
    if (!pending) {
      pending = finish.mutateAsync({ code: params.code, state: params.state });
      posted.set(params.state, pending);
    }
    pending.then(
      () => {
        if (!live) return;
        notifySuccess(t('engagement.integrations.connected', { provider }));
        void navigate('/account/profile#integrations', { replace: true });
      },
      (error: unknown) => {
        if (live) setFailure(apiMessage(error) ?? t('engagement.integrations.start_failed', { provider }));
      },
    );
    return () => {
      live = false;
    };
    // finish is stable enough: its mutateAsync is only called once per state (see `posted`).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [returning, params, ready, provider, navigate, t]);

  if (!ready) return <PageHeading title={title} />;

  if (returning && !params.error && !failure) {
    return (
      <>
        <PageHeading title={title} />
        <div className="card flex items-center gap-3 p-6" role="status" data-testid="connect-status">
          <Spinner /> {t('engagement.integrations.page.working', { provider })}
        </div>
      </>
    );
  }
  if (returning) {
    const cancelled = params.error === 'access_denied';
    return (
      <>
        <PageHeading title={title} />
        <div className="card p-6" role="alert" data-testid="connect-failed">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <Icon
              name="alert"
              width={20}
              height={20}
              aria-hidden="true"
              className="text-amber-600 dark:text-amber-400"
            />
            {t(
              cancelled
                ? 'engagement.integrations.page.cancelled_title'
                : 'engagement.integrations.page.failed_title',
              { provider },
            )}
          </h2>
          <p className="mt-2 text-stone-700 dark:text-stone-300">
            {cancelled
              ? t('engagement.integrations.page.cancelled_body', { provider })
              : (failure ?? t('engagement.integrations.start_failed', { provider }))}
          </p>
          <StartActions integration={integration} retry />
        </div>
      </>
    );
  }
  return (
    <>
      <PageHeading title={title} lead={t('pages.connect')} />
      <div className="card p-6" data-testid="connect-intro">
        <p className="flex items-start gap-3 text-stone-700 dark:text-stone-300">
          <Icon
            name={integration}
            width={24}
            height={24}
            aria-hidden="true"
            className="mt-0.5 shrink-0 text-brand-700 dark:text-brand-300"
          />
          {t('engagement.integrations.page.intro', { provider })}
        </p>
        <StartActions integration={integration} />
      </div>
    </>
  );
}

function StartActions({ integration, retry = false }: { integration: Integration; retry?: boolean }) {
  const { t } = useTranslation();
  const integrations = useIntegrations();
  const [leaving, setLeaving] = useState(false);
  const provider = PROVIDER_NAMES[integration];
  const view = integrations.data?.[integration];
  const start = async () => {
    setLeaving(true);
    try {
      await goToConsent(integration);
    } catch (error) {
      setLeaving(false);
      notifyError(apiMessage(error) ?? t('engagement.integrations.start_failed', { provider }));
    }
  };
  return (
    <div className="mt-5 flex flex-wrap items-center gap-3">
      {view && !view.configured ? (
        <p className="text-sm text-muted">{t('engagement.integrations.page.not_available', { provider })}</p>
      ) : view && view.status === 'connected' && !retry ? (
        <p className="text-sm font-medium text-emerald-700 dark:text-emerald-300">
          {t('engagement.integrations.page.done_title', { provider })}
        </p>
      ) : (
        <button
          type="button"
          className="btn-primary px-4"
          onClick={() => void start()}
          disabled={leaving || !view}
          aria-busy={leaving}
        >
          {t(
            view?.status === 'reconnect'
              ? 'engagement.integrations.reconnect'
              : 'engagement.integrations.connect',
            { provider },
          )}
        </button>
      )}
      <Link to="/account/profile#integrations" className="btn-secondary px-4">
        {t('engagement.integrations.page.back')}
      </Link>
    </div>
  );
}
