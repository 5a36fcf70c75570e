// Partners in the back office (decisions §11): `/api/manager/partners` for every staff role, and
// the retry of a code's failed push to the store (decisions §14) for managers and admins.
import { z } from 'zod';
import type { AppContext, TypedApp } from '../../context';
import { sayKey } from '../../i18n';
import { pagedAnswer, pagingQuery } from '../../plugins/paging';
import { requireStaff, staffIdOf } from '../auth/guards';
import { listPartners, partnerDetail, retryPromoCodeStoreSync } from './service';

const wrong = sayKey('wrong_value');
// PostgreSQL's text cannot hold a NUL character: refused as input, not a 500 from the database.
const noNul = (v: string) => !v.includes('\u0000');
const uuidParam = z
  .string()
  .max(64, wrong)
  .refine(noNul, wrong)
  .describe('The partner’s uuid (an unknown one answers 404)');
const codeParam = z
  .string()
  .max(40, wrong)
  .refine(noNul, wrong)
  .describe('One of the partner’s promo codes, any case');

const storeSync = z
  .object({
    state: z
      .enum(['off', 'not_pushed', 'pending', 'created', 'failed'])
      .describe(
        'off: the push is not configured; not_pushed: it is, but the code was made before (staff may push it); pending: queued or being retried; created: the store has it as asked; failed: the store refused it or never answered (staff may retry)',
      ),
    store_id: z
      .string()
      .nullable()
      .describe('The store’s id of the discount (gid://shopify/DiscountCodeNode/…)'),
    message: z
      .string()
      .nullable()
      .describe('Why it failed (the store’s own words for a refusal), or why the last attempt did not land'),
    attempts: z.number().describe('Calls to the store since the code was last queued'),
    updated_at: z.string().nullable(),
  })
  .describe('The push of the code to the Shopify store as a discount (decisions §14)');

const promoCodeEntry = z.object({
  code: z.string(),
  value: z.number().describe('Customer discount, percent'),
  commission_rate: z
    .number()
    .describe('What the partner earns now, percent (tier or staff override), as their profile shows it'),
  store_sync: storeSync,
});

const partnerRow = z.object({
  uuid: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  country: z.string().nullable(),
  verified: z.boolean(),
  created_at: z.string(),
  codes: z.array(z.string()),
});

const partnerDetailSchema = z.object({
  uuid: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  country: z.string().nullable(),
  verified: z.boolean(),
  created_at: z.string(),
  last_login_dt: z.string().nullable(),
  paypal_email: z.string().nullable(),
  promo_codes: z.array(promoCodeEntry),
});

export function partnerAdminRoutes(app: TypedApp, ctx: AppContext): void {
  const doc = (summary: string) => ({ tags: ['manager'], summary, security: [{ staff: [] }] });
  const anyStaff = requireStaff(ctx.db);
  const managers = requireStaff(ctx.db, ['manager', 'admin']);

  app.get(
    '/api/manager/partners',
    {
      onRequest: anyStaff,
      schema: {
        ...doc(
          'Partners, newest first, searched by a part of the name, the e-mail or a promo code (any case), paged',
        ),
        querystring: pagingQuery(20).extend({
          q: z.string().max(200, wrong).refine(noNul, wrong).optional(),
        }),
        response: { 200: pagedAnswer(partnerRow) },
      },
    },
    async (request) => listPartners(ctx.db, request.query),
  );

  app.get(
    '/api/manager/partners/:uuid',
    {
      onRequest: anyStaff,
      schema: {
        ...doc('One partner: profile and codes, each code with its push to the store'),
        params: z.object({ uuid: uuidParam }),
        response: { 200: z.object({ data: partnerDetailSchema }) },
      },
    },
    async (request) => ({ data: await partnerDetail(ctx.db, request.params.uuid, ctx.config) }),
  );

  app.post(
    '/api/manager/partners/:uuid/promo-codes/:code/store-sync',
    {
      onRequest: managers,
      schema: {
        ...doc(
          'Pushes a code to the store again after its push failed (manager, admin): due now, audited; 409 unless it failed, or when the push is not configured',
        ),
        params: z.object({ uuid: uuidParam, code: codeParam }),
        response: { 202: z.object({ data: promoCodeEntry }) },
      },
    },
    async (request, reply) => {
      const entry = await retryPromoCodeStoreSync(ctx.db, {
        uuid: request.params.uuid,
        code: request.params.code,
        staffId: staffIdOf(request),
        config: ctx.config,
      });
      return reply.code(202).send({ data: entry });
    },
  );
}
