// The rules of the program settings, shared by the form and the server: what passes, the first
// problem of each field, and words for every problem in both languages.
import { describe, expect, it } from 'vitest';
import { catalogs, LOCALES } from './i18n';
import { checkProgramSettings, DEFAULT_PROGRAM_SETTINGS, settingsProblemText } from './program-settings';
import type { ProgramSettings, SettingsProblems } from './program-settings';

const valid = (overrides: Partial<Record<keyof ProgramSettings, unknown>> = {}) => ({
  ...structuredClone(DEFAULT_PROGRAM_SETTINGS),
  ...overrides,
});
const keysOf = (problems: SettingsProblems) =>
  Object.fromEntries(
    Object.entries(problems).map(([field, p]) => [field, p.key.replace('manager.settings.errors.', '')]),
  );

describe('checkProgramSettings', () => {
  it('passes the defaults, decimals to the cent, and a single tier', () => {
    expect(checkProgramSettings(valid())).toEqual({});
    expect(
      checkProgramSettings(
        valid({ minimum_payout: 0.1 + 0.2, marketplace_rate: 7.25, tiers: [{ min_sales: 0, rate: 0 }] }),
      ),
    ).toEqual({});
    expect(
      checkProgramSettings(valid({ referral_comission_type: 'fixed', referral_commission_amount: 1000 })),
    ).toEqual({});
  });

  it('names the first problem of each field', () => {
    const problems = checkProgramSettings({
      holding_period_days: '',
      minimum_payout: Number.NaN,
      manager_threshold: 0,
      marketplace_rate: 100.01,
      default_discount: 1.234,
      referral_comission_type: 'fixed',
      referral_commission_amount: 2.5,
      tiers: [
        { min_sales: 3, rate: 10 },
        { min_sales: 2, rate: null },
        {},
        { min_sales: 10, rate: 5 },
        { min_sales: 10, rate: 5 },
      ],
    });
    expect(keysOf(problems)).toEqual({
      holding_period_days: 'validation.required',
      minimum_payout: 'not_a_number',
      manager_threshold: 'amount_positive',
      marketplace_rate: 'rate_range',
      default_discount: 'two_decimals',
      referral_commission_amount: 'whole_number',
      'tiers.0.min_sales': 'first_tier_zero',
      'tiers.1.min_sales': 'thresholds_increasing',
      'tiers.1.rate': 'validation.required',
      'tiers.2.min_sales': 'validation.required',
      'tiers.2.rate': 'validation.required',
      // After a row without a threshold, the next is compared with nothing.
      'tiers.4.min_sales': 'thresholds_increasing',
    });
    expect(problems['tiers.1.min_sales']!.values).toEqual({ previous: 3 });
  });

  it('has words for every problem it can name, in every language', () => {
    const found = new Set<string>();
    const collect = (input: Partial<Record<keyof ProgramSettings, unknown>>) => {
      for (const p of Object.values(checkProgramSettings(input))) found.add(p.key);
    };
    collect({ tiers: 'x', referral_comission_type: 'x' });
    collect({ tiers: [] });
    collect(valid({ tiers: Array.from({ length: 21 }, (_, i) => ({ min_sales: i, rate: 1 })) }));
    collect(
      valid({
        holding_period_days: 400,
        minimum_payout: 'x',
        manager_threshold: 1e9,
        tiers: [
          { min_sales: 1.5, rate: -1 },
          { min_sales: 2e6, rate: 1.001 },
        ],
      }),
    );
    collect(
      valid({
        holding_period_days: 2.5,
        tiers: [
          { min_sales: 5, rate: 1 },
          { min_sales: 0, rate: 1 },
        ],
      }),
    );
    collect(
      valid({ minimum_payout: 1.001, referral_comission_type: 'fixed', referral_commission_amount: 0 }),
    );
    const catalogKeys = Object.keys(catalogs.en.portal.manager.settings.errors).map(
      (key) => `manager.settings.errors.${key}`,
    );
    expect([...found].filter((key) => key.startsWith('manager.')).sort()).toEqual(catalogKeys.sort());
    for (const locale of LOCALES) {
      const portal = catalogs[locale].portal as unknown as Record<string, Record<string, unknown>>;
      for (const key of found) {
        const value = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], portal);
        expect(typeof value, `${locale}: ${key}`).toBe('string');
      }
    }
  });

  it('writes a problem with its numbers or money as the reader writes them', () => {
    const t = (key: string, values?: Record<string, unknown>) => `${key}:${JSON.stringify(values)}`;
    const format = { number: (n: number) => `n${n}`, money: (n: number) => `$${n}` };
    const problems = checkProgramSettings(valid({ minimum_payout: 20_000, holding_period_days: 0 }));
    expect(settingsProblemText(problems.minimum_payout!, t, format)).toBe(
      'manager.settings.errors.amount_max:{"max":"$10000"}',
    );
    expect(settingsProblemText(problems.holding_period_days!, t, format)).toBe(
      'manager.settings.errors.days_range:{"min":"n1","max":"n365"}',
    );
  });
});
