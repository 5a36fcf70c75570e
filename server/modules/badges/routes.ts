import { z } from 'zod';
import { BADGE_IDS, BADGE_METRICS } from '../../../common/badges';
import type { AppContext, TypedApp } from '../../context';
import { partnerIdOf, requirePartner } from '../auth';
import { badgesOf } from './service';

const badge = z.object({
  id: z.enum(BADGE_IDS as [string, ...string[]]),
  metric: z
    .enum(BADGE_METRICS)
    .describe(
      'What the badge measures: attributed sales, dollars earned, paid cash-outs, profile steps done, challenges met',
    ),
  target: z.number().describe('The measure at which the badge is awarded (dollars for `earned`)'),
  progress: z.number().describe('The measure now, at most the target'),
  awarded_at: z.string().nullable(),
});

export function badgeRoutes(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/get_badges',
    {
      onRequest: requirePartner(ctx.db),
      schema: {
        tags: ['partner'],
        summary:
          "Every badge, with the partner's progress toward it and when it was awarded (null until then)",
        security: [{ partner: [] }],
        response: { 200: z.object({ data: z.array(badge) }) },
      },
    },
    async (request) => ({ data: await badgesOf(ctx.db, partnerIdOf(request)) }),
  );
}
