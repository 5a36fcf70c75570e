// The program's time zone in the back office (docs/product/commissions.md#calendar): `GET` and `PUT
// /api/manager/settings/time-zone`, for admins only, beside the other program settings (routes.ts).
// Its own request: a change re-cuts every month and week of the figures (time-zone.ts).
import { z } from 'zod';
import { timeZoneSettingAnswer } from '../../../common/contracts/settings';
import type { AppContext, TypedApp } from '../../context';
import { sayKey } from '../../i18n';
import { requireStaff, staffIdOf } from '../auth';
import { readTimeZoneSetting, setProgramTimeZone } from './time-zone';

export function timeZoneRoutes(app: TypedApp, ctx: AppContext): void {
  const admin = requireStaff(ctx.db, ['admin']);
  const doc = (summary: string, description?: string) => ({
    tags: ['manager'],
    summary,
    ...(description ? { description } : {}),
    security: [{ staff: [] }],
  });

  app.get(
    '/api/manager/settings/time-zone',
    {
      onRequest: admin,
      schema: { ...doc('The program’s time zone (admin)'), response: { 200: timeZoneSettingAnswer } },
    },
    async () => ({ data: await readTimeZoneSetting(ctx.db) }),
  );

  app.put(
    '/api/manager/settings/time-zone',
    {
      onRequest: admin,
      schema: {
        ...doc(
          'Sets the program’s time zone (admin)',
          'Every month and week of the figures (dashboards, charts, challenges, promos, statements) is cut at midnight in it; the month and week totals are cut again in the new zone in the same change. 422 when it is not an IANA time zone. Audited (`settings.time_zone`) with before and after.',
        ),
        body: z.object({
          time_zone: z.string({ error: () => sayKey('required') }).max(64, sayKey('wrong_value')),
        }),
        response: { 200: timeZoneSettingAnswer },
      },
    },
    async (request) => ({
      data: await setProgramTimeZone(ctx.db, request.body.time_zone, staffIdOf(request)),
    }),
  );
}
