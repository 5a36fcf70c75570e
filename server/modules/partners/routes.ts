import { z } from 'zod';
import type { AppContext, TypedApp } from '../../context';
import { partnerIdOf, requirePartner } from '../auth/guards';
import { currentPartner } from '../auth/service';
import { encryptPayload } from './payload';
import { toUserJson } from './service';

export function partnerRoutes(app: TypedApp, ctx: AppContext): void {
  const partner = requirePartner(ctx.db);

  app.get(
    '/api/get',
    {
      preHandler: partner,
      schema: {
        tags: ['partner'],
        summary: 'The signed-in partner, as the encrypted payload of decisions §5',
        security: [{ partner: [] }],
        response: { 200: z.object({ data: z.string() }) },
      },
    },
    async (request) => {
      const row = await currentPartner(ctx.db, partnerIdOf(request));
      return { data: encryptPayload(ctx.secrets.userPayloadKey, toUserJson(row)) };
    },
  );

  app.get(
    '/api/get_badges',
    {
      preHandler: partner,
      schema: {
        tags: ['partner'],
        summary: "The partner's badges (none until the badges capability)",
        security: [{ partner: [] }],
        response: { 200: z.object({ data: z.array(z.unknown()) }) },
      },
    },
    async () => ({ data: [] }),
  );
}
