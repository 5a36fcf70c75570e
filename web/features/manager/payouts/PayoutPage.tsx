// /manager/payouts/:id: one payout with what a decision needs (the partner, the fraud signals,
// the earnings it gathers, its history) and the decisions the server says this staff member
// may take now. Each decision is held to the status on screen: when someone else moved the
// payout first, the server answers 409, the page says so and shows the payout as it now is.
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../components/icons';
import { ApiError, isUnauthorized, serverMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/document-title';
import { notifySuccess } from '../../../lib/toast';
import { NotFoundContent } from '../../../components/NotFoundContent';
import { orderLabel, useFormatters, useDateTime } from '../../../lib/format';
import { approvalGoesToManager, DecisionDialog } from './DecisionDialog';
import {
  downloadStaffFile,
  payoutKeys,
  usePayoutDecision,
  usePayoutDetail,
  type PayoutAction,
  type PayoutDetail,
} from './payouts-api';
import { PaypalStateText, StageChip } from './ui';
import { Skeleton } from '../../../components/skeleton';
import { EmptyState } from '../../../components/states';
import { StatusBadge } from '../../../components/status';
import { useManagerSignOut, useSignOutOnUnauthorized } from '../staff-session';
import { useWideLayout } from '../../../components/staff/table-or-cards';
import { PayoutStatusChip } from '../../../components/staff/chips';
import { ListTable, tableCell, type TableColumn } from '../../../components/table';

const ACTION_ORDER: readonly PayoutAction[] = ['approve', 'mark_paid', 'review', 'reject'];

function Section({
  title,
  icon,
  children,
  className = '',
  testId,
  tone = 'default',
}: {
  title: string;
  icon: IconName;
  children: ReactNode;
  className?: string;
  testId?: string;
  tone?: 'default' | 'warning' | 'calm';
}) {
  const id = `payout-section-${testId ?? icon}`;
  const frame =
    tone === 'warning'
      ? 'rounded-2xl border border-amber-300 bg-amber-50 shadow-sm dark:border-amber-500/40 dark:bg-amber-950/40'
      : 'card';
  return (
    <section aria-labelledby={id} className={`${frame} min-w-0 p-4 sm:p-5 ${className}`} data-testid={testId}>
      <h2 id={id} className="mb-3 flex items-center gap-2 text-sm font-semibold tracking-tight">
        <Icon
          name={icon}
          width={18}
          height={18}
          className={
            tone === 'warning'
              ? 'text-amber-700 dark:text-amber-300'
              : tone === 'calm'
                ? 'text-emerald-600 dark:text-emerald-400'
                : 'text-stone-500 dark:text-stone-400'
          }
        />
        {title}
      </h2>
      {children}
    </section>
  );
}

interface Fact {
  label: string;
  value: ReactNode;
  testId?: string;
  /** Long values (e-mails) go under their label rather than beside it. */
  long?: boolean;
}

function Facts({ items }: { items: Fact[] }) {
  return (
    <dl className="space-y-2 text-sm">
      {items.map((item) => (
        <div key={item.label} className={item.long ? '' : 'flex items-baseline justify-between gap-4'}>
          <dt className="text-muted">{item.label}</dt>
          <dd
            className={item.long ? 'break-words' : 'min-w-0 text-right break-words'}
            data-testid={item.testId}
          >
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** An e-mail that may wrap after its @ rather than anywhere in the middle. */
function Email({ value }: { value: string }) {
  const at = value.indexOf('@');
  if (at < 0) return <>{value}</>;
  return (
    <>
      {value.slice(0, at + 1)}
      <wbr />
      {value.slice(at + 1)}
    </>
  );
}

function SignalsCard({ detail }: { detail: PayoutDetail }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const { signals, payout } = detail;
  const selfPurchases = signals.self_purchase;
  const any = selfPurchases.length > 0 || signals.own_voucher_orders > 0 || signals.in_review_earnings > 0;
  if (!any)
    return (
      <Section title={t('manager.payout.signals.heading')} icon="check" testId="signals" tone="calm">
        <p className="flex items-start gap-2 text-sm text-muted" data-testid="signals-none">
          {t('manager.payout.signals.none')}
        </p>
      </Section>
    );
  return (
    <Section title={t('manager.payout.signals.heading')} icon="alert" testId="signals" tone="warning">
      <ul className="space-y-3 text-sm text-amber-950 dark:text-amber-100">
        {selfPurchases.length > 0 ? (
          <li data-testid="signal-self-purchase">
            <p className="font-semibold">
              {t('manager.payout.signals.self_purchase', { count: selfPurchases.length })}
            </p>
            <ul className="mt-1 space-y-0.5">
              {selfPurchases.map((order) => (
                <li
                  key={order.order_number}
                  className="flex flex-wrap gap-x-2 text-amber-900 dark:text-amber-200"
                >
                  <span className="font-medium tabular-nums">{orderLabel(order.order_number)}</span>
                  <span>{f.date(order.date)}</span>
                  <span className="break-all">{order.customer_email}</span>
                </li>
              ))}
            </ul>
          </li>
        ) : null}
        {signals.own_voucher_orders > 0 ? (
          <li className="font-semibold" data-testid="signal-own-voucher">
            {t('manager.payout.signals.own_voucher', {
              count: signals.own_voucher_orders,
              formatted: f.number(signals.own_voucher_orders),
            })}
          </li>
        ) : null}
        {signals.in_review_earnings > 0 ? (
          <li className="font-semibold" data-testid="signal-in-review">
            {t('manager.payout.signals.in_review', {
              count: signals.in_review_earnings,
              formatted: f.number(signals.in_review_earnings),
              amount: f.money(signals.in_review_amount, payout.currency),
            })}
          </li>
        ) : null}
      </ul>
    </Section>
  );
}

function countryName(code: string | null, locale: string): string {
  if (!code) return '—';
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function PartnerCard({ detail }: { detail: PayoutDetail }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const { partner, payout } = detail;
  const paypalChanged = Boolean(
    payout.paypal_email && partner.paypal_email && payout.paypal_email !== partner.paypal_email,
  );
  return (
    <Section title={t('manager.payout.partner.heading')} icon="user" testId="partner">
      <p className="font-semibold" data-testid="partner-name">
        {partner.name}
      </p>
      <a href={`mailto:${partner.email}`} className="link text-sm break-words">
        <Email value={partner.email} />
      </a>
      <div className="mt-3">
        <Facts
          items={[
            {
              label: t('manager.payout.partner.paypal_email'),
              value: partner.paypal_email ? (
                <Email value={partner.paypal_email} />
              ) : (
                <span className="text-stone-500">—</span>
              ),
              testId: 'partner-paypal',
              long: true,
            },
            {
              label: t('manager.payout.partner.verified'),
              value: partner.verified ? (
                <span className="font-medium text-emerald-700 dark:text-emerald-300">
                  {t('manager.payout.partner.yes')}
                </span>
              ) : (
                <span className="font-semibold text-amber-700 dark:text-amber-300">
                  {t('manager.payout.partner.no')}
                </span>
              ),
              testId: 'partner-verified',
            },
            { label: t('manager.payout.partner.country'), value: countryName(partner.country, f.locale) },
            { label: t('manager.payout.partner.member_since'), value: f.date(partner.created_at) },
            {
              label: t('manager.payout.partner.lifetime_paid'),
              value: <span className="tabular-nums">{f.money(partner.lifetime_paid, payout.currency)}</span>,
              testId: 'partner-lifetime',
            },
            {
              label: t('manager.payout.partner.payouts_count'),
              value: <span className="tabular-nums">{f.number(partner.payouts_count)}</span>,
            },
          ]}
        />
      </div>
      {paypalChanged ? (
        <p
          className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-xs font-medium text-amber-900 dark:bg-amber-950/50 dark:text-amber-200"
          data-testid="paypal-changed"
        >
          {t('manager.payout.partner.paypal_changed', { email: payout.paypal_email })}
        </p>
      ) : null}
    </Section>
  );
}

function PaymentCard({ detail }: { detail: PayoutDetail }) {
  const { t } = useTranslation();
  const { payout } = detail;
  const [downloading, setDownloading] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const signOut = useManagerSignOut();
  const invoice = payout.invoice;
  const download = async () => {
    if (!invoice) return;
    setDownloading(true);
    setFailed(null);
    try {
      await downloadStaffFile(invoice.pdf_url, `${invoice.number}.pdf`);
    } catch (error) {
      if (isUnauthorized(error)) signOut();
      else setFailed(serverMessage(error) ?? t('manager.payout.invoice.failed'));
    } finally {
      setDownloading(false);
    }
  };
  const items: Fact[] = [
    {
      label: t('manager.payout.payment.paid_to'),
      value: payout.paypal_email ? <Email value={payout.paypal_email} /> : '—',
      long: true,
    },
  ];
  // Without PayPal (payouts paid by hand) "not sent" says nothing: the note below explains.
  if (detail.paypal_configured || payout.paypal_state)
    items.push({
      label: t('manager.payout.payment.paypal'),
      value: <PaypalStateText state={payout.paypal_state} />,
    });
  if (payout.paypal?.batch_id)
    items.push({
      label: t('manager.payout.payment.batch'),
      value: <code className="text-xs">{payout.paypal.batch_id}</code>,
    });
  if (payout.paypal?.status)
    items.push({ label: t('manager.payout.payment.paypal_status'), value: payout.paypal.status });
  if (invoice)
    items.push({ label: t('manager.payout.invoice.label'), value: invoice.number, testId: 'invoice-number' });
  if (payout.reference)
    items.push({
      label: t('manager.payout.payment.reference'),
      value: payout.reference,
      testId: 'payout-reference',
    });
  return (
    <Section title={t('manager.payout.payment.heading')} icon="receipt" testId="payment">
      <Facts items={items} />
      {payout.paypal?.error ? (
        <p
          className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/60 dark:text-red-200"
          data-testid="paypal-error"
        >
          {payout.paypal.error}
        </p>
      ) : null}
      {detail.paypal_configured ? null : (
        <p className="mt-3 text-xs text-muted" data-testid="paypal-off">
          {t('manager.payout.payment.not_configured')}
        </p>
      )}
      <div className="mt-4 border-t border-stone-100 pt-4 dark:border-stone-800">
        {invoice ? (
          <button
            type="button"
            className="btn-secondary min-h-10 w-full px-4 py-2"
            onClick={() => void download()}
            disabled={downloading}
            data-testid="invoice-download"
          >
            <Icon name="doc" width={18} height={18} />
            {downloading
              ? t('manager.payout.invoice.downloading')
              : t('manager.payout.invoice.download')}{' '}
            <span className="sr-only">· {invoice.number}</span>
          </button>
        ) : (
          <p className="text-sm text-muted">{t('manager.payout.invoice.none')}</p>
        )}
        {failed ? (
          <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
            {failed}
          </p>
        ) : null}
      </div>
    </Section>
  );
}

/** How many earnings show before "Show all": a payout can gather hundreds. */
export const EARNINGS_PREVIEW = 10;

/** Count and total per kind, in cents so a few hundred amounts add up exactly. */
function byKind(earnings: PayoutDetail['earnings']) {
  const groups = new Map<string, { count: number; cents: number }>();
  for (const earning of earnings) {
    const group = groups.get(earning.kind) ?? { count: 0, cents: 0 };
    group.count += 1;
    group.cents += Math.round(earning.amount * 100);
    groups.set(earning.kind, group);
  }
  return [...groups].map(([kind, group]) => ({ kind, count: group.count, amount: group.cents / 100 }));
}

function EarningsCard({ detail }: { detail: PayoutDetail }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const wide = useWideLayout();
  const [expanded, setExpanded] = useState(false);
  const { earnings, payout } = detail;
  const shown = expanded ? earnings : earnings.slice(0, EARNINGS_PREVIEW);
  const kindLabel = (kind: string) => t(`manager.payout.earnings.kinds.${kind}`, { defaultValue: kind });
  const negative = (amount: number, kind: string) => amount < 0 || kind === 'adjustment';
  const amountClass = (amount: number, kind: string) =>
    `font-semibold tabular-nums ${negative(amount, kind) ? 'text-red-700 dark:text-red-300' : ''}`;
  // IN_PAYOUT (held by an open payout) is not a status partners see: staff get their own word for it.
  const status = (value: string | null) => (
    <StatusBadge
      status={value}
      label={value === 'IN_PAYOUT' ? t('manager.payout.earnings.in_payout') : value}
    />
  );
  let content: ReactNode;
  if (earnings.length === 0)
    content = <p className="text-sm text-muted">{t('manager.payout.earnings.empty')}</p>;
  else if (wide) {
    const columns: TableColumn[] = [
      { key: 'kind', header: t('manager.payout.earnings.columns.kind') },
      { key: 'order', header: t('manager.payout.earnings.columns.order') },
      { key: 'date', header: t('manager.payout.earnings.columns.date') },
      { key: 'product', header: t('manager.payout.earnings.columns.product') },
      { key: 'amount', header: t('manager.payout.earnings.columns.amount'), align: 'end' },
      { key: 'status', header: t('manager.payout.earnings.columns.status') },
    ];
    const td = tableCell.compactBody;
    content = (
      // Focusable and named: when the table is wider than its card, a keyboard can scroll it.
      <div
        className="overflow-x-auto"
        tabIndex={0}
        role="region"
        aria-label={t('manager.payout.earnings.heading')}
      >
        <ListTable caption={t('manager.payout.earnings.heading')} columns={columns} compact>
          {shown.map((earning) => (
            <tr key={earning.id} data-testid="earning-row" data-kind={earning.kind}>
              <td className={td}>{kindLabel(earning.kind)}</td>
              <td className={`${td} whitespace-nowrap tabular-nums`}>
                {earning.order_number ? orderLabel(earning.order_number) : '—'}
              </td>
              <td className={`${td} whitespace-nowrap`}>{f.date(earning.date)}</td>
              <td className={`${td} min-w-36`}>{earning.product ?? '—'}</td>
              <td
                className={`${td} text-right whitespace-nowrap ${amountClass(earning.amount, earning.kind)}`}
                data-testid="earning-amount"
              >
                {f.money(earning.amount, payout.currency)}
              </td>
              <td className={td}>{status(earning.status)}</td>
            </tr>
          ))}
        </ListTable>
      </div>
    );
  } else
    content = (
      <ul className="divide-y divide-stone-100 dark:divide-stone-800">
        {shown.map((earning) => (
          <li
            key={earning.id}
            className="py-2.5 first:pt-0"
            data-testid="earning-row"
            data-kind={earning.kind}
          >
            <div className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 truncate text-sm font-medium">
                {kindLabel(earning.kind)}
                {earning.order_number ? ` · ${orderLabel(earning.order_number)}` : ''}
              </span>
              <span
                className={`shrink-0 text-sm ${amountClass(earning.amount, earning.kind)}`}
                data-testid="earning-amount"
              >
                {f.money(earning.amount, payout.currency)}
              </span>
            </div>
            <div className="mt-1 flex items-center justify-between gap-3 text-xs text-muted">
              <span className="min-w-0 truncate">
                {f.date(earning.date)}
                {earning.product ? ` · ${earning.product}` : ''}
              </span>
              <span className="shrink-0">{status(earning.status)}</span>
            </div>
          </li>
        ))}
      </ul>
    );
  return (
    <Section
      title={t('manager.payout.earnings.heading_count', {
        count: earnings.length,
        formatted: f.number(earnings.length),
      })}
      icon="chart"
      testId="earnings"
    >
      {earnings.length > 0 ? (
        <dl className="mb-4 grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="earnings-by-kind">
          {byKind(earnings).map((group) => (
            <div key={group.kind} className="rounded-xl bg-stone-50 px-3 py-2 dark:bg-stone-800/50">
              <dt className="text-xs text-muted">
                {kindLabel(group.kind)} · {f.number(group.count)}
              </dt>
              <dd className={`text-sm ${amountClass(group.amount, group.kind)}`}>
                {f.money(group.amount, payout.currency)}
              </dd>
            </div>
          ))}
          <div className="rounded-xl bg-stone-900 px-3 py-2 text-white dark:bg-stone-100 dark:text-stone-900">
            <dt className="text-xs opacity-80">{t('manager.payout.earnings.total')}</dt>
            <dd className="text-sm font-bold tabular-nums">{f.money(payout.amount, payout.currency)}</dd>
          </div>
        </dl>
      ) : null}
      {content}
      {earnings.length > EARNINGS_PREVIEW ? (
        <button
          type="button"
          className="btn-secondary mt-4 min-h-10 w-full px-4 py-2"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
          data-testid="earnings-toggle"
        >
          {expanded
            ? t('manager.payout.earnings.show_fewer')
            : t('manager.payout.earnings.show_all', {
                count: earnings.length,
                formatted: f.number(earnings.length),
              })}
        </button>
      ) : null}
    </Section>
  );
}

function HistoryCard({ detail }: { detail: PayoutDetail }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  // The server names the actor in English ("Maya Tremblay (partner)"); its kind says it in the page's language.
  const actorName = ({ actor, actor_kind }: PayoutDetail['history'][number]) => {
    if (actor_kind === 'partner')
      return t('manager.payout.history.actor_partner', { name: actor.replace(/\s*\(partner\)$/, '') });
    if (actor_kind === 'system') return t('manager.payout.history.actor_system');
    return actor;
  };
  return (
    <Section title={t('manager.payout.history.heading')} icon="doc" testId="history">
      <ol className="relative space-y-4 border-l border-stone-200 pl-5 dark:border-stone-800">
        {detail.history.map((entry, index) => (
          <li key={`${entry.at}-${index}`} className="relative" data-testid="history-entry">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[1.6rem] h-2.5 w-2.5 rounded-full border-2 border-white bg-stone-400 dark:border-stone-900 dark:bg-stone-500"
            />
            <p className="flex flex-wrap items-center gap-1.5 text-sm">
              {entry.from ? (
                <>
                  <PayoutStatusChip status={entry.from} />
                  <Icon name="arrow-right" width={14} height={14} className="text-stone-400" />
                  <span className="sr-only">{t('manager.payout.history.to')}</span>
                </>
              ) : (
                <span className="font-medium">{t('manager.payout.history.requested')}</span>
              )}
              {entry.from ? <PayoutStatusChip status={entry.to} /> : null}
            </p>
            <p className="mt-1 text-xs text-muted">
              {t('manager.payout.history.by', { actor: actorName(entry), at: dateTime(entry.at) })}
            </p>
            {entry.reason ? (
              <p
                className="mt-1.5 rounded-lg bg-stone-100 px-3 py-2 text-sm whitespace-pre-line text-stone-800 dark:bg-stone-800/70 dark:text-stone-200"
                data-testid="history-reason"
              >
                {entry.reason}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </Section>
  );
}

function Summary({ detail, onAction }: { detail: PayoutDetail; onAction: (action: PayoutAction) => void }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const { payout } = detail;
  const actions = ACTION_ORDER.filter((action) => detail.actions.includes(action));
  const aboveThreshold = payout.amount > detail.threshold;
  const buttonClass: Record<PayoutAction, string> = {
    approve: 'btn-primary',
    mark_paid: 'btn-primary',
    review: 'btn-secondary',
    reject:
      'inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-red-300 bg-white px-5 py-2.5 text-sm font-semibold text-red-700 transition-colors hover:bg-red-50 dark:border-red-500/50 dark:bg-stone-900 dark:text-red-300 dark:hover:bg-red-950/50',
  };
  return (
    <section className="card p-4 sm:p-6" aria-labelledby="payout-title" data-testid="payout-summary">
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
        <div className="min-w-0">
          <h1
            id="payout-title"
            className="text-lg font-semibold tracking-tight text-stone-700 dark:text-stone-300"
          >
            {t('titles.manager_payout', { id: payout.id })}
            <span className="text-stone-400 dark:text-stone-500"> · </span>
            <span className="text-stone-900 dark:text-white">{payout.partner.name}</span>
          </h1>
          <p
            className="mt-1 text-4xl font-bold tracking-tight tabular-nums sm:text-5xl"
            data-testid="payout-amount"
          >
            {f.money(payout.amount, payout.currency)}
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
            <PayoutStatusChip status={payout.status} />
            <StageChip stage={payout.stage} />
            {payout.fraudulent ? (
              <span
                className="inline-flex items-center rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-200"
                data-testid="payout-fraudulent"
              >
                {t('manager.payout.fraudulent')}
              </span>
            ) : null}
            <span className="text-muted">
              {t('manager.payout.requested_on', { date: f.date(payout.created_at) })}
            </span>
          </div>
        </div>
      </div>
      {payout.reason ? (
        <p className="mt-4 text-sm" data-testid="payout-reason">
          <span className="font-medium">{t('manager.payout.reason')}: </span>
          <span className="whitespace-pre-line text-stone-700 dark:text-stone-300">{payout.reason}</span>
        </p>
      ) : null}
      {aboveThreshold && (payout.stage === 'review' || payout.stage === 'manager') ? (
        <p
          className="mt-4 flex items-start gap-2 rounded-xl bg-indigo-50 px-3 py-2.5 text-sm text-indigo-900 dark:bg-indigo-400/10 dark:text-indigo-200"
          data-testid="threshold-note"
        >
          <Icon name="info" width={18} height={18} className="mt-0.5 shrink-0" />
          {approvalGoesToManager(detail)
            ? t('manager.payout.threshold_review', { threshold: f.money(detail.threshold, payout.currency) })
            : t('manager.payout.threshold_manager', {
                threshold: f.money(detail.threshold, payout.currency),
              })}
        </p>
      ) : null}
      <div className="mt-5 border-t border-stone-100 pt-4 dark:border-stone-800">
        {actions.length > 0 ? (
          <div
            className="flex flex-col gap-2 sm:flex-row sm:flex-wrap"
            role="group"
            aria-label={t('manager.payout.actions.label')}
          >
            {actions.map((action) => (
              <button
                key={action}
                type="button"
                className={buttonClass[action]}
                onClick={() => onAction(action)}
                data-testid={`action-${action}`}
              >
                {t(`manager.payout.actions.${action}`)}
              </button>
            ))}
          </div>
        ) : (
          <p className="text-sm text-muted" data-testid="no-actions">
            {payout.stage === 'closed'
              ? t('manager.payout.actions.closed')
              : t('manager.payout.actions.none')}
          </p>
        )}
      </div>
    </section>
  );
}

function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" className="space-y-6" data-testid="payout-loading">
      <span className="sr-only">{t('loading')}</span>
      <div className="card space-y-3 p-6">
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-12 w-40" />
        <Skeleton className="h-5 w-64" />
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-48 rounded-2xl lg:col-span-2" />
        <Skeleton className="h-48 rounded-2xl" />
      </div>
    </div>
  );
}

export function PayoutPage() {
  const { t } = useTranslation();
  const params = useParams();
  const location = useLocation();
  const queryClient = useQueryClient();
  const id = /^\d{1,15}$/.test(params.id ?? '') ? Number(params.id) : null;
  const query = usePayoutDetail(id ?? 0);
  const decision = usePayoutDecision(id ?? 0);
  const signOut = useManagerSignOut();
  const [dialog, setDialog] = useState<PayoutAction | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  useSignOutOnUnauthorized(query.error);
  useDocumentTitle(t('titles.manager_payout', { id: id ?? params.id }));

  const queueSearch = (location.state as { queue?: unknown } | null)?.queue;
  const back = (
    <Link
      to={`/manager/payouts${typeof queueSearch === 'string' ? queueSearch : ''}`}
      className="link mb-4 inline-flex items-center gap-1.5 text-sm"
      data-testid="back-to-queue"
    >
      <Icon name="arrow-left" width={16} height={16} />
      {t('manager.payout.back')}
    </Link>
  );

  if (id === null) return <NotFoundContent homeHref="/manager/payouts" />;
  if (query.isPending)
    return (
      <>
        {back}
        <DetailSkeleton />
      </>
    );
  // A failed refresh of a payout already on screen keeps it there (the next refresh tries again).
  if (query.isError && !query.data) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <>
        {back}
        <div className="card">
          <EmptyState
            icon="alert"
            title={notFound ? t('manager.payout.not_found', { id }) : t('manager.payout.load_failed')}
            testId="payout-error"
          >
            {notFound ? null : (
              <button type="button" className="btn-secondary mt-4" onClick={() => void query.refetch()}>
                {t('manager.shell.retry')}
              </button>
            )}
          </EmptyState>
        </div>
      </>
    );
  }
  const detail = query.data;

  const open = (action: PayoutAction) => {
    decision.reset();
    setDialog(action);
  };
  const submit = (input: Parameters<typeof decision.mutate>[0]['input']) =>
    decision.mutate(
      { expected: detail.payout.status, input },
      {
        onSuccess: () => {
          setDialog(null);
          setStale(null);
          notifySuccess(t(`manager.payout.done.${input.action}`));
        },
        onError: (error) => {
          if (isUnauthorized(error)) {
            signOut();
            return;
          }
          if (error instanceof ApiError && error.status === 409) {
            // Someone moved it first: show what it is now, and say why the decision was not taken.
            setDialog(null);
            setStale(serverMessage(error) ?? t('manager.payout.stale'));
            void query.refetch();
            void queryClient.invalidateQueries({ queryKey: payoutKeys.lists });
          }
        },
      },
    );

  return (
    <>
      {back}
      {stale ? (
        <div
          role="alert"
          className="mb-4 flex items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-500/40 dark:bg-amber-950/50 dark:text-amber-100"
          data-testid="payout-stale"
        >
          <Icon name="alert" width={18} height={18} className="mt-0.5 shrink-0" />
          <p className="flex-1">{stale}</p>
          <button
            type="button"
            className="shrink-0 font-semibold underline-offset-4 hover:underline"
            onClick={() => setStale(null)}
          >
            {t('manager.payout.dismiss')}
          </button>
        </div>
      ) : null}
      <div className="grid grid-cols-1 gap-4 sm:gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:grid-rows-[auto_auto_1fr]">
        <div className="lg:col-start-1">
          <Summary detail={detail} onAction={open} />
        </div>
        <div className="flex flex-col gap-4 sm:gap-6 lg:col-start-2 lg:row-span-3 lg:row-start-1">
          <SignalsCard detail={detail} />
          <PartnerCard detail={detail} />
          <PaymentCard detail={detail} />
        </div>
        <div className="lg:col-start-1">
          <EarningsCard detail={detail} />
        </div>
        <div className="lg:col-start-1">
          <HistoryCard detail={detail} />
        </div>
      </div>
      {dialog ? (
        <DecisionDialog
          action={dialog}
          detail={detail}
          busy={decision.isPending}
          error={decision.error}
          onSubmit={submit}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </>
  );
}
