// The banner of the account shell for partners whose e-mail is not verified (docs/product/partner-portal.md#the-account-shell, docs/product/partner-portal.md#verification-banner):
// prompt → sending (spinner) → sent. A failed resend also says the mail was sent (docs/product/partner-portal.md#verification-banner);
// a 401 still ends the session.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icons';
import { Spinner } from '../../components/form';
import { resendVerifyEmail } from '../../lib/current-user';

export type BannerState = 'prompt' | 'sending' | 'sent';

export function VerificationBanner() {
  const { t } = useTranslation();
  const [state, setState] = useState<BannerState>('prompt');
  const mutation = useMutation({
    mutationFn: resendVerifyEmail,
    meta: { handlesErrors: true, partnerSession: true },
    onMutate: () => setState('sending'),
    onSettled: () => setState('sent'),
  });
  return (
    <div
      role="region"
      aria-label={t('banner.label')}
      data-testid="verification-banner"
      data-state={state}
      className="border-b border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:px-6 lg:px-10">
        <Icon name={state === 'sent' ? 'check' : 'alert'} className="hidden shrink-0 sm:block" />
        <p className="flex-1 text-sm" aria-live="polite">
          {state === 'sent' ? t('banner.sent') : t('banner.prompt')}
        </p>
        {state !== 'sent' ? (
          <button
            type="button"
            onClick={() => mutation.mutate()}
            disabled={state === 'sending'}
            aria-busy={state === 'sending' || undefined}
            data-testid="resend-verification"
            className="inline-flex min-h-10 shrink-0 items-center justify-center gap-2 self-start rounded-full bg-amber-900 px-4 py-2 text-sm font-semibold text-white hover:bg-amber-950 disabled:opacity-80 sm:self-auto dark:bg-amber-300 dark:text-amber-950 dark:hover:bg-amber-200"
          >
            {state === 'sending' ? <Spinner /> : null}
            {state === 'sending' ? t('banner.sending') : t('banner.resend')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
