// Each rule of docs/product/payouts.md#cash-out that stands between the partner and a cash-out, in plain words, with
// what to do about it where there is something to do.
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/form';
import { Icon, type IconName } from '../../components/icons';
import { useFormatters, type Formatters } from '../../lib/format';
import { statusLabelKey } from '../../../common/statuses';
import type { Blocker, PayMeNowStats } from './cashout-api';
import { resendVerifyEmail } from '../../lib/current-user';

/** Where the PayPal e-mail is entered (settings). */
export const PAYPAL_SETTINGS_PATH = '/account/profile#paypal_email';

/** The order the rules are shown in: what the partner can fix first. */
const ORDER: Blocker[] = [
  'email_not_verified',
  'paypal_email_missing',
  'paypal_email_recent',
  'below_minimum',
  'payout_open',
];
const ICONS: Record<Blocker, IconName> = {
  email_not_verified: 'alert',
  paypal_email_missing: 'wallet',
  paypal_email_recent: 'shield',
  below_minimum: 'trend',
  payout_open: 'receipt',
};

/** The resend of the verification e-mail, as the shell's banner does it (docs/product/partner-portal.md#verification-banner). */
function ResendVerification() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const mutation = useMutation({
    mutationFn: resendVerifyEmail,
    meta: { handlesErrors: true, partnerSession: true },
    // A failed resend also says the mail was sent (docs/product/partner-portal.md#session).
    onSettled: () => setSent(true),
  });
  if (sent)
    return (
      <p className="mt-1 font-medium" role="status" data-testid="cashout-resend-sent">
        {t('banner.sent')}
      </p>
    );
  return (
    <button
      type="button"
      onClick={() => mutation.mutate()}
      disabled={mutation.isPending}
      aria-busy={mutation.isPending || undefined}
      className="mt-1 inline-flex items-center gap-2 font-semibold underline underline-offset-4 hover:no-underline disabled:no-underline"
      data-testid="cashout-resend"
    >
      {mutation.isPending ? <Spinner /> : null}
      {mutation.isPending ? t('banner.sending') : t('banner.resend')}
    </button>
  );
}

function explain(blocker: Blocker, stats: PayMeNowStats, t: TFunction, f: Formatters) {
  const money = (amount: number) => f.money(amount, stats.currency);
  switch (blocker) {
    case 'email_not_verified':
      return t('cashout.blockers.email_not_verified');
    case 'paypal_email_missing':
      return t('cashout.blockers.paypal_email_missing');
    case 'paypal_email_recent':
      // Why and until when (docs/decisions/063-account-changes.md).
      return stats.paypal_hold_until
        ? t('cashout.blockers.paypal_email_recent', { date: f.dateTime(stats.paypal_hold_until) })
        : t('cashout.blockers.paypal_email_recent_unknown');
    case 'below_minimum': {
      // Cents, so that a float difference never shows as $0.999….
      const missing = Math.max(0, Math.round((stats.minimum - stats.payable_balance) * 100) / 100);
      return t('cashout.blockers.below_minimum', { missing: money(missing), minimum: money(stats.minimum) });
    }
    case 'payout_open':
      return stats.open_payout
        ? t('cashout.blockers.payout_open', {
            amount: money(stats.open_payout.amount),
            status: t(statusLabelKey(stats.open_payout.status)),
          })
        : t('cashout.blockers.payout_open_unknown');
  }
}

/** The unmet rules, or one sentence when the server refuses without saying which. */
export function Blockers({ stats, id }: { stats: PayMeNowStats; id: string }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const known = ORDER.filter((blocker) => stats.blockers.includes(blocker));
  if (known.length === 0)
    return (
      <p id={id} className="mt-5 text-sm text-orange-50" data-testid="cashout-blocker-unknown">
        {t('cashout.blockers.unknown')}
      </p>
    );
  return (
    <div id={id} className="mt-5 rounded-xl bg-stone-950/20 p-4 sm:p-5">
      <h3 className="text-sm font-semibold text-white">{t('cashout.blockers.title')}</h3>
      <ul className="mt-3 space-y-3">
        {known.map((blocker) => (
          <li
            key={blocker}
            className="flex gap-3 text-sm text-orange-50"
            data-testid={`cashout-blocker-${blocker}`}
          >
            <span className="mt-0.5 inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-white/15 text-white">
              <Icon name={ICONS[blocker]} width={16} height={16} />
            </span>
            <span className="min-w-0 flex-1 pt-1">
              <span className="block">{explain(blocker, stats, t, f)}</span>
              {blocker === 'email_not_verified' ? <ResendVerification /> : null}
              {blocker === 'paypal_email_missing' ? (
                <Link
                  to={PAYPAL_SETTINGS_PATH}
                  className="mt-1 inline-block font-semibold text-white underline underline-offset-4 hover:no-underline"
                  data-testid="cashout-blocker-paypal-link"
                >
                  {t('cashout.paypal.add')}
                </Link>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
