// The short link `GET /s/{code}` (decisions §14) and the partner's link figures
// (`GET /api/links/stats`).
import { z } from 'zod';
import type { AppContext, TypedApp } from '../../context';
import { partnerIdOf, requirePartner } from '../auth/guards';
import { findPromoCode } from '../promo-codes/service';
import { clickRecorder, linkStats, storeDestination } from './service';

const day = z.object({
  day: z.string().describe('YYYY-MM-DD, a day of the program’s time zone (GET /api/program)'),
  clicks: z.number(),
  orders: z.number(),
});

export function linkRoutes(app: TypedApp, ctx: AppContext): void {
  const record = clickRecorder(ctx.db);

  app.get(
    '/s/:code',
    {
      schema: {
        tags: ['public'],
        summary:
          'A partner’s short link: counts the visit and redirects (302) to the store with the code applied; an unknown code to the store',
        params: z.object({ code: z.string().max(40) }),
      },
    },
    async (request, reply) => {
      const code = await findPromoCode(ctx.db, request.params.code);
      // Each visit is counted: a browser must ask every time, not replay a cached redirect.
      void reply.header('cache-control', 'no-store');
      if (!code) return reply.redirect(storeDestination(ctx.config.shopify.storeUrl, null), 302);
      try {
        await record({
          partnerId: code.partner_id,
          promoCodeId: code.id,
          at: new Date(),
          referrer: request.headers.referer,
          userAgent: request.headers['user-agent'],
        });
      } catch (error) {
        // A click that cannot be written (the database away) must not keep a shopper from the store.
        request.log.error({ err: error, code: code.code }, 'a short-link click could not be recorded');
      }
      return reply.redirect(storeDestination(ctx.config.shopify.storeUrl, code.code), 302);
    },
  );

  app.get(
    '/api/links/stats',
    {
      onRequest: requirePartner(ctx.db),
      schema: {
        tags: ['partner'],
        summary:
          'Clicks of the partner’s short link and orders per day, the last 30 days, and the conversion rate',
        security: [{ partner: [] }],
        response: {
          200: z.object({
            data: z.object({
              days: z.array(day),
              clicks: z.number(),
              orders: z.number(),
              conversion: z
                .number()
                .nullable()
                .describe('Orders per click over the 30 days; null without a click'),
            }),
          }),
        },
      },
    },
    async (request) => ({ data: await linkStats(ctx.db, partnerIdOf(request)) }),
  );
}
