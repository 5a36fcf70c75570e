// What the account routes answer (server/modules/accounts/routes.ts): the registration
// categories (GET /api/categories), the "check your mailbox" and other messages of sign-up
// (PUT /api/add), the password's forgotten, reset and changed forms (POST /api/password/forgot,
// /api/password/reset, /api/change-password), a confirmed address (POST /api/auth/verify_email),
// the verification mail sent again (GET /api/auth/resend_verify_email), and the user as the
// encrypted payload (GET /api/get, POST /api/update). `GET /r/{code}` answers a redirect.
import { z } from 'zod';
import { dataAnswer } from './answers';

/** An influencer category offered at registration, named in the visitor's language. */
export const category = z.object({ id: z.number(), name: z.string() });
export const categoriesAnswer = dataAnswer(z.array(category));

/** A message said in the visitor's language. */
export const messageAnswer = dataAnswer(z.object({ message: z.string() }));

/** A verification mail's link answers the message; a sign-up mail's link the session too. */
export const verifiedEmailAnswer = dataAnswer(
  z.object({
    message: z.string(),
    token: z.string().optional(),
    expired: z.string().optional(),
  }),
);

export const resentVerificationAnswer = dataAnswer(z.object({ message: z.string(), verified: z.boolean() }));

/** The user, as the encrypted payload of docs/product/partners-and-accounts.md#the-profile-payload. */
export const payloadAnswer = z.object({ data: z.string() });
