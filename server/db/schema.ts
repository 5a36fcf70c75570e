// The database as Kysely sees it. Portable column types (see docs/decisions/002):
// times are ISO-8601 UTC text, booleans are 0/1 integers, money is integer cents.
import type { StaffRole } from '../../common/staff-roles';
import type { ClaimStatus, SurveyChoice } from '../../common/survey';
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
  /** The month ('YYYY-MM-01') in the program's time zone the partner joined in (migration 031). */
  joined_month: string | null;
  /** The month in the program's time zone of last_login_dt (migration 031). */
  login_month: string | null;
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
  commission_override_bp: number | null;
  amazon_tracking_id: string | null;
  /** `suspended`: cannot sign in or cash out; orders still recorded (docs/product/back-office.md#suspension; migration 018). */
  status: Generated<'active' | 'suspended'>;
  /** Running totals beside the partner, for the back office's list (migration 018, sales/stats.ts). */
  total_sales_cents: Generated<number>;
  total_earned_cents: Generated<number>;
  verified_sales: Generated<number>;
  /** When the PayPal e-mail last replaced another: cash-out waits 72 hours after (migration 035). */
  paypal_email_changed_at: string | null;
}

/** A staff note on a partner (append only; migration 018). */
export interface PartnerNotesTable {
  id: Generated<number>;
  partner_id: number;
  staff_id: number | null;
  body: string;
  created_at: string;
}

/**
 * The back office's search (migration 026, kept by triggers): each partner's name, e-mail and codes
 * folded to lower case, one a line, and every suffix of each (cut to 32 characters) as a key.
 */
export interface PartnerSearchTable {
  partner_id: number;
  folded: string;
}

export interface PartnerSearchKeysTable {
  key: string;
  partner_id: number;
}

export interface StaffUsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  name: string;
  role: StaffRole;
  created_at: string;
  last_login_dt: string | null;
  /** `invited` until the invite is accepted (password_hash is '' meanwhile); `deactivated` cannot sign in. */
  status: Generated<'active' | 'invited' | 'deactivated'>;
  /** The language of the mail the staff member receives (their invite). */
  locale: Generated<string>;
}

/** A staff member's TOTP second factor (migration 024): the sealed secret, on once confirmed. */
export interface StaffTotpTable {
  staff_id: number;
  /** AES-256-GCM of the base32 secret, bound to the staff id (never the secret itself). */
  secret_sealed: string;
  created_at: string;
  /** Null while enrolment waits for its first code. */
  enabled_at: string | null;
  /** The newest time step whose code was accepted: older and equal steps are refused. */
  last_used_step: number | null;
}

/** A single-use recovery code of a staff member's second factor, stored hashed (migration 024). */
export interface StaffRecoveryCodesTable {
  id: Generated<number>;
  staff_id: number;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

/** The second step of a staff sign-in: a hashed token answered for a right password (migration 024). */
export interface StaffSignInChallengesTable {
  id: Generated<number>;
  staff_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A staff invitation link (hashed, single use); a newer one or a deactivation retires it. */
export interface StaffInvitesTable {
  id: Generated<number>;
  staff_id: number;
  token_hash: string;
  invited_by: number | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
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
  /** When its branding last changed (migration 025); null only before that migration ran. */
  updated_at: string | null;
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
  purpose:
    | 'verify_email'
    | 'reset_password'
    | 'oauth_facebook'
    | 'oauth_google'
    | 'connect_instagram'
    | 'connect_facebook';
  subject_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A sign-up waiting for its address to be confirmed; the account is made then (migration 036). */
export interface PendingRegistrationsTable {
  id: Generated<number>;
  email: string;
  token_hash: string;
  password_hash: string;
  /** The sign-up's other fields, as JSON. */
  details: string;
  created_at: string;
  expires_at: string;
}

export interface AltchaUsedTable {
  challenge_id: string;
  expires_at: string;
}

/** IN_PAYOUT: gathered into a payout that is not paid yet (shown to partners as APPROVED's label). */
export type EarningStatus = 'PENDING' | 'APPROVED' | 'IN_PAYOUT' | 'PAID' | 'REJECTED' | 'IN_REVIEW';
export type EarningKind = 'sale' | 'referral' | 'marketplace' | 'bonus' | 'adjustment';

export interface CommissionTiersTable {
  id: Generated<number>;
  min_sales: number;
  rate_bp: number;
}

export interface WebhookDeliveriesTable {
  delivery_id: string;
  topic: string;
  received_at: string;
  body: string;
  processed_at: string | null;
  error: string | null;
  /** 1: the store's test notification (migration 027). */
  test: Generated<number>;
}

export interface WebhookRejectionsTable {
  id: Generated<number>;
  delivery_id: string;
  webhook_id: string | null;
  shop_domain: string | null;
  error_id: string;
  rejected_at: string;
}

export interface OrdersTable {
  id: Generated<number>;
  shopify_order_id: string;
  order_number: string;
  partner_id: number | null;
  discount_code: string | null;
  voucher_id: number | null;
  customer_email: string | null;
  /** The shop's currency (shop money); the amounts below are in the program currency (migration 027). */
  currency: string;
  /** The commission base (docs/product/commissions.md#commission-base) in the program currency. */
  subtotal_cents: number;
  total_cents: number;
  refunded_cents: Generated<number>;
  /** The base and the total in the shop's currency, and the rate they were converted at (null: the same currency). */
  source_subtotal_cents: number | null;
  source_total_cents: number | null;
  fx_rate: string | null;
  /** 1: in a currency without a rate yet, earning nothing until staff release it. */
  awaiting_rate: Generated<number>;
  /** 1: a test order of the store (`test: true`): no partner, no earning, in no figure. */
  test: Generated<number>;
  taxes_included: Generated<number>;
  country_code: string | null;
  geo: 'CA' | 'US' | 'OTHER';
  status: 'created' | 'paid' | 'cancelled';
  placed_at: string;
  paid_at: string | null;
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
  /** The first line item's product and how many line items there are, as recorded with the order (for the lists). */
  first_product: string | null;
  product_count: number;
  /** What the order adds to partner_sales_stats now (see modules/ledger/stats.ts). */
  counted_orders: Generated<number>;
  counted_sales_cents: Generated<number>;
  counted_commission_cents: Generated<number>;
}

export interface PartnerSalesStatsTable {
  partner_id: number;
  period: 'a' | 'm' | 'w';
  start: string;
  /** '' in month and week rows: all regions together. */
  geo: 'CA' | 'US' | 'OTHER' | '';
  orders: number;
  sales_cents: number;
  commission_cents: number;
}

export interface PartnerEarningStatsTable {
  partner_id: number;
  month: string;
  kind: EarningKind;
  status: EarningStatus;
  earnings: number;
  cents: number;
}

/**
 * The program's running totals (migration 022, kept by triggers on the per-partner totals): per UTC
 * month, and all time ('': partners_joined only). Counts and cents may come back as strings from pg.
 */
export interface ProgramMonthStatsTable {
  month: string;
  orders: number;
  sales_cents: number;
  commission_cents: number;
  partners_joined: number;
  /** Partners who sold or signed in during the month (partner_month_activity). */
  partners_active: number;
}

/** partner_earning_stats added up over every partner (migration 022). */
export interface ProgramEarningStatsTable {
  month: string;
  kind: EarningKind;
  status: EarningStatus;
  earnings: number;
  cents: number;
}

/** Whether a partner sold (a counted order) or signed in during a UTC month (migration 022). */
export interface PartnerMonthActivityTable {
  partner_id: number;
  month: string;
  sold: number;
  signed_in: number;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  line_item_id: string;
  product: string;
  sku: string | null;
  quantity: number;
  price_cents: number;
}

export interface RefundsTable {
  id: Generated<number>;
  shopify_refund_id: string;
  shopify_order_id: string;
  /** Its line items' subtotals (gift cards left out), in shop money. */
  amount_cents: number;
  refunded_at: string;
  applied_at: string | null;
  /** The tax of those line items, and what it gave back beyond them (refund_discrepancy, signed), in shop money. */
  tax_cents: Generated<number>;
  discrepancy_cents: Generated<number>;
}

export interface VouchersTable {
  id: Generated<number>;
  partner_id: number;
  code: string;
  type: 'percent' | 'fixed' | 'product';
  /** Basis points for percent, cents for fixed, a count for product. */
  amount: number;
  valid_from: string;
  valid_till: string | null;
  status: 'active' | 'used' | 'expired' | 'revoked';
  issued_by: number | null;
  created_at: string;
}

export interface MarketplaceImportsTable {
  id: Generated<number>;
  file_sha256: string;
  filename: string;
  imported_by: number | null;
  rows_imported: number;
  rows_rejected: number;
  /** Rows an earlier import already brought in, skipped (migration 023; 0 before it). */
  rows_duplicate: Generated<number>;
  created_at: string;
  /** The report's currency, chosen at import (migration 027; null before it: the program's). */
  currency: string | null;
}

/** A line an import rejected: its number, the reason's code and the value it names (migration 023). */
export interface MarketplaceImportLinesTable {
  id: Generated<number>;
  import_id: number;
  line: number;
  reason: string;
  detail: string | null;
}

export interface MarketplaceSalesTable {
  id: Generated<number>;
  partner_id: number;
  import_id: number;
  row_key: string;
  tracking_id: string;
  product: string;
  sale_date: string;
  items: number;
  /** In the program currency; as the report wrote it, and the rate between (null: the same currency), in the next two (migration 027). */
  revenue_cents: number;
  source_revenue_cents: number | null;
  fx_rate: string | null;
  created_at: string;
}

export interface EarningsTable {
  id: Generated<number>;
  partner_id: number;
  kind: EarningKind;
  order_id: number | null;
  marketplace_sale_id: number | null;
  source_key: string;
  base_cents: number;
  rate_bp: number | null;
  amount_cents: number;
  status: EarningStatus;
  hold_until: string | null;
  payout_id: number | null;
  created_at: string;
  updated_at: string;
  /**
   * The instant the earning counts at in the program's calendar (migration 028): its order's
   * payment for an earning of an order, else when it was recorded. Null (a row written around
   * the ledger): created_at.
   */
  dated_at: Generated<string | null>;
}

export interface EarningEventsTable {
  id: Generated<number>;
  earning_id: number;
  at: string;
  from_status: EarningStatus | null;
  to_status: EarningStatus;
  amount_before_cents: number | null;
  amount_after_cents: number;
  reason: string;
  actor: string;
}

export interface NotificationsTable {
  id: Generated<number>;
  partner_id: number;
  kind: 'sale' | 'custom' | 'announcement' | 'payout' | 'badge' | 'challenge' | 'test';
  /** As the partner's mail language says them (the mail digest); the portal says `words`, or the staff message's own. */
  title: string;
  body: string;
  /** The program's own notification: its words as catalog keys and facts (NotificationWords), null for a staff message's copy. */
  words: Generated<string | null>;
  data: string | null;
  dedupe_key: string | null;
  read_at: string | null;
  created_at: string;
  /** The staff message (announcement, custom notification) this is a recipient's copy of. */
  message_id: number | null;
}

export interface StaffMessagesTable {
  id: Generated<number>;
  kind: 'announcement' | 'custom';
  /** JSON: `{ en?: { title, body }, fr?: { title, body } }`. */
  content: string;
  partner_id: number | null;
  author_staff_id: number | null;
  /** How many copies (recipients) the message has. */
  recipients: Generated<number>;
  /** How many of them were read. */
  read_count: Generated<number>;
  created_at: string;
  updated_at: string;
  /** When it was put in the program-mail outbox (null: not yet). */
  mailed_at: string | null;
}

export interface PromotionsTable {
  id: Generated<number>;
  /** JSON: `{ en?: { title, body }, fr?: { title, body } }`. */
  content: string;
  product: string | null;
  starts_on: string;
  ends_on: string;
  author_staff_id: number | null;
  created_at: string;
  updated_at: string;
  /** When it was put in the program-mail outbox (null: not yet). */
  mailed_at: string | null;
}

export type ChallengeMetric = 'sales_count' | 'sales_amount';

export interface ChallengesTable {
  id: Generated<number>;
  /** `YYYY-MM`. */
  month: string;
  content: string;
  metric: ChallengeMetric;
  /** Orders, or cents of sales net of refunds. */
  target: number;
  reward_kind: 'bonus' | 'voucher';
  reward_voucher_type: 'percent' | 'fixed' | null;
  /** Cents (bonus, fixed voucher) or basis points (percent voucher). */
  reward_amount: number;
  author_staff_id: number | null;
  created_at: string;
  updated_at: string;
  /** When it was put in the program-mail outbox (null: not yet). */
  mailed_at: string | null;
}

export interface ChallengeRewardsTable {
  id: Generated<number>;
  challenge_id: number;
  partner_id: number;
  progress: number;
  earning_id: number | null;
  voucher_id: number | null;
  rewarded_at: string;
}

export interface SurveyAnswersTable {
  id: Generated<number>;
  partner_id: number;
  choice: SurveyChoice;
  answered_at: string;
}

export interface ProductClaimsTable {
  id: Generated<number>;
  partner_id: number;
  status: ClaimStatus;
  /** JSON: `{ address_1, address_2, city, state, postal, country }`. */
  address: string;
  note: string | null;
  handled_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  staff_id: number | null;
  action: string;
  entity: string;
  entity_id: string;
  /** JSON of the state before the change; null for a creation. */
  before: string | null;
  /** JSON of the state after the change; null for a deletion. */
  after: string | null;
  created_at: string;
}

export interface BadgeAwardsTable {
  id: Generated<number>;
  partner_id: number;
  badge: string;
  awarded_at: string;
}

/** A partner's program-mail switches (docs/product/engagement.md#mail-a-partner-receives); no row means every switch is on. */
export interface MailPreferencesTable {
  partner_id: number;
  sales_digest: Generated<number>;
  announcements: Generated<number>;
  promotions: Generated<number>;
  challenges: Generated<number>;
  updated_at: string;
}

/** The kinds of program mail: each is one of the partner's switches (`mail_preferences`). */
export type MailKind = 'sales_digest' | 'announcements' | 'promotions' | 'challenges';
/**
 * What an outbox row sends: program mail (its switch governs it), or transactional mail that has
 * no switch and no unsubscribe link (docs/product/engagement.md#mail-a-partner-receives): the payout status mail (decisions/047),
 * the notices of account changes, and the welcome mail after the address is first verified.
 * `kind` is a plain varchar(20), with no CHECK: a new kind needs no migration.
 */
export type OutboxKind = MailKind | 'payout_status' | 'account_change' | 'welcome';

export interface MailOutboxTable {
  id: Generated<number>;
  partner_id: number;
  kind: OutboxKind;
  ref_id: number | null;
  payload: string | null;
  dedupe_key: string;
  run_after: string;
  attempts: Generated<number>;
  locked_until: string | null;
  done_at: string | null;
  outcome: 'sent' | 'unsubscribed' | 'gone' | 'rejected' | null;
  message_id: string | null;
  last_error: string | null;
  created_at: string;
}

export interface MailTokensTable {
  token_hash: string;
  partner_id: number;
  kind: MailKind;
  created_at: string;
}

/** A visit of a partner's short link (docs/product/links-and-integrations.md#short-links); no IP address is kept. */
export interface LinkClicksTable {
  id: Generated<number>;
  partner_id: number;
  promo_code_id: number;
  clicked_at: string;
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  referrer_host: string | null;
  device: 'mobile' | 'tablet' | 'desktop' | 'bot';
}

/** A short-link visitor already counted for a code, by keyed hash, until `expires_at` (migration 034). */
export interface LinkVisitorsTable {
  visitor_key: string;
  expires_at: string;
}

/** The push of a promo code to the Shopify store (docs/product/links-and-integrations.md#discount-push; migration 016). */
export interface StoreCodeSyncsTable {
  promo_code_id: number;
  state: 'pending' | 'created' | 'failed';
  store_id: string | null;
  message: string | null;
  attempts: Generated<number>;
  throttled: Generated<number>;
  next_attempt_at: string | null;
  locked_until: string | null;
  revision: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** The reconciliation with the store: one row, id 1 (issue 30; migration 030). */
export interface StoreReconciliationTable {
  id: number;
  store: string | null;
  locked_until: string | null;
  synced_through: string | null;
  pass_from: string | null;
  pass_started_at: string | null;
  cursor: string | null;
  backfill_state: 'pending' | 'running' | 'done' | null;
  backfill_from: string | null;
  backfill_through: string | null;
  last_run_at: string | null;
  found_orders: Generated<number>;
  found_cancellations: Generated<number>;
  found_refunds: Generated<number>;
  missed_at: string | null;
  missed_orders: Generated<number>;
  missed_cancellations: Generated<number>;
  missed_refunds: Generated<number>;
  last_error: string | null;
  updated_at: string;
}

/** The store an admin connected from the back office: one row, id 1 (issue 30; migration 029). */
/** PayPal webhook transmissions PayPal confirmed, by id and body digest (migration 033). */
/** A change a partner without a password confirms by a link mailed to their address (migration 035). */
export interface AccountChangeRequestsTable {
  id: Generated<number>;
  partner_id: number;
  kind: 'paypal_email' | 'email';
  value: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface PayPalVerifiedTransmissionsTable {
  transmission_id: string;
  body_sha256: string;
  verified_at: string;
}

export interface StoreConnectionTable {
  id: number;
  shop_domain: string;
  admin_token_sealed: string;
  webhook_secret_sealed: string | null;
  /** A Dev Dashboard app's client ID; its token is granted by client credentials (migration 032). */
  client_id: string | null;
  /** When the granted token stops working; null for a token that does not expire (migration 032). */
  token_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

/** What the portal last learnt from the store, and the subscriptions' lease: one row, id 1 (migration 029). */
export interface StoreStatusTable {
  id: number;
  shop_domain: string | null;
  shop_name: string | null;
  currency: string | null;
  scopes: string | null;
  checked_at: string | null;
  check_error: string | null;
  topics: string | null;
  subscriptions_checked_at: string | null;
  subscriptions_error: string | null;
  next_check_at: string;
  locked_until: string | null;
  updated_at: string;
}

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: string;
  run_after: string;
  attempts: Generated<number>;
  locked_until: string | null;
  done_at: string | null;
  last_error: string | null;
  created_at: string;
}

export type PayoutStatus =
  | 'PENDING'
  | 'APPROVED'
  | 'PAID'
  | 'REJECTED'
  | 'IN_REVIEW'
  | 'MANAGER_APPROVED'
  | 'MANAGER_REJECTED'
  | 'MANAGER_IN_REVIEW';

export interface PayoutsTable {
  id: Generated<number>;
  partner_id: number;
  status: PayoutStatus;
  amount_cents: number;
  currency: string;
  paypal_email: string;
  earnings_count: number;
  reason: string | null;
  fraudulent: Generated<number>;
  approved_by: number | null;
  reference: string | null;
  paid_at: string | null;
  created_at: string;
  updated_at: string;
  send_after: string | null;
  send_round: Generated<number>;
  send_attempts: Generated<number>;
  send_locked_until: string | null;
  send_error: string | null;
  paypal_batch_id: string | null;
  paypal_item_id: string | null;
  paypal_status: string | null;
  checked_at: string | null;
}

export interface PayoutEventsTable {
  id: Generated<number>;
  payout_id: number;
  at: string;
  from_status: PayoutStatus | null;
  to_status: PayoutStatus;
  actor_kind: 'partner' | 'staff' | 'system' | 'paypal';
  actor_id: number | null;
  actor_name: string;
  reason: string | null;
}

export interface PayoutItemsTable {
  id: Generated<number>;
  payout_id: number;
  earning_id: number;
  kind: EarningKind;
  order_number: string | null;
  occurred_at: string;
  product: string | null;
  amount_cents: number;
}

export interface InvoiceCountersTable {
  year: number;
  last: number;
}

export interface InvoicesTable {
  id: Generated<number>;
  number: string;
  year: number;
  seq: number;
  partner_id: number;
  payout_id: number;
  amount_cents: number;
  currency: string;
  locale: string;
  billing: string;
  issued_at: string;
}

export interface PartnerIntegrationsTable {
  id: Generated<number>;
  partner_id: number;
  provider: 'instagram' | 'facebook';
  provider_user_id: string;
  username: string | null;
  display_name: string | null;
  picture_url: string | null;
  token_sealed: string;
  token_expires_at: string | null;
  status: 'connected' | 'reconnect';
  status_reason: string | null;
  connected_at: string;
  token_refreshed_at: string;
  synced_at: string | null;
  next_sync_at: string;
  locked_until: string | null;
}

export interface InstagramMediaTable {
  id: Generated<number>;
  partner_id: number;
  media_id: string;
  caption: string | null;
  media_type: string;
  media_url: string | null;
  thumbnail_url: string | null;
  permalink: string;
  posted_at: string;
  like_count: number;
  /** 1 when the owner hid the like count (Instagram answered none): `like_count` is then 0 and not shown. */
  likes_hidden: Generated<number>;
  comments_count: number;
  thumbnail_name: string | null;
  fetched_at: string;
}

export interface Database {
  settings: SettingsTable;
  partners: PartnersTable;
  partner_notes: PartnerNotesTable;
  partner_search: PartnerSearchTable;
  partner_search_keys: PartnerSearchKeysTable;
  staff_users: StaffUsersTable;
  staff_invites: StaffInvitesTable;
  staff_totp: StaffTotpTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_sign_in_challenges: StaffSignInChallengesTable;
  subpartners: SubpartnersTable;
  auth_tokens: AuthTokensTable;
  throttle_events: ThrottleEventsTable;
  promo_codes: PromoCodesTable;
  one_time_tokens: OneTimeTokensTable;
  altcha_used: AltchaUsedTable;
  pending_registrations: PendingRegistrationsTable;
  commission_tiers: CommissionTiersTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_rejections: WebhookRejectionsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  refunds: RefundsTable;
  vouchers: VouchersTable;
  marketplace_imports: MarketplaceImportsTable;
  marketplace_import_lines: MarketplaceImportLinesTable;
  marketplace_sales: MarketplaceSalesTable;
  earnings: EarningsTable;
  earning_events: EarningEventsTable;
  notifications: NotificationsTable;
  badge_awards: BadgeAwardsTable;
  staff_messages: StaffMessagesTable;
  audit_log: AuditLogTable;
  promotions: PromotionsTable;
  challenges: ChallengesTable;
  challenge_rewards: ChallengeRewardsTable;
  survey_answers: SurveyAnswersTable;
  product_claims: ProductClaimsTable;
  jobs: JobsTable;
  mail_preferences: MailPreferencesTable;
  mail_outbox: MailOutboxTable;
  mail_tokens: MailTokensTable;
  link_clicks: LinkClicksTable;
  link_visitors: LinkVisitorsTable;
  store_code_syncs: StoreCodeSyncsTable;
  store_connection: StoreConnectionTable;
  paypal_verified_transmissions: PayPalVerifiedTransmissionsTable;
  account_change_requests: AccountChangeRequestsTable;
  store_status: StoreStatusTable;
  store_reconciliation: StoreReconciliationTable;
  partner_integrations: PartnerIntegrationsTable;
  instagram_media: InstagramMediaTable;
  partner_sales_stats: PartnerSalesStatsTable;
  partner_earning_stats: PartnerEarningStatsTable;
  program_month_stats: ProgramMonthStatsTable;
  program_earning_stats: ProgramEarningStatsTable;
  partner_month_activity: PartnerMonthActivityTable;
  payouts: PayoutsTable;
  payout_events: PayoutEventsTable;
  payout_items: PayoutItemsTable;
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
}

export type Partner = Selectable<PartnersTable>;
export type NewPartner = Insertable<PartnersTable>;
export type PartnerUpdate = Updateable<PartnersTable>;
export type StaffUser = Selectable<StaffUsersTable>;
export type Subpartner = Selectable<SubpartnersTable>;
export type PromoCode = Selectable<PromoCodesTable>;
export type Order = Selectable<OrdersTable>;
export type Earning = Selectable<EarningsTable>;
export type Voucher = Selectable<VouchersTable>;
export type Payout = Selectable<PayoutsTable>;
export type Invoice = Selectable<InvoicesTable>;
