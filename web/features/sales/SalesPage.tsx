// /account/sales: what the partner has earned by status, then the store sales, the marketplace
// sales and the vouchers, each a paged table on its own tab (?tab=store|marketplace|vouchers).
import { useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/document-title';
import { PageHeading } from '../../components/PageHeading';
import { useFormatters } from '../../lib/format';
import { useTotals } from './sales-api';
import { PagedTable } from './SalesTable';
import { FitText } from '../../components/fit-text';
import { Skeleton } from '../../components/skeleton';

const TABS = ['store', 'marketplace', 'vouchers'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

function EarningsStrip() {
  const { t } = useTranslation();
  const f = useFormatters();
  const { data } = useTotals();
  const items = [
    { key: 'payable', label: t('sales.totals.payable'), value: data?.payable },
    { key: 'pending', label: t('sales.totals.pending'), value: data?.pending },
    { key: 'paid', label: t('sales.totals.paid'), value: data?.paid },
    { key: 'in_review', label: t('sales.totals.in_review'), value: data?.in_review },
  ] as const;
  return (
    <section
      aria-label={t('sales.totals.label')}
      className="mb-8 grid grid-cols-3 gap-3 sm:gap-4 lg:grid-cols-4"
    >
      {items.map((item, index) => (
        <div
          key={item.key}
          className={`card min-w-0 p-3 sm:p-5 ${index === 0 ? 'col-span-3 bg-gradient-to-br from-brand-50 to-white lg:col-span-1 dark:from-brand-950/60 dark:to-stone-900' : ''}`}
        >
          <p className="text-xs text-stone-600 sm:text-sm dark:text-stone-400">{item.label}</p>
          {item.value === undefined ? (
            // As tall as the figure that replaces it (its line height), so nothing below moves.
            <Skeleton className={`mt-1 w-24 ${index === 0 ? 'h-9 sm:h-10' : 'h-6 sm:h-8'}`} />
          ) : (
            // Shrinks rather than being cut: "9 999 999,99 $ US" in a third of a phone.
            <FitText
              as="p"
              text={f.money(item.value, data?.currency)}
              className={`mt-1 font-bold tracking-tight tabular-nums ${index === 0 ? 'text-3xl sm:text-4xl' : 'text-base sm:text-2xl'}`}
              data-testid={`total-${item.key}`}
            />
          )}
        </div>
      ))}
    </section>
  );
}

export function SalesPage() {
  const { t } = useTranslation();
  const title = t('titles.sales');
  useDocumentTitle(title);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'store';
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({
    store: null,
    marketplace: null,
    vouchers: null,
  });

  const choose = (next: Tab, focus = false) => {
    setParams(next === 'store' ? {} : { tab: next }, { replace: true });
    if (focus) tabRefs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.indexOf(tab);
    let next: Tab | undefined;
    if (event.key === 'ArrowRight') next = TABS[(index + 1) % TABS.length];
    else if (event.key === 'ArrowLeft') next = TABS[(index + TABS.length - 1) % TABS.length];
    else if (event.key === 'Home') next = TABS[0];
    else if (event.key === 'End') next = TABS[TABS.length - 1];
    if (next) {
      event.preventDefault();
      choose(next, true);
    }
  };
  const captions: Record<Tab, string> = {
    store: t('sales.tabs.store'),
    marketplace: t('sales.tabs.marketplace'),
    vouchers: t('sales.tabs.vouchers'),
  };

  return (
    <>
      <PageHeading title={title} lead={t('pages.sales')} />
      <EarningsStrip />
      <div className="card p-4 sm:p-6">
        <div
          role="tablist"
          aria-label={t('sales.tabs.label')}
          className="mb-5 flex gap-1 overflow-x-auto rounded-full bg-stone-100 p-1 dark:bg-stone-800/70"
          onKeyDown={onKeyDown}
        >
          {TABS.map((name) => (
            <button
              key={name}
              ref={(element) => {
                tabRefs.current[name] = element;
              }}
              type="button"
              role="tab"
              id={`sales-tab-${name}`}
              aria-selected={tab === name}
              aria-controls={`sales-panel-${name}`}
              tabIndex={tab === name ? 0 : -1}
              onClick={() => choose(name)}
              data-testid={`sales-tab-${name}`}
              className={`min-h-10 flex-1 rounded-full px-2.5 text-[13px] font-semibold sm:px-4 sm:text-sm whitespace-nowrap transition-colors ${
                tab === name
                  ? 'bg-white text-stone-900 shadow-sm dark:bg-stone-950 dark:text-white'
                  : 'text-stone-600 hover:text-stone-900 dark:text-stone-400 dark:hover:text-white'
              }`}
            >
              {captions[name]}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`sales-panel-${tab}`} aria-labelledby={`sales-tab-${tab}`}>
          {tab === 'store' ? (
            <PagedTable
              key="store"
              name="store"
              caption={captions.store}
              empty={{
                icon: 'receipt',
                title: t('sales.empty.store_title'),
                body: t('sales.empty.store_body'),
              }}
            />
          ) : tab === 'marketplace' ? (
            <PagedTable
              key="marketplace"
              name="marketplace"
              caption={captions.marketplace}
              empty={{
                icon: 'globe',
                title: t('sales.empty.marketplace_title'),
                body: t('sales.empty.marketplace_body'),
              }}
            />
          ) : (
            <PagedTable
              key="vouchers"
              name="vouchers"
              caption={captions.vouchers}
              empty={{
                icon: 'gift',
                title: t('sales.empty.vouchers_title'),
                body: t('sales.empty.vouchers_body'),
              }}
            />
          )}
        </div>
      </div>
    </>
  );
}
