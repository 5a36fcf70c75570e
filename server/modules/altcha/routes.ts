import { altchaChallengeAnswer } from '../../../common/contracts/altcha';
import type { AppContext, TypedApp } from '../../context';
import { requirePublicClient } from '../../plugins/public-client';
import { newChallenge } from './service';

export function altchaRoutes(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/altcha/challenge',
    {
      onRequest: requirePublicClient(ctx.secrets.publicClientToken),
      config: { rateLimit: { max: ctx.limits.challenge, timeWindow: '1 minute' } },
      // altcha-lib's object as it made it: the schema documents and types it, the bytes are its own.
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        tags: ['public'],
        summary: 'A signed ALTCHA proof-of-work challenge (valid 10 minutes)',
        security: [{ publicClient: [] }],
        response: { 200: altchaChallengeAnswer },
      },
    },
    async (_request, reply) =>
      reply.header('Cache-Control', 'no-store').send(await newChallenge(ctx.secrets.altchaSecret)),
  );
}
