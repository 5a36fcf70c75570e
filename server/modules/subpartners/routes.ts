// White-label sub-partners (docs/product/partners-and-accounts.md#white-label-sub-partners): the public branding of `/{slug}`, the
// account's branding of a partner who registered there (`/api/branding`), and the back office's
// `/api/manager/subpartners` (docs/product/back-office.md#staff-roles, issue 13): every staff role reads; managers and
// admins create, change, and upload or remove the logo.
import type { FastifyError } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noNul } from '../../../common/validation';
import { HEX_COLOUR_PATTERN, SUBPARTNER_LIMITS, subpartnerSlugProblem } from '../../../common/subpartners';
import {
  partnerBrandingAnswer,
  publicSubpartnerAnswer,
  subpartnerAnswer,
  subpartnersAnswer,
} from '../../../common/contracts/subpartners';
import type { AppContext, TypedApp } from '../../context';
import { AppError } from '../../errors';
import { sayKey } from '../../i18n';
import { idParams, pagingQuery } from '../../plugins/paging';
import { requirePublicClient } from '../../plugins/public-client';
import { partnerIdOf, requirePartner, requireStaff, staffIdOf } from '../auth';
import { UPLOAD_MAX_BYTES } from '../content/service';
import {
  createSubpartner,
  getPublicSubpartner,
  listSubpartners,
  partnerBranding,
  removeSubpartnerLogo,
  setSubpartnerLogo,
  subpartnerDetail,
  updateSubpartner,
} from './service';

const wrong = sayKey('wrong_value');
const required = sayKey('required');
const missingOrWrong = {
  error: (issue: { input: unknown }) =>
    issue.input === undefined || issue.input === null ? required : wrong,
};
// PostgreSQL's text cannot hold a NUL character: refused as input, not a 500 from the database.

const text = (max: number) =>
  z
    .string(missingOrWrong)
    .trim()
    .max(max, sayKey('max', { n: max }))
    .refine(noNul, wrong);
const name = z
  .string(missingOrWrong)
  .trim()
  .min(1, required)
  .max(SUBPARTNER_LIMITS.nameMax, sayKey('max', { n: SUBPARTNER_LIMITS.nameMax }))
  .refine(noNul, wrong);
const slug = z
  .string(missingOrWrong)
  .trim()
  .toLowerCase()
  .superRefine((value, check) => {
    const problem = subpartnerSlugProblem(value);
    if (problem)
      check.addIssue({
        code: 'custom',
        message:
          problem === 'required'
            ? required
            : problem === 'format'
              ? 'subpartners.slug_format'
              : 'subpartners.slug_reserved',
      });
  })
  .describe(
    'Its address: `/{slug}`, `/{slug}/login`, `/{slug}/register`. Any case (kept lower-case); not a word of the portal’s own pages; unique',
  );
const colour = z
  .string(missingOrWrong)
  .trim()
  .regex(HEX_COLOUR_PATTERN, 'subpartners.colour_format')
  .transform((v) => v.toLowerCase())
  .describe('#rrggbb');
const welcome = text(SUBPARTNER_LIMITS.welcomeMax).describe(
  'Shown above the sign-in and registration forms; both languages or neither',
);
const active = z
  .boolean({ error: wrong })
  .describe('false: its pages answer 404; its partners keep their accounts');

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
        response: { 200: publicSubpartnerAnswer },
      },
    },
    async (request) => ({ data: await getPublicSubpartner(ctx.db, request.params.slug) }),
  );

  app.get(
    '/api/branding',
    {
      onRequest: requirePartner(ctx.db),
      schema: {
        tags: ['partner'],
        summary:
          'The branding of the signed-in partner’s account: the active sub-partner they registered through, else null',
        security: [{ partner: [] }],
        response: { 200: partnerBrandingAnswer },
      },
    },
    async (request) => ({ data: { subpartner: await partnerBranding(ctx.db, partnerIdOf(request)) } }),
  );

  const anyStaff = requireStaff(ctx.db);
  const managers = requireStaff(ctx.db, ['manager', 'admin']);
  const doc = (summary: string) => ({ tags: ['manager'], summary, security: [{ staff: [] }] });
  const base = '/api/manager/subpartners';

  app.get(
    base,
    {
      onRequest: anyStaff,
      schema: {
        ...doc('Sub-partners by name (paged), each with how many partners came through it'),
        querystring: pagingQuery(20).extend({
          q: z
            .string()
            .max(200, wrong)
            .refine(noNul, wrong)
            .optional()
            .describe('A part of the name or the slug, any case'),
          active: z
            .enum(['true', 'false'], { error: wrong })
            .optional()
            .describe('`true`: active ones only; `false`: deactivated ones only'),
        }),
        response: { 200: subpartnersAnswer },
      },
    },
    async (request) => {
      const { q, active: state, page, length } = request.query;
      return listSubpartners(ctx.db, {
        q,
        active: state === undefined ? undefined : state === 'true',
        page,
        length,
      });
    },
  );

  app.get(
    `${base}/:id`,
    {
      onRequest: anyStaff,
      schema: {
        ...doc('One sub-partner, with how many partners came through it'),
        params: idParams,
        response: { 200: subpartnerAnswer },
      },
    },
    async (request) => ({ data: await subpartnerDetail(ctx.db, request.params.id) }),
  );

  app.post(
    base,
    {
      onRequest: managers,
      schema: {
        ...doc(
          'Creates a sub-partner (manager, admin); the logo is uploaded to it afterwards. A slug already taken is a 422 on `slug`',
        ),
        body: z.object({
          slug,
          name,
          primary_color: colour,
          accent_color: colour,
          welcome_en: welcome.default(''),
          welcome_fr: welcome.default(''),
          active: active.default(true),
        }),
        response: { 201: subpartnerAnswer },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createSubpartner(ctx.db, staffIdOf(request), request.body) }),
  );

  app.patch(
    `${base}/:id`,
    {
      onRequest: managers,
      schema: {
        ...doc(
          'Changes any field (manager, admin). A new slug takes effect at once: the old address answers 404. With `base_updated_at`, a sub-partner changed since answers 409',
        ),
        params: idParams,
        body: z.object({
          slug: slug.optional(),
          name: name.optional(),
          primary_color: colour.optional(),
          accent_color: colour.optional(),
          welcome_en: welcome.optional(),
          welcome_fr: welcome.optional(),
          active: active.optional(),
          base_updated_at: z
            .string({ error: wrong })
            .max(40, wrong)
            .optional()
            .describe('The `updated_at` the screen showed'),
        }),
        response: { 200: subpartnerAnswer },
      },
    },
    async (request) => ({
      data: await updateSubpartner(ctx.db, staffIdOf(request), request.params.id, request.body),
    }),
  );

  // The logo takes the image's bytes as the body (not multipart), as the gallery's upload does:
  // up to 10 MB on this route only, parsed as a Buffer only here, and judged by its bytes
  // whatever the declared type.
  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    const asBuffer = { parseAs: 'buffer' as const, bodyLimit: UPLOAD_MAX_BYTES };
    scope.addContentTypeParser(/^image\/[\w.+-]+$/i, asBuffer, (_request, body, done) => done(null, body));
    scope.addContentTypeParser('application/octet-stream', asBuffer, (_request, body, done) =>
      done(null, body),
    );
    // Fastify's own words for these say nothing of the rule; the error handler above this scope
    // still shapes and localizes the answer.
    scope.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError(413, 'content.upload_too_large');
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_EMPTY_TYPE')
        throw new AppError(415, 'content.upload_type');
      throw error;
    });
    scope.post(
      `${base}/:id/logo`,
      {
        onRequest: managers,
        bodyLimit: UPLOAD_MAX_BYTES,
        schema: {
          ...doc(
            'Sets the logo (manager, admin): the image’s bytes as the body (JPEG, PNG or WebP by its bytes, at most 10 MB and 40 megapixels), kept whole within 512×512 with its transparency, as a WebP without metadata served at /api/media/{name}. The logo it replaces is removed',
          ),
          consumes: ['image/jpeg', 'image/png', 'image/webp', 'application/octet-stream'],
          params: idParams,
          response: { 200: subpartnerAnswer },
        },
      },
      async (request) => {
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return { data: await setSubpartnerLogo(ctx, staffIdOf(request), request.params.id, bytes) };
      },
    );
  });

  app.delete(
    `${base}/:id/logo`,
    {
      onRequest: managers,
      schema: {
        ...doc('Removes the logo (manager, admin): the pages show the name’s initial on the primary colour'),
        params: idParams,
        response: { 200: subpartnerAnswer },
      },
    },
    async (request) => ({ data: await removeSubpartnerLogo(ctx, staffIdOf(request), request.params.id) }),
  );
}
