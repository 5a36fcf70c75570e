import { badgesAnswer } from '../../../common/contracts/badges';
import type { AppContext, TypedApp } from '../../context';
import { partnerIdOf, requirePartner } from '../auth';
import { badgesOf } from './service';

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
        response: { 200: badgesAnswer },
      },
    },
    async (request) => ({ data: await badgesOf(ctx.db, partnerIdOf(request)) }),
  );
}
