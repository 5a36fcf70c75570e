import { awardDueBadgesNow, pushAwarded } from '../badges/service';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { INFLUENCER_CATEGORIES } from '../../../common/categories';
import { identitySchemas } from '../../../common/validation';
import {
  categoriesAnswer,
  contactFormAnswer,
  messageAnswer,
  payloadAnswer,
  resentVerificationAnswer,
  verifiedEmailAnswer,
} from '../../../common/contracts/accounts';
import { noBody } from '../../../common/contracts/answers';
import type { AppContext, TypedApp } from '../../context';
import { i18n, requestLocale, sayApi, sayKey } from '../../i18n';
import type { ApiMessageKey } from '../../i18n';
import { bearerOf, requirePublicClient } from '../../plugins/public-client';
import { isCommonPassword } from '../../credentials/common-passwords';
import { partnerIdOf, requirePartner } from '../auth';
import { currentPartner } from '../auth/service';
import { findPromoCode } from '../promo-codes/service';
import {
  changePassword,
  confirmRegistration,
  registerPartner,
  requestPasswordReset,
  resendVerification,
  checkResetLink,
  putOffContactForm,
  resetPassword,
  updateProfile,
  userPayload,
  verifyEmail,
} from './service';

// Messages are keys here; the error handler says them in the visitor's language.
const schemas = identitySchemas(sayKey, { isCommonPassword });
/** The token of a mailed link (verification, sign-up, reset), as its page sends it back. */
const linkToken = z
  .string({ error: sayKey('required') })
  .min(1, sayKey('required'))
  .max(200, sayKey('wrong_value'));

export function accountRoutes(app: TypedApp, ctx: AppContext): void {
  const publicClient = requirePublicClient(ctx.secrets.publicClientToken);
  const partner = requirePartner(ctx.db);
  const say = (key: ApiMessageKey, request: Pick<FastifyRequest, 'headers'>) =>
    sayApi(key, requestLocale(request));

  app.get(
    '/api/categories',
    {
      onRequest: publicClient,
      schema: {
        tags: ['public'],
        summary: 'Influencer categories offered at registration, in the visitor language',
        security: [{ publicClient: [] }],
        response: { 200: categoriesAnswer },
      },
    },
    async (request) => {
      const lng = requestLocale(request);
      return {
        data: INFLUENCER_CATEGORIES.map((c) => ({ id: c.id, name: i18n.t(`categories.${c.key}`, { lng }) })),
      };
    },
  );

  app.put(
    '/api/add',
    {
      onRequest: publicClient,
      config: { rateLimit: { max: ctx.limits.registration, timeWindow: '1 minute' } },
      schema: {
        tags: ['public'],
        summary: 'Signs a partner up (both registration steps in one call); the mailed link finishes it',
        description:
          'Answers 202 with the same "check your mailbox" message whether or not the address already has an account (docs/decisions/060-registration-without-oracle.md): a new address is mailed a link that makes the account and signs it in (`POST /api/auth/verify_email`); the owner of an existing account is mailed that someone tried, and nothing changes. At most one such mail per address in 10 minutes. Only the fields, the human check (`altcha`) and a taken `promo_code` answer 422.',
        security: [{ publicClient: [] }],
        body: schemas.registration,
        response: { 202: messageAnswer },
      },
    },
    async (request, reply) => {
      await registerPartner(ctx, request.body, request.log);
      return reply.code(202).send({ data: { message: say('registration_sent', request) } });
    },
  );

  app.post(
    '/api/auth/verify_email',
    {
      onRequest: publicClient,
      schema: {
        tags: ['public'],
        summary: 'Confirms an e-mail address from the link of a verification or sign-up mail',
        description:
          'The link of a sign-up mail, with the password chosen at sign-up (422 at `password` without it or when it is wrong, nothing used up), makes the account and answers a session as `/api/auth/get_token` does (`token`, `expired`); 409 when the address got an account or the promo code was taken meanwhile. The link of a verification mail marks the address verified and answers the message alone.',
        security: [{ publicClient: [] }],
        body: z.object({
          token: linkToken,
          // A sign-up's link asks for the password chosen at sign-up (422 at `password` without it or when wrong).
          password: z.string().max(200, sayKey('wrong_value')).optional(),
        }),
        response: { 200: verifiedEmailAnswer },
      },
    },
    async (request) => {
      const confirmed = await confirmRegistration(ctx, request.body.token, request.body.password);
      if (confirmed)
        return { data: { message: say('registration_confirmed', request), ...confirmed.session } };
      const verified = await verifyEmail(ctx.db, request.body.token);
      if (verified.already) return { data: { message: say('email_already_verified', request) } };
      ctx.push.toPartner(verified.uuid, 'partner_changed', {});
      return { data: { message: say('email_validated', request) } };
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
        response: { 200: resentVerificationAnswer },
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
    async (request) => ({
      data: {
        message: say(await requestPasswordReset(ctx, request.body.email, request.ip, request.log), request),
      },
    }),
  );

  app.post(
    '/api/password/reset/check',
    {
      onRequest: publicClient,
      schema: {
        tags: ['public'],
        summary: 'Says whether a reset link can still set a password, before its form is filled',
        description:
          'Uses nothing up. 404 `wrong_link` for a token no link ever had, 410 `reset_used` for a link already used (or replaced by a newer one), 410 `reset_expired` past its hour.',
        security: [{ publicClient: [] }],
        body: z.object({
          token: linkToken,
        }),
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      await checkResetLink(ctx.db, request.body.token);
      return { data: { message: say('reset_link_ok', request) } };
    },
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
      await resetPassword(ctx, request.body);
      return { data: { message: say('reset_done', request) } };
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
      await changePassword(ctx, partnerIdOf(request), bearerOf(request)!, request.body);
      return { data: { message: say('password_changed', request) } };
    },
  );

  app.get(
    '/api/get',
    {
      onRequest: partner,
      schema: {
        tags: ['partner'],
        summary:
          'The signed-in partner, as the encrypted payload of docs/product/partners-and-accounts.md#the-profile-payload',
        security: [{ partner: [] }],
        response: { 200: payloadAnswer },
      },
    },
    async (request) => ({
      data: await userPayload(
        ctx,
        await currentPartner(ctx.db, partnerIdOf(request)),
        requestLocale(request),
      ),
    }),
  );

  app.post(
    '/api/update',
    {
      onRequest: partner,
      schema: {
        tags: ['partner'],
        summary: 'Saves profile fields; answers the user as /api/get does',
        description:
          "A new PayPal e-mail needs `current_password` (422 without it or when it is wrong, nothing saved); a partner without a password is mailed a link to confirm it instead, the rest being saved, and the answer's `pending_changes.paypal_email` says it waits (docs/decisions/063-account-changes.md). Left out, the PayPal e-mail stays as it is.",
        security: [{ partner: [] }],
        body: schemas.profile,
        response: { 200: payloadAnswer },
      },
    },
    async (request) => {
      const { partner } = await updateProfile(ctx, partnerIdOf(request), request.body, request.log);
      // The partner's other tabs and devices reload the profile.
      ctx.push.toPartner(partner.uuid, 'partner_changed', {});
      // A profile now complete earns its badge (the sweep would, later; this is at once).
      pushAwarded(
        (uuid, data) => ctx.push.toPartner(uuid, 'badge_awarded', data),
        await awardDueBadgesNow(ctx.db, partner.id),
      );
      return { data: await userPayload(ctx, partner, requestLocale(request)) };
    },
  );

  app.post(
    '/api/contact-form/cancel',
    {
      onRequest: partner,
      schema: {
        tags: ['partner'],
        summary: 'Puts off the dashboard’s contact-details prompt ("Not now") for 30 days',
        description:
          'Records now as `contact_form_cancelled_date` while the prompt is due (not filled, no dismissal in the last 30 days); called again meanwhile, or once a complete address is saved (`contact_form_filled`), it changes nothing. Answers both flags as `/api/get` then holds them (docs/product/partners-and-accounts.md#the-partner-profile).',
        security: [{ partner: [] }],
        response: { 200: contactFormAnswer },
      },
    },
    async (request) => {
      const me = await currentPartner(ctx.db, partnerIdOf(request));
      const flags = await putOffContactForm(ctx.db, me.id);
      // The partner's other tabs and devices reload the profile and hide the prompt too.
      if (flags.contact_form_cancelled_date !== me.contact_form_cancelled_date)
        ctx.push.toPartner(me.uuid, 'partner_changed', {});
      return { data: flags };
    },
  );

  // Referral links (docs/product/errors-and-languages.md#the-api-conventions, docs/product/commissions.md#referrals): registration with the referrer kept.
  app.get(
    '/r/:code',
    {
      schema: {
        hide: true,
        params: z.object({ code: z.string().max(40) }),
        response: { 302: noBody('To registration, with the referrer’s code when it is known') },
      },
    },
    async (request, reply) => {
      const code = await findPromoCode(ctx.db, request.params.code);
      return reply.redirect(code ? `/register?ref=${encodeURIComponent(code.code)}` : '/register', 302);
    },
  );
}
