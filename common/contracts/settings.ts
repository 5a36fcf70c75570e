// What the settings routes answer (server/modules/settings/): GET /api/program (the program's
// currency and time zone, program-routes.ts), GET and PUT /api/manager/settings (the program
// settings and tiers, routes.ts), the time zone (time-zone-routes.ts), and the currency with its
// exchange rates (currency-routes.ts).
import { z } from 'zod';
import { PROGRAM_CURRENCIES } from '../currency';
import { REFERRAL_TYPES } from '../program-settings';
import { dataAnswer } from './answers';

export const program = z.object({
  currency: z.string().describe('The program currency (ISO 4217): every amount the API answers is in it'),
  time_zone: z.string().describe('IANA time zone the program’s months and weeks are cut in'),
});
export const programAnswer = dataAnswer(program);

// ---- The program settings and tiers (docs/product/back-office.md#program-settings)

/** The settings' fields as they are stored; the PUT body takes the same (server/modules/settings/routes.ts). */
export const programSettingsFields = z.object({
  holding_period_days: z.number().describe('Days a new earning waits before it can be paid (1 to 365)'),
  minimum_payout: z
    .number()
    .describe(
      'Smallest payable balance a partner may cash out, in the program currency (major units, up to 2 decimals)',
    ),
  manager_threshold: z
    .number()
    .describe('Payouts above this amount need a manager’s approval too (major units)'),
  marketplace_rate: z.number().describe('Commission on marketplace (Amazon) revenue, in percent'),
  default_discount: z.number().describe('Customer discount of a new promo code, in percent'),
  referral_commission_amount: z
    .number()
    .describe(
      'A new partner’s referral commission: percent of the referred sale, or a fixed amount per sale (whole number)',
    ),
  referral_comission_type: z.enum(REFERRAL_TYPES).describe('`percent` or `fixed` (the spec’s spelling)'),
  tiers: z
    .array(z.object({ min_sales: z.number(), rate: z.number() }))
    .describe('The commission tiers, lowest threshold first'),
});

export const programSettings = programSettingsFields.extend({
  tiers: z.array(z.object({ min_sales: z.number(), rate: z.number() })),
  currency: z.string(),
  updated_at: z
    .string()
    .nullable()
    .describe('When the settings were last changed (null: never, the defaults apply)'),
});
export const programSettingsAnswer = dataAnswer(programSettings);

// ---- The program's time zone (docs/product/commissions.md#calendar)

export const timeZoneSetting = z.object({
  time_zone: z
    .string()
    .describe('IANA time zone the program’s months and weeks are cut in (default America/Toronto)'),
  updated_at: z.string().nullable().describe('When it was last changed (null: never)'),
});
export const timeZoneSettingAnswer = dataAnswer(timeZoneSetting);

// ---- The program currency and the exchange rates (docs/product/commissions.md#currency)

export const exchangeRateRow = z.object({
  currency: z.string(),
  rate: z.string().describe('One unit of the currency in program units, as a decimal ("0.7312")'),
  set_at: z.string().describe('When the rate was set (its last change)'),
  orders_waiting: z.number().describe('Paid orders in this currency still waiting for a rate to be released'),
});

export const currencySettings = z.object({
  currency: z
    .string()
    .describe('The program currency: the ledger, every screen, document, mail, export and payout'),
  can_change: z
    .boolean()
    .describe('Whether the ledger holds no money yet, so the program currency may still change'),
  currencies: z.array(z.enum(PROGRAM_CURRENCIES)).describe('Currencies a program may run in'),
  rates: z.array(exchangeRateRow),
  waiting: z
    .array(z.object({ currency: z.string(), orders: z.number() }))
    .describe('Paid orders waiting for a rate, by currency (with a rate set or not)'),
});
export const currencySettingsAnswer = dataAnswer(currencySettings);
