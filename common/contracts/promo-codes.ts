// What the promo codes' route answers (server/modules/promo-codes/routes.ts): whether a desired
// code is free (GET /api/promo-codes/availability), with free variants when it is not.
import { z } from 'zod';
import { dataAnswer } from './answers';

export const promoAvailability = z.object({
  code: z.string(),
  available: z.boolean(),
  suggestions: z.array(z.string()),
});
export const promoAvailabilityAnswer = dataAnswer(promoAvailability);
