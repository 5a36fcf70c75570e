// Partner accounts as the other modules read and write them: created, found by e-mail or id, their
// sign-in and picture recorded. Registration is accounts', the back office's view partner-admin's
// (docs/product/partners-and-accounts.md#the-partner-profile).
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db';
import { nowIso } from '../../db/dialect';
import type { NewPartner, Partner } from '../../db/schema';
import { hashPassword } from '../../credentials/passwords';
import {
  countPartners,
  findPartnerByEmail,
  findPartnerById,
  insertPartner,
  referralsOf,
  replacePartnerPicture,
  touchLastLogin,
  updatePartner,
} from './repository';

/** The password in clear, or already hashed (a confirmed sign-up kept only its hash). */
export type PartnerInput = Omit<NewPartner, 'id' | 'uuid' | 'password_hash' | 'created_at' | 'updated_at'> &
  ({ password: string; password_hash?: never } | { password_hash: string; password?: never });

export async function createPartnerAccount(db: Db, input: PartnerInput, at = new Date()): Promise<Partner> {
  const { password, password_hash, ...fields } = input;
  const now = nowIso(at);
  return insertPartner(db, {
    ...fields,
    email: fields.email.trim().toLowerCase(),
    uuid: randomUUID(),
    password_hash: password_hash ?? (await hashPassword(password!)),
    created_at: now,
    updated_at: now,
  });
}

export {
  countPartners,
  findPartnerByEmail,
  findPartnerById,
  referralsOf,
  replacePartnerPicture,
  touchLastLogin,
  updatePartner,
};
// The `/api/get` payload's encryption: accounts builds the payload, tests and tools read it back.
export { decryptPayload, encryptPayload } from './payload';

/**
 * The partner as the SPA knows it: every field of docs/product/partners-and-accounts.md#the-partner-profile. Fields whose capabilities come
 * later (integrations, links) hold their empty defaults until then.
 */
export function toUserJson(
  partner: Partner,
  promoCodes: { code: string; value: number; commission_rate: number }[] = [],
  referrals: { email: string; first_name: string; last_name: string }[] = [],
  engagement: { badges: { id: string; awarded_at: string }[]; bell: number } = { badges: [], bell: 0 },
  links: { short_url: string | null; referral_short_url: string | null } = {
    short_url: null,
    referral_short_url: null,
  },
  social: {
    facebook_user: { fb_user_id: string; access_token: null } | null;
    instagram_user: { ig_user_id: string; username: string | null; status: string } | null;
    social_picture: string | null;
  } = { facebook_user: null, instagram_user: null, social_picture: null },
  /** The partner's Amazon link of every product (the marketplace's, docs/product/commissions.md#marketplace). */
  amazonLinks: { product: string; name: string; asin: string; url: string }[] = [],
) {
  return {
    uuid: partner.uuid,
    email: partner.email,
    legacy_username: partner.legacy_username,
    verified: partner.verified === 1,
    first_name: partner.first_name,
    last_name: partner.last_name,
    last_login_dt: partner.last_login_dt,
    created_at: partner.created_at,
    phone: partner.phone,
    address_1: partner.address_1,
    address_2: partner.address_2,
    city: partner.city,
    state: partner.state,
    postal: partner.postal,
    po_box: partner.po_box,
    country: partner.country,
    paypal_email: partner.paypal_email,
    user_picture: partner.user_picture,
    short_url: links.short_url,
    referral_short_url: links.referral_short_url,
    promo_codes: promoCodes,
    // Connected accounts without their tokens (docs/product/links-and-integrations.md#facebook: a token never reaches the browser).
    facebook_user: social.facebook_user,
    instagram_user: social.instagram_user,
    /** The avatar's fallback when there is no picture (docs/product/partner-portal.md#header-and-avatar). */
    social_picture: social.social_picture,
    locale: partner.locale,
    referral_commission_amount: partner.referral_commission_amount,
    referral_comission_type: partner.referral_comission_type,
    referrals,
    accepted_terms: partner.accepted_terms === 1,
    about: partner.about,
    date_of_birth: partner.date_of_birth,
    category_id: partner.category_id,
    instagram_url: partner.instagram_url,
    facebook_url: partner.facebook_url,
    youtube_url: partner.youtube_url,
    tiktok_url: partner.tiktok_url,
    badges: engagement.badges,
    bell_notifications: engagement.bell,
    contact_form_cancelled_date: partner.contact_form_cancelled_date,
    contact_form_filled: partner.contact_form_filled === 1,
    amazon_links: amazonLinks,
  };
}
