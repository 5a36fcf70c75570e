import { z } from 'zod';
import {
  currentStaffAnswer,
  signedOutAnswer,
  staffSignInAnswer,
  tokenAnswer,
} from '../../../common/contracts/auth';
import type { AppContext, TypedApp } from '../../context';
import { sayKey } from '../../i18n';
import { requirePublicClient, bearerOf } from '../../plugins/public-client';
import { requirePartner, requireStaff, staffIdOf } from './guards';
import { totpKeyOf, twoFactorGate } from '../staff-totp/service';
import { completeStaffSignIn, currentStaff, signInPartner, signInStaff, signOut } from './service';

// Wrong types or absurd lengths are refused by the schema; missing values get the spec's message
// from the service, so both are kept optional here.
const credentials = z.object({
  email: z
    .string()
    .max(254, sayKey('max', { n: 254 }))
    .optional(),
  password: z
    .string()
    .max(128, sayKey('max', { n: 128 }))
    .optional(),
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
      schema: {
        tags: ['auth'],
        summary: 'Ends this session',
        security: [{ partner: [] }],
        response: { 200: signedOutAnswer },
      },
    },
    async (request) => {
      ctx.push.endSessions(await signOut(ctx.db, bearerOf(request)!));
      return { data: true as const };
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
        response: { 200: staffSignInAnswer },
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
          challenge: z
            .string()
            .max(200, sayKey('max', { n: 200 }))
            .optional(),
          code: z
            .string()
            .max(40, sayKey('max', { n: 40 }))
            .optional(),
        }),
        response: { 200: tokenAnswer },
      },
    },
    async (request) =>
      completeStaffSignIn(ctx.db, totpKeyOf(ctx.secrets.integrationsKey), {
        ...request.body,
        ip: request.ip,
      }),
  );

  app.get(
    '/api/manager/auth/logout',
    {
      onRequest: requireStaff(ctx.db, undefined, { duringEnrolment: true }),
      schema: {
        tags: ['manager'],
        summary: 'Ends this staff session',
        security: [{ staff: [] }],
        response: { 200: signedOutAnswer },
      },
    },
    async (request) => {
      await signOut(ctx.db, bearerOf(request)!);
      return { data: true as const };
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
        response: { 200: currentStaffAnswer },
      },
    },
    async (request) => {
      const staff = await currentStaff(ctx.db, staffIdOf(request));
      const twoFactor = await twoFactorGate(ctx.db, staff.id);
      return {
        data: { id: staff.id, email: staff.email, name: staff.name, role: staff.role, two_factor: twoFactor },
      };
    },
  );
}
