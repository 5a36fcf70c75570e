// The cards of a partner's page beyond the profile and the codes (docs/product/back-office.md#partners, issue 13): the
// account (status, suspension, verification mail), the commission (tier or override), referrals,
// the sales figures (the ledger's running totals), and the paged parts: earnings with their
// history, payouts, vouchers, notes and the staff actions on the partner. Each paged part reads
// its own pages, ten rows at a time.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons';
import { isUnauthorized, type Paged } from '../../../lib/api';
import { apiMessage } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/toast';
import { orderLabel, useFormatters, useDateTime } from '../../../lib/format';
import { ConfirmDialog } from '../../../components/staff/dialogs';
import {
  AccountActions,
  NoteForm,
  OverrideForm,
  ReferralForm,
  useCanEditPartners,
  VoucherForm,
} from './partner-actions';
import {
  usePartnerPart,
  useRevokeVoucher,
  type PartnerDetail,
  type PartnerEarning,
  type PartnerPart,
  type PartnerPartRow,
  type PartnerVoucher,
} from '../partners-api';
import { PartnerCard, StatusChip } from '../partner-rows';
import { SkeletonLines } from '../../../components/skeleton';
import { STATUS_TONES } from '../../../components/status';
import { Pager } from '../../../components/pager';
import { useManagerSignOut, useSignOutOnUnauthorized } from '../staff-session';
import { PayoutStatusChip } from '../../../components/staff/chips';
import { isPartnersOwnAction } from '../../../../common/audit';
import { AuditDiff } from '../../../components/staff/AuditDiff';
import type { AuditState } from '../../../components/staff/audit-diff';
import { useAuditWords } from '../../../components/staff/audit-words';

const muted = 'text-muted';

/** A card's paged list: its rows, ten at a time, with a pager below and its own loading and failure. */
function PagedPart<P extends PartnerPart>({
  uuid,
  part,
  empty,
  children,
  before,
}: {
  uuid: string;
  part: P;
  empty: string;
  children: (page: Paged<PartnerPartRow<P>>) => ReactNode;
  /** Shown above the rows (a form). */
  before?: ReactNode;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = usePartnerPart(uuid, part, page);
  useSignOutOnUnauthorized(query.error);
  const data = query.data;
  let body: ReactNode;
  if (query.isPending) body = <SkeletonLines lines={3} testId={`${part}-loading`} />;
  else if (!data)
    body = (
      <p className={`text-sm ${muted}`} data-testid={`${part}-error`}>
        {t('manager.partners.detail.part_failed')}{' '}
        <button type="button" className="link" onClick={() => void query.refetch()}>
          {t('manager.shell.retry')}
        </button>
      </p>
    );
  else if (data.total === 0)
    body = (
      <p className={`text-sm ${muted}`} data-testid={`${part}-empty`}>
        {empty}
      </p>
    );
  else
    body = (
      <div
        className={`transition-opacity ${query.isPlaceholderData ? 'opacity-60' : ''}`}
        aria-busy={query.isFetching}
      >
        {children(data)}
        {data.last_page > 1 ? (
          <Pager
            page={data.current_page}
            lastPage={data.last_page}
            onPage={setPage}
            busy={query.isPlaceholderData}
            label={t(`manager.partners.detail.${part}.pages_label`)}
            testPrefix={`${part}-pager`}
          />
        ) : null}
      </div>
    );
  return (
    <>
      {before}
      {body}
    </>
  );
}

/** A count beside a card's heading. */
function Count({ value, testId }: { value: number; testId: string }) {
  const f = useFormatters();
  return (
    <span
      className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-700 tabular-nums dark:bg-stone-800 dark:text-stone-300"
      data-testid={testId}
    >
      {f.number(value)}
    </span>
  );
}

export function AccountCard({ partner }: { partner: PartnerDetail }) {
  const { t } = useTranslation();
  const canEdit = useCanEditPartners();
  const suspended = partner.status === 'suspended';
  return (
    <PartnerCard id="account" title={t('manager.partners.detail.account.heading')} icon="user">
      <div className="flex flex-wrap items-center gap-2">
        <StatusChip status={partner.status} />
      </div>
      <p className={`mt-2 text-sm ${muted}`} data-testid="account-explainer">
        {t(
          suspended
            ? 'manager.partners.detail.account.suspended_text'
            : 'manager.partners.detail.account.active_text',
        )}
      </p>
      {canEdit ? <AccountActions partner={partner} /> : null}
    </PartnerCard>
  );
}

export function CommissionCard({ partner }: { partner: PartnerDetail }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const canEdit = useCanEditPartners();
  const { commission } = partner;
  const tier = commission.tier;
  const next = commission.next_tier;
  return (
    <PartnerCard id="commission" title={t('manager.partners.detail.commission.heading')} icon="badge">
      <p className="text-3xl font-bold tracking-tight tabular-nums" data-testid="commission-rate">
        {f.percent(commission.rate)}
      </p>
      <p className={`mt-1 text-sm ${muted}`} data-testid="commission-source">
        {commission.source === 'override'
          ? t('manager.partners.detail.commission.from_override')
          : tier
            ? t('manager.partners.detail.commission.from_tier', {
                rate: f.percent(tier.rate),
                min: f.number(tier.min_sales),
              })
            : t('manager.partners.detail.commission.no_tier')}
      </p>
      <dl className="mt-3 space-y-1.5 text-sm">
        <div className="flex items-baseline justify-between gap-4">
          <dt className={muted}>{t('manager.partners.detail.commission.verified_sales')}</dt>
          <dd className="font-semibold tabular-nums" data-testid="verified-sales">
            {f.number(commission.verified_sales)}
          </dd>
        </div>
        {commission.source === 'override' && tier ? (
          <div className="flex items-baseline justify-between gap-4">
            <dt className={muted}>{t('manager.partners.detail.commission.tier_rate')}</dt>
            <dd className="tabular-nums">{f.percent(tier.rate)}</dd>
          </div>
        ) : null}
        {next ? (
          <div className="flex items-baseline justify-between gap-4">
            <dt className={muted}>{t('manager.partners.detail.commission.next_tier')}</dt>
            <dd className="text-right tabular-nums" data-testid="next-tier">
              {t('manager.partners.detail.commission.next_tier_value', {
                rate: f.percent(next.rate),
                count: next.min_sales - commission.verified_sales,
                formatted: f.number(next.min_sales - commission.verified_sales),
              })}
            </dd>
          </div>
        ) : null}
      </dl>
      {canEdit ? <OverrideForm partner={partner} /> : null}
    </PartnerCard>
  );
}

export function ReferralCard({ partner }: { partner: PartnerDetail }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const canEdit = useCanEditPartners();
  const { referral_commission: rc } = partner;
  return (
    <PartnerCard
      id="referrals"
      title={t('manager.partners.detail.referral.heading')}
      icon="users"
      action={<Count value={partner.referrals_count} testId="referrals-count" />}
    >
      <dl className="space-y-2 text-sm">
        <div>
          <dt className={`text-xs ${muted}`}>{t('manager.partners.detail.referral.referrer')}</dt>
          <dd className="mt-0.5" data-testid="referrer">
            {partner.referrer ? (
              <Link
                to={`/manager/partners/${encodeURIComponent(partner.referrer.uuid)}`}
                className="link break-words"
              >
                {partner.referrer.name || partner.referrer.email}
              </Link>
            ) : (
              <span className={muted}>{t('manager.partners.detail.referral.no_referrer')}</span>
            )}
          </dd>
        </div>
        <div>
          <dt className={`text-xs ${muted}`}>{t('manager.partners.detail.referral.commission')}</dt>
          <dd className="mt-0.5 font-semibold" data-testid="referral-commission">
            {rc.type === 'fixed'
              ? t('manager.partners.detail.referral.fixed_value', {
                  amount: f.money(rc.amount, partner.figures.currency),
                })
              : t('manager.partners.detail.referral.percent_value', { rate: f.percent(rc.amount) })}
          </dd>
        </div>
      </dl>
      {canEdit ? <ReferralForm partner={partner} /> : null}
      <div className="mt-4 border-t border-stone-100 pt-4 dark:border-stone-800">
        <h3 className="mb-2 text-xs font-semibold tracking-wide text-stone-500 uppercase dark:text-stone-400">
          {t('manager.partners.detail.referrals.heading')}
        </h3>
        <PagedPart uuid={partner.uuid} part="referrals" empty={t('manager.partners.detail.referrals.none')}>
          {(page) => (
            <ul
              className="divide-y divide-stone-100 text-sm dark:divide-stone-800"
              data-testid="referrals-list"
            >
              {page.data.map((r) => (
                <li key={r.uuid} className="flex items-center justify-between gap-3 py-2">
                  <span className="min-w-0">
                    <Link
                      to={`/manager/partners/${encodeURIComponent(r.uuid)}`}
                      className="link block truncate"
                    >
                      {r.name || r.email}
                    </Link>
                    <span className={`block text-xs ${muted}`}>{f.date(r.created_at)}</span>
                  </span>
                  <span className="shrink-0 text-right tabular-nums">
                    {f.money(r.sales, r.currency)}
                    {r.status === 'suspended' ? (
                      <span className="mt-0.5 block">
                        <StatusChip status={r.status} />
                      </span>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </PagedPart>
      </div>
    </PartnerCard>
  );
}

function Figure({
  label,
  value,
  testId,
  big = false,
}: {
  label: string;
  value: string;
  testId: string;
  big?: boolean;
}) {
  return (
    <div className="min-w-0">
      <dt className={`text-xs ${muted}`}>{label}</dt>
      <dd
        className={`mt-0.5 font-semibold tracking-tight tabular-nums ${big ? 'text-2xl sm:text-3xl' : 'text-base'}`}
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );
}

export function FiguresCard({ partner }: { partner: PartnerDetail }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const fig = partner.figures;
  const money = (value: number) => f.money(value, fig.currency);
  return (
    <PartnerCard id="figures" title={t('manager.partners.detail.figures.heading')} icon="trend">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-4 sm:grid-cols-4">
        <div className="col-span-2">
          <Figure
            big
            label={t('manager.partners.detail.figures.sales')}
            value={money(fig.sales)}
            testId="figure-sales"
          />
        </div>
        <div className="col-span-2">
          <Figure
            big
            label={t('manager.partners.detail.figures.commissions')}
            value={money(fig.commissions)}
            testId="figure-commissions"
          />
        </div>
        <Figure
          label={t('manager.partners.detail.figures.orders')}
          value={f.number(fig.orders)}
          testId="figure-orders"
        />
        <Figure
          label={t('manager.partners.detail.figures.average')}
          value={money(fig.average_order)}
          testId="figure-average"
        />
        <Figure
          label={t('manager.partners.detail.figures.this_month')}
          value={money(fig.this_month.sales)}
          testId="figure-this-month"
        />
        <Figure
          label={t('manager.partners.detail.figures.last_month')}
          value={money(fig.last_month.sales)}
          testId="figure-last-month"
        />
      </dl>
      <div className="mt-4 grid gap-4 border-t border-stone-100 pt-4 sm:grid-cols-2 dark:border-stone-800">
        <div>
          <h3 className="mb-2 text-xs font-semibold tracking-wide text-stone-500 uppercase dark:text-stone-400">
            {t('manager.partners.detail.figures.regions')}
          </h3>
          <dl className="space-y-1 text-sm">
            {(['CA', 'US', 'OTHER'] as const).map((region) => (
              <div key={region} className="flex justify-between gap-4">
                <dt className={muted}>{t(`manager.partners.detail.figures.region.${region}`)}</dt>
                <dd className="tabular-nums">{money(fig.sales_by_region[region])}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div>
          <h3 className="mb-2 text-xs font-semibold tracking-wide text-stone-500 uppercase dark:text-stone-400">
            {t('manager.partners.detail.figures.balances')}
          </h3>
          <dl className="space-y-1 text-sm" data-testid="balances">
            {(['pending', 'payable', 'in_payout', 'paid', 'in_review', 'rejected'] as const).map((key) => (
              <div key={key} className="flex justify-between gap-4">
                <dt className={muted}>{t(`manager.partners.detail.figures.balance.${key}`)}</dt>
                <dd className="tabular-nums" data-testid={`balance-${key}`}>
                  {money(fig.balances[key])}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </PartnerCard>
  );
}

const EARNING_TONES: Record<string, string> = {
  ...STATUS_TONES,
  IN_PAYOUT:
    'bg-sky-50 text-sky-800 ring-sky-600/25 dark:bg-sky-400/10 dark:text-sky-300 dark:ring-sky-400/30',
};
const EARNING_STATUSES = ['PENDING', 'APPROVED', 'IN_PAYOUT', 'PAID', 'REJECTED', 'IN_REVIEW'];

function EarningStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = EARNING_STATUSES.includes(status);
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${EARNING_TONES[status] ?? EARNING_TONES.PENDING}`}
      data-testid="earning-status"
      data-status={status}
    >
      {known ? t(`manager.partners.detail.earnings.statuses.${status as 'PENDING'}`) : status}
    </span>
  );
}

function EarningItem({ earning }: { earning: PartnerEarning }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const dateTime = useDateTime();
  const kinds = ['sale', 'referral', 'marketplace', 'bonus', 'adjustment'];
  const status = (s: string | null) =>
    s && EARNING_STATUSES.includes(s)
      ? t(`manager.partners.detail.earnings.statuses.${s as 'PENDING'}`)
      : (s ?? '—');
  return (
    <li className="py-3" data-testid="earning">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <p className="font-medium">
            {kinds.includes(earning.kind)
              ? t(`manager.payout.earnings.kinds.${earning.kind as 'sale'}`)
              : earning.kind}
            {earning.order_number ? (
              <span className={`ml-2 font-normal ${muted}`}>{orderLabel(earning.order_number)}</span>
            ) : null}
          </p>
          <p className={`text-xs ${muted}`}>
            {[
              f.date(earning.date),
              earning.product,
              earning.rate !== null
                ? t('manager.partners.detail.earnings.rate_of', {
                    rate: f.percent(earning.rate),
                    base: f.money(earning.base),
                  })
                : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        <div className="ml-auto flex items-center gap-2">
          <span className="font-semibold tabular-nums" data-testid="earning-amount">
            {f.money(earning.amount)}
          </span>
          <EarningStatus status={earning.status} />
        </div>
      </div>
      {earning.payout_id !== null ? (
        <p className="mt-1 text-xs">
          <Link to={`/manager/payouts/${earning.payout_id}`} className="link">
            {t('manager.partners.detail.earnings.in_payout', { id: earning.payout_id })}
          </Link>
        </p>
      ) : null}
      {earning.history.length ? (
        <details className="group mt-1.5 text-xs">
          <summary
            className="cursor-pointer font-medium text-stone-700 select-none hover:text-stone-900 dark:text-stone-300 dark:hover:text-white"
            data-testid="earning-history-toggle"
          >
            {t('manager.partners.detail.earnings.history', { count: earning.history.length })}
          </summary>
          <ol
            className="mt-2 space-y-1.5 border-l-2 border-stone-200 pl-3 dark:border-stone-700"
            data-testid="earning-history"
          >
            {earning.history.map((event, i) => (
              <li key={i}>
                <span className="font-medium text-stone-800 dark:text-stone-200">
                  {event.from ? `${status(event.from)} → ${status(event.to)}` : status(event.to)}
                </span>
                {event.amount_before !== null && event.amount_before !== event.amount_after ? (
                  <span className="tabular-nums">
                    {' '}
                    · {f.money(event.amount_before)} → {f.money(event.amount_after)}
                  </span>
                ) : null}
                <span className={`block ${muted}`}>
                  {dateTime(event.at)} · {event.reason} · {event.actor}
                </span>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </li>
  );
}

export function EarningsCard({ partner }: { partner: PartnerDetail }) {
  const { t } = useTranslation();
  return (
    <PartnerCard id="earnings" title={t('manager.partners.detail.earnings.heading')} icon="wallet">
      <PagedPart uuid={partner.uuid} part="earnings" empty={t('manager.partners.detail.earnings.none')}>
        {(page) => (
          <ul className="-my-3 divide-y divide-stone-100 dark:divide-stone-800" data-testid="earnings-list">
            {page.data.map((earning) => (
              <EarningItem key={earning.id} earning={earning} />
            ))}
          </ul>
        )}
      </PagedPart>
    </PartnerCard>
  );
}

export function PayoutsCard({ partner }: { partner: PartnerDetail }) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <PartnerCard id="payouts" title={t('manager.partners.detail.payouts.heading')} icon="receipt">
      <PagedPart uuid={partner.uuid} part="payouts" empty={t('manager.partners.detail.payouts.none')}>
        {(page) => (
          <ul className="-my-2 divide-y divide-stone-100 dark:divide-stone-800" data-testid="payouts-list">
            {page.data.map((payout) => (
              <li
                key={payout.id}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5"
                data-testid="partner-payout"
              >
                <span className="min-w-0">
                  <Link
                    to={`/manager/payouts/${payout.id}`}
                    className="link font-semibold"
                    data-testid="payout-link"
                  >
                    {t('manager.partners.detail.payouts.number', { id: payout.id })}
                  </Link>
                  <span className={`block text-xs ${muted}`}>
                    {[
                      f.date(payout.created_at),
                      payout.invoice_number,
                      t('manager.partners.detail.payouts.earnings', { count: payout.earnings_count }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </span>
                <span className="flex items-center gap-2">
                  <span className="font-semibold tabular-nums">
                    {f.money(payout.amount, payout.currency)}
                  </span>
                  <PayoutStatusChip status={payout.status} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </PagedPart>
    </PartnerCard>
  );
}

function voucherAmount(
  voucher: PartnerVoucher,
  f: ReturnType<typeof useFormatters>,
  t: (key: string, options?: Record<string, unknown>) => string,
) {
  if (voucher.type === 'percent')
    return t('manager.partners.detail.vouchers.percent_off', { value: f.percent(voucher.amount) });
  if (voucher.type === 'fixed')
    return t('manager.partners.detail.vouchers.amount_off', { value: f.money(voucher.amount) });
  return t('manager.partners.detail.vouchers.free_products', { count: voucher.amount });
}

const VOUCHER_TONES: Record<string, string> = {
  active:
    'bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-400/10 dark:text-emerald-300 dark:ring-emerald-400/25',
  used: 'bg-sky-50 text-sky-800 ring-sky-600/25 dark:bg-sky-400/10 dark:text-sky-300 dark:ring-sky-400/30',
  expired:
    'bg-stone-100 text-stone-700 ring-stone-500/20 dark:bg-stone-800 dark:text-stone-300 dark:ring-stone-600/40',
  revoked: 'bg-red-50 text-red-800 ring-red-600/25 dark:bg-red-400/10 dark:text-red-300 dark:ring-red-400/30',
};

export function VouchersCard({ partner }: { partner: PartnerDetail }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const canEdit = useCanEditPartners();
  const revoke = useRevokeVoucher(partner.uuid);
  const signOut = useManagerSignOut();
  const [issuing, setIssuing] = useState(false);
  const [revoking, setRevoking] = useState<PartnerVoucher | null>(null);
  const [error, setError] = useState<string | null>(null);
  const confirmRevoke = () => {
    if (!revoking) return;
    setError(null);
    revoke.mutate(revoking.id, {
      onSuccess: (voucher) => {
        setRevoking(null);
        notifySuccess(t('manager.partners.detail.vouchers.revoked', { code: voucher.code }));
      },
      onError: (e) => {
        if (isUnauthorized(e)) return signOut();
        setError(apiMessage(e) ?? t('errors.error'));
      },
    });
  };
  const tt = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  return (
    <PartnerCard
      id="vouchers"
      title={t('manager.partners.detail.vouchers.heading')}
      icon="gift"
      action={
        canEdit && !issuing ? (
          <button
            type="button"
            className="btn-secondary min-h-9 px-3 py-1 text-xs"
            onClick={() => setIssuing(true)}
            data-testid="voucher-new"
          >
            {t('manager.partners.detail.vouchers.new')}
          </button>
        ) : null
      }
    >
      <PagedPart
        uuid={partner.uuid}
        part="vouchers"
        empty={t('manager.partners.detail.vouchers.none')}
        before={issuing ? <VoucherForm uuid={partner.uuid} onDone={() => setIssuing(false)} /> : null}
      >
        {(page) => (
          <ul className="-my-2 divide-y divide-stone-100 dark:divide-stone-800" data-testid="vouchers-list">
            {page.data.map((voucher) => (
              <li
                key={voucher.id}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2.5"
                data-testid="voucher"
                data-code={voucher.code}
              >
                <span className="min-w-0">
                  <span className="font-mono font-semibold break-all">{voucher.code}</span>
                  <span className={`block text-xs ${muted}`}>
                    {voucherAmount(voucher, f, tt)}
                    {' · '}
                    {voucher.valid_till
                      ? t('manager.partners.detail.vouchers.until', { date: f.date(voucher.valid_till) })
                      : t('manager.partners.detail.vouchers.no_end')}
                  </span>
                </span>
                <span className="flex items-center gap-2">
                  <span
                    className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${VOUCHER_TONES[voucher.status] ?? VOUCHER_TONES.expired}`}
                    data-testid="voucher-status"
                  >
                    {voucher.status in VOUCHER_TONES
                      ? t(`manager.partners.detail.vouchers.statuses.${voucher.status as 'active'}`)
                      : voucher.status}
                  </span>
                  {canEdit && voucher.status === 'active' ? (
                    <button
                      type="button"
                      className="link text-sm text-red-700 dark:text-red-300"
                      onClick={() => {
                        setError(null);
                        setRevoking(voucher);
                      }}
                      data-testid="voucher-revoke"
                    >
                      {t('manager.partners.detail.vouchers.revoke')}{' '}
                      <span className="sr-only">· {voucher.code}</span>
                    </button>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </PagedPart>
      {revoking ? (
        <ConfirmDialog
          alert
          danger
          busyLabel={t('manager.partners.actions.working')}
          testId="revoke-dialog"
          title={t('manager.partners.detail.vouchers.revoke_title', { code: revoking.code })}
          body={<p>{t('manager.partners.detail.vouchers.revoke_body')}</p>}
          confirmLabel={t('manager.partners.detail.vouchers.revoke_confirm')}
          busy={revoke.isPending}
          error={error}
          onConfirm={confirmRevoke}
          onClose={() => setRevoking(null)}
        />
      ) : null}
    </PartnerCard>
  );
}

export function NotesCard({ partner }: { partner: PartnerDetail }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const canEdit = useCanEditPartners();
  return (
    <PartnerCard id="notes" title={t('manager.partners.detail.notes.heading')} icon="pen">
      <PagedPart
        uuid={partner.uuid}
        part="notes"
        empty={t('manager.partners.detail.notes.none')}
        before={canEdit ? <NoteForm uuid={partner.uuid} /> : null}
      >
        {(page) => (
          <ul className="space-y-3" data-testid="notes-list">
            {page.data.map((note) => (
              <li
                key={note.id}
                className="rounded-xl bg-stone-50 px-3 py-2.5 dark:bg-stone-800/50"
                data-testid="note"
              >
                <p className="text-sm break-words whitespace-pre-line">{note.body}</p>
                <p className={`mt-1 text-xs ${muted}`} data-testid="note-meta">
                  {t('manager.partners.detail.notes.by', {
                    name: note.author ?? t('manager.partners.detail.audit.someone'),
                    date: dateTime(note.created_at),
                  })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </PagedPart>
    </PartnerCard>
  );
}

/** A line's before or after as the audit log's view reads it: an object of fields, or nothing. */
const auditState = (value: unknown): AuditState | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as AuditState) : null;

/**
 * The partner's history: each line named in the audit log's words (common/audit.ts), by whom and
 * when, with its before and after in the audit log's own view.
 */
export function AuditCard({ partner }: { partner: PartnerDetail }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const words = useAuditWords();
  const self = { uuid: partner.uuid, name: `${partner.first_name} ${partner.last_name}`.trim() };
  return (
    <PartnerCard id="audit" title={t('manager.partners.detail.audit.heading')} icon="history">
      <PagedPart uuid={partner.uuid} part="audit" empty={t('manager.partners.detail.audit.none')}>
        {(page) => (
          <ol className="space-y-4" data-testid="audit-list">
            {page.data.map((line) => (
              <li
                key={line.id}
                className="border-l-2 border-stone-200 pl-3 dark:border-stone-700"
                data-testid="audit-line"
                data-action={line.action}
              >
                <p className="text-sm font-medium" data-testid="audit-line-action">
                  {words.action(line.action)}
                </p>
                {/* A code or a voucher of the partner's: named; the partner is this page. */}
                {line.entity !== 'partner' ? (
                  <p className="text-sm break-words" data-testid="audit-line-item">
                    {words.item(line)}
                  </p>
                ) : null}
                <p className={`mb-2 text-xs ${muted}`}>
                  {t('manager.partners.detail.audit.by', {
                    name:
                      line.staff ??
                      (isPartnersOwnAction(line.action)
                        ? t('manager.partners.detail.audit.the_partner')
                        : t('manager.partners.detail.audit.someone')),
                    date: dateTime(line.at),
                  })}
                </p>
                <AuditDiff before={auditState(line.before)} after={auditState(line.after)} partner={self} />
              </li>
            ))}
          </ol>
        )}
      </PagedPart>
    </PartnerCard>
  );
}

/** Why a reviewer sees no forms: said once, at the top of the page. */
export function ReadOnlyNotice() {
  const { t } = useTranslation();
  return (
    <p
      className="mb-4 flex items-start gap-2 rounded-xl bg-sky-50 px-3 py-2.5 text-sm text-sky-900 dark:bg-sky-950/50 dark:text-sky-100"
      data-testid="read-only-notice"
    >
      <Icon name="info" width={16} height={16} className="mt-0.5 shrink-0" />
      {t('manager.partners.detail.read_only')}
    </p>
  );
}
