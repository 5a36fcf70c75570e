import { z } from 'zod';
import { socialProvidersAnswer, socialSignInUrlAnswer, tokenAnswer } from '../../../common/contracts/social';
import type { AppContext, TypedApp } from '../../context';
import { notFound } from '../../errors';
import { flowBindingHeaders, flowBindingOf, oauthCallbackBody } from '../../plugins/flow-binding';
import { requirePublicClient } from '../../plugins/public-client';
import type { ProviderName } from './service';
import { finishSocialSignIn, socialProviders, startSocialSignIn } from './service';

export function socialRoutes(app: TypedApp, ctx: AppContext): void {
  const publicClient = requirePublicClient(ctx.secrets.publicClientToken);
  const providers = socialProviders(ctx.config);
  const provider = (name: ProviderName) => {
    const found = providers[name];
    if (!found) throw notFound();
    return found;
  };

  app.get(
    '/api/auth/providers',
    {
      onRequest: publicClient,
      schema: {
        tags: ['public'],
        summary: 'Which social sign-in providers are configured (their buttons show only then)',
        security: [{ publicClient: [] }],
        response: { 200: socialProvidersAnswer },
      },
    },
    async () => ({ data: { facebook: Boolean(providers.facebook), google: Boolean(providers.google) } }),
  );

  for (const [name, path] of [
    ['facebook', '/api/auth/getFacebook'],
    ['google', '/api/auth/getGoogle'],
  ] as const) {
    app.get(
      path,
      {
        onRequest: publicClient,
        schema: {
          tags: ['public'],
          summary: `Starts ${name} sign-in: the consent URL, carrying a single-use state bound to the tab's nonce (404 when not configured)`,
          security: [{ publicClient: [] }],
          headers: flowBindingHeaders,
          response: { 200: socialSignInUrlAnswer },
        },
      },
      async (request) => ({
        data: {
          url: await startSocialSignIn(ctx.db, ctx.config, provider(name), flowBindingOf(request.headers)),
        },
      }),
    );
  }

  app.post(
    '/api/auth/social/:provider',
    {
      onRequest: publicClient,
      config: { rateLimit: { max: ctx.limits.registration, timeWindow: '1 minute' } },
      schema: {
        tags: ['public'],
        summary: 'Finishes social sign-in from the callback page: a partner token as get_token answers',
        security: [{ publicClient: [] }],
        params: z.object({ provider: z.enum(['facebook', 'google']) }),
        body: oauthCallbackBody,
        response: { 200: tokenAnswer },
      },
    },
    async (request) =>
      finishSocialSignIn(ctx.db, ctx.config, provider(request.params.provider), request.body, request.log),
  );
}
