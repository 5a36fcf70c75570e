// What the monthly challenges' routes answer (server/modules/challenges/routes.ts): the partner's
// GET /api/getChallenges, and the staff's /api/manager/challenges: a page of them, one read,
// written or changed, and who stands where (GET /api/manager/challenges/{id}/partners). A deleted
// one answers its id as every message does (notifications.ts, whose texts a challenge shares).
// docs/product/engagement.md#monthly-challenges.
import { z } from 'zod';
import { dataAnswer, pagedAnswer } from './answers';
import { messageContent, partnerRef } from './notifications';

export const CHALLENGE_METRICS = ['sales_count', 'sales_amount'] as const;
export const CHALLENGE_METRIC_MEANING =
  'sales_count: a number of sales; sales_amount: dollars of sales net of refunds';
export const REWARD_VOUCHER_TYPES = ['percent', 'fixed'] as const;

const metric = z.enum(CHALLENGE_METRICS).describe(CHALLENGE_METRIC_MEANING);

/** What a partner who meets the target gets, once. */
export const challengeReward = z.union([
  z.object({ kind: z.literal('bonus'), amount: z.number() }),
  z.object({ kind: z.literal('voucher'), type: z.enum(REWARD_VOUCHER_TYPES), amount: z.number() }),
]);

/** A challenge as staff read it, with how many met it and were rewarded. */
export const staffChallenge = z.object({
  id: z.number(),
  month: z.string(),
  content: messageContent,
  metric,
  target: z.number(),
  reward: challengeReward,
  met: z
    .number()
    .describe(
      'Partners at the target by the month’s running totals (a fully refunded order still counts as an order there; the partners list weighs each exactly)',
    ),
  rewarded: z.number().describe('Partners whose reward was paid (once their month’s sales were verified)'),
  created_at: z.string(),
  updated_at: z.string(),
  author: z.string().nullable(),
});
export const staffChallengePage = pagedAnswer(staffChallenge);
export const staffChallengeAnswer = dataAnswer(staffChallenge);

/** A challenge of this month as the partner reads it, with their progress. */
export const partnerChallenge = z.object({
  id: z.number(),
  month: z.string(),
  title: z.string(),
  body: z.string(),
  metric,
  target: z.number(),
  progress: z.number().describe('The partner’s sales this month (count, or dollars), pending ones included'),
  met: z.boolean(),
  reward: challengeReward,
  rewarded_at: z
    .string()
    .nullable()
    .describe('When the reward was paid: once the month’s sales that met the target are verified'),
  ends_at: z.string(),
});
export const partnerChallengesAnswer = dataAnswer(z.array(partnerChallenge));

/** Where a partner stands in a challenge. */
export const challengeStanding = z.object({
  partner: partnerRef,
  progress: z.number(),
  met: z.boolean(),
  rewarded_at: z.string().nullable(),
});
export const challengeStandingPage = pagedAnswer(challengeStanding);
