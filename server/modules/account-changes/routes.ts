import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { identitySchemas } from '../../../common/validation';
import { confirmedChangeAnswer, emailChangeAnswer } from '../../../common/contracts/account-changes';
import type { AppContext, TypedApp } from '../../context';
import { requestLocale, sayApi, sayKey } from '../../i18n';
import type { ApiMessageKey } from '../../i18n';
import { requirePublicClient } from '../../plugins/public-client';
import { isCommonPassword } from '../../credentials/common-passwords';
import { partnerIdOf, requirePartner } from '../auth';
import { changeAccountEmail, confirmChange } from './service';

const schemas = identitySchemas(sayKey, { isCommonPassword });

export function accountChangeRoutes(app: TypedApp, ctx: AppContext): void {
  const publicClient = requirePublicClient(ctx.secrets.publicClientToken);
  const partner = requirePartner(ctx.db);
  const say = (key: ApiMessageKey, request: Pick<FastifyRequest, 'headers'>) =>
    sayApi(key, requestLocale(request));

  app.post(
    '/api/change-email',
    {
      onRequest: partner,
      config: { rateLimit: { max: ctx.limits.registration, timeWindow: '1 minute' } },
      schema: {
        tags: ['partner'],
        summary:
          'Changes the account e-mail: with the current password at once (the new address to verify, the old one told), else by a link mailed to the current address',
        security: [{ partner: [] }],
        body: schemas.changeEmail,
        response: { 200: emailChangeAnswer },
      },
    },
    async (request) => {
      const outcome = await changeAccountEmail(ctx, partnerIdOf(request), request.body, request.log);
      return {
        data: {
          message: say(outcome.done ? 'email_changed' : 'change_link_sent', request),
          done: outcome.done,
        },
      };
    },
  );

  app.post(
    '/api/auth/confirm_change',
    {
      onRequest: publicClient,
      config: { rateLimit: { max: ctx.limits.registration, timeWindow: '1 minute' } },
      schema: {
        tags: ['public'],
        summary:
          'Confirms a change of the PayPal or account e-mail from the link mailed to a partner without a password; used once',
        security: [{ publicClient: [] }],
        body: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: confirmedChangeAnswer },
      },
    },
    async (request) => {
      const kind = await confirmChange(ctx, request.body.token, request.log);
      return {
        data: { message: say(kind === 'email' ? 'email_changed' : 'paypal_email_changed', request), kind },
      };
    },
  );
}
