// Staff accounts (issue 13, docs/product/back-office.md#staff-accounts): `GET`/`POST`/`PATCH /api/manager/staff`, admins only,
// and the two public calls of the invitation page (`/manager/invite?token=`).
import { z } from 'zod';
import { STAFF_ROLES } from '../../../common/staff-roles';
import { identitySchemas, noNul } from '../../../common/validation';
import {
  acceptedInviteAnswer,
  changedStaffAnswer,
  invitedStaffAnswer,
  inviteDetailsAnswer,
  staffListAnswer,
} from '../../../common/contracts/staff-admin';
import type { AppContext, TypedApp } from '../../context';
import { requestLocale, sayKey } from '../../i18n';
import { idParams, pageOf, pagingQuery } from '../../plugins/paging';
import { requirePublicClient } from '../../plugins/public-client';
import { isCommonPassword } from '../../credentials/common-passwords';
import { requireStaff, staffIdOf } from '../auth';
import { acceptInvite, describeInvite, inviteStaff, listStaffAccounts, updateStaffAccount } from './service';

const schemas = identitySchemas(sayKey, { isCommonPassword });
const wrong = sayKey('wrong_value');
const required = sayKey('required');
const role = z.enum(STAFF_ROLES, { error: (issue) => (issue.input === undefined ? required : wrong) });
const name = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : wrong) })
  .trim()
  .min(1, required)
  .max(100, sayKey('max', { n: 100 }))
  // PostgreSQL's text cannot hold a NUL character: refused as input, not a 500 from the database.
  .refine(noNul, wrong);

const inviteToken = z.string({ error: required }).min(1, required).max(200, wrong);

export function staffAdminRoutes(app: TypedApp, ctx: AppContext): void {
  const admin = requireStaff(ctx.db, ['admin']);
  const publicClient = requirePublicClient(ctx.secrets.publicClientToken);
  const doc = (summary: string) => ({ tags: ['manager'], summary, security: [{ staff: [] }] });

  app.get(
    '/api/manager/staff',
    {
      onRequest: admin,
      schema: {
        ...doc('Staff accounts by name (paged), with how many active administrators there are (admin)'),
        querystring: pagingQuery(20),
        response: { 200: staffListAnswer },
      },
    },
    async (request) => {
      const { page, length } = request.query;
      const { rows, total, activeAdmins } = await listStaffAccounts(ctx.db, staffIdOf(request), {
        page,
        length,
      });
      return { ...pageOf(rows, page, length, total), active_admins: activeAdmins };
    },
  );

  app.post(
    '/api/manager/staff',
    {
      onRequest: admin,
      schema: {
        ...doc(
          'Invites a staff member: an account without a password and a mail with a single-use link, valid 7 days, to set it (admin)',
        ),
        body: z.object({
          email: schemas.email,
          name,
          role,
          locale: z
            .enum(['en', 'fr'], { error: wrong })
            .optional()
            .describe('The invitation mail’s language; the request’s language when absent'),
        }),
        response: { 201: invitedStaffAnswer },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const { staff, mailed } = await inviteStaff(
        ctx,
        staffIdOf(request),
        {
          email: body.email,
          name: body.name,
          role: body.role,
          locale: body.locale ?? requestLocale(request),
        },
        request.log,
      );
      return reply.code(201).send({ data: staff, mailed });
    },
  );

  app.patch(
    '/api/manager/staff/:id',
    {
      onRequest: admin,
      schema: {
        ...doc(
          'Changes a role, deactivates (sessions end at once) or reactivates, or sends the invitation again (admin). The last active administrator stays one (409); no one changes their own role or deactivates themselves (422)',
        ),
        params: idParams,
        body: z.object({
          role: role.optional(),
          status: z.enum(['active', 'deactivated'], { error: wrong }).optional(),
          resend_invite: z.boolean({ error: wrong }).optional(),
        }),
        response: { 200: changedStaffAnswer },
      },
    },
    async (request) => {
      const { staff, mailed } = await updateStaffAccount(
        ctx,
        staffIdOf(request),
        request.params.id,
        request.body,
        request.log,
      );
      return { data: staff, ...(mailed === undefined ? {} : { mailed }) };
    },
  );

  app.post(
    '/api/manager/auth/invite',
    {
      onRequest: publicClient,
      schema: {
        tags: ['manager'],
        summary: 'Who an invitation link is for (404 not valid, 410 expired or already used)',
        security: [{ publicClient: [] }],
        body: z.object({ token: inviteToken }),
        response: { 200: inviteDetailsAnswer },
      },
    },
    async (request) => ({ data: await describeInvite(ctx.db, request.body.token) }),
  );

  app.post(
    '/api/manager/auth/accept_invite',
    {
      onRequest: publicClient,
      schema: {
        tags: ['manager'],
        summary:
          'Sets the invited staff member’s password (the link works once) and signs them in: a staff token valid 24 hours',
        security: [{ publicClient: [] }],
        body: schemas.resetPassword,
        response: { 200: acceptedInviteAnswer },
      },
    },
    async (request) => acceptInvite(ctx.db, { token: request.body.token, password: request.body.password }),
  );
}
