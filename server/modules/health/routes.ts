// `GET /api/health`: 200 with the database's kind and the release, without a credential, once the
// database answers (docs/product/errors-and-languages.md#the-api-conventions).
import { healthAnswer } from '../../../common/contracts/health';
import type { AppContext, TypedApp } from '../../context';
import { AppError } from '../../errors';
import { pingDatabase } from './repository';

export function healthRoutes(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability; no authentication',
        response: { 200: healthAnswer },
      },
      config: { rateLimit: false },
    },
    async (request) => {
      try {
        await pingDatabase(ctx.db);
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        throw new AppError(503, 'unavailable');
      }
      return { data: { status: 'ok' as const, database: ctx.dialect, version: ctx.version } };
    },
  );
}
