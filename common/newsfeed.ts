// The newsfeed's items (docs/product/engagement.md#newsfeed), as the server answers them and the portal shows them.

export const FEED_KINDS = ['sale', 'announcement', 'badge', 'promotion'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/** One item of the feed; `Sale` is the sales list's line (the server's and the portal's own type). */
export interface FeedItem<Sale> {
  kind: FeedKind;
  /** Unique within its kind only. */
  id: number;
  /** ISO date-time: the order placed, the announcement sent, the badge awarded, the promo started. */
  date: string;
  /** Announcement, badge and promotion: the headline in the partner's language; null for a sale. */
  title: string | null;
  body: string | null;
  /** Promotion: its product's artwork, when it has one. */
  image_url: string | null;
  /** Badge: its id in common/badges.ts. */
  badge: string | null;
  /** Sale: the line exactly as the sales list shows it. */
  sale: Sale | null;
}
