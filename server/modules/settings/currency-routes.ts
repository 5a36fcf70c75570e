// The program currency and the exchange rates in the back office's settings (docs/product/commissions.md#currency,
// docs/decisions/053): every staff role reads them (money on every screen is in this currency);
// admins change them. Each change is audited with its date.
import { z } from 'zod';
import { currencySettingsAnswer } from '../../../common/contracts/settings';
import type { AppContext, TypedApp } from '../../context';
import { sayKey } from '../../i18n';
import { requireStaff, staffIdOf } from '../auth';
import { currencySettings, removeExchangeRate, setExchangeRate, setProgramCurrency } from './currency';

const currencyCode = z
  .string({ error: sayKey('required') })
  .trim()
  .toUpperCase()
  .describe('An ISO 4217 code');
export function currencyRoutes(app: TypedApp, ctx: AppContext): void {
  const anyStaff = requireStaff(ctx.db);
  const admin = requireStaff(ctx.db, ['admin']);
  const doc = (summary: string, description?: string) => ({
    tags: ['manager'],
    summary,
    ...(description ? { description } : {}),
    security: [{ staff: [] }],
  });

  app.get(
    '/api/manager/settings/currency',
    {
      onRequest: anyStaff,
      schema: {
        ...doc('The program currency and the exchange rates'),
        response: { 200: currencySettingsAnswer },
      },
    },
    async () => ({ data: await currencySettings(ctx.db) }),
  );

  app.put(
    '/api/manager/settings/currency',
    {
      onRequest: admin,
      schema: {
        ...doc(
          'Changes the program currency (admin)',
          'Only while the ledger holds no money (409 otherwise); the rates set for the old currency are removed. Audited.',
        ),
        body: z.object({ currency: currencyCode }),
        response: { 200: currencySettingsAnswer },
      },
    },
    async (request) => {
      await setProgramCurrency(ctx.db, { currency: request.body.currency, staffId: staffIdOf(request) });
      return { data: await currencySettings(ctx.db) };
    },
  );

  app.put(
    '/api/manager/settings/rates/:currency',
    {
      onRequest: admin,
      schema: {
        ...doc(
          'Sets the exchange rate of a currency into the program currency (admin)',
          'Orders and marketplace reports in that currency recorded from now on are converted at it; orders waiting for a rate are released by staff from Needs a look. Audited with before and after.',
        ),
        params: z.object({ currency: currencyCode }),
        body: z.object({
          rate: z
            .string({ error: sayKey('required') })
            .max(32, sayKey('wrong_value'))
            .describe('A decimal with a point, above 0 ("0.7312")'),
        }),
        response: { 200: currencySettingsAnswer },
      },
    },
    async (request) => {
      await setExchangeRate(ctx.db, {
        currency: request.params.currency,
        rate: request.body.rate,
        staffId: staffIdOf(request),
      });
      return { data: await currencySettings(ctx.db) };
    },
  );

  app.delete(
    '/api/manager/settings/rates/:currency',
    {
      onRequest: admin,
      schema: {
        ...doc('Removes the rate of a currency (admin)', 'Its next orders wait for a rate again. Audited.'),
        params: z.object({ currency: currencyCode }),
        response: { 200: currencySettingsAnswer },
      },
    },
    async (request) => {
      await removeExchangeRate(ctx.db, { currency: request.params.currency, staffId: staffIdOf(request) });
      return { data: await currencySettings(ctx.db) };
    },
  );
}
