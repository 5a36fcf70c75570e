// The mail that verifies a partner's address: a single-use link that lives 48 hours. Sent when a
// signed-up partner asks for it again (accounts) and when a partner changes their account e-mail
// (account-changes, docs/decisions/063-account-changes.md).
import type { AppContext } from '../../context';
import type { Partner } from '../../db/schema';
import type { MailLog } from '../../integrations/mail/mailer';
import { verifyEmailMail } from '../../integrations/mail/templates';
import { issueOneTimeToken } from '../one-time-tokens/service';

export const VERIFY_LINK_LIFETIME_MS = 48 * 3600 * 1000;

// `log`: the request's, so the mail's line carries its id (decisions/041).
export async function sendVerification(ctx: AppContext, partner: Partner, log?: MailLog): Promise<void> {
  const token = await issueOneTimeToken(ctx.db, 'verify_email', partner.id, VERIFY_LINK_LIFETIME_MS);
  const link = `${ctx.config.publicUrl}/verify_email?token=${token}`;
  await ctx.mailer.send(
    verifyEmailMail({ email: partner.email, firstName: partner.first_name, locale: partner.locale }, link),
    log,
  );
}
