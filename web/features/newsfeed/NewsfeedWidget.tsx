// The dashboard's newsfeed (docs/product/partner-portal.md#dashboard, the carousel of /account): the latest sales, badges,
// promos and announcements as a row of cards, newest first, that scrolls sideways with snap
// points: by touch, by the arrow keys once the row has focus, or a screenful at a time with the
// previous and next buttons. What arrives live (app/account/live-push.ts) joins at the start of
// the row, which goes back there to show it.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Glyph } from '../../components/glyphs';
import { useArrivals } from './arrivals';
import { FeedCard } from './FeedCard';
import { useNow } from './feed-time';
import { feedItemKey, useNewsfeed, type FeedItem } from './newsfeed-api';
import { useDeferredData } from '../../lib/deferred-answer';
import { Widget } from '../../components/card';
import { Skeleton } from '../../components/skeleton';
import { EmptyState, QueryStates, RetryLine } from '../../components/states';

const CARD_WIDTH = 'w-[82%] max-w-72 sm:w-64 lg:w-72';

function CarouselSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex gap-3 overflow-hidden">
      <span className="sr-only">{t('loading')}</span>
      {[0, 1, 2, 3].map((index) => (
        <Skeleton key={index} className={`h-48 shrink-0 rounded-xl ${CARD_WIDTH}`} />
      ))}
    </div>
  );
}

function Carousel({
  items,
  arrived,
  labelledBy,
}: {
  items: FeedItem[];
  arrived: ReadonlySet<string>;
  labelledBy: string;
}) {
  const { t } = useTranslation();
  const now = useNow();
  const track = useRef<HTMLUListElement>(null);
  // Whether the row is scrolled to its start or its end: that button has nowhere to go. At first
  // at its start with more to its right, as a feed's page of ten cards mostly is; a shorter row
  // is measured before the partner could use the button (the next frame).
  const [edges, setEdges] = useState({ start: true, end: false });

  const measure = useCallback(() => {
    const row = track.current;
    if (!row) return;
    const start = row.scrollLeft <= 1;
    const end = row.scrollLeft + row.clientWidth >= row.scrollWidth - 1;
    setEdges((old) => (old.start === start && old.end === end ? old : { start, end }));
  }, []);

  // Measured when the browser lays the row out anyway (a ResizeObserver reports right after a
  // layout), not by reading its widths while React commits: that forced a layout of the whole page
  // inside the commit's task, a long task on a phone. Observed again when the cards change, so the
  // new row is measured too.
  useLayoutEffect(() => {
    const row = track.current;
    if (!row) return;
    if (typeof ResizeObserver !== 'function') {
      measure();
      return;
    }
    const observer = new ResizeObserver(measure);
    observer.observe(row);
    return () => observer.disconnect();
  }, [measure, items]);

  useEffect(() => {
    if (arrived.size > 0 && track.current) track.current.scrollLeft = 0;
  }, [arrived]);

  /** A screenful of whole cards (at least one) back or forward; the snap points align the rest. */
  const step = (direction: 1 | -1) => {
    const row = track.current;
    if (!row) return;
    const first = row.firstElementChild as HTMLElement | null;
    const gap = Number.parseFloat(getComputedStyle(row).columnGap) || 0;
    const card = first ? first.offsetWidth + gap : row.clientWidth;
    const cards = Math.max(1, Math.floor((row.clientWidth + gap) / Math.max(1, card)));
    // A property, not scrollBy(): the row's scroll-behavior makes it smooth, and reduced motion
    // (styles.css) makes it instant.
    row.scrollLeft += direction * cards * card;
  };

  return (
    <>
      <ul
        ref={track}
        // Focusable, so the arrow keys scroll it; named by the widget's heading.
        tabIndex={0}
        aria-labelledby={labelledBy}
        onScroll={measure}
        className="-mx-1 flex snap-x snap-mandatory scroll-px-1 gap-3 overflow-x-auto scroll-smooth px-1 pt-1 pb-2 [scrollbar-width:thin]"
        data-testid="newsfeed-carousel"
      >
        {items.map((item) => {
          const key = feedItemKey(item);
          const fresh = arrived.has(key);
          return (
            <li
              key={key}
              className={`shrink-0 snap-start ${CARD_WIDTH}`}
              data-testid="newsfeed-item"
              data-kind={item.kind}
              data-fresh={fresh}
            >
              <FeedCard item={item} layout="carousel" now={now} fresh={fresh} />
            </li>
          );
        })}
      </ul>
      {items.length > 1 ? (
        <div className="mt-2 flex justify-end gap-2">
          <button
            type="button"
            className="icon-button border border-stone-200 disabled:cursor-default disabled:opacity-40 disabled:hover:bg-transparent dark:border-stone-700"
            aria-label={t('dashboard.newsfeed.previous')}
            disabled={edges.start}
            onClick={() => step(-1)}
            data-testid="newsfeed-previous"
          >
            <Glyph name="arrow-left" width={18} height={18} />
          </button>
          <button
            type="button"
            className="icon-button border border-stone-200 disabled:cursor-default disabled:opacity-40 disabled:hover:bg-transparent dark:border-stone-700"
            aria-label={t('dashboard.newsfeed.next')}
            disabled={edges.end}
            onClick={() => step(1)}
            data-testid="newsfeed-next"
          >
            <Glyph name="arrow-right" width={18} height={18} />
          </button>
        </div>
      ) : null}
    </>
  );
}

export function NewsfeedWidget({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  // The full page's first page: the same query, so "See all" opens on what is already here.
  const feed = useNewsfeed(1);
  const items = useDeferredData(feed.data)?.data;
  const arrived = useArrivals(items);
  return (
    <Widget
      id="newsfeed"
      title={t('dashboard.newsfeed.title')}
      icon="sparkle"
      action={{ to: '/account/newsfeed', label: t('dashboard.see_all'), testId: 'newsfeed-see-all' }}
      testId="widget-newsfeed"
      className={className}
    >
      <QueryStates
        query={{ isPending: feed.isPending || (items === undefined && feed.data !== undefined), data: items }}
        loading={<CarouselSkeleton />}
        failed={<RetryLine text={t('dashboard.newsfeed.error')} onRetry={() => void feed.refetch()} />}
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState
            icon="sparkle"
            title={t('dashboard.newsfeed.empty_title')}
            body={t('dashboard.newsfeed.empty_body')}
            testId="newsfeed-empty"
          />
        }
      >
        {(list) => <Carousel items={list} arrived={arrived} labelledBy="widget-newsfeed" />}
      </QueryStates>
    </Widget>
  );
}
