// A partner's own changes of what protects their money (issue 31 item 3,
// docs/decisions/063-account-changes.md): the PayPal e-mail and the account e-mail change only
// with the current password in the same request, or, for a partner without one, through a link
// mailed to their current address. Each change, a password change and a new social sign-in are
// told to the partner by mail (to the old address when that is what changed), written into the
// outbox in the change's transaction, and into the partner's history the staff read.
import { maskEmail } from '../../../common/account-changes';
import { normalizeEmail } from '../../../common/validation';
import type { AppContext } from '../../context';
import type { Db } from '../../db';
import { isUniqueViolation, nowIso } from '../../db/dialect';
import type { Partner } from '../../db/schema';
import { AppError, invalid } from '../../errors';
import type { MailLog } from '../../integrations/mail/mailer';
import { accountConfirmMail } from '../../integrations/mail/templates';
import { sendVerification } from '../email-verification/service';
import { recordAudit } from '../audit/service';
import { verifyPassword } from '../../credentials/passwords';
import { hashToken, newToken } from '../../credentials/tokens';
import { findPartnerByEmail, findPartnerById, updatePartner } from '../partners/service';
import { queueAccountChangeMail } from '../program-mail/service';
import { reserveAttempt } from '../throttle/service';
import { SIGN_IN_THROTTLE } from '../auth/service';
import { findChangeRequest, insertChangeRequest, pendingChanges, useChangeRequest } from './repository';

export const CHANGE_LINK_LIFETIME_MS = 60 * 60 * 1000;
/** Links mailed for changes: at most this many a partner in the window, as a resent verification. */
const CHANGE_LINKS = { limit: 3, windowMs: 15 * 60 * 1000 };

type Kind = 'paypal_email' | 'email';
/** The request's log: its mail lines, and what failed to go out. */
type Log = MailLog & { error?(obj: object, msg: string): void };
/** How the partner proved it was them: the password in the request, the mailed link, or (removing a PayPal e-mail without a password) their session. */
type Confirmed = 'password' | 'link' | 'session';

/** What became of a change asked for: made now, or waiting for the link mailed to the partner. */
export type ChangeOutcome = { done: true } | { done: false; mailedTo: string };

/**
 * The re-authentication of a change: the current password, checked here; a partner without a
 * password (a social sign-in only, an imported account) gets the link instead.
 */
async function reauthenticate(
  ctx: AppContext,
  partner: Partner,
  currentPassword: string | null | undefined,
  change: { kind: Kind; value: string },
  log?: Log,
): Promise<ChangeOutcome> {
  if (partner.password_hash) {
    if (!currentPassword) throw invalid({ current_password: ['reauth_required'] });
    // Counted as sign-in failures are: a stolen session must not buy unlimited guesses.
    const attempt = await reserveAttempt(ctx.db, [`reauth:partner:${partner.id}`], SIGN_IN_THROTTLE);
    if (!(await verifyPassword(partner.password_hash, currentPassword)))
      throw invalid({ current_password: ['current_password_wrong'] });
    await attempt.release();
    return { done: true };
  }
  await reserveAttempt(ctx.db, [`account-change:${partner.id}`], CHANGE_LINKS);
  const { token, hash } = newToken();
  const now = new Date();
  await insertChangeRequest(ctx.db, {
    partner_id: partner.id,
    kind: change.kind,
    value: change.value,
    token_hash: hash,
    expires_at: new Date(now.getTime() + CHANGE_LINK_LIFETIME_MS).toISOString(),
    created_at: nowIso(now),
  });
  const link = `${ctx.config.publicUrl}/confirm_change?token=${token}`;
  // A mail that cannot go now leaves the change waiting: the settings say so, and asking again sends a new link.
  await ctx.mailer
    .send(
      accountConfirmMail(
        { email: partner.email, firstName: partner.first_name, locale: partner.locale },
        { kind: change.kind, value: change.value },
        link,
      ),
      log,
    )
    .catch((err: unknown) => log?.error?.({ err }, 'change confirmation mail failed'));
  return { done: false, mailedTo: maskEmail(partner.email) };
}

/**
 * A new PayPal e-mail (or none). Replacing one that was set starts the 72-hour hold of cash-out;
 * so does removing one, so that removing and setting again does not skip it. A partner's first
 * PayPal e-mail holds nothing (there was nowhere else the money went).
 */
export async function changePaypalEmail(
  ctx: AppContext,
  partner: Partner,
  next: string | null,
  currentPassword: string | null | undefined,
  log?: Log,
): Promise<ChangeOutcome> {
  if (next === partner.paypal_email) return { done: true };
  if (next === null) {
    // Removing needs the password too, but no link: a partner without one simply sets another.
    const outcome = partner.password_hash
      ? await reauthenticate(ctx, partner, currentPassword, { kind: 'paypal_email', value: '' })
      : { done: true as const };
    if (outcome.done)
      await applyPaypalEmail(ctx.db, partner, null, partner.password_hash ? 'password' : 'session');
    return outcome;
  }
  const outcome = await reauthenticate(
    ctx,
    partner,
    currentPassword,
    { kind: 'paypal_email', value: next },
    log,
  );
  if (outcome.done) await applyPaypalEmail(ctx.db, partner, next, 'password');
  return outcome;
}

async function applyPaypalEmail(
  db: Db,
  partner: Partner,
  next: string | null,
  confirmed: Confirmed,
  now = new Date(),
): Promise<void> {
  const at = nowIso(now);
  const first = partner.paypal_email === null && partner.paypal_email_changed_at === null;
  await db.transaction().execute(async (trx) => {
    await updatePartner(trx, partner.id, {
      paypal_email: next,
      paypal_email_changed_at: first ? null : at,
      updated_at: at,
    });
    await recordAudit(
      trx,
      {
        staffId: null,
        action: 'account.paypal_email',
        entity: 'partner',
        entityId: partner.uuid,
        before: { paypal_email: partner.paypal_email },
        after: { paypal_email: next, confirmed_by: confirmed },
      },
      at,
    );
    await queueAccountChangeMail(
      trx,
      partner.id,
      `paypal_email:${partner.id}:${at}`,
      next === null
        ? { kind: 'paypal_email_removed', hold: !first }
        : { kind: 'paypal_email', value: maskEmail(next), hold: !first },
      now,
    );
  });
}

/** `POST /api/change-email`: a new account e-mail, to be verified again; the old address is told. */
export async function changeAccountEmail(
  ctx: AppContext,
  partnerId: number,
  input: { email: string; current_password?: string | null | undefined },
  log?: Log,
): Promise<ChangeOutcome> {
  const partner = await findPartnerById(ctx.db, partnerId);
  if (!partner) throw new AppError(404, 'account_not_found');
  const next = normalizeEmail(input.email);
  if (next === partner.email) throw invalid({ email: ['email_same'] });
  if (await findPartnerByEmail(ctx.db, next)) throw invalid({ email: ['email_taken'] });
  const outcome = await reauthenticate(
    ctx,
    partner,
    input.current_password,
    { kind: 'email', value: next },
    log,
  );
  if (outcome.done) await applyAccountEmail(ctx, partner, next, 'password', log);
  return outcome;
}

async function applyAccountEmail(
  ctx: AppContext,
  partner: Partner,
  next: string,
  confirmed: Confirmed,
  log?: Log,
  now = new Date(),
): Promise<void> {
  const at = nowIso(now);
  let changed: Partner;
  try {
    changed = await ctx.db.transaction().execute(async (trx) => {
      const updated = await updatePartner(trx, partner.id, { email: next, verified: 0, updated_at: at });
      await recordAudit(
        trx,
        {
          staffId: null,
          action: 'account.email',
          entity: 'partner',
          entityId: partner.uuid,
          before: { email: partner.email },
          after: { email: next, confirmed_by: confirmed },
        },
        at,
      );
      // To the address that was replaced: the one its owner still reads.
      await queueAccountChangeMail(
        trx,
        partner.id,
        `email:${partner.id}:${at}`,
        { kind: 'email', value: maskEmail(next), to: partner.email },
        now,
      );
      return updated;
    });
  } catch (error) {
    // Taken meanwhile by a registration or another change.
    if (isUniqueViolation(error)) throw invalid({ email: ['email_taken'] });
    throw error;
  }
  // The change is made: a verification mail that fails is asked for again from the banner.
  await sendVerification(ctx, changed, log).catch((err: unknown) =>
    log?.error?.({ err }, 'verification mail failed'),
  );
}

/** `POST /api/auth/confirm_change`: the mailed link of a partner without a password, used once. */
export async function confirmChange(ctx: AppContext, token: string, log?: Log): Promise<Kind> {
  const request = await findChangeRequest(ctx.db, hashToken(token));
  if (!request || request.used_at) throw new AppError(404, 'wrong_link');
  if (request.expires_at <= nowIso()) throw new AppError(410, 'link_expired');
  const partner = await findPartnerById(ctx.db, request.partner_id);
  if (!partner) throw new AppError(404, 'account_not_found');
  if (request.kind === 'email' && (await findPartnerByEmail(ctx.db, request.value)))
    throw new AppError(409, 'email_taken');
  if (!(await useChangeRequest(ctx.db, request.id, nowIso()))) throw new AppError(404, 'wrong_link');
  if (request.kind === 'paypal_email') await applyPaypalEmail(ctx.db, partner, request.value, 'link');
  else await applyAccountEmail(ctx, partner, request.value, 'link', log);
  return request.kind;
}

/** What the settings show as waiting for its link (the masked address it was mailed to is the partner's own). */
export async function pendingChangesOf(
  db: Db,
  partnerId: number,
): Promise<{ paypal_email: string | null; email: string | null }> {
  const rows = await pendingChanges(db, partnerId, nowIso());
  return {
    paypal_email: rows.find((r) => r.kind === 'paypal_email')?.value ?? null,
    email: rows.find((r) => r.kind === 'email')?.value ?? null,
  };
}

/** The partner's password was changed (or reset): told by mail, written into their history. */
export async function noticePasswordChanged(
  db: Db,
  partner: { id: number; uuid: string },
  how: 'change' | 'reset',
  now = new Date(),
): Promise<void> {
  const at = nowIso(now);
  await db.transaction().execute(async (trx) => {
    await recordAudit(
      trx,
      {
        staffId: null,
        action: 'account.password',
        entity: 'partner',
        entityId: partner.uuid,
        after: { confirmed_by: how === 'change' ? 'password' : 'link' },
      },
      at,
    );
    await queueAccountChangeMail(trx, partner.id, `password:${partner.id}:${at}`, { kind: 'password' }, now);
  });
}

/** A sign-in through Facebook or Google: told by mail, in case it was not the partner. */
export async function noticeSocialSignIn(
  db: Db,
  partner: { id: number },
  provider: 'Facebook' | 'Google',
  now = new Date(),
): Promise<void> {
  const at = nowIso(now);
  await queueAccountChangeMail(
    db,
    partner.id,
    `sign_in:${partner.id}:${at}:${provider}`,
    { kind: 'sign_in', provider },
    now,
  );
}
