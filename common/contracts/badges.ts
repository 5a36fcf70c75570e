// What the badges' route answers (server/modules/badges/routes.ts): the partner's
// GET /api/get_badges, every badge with the partner's progress toward it and when it was awarded.
// docs/product/engagement.md#badges.
import { z } from 'zod';
import { BADGE_IDS, BADGE_METRICS } from '../badges';
import type { BadgeId } from '../badges';
import { dataAnswer } from './answers';

/** A badge as `GET /api/get_badges` answers it. */
export const badgeState = z.object({
  id: z.enum(BADGE_IDS as [BadgeId, ...BadgeId[]]),
  metric: z
    .enum(BADGE_METRICS)
    .describe(
      'What the badge measures: attributed sales, dollars earned, paid cash-outs, profile steps done, challenges met',
    ),
  target: z.number().describe('The measure at which the badge is awarded (dollars for `earned`)'),
  progress: z.number().describe('The measure now, at most the target'),
  awarded_at: z.string().nullable(),
});
export type BadgeState = z.infer<typeof badgeState>;

export const badgesAnswer = dataAnswer(z.array(badgeState));
