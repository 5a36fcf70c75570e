// /account/newsfeed (docs/product/engagement.md#newsfeed): announcements, promotions, badges and sales in time
// order, newest first, as a timeline grouped by day, ten to a page with the page in the URL
// (?page=, so a reload or a shared link shows the same page). The dashboard's carousel shows the
// first page; "See all" leads here. Live like the carousel: a sale, badge, announcement or promo
// pushed while the page is open refetches it (app/account/live-push.ts).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/document-title';
import { usePageParam } from '../../lib/page-param';
import { PageHeading } from '../../components/PageHeading';
import { useFormatters } from '../../lib/format';
import { Glyph } from '../../components/glyphs';
import { useArrivals } from './arrivals';
import { FeedCard, KIND_LOOK } from './FeedCard';
import { dayHeading, itemDayKey, useNow } from './feed-time';
import { feedItemKey, useNewsfeed, type FeedItem, type FeedKind } from './newsfeed-api';
import { Skeleton } from '../../components/skeleton';
import { EmptyState } from '../../components/states';
import { Pager } from '../../components/pager';

/** The items of a page by calendar day (the visitor's; a promo's own date), in the order they came. */
function byDay(items: FeedItem[]): { day: string; items: FeedItem[] }[] {
  const days: { day: string; items: FeedItem[] }[] = [];
  for (const item of items) {
    const day = itemDayKey(item);
    const last = days.at(-1);
    if (last?.day === day) last.items.push(item);
    else days.push({ day, items: [item] });
  }
  return days;
}

// The rail of the timeline and each item's dot on it, centred on the 2px rail: a small dot of
// the kind's colour on a phone, where width is precious; from `sm` up a disc with the kind's sign.
const RAIL =
  'relative ml-1.5 space-y-4 border-l-2 border-stone-200 pl-5 sm:ml-4 sm:pl-8 dark:border-stone-800';
const DOT =
  'absolute top-5 -left-[27px] inline-flex h-3 w-3 items-center justify-center rounded-full ring-4 ring-stone-50 sm:top-4 sm:-left-[47px] sm:h-7 sm:w-7 sm:border sm:border-stone-200 sm:bg-white dark:ring-stone-950 sm:dark:border-stone-700 sm:dark:bg-stone-900';
const DOT_TONE: Record<FeedKind, string> = {
  sale: 'bg-emerald-500 text-emerald-700 dark:bg-emerald-400 dark:text-emerald-300',
  badge: 'bg-amber-500 text-amber-700 dark:bg-amber-400 dark:text-amber-300',
  promotion: 'bg-brand-500 text-brand-700 dark:bg-brand-400 dark:text-brand-300',
  announcement: 'bg-sky-500 text-sky-700 dark:bg-sky-400 dark:text-sky-300',
};

function Timeline({ items, arrived, now }: { items: FeedItem[]; arrived: ReadonlySet<string>; now: number }) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <div className="space-y-8">
      {byDay(items).map(({ day, items: ofDay }) => (
        <section key={day} aria-labelledby={`newsfeed-day-${day}`}>
          <h2
            id={`newsfeed-day-${day}`}
            className="mb-3 text-sm font-semibold tracking-wide text-stone-500 dark:text-stone-400"
          >
            {dayHeading(day, t, f.locale, now)}
          </h2>
          <ol className={RAIL}>
            {ofDay.map((item) => {
              const key = feedItemKey(item);
              const fresh = arrived.has(key);
              return (
                <li
                  key={key}
                  className="relative"
                  data-testid="newsfeed-item"
                  data-kind={item.kind}
                  data-fresh={fresh}
                >
                  <span aria-hidden="true" className={`${DOT} ${DOT_TONE[item.kind]}`}>
                    <Glyph
                      name={KIND_LOOK[item.kind].icon}
                      width={15}
                      height={15}
                      className="hidden sm:block"
                    />
                  </span>
                  <FeedCard item={item} layout="timeline" now={now} fresh={fresh} />
                </li>
              );
            })}
          </ol>
        </section>
      ))}
    </div>
  );
}

function TimelineSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" data-testid="newsfeed-loading">
      <span className="sr-only">{t('loading')}</span>
      <Skeleton className="mb-3 h-4 w-28" />
      <div className={RAIL}>
        {[0, 1, 2, 3].map((index) => (
          <div key={index} className="relative">
            <span className={`${DOT} bg-stone-200 dark:bg-stone-800`} />
            <Skeleton className={`rounded-2xl ${index % 2 ? 'h-28' : 'h-36'}`} />
          </div>
        ))}
      </div>
    </div>
  );
}

export function NewsfeedPage() {
  const { t } = useTranslation();
  const title = t('titles.newsfeed');
  useDocumentTitle(title);
  const { page, goTo } = usePageParam();
  const feed = useNewsfeed(page);
  const now = useNow();
  const data = feed.data;
  // Only the first page takes news as it comes; another page's items are not "new" when shown.
  const arrived = useArrivals(page === 1 && !feed.isPlaceholderData ? data?.data : undefined);

  // A page beyond the last (a link made when the feed was longer): the last page instead.
  const beyond =
    data && !feed.isPlaceholderData && data.data.length === 0 && data.total > 0 && page > data.last_page
      ? data.last_page
      : null;
  useEffect(() => {
    if (beyond) goTo(beyond);
  }, [beyond, goTo]);

  const turn = (next: number) => {
    goTo(next);
    // The pager is below the list: the next page is read from its top.
    window.scrollTo({ top: 0 });
  };

  let body;
  if (feed.isPending) body = <TimelineSkeleton />;
  else if (!data)
    body = (
      <div className="card">
        <EmptyState icon="alert" title={t('dashboard.newsfeed.error')} testId="newsfeed-error">
          <button type="button" className="btn-secondary mt-4" onClick={() => void feed.refetch()}>
            {t('sales.retry')}
          </button>
        </EmptyState>
      </div>
    );
  else if (data.data.length === 0 && !beyond)
    body = (
      <div className="card">
        <EmptyState
          icon="sparkle"
          title={t('dashboard.newsfeed.empty_title')}
          body={t('dashboard.newsfeed.empty_body')}
          testId="newsfeed-empty"
        />
      </div>
    );
  else
    body = (
      <>
        <div className={`transition-opacity ${feed.isPlaceholderData ? 'opacity-60' : ''}`}>
          <Timeline items={data.data} arrived={arrived} now={now} />
        </div>
        {data.last_page > 1 ? (
          <Pager
            page={page}
            lastPage={data.last_page}
            onPage={turn}
            busy={feed.isPlaceholderData}
            label={t('engagement.newsfeed.pages_label')}
            testPrefix="newsfeed-pager"
          />
        ) : null}
      </>
    );

  return (
    <>
      <PageHeading title={title} lead={t('pages.newsfeed')} />
      <div className="max-w-3xl" aria-busy={feed.isFetching} data-testid="newsfeed-page">
        {body}
      </div>
    </>
  );
}
