// A partner's connected accounts (docs/product/links-and-integrations.md#instagram): start and finish each provider's OAuth code
// flow, read what is connected, disconnect, and the dashboard's top posts.
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { fileRoute } from '../../../common/contracts/answers';
import {
  consentUrlAnswer,
  integrationsAnswer,
  integrationViewAnswer,
  topPostsAnswer,
} from '../../../common/contracts/integrations';
import type { AppContext, TypedApp } from '../../context';
import { notFound } from '../../errors';
import { flowBindingHeaders, flowBindingOf, oauthCallbackBody } from '../../plugins/flow-binding';
import { partnerIdOf, requirePartner } from '../auth';
import { findPartnerById } from '../partners/service';
import {
  PROVIDERS,
  THUMBNAIL_NAME,
  disconnect,
  finishConnect,
  integrationDeps,
  integrationsOf,
  startConnect,
  topPosts,
} from './service';

const providerParams = z.object({ integration: z.enum(PROVIDERS) });

export function integrationRoutes(app: TypedApp, ctx: AppContext): void {
  const partner = requirePartner(ctx.db);
  const deps = integrationDeps(ctx);
  // Other tabs of the partner reload the profile (its social fields changed).
  const announce = async (partnerId: number) => {
    const partner = await findPartnerById(ctx.db, partnerId);
    if (partner) ctx.push.toPartner(partner.uuid, 'partner_changed', {});
  };
  const security = [{ partner: [] }];

  app.get(
    '/api/integrations',
    {
      onRequest: partner,
      schema: {
        tags: ['partner'],
        summary: 'The partner’s Instagram and Facebook connections (never a token)',
        security,
        response: { 200: integrationsAnswer },
      },
    },
    async (request) => ({ data: await integrationsOf(deps, partnerIdOf(request)) }),
  );

  app.post(
    '/api/integrations/:integration/start',
    {
      onRequest: partner,
      schema: {
        tags: ['partner'],
        summary:
          'Starts connecting: the provider’s consent URL with a single-use state bound to the partner and the tab’s nonce (404 when not configured)',
        security,
        params: providerParams,
        headers: flowBindingHeaders,
        response: { 200: consentUrlAnswer },
      },
    },
    async (request) => ({
      data: {
        url: await startConnect(
          deps,
          partnerIdOf(request),
          request.params.integration,
          flowBindingOf(request.headers),
        ),
      },
    }),
  );

  app.post(
    '/api/integrations/:integration/connect',
    {
      onRequest: partner,
      config: { rateLimit: { max: ctx.limits.registration, timeWindow: '1 minute' } },
      schema: {
        tags: ['partner'],
        summary:
          'Finishes connecting from /account/connect/{integration}: the code and state the provider sent back',
        security,
        params: providerParams,
        body: oauthCallbackBody,
        response: { 200: integrationViewAnswer },
      },
    },
    async (request) => {
      const partnerId = partnerIdOf(request);
      const data = await finishConnect(
        deps,
        partnerId,
        request.params.integration,
        request.body,
        request.log,
      );
      await announce(partnerId);
      return { data };
    },
  );

  app.delete(
    '/api/integrations/:integration',
    {
      onRequest: partner,
      schema: {
        tags: ['partner'],
        summary: 'Disconnects: the tokens and fetched posts are deleted',
        security,
        params: providerParams,
        response: { 200: integrationViewAnswer },
      },
    },
    async (request) => {
      const partnerId = partnerIdOf(request);
      await disconnect(deps, partnerId, request.params.integration);
      await announce(partnerId);
      return { data: (await integrationsOf(deps, partnerId))[request.params.integration] };
    },
  );

  app.get(
    '/api/integrations/instagram/top-posts',
    {
      onRequest: partner,
      schema: {
        tags: ['partner'],
        summary:
          'The dashboard’s top posts: the partner’s Instagram posts carrying their code or the brand hashtag, by likes plus comments',
        security,
        response: { 200: topPostsAnswer },
      },
    },
    async (request) => ({ data: await topPosts(deps, partnerIdOf(request)) }),
  );

  app.get(
    '/api/integrations/media/:name',
    {
      schema: {
        tags: ['public'],
        summary:
          'A top post’s picture as the portal keeps it (WebP), cached as immutable. No credential: it is used in <img src>',
        params: z.object({ name: z.string() }),
        ...fileRoute('image/webp', 'The picture'),
      },
    },
    async (request, reply) => {
      if (!THUMBNAIL_NAME.test(request.params.name)) throw notFound();
      const handle = await fs
        .open(path.join(deps.thumbnails, request.params.name))
        .catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') throw notFound();
          throw error;
        });
      const { size } = await handle.stat();
      return reply
        .type('image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-length', size)
        .send(handle.createReadStream());
    },
  );
}
