// What the sign-in routes answer (server/modules/auth/routes.ts): the bearer tokens, the staff
// second step's challenge, signing out, and the signed-in staff member.
import { z } from 'zod';
import { STAFF_ROLES } from '../staff-roles';
import { dataAnswer } from './answers';

/** A bearer token and when it stops working: not wrapped in `data`. */
export const tokenAnswer = z.object({ token: z.string(), expired: z.string() });

/** A staff member with a second factor: the right password earns this, then the code answers the token. */
export const challengeAnswer = z.object({
  two_factor: z.literal(true),
  challenge: z.string().describe('Single use, for POST /api/manager/auth/two_factor'),
  expired: z.string().describe('When the challenge stops working (5 minutes)'),
});

export const staffSignInAnswer = z.union([tokenAnswer, challengeAnswer]);

/** The session is over. */
export const signedOutAnswer = dataAnswer(z.literal(true));

export const staffRole = z.enum(STAFF_ROLES);

export const currentStaff = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: staffRole,
  two_factor: z
    .object({ enabled: z.boolean(), required: z.boolean() })
    .describe(
      'Their second factor is on; the program requires one (then, while it is off, only enrolment opens)',
    ),
});
export const currentStaffAnswer = dataAnswer(currentStaff);
