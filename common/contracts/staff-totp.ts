// What the second factor's routes answer (server/modules/staff-totp/routes.ts): a staff member's
// own Security page (/api/manager/security...: enrol, confirm, new recovery codes, turn off), the
// admins' switch (/api/manager/security/policy), the staff list with their factors, and the reset
// of a colleague's factor (/api/manager/staff/{id}/totp). docs/decisions/035-staff-totp.md.
import { z } from 'zod';
import { STAFF_ROLES } from '../staff-roles';
import { dataAnswer, pagedAnswer } from './answers';
import { staffStatus } from './staff-admin';

export const securityState = z.object({
  totp: z.object({
    enabled: z.boolean(),
    enabled_at: z.string().nullable(),
    recovery_codes_left: z.number().describe('Unused recovery codes (0 while the factor is off)'),
  }),
  require_totp: z.boolean().describe('Admins require a second factor of every staff member'),
  enrolment_required: z
    .boolean()
    .describe(
      'Required, and this staff member has none yet: every other staff route answers 403 until they set it up',
    ),
});
export const securityStateAnswer = dataAnswer(securityState);

export const enrolmentStart = z.object({
  secret: z.string().describe('The base32 key, to type by hand'),
  otpauth_uri: z.string(),
  qr_code: z.string().describe('An SVG image, as a data: URL'),
});
export const enrolmentStartAnswer = dataAnswer(enrolmentStart);

const recoveryCodes = z
  .array(z.string())
  .describe('Ten single-use codes, `xxxxx-xxxxx`: shown this once, stored hashed');
export const enrolmentConfirmedAnswer = dataAnswer(
  z.object({ enabled_at: z.string(), recovery_codes: recoveryCodes }),
);
export const recoveryCodesAnswer = dataAnswer(z.object({ recovery_codes: recoveryCodes }));

export const totpPolicyAnswer = dataAnswer(z.object({ require_totp: z.boolean() }));

export const staffTwoFactorRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  status: staffStatus,
  two_factor: z.boolean(),
  enabled_at: z.string().nullable(),
  self: z.boolean(),
});
export const staffTwoFactorAnswer = pagedAnswer(staffTwoFactorRow).extend({ require_totp: z.boolean() });

export const totpResetAnswer = dataAnswer(z.object({ two_factor: z.literal(false) }));
