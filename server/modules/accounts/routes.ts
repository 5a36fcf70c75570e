import { awardDueBadgesNow, pushAwarded } from '../badges/service';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { INFLUENCER_CATEGORIES } from '../../../common/categories';
import { identitySchemas } from '../../../common/validation';
import type { AppContext, TypedApp } from '../../context';
import { API_MESSAGES } from '../../errors';
import { i18n, localizeMessage, requestLocale, sayKey } from '../../i18n';
import { bearerOf, requirePublicClient } from '../../plugins/public-client';
import { isCommonPassword } from '../auth/common-passwords';
import { partnerIdOf, requirePartner } from '../auth/guards';
import { currentPartner } from '../auth/service';
import { findPromoCode } from '../promo-codes/service';
import {
  changePassword,
  registerPartner,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  updateProfile,
  userPayload,
  verifyEmail,
} from './service';

// Messages are keys here; the error handler says them in the visitor's language.
const schemas = identitySchemas(sayKey, { isCommonPassword });
const messageAnswer = z.object({ data: z.object({ message: z.string() }) });
const payloadAnswer = z.object({ data: z.string() });

export function accountRoutes(app: TypedApp, ctx: AppContext): void {
  const publicClient = requirePublicClient(ctx.secrets.publicClientToken);
  const partner = requirePartner(ctx.db);
  const say = (message: string, request: Pick<FastifyRequest, 'headers'>) => localizeMessage(message, requestLocale(request));

  app.get(
    '/api/categories',
    {
      onRequest: publicClient,
      schema: {
        tags: ['public'],
        summary: 'Influencer categories offered at registration, in the visitor language',
        security: [{ publicClient: [] }],
        response: { 200: z.object({ data: z.array(z.object({ id: z.number(), name: z.string() })) }) },
      },
    },
    async (request) => {
      const lng = requestLocale(request);
      return { data: INFLUENCER_CATEGORIES.map((c) => ({ id: c.id, name: i18n.t(`categories.${c.key}`, { lng }) })) };
    },
  );

  app.put(
    '/api/add',
    {
      onRequest: publicClient,
      config: { rateLimit: { max: ctx.limits.registration, timeWindow: '1 minute' } },
      schema: {
        tags: ['public'],
        summary: 'Registers a partner (both registration steps in one call)',
        security: [{ publicClient: [] }],
        body: schemas.registration,
        response: { 201: z.object({ data: z.object({ uuid: z.string(), email: z.string() }) }) },
      },
    },
    async (request, reply) => {
      const created = await registerPartner(ctx, request.body, request.log);
      return reply.code(201).send({ data: { uuid: created.uuid, email: created.email } });
    },
  );

  app.post(
    '/api/auth/verify_email',
    {
      onRequest: publicClient,
      schema: {
        tags: ['public'],
        summary: 'Confirms an e-mail address from the link of the verification mail',
        security: [{ publicClient: [] }],
        body: z.object({ token: z.string({ error: sayKey('required') }).min(1, sayKey('required')).max(200, sayKey('wrong_value')) }),
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      const uuid = await verifyEmail(ctx.db, request.body.token);
      ctx.push.toPartner(uuid, 'partner_changed', {});
      return { data: { message: say(API_MESSAGES.email_validated, request) } };
    },
  );

  app.get(
    '/api/auth/resend_verify_email',
    {
      onRequest: partner,
      schema: {
        tags: ['partner'],
        summary: 'Sends the verification mail again (throttled)',
        security: [{ partner: [] }],
        response: { 200: z.object({ data: z.object({ message: z.string(), verified: z.boolean() }) }) },
      },
    },
    async (request) => {
      const result = await resendVerification(ctx, partnerIdOf(request), request.log);
      return { data: { ...result, message: say(result.message, request) } };
    },
  );

  app.post(
    '/api/password/forgot',
    {
      onRequest: publicClient,
      schema: {
        tags: ['public'],
        summary: 'Mails a password-reset link; the answer never tells whether the account exists',
        security: [{ publicClient: [] }],
        body: schemas.forgotPassword,
        response: { 200: messageAnswer },
      },
    },
    async (request) => ({ data: { message: say(await requestPasswordReset(ctx, request.body.email, request.ip, request.log), request) } }),
  );

  app.post(
    '/api/password/reset',
    {
      onRequest: publicClient,
      schema: {
        tags: ['public'],
        summary: 'Sets a new password from a reset link; ends every session',
        security: [{ publicClient: [] }],
        body: schemas.resetPassword,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      await resetPassword(ctx.db, request.body);
      return { data: { message: say(API_MESSAGES.reset_done, request) } };
    },
  );

  app.post(
    '/api/change-password',
    {
      onRequest: partner,
      schema: {
        tags: ['partner'],
        summary: 'Changes the password (current one required); other sessions end',
        security: [{ partner: [] }],
        body: schemas.changePassword,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      await changePassword(ctx.db, partnerIdOf(request), bearerOf(request)!, request.body);
      return { data: { message: say(API_MESSAGES.password_changed, request) } };
    },
  );

  app.get(
    '/api/get',
    {
      onRequest: partner,
      schema: {
        tags: ['partner'],
        summary: 'The signed-in partner, as the encrypted payload of decisions §5',
        security: [{ partner: [] }],
        response: { 200: payloadAnswer },
      },
    },
    async (request) => ({ data: await userPayload(ctx, await currentPartner(ctx.db, partnerIdOf(request))) }),
  );

  app.post(
    '/api/update',
    {
      onRequest: partner,
      schema: {
        tags: ['partner'],
        summary: 'Saves profile fields; answers the user as /api/get does',
        security: [{ partner: [] }],
        body: schemas.profile,
        response: { 200: payloadAnswer },
      },
    },
    async (request) => {
      const partner = await updateProfile(ctx.db, partnerIdOf(request), request.body);
      // The partner's other tabs and devices reload the profile.
      ctx.push.toPartner(partner.uuid, 'partner_changed', {});
      // A profile now complete earns its badge (the sweep would, later; this is at once).
      pushAwarded((uuid, data) => ctx.push.toPartner(uuid, 'badge_awarded', data), await awardDueBadgesNow(ctx.db, partner.id));
      return { data: await userPayload(ctx, partner) };
    },
  );

  // Referral links (decisions §3, §6): registration with the referrer kept.
  app.get(
    '/r/:code',
    { schema: { hide: true, params: z.object({ code: z.string().max(40) }) } },
    async (request, reply) => {
      const code = await findPromoCode(ctx.db, request.params.code);
      return reply.redirect(code ? `/register?ref=${encodeURIComponent(code.code)}` : '/register', 302);
    },
  );
}
