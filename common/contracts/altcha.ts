// What the human check's route answers (server/modules/altcha/routes.ts): a signed ALTCHA
// challenge, in the shape of altcha-lib's `Challenge`, which the ALTCHA widget reads itself.
import { z } from 'zod';

export const altchaChallengeAnswer = z
  .object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      memoryCost: z.number().optional(),
      parallelism: z.number().optional(),
      expiresAt: z.number().optional().describe('When the challenge stops working (seconds since the epoch)'),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    }),
    signature: z.string().optional(),
  })
  .describe('A signed ALTCHA proof-of-work challenge, not wrapped in `data`');
