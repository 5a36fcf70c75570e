// The partner's newsfeed (docs/product/engagement.md#newsfeed): `GET /api/newsfeed?page&length`.
import { z } from 'zod';
import { FEED_KINDS } from '../../../common/newsfeed';
import type { AppContext, TypedApp } from '../../context';
import { requestLocale } from '../../i18n';
import { pagedAnswer, pagingQuery } from '../../plugins/paging';
import { partnerIdOf, requirePartner } from '../auth';
import { findPartnerById } from '../partners/service';
import { newsfeedPage } from './service';

const saleLine = z.object({
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
const feedItem = z.object({
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
  sale: saleLine.nullable().describe('Sale: the line as `getShopifySalesItemsNoVouchers` shows it'),
});

export function newsfeedRoutes(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/newsfeed',
    {
      onRequest: requirePartner(ctx.db),
      schema: {
        tags: ['partner'],
        summary: 'Announcements, promotions, badges and sales, newest first (paged)',
        security: [{ partner: [] }],
        querystring: pagingQuery(10),
        response: { 200: pagedAnswer(feedItem) },
      },
    },
    async (request) => {
      const partner = await findPartnerById(ctx.db, partnerIdOf(request));
      return newsfeedPage(
        ctx.db,
        { id: partnerIdOf(request), locale: partner?.locale ?? 'en' },
        request.query,
        requestLocale(request),
      );
    },
  );
}
