// The partner's newsfeed (docs/product/engagement.md#newsfeed): `GET /api/newsfeed?page&length`.
import { newsfeedAnswer } from '../../../common/contracts/newsfeed';
import type { AppContext, TypedApp } from '../../context';
import { requestLocale } from '../../i18n';
import { pagingQuery } from '../../plugins/paging';
import { partnerIdOf, requirePartner } from '../auth';
import { newsfeedPage } from './service';

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
        response: { 200: newsfeedAnswer },
      },
    },
    // In the language of the portal that asks (docs/decisions/069-notification-words.md).
    async (request) => newsfeedPage(ctx.db, partnerIdOf(request), request.query, requestLocale(request)),
  );
}
