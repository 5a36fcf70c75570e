// /manager/overview/orders-waiting and /manager/overview/test-orders (docs/product/commissions.md#test-orders,
// docs/decisions/053): the orders kept apart from the program's figures. An order from a shop in
// another currency with no rate is recorded and earns nothing yet: once an admin sets the rate in
// Settings, a manager or an admin releases the currency's orders here (each converted at that
// rate). The store's test orders earn nothing and count in no figure; staff can see them. Every
// staff role reads both; the page lives in the URL (?page=).
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons';
import { ApiError, isUnauthorized, serverMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/document-title';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { PageHeading } from '../../../components/PageHeading';
import { orderLabel, useFormatters } from '../../../lib/format';
import { ConfirmDialog } from '../../../components/staff/dialogs';
import { useCurrencySettings } from '../currency-api';
import { rateLine } from '../currency-words';
import { useOrdersApart, useReleaseOrders, type OrderApart, type OrdersApartKind } from './needs-a-look-api';
import { Skeleton } from '../../../components/skeleton';
import { useManagerSignOut, useSignOutOnUnauthorized, useStaffMember } from '../staff-session';
import { hasRole } from '../../../../common/staff-roles';
import { ListTable, tableCell } from '../../../components/table';
import { ListCards, listCardClass } from '../../../components/staff/table-or-cards';
import { PagedSection, useBackInRange } from '../../../components/paged-section';
import { ListResults } from '../../../components/staff/list-results';
import { usePageParam } from '../../../lib/page-param';

const TABS = [
  { kind: 'orders-waiting', key: 'waiting' },
  { kind: 'test-orders', key: 'test' },
] as const;

/** Where an admin sets a currency's rate (the settings' rates, with the currency filled in). */
export const setRateLink = (currency: string) =>
  `/manager/settings?rate=${encodeURIComponent(currency)}#currency-rates`;

function ApartHeading({ title, lead }: { title: string; lead: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Link
        to="/manager/overview"
        className="link mb-4 inline-flex items-center gap-1.5 text-sm"
        data-testid="back-to-overview"
      >
        <Icon name="arrow-left" width={16} height={16} />
        {t('manager.overview.back')}
      </Link>
      <PageHeading title={title} lead={lead}>
        <nav
          aria-label={t('manager.overview.apart.tabs_label')}
          className="mt-5 flex gap-1 overflow-x-auto border-b border-stone-200 dark:border-stone-800"
        >
          {TABS.map((tab) => (
            <NavLink
              key={tab.kind}
              to={`/manager/overview/${tab.kind}`}
              end
              data-testid={`apart-tab-${tab.key}`}
              className={({ isActive }) =>
                `-mb-px inline-flex min-h-10 items-center border-b-2 px-2 text-sm sm:px-3 font-semibold whitespace-nowrap transition-colors ${
                  isActive
                    ? 'border-brand-600 text-stone-900 dark:border-brand-400 dark:text-white'
                    : 'border-transparent text-stone-600 hover:text-stone-900 dark:text-stone-400 dark:hover:text-white'
                }`
              }
            >
              {t(`manager.overview.apart.tabs.${tab.key}`)}
            </NavLink>
          ))}
        </nav>
      </PageHeading>
    </>
  );
}

// ---- The parts of a row

function OrderNumber({ order }: { order: OrderApart }) {
  return (
    <span className="block">
      <span
        className="block font-semibold text-stone-900 tabular-nums dark:text-white"
        data-testid="apart-order"
      >
        {orderLabel(order.order_number)}
      </span>
      <span className="block font-mono text-[11px] text-stone-500 dark:text-stone-400">
        {order.shopify_order_id}
      </span>
    </span>
  );
}

function OrderDates({ order }: { order: OrderApart }) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <span className="block" data-testid="apart-dates">
      <time dateTime={order.placed_at} className="block whitespace-nowrap text-stone-700 dark:text-stone-300">
        {t('manager.overview.apart.placed', { date: f.date(order.placed_at) })}
      </time>
      {order.paid_at ? (
        <time dateTime={order.paid_at} className="block text-xs whitespace-nowrap text-muted">
          {t('manager.overview.apart.paid', { date: f.date(order.paid_at) })}
        </time>
      ) : null}
    </span>
  );
}

function OrderAmount({ order }: { order: OrderApart }) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <span className="block">
      <span className="block font-semibold whitespace-nowrap tabular-nums" data-testid="apart-amount">
        {f.money(order.amount, order.currency)}
      </span>
      <span className="block text-xs whitespace-nowrap text-stone-600 tabular-nums dark:text-stone-400">
        {t('manager.overview.apart.total', { amount: f.money(order.total, order.currency) })}
      </span>
    </span>
  );
}

function OrderCode({ order }: { order: OrderApart }) {
  const { t } = useTranslation();
  return order.code ? (
    <code
      className="font-mono text-sm font-semibold tracking-wide text-stone-900 dark:text-white"
      data-testid="apart-code"
    >
      {order.code}
    </code>
  ) : (
    <span className="text-sm text-stone-500 italic dark:text-stone-400">
      {t('manager.overview.apart.no_code')}
    </span>
  );
}

function OrderPartner({ order }: { order: OrderApart }) {
  const { t } = useTranslation();
  return order.partner ? (
    <Link
      to={`/manager/partners/${encodeURIComponent(order.partner.uuid)}`}
      className="font-semibold text-stone-900 underline-offset-4 hover:underline dark:text-white"
      aria-label={t('manager.overview.pushes.open_partner', { name: order.partner.name })}
      data-testid="apart-partner"
    >
      {order.partner.name}
    </Link>
  ) : (
    <span className="text-sm text-stone-500 italic dark:text-stone-400">
      {t('manager.overview.apart.no_partner')}
    </span>
  );
}

const chip =
  'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset';

function RateChip({ order, programCurrency }: { order: OrderApart; programCurrency: string | undefined }) {
  const { t } = useTranslation();
  return order.rate ? (
    <span
      className={`${chip} bg-emerald-50 text-emerald-800 ring-emerald-600/25 dark:bg-emerald-400/10 dark:text-emerald-300 dark:ring-emerald-400/30`}
      data-testid="apart-rate"
      data-state="set"
    >
      <Icon name="check" width={12} height={12} />
      {programCurrency
        ? rateLine(order.currency, order.rate, programCurrency)
        : t('manager.overview.apart.rate_set')}
    </span>
  ) : (
    <span
      className={`${chip} bg-amber-50 text-amber-800 ring-amber-600/25 dark:bg-amber-400/10 dark:text-amber-300 dark:ring-amber-400/30`}
      data-testid="apart-rate"
      data-state="none"
    >
      {t('manager.overview.apart.no_rate')}
    </span>
  );
}

const STATUS_TONE: Record<OrderApart['status'], string> = {
  created:
    'bg-stone-100 text-stone-700 ring-stone-500/20 dark:bg-stone-800 dark:text-stone-300 dark:ring-stone-400/20',
  paid: 'bg-emerald-50 text-emerald-800 ring-emerald-600/25 dark:bg-emerald-400/10 dark:text-emerald-300 dark:ring-emerald-400/30',
  cancelled:
    'bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-400/10 dark:text-red-300 dark:ring-red-400/30',
};

function StatusChip({ status }: { status: OrderApart['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={`${chip} ${STATUS_TONE[status]}`} data-testid="apart-status">
      {t(`manager.overview.apart.statuses.${status}`)}
    </span>
  );
}

// ---- Orders waiting for a rate

/** Each currency with orders waiting: released here when it has a rate, else where to set one. */
function Currencies({
  canRelease,
  onRelease,
}: {
  canRelease: boolean;
  onRelease: (currency: string, orders: number, rate: string) => void;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  const me = useStaffMember();
  const admin = hasRole(me.data?.role, 'admin');
  const query = useCurrencySettings();
  useSignOutOnUnauthorized(query.error);
  const settings = query.data;
  if (!settings) {
    return query.isPending ? (
      <div className="mb-6 grid gap-3 sm:grid-cols-2" data-testid="apart-currencies-loading">
        {Array.from({ length: 2 }, (_, index) => (
          <div key={index} className="card space-y-2.5 p-4">
            <Skeleton className="h-5 w-28" />
            <Skeleton className="h-4 w-48" />
            <Skeleton className="h-9 w-40" />
          </div>
        ))}
      </div>
    ) : null;
  }
  const rateOf = new Map(settings.rates.map((row) => [row.currency, row.rate]));
  const waiting = settings.waiting.filter((w) => w.orders > 0);
  if (waiting.length === 0) return null;
  return (
    <section aria-labelledby="apart-currencies" className="mb-8" data-testid="apart-currencies">
      <h2 id="apart-currencies" className="mb-3 text-lg font-semibold tracking-tight">
        {t('manager.overview.apart.by_currency')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {waiting.map((w) => {
          const rate = rateOf.get(w.currency) ?? null;
          return (
            <li
              key={w.currency}
              className="card flex flex-col gap-3 p-4"
              data-testid="apart-currency"
              data-currency={w.currency}
            >
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="text-lg font-bold tracking-tight">{w.currency}</p>
                  <p className="text-sm text-muted">
                    {t('manager.overview.apart.orders', { count: w.orders, formatted: f.number(w.orders) })}
                  </p>
                </div>
                {rate ? (
                  <span
                    className={`${chip} bg-emerald-50 font-mono text-emerald-800 ring-emerald-600/25 dark:bg-emerald-400/10 dark:text-emerald-300 dark:ring-emerald-400/30`}
                  >
                    {rateLine(w.currency, rate, settings.currency)}
                  </span>
                ) : (
                  <span
                    className={`${chip} bg-amber-50 text-amber-800 ring-amber-600/25 dark:bg-amber-400/10 dark:text-amber-300 dark:ring-amber-400/30`}
                  >
                    {t('manager.overview.apart.no_rate')}
                  </span>
                )}
              </div>
              {rate ? (
                canRelease ? (
                  <button
                    type="button"
                    className="btn-primary min-h-10 self-start"
                    onClick={() => onRelease(w.currency, w.orders, rate)}
                    data-testid="apart-release"
                  >
                    {t('manager.overview.apart.release', {
                      count: w.orders,
                      formatted: f.number(w.orders),
                      currency: w.currency,
                    })}
                  </button>
                ) : (
                  <p className="text-xs text-muted" data-testid="apart-release-read-only">
                    {t('manager.overview.apart.release_read_only')}
                  </p>
                )
              ) : admin ? (
                <Link
                  to={setRateLink(w.currency)}
                  className="btn-secondary min-h-10 self-start"
                  data-testid="apart-set-rate"
                >
                  {t('manager.overview.apart.set_rate', { currency: w.currency })}
                </Link>
              ) : (
                <p className="text-xs text-muted" data-testid="apart-rate-by-admin">
                  {t('manager.overview.apart.rate_by_admin', { currency: w.currency })}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function OrdersList({ kind }: { kind: OrdersApartKind }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const { page, goTo } = usePageParam();
  const list = useOrdersApart(kind, page);
  useSignOutOnUnauthorized(list.error);
  const data = list.data;
  useBackInRange(data, page, goTo);
  const programCurrency = useCurrencySettings().data?.currency;
  const waiting = kind === 'orders-waiting';
  const words = waiting ? 'manager.overview.apart.waiting' : 'manager.overview.apart.test';
  const columns = waiting
    ? (['order', 'date', 'amount', 'code', 'partner', 'rate'] as const)
    : (['order', 'date', 'amount', 'code', 'status'] as const);
  const td = tableCell.body;
  const cell = (order: OrderApart, key: (typeof columns)[number]) =>
    key === 'order' ? (
      <OrderNumber order={order} />
    ) : key === 'date' ? (
      <OrderDates order={order} />
    ) : key === 'amount' ? (
      <OrderAmount order={order} />
    ) : key === 'code' ? (
      <OrderCode order={order} />
    ) : key === 'partner' ? (
      <OrderPartner order={order} />
    ) : key === 'rate' ? (
      <RateChip order={order} programCurrency={programCurrency} />
    ) : (
      <StatusChip status={order.status} />
    );

  return (
    <PagedSection
      id={`${kind}-results`}
      title={t(`${words}.caption`)}
      total={data ? t(`${words}.results`, { count: data.total, formatted: f.number(data.total) }) : null}
      page={data ? { current: data.current_page, last: data.last_page } : null}
      onPage={goTo}
      busy={list.isFetching}
      placeholder={list.isPlaceholderData}
      pagerLabel={t(`${words}.pages_label`)}
      testPrefix="apart"
      className="mt-2"
    >
      <ListResults
        query={list}
        testPrefix="apart"
        failedTitle={t(`${words}.load_failed`)}
        empty={{
          icon: waiting ? 'check' : 'receipt',
          title: t(`${words}.empty_title`),
          body: t(`${words}.empty_body`),
        }}
        rows={(rows) => ({
          table: (
            <ListTable
              caption={t(`${words}.caption`)}
              testId="apart-table"
              columns={columns.map((key) => ({ key, header: t(`manager.overview.apart.columns.${key}`) }))}
            >
              {rows.map((order) => (
                <tr key={order.id} data-testid="apart-row">
                  {columns.map((key) => (
                    <td key={key} className={td}>
                      {cell(order, key)}
                    </td>
                  ))}
                </tr>
              ))}
            </ListTable>
          ),
          cards: (
            <ListCards label={t(`${words}.caption`)}>
              {rows.map((order) => (
                <li key={order.id} className={listCardClass} data-testid="apart-row">
                  <div className="flex items-start justify-between gap-3">
                    <OrderNumber order={order} />
                    <span className="shrink-0 text-right">
                      <OrderAmount order={order} />
                    </span>
                  </div>
                  <div className="mt-2 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
                    <OrderDates order={order} />
                    <OrderCode order={order} />
                  </div>
                  <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-stone-100 pt-3 text-sm dark:border-stone-800">
                    {waiting ? (
                      <>
                        <OrderPartner order={order} />
                        <RateChip order={order} programCurrency={programCurrency} />
                      </>
                    ) : (
                      <StatusChip status={order.status} />
                    )}
                  </div>
                </li>
              ))}
            </ListCards>
          ),
        })}
      />
    </PagedSection>
  );
}

export function OrdersWaitingPage() {
  const { t } = useTranslation();
  const f = useFormatters();
  const title = t('titles.manager_orders_waiting');
  useDocumentTitle(title);
  const me = useStaffMember();
  const signOut = useManagerSignOut();
  const release = useReleaseOrders();
  const canRelease = hasRole(me.data?.role, 'manager');
  const programCurrency = useCurrencySettings().data?.currency ?? '';
  const [asked, setAsked] = useState<{ currency: string; orders: number; rate: string } | null>(null);

  const refused = (error: unknown) => {
    if (isUnauthorized(error)) {
      signOut();
      return null;
    }
    // 409: no rate any more, or nothing left to release (someone released them first).
    return (
      serverMessage(error) ??
      (error instanceof ApiError && error.status === 409
        ? t('manager.overview.apart.release_stale')
        : t('manager.overview.apart.release_failed'))
    );
  };
  const onConfirm = () => {
    if (!asked) return;
    release.mutate(asked.currency, {
      onSuccess: ({ released }) => {
        setAsked(null);
        notifySuccess(
          t('manager.overview.apart.released', {
            count: released,
            formatted: f.number(released),
            currency: asked.currency,
          }),
        );
      },
      onError: (error) => {
        const message = refused(error);
        if (message && !(error instanceof ApiError && error.status === 409)) return;
        // The question no longer fits what is waiting: closed, the reason said, the lists read again.
        setAsked(null);
        if (message) notifyError(message);
      },
    });
  };

  return (
    <>
      <ApartHeading title={title} lead={t('manager.overview.apart.waiting.lead')} />
      <Currencies
        canRelease={canRelease}
        onRelease={(currency, orders, rate) => {
          release.reset();
          setAsked({ currency, orders, rate });
        }}
      />
      <OrdersList kind="orders-waiting" />
      {asked ? (
        <ConfirmDialog
          alert
          busyLabel={t('manager.partners.actions.working')}
          title={t('manager.overview.apart.release_title', {
            count: asked.orders,
            formatted: f.number(asked.orders),
            currency: asked.currency,
          })}
          body={t('manager.overview.apart.release_body', {
            rate: rateLine(asked.currency, asked.rate, programCurrency),
          })}
          confirmLabel={t('manager.overview.apart.release_confirm')}
          busy={release.isPending}
          error={release.error ? refused(release.error) : null}
          onConfirm={onConfirm}
          onClose={() => setAsked(null)}
          testId="apart-release-confirm"
        />
      ) : null}
    </>
  );
}

export function TestOrdersPage() {
  const { t } = useTranslation();
  const title = t('titles.manager_test_orders');
  useDocumentTitle(title);
  return (
    <>
      <ApartHeading title={title} lead={t('manager.overview.apart.test.lead')} />
      <p
        className="card mb-6 flex items-start gap-2 p-4 text-sm text-stone-700 dark:text-stone-300"
        data-testid="apart-test-note"
      >
        <Icon name="info" width={18} height={18} className="mt-0.5 shrink-0 text-sky-600 dark:text-sky-400" />
        {t('manager.overview.apart.test.note')}
      </p>
      <OrdersList kind="test-orders" />
    </>
  );
}
