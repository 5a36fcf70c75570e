// /account/cashout (docs/product/partner-portal.md#what-a-partner-can-do, docs/product/partner-portal.md and docs/product/payouts.md#cash-out, docs/product/payouts.md#paypal): the payable balance first and largest,
// "Pay me now" with what stands in its way, where the money goes (the PayPal e-mail), what is on
// its way (pending, the open cash-out) and every cash-out so far with its invoice.
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icons';
import { useDocumentTitle } from '../../lib/document-title';
import { notifySuccess } from '../../lib/toast';
import { PageHeading } from '../../components/PageHeading';
import { useFormatters } from '../../lib/format';
import { Blockers, PAYPAL_SETTINGS_PATH } from './Blockers';
import { CashoutHistory, InvoiceButton } from './CashoutHistory';
import { usePayMeNowStats, useRequestPayout, type PayMeNowStats } from './cashout-api';
import { ConfirmPayoutDialog } from './ConfirmPayoutDialog';
import { EmailText } from './EmailText';
import { BrandHero, Widget } from '../../components/card';
import { Skeleton, SkeletonLines } from '../../components/skeleton';
import { EmptyState } from '../../components/states';
import { StatusBadge } from '../../components/status';
import { serverMessage } from '../../lib/api';

const REASON_ID = 'cashout-reason';

function BalanceHero({ stats, onRequest }: { stats: PayMeNowStats | undefined; onRequest: () => void }) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <BrandHero
      labelId="cashout-payable-label"
      label={t('cashout.payable')}
      figure={stats ? f.money(stats.payable_balance, stats.currency) : undefined}
      figureTestId="cashout-payable"
      className="h-full"
      testId="cashout-hero"
    >
      <p className="mt-2 text-sm text-orange-100/90" data-testid="cashout-minimum">
        {stats ? (
          t('cashout.minimum', { amount: f.money(stats.minimum, stats.currency) })
        ) : (
          <Skeleton className="h-5 w-44 bg-white/20 dark:bg-white/20" />
        )}
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-4">
        <button
          type="button"
          onClick={onRequest}
          disabled={!stats?.can_request}
          aria-describedby={stats && !stats.can_request ? REASON_ID : undefined}
          className="inline-flex min-h-12 shrink-0 items-center justify-center gap-2 rounded-full bg-white px-7 whitespace-nowrap py-3 text-base font-semibold text-brand-800 shadow-sm transition-colors hover:bg-orange-50 focus-visible:outline-white disabled:cursor-not-allowed disabled:bg-white/25 disabled:text-white/80 disabled:shadow-none"
          data-testid="pay-me-now"
        >
          <Icon name="wallet" width={20} height={20} />
          {t('cashout.pay_now')}
        </button>
        {stats?.can_request && stats.paypal_email ? (
          <p className="text-sm text-orange-50" data-testid="cashout-ready">
            {t('cashout.ready', { email: stats.paypal_email })}
          </p>
        ) : null}
      </div>
      {stats && !stats.can_request ? <Blockers stats={stats} id={REASON_ID} /> : null}
    </BrandHero>
  );
}

/** Pending earnings and when the next becomes payable, and everything paid so far. */
function BalancesCard({ stats }: { stats: PayMeNowStats | undefined }) {
  const { t } = useTranslation();
  const f = useFormatters();
  let pendingNote = '';
  if (stats)
    pendingNote = stats.next_payable_at
      ? t('cashout.pending_next', { date: f.date(stats.next_payable_at) })
      : stats.pending_balance > 0
        ? t('cashout.pending_waiting')
        : t('cashout.pending_none');
  return (
    <section aria-label={t('cashout.balances')} className="card grid gap-4 p-5 sm:p-6">
      <div>
        <h2 className="text-sm text-muted">{t('cashout.pending')}</h2>
        {stats ? (
          <>
            <p
              className="mt-1 text-2xl font-bold tracking-tight tabular-nums sm:text-3xl"
              data-testid="cashout-pending"
            >
              {f.money(stats.pending_balance, stats.currency)}
            </p>
            <p className="mt-1 text-xs text-stone-500 dark:text-stone-400" data-testid="cashout-next-payable">
              {pendingNote}
            </p>
          </>
        ) : (
          <Skeleton className="mt-2 h-8 w-28" />
        )}
      </div>
      <div>
        <h2 className="text-sm text-muted">{t('cashout.lifetime_paid')}</h2>
        {stats ? (
          <p
            className="mt-1 text-2xl font-bold tracking-tight tabular-nums sm:text-3xl"
            data-testid="cashout-lifetime"
          >
            {f.money(stats.lifetime_paid, stats.currency)}
          </p>
        ) : (
          <Skeleton className="mt-2 h-8 w-28" />
        )}
      </div>
    </section>
  );
}

/** Where the money goes; without a PayPal e-mail nothing can be paid (docs/product/payouts.md#payment-method). */
function PayPalCard({ stats }: { stats: PayMeNowStats | undefined }) {
  const { t } = useTranslation();
  return (
    <Widget id="cashout-paypal" title={t('cashout.paypal.title')} icon="wallet" testId="cashout-paypal">
      {!stats ? (
        <SkeletonLines lines={2} />
      ) : stats.paypal_email ? (
        <div className="flex flex-1 flex-col">
          <p className="text-sm text-muted">{t('cashout.paypal.explain')}</p>
          <p className="mt-2 font-medium [overflow-wrap:anywhere]" data-testid="cashout-paypal-email">
            <EmailText email={stats.paypal_email} />
          </p>
          <Link to={PAYPAL_SETTINGS_PATH} className="link mt-3 self-start text-sm">
            {t('cashout.paypal.change')}
          </Link>
        </div>
      ) : (
        <div className="flex flex-1 flex-col" data-testid="cashout-paypal-missing">
          <p className="font-medium">{t('cashout.paypal.missing_title')}</p>
          <p className="mt-1 text-sm text-muted">{t('cashout.paypal.missing_body')}</p>
          <Link to={PAYPAL_SETTINGS_PATH} className="btn-primary mt-4 self-start">
            {t('cashout.paypal.add')}
          </Link>
        </div>
      )}
    </Widget>
  );
}

/** The cash-out on its way: its status, why it waits (when staff said), its invoice. */
function OpenPayoutCard({ stats }: { stats: PayMeNowStats }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const payout = stats.open_payout;
  if (!payout) return null;
  return (
    <Widget id="cashout-open" title={t('cashout.open.title')} icon="receipt" testId="cashout-open">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <p className="text-3xl font-bold tracking-tight tabular-nums" data-testid="cashout-open-amount">
              {f.money(payout.amount, payout.currency)}
            </p>
            <StatusBadge status={payout.status} label={payout.status_label} />
          </div>
          <p className="mt-1 text-sm text-muted">
            {t('cashout.open.requested', { date: f.date(payout.date) })}
            {payout.invoice ? (
              <>
                {' · '}
                <span className="whitespace-nowrap">{payout.invoice.number}</span>
              </>
            ) : null}
          </p>
          {payout.reason ? (
            <p
              className="mt-3 rounded-xl bg-violet-50 px-4 py-3 text-sm text-violet-900 dark:bg-violet-400/10 dark:text-violet-200"
              data-testid="cashout-open-reason"
            >
              {t('cashout.open.reason', { reason: payout.reason })}
            </p>
          ) : null}
        </div>
        {payout.invoice ? (
          <div className="shrink-0">
            <InvoiceButton invoice={payout.invoice} testId="cashout-open-invoice" />
          </div>
        ) : null}
      </div>
    </Widget>
  );
}

export function CashoutPage() {
  const { t } = useTranslation();
  const f = useFormatters();
  const title = t('titles.cashout');
  useDocumentTitle(title);
  const stats = usePayMeNowStats();
  const request = useRequestPayout();
  const [confirming, setConfirming] = useState(false);
  const data = stats.data;

  const { reset } = request;
  const close = useCallback(() => {
    setConfirming(false);
    reset();
  }, [reset]);
  const confirm = () =>
    request.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        notifySuccess(t('cashout.sent'));
      },
    });

  let error: string | null = null;
  if (request.isError) error = serverMessage(request.error) ?? t('cashout.confirm.failed');

  return (
    <>
      <PageHeading title={title} lead={t('pages.cashout')} />
      {stats.isError && !data ? (
        <div className="card p-6">
          <EmptyState icon="wallet" title={t('cashout.load_failed')} testId="cashout-error">
            <button type="button" className="btn-secondary mt-4" onClick={() => void stats.refetch()}>
              {t('sales.retry')}
            </button>
          </EmptyState>
        </div>
      ) : (
        <div className="space-y-4 sm:space-y-6" aria-busy={stats.isPending}>
          <div className="grid gap-4 sm:gap-6 [&>*]:min-w-0 lg:grid-cols-3">
            <div className="lg:col-span-2">
              <BalanceHero stats={data} onRequest={() => setConfirming(true)} />
            </div>
            <div className="grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-1">
              <BalancesCard stats={data} />
              <PayPalCard stats={data} />
            </div>
          </div>
          {data ? <OpenPayoutCard stats={data} /> : null}
          <CashoutHistory />
        </div>
      )}
      {confirming && data?.paypal_email ? (
        <ConfirmPayoutDialog
          amount={f.money(data.payable_balance, data.currency)}
          paypalEmail={data.paypal_email}
          busy={request.isPending}
          error={error}
          onConfirm={confirm}
          onClose={close}
        />
      ) : null}
    </>
  );
}
