// What the account routes answer (server/modules/accounts/routes.ts): the registration
// categories (GET /api/categories), the "check your mailbox" and other messages of sign-up
// (PUT /api/add), the password's forgotten, reset and changed forms (POST /api/password/forgot,
// /api/password/reset, /api/change-password), a confirmed address (POST /api/auth/verify_email),
// the verification mail sent again (GET /api/auth/resend_verify_email), and the user as the
// encrypted payload (GET /api/get, POST /api/update), and the contact-details prompt put off
// (POST /api/contact-form/cancel). `GET /r/{code}` answers a redirect.
import { z } from 'zod';
import { dataAnswer } from './answers';
import { amazonLink } from './marketplace';

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

/**
 * The user, as the encrypted payload of docs/product/partners-and-accounts.md#the-profile-payload:
 * once decrypted, a `partnerProfile`.
 */
export const payloadAnswer = z.object({
  data: z.string().describe('The partner profile (`partnerProfile`), encrypted'),
});

/**
 * The partner profile of docs/product/partners-and-accounts.md#the-partner-profile, as the payload
 * holds it once decrypted. The fields the portal's own pages build on are named; the rest of the
 * original portal's fields ride along (a loose object).
 */
export const partnerProfile = z.looseObject({
  uuid: z.string(),
  email: z.string(),
  verified: z.boolean(),
  first_name: z.string(),
  last_name: z.string(),
  locale: z.string(),
  short_url: z.string().nullable(),
  referral_short_url: z.string().nullable(),
  promo_codes: z.array(z.object({ code: z.string(), value: z.number(), commission_rate: z.number() })),
  contact_form_filled: z.boolean(),
  contact_form_cancelled_date: z.string().nullable(),
  amazon_links: z
    .array(amazonLink)
    .describe('The partner’s Amazon link of every product, as GET /api/generateAmazonLinks answers them'),
});

/**
 * The contact-details prompt's state (common/contact-form.ts), as the profile holds it: what
 * `POST /api/contact-form/cancel` answers, for the SPA to put into the profile it keeps.
 */
export const contactFormAnswer = dataAnswer(
  z.object({
    contact_form_filled: z.boolean().describe('A complete shipping address was saved: never asked again'),
    contact_form_cancelled_date: z
      .string()
      .nullable()
      .describe('When "Not now" was last answered (the prompt returns 30 days later), or null'),
  }),
);
