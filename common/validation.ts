// The validation rules of docs/product/errors-and-languages.md#validation-messages and docs/product/partners-and-accounts.md#sign-in-and-sessions, shared by the SPA (react-hook-form)
// and the server (route schemas), so a field is judged the same on both sides. Messages are
// catalog keys (`validation.*`) turned into text by whichever side runs the rule, in the
// visitor's language.
import { z } from 'zod';
import { socialProfileUrl, type SocialNetwork } from './social-handles';

export const VALIDATION_KEYS = [
  'required',
  'email',
  'min',
  'max',
  'password_mismatch',
  'wrong_value',
  'invalid_month',
  'invalid_day',
  'invalid_year',
  'day_wrong_for_month',
  'february_28',
  'age_18_or_over',
  'age_18_or_more',
  'verification',
  'form_invalid',
  'promo_code_format',
  'password_common',
  'url',
  'social_instagram',
  'social_facebook',
  'social_youtube',
  'social_tiktok',
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

/** Turns a key (and its numbers) into the text a person reads. */
export type Say = (key: ValidationKey, params?: { n?: number }) => string;

export const LIMITS = {
  nameMax: 100,
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 128,
  phoneMax: 40,
  urlMax: 500,
  promoCodeMin: 4,
  promoCodeMax: 20,
  minimumAge: 18,
} as const;

export const PROMO_CODE_PATTERN = /^[A-Za-z0-9]{4,20}$/;
/** A phone number as sign-up takes it: digits, spaces, `+ ( ) . -`, at least six of them. */
export const PHONE_PATTERN = /^[+()\d\s.-]{6,}$/;

/** Text without a NUL character (PostgreSQL's text cannot hold one): what every free-text field must be. */
export const noNul = (text: string): boolean => !text.includes('\u0000');

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
export const daysInMonth = (year: number, month: number) =>
  [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;

/** Age in whole years on `today` (UTC calendar), for a real date of birth. */
export function ageOn(birth: { year: number; month: number; day: number }, today: Date): number {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth() + 1;
  const d = today.getUTCDate();
  return y - birth.year - (m < birth.month || (m === birth.month && d < birth.day) ? 1 : 0);
}

/**
 * Checks a date of birth typed as day (DD), month (MM) and year, in the order a person fixes
 * them: month, day, year, the day against the month, then age. Returns the first problem.
 */
export function checkBirthDate(
  parts: { day: string | number; month: string | number; year: string | number },
  today: Date,
): { field: 'day' | 'month' | 'year'; key: ValidationKey } | null {
  const num = (v: string | number) => (typeof v === 'number' ? v : /^\d+$/.test(v.trim()) ? Number(v) : NaN);
  const day = num(parts.day);
  const month = num(parts.month);
  const year = num(parts.year);
  if (!Number.isInteger(month) || month < 1 || month > 12) return { field: 'month', key: 'invalid_month' };
  if (!Number.isInteger(day) || day < 1 || day > 31) return { field: 'day', key: 'invalid_day' };
  if (!Number.isInteger(year) || year < 1900 || year > today.getUTCFullYear())
    return { field: 'year', key: 'invalid_year' };
  if (month === 2 && day === 29 && !isLeap(year)) return { field: 'day', key: 'february_28' };
  if (day > daysInMonth(year, month)) return { field: 'day', key: 'day_wrong_for_month' };
  if (ageOn({ year, month, day }, today) < LIMITS.minimumAge) return { field: 'year', key: 'age_18_or_over' };
  return null;
}

/** `YYYY-MM-DD` into its parts, or null when it is not that shape. */
export function splitIsoDate(value: string): { year: number; month: number; day: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) } : null;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The zod schemas of every identity form, with messages in the caller's language. */
export function identitySchemas(
  say: Say,
  options: { today?: () => Date; isCommonPassword?: (p: string) => boolean } = {},
) {
  const today = options.today ?? (() => new Date());
  const isCommon = options.isCommonPassword ?? (() => false);
  // A value of the wrong type reads as "Wrong value"; an absent one as "This field is required".
  const text = () =>
    z.string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? say('required') : say('wrong_value'),
    });
  const required = (max: number) =>
    text()
      .trim()
      .min(1, say('required'))
      .max(max, say('max', { n: max }));
  const optional = (max: number) =>
    z
      .union([
        z.literal(''),
        z.null(),
        text()
          .trim()
          .max(max, say('max', { n: max })),
      ])
      .optional()
      .transform((v) => (v ? v : null));
  const email = required(LIMITS.emailMax)
    .pipe(z.email(say('email')))
    .transform(normalizeEmail);
  const password = text()
    .min(1, say('required'))
    .min(LIMITS.passwordMin, say('min', { n: LIMITS.passwordMin }))
    .max(LIMITS.passwordMax, say('max', { n: LIMITS.passwordMax }))
    .refine((p) => !isCommon(p), say('password_common'));
  // A social profile as typed (a handle, @handle, an address of the network), kept as the
  // profile's address (common/social-handles.ts); anything else is refused with the network's words.
  const social = (network: SocialNetwork) =>
    optional(LIMITS.urlMax).transform((v, ctx) => {
      if (v === null) return null;
      const url = socialProfileUrl(network, v);
      if (url === null) {
        ctx.issues.push({ code: 'custom', message: say(`social_${network}`), input: v });
        return z.NEVER;
      }
      return url;
    });
  // Empty, these say only that they are required.
  const phone = required(LIMITS.phoneMax).refine((v) => !v || PHONE_PATTERN.test(v), say('wrong_value'));
  const country = text()
    .trim()
    .min(1, say('required'))
    .refine((v) => !v || /^[A-Z]{2}$/.test(v), say('wrong_value'));
  const promoCode = required(LIMITS.promoCodeMax)
    .min(LIMITS.promoCodeMin, say('min', { n: LIMITS.promoCodeMin }))
    .regex(PROMO_CODE_PATTERN, say('promo_code_format'));
  const confirmed = <T extends { password: string; password_confirmation: string }>(schema: z.ZodType<T>) =>
    schema.refine((v) => v.password === v.password_confirmation, {
      message: say('password_mismatch'),
      path: ['password_confirmation'],
    });
  const birthDate = text()
    .min(1, say('required'))
    .superRefine((value, ctx) => {
      const parts = splitIsoDate(value);
      if (!parts) {
        ctx.addIssue({ code: 'custom', message: say('wrong_value') });
        return;
      }
      const problem = checkBirthDate(parts, today());
      if (problem) ctx.addIssue({ code: 'custom', message: say(problem.key) });
    });

  const step1 = z.object({
    first_name: required(LIMITS.nameMax),
    last_name: required(LIMITS.nameMax),
    email,
    password,
    password_confirmation: text().min(1, say('required')),
  });

  return {
    email,
    password,
    promoCode,
    signIn: z.object({ email: required(LIMITS.emailMax), password: text().min(1, say('required')) }),
    registerStep1: confirmed(step1),
    /** The whole `PUT /api/add` body (docs/product/errors-and-languages.md#the-api-conventions). */
    registration: confirmed(
      step1.extend({
        promo_code: promoCode,
        phone,
        date_of_birth: birthDate,
        country,
        category_id: z
          .number({ error: say('required') })
          .int()
          .positive(say('wrong_value')),
        instagram_url: social('instagram'),
        facebook_url: social('facebook'),
        youtube_url: social('youtube'),
        tiktok_url: social('tiktok'),
        accepted_terms: z.literal(true, { error: say('age_18_or_more') }),
        locale: z.enum(['en', 'fr'], { error: say('wrong_value') }).default('en'),
        altcha: text().min(1, say('verification')).max(20_000, say('verification')),
        referral_code: optional(LIMITS.promoCodeMax),
        subpartner: optional(50),
      }),
    ),
    forgotPassword: z.object({ email }),
    /**
     * `POST /api/update`: what a partner edits in settings (sign-up identity stays as registered).
     * What sign-up requires (names, phone, country) cannot be emptied.
     */
    profile: z.object({
      first_name: required(LIMITS.nameMax),
      last_name: required(LIMITS.nameMax),
      // Asked at sign-up, so never emptied here; left out, it stays as it is
      // (docs/product/partners-and-accounts.md#the-partner-profile).
      phone: phone.optional(),
      address_1: optional(200),
      address_2: optional(200),
      city: optional(100),
      state: optional(100),
      postal: optional(20),
      po_box: optional(40),
      country: country.optional(),
      // Left out, the PayPal e-mail stays as it is; empty, it is removed.
      paypal_email: z
        .union([
          z.literal(''),
          z.null(),
          text()
            .trim()
            .max(LIMITS.emailMax, say('max', { n: LIMITS.emailMax })),
        ])
        .transform((v) => (v ? v : null))
        .refine((v) => v === null || z.email().safeParse(v).success, say('email'))
        .transform((v) => (v ? normalizeEmail(v) : null))
        .optional(),
      about: optional(1000),
      instagram_url: social('instagram'),
      facebook_url: social('facebook'),
      youtube_url: social('youtube'),
      tiktok_url: social('tiktok'),
      locale: z.enum(['en', 'fr'], { error: say('wrong_value') }).optional(),
      // Asked again when the PayPal e-mail changes (docs/decisions/063-account-changes.md).
      current_password: z
        .string()
        .max(LIMITS.passwordMax, say('max', { n: LIMITS.passwordMax }))
        .optional(),
    }),
    resetPassword: confirmed(
      z.object({
        token: text().min(1, say('required')).max(200, say('wrong_value')),
        password,
        password_confirmation: text().min(1, say('required')),
      }),
    ),
    // A new account e-mail; the current password unless the partner has none (docs/decisions/063-account-changes.md).
    changeEmail: z.object({
      email,
      current_password: z
        .string()
        .max(LIMITS.passwordMax, say('max', { n: LIMITS.passwordMax }))
        .optional(),
    }),
    changePassword: confirmed(
      z.object({
        current_password: text()
          .min(1, say('required'))
          .max(LIMITS.passwordMax, say('max', { n: LIMITS.passwordMax })),
        password,
        password_confirmation: text().min(1, say('required')),
      }),
    ),
  };
}

export type IdentitySchemas = ReturnType<typeof identitySchemas>;
