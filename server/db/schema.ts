// The database as Kysely sees it. Portable column types (see docs/decisions/002):
// times are ISO-8601 UTC text, booleans are 0/1 integers, money is integer cents.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface PartnersTable {
  id: Generated<number>;
  uuid: string;
  email: string;
  password_hash: string | null;
  legacy_username: string | null;
  verified: Generated<number>;
  first_name: string;
  last_name: string;
  last_login_dt: string | null;
  created_at: string;
  updated_at: string;
  phone: string | null;
  address_1: string | null;
  address_2: string | null;
  city: string | null;
  state: string | null;
  postal: string | null;
  po_box: string | null;
  country: string | null;
  paypal_email: string | null;
  user_picture: string | null;
  locale: Generated<string>;
  referral_commission_amount: Generated<number>;
  referral_comission_type: Generated<string>;
  accepted_terms: Generated<number>;
  about: string | null;
  date_of_birth: string | null;
  category_id: number | null;
  instagram_url: string | null;
  facebook_url: string | null;
  youtube_url: string | null;
  tiktok_url: string | null;
  contact_form_cancelled_date: string | null;
  contact_form_filled: Generated<number>;
  referrer_id: number | null;
  subpartner_id: number | null;
}

export interface StaffUsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  name: string;
  role: 'reviewer' | 'manager' | 'admin';
  created_at: string;
  last_login_dt: string | null;
}

export interface SubpartnersTable {
  id: Generated<number>;
  slug: string;
  name: string;
  logo_url: string | null;
  primary_color: string;
  accent_color: string;
  welcome_en: string;
  welcome_fr: string;
  active: Generated<number>;
  created_at: string;
}

export interface AuthTokensTable {
  id: Generated<number>;
  kind: 'partner' | 'staff';
  subject_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface ThrottleEventsTable {
  id: Generated<number>;
  bucket: string;
  created_at: string;
}

export interface PromoCodesTable {
  id: Generated<number>;
  partner_id: number;
  code: string;
  value_bp: number;
  commission_rate_bp: number;
  created_at: string;
}

export interface OneTimeTokensTable {
  id: Generated<number>;
  purpose: 'verify_email' | 'reset_password' | 'oauth_facebook' | 'oauth_google';
  subject_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface AltchaUsedTable {
  challenge_id: string;
  expires_at: string;
}

export interface Database {
  settings: SettingsTable;
  partners: PartnersTable;
  staff_users: StaffUsersTable;
  subpartners: SubpartnersTable;
  auth_tokens: AuthTokensTable;
  throttle_events: ThrottleEventsTable;
  promo_codes: PromoCodesTable;
  one_time_tokens: OneTimeTokensTable;
  altcha_used: AltchaUsedTable;
}

export type Partner = Selectable<PartnersTable>;
export type NewPartner = Insertable<PartnersTable>;
export type PartnerUpdate = Updateable<PartnersTable>;
export type StaffUser = Selectable<StaffUsersTable>;
export type Subpartner = Selectable<SubpartnersTable>;
export type PromoCode = Selectable<PromoCodesTable>;
