// The audit log (docs/product/back-office.md#audit-log): every staff change, who, when, what, before and after. Written by
// the service that makes the change, with the transaction of the change, so a change without its
// audit line (or the reverse) cannot happen.
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../../../common/audit';
import type { Db } from '../../db';
import { nowIso } from '../../db/dialect';
import { pageOf } from '../../plugins/paging';
import {
  auditPage,
  insertAuditLine,
  loggedActions,
  loggedEntities,
  partnersByRef,
  partnersOfCodes,
  partnersOfMessages,
  partnersOfPayouts,
  partnersOfVouchers,
  staffAccounts,
} from './repository';
import type { AuditFilter, PartnerRef } from './repository';

export { AUDIT_COUNT_CAP } from './repository';

export interface AuditEntry {
  /**
   * Who made the change. Null when no staff account did: the operator at the server's command
   * line (`npm run staff`, scripts/staff.ts), whose line says so in its state (`via: 'command_line'`).
   */
  staffId: number | null;
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
  await insertAuditLine(trx, {
    staff_id: entry.staffId,
    action: entry.action,
    entity: entry.entity,
    entity_id: String(entry.entityId),
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
    created_at: at,
  });
}

/**
 * An export of partners, payouts or earnings as CSV: personal data leaving the portal, so the
 * log says who took which rows (the list's filters), written before the first row is sent.
 */
export async function recordExport(
  db: Db,
  staffId: number,
  kind: 'partners' | 'payouts' | 'earnings',
  filters: Record<string, unknown>,
): Promise<void> {
  const given = Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''),
  );
  await recordAudit(db, {
    staffId,
    action: `export.${kind}`,
    entity: 'export',
    entityId: kind,
    after: { filters: given },
  });
}

// ---------------------------------------------------------------------------------------------
// Reading the log (the back office's audit screen)

export interface AuditLine {
  id: number;
  created_at: string;
  /** The staff member as they are now (their role at read time); null if the account is gone. */
  actor: { id: number; name: string; email: string; role: string } | null;
  action: string;
  entity: string;
  entity_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** The partner the change concerns, when there is one (a partner, their code, voucher, payout or notification). */
  partner: PartnerRef | null;
}

/** A stored state as an object: an object as it is, any other value under `value`. */
function stateOf(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { value: text };
  }
  if (value === null) return null;
  return typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ID = /^\d{1,10}$/;
const asId = (text: string) => (ID.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : undefined);
const partnerField = (state: Record<string, unknown> | null) =>
  typeof state?.partner === 'string' && UUID.test(state.partner) ? state.partner : undefined;

type PartnerKey =
  | { uuid: string }
  | { id: number }
  | { payout: number }
  | { code: string }
  | { message: number }
  | { voucher: string }
  | null;

/**
 * How a line names its partner: a `partner` uuid in its state, else the partner itself, or their
 * promo code, payout, voucher or custom notification, looked up now.
 */
function partnerKey(line: Omit<AuditLine, 'partner'>): PartnerKey {
  const { entity, entity_id: ref } = line;
  const named = partnerField(line.after) ?? partnerField(line.before);
  if (named) return { uuid: named };
  const id = asId(ref);
  if (entity === 'partner' && UUID.test(ref)) return { uuid: ref };
  if (entity === 'partner' && id !== undefined) return { id };
  if (entity === 'payout' && id !== undefined) return { payout: id };
  if (entity === 'custom' && id !== undefined) return { message: id };
  if (entity === 'promo_code') return { code: ref.toLowerCase() };
  if (entity === 'voucher') return { voucher: ref.toLowerCase() };
  return null;
}

/** The partner each line concerns, looked up for the whole page at once. */
async function partnersOf(db: Db, lines: Omit<AuditLine, 'partner'>[]): Promise<(PartnerRef | null)[]> {
  const keys = lines.map(partnerKey);
  const wanted = {
    uuids: new Set<string>(),
    ids: new Set<number>(),
    payouts: new Set<number>(),
    codes: new Set<string>(),
    messages: new Set<number>(),
    vouchers: new Set<string>(),
  };
  for (const key of keys) {
    if (!key) continue;
    if ('uuid' in key) wanted.uuids.add(key.uuid);
    else if ('id' in key) wanted.ids.add(key.id);
    else if ('payout' in key) wanted.payouts.add(key.payout);
    else if ('message' in key) wanted.messages.add(key.message);
    else if ('voucher' in key) wanted.vouchers.add(key.voucher);
    else wanted.codes.add(key.code);
  }
  const [{ byUuid, byId }, ofPayouts, ofCodes, ofMessages, ofVouchers] = await Promise.all([
    partnersByRef(db, [...wanted.uuids], [...wanted.ids]),
    partnersOfPayouts(db, [...wanted.payouts]),
    partnersOfCodes(db, [...wanted.codes]),
    partnersOfMessages(db, [...wanted.messages]),
    partnersOfVouchers(db, [...wanted.vouchers]),
  ]);
  return keys.map((key) => {
    if (!key) return null;
    if ('uuid' in key) return byUuid.get(key.uuid) ?? null;
    if ('id' in key) return byId.get(key.id) ?? null;
    if ('payout' in key) return ofPayouts.get(key.payout) ?? null;
    if ('message' in key) return ofMessages.get(key.message) ?? null;
    if ('voucher' in key) return ofVouchers.get(key.voucher) ?? null;
    return ofCodes.get(key.code) ?? null;
  });
}

/** `GET /api/manager/audit`: a page of the log, newest first, filtered (docs/product/back-office.md#audit-log). */
export async function listAudit(db: Db, filter: AuditFilter, page: number, length: number) {
  const { rows, total, capped } = await auditPage(db, filter, page, length);
  const lines = rows.map((r) => ({
    id: r.id,
    created_at: r.created_at,
    actor:
      r.staff_id !== null && r.staff_name !== null
        ? { id: r.staff_id, name: r.staff_name, email: r.staff_email ?? '', role: r.staff_role ?? '' }
        : null,
    action: r.action,
    entity: r.entity,
    entity_id: r.entity_id,
    before: stateOf(r.before),
    after: stateOf(r.after),
  }));
  const partners = await partnersOf(db, lines);
  return {
    ...pageOf<AuditLine>(
      lines.map((line, i) => ({ ...line, partner: partners[i] ?? null })),
      page,
      length,
      total,
    ),
    // More lines match than were counted: `total` is a floor (AUDIT_COUNT_CAP).
    total_capped: capped,
  };
}

/**
 * `GET /api/manager/audit/facets`: what the filters offer: every staff account, and the actions
 * and entities the portal knows (common/audit.ts) with any other the log holds.
 */
export async function auditFacets(db: Db) {
  const [actors, actions, entities] = await Promise.all([
    staffAccounts(db),
    loggedActions(db),
    loggedEntities(db),
  ]);
  const merged = (known: readonly string[], logged: string[]) => [
    ...known,
    ...logged.filter((value) => !known.includes(value)).sort(),
  ];
  return {
    actors: actors.map((a) => ({ id: a.id, name: a.name, email: a.email, role: a.role as string })),
    actions: merged(AUDIT_ACTIONS, actions),
    entities: merged(AUDIT_ENTITIES, entities),
  };
}
