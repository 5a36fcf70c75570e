// The program settings staff edit in the back office (docs/product/commissions.md#marketplace, docs/product/payouts.md#review-and-transitions, docs/product/back-office.md#program-settings): the holding period,
// the payout minimum and manager threshold, the marketplace rate, a new code's discount, a new
// partner's referral commission and the commission tiers. The rules are checked here, once, by the
// SPA before it sends and by the server before it stores, and each problem is named by a catalog
// key (`manager.settings.errors.*`, or a shared `validation.*`) that both sides turn into the same
// words in the reader's language.

/** The settings as the API carries them: money in major units, rates and discounts in percent. */
export interface ProgramSettings {
  holding_period_days: number;
  minimum_payout: number;
  manager_threshold: number;
  marketplace_rate: number;
  default_discount: number;
  /** A percent of the referred sale, or a fixed amount per sale (whole units: the partner column is an integer). */
  referral_commission_amount: number;
  referral_comission_type: ReferralType;
  tiers: CommissionTier[];
}

export interface CommissionTier {
  /** Verified sales from which the tier applies (the first tier starts at 0). */
  min_sales: number;
  /** Commission in percent of the order's subtotal. */
  rate: number;
}

export const REFERRAL_TYPES = ['percent', 'fixed'] as const;
export type ReferralType = (typeof REFERRAL_TYPES)[number];

/** What a program has until staff change it (docs/product/commissions.md, docs/product/payouts.md). */
export const DEFAULT_PROGRAM_SETTINGS: ProgramSettings = {
  holding_period_days: 30,
  minimum_payout: 25,
  manager_threshold: 500,
  marketplace_rate: 10,
  default_discount: 15,
  referral_commission_amount: 5,
  referral_comission_type: 'percent',
  tiers: [
    { min_sales: 0, rate: 10 },
    { min_sales: 25, rate: 15 },
    { min_sales: 100, rate: 20 },
    { min_sales: 250, rate: 25 },
  ],
};

/** Bounds that keep a typing slip (a zero too many) from reaching partners' money. */
export const SETTINGS_LIMITS = {
  holdingDaysMin: 1,
  holdingDaysMax: 365,
  minimumPayoutMax: 10_000,
  managerThresholdMax: 1_000_000,
  referralFixedMax: 1_000,
  tiersMax: 20,
  tierThresholdMax: 1_000_000,
  rateMax: 100,
} as const;

/** A problem with one field: a catalog key and the values its message names. */
export interface SettingsProblem {
  key: string;
  values?: Record<string, number>;
  /** How the values are written: as money in the program currency, or as plain numbers. */
  money?: boolean;
}

/** Problems by field: `minimum_payout`, `tiers`, `tiers.2.min_sales`, `tiers.0.rate`... */
export type SettingsProblems = Record<string, SettingsProblem>;

const ERR = 'manager.settings.errors';
const problem = (key: string, values?: Record<string, number>, money?: boolean): SettingsProblem => ({
  key: key.includes('.') ? key : `${ERR}.${key}`,
  ...(values ? { values } : {}),
  ...(money ? { money } : {}),
});

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
/** At most two decimals, allowing for binary fractions (0.1 + 0.2). */
export const hasCents = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** A value the form left empty or the request left out. */
const missing = (value: unknown) => value === undefined || value === null || value === '';

function checkNumber(value: unknown): SettingsProblem | number {
  if (missing(value)) return problem('validation.required');
  if (!isNumber(value)) return problem('not_a_number');
  return value;
}

function checkRate(value: unknown): SettingsProblem | null {
  const n = checkNumber(value);
  if (typeof n !== 'number') return n;
  if (n < 0 || n > SETTINGS_LIMITS.rateMax) return problem('rate_range', { max: SETTINGS_LIMITS.rateMax });
  if (!hasCents(n)) return problem('two_decimals');
  return null;
}

function checkAmount(value: unknown, max: number): SettingsProblem | null {
  const n = checkNumber(value);
  if (typeof n !== 'number') return n;
  if (n <= 0) return problem('amount_positive');
  if (!hasCents(n)) return problem('two_decimals');
  if (n > max) return problem('amount_max', { max }, true);
  return null;
}

function checkWhole(value: unknown, min: number, max: number, key: string): SettingsProblem | null {
  const n = checkNumber(value);
  if (typeof n !== 'number') return n;
  if (!Number.isInteger(n)) return problem('whole_number');
  if (n < min || n > max) return problem(key, { min, max });
  return null;
}

function checkWholeAmount(value: unknown, max: number): SettingsProblem | null {
  const n = checkNumber(value);
  if (typeof n !== 'number') return n;
  if (n <= 0) return problem('amount_positive');
  if (!Number.isInteger(n)) return problem('whole_number');
  if (n > max) return problem('amount_max', { max }, true);
  return null;
}

/**
 * Every problem of a settings form or request, by field (the first problem of each); empty when
 * it can be stored. Values may be of any type: what is not a number is named as such.
 */
export function checkProgramSettings(
  input: Partial<Record<keyof ProgramSettings, unknown>>,
): SettingsProblems {
  const problems: SettingsProblems = {};
  const add = (field: string, found: SettingsProblem | null) => {
    if (found && !problems[field]) problems[field] = found;
  };
  add(
    'holding_period_days',
    checkWhole(
      input.holding_period_days,
      SETTINGS_LIMITS.holdingDaysMin,
      SETTINGS_LIMITS.holdingDaysMax,
      'days_range',
    ),
  );
  add('minimum_payout', checkAmount(input.minimum_payout, SETTINGS_LIMITS.minimumPayoutMax));
  add('manager_threshold', checkAmount(input.manager_threshold, SETTINGS_LIMITS.managerThresholdMax));
  add('marketplace_rate', checkRate(input.marketplace_rate));
  add('default_discount', checkRate(input.default_discount));

  const type = input.referral_comission_type;
  if (!REFERRAL_TYPES.includes(type as ReferralType))
    add('referral_comission_type', problem(missing(type) ? 'validation.required' : 'validation.wrong_value'));
  const referral = input.referral_commission_amount;
  // The partner's referral amount is a whole number (an integer column), percent or currency units.
  add(
    'referral_commission_amount',
    type === 'fixed'
      ? checkWholeAmount(referral, SETTINGS_LIMITS.referralFixedMax)
      : checkWhole(referral, 0, SETTINGS_LIMITS.rateMax, 'rate_range'),
  );

  const tiers = input.tiers;
  if (!Array.isArray(tiers)) {
    add('tiers', problem(missing(tiers) ? 'tiers_none' : 'validation.wrong_value'));
    return problems;
  }
  if (tiers.length === 0) add('tiers', problem('tiers_none'));
  if (tiers.length > SETTINGS_LIMITS.tiersMax)
    add('tiers', problem('tiers_max', { max: SETTINGS_LIMITS.tiersMax }));
  let previous: number | null = null;
  tiers.forEach((tier: unknown, index) => {
    const row = (tier && typeof tier === 'object' ? tier : {}) as Partial<
      Record<keyof CommissionTier, unknown>
    >;
    const at = `tiers.${index}`;
    add(`${at}.rate`, checkRate(row.rate));
    const threshold = checkNumber(row.min_sales);
    if (typeof threshold !== 'number') {
      add(`${at}.min_sales`, threshold);
      previous = null;
      return;
    }
    if (!Number.isInteger(threshold) || threshold < 0) add(`${at}.min_sales`, problem('threshold_whole'));
    else if (index === 0 && threshold !== 0) add(`${at}.min_sales`, problem('first_tier_zero'));
    else if (previous !== null && threshold <= previous)
      add(`${at}.min_sales`, problem('thresholds_increasing', { previous }));
    else if (threshold > SETTINGS_LIMITS.tierThresholdMax)
      add(`${at}.min_sales`, problem('threshold_max', { max: SETTINGS_LIMITS.tierThresholdMax }));
    previous = threshold;
  });
  return problems;
}

/** The words of a problem: `t` is the reader's catalog (i18next's `t` on either side). */
export function settingsProblemText(
  found: SettingsProblem,
  t: (key: string, values?: Record<string, unknown>) => string,
  format: { number: (n: number) => string; money: (n: number) => string },
): string {
  const values = Object.fromEntries(
    Object.entries(found.values ?? {}).map(([name, n]) => [
      name,
      found.money ? format.money(n) : format.number(n),
    ]),
  );
  return t(found.key, values);
}
