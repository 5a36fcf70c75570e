// The ledger's export for the back office (docs/product/back-office.md#exports): `GET /api/manager/earnings.csv`,
// managers and admins, streamed.
import { z } from 'zod';
import { fileRoute } from '../../../common/contracts/answers';
import type { AppContext, TypedApp } from '../../context';
import { invalid } from '../../errors';
import { sayKey } from '../../i18n';
import { sendCsv } from '../../plugins/csv';
import { refineTimeRange, timeRange, timeRangeQuery } from '../../plugins/time-range';
import { recordExport } from '../audit/service';
import { requireStaff, staffIdOf } from '../auth';
import { EARNING_KINDS, EARNING_STATUSES, earningsCsv, partnerIdByUuid } from './earnings-export';

export function earningsExportRoutes(app: TypedApp, ctx: AppContext): void {
  app.get(
    '/api/manager/earnings.csv',
    {
      onRequest: requireStaff(ctx.db, ['manager', 'admin']),
      schema: {
        tags: ['manager'],
        security: [{ staff: [] }],
        summary:
          'Every earning as CSV, oldest first (manager, admin): by partner, status, kind and when it was earned; streamed',
        description:
          'Columns: earning_id, created_at, partner_uuid, partner_name, partner_email, kind, status, order_number, product, base, rate_percent, amount, currency, hold_until, payout_id, updated_at. ' +
          'Amounts in major units with two decimals; text a spreadsheet would run as a formula starts with an apostrophe.',
        querystring: z
          .object({
            partner: z
              .guid({ error: sayKey('wrong_value') })
              .optional()
              .describe('A partner’s uuid'),
            status: z.enum(EARNING_STATUSES, { error: sayKey('wrong_value') }).optional(),
            kind: z.enum(EARNING_KINDS, { error: sayKey('wrong_value') }).optional(),
            ...timeRangeQuery.shape,
          })
          .superRefine(refineTimeRange),
        ...fileRoute('text/csv', 'The earnings, one a line, `earnings-<date>.csv`'),
      },
    },
    async (request, reply) => {
      const { partner, status, kind } = request.query;
      const partnerId = partner === undefined ? undefined : await partnerIdByUuid(ctx.db, partner);
      if (partner !== undefined && partnerId === undefined)
        throw invalid({ partner: ['messages.partner_unknown'] });
      const rows = await earningsCsv(ctx.db, { partnerId, status, kind, ...timeRange(request.query) });
      await recordExport(ctx.db, staffIdOf(request), 'earnings', request.query);
      return sendCsv(reply, 'earnings', rows);
    },
  );
}
