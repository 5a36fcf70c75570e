// The newsfeed's items (docs/product/engagement.md#newsfeed), as the server answers them and the portal shows them.
// Declared by the route's answer in common/contracts/newsfeed.ts; re-exported here.
import type { z } from 'zod';
import type { feedItem } from './contracts/newsfeed';

export { FEED_KINDS } from './contracts/newsfeed';
export type FeedKind = z.infer<typeof feedItem>['kind'];

/** One item of the feed; `Sale` is the sales list's line (by default, as the answer's schema has it). */
export type FeedItem<Sale = NonNullable<z.infer<typeof feedItem>['sale']>> = Omit<
  z.infer<typeof feedItem>,
  'sale'
> & {
  /** Sale: the line exactly as the sales list shows it. */
  sale: Sale | null;
};
