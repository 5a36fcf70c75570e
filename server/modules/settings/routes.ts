// Program settings and tiers in the back office (docs/product/back-office.md#program-settings): `GET` and `PUT
// /api/manager/settings`, for admins only. The body's types are checked by the schema; its rules
// (ranges, increasing tiers) by common/program-settings.ts, the same check the SPA runs, whose
// messages are written here in the staff member's language.
import { z } from 'zod';
import type { Locale } from '../../../common/i18n';
import { checkProgramSettings, REFERRAL_TYPES, settingsProblemText } from '../../../common/program-settings';
import type { ProgramSettings } from '../../../common/program-settings';
import { programSettingsAnswer, programSettingsFields } from '../../../common/contracts/settings';
import type { AppContext, TypedApp } from '../../context';
import { invalid, said } from '../../errors';
import { i18n, requestLocale, sayKey } from '../../i18n';
import { requireStaff, staffIdOf } from '../auth';
import { readProgramCurrency } from './currency';
import { readProgramSettings, updateProgramSettings } from './service';

const wrong = sayKey('wrong_value');
// Any JSON value of the right type gets as far as the rules, so that every problem with a field
// is named by them, in the same words as the form's.
const absentOrWrong = (issue: { input?: unknown }) =>
  issue.input === undefined ? sayKey('required') : wrong;
const number = (what: string) => z.number({ error: absentOrWrong }).describe(what);
// The body takes the fields the settings answer, described once (common/contracts/settings.ts).
const described = (field: keyof typeof programSettingsFields.shape) =>
  number(programSettingsFields.shape[field].description ?? field);

const tier = z.object({
  min_sales: number(
    'Verified sales from which the tier applies: 0 for the first tier, then strictly increasing whole numbers',
  ),
  rate: number('Commission in percent of the subtotal (0 to 100, up to 2 decimals)'),
});

const settingsBody = z.object({
  holding_period_days: described('holding_period_days'),
  minimum_payout: described('minimum_payout'),
  manager_threshold: described('manager_threshold'),
  marketplace_rate: described('marketplace_rate'),
  default_discount: described('default_discount'),
  referral_commission_amount: described('referral_commission_amount'),
  referral_comission_type: z
    .enum(REFERRAL_TYPES, { error: absentOrWrong })
    .describe(programSettingsFields.shape.referral_comission_type.description ?? ''),
  tiers: z
    .array(tier, { error: absentOrWrong })
    .max(100, wrong)
    .describe(programSettingsFields.shape.tiers.description ?? ''),
});

const numberTag = (locale: Locale) => (locale === 'fr' ? 'fr-CA' : 'en-US');

/** The rules' problems as a 422 whose messages are in the visitor's language. */
function refuse(problems: ReturnType<typeof checkProgramSettings>, locale: Locale, currency: string) {
  const tag = numberTag(locale);
  const format = {
    number: (n: number) => new Intl.NumberFormat(tag).format(n),
    money: (n: number) => new Intl.NumberFormat(tag, { style: 'currency', currency }).format(n),
  };
  const t = (key: string, values?: Record<string, unknown>) =>
    i18n.t(key, { lng: locale, defaultValue: key, ...values });
  return invalid(
    Object.fromEntries(
      Object.entries(problems).map(([field, problem]) => [
        field,
        [said(settingsProblemText(problem, t, format))],
      ]),
    ),
  );
}

export function settingsRoutes(app: TypedApp, ctx: AppContext): void {
  const admin = requireStaff(ctx.db, ['admin']);
  const doc = (summary: string, description?: string) => ({
    tags: ['manager'],
    summary,
    ...(description ? { description } : {}),
    security: [{ staff: [] }],
  });

  app.get(
    '/api/manager/settings',
    {
      onRequest: admin,
      schema: {
        ...doc('The program settings and commission tiers (admin)'),
        response: { 200: programSettingsAnswer },
      },
    },
    async () => ({
      data: { ...(await readProgramSettings(ctx.db)), currency: await readProgramCurrency(ctx.db) },
    }),
  );

  app.put(
    '/api/manager/settings',
    {
      onRequest: admin,
      schema: {
        ...doc(
          'Replaces the program settings and the whole tier table (admin)',
          'Every field is required. A change applies to what is recorded after it (orders, marketplace sales, new codes and partners, cash-out requests); earnings already recorded keep their rate and hold date. 422 with a message per field (`tiers.2.min_sales`...) changes nothing. Two changes at once: the last wins, whole. Audited with before and after.',
        ),
        body: settingsBody,
        response: { 200: programSettingsAnswer },
      },
    },
    async (request) => {
      const problems = checkProgramSettings(request.body);
      if (Object.keys(problems).length)
        throw refuse(problems, requestLocale(request), await readProgramCurrency(ctx.db));
      const saved = await updateProgramSettings(ctx.db, request.body as ProgramSettings, staffIdOf(request));
      return { data: { ...saved, currency: await readProgramCurrency(ctx.db) } };
    },
  );
}
