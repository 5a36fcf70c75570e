import { z } from 'zod';
import type { AppContext, TypedApp } from '../../context';
import { requirePublicClient } from '../../plugins/public-client';
import { getPublicSubpartner } from './service';

const subpartner = z.object({
  slug: z.string(),
  name: z.string(),
  logo_url: z.string().nullable(),
  primary_color: z.string(),
  accent_color: z.string(),
  welcome: z.object({ en: z.string(), fr: z.string() }),
});

export function subpartnerRoutes(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/subpartners/:slug',
    {
      onRequest: requirePublicClient(ctx.secrets.publicClientToken),
      schema: {
        tags: ['public'],
        summary: 'White-label branding of a sub-partner (404 for unknown slugs and reserved words)',
        security: [{ publicClient: [] }],
        params: z.object({ slug: z.string().max(100) }),
        response: { 200: z.object({ data: subpartner }) },
      },
    },
    async (request) => ({ data: await getPublicSubpartner(ctx.db, request.params.slug) }),
  );
}
