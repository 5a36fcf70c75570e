import { z } from 'zod';
import type { AppContext, TypedApp } from '../../context';
import { requirePublicClient, bearerOf } from '../../plugins/public-client';
import { requirePartner, requireStaff, staffIdOf } from './guards';
import { currentStaff, signInPartner, signInStaff, signOut } from './service';

// Wrong types or absurd lengths are refused by the schema; missing values get the spec's message
// from the service, so both are kept optional here.
const credentials = z.object({
  email: z.string().max(254, '254 characters maximum').optional(),
  password: z.string().max(128, '128 characters maximum').optional(),
});
const tokenAnswer = z.object({ token: z.string(), expired: z.string() });

export function authRoutes(app: TypedApp, ctx: AppContext): void {
  const publicClient = requirePublicClient(ctx.secrets.publicClientToken);

  app.post(
    '/api/auth/get_token',
    {
      onRequest: publicClient,
      schema: {
        tags: ['auth'],
        summary: 'Partner sign-in: a bearer token valid 24 hours (not wrapped in data)',
        security: [{ publicClient: [] }],
        body: credentials,
        response: { 200: tokenAnswer },
      },
    },
    async (request) => signInPartner(ctx.db, { ...request.body, ip: request.ip }),
  );

  app.get(
    '/api/auth/logout',
    {
      onRequest: requirePartner(ctx.db),
      schema: { tags: ['auth'], summary: 'Ends this session', security: [{ partner: [] }] },
    },
    async (request) => {
      await signOut(ctx.db, bearerOf(request)!);
      return { data: true };
    },
  );

  app.post(
    '/api/manager/auth/get_token',
    {
      onRequest: publicClient,
      schema: {
        tags: ['manager'],
        summary: 'Staff sign-in: a bearer token valid 24 hours',
        security: [{ publicClient: [] }],
        body: credentials,
        response: { 200: tokenAnswer },
      },
    },
    async (request) => signInStaff(ctx.db, { ...request.body, ip: request.ip }),
  );

  app.get(
    '/api/manager/auth/logout',
    {
      onRequest: requireStaff(ctx.db),
      schema: { tags: ['manager'], summary: 'Ends this staff session', security: [{ staff: [] }] },
    },
    async (request) => {
      await signOut(ctx.db, bearerOf(request)!);
      return { data: true };
    },
  );

  app.get(
    '/api/manager/me',
    {
      onRequest: requireStaff(ctx.db),
      schema: {
        tags: ['manager'],
        summary: 'The signed-in staff member',
        security: [{ staff: [] }],
        response: {
          200: z.object({
            data: z.object({ id: z.number(), email: z.string(), name: z.string(), role: z.enum(['reviewer', 'manager', 'admin']) }),
          }),
        },
      },
    },
    async (request) => {
      const staff = await currentStaff(ctx.db, staffIdOf(request));
      return { data: { id: staff.id, email: staff.email, name: staff.name, role: staff.role } };
    },
  );
}
