// What the staff accounts' routes answer (server/modules/staff-admin/routes.ts): the list, an
// invitation, a change of role or status (admins only), and the invitation page's two public
// calls (who the link is for; accepting it answers a staff token, as signing in does).
import { z } from 'zod';
import { STAFF_ROLES } from '../staff-roles';
import { pagedAnswer } from './answers';

export { tokenAnswer as acceptedInviteAnswer } from './auth';

export const staffStatus = z.enum(['active', 'invited', 'deactivated']);

export const staffAccount = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  status: staffStatus,
  locale: z.string().describe('The language of the mail they receive (their invitation)'),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
  invite: z
    .object({ sent_at: z.string(), expires_at: z.string(), expired: z.boolean() })
    .nullable()
    .describe('The newest invitation, while the account is invited'),
  password_set: z
    .boolean()
    .describe('false until the invitation is accepted: reactivating such an account makes it invited again'),
  self: z.boolean().describe('This row is the staff member asking'),
});

export const staffListAnswer = pagedAnswer(staffAccount).extend({ active_admins: z.number() });

/** An invitation just sent. */
export const invitedStaffAnswer = z.object({
  data: staffAccount,
  mailed: z.boolean().describe('false when the mail could not be sent: resend it'),
});

/** A change of role or status; `mailed` only when the change sent an invitation again. */
export const changedStaffAnswer = z.object({ data: staffAccount, mailed: z.boolean().optional() });

export const inviteDetails = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  expires_at: z.string(),
});
export const inviteDetailsAnswer = z.object({ data: inviteDetails });
