// The settings form's state: every field as the text typed (so "12," or "" can be shown and
// judged), turned into the request's numbers with the staff member's decimal comma or point, and
// checked with the server's own rules (common/program-settings.ts).
import {
  checkProgramSettings,
  type ProgramSettings,
  type ReferralType,
  type SettingsProblems,
} from '../../../../common/program-settings';

export const NUMBER_FIELDS = [
  'holding_period_days',
  'minimum_payout',
  'manager_threshold',
  'marketplace_rate',
  'default_discount',
  'referral_commission_amount',
] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];

export interface TierDraft {
  /** Stable across edits, adds and removals (React's key), never sent. */
  key: number;
  min_sales: string;
  rate: string;
}

export type SettingsDraft = Record<NumberField, string> & {
  referral_comission_type: ReferralType;
  tiers: TierDraft[];
};

let nextKey = 1;
export const newTierKey = () => nextKey++;

const isFrench = (language: string) => language.startsWith('fr');

/** A number as a person of `language` types it: "12.5" or "12,5", no thousands separators. */
export function numberText(value: number, language: string): string {
  const text = String(value);
  return isFrench(language) ? text.replace('.', ',') : text;
}

/**
 * What a field's text means: null when empty, NaN when it is not a number. Spaces (thousands in
 * French) are ignored; a comma is the decimal sign in French, and in English too unless it
 * separates thousands ("1,000").
 */
export function parseNumberText(text: string, language: string): number | null {
  let value = text.replace(/[\s\u00a0\u202f]/g, '');
  if (value === '') return null;
  if (!isFrench(language) && /^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(value)) value = value.replace(/,/g, '');
  else value = value.replace(',', '.');
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(value) ? Number(value) : Number.NaN;
}

export function draftOf(settings: ProgramSettings, language: string): SettingsDraft {
  const text = (value: number) => numberText(value, language);
  return {
    holding_period_days: text(settings.holding_period_days),
    minimum_payout: text(settings.minimum_payout),
    manager_threshold: text(settings.manager_threshold),
    marketplace_rate: text(settings.marketplace_rate),
    default_discount: text(settings.default_discount),
    referral_commission_amount: text(settings.referral_commission_amount),
    referral_comission_type: settings.referral_comission_type,
    tiers: settings.tiers.map((tier) => ({
      key: newTierKey(),
      min_sales: text(tier.min_sales),
      rate: text(tier.rate),
    })),
  };
}

/** The draft as the request's values (numbers, null for empty, NaN for not a number). */
export function valuesOf(draft: SettingsDraft, language: string) {
  const parse = (text: string) => parseNumberText(text, language);
  return {
    holding_period_days: parse(draft.holding_period_days),
    minimum_payout: parse(draft.minimum_payout),
    manager_threshold: parse(draft.manager_threshold),
    marketplace_rate: parse(draft.marketplace_rate),
    default_discount: parse(draft.default_discount),
    referral_commission_amount: parse(draft.referral_commission_amount),
    referral_comission_type: draft.referral_comission_type,
    tiers: draft.tiers.map((tier) => ({ min_sales: parse(tier.min_sales), rate: parse(tier.rate) })),
  };
}

/** The form's problems by the server's field names (`tiers.1.rate`), by the server's rules. */
export const draftProblems = (draft: SettingsDraft, language: string): SettingsProblems =>
  checkProgramSettings(valuesOf(draft, language));

/** Whether two drafts say the same (the tiers' keys aside). */
export function sameDraft(a: SettingsDraft, b: SettingsDraft, language: string): boolean {
  const strip = (draft: SettingsDraft) => JSON.stringify(valuesOf(draft, language));
  return strip(a) === strip(b);
}
