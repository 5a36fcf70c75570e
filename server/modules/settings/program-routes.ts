// What every screen formats with (docs/product/commissions.md#currency): `GET /api/program`, the program currency
// (currency.ts) and time zone (time-zone.ts). Public, with the public client credential like the
// other anonymous calls (plugins/public-client.ts): the SPA reads it once per visit, the account
// shell and the back office alike (web/lib/program.ts).
import { programAnswer } from '../../../common/contracts/settings';
import type { AppContext, TypedApp } from '../../context';
import { requirePublicClient } from '../../plugins/public-client';
import { readProgramCurrency } from './currency';
import { programTimeZone } from './time-zone';

export function programRoutes(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/program',
    {
      onRequest: requirePublicClient(ctx.secrets.publicClientToken),
      schema: {
        tags: ['public'],
        summary: 'The program’s currency and time zone',
        description:
          'Changes seldom (the currency only while the ledger is empty): may be cached for a minute.',
        security: [{ publicClient: [] }],
        response: { 200: programAnswer },
      },
    },
    async (_request, reply) => {
      const [currency, timeZone] = await Promise.all([readProgramCurrency(ctx.db), programTimeZone(ctx.db)]);
      return reply
        .header('Cache-Control', 'public, max-age=60')
        .send({ data: { currency, time_zone: timeZone } });
    },
  );
}
