// What the partner's newsfeed route answers (server/modules/newsfeed/routes.ts): a page of
// announcements, promotions, badges and sales, newest first (GET /api/newsfeed?page&length).
// docs/product/engagement.md#newsfeed. common/newsfeed.ts re-exports the kinds and the item's type.
import { z } from 'zod';
import { pagedAnswer } from './answers';

export const FEED_KINDS = ['sale', 'announcement', 'badge', 'promotion'] as const;

export const feedSaleLine = z.object({
  id: z.number(),
  order_number: z.string(),
  date: z.string(),
  product: z.string(),
  order_amount: z.number(),
  commission: z.number(),
  adjustment: z.number(),
  status: z.string().nullable(),
  status_label: z.string().nullable(),
  country: z.string().nullable(),
  region: z.string(),
});

export const feedItem = z.object({
  kind: z.enum(FEED_KINDS),
  id: z.number().describe('Unique within its kind'),
  date: z
    .string()
    .describe(
      'When it happened: the order placed, the announcement sent, the badge awarded, the promo started',
    ),
  title: z
    .string()
    .nullable()
    .describe('Announcement, badge and promotion: the headline in the partner’s language'),
  body: z.string().nullable(),
  image_url: z.string().nullable().describe('Promotion: its product’s artwork'),
  badge: z.string().nullable().describe('Badge: its id (as in `get_badges`)'),
  sale: feedSaleLine.nullable().describe('Sale: the line as `getShopifySalesItemsNoVouchers` shows it'),
});

export const newsfeedAnswer = pagedAnswer(feedItem);
