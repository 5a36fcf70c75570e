// Partner accounts: registration, e-mail verification, password reset and change, profile
// (docs/product/partner-portal.md#verification-banner, docs/product/partners-and-accounts.md#registration; docs/product/partners-and-accounts.md#passwords, docs/product/commissions.md, docs/product/partners-and-accounts.md#white-label-sub-partners).
import { partnerLinks } from '../links/service';
import { awardedBadges } from '../badges/service';
import { unreadNotifications } from '../dashboard/service';
import { deliverStandingAnnouncements } from '../notifications/service';
import type { z } from 'zod';
import { isCategoryId } from '../../../common/categories';
import {
  CONTACT_FORM_RETURN_MS,
  isCompleteAddress,
  type ContactFormFlags,
} from '../../../common/contact-form';
import { DEFAULT_LOCALE, isLocale } from '../../../common/i18n';
import type { Locale } from '../../../common/i18n';
import { amazonLinks } from '../marketplace/service';
import type { IdentitySchemas } from '../../../common/validation';
import type { AppContext } from '../../context';
import type { Db } from '../../db';
import { isUniqueViolation, nowIso } from '../../db/dialect';
import type { Partner } from '../../db/schema';
import { AppError, invalid } from '../../errors';
import type { ApiMessageKey } from '../../errors';
import { sayKey } from '../../i18n';
import type { MailLog, MailMessage } from '../../integrations/mail/mailer';
import {
  registrationConfirmMail,
  resetPasswordMail,
  signUpAttemptMail,
} from '../../integrations/mail/templates';
import { verifyHumanCheck } from '../altcha/service';
import { hashPassword, verifyPassword } from '../../credentials/passwords';
import { endPartnerSessions, issueToken, SIGN_IN_THROTTLE } from '../auth/service';
import type { IssuedToken } from '../auth/service';
import { hashToken, newToken } from '../../credentials/tokens';
import {
  createPartnerAccount,
  encryptPayload,
  findPartnerByEmail,
  findPartnerById,
  referralsOf,
  toUserJson,
  touchLastLogin,
  updatePartner,
} from '../partners/service';
import {
  codeAvailability,
  createPromoCode,
  findPromoCode,
  promoCodesOf,
  toPromoCodeJson,
} from '../promo-codes/service';
import { currentRateBp } from '../ledger/service';
import { readReferralDefaults } from '../settings/service';
import { requestStoreSync } from '../store-sync/service';
import { findSubpartnerId } from '../subpartners/service';
import { reserveAttempt, tryReserveAttempt } from '../throttle/service';
import { socialProfileOf } from '../integrations/service';
import {
  changePaypalEmail,
  noticePasswordChanged,
  pendingChangesOf,
  type ChangeOutcome,
} from '../account-changes/service';
import {
  findOneTimeToken,
  insertUsedOneTimeToken,
  issueOneTimeToken,
  retireOneTimeTokens,
  useOneTimeToken,
} from '../one-time-tokens/service';
import { sendVerification, VERIFY_LINK_LIFETIME_MS } from '../email-verification/service';
import { queueWelcomeMail } from '../program-mail/service';
import {
  dismissContactForm,
  dropPendingRegistrations,
  findPendingRegistration,
  insertPendingRegistration,
  takePendingRegistration,
} from './repository';

export type RegistrationInput = z.output<IdentitySchemas['registration']>;
export type ProfileInput = z.output<IdentitySchemas['profile']>;

const HOUR = 3600 * 1000;
export const RESET_LINK_LIFETIME_MS = 1 * HOUR;
export const RESET_REPEAT_WINDOW = { limit: 1, windowMs: 10 * 60 * 1000 };
export const RESET_PER_IP = { limit: 20, windowMs: 60 * 60 * 1000 };
export const RESEND_VERIFICATION = { limit: 3, windowMs: 15 * 60 * 1000 };

/**
 * The user JSON of docs/product/partners-and-accounts.md#the-partner-profile, encrypted as docs/product/partners-and-accounts.md#the-profile-payload says.
 * `locale` names the products of the Amazon links: the reader's interface language, else the partner's.
 */
export async function userPayload(ctx: AppContext, partner: Partner, locale?: Locale): Promise<string> {
  // A code shows the rate the partner earns now (tier or staff override), not the one it began with.
  const rate = await currentRateBp(ctx.db, partner);
  const codes = (await promoCodesOf(ctx.db, partner.id)).map((code) => ({
    ...toPromoCodeJson(code),
    commission_rate: rate / 100,
  }));
  const referrals = await referralsOf(ctx.db, partner.id);
  const engagement = {
    badges: await awardedBadges(ctx.db, partner.id),
    bell: await unreadNotifications(ctx.db, partner.id),
  };
  const links = partnerLinks(ctx.config.publicUrl, codes[0]?.code);
  const social = await socialProfileOf(ctx.db, partner.id);
  // The same links as the affiliate links page (GET /api/generateAmazonLinks).
  const amazon = await amazonLinks(
    ctx.db,
    partner.id,
    locale ?? (isLocale(partner.locale) ? partner.locale : DEFAULT_LOCALE),
  );
  // How a change of the PayPal or account e-mail is confirmed, and what already waits for its link
  // (docs/decisions/063-account-changes.md).
  const account = {
    has_password: partner.password_hash !== null,
    pending_changes: await pendingChangesOf(ctx.db, partner.id),
  };
  return encryptPayload(ctx.secrets.userPayloadKey, {
    ...toUserJson(partner, codes, referrals, engagement, links, social, amazon),
    ...account,
  });
}

/** At most one mail per address in 10 minutes from sign-ups, whichever of the two mails it is. */
export const REGISTRATION_MAIL_WINDOW = { limit: 1, windowMs: 10 * 60 * 1000 };

/** What a sign-up keeps until its address is confirmed, besides the address and the password's hash. */
type PendingDetails = Pick<
  RegistrationInput,
  | 'first_name'
  | 'last_name'
  | 'phone'
  | 'date_of_birth'
  | 'country'
  | 'category_id'
  | 'instagram_url'
  | 'facebook_url'
  | 'youtube_url'
  | 'tiktok_url'
  | 'locale'
  | 'promo_code'
  | 'referral_code'
  | 'subpartner'
>;

/**
 * A sign-up (docs/decisions/060-registration-without-oracle.md). The answer is the same whether
 * or not the address has an account, because nothing is made yet: a new address is mailed a link
 * that makes the account and signs it in (`confirmRegistration`); the owner of an existing account
 * is told that someone tried, with the ways back in, and their account is not touched. Both do
 * the same work before answering: the password is hashed (argon2id) either way, one throttle
 * reservation, one sweep of the pending sign-ups, one mail. Another sign-up of the same address
 * within 10 minutes sends nothing (`REGISTRATION_MAIL_WINDOW`); the first link keeps working.
 * Only the fields, the human check and the promo code can be refused: none tells about the address.
 */
export async function registerPartner(
  ctx: AppContext,
  input: RegistrationInput,
  log: { error(obj: object, msg: string): void } & MailLog,
): Promise<void> {
  if (!isCategoryId(input.category_id)) throw invalid({ category_id: ['unknown_category'] });
  if (!(await verifyHumanCheck(ctx.db, ctx.secrets.altchaSecret, input.altcha)))
    throw invalid({ altcha: [sayKey('verification')] });
  if (!(await codeAvailability(ctx.db, input.promo_code)).available)
    throw invalid({ promo_code: ['promo_code_taken'] });

  const email = input.email.trim().toLowerCase();
  const owner = await findPartnerByEmail(ctx.db, email);
  // Hashed for an existing address too, where it is thrown away: the answer takes as long.
  const passwordHash = await hashPassword(input.password);
  const mail = await tryReserveAttempt(ctx.db, [`registration:email:${email}`], REGISTRATION_MAIL_WINDOW);
  if (!mail) return;
  const now = new Date();
  await dropPendingRegistrations(ctx.db, email, nowIso(now));

  let message: MailMessage;
  if (owner) {
    const { publicUrl } = ctx.config;
    message = signUpAttemptMail(
      { email: owner.email, firstName: owner.first_name, locale: owner.locale },
      { signIn: `${publicUrl}/login`, resetPassword: `${publicUrl}/login?forgot=1` },
    );
  } else {
    const details: PendingDetails = {
      first_name: input.first_name,
      last_name: input.last_name,
      phone: input.phone,
      date_of_birth: input.date_of_birth,
      country: input.country,
      category_id: input.category_id,
      instagram_url: input.instagram_url,
      facebook_url: input.facebook_url,
      youtube_url: input.youtube_url,
      tiktok_url: input.tiktok_url,
      locale: input.locale,
      promo_code: input.promo_code,
      referral_code: input.referral_code,
      subpartner: input.subpartner,
    };
    const { token, hash } = newToken();
    await insertPendingRegistration(ctx.db, {
      email,
      token_hash: hash,
      password_hash: passwordHash,
      details: JSON.stringify(details),
      created_at: nowIso(now),
      expires_at: nowIso(new Date(now.getTime() + VERIFY_LINK_LIFETIME_MS)),
    });
    message = registrationConfirmMail(
      { email, locale: input.locale },
      `${ctx.config.publicUrl}/verify_email?token=${token}`,
    );
  }
  try {
    await ctx.mailer.send(message, log);
  } catch (err) {
    // The answer stays the same; the address may sign up again at once.
    log.error({ err }, 'registration mail failed');
    await mail.release();
  }
}

/**
 * Follows the link of a sign-up's mail: makes the account (verified: the link proved the address),
 * its promo code, and a session, as a sign-in answers it. Null when the token is no sign-up's (it
 * may be an e-mail verification's). The code is checked again: nothing held it meanwhile.
 */
export async function confirmRegistration(
  ctx: AppContext,
  token: string,
  password: string | undefined,
  now = new Date(),
): Promise<{ partner: Partner; session: IssuedToken } | null> {
  const row = await findPendingRegistration(ctx.db, hashToken(token));
  if (!row) return null;
  if (row.expires_at <= nowIso(now)) throw new AppError(410, 'link_expired');
  // The password chosen at sign-up, asked again: anyone can sign an address up, and the owner who
  // follows the link must not get an account whose password someone else chose. Wrong guesses are
  // counted as sign-in failures are; nothing is used up until it is right.
  if (!password) throw invalid({ password: ['registration_password'] });
  const attempt = await reserveAttempt(ctx.db, [`registration-confirm:${row.id}`], SIGN_IN_THROTTLE, now);
  if (!(await verifyPassword(row.password_hash, password)))
    throw invalid({ password: ['registration_password_wrong'] });
  await attempt.release();
  const details = JSON.parse(row.details) as PendingDetails;
  // Told to whoever holds the link, that is the address's owner.
  const refuse = async (key: ApiMessageKey): Promise<never> => {
    await takePendingRegistration(ctx.db, row.id);
    throw new AppError(409, key);
  };
  if (await findPartnerByEmail(ctx.db, row.email)) return refuse('email_taken');
  if (!(await codeAvailability(ctx.db, details.promo_code)).available)
    return refuse('registration_code_taken');

  // A referral code that matches nobody, or an unknown sub-partner, is ignored: the person
  // still gets their account.
  const referrer = details.referral_code ? await findPromoCode(ctx.db, details.referral_code) : undefined;
  const subpartnerId = details.subpartner ? await findSubpartnerId(ctx.db, details.subpartner) : undefined;

  let partner: Partner;
  try {
    partner = await ctx.db.transaction().execute(async (trx) => {
      // The link works once, even followed twice at the same moment.
      if (!(await takePendingRegistration(trx, row.id))) throw new AppError(404, 'wrong_link');
      const created = await createPartnerAccount(
        trx,
        {
          email: row.email,
          password_hash: row.password_hash,
          first_name: details.first_name,
          last_name: details.last_name,
          phone: details.phone,
          date_of_birth: details.date_of_birth,
          country: details.country,
          category_id: details.category_id,
          instagram_url: details.instagram_url,
          facebook_url: details.facebook_url,
          youtube_url: details.youtube_url,
          tiktok_url: details.tiktok_url,
          accepted_terms: 1,
          verified: 1,
          locale: details.locale,
          referrer_id: referrer?.partner_id ?? null,
          subpartner_id: subpartnerId ?? null,
          // The program's referral commission for new partners (back-office settings) as it is now.
          ...(await readReferralDefaults(trx)),
        },
        now,
      );
      // The link, followed again, says the address is verified rather than "Wrong link".
      await insertUsedOneTimeToken(trx, {
        purpose: 'verify_email',
        subject_id: created.id,
        token_hash: row.token_hash,
        at: nowIso(now),
      });
      const code = await createPromoCode(trx, created.id, details.promo_code);
      // The code goes to the store as a discount (docs/product/links-and-integrations.md), queued with the code itself.
      await requestStoreSync(trx, code.id, ctx.config);
      // The program's standing announcements greet the new partner in their language.
      await deliverStandingAnnouncements(trx, created.id, details.locale);
      // And the welcome mail, sent once this commits (docs/product/partners-and-accounts.md#welcome-mail).
      await queueWelcomeMail(trx, created.id, now);
      return created;
    });
  } catch (error) {
    // The address or the code was taken by another request at the same moment.
    if (isUniqueViolation(error)) {
      return refuse(
        (await findPartnerByEmail(ctx.db, row.email)) ? 'email_taken' : 'registration_code_taken',
      );
    }
    throw error;
  }
  // "After success the product logs in" (docs/product/errors-and-languages.md#the-api-conventions): following the link is that success.
  await touchLastLogin(ctx.db, partner.id, nowIso(now));
  return { partner, session: await issueToken(ctx.db, 'partner', partner.id, now) };
}

/**
 * Marks the address verified; answers the partner's uuid, and whether it was verified already (a
 * link followed again once its address is verified: said so, not "Wrong link").
 */
export async function verifyEmail(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ uuid: string; already: boolean }> {
  const row = await findOneTimeToken(db, 'verify_email', hashToken(token));
  if (!row) throw new AppError(404, 'wrong_link');
  if (row.used_at) {
    const partner = await findPartnerById(db, row.subject_id);
    if (partner?.verified) return { uuid: partner.uuid, already: true };
    throw new AppError(404, 'wrong_link');
  }
  if (row.expires_at <= nowIso(now)) throw new AppError(410, 'link_expired');
  const partner = await findPartnerById(db, row.subject_id);
  if (!partner) throw new AppError(404, 'account_not_found');
  if (!(await useOneTimeToken(db, row.id, nowIso(now)))) throw new AppError(404, 'wrong_link');
  await db.transaction().execute(async (trx) => {
    await updatePartner(trx, partner.id, { verified: 1, updated_at: nowIso(now) });
    // A first verification welcomes the partner, once (docs/product/partners-and-accounts.md#welcome-mail).
    await queueWelcomeMail(trx, partner.id, now);
  });
  return { uuid: partner.uuid, already: false };
}

export async function resendVerification(
  ctx: AppContext,
  partnerId: number,
  log?: MailLog,
): Promise<{ message: ApiMessageKey; verified: boolean }> {
  const partner = await findPartnerById(ctx.db, partnerId);
  if (!partner) throw new AppError(404, 'account_not_found');
  if (partner.verified) return { message: 'email_validated', verified: true };
  const bucket = [`resend-verification:${partner.id}`];
  await reserveAttempt(ctx.db, bucket, RESEND_VERIFICATION);
  await sendVerification(ctx, partner, log);
  return { message: 'verification_sent', verified: false };
}

/**
 * Always the same neutral answer, whether or not the account exists; a second request for the
 * same address within 10 minutes hears "already sent" (tracked per address, account or not).
 */
export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  ip: string,
  log?: MailLog,
): Promise<ApiMessageKey> {
  // Each request is counted before it is served, so requests sent at once cannot all pass.
  const perIp = await reserveAttempt(ctx.db, [`reset:ip:${ip}`], RESET_PER_IP);
  if (!(await tryReserveAttempt(ctx.db, [`reset:email:${email}`], RESET_REPEAT_WINDOW))) {
    // Nothing is sent for it: as before, it does not count against the address.
    await perIp.release();
    return 'reset_already_sent';
  }
  const partner = await findPartnerByEmail(ctx.db, email);
  if (partner) {
    await retireOneTimeTokens(ctx.db, 'reset_password', partner.id, nowIso());
    const token = await issueOneTimeToken(ctx.db, 'reset_password', partner.id, RESET_LINK_LIFETIME_MS);
    const link = `${ctx.config.publicUrl}/reset_password?token=${token}`;
    await ctx.mailer.send(
      resetPasswordMail(
        { email: partner.email, firstName: partner.first_name, locale: partner.locale },
        link,
      ),
      log,
    );
  }
  return 'reset_sent';
}

/**
 * A reset link's row while it can still set a password; a used one (or one a newer link replaced)
 * is 410 as an expired one is, each with its own words, so the page says so as soon as it opens.
 */
async function usableResetLink(db: Db, token: string, now: Date) {
  const row = await findOneTimeToken(db, 'reset_password', hashToken(token));
  if (!row) throw new AppError(404, 'wrong_link');
  if (row.used_at) throw new AppError(410, 'reset_used');
  if (row.expires_at <= nowIso(now)) throw new AppError(410, 'reset_expired');
  return row;
}

/** Whether a reset link opened now can set a password (the page asks before showing its form). */
export async function checkResetLink(db: Db, token: string, now = new Date()): Promise<void> {
  await usableResetLink(db, token, now);
}

export async function resetPassword(
  ctx: Pick<AppContext, 'db' | 'push'>,
  input: { token: string; password: string },
  now = new Date(),
): Promise<void> {
  const { db } = ctx;
  const row = await usableResetLink(db, input.token, now);
  const partner = await findPartnerById(db, row.subject_id);
  if (!partner) throw new AppError(404, 'account_not_found');
  if (!(await useOneTimeToken(db, row.id, nowIso(now)))) throw new AppError(404, 'wrong_link');
  await updatePartner(db, partner.id, {
    password_hash: await hashPassword(input.password),
    updated_at: nowIso(now),
  });
  // Whoever knew the old password is signed out everywhere, their live sockets closed too.
  ctx.push.endSessions(await endPartnerSessions(db, partner));
  // The partner hears of it, in case it was not them (docs/decisions/063-account-changes.md).
  await noticePasswordChanged(db, partner, 'reset', now);
}

/** Changes the password and ends every other session (and their sockets); this one stays signed in. */
export async function changePassword(
  ctx: Pick<AppContext, 'db' | 'push'>,
  partnerId: number,
  currentToken: string,
  input: { current_password: string; password: string },
): Promise<void> {
  const { db } = ctx;
  const partner = await findPartnerById(db, partnerId);
  if (!partner?.password_hash || !(await verifyPassword(partner.password_hash, input.current_password))) {
    throw invalid({ current_password: ['current_password_wrong'] });
  }
  await updatePartner(db, partner.id, {
    password_hash: await hashPassword(input.password),
    updated_at: nowIso(),
  });
  ctx.push.endSessions(await endPartnerSessions(db, partner, currentToken));
  await noticePasswordChanged(db, partner, 'change');
}

/**
 * Saves the profile. The PayPal e-mail, where the money goes, changes only re-authenticated
 * (server/modules/account-changes/service.ts): with the current password in this request, or
 * for a partner without one through a mailed link, the rest being saved meanwhile.
 */
export async function updateProfile(
  ctx: AppContext,
  partnerId: number,
  input: ProfileInput,
  log?: MailLog,
): Promise<{ partner: Partner; paypal: ChangeOutcome }> {
  const { paypal_email: paypalEmail, current_password: currentPassword, ...rest } = input;
  const before = await findPartnerById(ctx.db, partnerId);
  if (!before) throw new AppError(404, 'account_not_found');
  // The PayPal change first: a wrong password saves nothing.
  const paypal =
    paypalEmail === undefined
      ? ({ done: true } as const)
      : await changePaypalEmail(ctx, before, paypalEmail, currentPassword, log);
  // A complete shipping address ends the contact-details prompt for good, in the save's own
  // transaction (docs/product/partners-and-accounts.md#the-partner-profile).
  const partner = await ctx.db.transaction().execute(async (trx) => {
    const saved = await updatePartner(trx, partnerId, { ...rest, updated_at: nowIso() });
    if (saved.contact_form_filled === 1 || !isCompleteAddress(saved)) return saved;
    return updatePartner(trx, partnerId, { contact_form_filled: 1 });
  });
  return { partner, paypal };
}

/**
 * "Not now" on the dashboard's contact-details prompt: it comes back 30 days after the first
 * dismissal, so a dismissal repeated meanwhile changes nothing (common/contact-form.ts).
 */
export async function putOffContactForm(
  db: Db,
  partnerId: number,
  now = new Date(),
): Promise<ContactFormFlags> {
  const flags = await dismissContactForm(
    db,
    partnerId,
    nowIso(now),
    nowIso(new Date(now.getTime() - CONTACT_FORM_RETURN_MS)),
  );
  if (!flags) throw new AppError(404, 'account_not_found');
  return {
    contact_form_filled: flags.contact_form_filled === 1,
    contact_form_cancelled_date: flags.contact_form_cancelled_date,
  };
}
