import { z } from 'zod';
import { promoAvailabilityAnswer } from '../../../common/contracts/promo-codes';
import type { AppContext, TypedApp } from '../../context';
import { requirePublicClient } from '../../plugins/public-client';
import { codeAvailability } from './service';

export function promoCodeRoutes(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/promo-codes/availability',
    {
      onRequest: requirePublicClient(ctx.secrets.publicClientToken),
      config: { rateLimit: { max: ctx.limits.codeAvailability, timeWindow: '1 minute' } },
      schema: {
        tags: ['public'],
        summary: 'Whether a desired promo code is free, with free variants when it is not',
        security: [{ publicClient: [] }],
        querystring: z.object({ code: z.string().max(40) }),
        response: { 200: promoAvailabilityAnswer },
      },
    },
    async (request) => ({ data: await codeAvailability(ctx.db, request.query.code) }),
  );
}
