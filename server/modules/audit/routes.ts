// The audit log in the back office (docs/product/back-office.md#audit-log): every staff change, who, when, what, before
// and after. Managers and admins read it; reviewers do not (docs/decisions/034): it holds what
// every staff member changed, program-wide, beyond the payouts and partners a reviewer reads.
import { z } from 'zod';
import { noNul } from '../../../common/validation';
import { auditFacetsAnswer, auditPageAnswer } from '../../../common/contracts/audit';
import type { AppContext, TypedApp } from '../../context';
import { sayKey } from '../../i18n';
import { pagingQuery } from '../../plugins/paging';
import { refineTimeRange, timeRange, timeRangeQuery } from '../../plugins/time-range';
import { requireStaff } from '../auth';
import { AUDIT_COUNT_CAP, auditFacets, listAudit } from './service';

// Actions and entities are names the code writes (`promotion.update`): letters, digits, _ . -
const name = (max: number) =>
  z
    .string({ error: sayKey('wrong_value') })
    .max(max, sayKey('wrong_value'))
    .regex(/^[A-Za-z0-9_.-]+$/, sayKey('wrong_value'))
    .optional();

export function auditRoutes(app: TypedApp, ctx: AppContext): void {
  const managers = requireStaff(ctx.db, ['manager', 'admin']);
  const doc = (summary: string) => ({ tags: ['manager'], summary, security: [{ staff: [] }] });

  app.get(
    '/api/manager/audit',
    {
      onRequest: managers,
      // The schema documents the answer and types the handler; checking a page of lines (each
      // with its before and after) against it again at run time cost about a tenth of the request.
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        ...doc(
          'The audit log, newest first (manager, admin): filtered by staff member, entity (and its id), action and time',
        ),
        querystring: pagingQuery(20)
          .extend({
            actor: z.coerce
              .number({ error: sayKey('wrong_value') })
              .int(sayKey('wrong_value'))
              .min(1, sayKey('wrong_value'))
              .max(2_147_483_647, sayKey('wrong_value'))
              .optional()
              .describe('A staff member’s id'),
            entity: name(40),
            entity_id: z
              .string({ error: sayKey('wrong_value') })
              .min(1, sayKey('wrong_value'))
              .max(64, sayKey('wrong_value'))
              .refine(noNul, sayKey('wrong_value'))
              .optional()
              .describe('With `entity`: one item’s history'),
            action: name(60),
            ...timeRangeQuery.shape,
          })
          .superRefine((query, issue) => {
            refineTimeRange(query, issue);
            // An id means nothing without its entity (a promotion 12 is not a payout 12).
            if (query.entity_id !== undefined && query.entity === undefined)
              issue.addIssue({ code: 'custom', path: ['entity'], message: sayKey('required') });
          }),
        response: { 200: auditPageAnswer(AUDIT_COUNT_CAP) },
      },
    },
    async (request) => {
      const { page, length, actor, entity, entity_id, action } = request.query;
      return listAudit(
        ctx.db,
        { actor, entity, entityId: entity_id, action, ...timeRange(request.query) },
        page,
        length,
      );
    },
  );

  app.get(
    '/api/manager/audit/facets',
    {
      onRequest: managers,
      schema: {
        ...doc(
          'What the audit log’s filters offer: the staff accounts, and the actions and entities (known, or found in the log)',
        ),
        response: { 200: auditFacetsAnswer },
      },
    },
    async () => ({ data: await auditFacets(ctx.db) }),
  );
}
