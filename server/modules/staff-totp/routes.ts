// Staff sign-in's second factor in the back office (issue 13, docs/decisions/035-staff-totp.md):
// each staff member's own Security page (`/api/manager/security...`: enrol, recovery codes, turn
// off), and the admins' switch and reset of a colleague's factor. The sign-in's second step is
// auth's (`POST /api/manager/auth/two_factor`).
import { z } from 'zod';
import {
  enrolmentConfirmedAnswer,
  enrolmentStartAnswer,
  recoveryCodesAnswer,
  securityStateAnswer,
  staffTwoFactorAnswer,
  totpPolicyAnswer,
  totpResetAnswer,
} from '../../../common/contracts/staff-totp';
import type { AppContext, TypedApp } from '../../context';
import type { Db } from '../../db';
import { sayKey } from '../../i18n';
import { idParams, pageOf, pagingQuery } from '../../plugins/paging';
import { endEveryOtherStaffSession, endOtherSessions, requireStaff, staffIdOf } from '../auth';
import { bearerOf } from '../../plugins/public-client';
import {
  confirmEnrolment,
  disableOwnTotp,
  listStaffTwoFactor,
  regenerateRecoveryCodes,
  resetStaffTotp,
  securityOf,
  setTotpPolicy,
  startEnrolment,
  totpKeyOf,
} from './service';

const wrong = sayKey('wrong_value');
const required = sayKey('required');
const code = z
  .string({ error: (issue) => (issue.input === undefined ? required : wrong) })
  .trim()
  .min(1, required)
  .max(40, wrong)
  .describe('The 6-digit code of the authenticator app (spaces ignored), or a recovery code');

export function staffTotpRoutes(app: TypedApp, ctx: AppContext): void {
  const anyStaff = requireStaff(ctx.db);
  // What a staff member may reach while the program waits for them to set up their factor.
  const enrolling = requireStaff(ctx.db, undefined, { duringEnrolment: true });
  const admin = requireStaff(ctx.db, ['admin']);
  const key = () => totpKeyOf(ctx.secrets.integrationsKey);
  const doc = (summary: string, description?: string) => ({
    tags: ['manager'],
    summary,
    ...(description ? { description } : {}),
    security: [{ staff: [] }],
  });

  app.get(
    '/api/manager/security',
    {
      onRequest: enrolling,
      schema: {
        ...doc('The signed-in staff member’s second factor, and whether the program requires one'),
        response: { 200: securityStateAnswer },
      },
    },
    async (request) => ({ data: await securityOf(ctx.db, staffIdOf(request)) }),
  );

  app.post(
    '/api/manager/security/totp',
    {
      onRequest: enrolling,
      schema: {
        ...doc(
          'Starts setting up the authenticator: a new secret (20 random bytes), as a key to type, an otpauth:// URI and its QR code',
          'The secret is stored sealed and is answered here only: once a code confirms it, it is never answered again. Starting again replaces a secret not confirmed yet. 409 when the factor is on already.',
        ),
        response: { 200: enrolmentStartAnswer },
      },
    },
    async (request) => ({ data: await startEnrolment(ctx.db, key(), staffIdOf(request)) }),
  );

  app.post(
    '/api/manager/security/totp/confirm',
    {
      onRequest: enrolling,
      schema: {
        ...doc(
          'Turns the authenticator on with a first right code, and answers ten recovery codes (shown once)',
          'A wrong code is 422 (`errors.code`), counted: 10 in 15 minutes, then 429. 409 when nothing waits for confirmation. Audited (`staff.totp_enable`).',
        ),
        body: z.object({ code }),
        response: { 200: enrolmentConfirmedAnswer },
      },
    },
    async (request) => {
      const staffId = staffIdOf(request);
      const token = bearerOf(request);
      // The staff member's other sessions end with the enrolment (service.ts, confirmEnrolment).
      const endOthers = token ? (trx: Db) => endOtherSessions(trx, 'staff', staffId, token) : undefined;
      return {
        data: await confirmEnrolment(ctx.db, key(), staffId, request.body.code, new Date(), endOthers),
      };
    },
  );

  app.post(
    '/api/manager/security/totp/recovery_codes',
    {
      onRequest: anyStaff,
      schema: {
        ...doc(
          'Ten new recovery codes in place of the old ones; a right code first',
          'Wrong code: 422, counted as above. Audited (`staff.totp_recovery_codes`).',
        ),
        body: z.object({ code }),
        response: { 200: recoveryCodesAnswer },
      },
    },
    async (request) => ({
      data: await regenerateRecoveryCodes(ctx.db, key(), staffIdOf(request), request.body.code),
    }),
  );

  app.post(
    '/api/manager/security/totp/disable',
    {
      onRequest: anyStaff,
      schema: {
        ...doc(
          'Turns one’s own authenticator off, proven by a right code or the account’s password',
          'Wrong proof: 422 (`errors.code` or `errors.password`), counted as above. The recovery codes go with it. When the program requires a factor, the next request leads to setting up a new one. Audited (`staff.totp_disable`).',
        ),
        body: z.object({
          code: z.string({ error: wrong }).max(40, wrong).optional(),
          password: z.string({ error: wrong }).max(128, wrong).optional(),
        }),
        response: { 200: securityStateAnswer },
      },
    },
    async (request) => ({ data: await disableOwnTotp(ctx.db, key(), staffIdOf(request), request.body) }),
  );

  app.put(
    '/api/manager/security/policy',
    {
      onRequest: admin,
      schema: {
        ...doc(
          'Requires (or stops requiring) a second factor of every staff member (admin)',
          'Then a staff member without one reaches nothing but their Security page until they set it up. An admin requires it only once their own factor is on (409). Audited (`settings.staff_totp_policy`).',
        ),
        body: z.object({
          require_totp: z.boolean({ error: (issue) => (issue.input === undefined ? required : wrong) }),
        }),
        response: { 200: totpPolicyAnswer },
      },
    },
    async (request) => {
      const token = bearerOf(request);
      // Required of all: every other staff session ends (service.ts, setTotpPolicy).
      const endOthers = token ? (trx: Db) => endEveryOtherStaffSession(trx, token) : undefined;
      return {
        data: await setTotpPolicy(
          ctx.db,
          staffIdOf(request),
          request.body.require_totp,
          new Date(),
          endOthers,
        ),
      };
    },
  );

  app.get(
    '/api/manager/security/staff',
    {
      onRequest: admin,
      schema: {
        ...doc('Staff accounts by name with the state of their second factor (admin)'),
        querystring: pagingQuery(20),
        response: { 200: staffTwoFactorAnswer },
      },
    },
    async (request) => {
      const { page, length } = request.query;
      const { rows, total, requireTotp } = await listStaffTwoFactor(ctx.db, staffIdOf(request), {
        page,
        length,
      });
      return { ...pageOf(rows, page, length, total), require_totp: requireTotp };
    },
  );

  app.delete(
    '/api/manager/staff/:id/totp',
    {
      onRequest: admin,
      schema: {
        ...doc(
          'Turns a colleague’s second factor off, for one who lost their phone and recovery codes (admin)',
          'They sign in with their password, and set up a new factor when the program requires one. Not one’s own (422: turn it off from the Security page); 409 when it is not on. Audited (`staff.totp_reset`).',
        ),
        params: idParams,
        response: { 200: totpResetAnswer },
      },
    },
    async (request) => {
      await resetStaffTotp(ctx.db, staffIdOf(request), request.params.id);
      return { data: { two_factor: false as const } };
    },
  );
}
