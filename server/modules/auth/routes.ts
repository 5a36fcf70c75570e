import { z } from 'zod';
import type { AppContext, TypedApp } from '../../context';
import { requirePublicClient, bearerOf } from '../../plugins/public-client';
import { requirePartner, requireStaff, staffIdOf } from './guards';
import { totpKeyOf, twoFactorGate } from '../staff-totp/service';
import { completeStaffSignIn, currentStaff, signInPartner, signInStaff, signOut } from './service';

// Wrong types or absurd lengths are refused by the schema; missing values get the spec's message
// from the service, so both are kept optional here.
const credentials = z.object({
  email: z.string().max(254, '254 characters maximum').optional(),
  password: z.string().max(128, '128 characters maximum').optional(),
});
const tokenAnswer = z.object({ token: z.string(), expired: z.string() });
// A staff member with a second factor: the right password earns this, then the code answers the token.
const challengeAnswer = z.object({
  two_factor: z.literal(true),
  challenge: z.string().describe('Single use, for POST /api/manager/auth/two_factor'),
  expired: z.string().describe('When the challenge stops working (5 minutes)'),
});

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
      ctx.push.endSessions(await signOut(ctx.db, bearerOf(request)!));
      return { data: true };
    },
  );

  app.post(
    '/api/manager/auth/get_token',
    {
      onRequest: publicClient,
      schema: {
        tags: ['manager'],
        summary: 'Staff sign-in: a bearer token valid 24 hours, or the challenge of the second step',
        description:
          'With a second factor on (decisions/035), a right password answers `{two_factor: true, challenge, expired}` instead of the token: the code then goes to `POST /api/manager/auth/two_factor`. Wrong credentials are 401 either way.',
        security: [{ publicClient: [] }],
        body: credentials,
        response: { 200: z.union([tokenAnswer, challengeAnswer]) },
      },
    },
    async (request) => signInStaff(ctx.db, { ...request.body, ip: request.ip }),
  );

  app.post(
    '/api/manager/auth/two_factor',
    {
      onRequest: publicClient,
      schema: {
        tags: ['manager'],
        summary: 'Staff sign-in, second step: the challenge and a code answer the bearer token',
        description:
          'The code is the 6-digit code of the authenticator app (the step now, or one either side; each works once) or an unused recovery code. Wrong code: 401, counted by the sign-in throttle (429 once spent). Unknown, used or expired challenge: 410 (sign in again).',
        security: [{ publicClient: [] }],
        body: z.object({
          challenge: z.string().max(200, '200 characters maximum').optional(),
          code: z.string().max(40, '40 characters maximum').optional(),
        }),
        response: { 200: tokenAnswer },
      },
    },
    async (request) => completeStaffSignIn(ctx.db, totpKeyOf(ctx.secrets.integrationsKey), { ...request.body, ip: request.ip }),
  );

  app.get(
    '/api/manager/auth/logout',
    {
      onRequest: requireStaff(ctx.db, undefined, { duringEnrolment: true }),
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
      onRequest: requireStaff(ctx.db, undefined, { duringEnrolment: true }),
      schema: {
        tags: ['manager'],
        summary: 'The signed-in staff member',
        security: [{ staff: [] }],
        response: {
          200: z.object({
            data: z.object({
              id: z.number(),
              email: z.string(),
              name: z.string(),
              role: z.enum(['reviewer', 'manager', 'admin']),
              two_factor: z
                .object({ enabled: z.boolean(), required: z.boolean() })
                .describe('Their second factor is on; the program requires one (then, while it is off, only enrolment opens)'),
            }),
          }),
        },
      },
    },
    async (request) => {
      const staff = await currentStaff(ctx.db, staffIdOf(request));
      const twoFactor = await twoFactorGate(ctx.db, staff.id);
      return { data: { id: staff.id, email: staff.email, name: staff.name, role: staff.role, two_factor: twoFactor } };
    },
  );
}
