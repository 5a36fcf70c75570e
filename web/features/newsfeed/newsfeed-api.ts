// The newsfeed (docs/product/engagement.md#badges): announcements, promotions, badges and sales in time order, newest
// first, a page at a time (`GET /api/newsfeed?page&length`). Each page is kept under ['newsfeed']
// until the live push says something moved (a sale, a badge, an announcement or a promo:
// app/account/live-push.ts), as the other lists are (docs/product/partner-portal.md#data-loading).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Paged } from '../../lib/api';
import type { FeedItem as SharedFeedItem } from '../../../common/newsfeed';

export { FEED_KINDS, type FeedKind } from '../../../common/newsfeed';
import type { SaleRow } from '../../lib/sales-data';
export type FeedItem = SharedFeedItem<SaleRow>;

/**
 * One length for the dashboard's carousel and the full page: the page's first page is then the
 * carousel's answer, already in the cache when "See all" is followed.
 */
export const FEED_PAGE_LENGTH = 10;

export const newsfeedKeys = {
  all: ['newsfeed'] as const,
  page: (page: number, length: number) => ['newsfeed', { page, length }] as const,
};

export const feedItemKey = (item: Pick<FeedItem, 'kind' | 'id'>) => `${item.kind}:${item.id}`;

/**
 * One page of the feed. The page on screen stays while the next loads (the timeline does not
 * collapse to a skeleton between pages); a page already read answers from the cache.
 */
export function useNewsfeed(page: number, length: number = FEED_PAGE_LENGTH) {
  return useQuery({
    queryKey: newsfeedKeys.page(page, length),
    queryFn: ({ signal }) => api.get<Paged<FeedItem>>('/api/newsfeed', { query: { page, length }, signal }),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}
