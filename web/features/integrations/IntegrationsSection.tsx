// Settings' integrations (docs/product/partner-portal.md#settings-page): each configured provider as connected (account name and
// picture), to reconnect, or not connected, with connect and disconnect. A provider that is not
// set up for this program shows no button.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Integration } from '../../../common/routes';
import { Icon } from '../../components/icons';
import { apiMessage } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../../lib/toast';
import { SettingsSection } from '../../components/SettingsSection';
import { useFormatters } from '../../lib/format';
import { useEngagementWords } from './engagement-words';
import { goToConsent, useDisconnect, useIntegrations, type IntegrationView } from './integrations-api';
import { SkeletonLines } from '../../components/skeleton';

const ORDER: Integration[] = ['instagram', 'facebook'];
export const PROVIDER_NAMES: Record<Integration, string> = { instagram: 'Instagram', facebook: 'Facebook' };

export function IntegrationsSection() {
  const { t } = useTranslation();
  const ready = useEngagementWords();
  const integrations = useIntegrations();
  const title = ready ? t('engagement.integrations.title') : t('settings.integrations');
  const configured = integrations.data ? ORDER.filter((name) => integrations.data[name].configured) : [];
  return (
    <SettingsSection
      id="integrations"
      testId="integrations"
      title={title}
      lead={ready && configured.length > 0 ? t('engagement.integrations.lead') : undefined}
    >
      {!ready || integrations.isPending ? (
        <SkeletonLines lines={2} />
      ) : integrations.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {apiMessage(integrations.error) ?? t('engagement.integrations.load_failed')}{' '}
          <button
            type="button"
            className="font-semibold underline"
            onClick={() => void integrations.refetch()}
          >
            {t('engagement.integrations.retry')}
          </button>
        </p>
      ) : configured.length === 0 ? (
        <p className="text-sm text-muted" data-testid="integrations-unavailable">
          {t('engagement.integrations.none_configured')}
        </p>
      ) : (
        <ul className="grid gap-4">
          {configured.map((name) => (
            <IntegrationRow key={name} integration={name} view={integrations.data[name]} />
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}

function IntegrationRow({ integration, view }: { integration: Integration; view: IntegrationView }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const disconnect = useDisconnect();
  const [leaving, setLeaving] = useState(false);
  const provider = PROVIDER_NAMES[integration];
  const account = view.account;
  const shownName = account ? (account.username ? `@${account.username}` : (account.name ?? provider)) : null;

  const connect = async () => {
    setLeaving(true);
    try {
      await goToConsent(integration);
    } catch (error) {
      setLeaving(false);
      notifyError(apiMessage(error) ?? t('engagement.integrations.start_failed', { provider }));
    }
  };
  const remove = () =>
    disconnect.mutate(integration, {
      onSuccess: () => notifySuccess(t('engagement.integrations.disconnected', { provider })),
      onError: (error) =>
        notifyError(apiMessage(error) ?? t('engagement.integrations.disconnect_failed', { provider })),
    });

  return (
    <li
      className="rounded-2xl border border-stone-200 p-4 dark:border-stone-700"
      data-testid={`integration-${integration}`}
    >
      <div className="flex min-w-0 items-center gap-3">
        {account?.picture_url ? (
          <img
            src={account.picture_url}
            alt=""
            width={44}
            height={44}
            className="h-11 w-11 shrink-0 rounded-full object-cover"
            referrerPolicy="no-referrer"
          />
        ) : (
          <span
            aria-hidden="true"
            className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300"
          >
            <Icon name={integration} width={22} height={22} />
          </span>
        )}
        <div className="min-w-0">
          <p className="font-semibold">{provider}</p>
          {view.status === 'not_connected' ? (
            <p className="text-sm text-muted">{t('engagement.integrations.not_connected')}</p>
          ) : (
            <p
              className="text-sm text-stone-700 dark:text-stone-300"
              data-testid={`integration-${integration}-account`}
            >
              {t('engagement.integrations.connected_as', { name: shownName })}
              {account ? (
                <span className="text-stone-500 dark:text-stone-400">
                  {' '}
                  · {t('engagement.integrations.since', { date: format.date(account.connected_at) })}
                </span>
              ) : null}
            </p>
          )}
        </div>
      </div>
      {view.status === 'reconnect' ? (
        <p
          role="status"
          className="mt-3 flex items-start gap-1.5 text-sm text-amber-800 dark:text-amber-300"
          data-testid={`integration-${integration}-reconnect`}
        >
          <Icon name="alert" width={16} height={16} aria-hidden="true" className="mt-0.5 shrink-0" />
          {t('engagement.integrations.needs_reconnect', { provider })}
        </p>
      ) : (
        <p className="mt-3 text-sm text-muted">{t(`engagement.integrations.uses.${integration}`)}</p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {view.status !== 'connected' ? (
          <button
            type="button"
            className="btn-primary px-4"
            onClick={() => void connect()}
            disabled={leaving}
            aria-busy={leaving}
          >
            {t(
              view.status === 'reconnect'
                ? 'engagement.integrations.reconnect'
                : 'engagement.integrations.connect',
              { provider },
            )}
          </button>
        ) : null}
        {view.status !== 'not_connected' ? (
          <button
            type="button"
            className="btn-secondary px-4"
            onClick={remove}
            disabled={disconnect.isPending}
            aria-label={t('engagement.integrations.disconnect_label', { provider })}
          >
            {t('engagement.integrations.disconnect')}
          </button>
        ) : null}
      </div>
    </li>
  );
}
