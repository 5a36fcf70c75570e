// The program's settings. This file: the secrets the operator may leave unset (docs/product/system.md#configuration),
// generated on first start and kept in the database, so every server node of one program agrees on
// them, and the values staff set, read where they are used. Beside it: the program settings and
// commission tiers admins edit (routes.ts), the program currency and its exchange rates
// (currency.ts, currency-routes.ts), the program's time zone (time-zone.ts, time-zone-routes.ts)
// and what every screen formats with (program-routes.ts).
import { randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import { parsePayloadKey } from '../../config';
import { DEFAULT_PROGRAM_SETTINGS, REFERRAL_TYPES } from '../../../common/program-settings';
import type { ProgramSettings, ReferralType } from '../../../common/program-settings';
import type { Db } from '../../db';
import { lockKeys, nowIso } from '../../db/dialect';
import { recordAudit } from '../audit/service';
import {
  commissionTiers,
  insertSettingOnce,
  readSetting,
  readSettings,
  replaceCommissionTiers,
  replaceSetting,
  settingsUpdatedAt,
  startingTierRate,
  writeSettings,
} from './repository';

export { insertSettingOnce, replaceSetting };

export interface ProgramSecrets {
  publicClientToken: string;
  userPayloadKey: Buffer;
  /** Signs the human-check challenges; never leaves the server. */
  altchaSecret: string;
  /** Seals the partners' social tokens (docs/product/links-and-integrations.md). */
  integrationsKey: Buffer;
}

export async function resolveProgramSecrets(db: Db, config: Config): Promise<ProgramSecrets> {
  const publicClientToken =
    config.publicClientToken ??
    (await insertSettingOnce(db, 'public_client_token', randomBytes(32).toString('base64url')));
  const storedKey = config.userPayloadKey
    ? undefined
    : await insertSettingOnce(db, 'user_payload_key', `base64:${randomBytes(32).toString('base64')}`);
  const userPayloadKey = config.userPayloadKey ?? parsePayloadKey(storedKey!);
  if (!userPayloadKey) throw new Error('The stored user_payload_key setting is not a 32-byte base64 key');
  const altchaSecret = await insertSettingOnce(db, 'altcha_hmac_secret', randomBytes(32).toString('hex'));
  const storedIntegrationsKey = config.integrationsKey
    ? undefined
    : await insertSettingOnce(db, 'integrations_key', `base64:${randomBytes(32).toString('base64')}`);
  const integrationsKey = config.integrationsKey ?? parsePayloadKey(storedIntegrationsKey!);
  if (!integrationsKey) throw new Error('The stored integrations_key setting is not a 32-byte base64 key');
  return { publicClientToken, userPayloadKey, altchaSecret, integrationsKey };
}

/** The program's payout rules (docs/product/payouts.md, docs/product/back-office.md#program-settings): staff edit them in the back office's settings. */
export interface PayoutRules {
  minimumCents: number;
  managerThresholdCents: number;
}

export const DEFAULT_PAYOUT_RULES: PayoutRules = { minimumCents: 2_500, managerThresholdCents: 50_000 };

/** Where each payout rule is kept in the settings table. */
export const PAYOUT_RULE_KEYS = {
  minimumCents: 'minimum_payout_cents',
  managerThresholdCents: 'manager_threshold_cents',
} as const;

/** The payout rules from their stored settings (as text, or absent), defaults where unset or unreadable. */
export function payoutRulesOf(stored: Partial<Record<keyof PayoutRules, string | null>>): PayoutRules {
  const cents = (key: keyof PayoutRules) => {
    const value = Number(stored[key] ?? Number.NaN);
    return Number.isSafeInteger(value) && value >= 0 ? value : DEFAULT_PAYOUT_RULES[key];
  };
  return { minimumCents: cents('minimumCents'), managerThresholdCents: cents('managerThresholdCents') };
}

/** The payout rules, in one read. */
export async function readPayoutRules(db: Db): Promise<PayoutRules> {
  const stored = await readSettings(db, Object.values(PAYOUT_RULE_KEYS));
  return payoutRulesOf({
    minimumCents: stored.get(PAYOUT_RULE_KEYS.minimumCents),
    managerThresholdCents: stored.get(PAYOUT_RULE_KEYS.managerThresholdCents),
  });
}

// ---- Program settings and tiers (docs/product/commissions.md#commission-tiers, docs/product/payouts.md, docs/product/back-office.md#program-settings)
//
// Each is read where it is used, when it is used: a change applies to what is recorded after it
// on every node, and what was recorded before keeps what it was recorded with (an earning keeps
// its rate and its hold date, a code its discount).

/** Where each program setting is kept in the settings table (money in cents, rates in basis points). */
export const PROGRAM_SETTING_KEYS = {
  holdingDays: 'holding_period_days',
  minimumCents: PAYOUT_RULE_KEYS.minimumCents,
  managerThresholdCents: PAYOUT_RULE_KEYS.managerThresholdCents,
  marketplaceRateBp: 'marketplace_rate_bp',
  defaultDiscountBp: 'default_discount_bp',
  referralAmount: 'referral_default_amount',
  referralType: 'referral_default_type',
} as const;
type ProgramSettingKey = keyof typeof PROGRAM_SETTING_KEYS;

const toCents = (major: number) => Math.round(major * 100);
const DEFAULT_STORED: Record<ProgramSettingKey, number | string> = {
  holdingDays: DEFAULT_PROGRAM_SETTINGS.holding_period_days,
  minimumCents: DEFAULT_PAYOUT_RULES.minimumCents,
  managerThresholdCents: DEFAULT_PAYOUT_RULES.managerThresholdCents,
  marketplaceRateBp: toCents(DEFAULT_PROGRAM_SETTINGS.marketplace_rate),
  defaultDiscountBp: toCents(DEFAULT_PROGRAM_SETTINGS.default_discount),
  referralAmount: DEFAULT_PROGRAM_SETTINGS.referral_commission_amount,
  referralType: DEFAULT_PROGRAM_SETTINGS.referral_comission_type,
};

/** A stored whole number, or the default when unset or unreadable (a hand edit gone wrong). */
function wholeOf(key: Exclude<ProgramSettingKey, 'referralType'>, stored: string | undefined): number {
  const value = Number(stored ?? Number.NaN);
  return Number.isSafeInteger(value) && value >= 0 ? value : (DEFAULT_STORED[key] as number);
}
const referralTypeOf = (stored: string | undefined): ReferralType =>
  REFERRAL_TYPES.includes(stored as ReferralType)
    ? (stored as ReferralType)
    : DEFAULT_PROGRAM_SETTINGS.referral_comission_type;

/** Days a new earning waits before it can be paid. */
export async function readHoldingPeriodDays(db: Db): Promise<number> {
  return wholeOf('holdingDays', await readSetting(db, PROGRAM_SETTING_KEYS.holdingDays));
}

/** When an earning recorded at `now` ends its holding period. */
export async function holdUntilFrom(db: Db, now: Date): Promise<string> {
  return holdUntilOf(await readSetting(db, PROGRAM_SETTING_KEYS.holdingDays), now);
}

/** The same, from the holding period as stored (read with other settings, settings/currency.ts). */
export function holdUntilOf(storedDays: string | undefined, now: Date): string {
  return new Date(now.getTime() + wholeOf('holdingDays', storedDays) * 86_400_000).toISOString();
}

/** The marketplace commission, in basis points of the revenue. */
export async function readMarketplaceRateBp(db: Db): Promise<number> {
  return wholeOf('marketplaceRateBp', await readSetting(db, PROGRAM_SETTING_KEYS.marketplaceRateBp));
}

/** What a new promo code starts with: the default discount, and the rate of the first tier. */
export async function readNewCodeTerms(db: Db): Promise<{ valueBp: number; commissionRateBp: number }> {
  const [discount, starting] = await Promise.all([
    readSetting(db, PROGRAM_SETTING_KEYS.defaultDiscountBp),
    startingTierRate(db),
  ]);
  return {
    valueBp: wholeOf('defaultDiscountBp', discount),
    commissionRateBp: starting ?? toCents(DEFAULT_PROGRAM_SETTINGS.tiers[0]!.rate),
  };
}

/** The referral commission a new partner's account starts with (staff may change it per partner). */
export async function readReferralDefaults(
  db: Db,
): Promise<{ referral_commission_amount: number; referral_comission_type: ReferralType }> {
  const stored = await readSettings(db, [
    PROGRAM_SETTING_KEYS.referralAmount,
    PROGRAM_SETTING_KEYS.referralType,
  ]);
  return {
    referral_commission_amount: wholeOf('referralAmount', stored.get(PROGRAM_SETTING_KEYS.referralAmount)),
    referral_comission_type: referralTypeOf(stored.get(PROGRAM_SETTING_KEYS.referralType)),
  };
}

/** Every program setting and the tiers, in the API's units. */
async function readProgramSettingsIn(db: Db): Promise<ProgramSettings & { updated_at: string | null }> {
  const keys = Object.values(PROGRAM_SETTING_KEYS);
  const [stored, tiers, updatedAt] = await Promise.all([
    readSettings(db, keys),
    commissionTiers(db),
    settingsUpdatedAt(db, keys),
  ]);
  const get = (key: ProgramSettingKey) => stored.get(PROGRAM_SETTING_KEYS[key]);
  const rules = payoutRulesOf({
    minimumCents: get('minimumCents'),
    managerThresholdCents: get('managerThresholdCents'),
  });
  return {
    holding_period_days: wholeOf('holdingDays', get('holdingDays')),
    minimum_payout: rules.minimumCents / 100,
    manager_threshold: rules.managerThresholdCents / 100,
    marketplace_rate: wholeOf('marketplaceRateBp', get('marketplaceRateBp')) / 100,
    default_discount: wholeOf('defaultDiscountBp', get('defaultDiscountBp')) / 100,
    referral_commission_amount: wholeOf('referralAmount', get('referralAmount')),
    referral_comission_type: referralTypeOf(get('referralType')),
    tiers: tiers.map((tier) => ({ min_sales: tier.min_sales, rate: tier.rate_bp / 100 })),
    updated_at: updatedAt,
  };
}

/**
 * The program settings as one consistent picture: on PostgreSQL its reads share one snapshot, so
 * a change committed between them cannot show half (SQLite's read transaction does the same).
 */
export function readProgramSettings(db: Db): Promise<ProgramSettings & { updated_at: string | null }> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute((trx) => readProgramSettingsIn(trx));
}

/** Serializes the changes of the settings on PostgreSQL (SQLite's writer holds the database anyway). */
const SETTINGS_LOCK = 0x7365;

/**
 * Replaces every program setting and the whole tier table at once, with the audit line of the
 * change (before and after), in one transaction. Changes made together queue on a lock taken
 * first, so each replaces what the one before it wrote: the last wins, whole, and its audit line's
 * "before" is what it replaced. `input` is checked already (checkProgramSettings).
 */
export async function updateProgramSettings(
  db: Db,
  input: ProgramSettings,
  staffId: number,
  now = new Date(),
) {
  const at = nowIso(now);
  return db.transaction().execute(async (trx) => {
    await lockKeys(trx, SETTINGS_LOCK, ['program-settings']);
    const { updated_at: _previousChange, ...before } = await readProgramSettingsIn(trx);
    const after: ProgramSettings = {
      holding_period_days: input.holding_period_days,
      minimum_payout: input.minimum_payout,
      manager_threshold: input.manager_threshold,
      marketplace_rate: input.marketplace_rate,
      default_discount: input.default_discount,
      referral_commission_amount: input.referral_commission_amount,
      referral_comission_type: input.referral_comission_type,
      tiers: input.tiers.map((tier) => ({ min_sales: tier.min_sales, rate: tier.rate })),
    };
    const values: Record<(typeof PROGRAM_SETTING_KEYS)[ProgramSettingKey], string> = {
      [PROGRAM_SETTING_KEYS.holdingDays]: String(after.holding_period_days),
      [PROGRAM_SETTING_KEYS.minimumCents]: String(toCents(after.minimum_payout)),
      [PROGRAM_SETTING_KEYS.managerThresholdCents]: String(toCents(after.manager_threshold)),
      [PROGRAM_SETTING_KEYS.marketplaceRateBp]: String(toCents(after.marketplace_rate)),
      [PROGRAM_SETTING_KEYS.defaultDiscountBp]: String(toCents(after.default_discount)),
      [PROGRAM_SETTING_KEYS.referralAmount]: String(after.referral_commission_amount),
      [PROGRAM_SETTING_KEYS.referralType]: after.referral_comission_type,
    };
    await writeSettings(trx, values, at);
    await replaceCommissionTiers(
      trx,
      after.tiers.map((tier) => ({ min_sales: tier.min_sales, rate_bp: toCents(tier.rate) })),
    );
    // Last, so a change whose audit line cannot be written is rolled back whole.
    await recordAudit(
      trx,
      { staffId, action: 'settings.update', entity: 'settings', entityId: 'program', before, after },
      at,
    );
    return { ...after, updated_at: at };
  });
}
