// Partners in the back office (docs/product/back-office.md#partners): `/api/manager/partners` and a partner's page for
// every staff role (reviewers read); the changes (PATCH, notes, a code's discount, the verification
// mail, a voucher revoked, a failed push retried) for managers and admins, each audited.
import { z } from 'zod';
import { noNul } from '../../../common/validation';
import { fileRoute, pagedAnswer } from '../../../common/contracts/answers';
import {
  filterChoicesAnswer,
  partnerDetailAnswer,
  partnerListAnswer,
  partnerNoteAnswer,
  partnerParts,
  partnerPromoCodeAnswer,
  verificationResentAnswer,
} from '../../../common/contracts/partner-admin';
import { voucherAnswer } from '../../../common/contracts/vouchers';
import type { AppContext, TypedApp } from '../../context';
import { sayKey } from '../../i18n';
import { sendCsv } from '../../plugins/csv';
import { pagingQuery } from '../../plugins/paging';
import { recordExport } from '../audit/service';
import { requireStaff, staffIdOf } from '../auth';
import { PARTNER_SORTS } from './repository';
import {
  REFERRAL_FIXED_MAX,
  REFERRAL_TYPES,
  addPartnerNote,
  changeCodeDiscount,
  listPartners,
  partnerAudit,
  partnerDetail,
  partnerEarnings,
  partnerFilterChoices,
  partnerNotes,
  partnerPayouts,
  partnerReferrals,
  partnerVouchers,
  partnersCsv,
  resendPartnerVerification,
  retryPromoCodeStoreSync,
  revokePartnerVoucher,
  updatePartnerByStaff,
} from './service';

const wrong = sayKey('wrong_value');
const required = sayKey('required');
// PostgreSQL's text cannot hold a NUL character: refused as input, not a 500 from the database.
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
const uuidParams = z.object({ uuid: uuidParam });

/** At most two decimals, allowing for binary fractions (0.1 + 0.2). */
const hasCents = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
const number = () =>
  z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? required : wrong) });
const percent = (min: number) => number().min(min, wrong).max(100, wrong).refine(hasCents, wrong);
const NOTE_MAX = 2000;
const noteText = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : wrong) })
  .trim()
  .min(1, required)
  .max(NOTE_MAX, sayKey('max', { n: NOTE_MAX }))
  .refine(noNul, wrong);

const yesNo = z.enum(['true', 'false'], { error: wrong }).transform((v) => v === 'true');

/** The list's filters and order, shared by the list and its CSV export. */
const listFilters = z.object({
  q: z
    .string()
    .max(200, wrong)
    .refine(noNul, wrong)
    .optional()
    .describe('A part of the name, the e-mail or a promo code, any case'),
  status: z.enum(['active', 'suspended'], { error: wrong }).optional(),
  subpartner: z
    .string()
    .max(50, wrong)
    .regex(/^[A-Za-z0-9-]+$/, wrong)
    .optional()
    .describe('A sub-partner’s slug, or `none` for partners who came through none'),
  tier: z
    .string()
    .regex(/^(override|\d{1,9})$/, wrong)
    .optional()
    .describe(
      'A tier by the verified sales it starts from (its `min_sales`: the partners whose verified sales are in its range), or `override` (partners with a staff rate)',
    ),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, wrong)
    .transform((c) => c.toUpperCase())
    .optional()
    .describe('ISO 3166-1 alpha-2'),
  verified: yesNo.optional().describe('`true`: e-mail verified; `false`: not'),
  paypal: yesNo.optional().describe('`true`: a PayPal e-mail is registered; `false`: none'),
  sort: z
    .enum(PARTNER_SORTS, { error: wrong })
    .default('-created')
    .describe(
      '`created` (sign-up date), `sales` (all-time sales, net of refunds) or `commissions` (earned: pending, approved, in a payout or paid); a leading `-` for newest or largest first. Default `-created`',
    ),
});

const PATCH_FIELDS = [
  'commission_override',
  'status',
  'referral_commission_amount',
  'referral_comission_type',
  'subpartner',
  'notes',
] as const;

const patchBody = z
  .looseObject({
    commission_override: percent(0)
      .nullable()
      .optional()
      .describe('Percent from 0 to 100 with at most two decimals; null clears it (the tier applies again)'),
    status: z
      .enum(['active', 'suspended'], { error: wrong })
      .optional()
      .describe(
        '`suspended`: the partner cannot sign in or cash out (every session ends); their orders are still recorded',
      ),
    referral_commission_amount: number()
      .int(wrong)
      .min(0, wrong)
      .max(REFERRAL_FIXED_MAX, wrong)
      .optional()
      .describe(
        `A whole number: percent of the referred sale (0 to 100) for \`percent\`, or a fixed amount per sale (0 to ${REFERRAL_FIXED_MAX}) for \`fixed\``,
      ),
    referral_comission_type: z
      .enum(REFERRAL_TYPES, { error: wrong })
      .optional()
      .describe('Spelt as the spec spells it'),
    subpartner: z
      .string({ error: wrong })
      .max(50, wrong)
      .refine(noNul, wrong)
      .nullable()
      .optional()
      .describe('An active sub-partner’s slug, or null for none'),
    notes: noteText
      .optional()
      .describe('A note to add to the partner’s notes (appended, with who and when; see also POST …/notes)'),
  })
  // A field this route does not know is refused, not silently dropped.
  .superRefine((body, ctx) => {
    for (const key of Object.keys(body))
      if (!(PATCH_FIELDS as readonly string[]).includes(key))
        ctx.addIssue({ code: 'custom', path: [key], message: wrong });
  });

/**
 * The answer as JSON without checking it against the route's schema again: the schema documents
 * it and types the handler (the compiler checks the shape), and checking a partner's page or a
 * tab's rows at run time cost about a tenth of the request (decisions/048).
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

export function partnerAdminRoutes(app: TypedApp, ctx: AppContext): void {
  const doc = (summary: string) => ({ tags: ['manager'], summary, security: [{ staff: [] }] });
  const anyStaff = requireStaff(ctx.db);
  const managers = requireStaff(ctx.db, ['manager', 'admin']);

  app.get(
    '/api/manager/partners',
    {
      onRequest: anyStaff,
      // The schema documents the answer and types the handler; checking a page of 20 rows against
      // it again at run time took about 45 µs a request, a third of the page's reads.
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        ...doc(
          'Partners, searched (name, e-mail, promo code), filtered (status, sub-partner, tier, country, verified, PayPal e-mail) and ordered (sign-up date, sales, commissions), paged',
        ),
        querystring: pagingQuery(20).extend(listFilters.shape),
        response: { 200: partnerListAnswer },
      },
    },
    async (request) => listPartners(ctx.db, request.query),
  );

  app.get(
    '/api/manager/partners.csv',
    {
      onRequest: anyStaff,
      schema: {
        ...doc(
          "The partners of the list as CSV, with its filters and in its order, every page: written as it is read (UTF-8, RFC 4180, a header row; a cell that would start a formula is prefixed with ')",
        ),
        querystring: listFilters,
        ...fileRoute('text/csv', 'The partners, one a line, `partners-<date>.csv`'),
      },
    },
    async (request, reply) => {
      const rows = await partnersCsv(ctx.db, request.query);
      await recordExport(ctx.db, staffIdOf(request), 'partners', request.query);
      return sendCsv(reply, 'partners', rows);
    },
  );

  app.get(
    '/api/manager/partners/filters',
    {
      onRequest: anyStaff,
      schema: {
        ...doc(
          'The choices of the list’s filters: the commission tiers as they are now and the sub-partners',
        ),
        response: { 200: filterChoicesAnswer },
      },
    },
    async () => ({ data: await partnerFilterChoices(ctx.db) }),
  );

  app.get(
    '/api/manager/partners/:uuid',
    {
      onRequest: anyStaff,
      serializerCompiler: plainJson,
      schema: {
        ...doc(
          'One partner: profile, status, codes (each with its push to the store), commission (tier or override), referral commission, referrer, figures',
        ),
        params: uuidParams,
        response: { 200: partnerDetailAnswer },
      },
    },
    async (request) => ({ data: await partnerDetail(ctx.db, request.params.uuid, ctx.config) }),
  );

  const pagedRead = <Row extends z.ZodType>(
    path: string,
    summary: string,
    row: Row,
    read: (
      uuid: string,
      paging: { page: number; length: number },
      // Typed by the row's schema: the answer is not checked against it at run time (plainJson).
    ) => Promise<{
      data: z.input<Row>[];
      current_page: number;
      per_page: number;
      last_page: number;
      total: number;
    }>,
  ) =>
    app.get(
      `/api/manager/partners/:uuid/${path}`,
      {
        onRequest: anyStaff,
        serializerCompiler: plainJson,
        schema: {
          ...doc(summary),
          params: uuidParams,
          querystring: pagingQuery(10),
          response: { 200: pagedAnswer(row) },
        },
      },
      async (request) => read(request.params.uuid, request.query),
    );

  pagedRead(
    'earnings',
    'The partner’s earnings, newest first, each with its history (status and amount changes), paged',
    partnerParts.earnings,
    (uuid, paging) => partnerEarnings(ctx.db, uuid, paging),
  );
  pagedRead('payouts', 'The partner’s payouts, newest first, paged', partnerParts.payouts, (uuid, paging) =>
    partnerPayouts(ctx.db, uuid, paging),
  );
  pagedRead(
    'vouchers',
    'The partner’s vouchers, newest first, paged',
    partnerParts.vouchers,
    (uuid, paging) => partnerVouchers(ctx.db, uuid, paging),
  );
  pagedRead(
    'referrals',
    'The partners this partner referred, newest first, paged',
    partnerParts.referrals,
    (uuid, paging) => partnerReferrals(ctx.db, uuid, paging),
  );
  pagedRead(
    'notes',
    'Staff notes on the partner, newest first, each with who and when, paged',
    partnerParts.notes,
    (uuid, paging) => partnerNotes(ctx.db, uuid, paging),
  );
  pagedRead(
    'audit',
    'Staff actions on the partner, their promo codes and their vouchers (the audit log), newest first, with before and after, paged',
    partnerParts.audit,
    (uuid, paging) => partnerAudit(ctx.db, uuid, paging),
  );

  app.patch(
    '/api/manager/partners/:uuid',
    {
      onRequest: managers,
      schema: {
        ...doc(
          'Changes a partner (manager, admin): commission override, status (suspend, reactivate), referral commission, sub-partner, a note. Each change is audited (before, after) in its transaction; a refused one changes nothing',
        ),
        params: uuidParams,
        body: patchBody,
        response: { 200: partnerDetailAnswer },
      },
    },
    async (request) => ({
      data: await updatePartnerByStaff(ctx, staffIdOf(request), request.params.uuid, {
        commission_override: request.body.commission_override,
        status: request.body.status,
        referral_commission_amount: request.body.referral_commission_amount,
        referral_comission_type: request.body.referral_comission_type,
        subpartner: request.body.subpartner,
        notes: request.body.notes,
      }),
    }),
  );

  app.post(
    '/api/manager/partners/:uuid/notes',
    {
      onRequest: managers,
      schema: {
        ...doc('Adds a note to the partner (manager, admin), with who and when; audited'),
        params: uuidParams,
        body: z.object({ body: noteText }),
        response: { 201: partnerNoteAnswer },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        data: await addPartnerNote(ctx.db, staffIdOf(request), request.params.uuid, request.body.body),
      }),
  );

  app.patch(
    '/api/manager/partners/:uuid/promo-codes/:code',
    {
      onRequest: managers,
      schema: {
        ...doc(
          'Changes the customer discount of one of the partner’s codes (manager, admin): its push to the store is queued in the same transaction (when configured); audited',
        ),
        params: z.object({ uuid: uuidParam, code: codeParam }),
        body: z.object({ value: percent(1).describe('Percent from 1 to 100, at most two decimals') }),
        response: { 200: partnerPromoCodeAnswer },
      },
    },
    async (request) => ({
      data: await changeCodeDiscount(ctx.db, {
        uuid: request.params.uuid,
        code: request.params.code,
        value: request.body.value,
        staffId: staffIdOf(request),
        config: ctx.config,
      }),
    }),
  );

  app.post(
    '/api/manager/partners/:uuid/resend-verification',
    {
      onRequest: managers,
      schema: {
        ...doc(
          'Sends the partner’s verification mail again (manager, admin): throttled with the partner’s own resend (429); 409 when already verified; audited',
        ),
        params: uuidParams,
        response: { 200: verificationResentAnswer },
      },
    },
    async (request) => ({
      data: await resendPartnerVerification(ctx, staffIdOf(request), request.params.uuid, request.log),
    }),
  );

  app.post(
    '/api/manager/partners/:uuid/vouchers/:id/revoke',
    {
      onRequest: managers,
      schema: {
        ...doc('Revokes an active voucher of the partner (manager, admin); 409 unless active; audited'),
        params: z.object({
          uuid: uuidParam,
          id: z.coerce.number({ error: wrong }).int(wrong).min(1, wrong).max(2_147_483_647, wrong),
        }),
        response: { 200: voucherAnswer },
      },
    },
    async (request) => ({
      data: await revokePartnerVoucher(ctx.db, staffIdOf(request), request.params.uuid, request.params.id),
    }),
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
        response: { 202: partnerPromoCodeAnswer },
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
