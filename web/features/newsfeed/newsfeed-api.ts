// The newsfeed (docs/product/engagement.md#badges): announcements, promotions, badges and sales in time order, newest
// first, a page at a time (`GET /api/newsfeed?page&length`). Each page is kept under ['newsfeed']
// until the live push says something moved (a sale, a badge, an announcement or a promo:
// app/account/live-push.ts), as the other lists are (docs/product/partner-portal.md#data-loading).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { feedItem, newsfeedAnswer } from '../../../common/contracts/newsfeed';
import { api } from '../../lib/api';

// The answer's types are the server's schemas (common/contracts/newsfeed.ts).
export type FeedItem = z.infer<typeof feedItem>;
export type FeedKind = FeedItem['kind'];
export type NewsfeedPage = z.infer<typeof newsfeedAnswer>;

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
    queryFn: ({ signal }) => api.get<NewsfeedPage>('/api/newsfeed', { query: { page, length }, signal }),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    meta: { worded: true },
  });
}
