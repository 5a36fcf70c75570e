// The audit log (decisions §11): every staff change, who, when, what, before and after. Written by
// the service that makes the change, with the transaction of the change, so a change without its
// audit line (or the reverse) cannot happen.
import type { Db } from '../../db';
import { nowIso } from '../../db/dialect';

export interface AuditEntry {
  staffId: number;
  /** `<entity>.<verb>`, e.g. `announcement.create`. */
  action: string;
  entity: string;
  entityId: string | number;
  /** The state before the change (omitted for a creation). */
  before?: unknown;
  /** The state after the change (omitted for a deletion). */
  after?: unknown;
}

export async function recordAudit(trx: Db, entry: AuditEntry, at: string = nowIso()): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      staff_id: entry.staffId,
      action: entry.action,
      entity: entry.entity,
      entity_id: String(entry.entityId),
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      created_at: at,
    })
    .execute();
}
