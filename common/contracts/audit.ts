// What the audit log's routes answer (server/modules/audit/routes.ts): GET /api/manager/audit
// (a page of staff changes) and GET /api/manager/audit/facets (what its filters offer).
import { z } from 'zod';
import { dataAnswer, pagedAnswer } from './answers';

export const auditActor = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.string().describe('The staff member’s role as it is now'),
});
const auditState = z.record(z.string(), z.unknown()).nullable();

export const auditLine = z.object({
  id: z.number(),
  created_at: z.string().describe('When (ISO 8601 UTC)'),
  actor: auditActor
    .nullable()
    .describe('The staff member, with their role as it is now (null: the command line, or an account gone)'),
  action: z.string().describe('`<entity>.<verb>`, e.g. `promotion.update`'),
  entity: z.string(),
  entity_id: z.string(),
  before: auditState.describe('The state before the change (null for a creation)'),
  after: auditState.describe('The state after the change (null for a deletion)'),
  partner: z
    .object({ uuid: z.string(), name: z.string() })
    .nullable()
    .describe('The partner the change concerns, when there is one'),
});

/** A page of the log; the count stops at a cap the server sets (server/modules/audit/repository.ts). */
export const auditPageAnswer = (countCap: number) =>
  pagedAnswer(auditLine).extend({
    total_capped: z
      .boolean()
      .describe(
        `True when more than ${countCap.toLocaleString('en-US')} lines match: \`total\` is that many, and \`last_page\` its last page; filters narrow it`,
      ),
  });
export type AuditPageAnswer = z.infer<ReturnType<typeof auditPageAnswer>>;

export const auditFacets = z.object({
  actors: z.array(auditActor),
  actions: z.array(z.string()),
  entities: z.array(z.string()),
});
export const auditFacetsAnswer = dataAnswer(auditFacets);
