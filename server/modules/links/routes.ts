// The short link `GET /s/{code}` (docs/product/links-and-integrations.md#short-links) and the partner's link figures
// (`GET /api/links/stats`).
import { z } from 'zod';
import { noBody } from '../../../common/contracts/answers';
import { linkStatsAnswer } from '../../../common/contracts/links';
import type { AppContext, TypedApp } from '../../context';
import { AppError } from '../../errors';
import { partnerIdOf, requirePartner } from '../auth';
import { findPromoCode } from '../promo-codes/service';
import { storeDeps } from '../store-connection/service';
import {
  addressBlock,
  clickRecorder,
  countableVisit,
  linkStats,
  storeDestination,
  storeHome,
  visitorHash,
  visitorHashKey,
} from './service';

export function linkRoutes(app: TypedApp, ctx: AppContext): void {
  const key = visitorHashKey(ctx.secrets.altchaSecret);
  const record = clickRecorder(ctx.db, key);
  const store = storeDeps(ctx);
  // The hits of one address counted by the app's rate limiter (shared by the nodes in Redis with
  // REDIS_URL, as every route's): past the limit a hit still gets its redirect, never a 429 (the
  // shopper behind a shared address must reach the store), but is not counted. The limiter keys
  // by the address's keyed hash too.
  const addressLimit = app.createRateLimit({
    max: ctx.limits.shortLink,
    timeWindow: '1 minute',
    keyGenerator: (request) => `short-link:${visitorHash(key, 'rate', addressBlock(request.ip))}`,
  });

  app.get(
    '/s/:code',
    {
      schema: {
        tags: ['public'],
        summary:
          'A partner’s short link: redirects (302) to the store with the code applied, an unknown code to the store’s home (STORE_URL, else the Shopify shop’s address; 503 when no store is known); counts a visitor once per code in 30 minutes, not crawlers, link previews or prefetches (docs/decisions/059-click-counting.md)',
        params: z.object({ code: z.string().max(40) }),
        response: { 302: noBody('To the store, with the code applied when it is known') },
      },
      // Limited by hand below: every hit is answered with the redirect.
      config: { rateLimit: false },
    },
    async (request, reply) => {
      const [code, home] = await Promise.all([findPromoCode(ctx.db, request.params.code), storeHome(store)]);
      // A browser must ask every time, not replay a cached redirect: its visit may be counted.
      void reply.header('cache-control', 'no-store');
      // No store known at all (no STORE_URL, no shop): said so, never the portal's sign-in page.
      if (!home) throw new AppError(503, 'unavailable');
      if (!code) return reply.redirect(storeDestination(home, null), 302);
      try {
        const limit = await addressLimit(request);
        if (countableVisit(request.method, request.headers) && !(!limit.isAllowed && limit.isExceeded)) {
          await record({
            partnerId: code.partner_id,
            promoCodeId: code.id,
            at: new Date(),
            address: request.ip,
            referrer: request.headers.referer,
            userAgent: request.headers['user-agent'],
          });
        }
      } catch (error) {
        // A click that cannot be written (the database away) must not keep a shopper from the store.
        request.log.error({ err: error, code: code.code }, 'a short-link click could not be recorded');
      }
      return reply.redirect(storeDestination(home, code.code), 302);
    },
  );

  app.get(
    '/api/links/stats',
    {
      onRequest: requirePartner(ctx.db),
      schema: {
        tags: ['partner'],
        summary:
          'Visits of the partner’s short link (as counted by GET /s/{code}) and orders per day, the last 30 days, and the conversion rate',
        security: [{ partner: [] }],
        response: { 200: linkStatsAnswer },
      },
    },
    async (request) => ({ data: await linkStats(ctx.db, partnerIdOf(request)) }),
  );
}
