// What the first-sale survey's routes answer (server/modules/survey/routes.ts): the partner's
// survey (GET /api/survey) and answer (POST /api/survey, with the free-product request it opens),
// and the staff's answers with their counts (GET /api/manager/survey) and the requests, listed
// (GET /api/manager/claims) or changed (PATCH /api/manager/claims/{id}).
// docs/product/engagement.md#first-sale-survey.
import { z } from 'zod';
import { CLAIM_STATUSES, SURVEY_CHOICES } from '../survey';
import { noNul } from '../validation';
import { dataAnswer, pagedAnswer } from './answers';

export const surveyChoice = z.enum(SURVEY_CHOICES);
export const claimStatus = z.enum(CLAIM_STATUSES);

// The shipping address is answered by the same trims, limits and transforms the routes' input
// takes it by (server/modules/survey/routes.ts), which Fastify runs on the way out too: an address
// taken from the profile as it is stored is answered trimmed, an empty second line or state as
// null, and one outside the limits is not answered at all.
const addressLine = (max: number) => z.string().trim().min(1).max(max).refine(noNul);
const optionalAddressLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(noNul)
    .nullish()
    .transform((v) => v || null);

export const shippingAddress = z.object({
  address_1: addressLine(200),
  address_2: optionalAddressLine(200),
  city: addressLine(100),
  state: optionalAddressLine(100),
  postal: addressLine(20),
  country: z.string().regex(/^[A-Z]{2}$/),
});

export const surveyState = z.object({
  offered: z.boolean(),
  choices: z.array(surveyChoice),
  answered: z.object({ choice: surveyChoice, answered_at: z.string() }).nullable(),
  needs_address: z.boolean(),
});
export const surveyStateAnswer = dataAnswer(surveyState);

export const surveyAnswered = z.object({
  choice: surveyChoice,
  claim: z.object({ id: z.number(), status: claimStatus, address: shippingAddress }).nullable(),
});
export const surveyAnsweredAnswer = dataAnswer(surveyAnswered);

export const surveyPartner = z.object({ uuid: z.string(), name: z.string(), email: z.string() });

export const surveyAnswerRow = z.object({
  id: z.number(),
  partner: surveyPartner,
  choice: surveyChoice,
  answered_at: z.string(),
});
export const surveyAnswersAnswer = pagedAnswer(surveyAnswerRow).extend({
  counts: z.record(z.string(), z.number()),
});

export const claim = z.object({
  id: z.number(),
  partner: surveyPartner,
  status: claimStatus,
  address: shippingAddress,
  note: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  handled_by: z.string().nullable(),
});
export const claimsAnswer = pagedAnswer(claim);
export const claimAnswer = dataAnswer(claim);
