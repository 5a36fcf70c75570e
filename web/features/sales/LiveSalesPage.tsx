// /account/slider, the live-sales view (docs/product/engagement.md#live-push): the partner's latest sales as a carousel of
// cards (product, amount, commission, country, time), newest first. A sale pushed while the page
// is open (`new_order`) refetches the list and its card slides in; after a reconnect the list is
// asked again, so what arrived meanwhile shows too.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/document-title';
import { PageHeading } from '../../components/PageHeading';
import { orderLabel, useFormatters } from '../../lib/format';
import { Glyph } from '../../components/glyphs';
import { usePagedList } from './sales-api';
import { Skeleton } from '../../components/skeleton';
import { EmptyState, QueryStates, RetryLine } from '../../components/states';
import { StatusBadge } from '../../components/status';
import { type SaleRow } from '../../lib/sales-data';
import { useLiveState } from '../../lib/live-state';

const SHOWN = 20;

function SaleCard({ sale, fresh }: { sale: SaleRow; fresh: boolean }) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <li
      className={`card flex w-64 shrink-0 snap-start flex-col gap-3 p-5 sm:w-72 ${fresh ? 'motion-safe:animate-slide-in ring-2 ring-brand-500/60' : ''}`}
      data-testid="slide"
      data-fresh={fresh}
    >
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs font-medium text-stone-500 dark:text-stone-400">
          {orderLabel(sale.order_number)}
        </span>
        {sale.status ? <StatusBadge status={sale.status} label={sale.status_label ?? undefined} /> : null}
      </div>
      <p className="line-clamp-2 min-h-10 font-semibold">{sale.product}</p>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-xs text-stone-500 dark:text-stone-400">{t('engagement.slider.amount')}</dt>
          <dd className="font-semibold tabular-nums">{f.money(sale.order_amount)}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500 dark:text-stone-400">{t('engagement.slider.commission')}</dt>
          <dd
            className="text-lg font-bold text-emerald-700 tabular-nums dark:text-emerald-400"
            data-testid="slide-commission"
          >
            {f.money(sale.commission)}
          </dd>
        </div>
      </dl>
      <div className="mt-auto flex items-center justify-between text-xs text-stone-500 dark:text-stone-400">
        <span>{sale.country ?? t('engagement.slider.no_country')}</span>
        <time dateTime={sale.date}>{f.date(sale.date)}</time>
      </div>
    </li>
  );
}

const LIVE_DOT: Record<string, string> = {
  connected: 'bg-emerald-500 motion-safe:animate-pulse',
  connecting: 'bg-amber-400',
  reconnecting: 'bg-amber-400',
  off: 'bg-stone-400',
  refused: 'bg-rose-500',
};

export function LiveSalesPage() {
  const { t } = useTranslation();
  const title = t('titles.slider');
  useDocumentTitle(title);
  const live = useLiveState();
  const sales = usePagedList('store', 1, SHOWN);
  const track = useRef<HTMLUListElement>(null);
  // The sales on screen before each refetch: those that were not are the ones that just arrived.
  const seen = useRef<Set<number> | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const rows = sales.data?.data;

  useEffect(() => {
    if (!rows) return;
    if (seen.current) {
      const arrived = rows.filter((row) => !seen.current!.has(row.id)).map((row) => row.id);
      if (arrived.length) {
        setFresh(new Set(arrived));
        // Back to the newest (smoothly: the track scrolls with scroll-behavior: smooth).
        if (track.current) track.current.scrollLeft = 0;
      }
    }
    seen.current = new Set(rows.map((row) => row.id));
  }, [rows]);

  const scrollBy = (direction: 1 | -1) => {
    const el = track.current;
    if (el) el.scrollLeft += direction * Math.max(280, el.clientWidth * 0.8);
  };

  return (
    <>
      <PageHeading title={title} lead={t('pages.slider')} />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <span
          className="inline-flex items-center gap-2 rounded-full border border-stone-200 px-3 py-1 text-sm dark:border-stone-700"
          data-testid="live-state"
          data-state={live}
        >
          <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${LIVE_DOT[live]}`} />
          {t(`engagement.slider.live.${live}`)}
        </span>
        {rows && rows.length > 1 ? (
          <span className="ml-auto flex gap-2">
            <button
              type="button"
              className="icon-button"
              aria-label={t('engagement.slider.previous')}
              onClick={() => scrollBy(-1)}
            >
              <Glyph name="chevron" className="rotate-180" />
            </button>
            <button
              type="button"
              className="icon-button"
              aria-label={t('engagement.slider.next')}
              onClick={() => scrollBy(1)}
            >
              <Glyph name="chevron" />
            </button>
          </span>
        ) : null}
      </div>
      <QueryStates
        query={{ isPending: sales.isPending, data: rows }}
        loading={
          <div className="flex gap-4 overflow-hidden" role="status" aria-label={t('loading')}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-52 w-64 shrink-0 rounded-2xl sm:w-72" />
            ))}
          </div>
        }
        failed={<RetryLine text={t('engagement.slider.error')} onRetry={() => void sales.refetch()} />}
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState
            icon="chart"
            title={t('engagement.slider.empty_title')}
            body={t('engagement.slider.empty_body')}
            testId="slider-empty"
          >
            <Link to="/account/affiliate_links" className="btn-secondary mt-3">
              {t('engagement.slider.share')}
            </Link>
          </EmptyState>
        }
      >
        {(list) => (
          <ul
            ref={track}
            aria-label={t('engagement.slider.list')}
            aria-live="polite"
            // A region that scrolls sideways takes the focus, so the arrow keys scroll it too.
            tabIndex={0}
            className="-mx-1 flex snap-x snap-mandatory gap-4 overflow-x-auto scroll-smooth rounded-xl px-1 pt-1 pb-4 focus-visible:outline-2 focus-visible:outline-brand-600"
            data-testid="slider"
          >
            {list.map((sale) => (
              <SaleCard key={sale.id} sale={sale} fresh={fresh.has(sale.id)} />
            ))}
          </ul>
        )}
      </QueryStates>
    </>
  );
}
