// Partner accounts: registration, e-mail verification, password reset and change, profile
// (spec points 4, 5; decisions §4, §6, §10).
import { partnerLinks } from '../links/service';
import { awardedBadges } from '../badges/service';
import { unreadNotifications } from '../dashboard/service';
import { deliverStandingAnnouncements } from '../notifications/service';
import type { z } from 'zod';
import { isCategoryId } from '../../../common/categories';
import type { IdentitySchemas } from '../../../common/validation';
import type { AppContext } from '../../context';
import type { Db } from '../../db';
import { isUniqueViolation, nowIso } from '../../db/dialect';
import type { Partner } from '../../db/schema';
import { API_MESSAGES, AppError, invalid } from '../../errors';
import { sayKey } from '../../i18n';
import type { MailLog } from '../../integrations/mail/mailer';
import { resetPasswordMail, verifyEmailMail } from '../../integrations/mail/templates';
import { verifyHumanCheck } from '../altcha/service';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { endAllSessions, endOtherSessions } from '../auth/service';
import { hashToken, newToken } from '../auth/tokens';
import { createPartnerAccount, findPartnerByEmail, findPartnerById, referralsOf, toUserJson, updatePartner } from '../partners/service';
import { encryptPayload } from '../partners/payload';
import { codeAvailability, createPromoCode, findPromoCode, promoCodesOf, toPromoCodeJson } from '../promo-codes/service';
import { currentRateBp } from '../sales/service';
import { readReferralDefaults } from '../settings/service';
import { requestStoreSync } from '../store-sync/service';
import { findSubpartnerId } from '../subpartners/service';
import { reserveAttempt, tryReserveAttempt } from '../throttle/service';
import { socialProfileOf } from '../integrations/service';
import { sharedStoresOf } from '../../stores';
import type { StateStore } from '../../stores';
import type { OneTimePurpose } from './repository';
import { findOneTimeToken, insertOneTimeToken, retireOneTimeTokens, useOneTimeToken } from './repository';

export type RegistrationInput = z.output<IdentitySchemas['registration']>;
export type ProfileInput = z.output<IdentitySchemas['profile']>;

const HOUR = 3600 * 1000;
export const VERIFY_LINK_LIFETIME_MS = 48 * HOUR;
export const RESET_LINK_LIFETIME_MS = 1 * HOUR;
export const RESET_REPEAT_WINDOW = { limit: 1, windowMs: 10 * 60 * 1000 };
export const RESET_PER_IP = { limit: 20, windowMs: 60 * 60 * 1000 };
export const RESEND_VERIFICATION = { limit: 3, windowMs: 15 * 60 * 1000 };

/** A single-use random token for `purpose`, stored hashed; answers the token itself. */
export async function issueOneTimeToken(db: Db, purpose: OneTimePurpose, subjectId: number, lifetimeMs: number, now = new Date()) {
  const { token, hash } = newToken();
  await stateStoreOf(db, purpose).put(purpose, hash, subjectId, new Date(now.getTime() + lifetimeMs));
  return token;
}

/**
 * OAuth states live ten minutes and are shared state (decisions §1): in Redis with REDIS_URL. The
 * links mailed to partners (verification, reset) are records that must outlive a Redis restart:
 * always in the database.
 */
function stateStoreOf(db: Db, purpose: OneTimePurpose): StateStore {
  const redis = /^(oauth|connect)_/.test(purpose) ? sharedStoresOf(db)?.states : undefined;
  return redis ?? databaseStateStore(db);
}

/** The embedded state store: the one_time_tokens table, used once by a conditional update. */
export function databaseStateStore(db: Db): StateStore {
  return {
    async put(purpose, tokenHash, subjectId, expiresAt) {
      await insertOneTimeToken(db, {
        purpose: purpose as OneTimePurpose,
        subject_id: subjectId,
        token_hash: tokenHash,
        created_at: nowIso(),
        expires_at: expiresAt.toISOString(),
      });
    },
    async take(purpose, tokenHash, now) {
      const row = await findOneTimeToken(db, purpose as OneTimePurpose, tokenHash);
      if (!row || row.used_at || row.expires_at <= nowIso(now)) return null;
      return (await useOneTimeToken(db, row.id, nowIso(now))) ? row.subject_id : null;
    },
  };
}

/** The user JSON of spec point 3, encrypted as decisions §5 says. */
export async function userPayload(ctx: AppContext, partner: Partner): Promise<string> {
  // A code shows the rate the partner earns now (tier or staff override), not the one it began with.
  const rate = await currentRateBp(ctx.db, partner);
  const codes = (await promoCodesOf(ctx.db, partner.id)).map((code) => ({ ...toPromoCodeJson(code), commission_rate: rate / 100 }));
  const referrals = await referralsOf(ctx.db, partner.id);
  const engagement = { badges: await awardedBadges(ctx.db, partner.id), bell: await unreadNotifications(ctx.db, partner.id) };
  const links = partnerLinks(ctx.config.publicUrl, codes[0]?.code);
  const social = await socialProfileOf(ctx.db, partner.id);
  return encryptPayload(ctx.secrets.userPayloadKey, toUserJson(partner, codes, referrals, engagement, links, social));
}

// `log`: the request's, so the mail's line carries its id (decisions/041).
async function sendVerification(ctx: AppContext, partner: Partner, log?: MailLog): Promise<void> {
  const token = await issueOneTimeToken(ctx.db, 'verify_email', partner.id, VERIFY_LINK_LIFETIME_MS);
  const link = `${ctx.config.publicUrl}/verify_email?token=${token}`;
  await ctx.mailer.send(verifyEmailMail({ email: partner.email, firstName: partner.first_name, locale: partner.locale }, link), log);
}

export async function registerPartner(
  ctx: AppContext,
  input: RegistrationInput,
  log: { error(obj: object, msg: string): void } & MailLog,
): Promise<Partner> {
  if (!isCategoryId(input.category_id)) throw invalid({ category_id: [API_MESSAGES.unknown_category] });
  if (!(await verifyHumanCheck(ctx.db, ctx.secrets.altchaSecret, input.altcha))) throw invalid({ altcha: [sayKey('verification')] });

  const errors: Record<string, string[]> = {};
  if (await findPartnerByEmail(ctx.db, input.email)) errors.email = [API_MESSAGES.email_taken];
  if (!(await codeAvailability(ctx.db, input.promo_code)).available) errors.promo_code = [API_MESSAGES.promo_code_taken];
  if (Object.keys(errors).length) throw invalid(errors);

  // A referral code that matches nobody, or an unknown sub-partner, is ignored: the person
  // still gets their account.
  const referrer = input.referral_code ? await findPromoCode(ctx.db, input.referral_code) : undefined;
  const subpartnerId = input.subpartner ? await findSubpartnerId(ctx.db, input.subpartner) : undefined;

  let partner: Partner;
  try {
    partner = await ctx.db.transaction().execute(async (trx) => {
      const created = await createPartnerAccount(trx, {
        email: input.email,
        password: input.password,
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
        accepted_terms: 1,
        locale: input.locale,
        referrer_id: referrer?.partner_id ?? null,
        subpartner_id: subpartnerId ?? null,
        // The program's referral commission for new partners (back-office settings) as it is now.
        ...(await readReferralDefaults(trx)),
      });
      const code = await createPromoCode(trx, created.id, input.promo_code);
      // The code goes to the store as a discount (decisions §14), queued with the code itself.
      await requestStoreSync(trx, code.id, ctx.config);
      // The program's standing announcements greet the new partner in their language.
      await deliverStandingAnnouncements(trx, created.id, input.locale);
      return created;
    });
  } catch (error) {
    // Two registrations racing for the same e-mail or code: the loser hears why.
    if (isUniqueViolation(error)) {
      const again = await findPartnerByEmail(ctx.db, input.email);
      throw invalid(again ? { email: [API_MESSAGES.email_taken] } : { promo_code: [API_MESSAGES.promo_code_taken] });
    }
    throw error;
  }
  // The account exists whatever happens to the mail; the banner lets the partner ask again.
  await sendVerification(ctx, partner, log).catch((err: unknown) => log.error({ err, partner: partner.uuid }, 'verification mail failed'));
  return partner;
}

/** Uses a token once: its subject when it was issued for `purpose`, unused and unexpired. */
export async function consumeOneTimeToken(db: Db, purpose: OneTimePurpose, token: string, now = new Date()): Promise<number | null> {
  return stateStoreOf(db, purpose).take(purpose, hashToken(token), now);
}

/** Marks the address verified; answers the partner's uuid. */
export async function verifyEmail(db: Db, token: string, now = new Date()): Promise<string> {
  const row = await findOneTimeToken(db, 'verify_email', hashToken(token));
  if (!row || row.used_at) throw new AppError(404, API_MESSAGES.wrong_link);
  if (row.expires_at <= nowIso(now)) throw new AppError(410, API_MESSAGES.link_expired);
  const partner = await findPartnerById(db, row.subject_id);
  if (!partner) throw new AppError(404, API_MESSAGES.account_not_found);
  if (!(await useOneTimeToken(db, row.id, nowIso(now)))) throw new AppError(404, API_MESSAGES.wrong_link);
  await updatePartner(db, partner.id, { verified: 1, updated_at: nowIso(now) });
  return partner.uuid;
}

export async function resendVerification(ctx: AppContext, partnerId: number, log?: MailLog): Promise<{ message: string; verified: boolean }> {
  const partner = await findPartnerById(ctx.db, partnerId);
  if (!partner) throw new AppError(404, API_MESSAGES.account_not_found);
  if (partner.verified) return { message: API_MESSAGES.email_validated, verified: true };
  const bucket = [`resend-verification:${partner.id}`];
  await reserveAttempt(ctx.db, bucket, RESEND_VERIFICATION);
  await sendVerification(ctx, partner, log);
  return { message: API_MESSAGES.verification_sent, verified: false };
}

/**
 * Always the same neutral answer, whether or not the account exists; a second request for the
 * same address within 10 minutes hears "already sent" (tracked per address, account or not).
 */
export async function requestPasswordReset(ctx: AppContext, email: string, ip: string, log?: MailLog): Promise<string> {
  // Each request is counted before it is served, so requests sent at once cannot all pass.
  const perIp = await reserveAttempt(ctx.db, [`reset:ip:${ip}`], RESET_PER_IP);
  if (!(await tryReserveAttempt(ctx.db, [`reset:email:${email}`], RESET_REPEAT_WINDOW))) {
    // Nothing is sent for it: as before, it does not count against the address.
    await perIp.release();
    return API_MESSAGES.reset_already_sent;
  }
  const partner = await findPartnerByEmail(ctx.db, email);
  if (partner) {
    await retireOneTimeTokens(ctx.db, 'reset_password', partner.id, nowIso());
    const token = await issueOneTimeToken(ctx.db, 'reset_password', partner.id, RESET_LINK_LIFETIME_MS);
    const link = `${ctx.config.publicUrl}/reset_password?token=${token}`;
    await ctx.mailer.send(resetPasswordMail({ email: partner.email, firstName: partner.first_name, locale: partner.locale }, link), log);
  }
  return API_MESSAGES.reset_sent;
}

export async function resetPassword(db: Db, input: { token: string; password: string }, now = new Date()): Promise<void> {
  const row = await findOneTimeToken(db, 'reset_password', hashToken(input.token));
  if (!row || row.used_at) throw new AppError(404, API_MESSAGES.wrong_link);
  if (row.expires_at <= nowIso(now)) throw new AppError(410, API_MESSAGES.reset_expired);
  const partner = await findPartnerById(db, row.subject_id);
  if (!partner) throw new AppError(404, API_MESSAGES.account_not_found);
  if (!(await useOneTimeToken(db, row.id, nowIso(now)))) throw new AppError(404, API_MESSAGES.wrong_link);
  await updatePartner(db, partner.id, { password_hash: await hashPassword(input.password), updated_at: nowIso(now) });
  // Whoever knew the old password is signed out everywhere.
  await endAllSessions(db, 'partner', partner.id);
}

/** Changes the password and ends every other session; this one stays signed in. */
export async function changePassword(
  db: Db,
  partnerId: number,
  currentToken: string,
  input: { current_password: string; password: string },
): Promise<void> {
  const partner = await findPartnerById(db, partnerId);
  if (!partner?.password_hash || !(await verifyPassword(partner.password_hash, input.current_password))) {
    throw invalid({ current_password: [API_MESSAGES.current_password_wrong] });
  }
  await updatePartner(db, partner.id, { password_hash: await hashPassword(input.password), updated_at: nowIso() });
  await endOtherSessions(db, 'partner', partner.id, currentToken);
}

export async function updateProfile(db: Db, partnerId: number, input: ProfileInput): Promise<Partner> {
  return updatePartner(db, partnerId, { ...input, updated_at: nowIso() });
}
