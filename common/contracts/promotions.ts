// What the monthly promos' routes answer (server/modules/promotions/routes.ts): the partner's
// GET /api/getPromotions, and the staff's /api/manager/promotions: a page of them, one written or
// rewritten. A deleted one answers its id as every message does (notifications.ts, whose texts a
// promo shares). docs/product/engagement.md#monthly-promos.
import { z } from 'zod';
import { dataAnswer, pagedAnswer } from './answers';
import { messageContent } from './notifications';

/** A promo as staff read it. */
export const staffPromotion = z.object({
  id: z.number(),
  content: messageContent,
  product: z.string().nullable(),
  starts_on: z.string(),
  ends_on: z.string(),
  image_url: z.string().nullable(),
  active: z.boolean().describe('Running today'),
  created_at: z.string(),
  updated_at: z.string(),
  author: z.string().nullable(),
});
export const staffPromotionPage = pagedAnswer(staffPromotion);
export const staffPromotionAnswer = dataAnswer(staffPromotion);

/** A promo running today, as the partner reads it in their language. */
export const partnerPromotion = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  product: z.string().nullable(),
  image_url: z.string().nullable(),
  starts_on: z.string(),
  ends_on: z.string(),
});
export const partnerPromotionsAnswer = dataAnswer(z.array(partnerPromotion));
