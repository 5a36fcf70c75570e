// What the account changes' routes answer (server/modules/account-changes/routes.ts): a change of
// the account e-mail (POST /api/change-email: done at once, or a link mailed) and a change
// confirmed from its mailed link (POST /api/auth/confirm_change). docs/decisions/063-account-changes.md.
import { z } from 'zod';
import { dataAnswer } from './answers';

export const emailChangeAnswer = dataAnswer(
  z.object({
    message: z.string(),
    done: z.boolean().describe('Changed at once (false: a link was mailed to the current address)'),
  }),
);

export const confirmedChangeAnswer = dataAnswer(
  z.object({ message: z.string(), kind: z.enum(['paypal_email', 'email']) }),
);
