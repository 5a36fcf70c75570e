// The first-sale survey (docs/product/engagement.md#first-sale-survey): the partner's `GET`/`POST /api/survey`, and the staff's
// answers and free-product requests (manager, admin).
import { z } from 'zod';
import { noNul } from '../../../common/validation';
import { CLAIM_STATUSES, SURVEY_CHOICES } from '../../../common/survey';
import {
  claimAnswer,
  claimsAnswer,
  surveyAnsweredAnswer,
  surveyAnswersAnswer,
  surveyStateAnswer,
} from '../../../common/contracts/survey';
import type { AppContext, TypedApp } from '../../context';
import { sayKey } from '../../i18n';
import { idParams, pagingQuery } from '../../plugins/paging';
import { partnerIdOf, requirePartner, requireStaff, staffIdOf } from '../auth';
import {
  answerSurvey,
  handleClaim,
  listClaims,
  surveyAnswers,
  surveyState,
  type ShippingAddress,
} from './service';

const wrong = sayKey('wrong_value');
const required = sayKey('required');
// PostgreSQL's text cannot hold a NUL character: refused as input, not a 500 from the database.
const line = (max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, sayKey('max', { n: max }))
    .refine(noNul, wrong);
const optionalLine = (max: number) =>
  z
    .string({ error: wrong })
    .trim()
    .max(max, sayKey('max', { n: max }))
    .refine(noNul, wrong)
    .nullish()
    .transform((v) => v || null);
const address = z.object({
  address_1: line(200),
  address_2: optionalLine(200),
  city: line(100),
  state: optionalLine(100),
  postal: line(20),
  country: z.string({ error: required }).regex(/^[A-Z]{2}$/, wrong),
});
const choice = z.enum(SURVEY_CHOICES, { error: (issue) => (issue.input === undefined ? required : wrong) });
const status = z.enum(CLAIM_STATUSES, { error: wrong });

export function surveyRoutes(app: TypedApp, ctx: AppContext): void {
  const partner = requirePartner(ctx.db);
  const manager = requireStaff(ctx.db, ['manager', 'admin']);
  const mine = (summary: string) => ({ tags: ['partner'], summary, security: [{ partner: [] }] });
  const staff = (summary: string) => ({ tags: ['manager'], summary, security: [{ staff: [] }] });

  app.get(
    '/api/survey',
    {
      onRequest: partner,
      schema: {
        ...mine(
          'Whether the first-sale survey is offered (after a first sale, until answered), its choices, the answer if any, and whether a claim would need a shipping address',
        ),
        response: { 200: surveyStateAnswer },
      },
    },
    async (request) => ({ data: await surveyState(ctx.db, partnerIdOf(request)) }),
  );
  app.post(
    '/api/survey',
    {
      onRequest: partner,
      schema: {
        ...mine(
          'Answers the survey once (409 after); `claim_bottles` records a free-product request, to `address` or else the profile’s (then `address` is required)',
        ),
        body: z.object({ choice, address: address.nullish() }),
        response: { 201: surveyAnsweredAnswer },
      },
    },
    async (request, reply) => {
      const body = request.body as {
        choice: (typeof SURVEY_CHOICES)[number];
        address?: ShippingAddress | null;
      };
      return reply.code(201).send({ data: await answerSurvey(ctx.db, partnerIdOf(request), body) });
    },
  );

  app.get(
    '/api/manager/survey',
    {
      onRequest: manager,
      schema: {
        ...staff('The survey’s answers, newest first (paged), and how many chose each answer'),
        querystring: pagingQuery(20),
        response: { 200: surveyAnswersAnswer },
      },
    },
    async (request) => surveyAnswers(ctx.db, request.query.page, request.query.length),
  );
  app.get(
    '/api/manager/claims',
    {
      onRequest: manager,
      schema: {
        ...staff('Free-product requests: open ones first (oldest first), then the handled ones (paged)'),
        querystring: pagingQuery(20).extend({ status: status.optional() }),
        response: { 200: claimsAnswer },
      },
    },
    async (request) => listClaims(ctx.db, request.query),
  );
  app.patch(
    '/api/manager/claims/:id',
    {
      onRequest: manager,
      schema: {
        ...staff(
          'Marks a request shipped or declined, or reopens it, from `expected_status` (409 when it moved meanwhile)',
        ),
        params: idParams,
        body: z.object({ status, note: optionalLine(500), expected_status: status }),
        response: { 200: claimAnswer },
      },
    },
    async (request) => ({
      data: await handleClaim(ctx.db, request.params.id, request.body, staffIdOf(request)),
    }),
  );
}
