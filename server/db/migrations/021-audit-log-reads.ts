import type { Kysely } from 'kysely';

// The audit log's screen (docs/product/back-office.md#audit-log, docs/decisions/034): newest first, filtered by staff
// member, action or entity. Each filter gets an index that also gives the order, so a page is
// read from the index whatever the log's size: (filter, created_at, id); one item's history
// (entity and its id) likewise, in place of 011's (entity, entity_id).
//
// Staff decisions on payouts are staff actions too: from now on each also writes an audit line
// (besides the payout's own history, payout_events). The decisions taken before are copied in
// from that history, so the log is whole from the start.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('audit_log_staff_time')
    .on('audit_log')
    .columns(['staff_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_log_action_time')
    .on('audit_log')
    .columns(['action', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_log_entity_time')
    .on('audit_log')
    .columns(['entity', 'created_at', 'id'])
    .execute();
  // One item's history (entity and id) in order: replaces 011's (entity, entity_id).
  await db.schema
    .createIndex('audit_log_item_time')
    .on('audit_log')
    .columns(['entity', 'entity_id', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('audit_log_entity').execute();

  // The verb of a staff decision by the status it led to (as the payouts service names them).
  const verbs: Record<string, string> = {
    APPROVED: 'approve',
    MANAGER_APPROVED: 'approve',
    REJECTED: 'reject',
    MANAGER_REJECTED: 'reject',
    IN_REVIEW: 'review',
    MANAGER_IN_REVIEW: 'review',
    PAID: 'mark_paid',
  };
  type Event = {
    id: number;
    payout_id: number;
    at: string;
    from_status: string | null;
    to_status: string;
    actor_id: number;
    reason: string | null;
  };
  const events = db as unknown as Kysely<{
    payout_events: Event & { actor_kind: string };
    staff_users: { id: number };
  }>;
  const log = db as unknown as Kysely<{
    audit_log: {
      staff_id: number;
      action: string;
      entity: string;
      entity_id: string;
      before: string | null;
      after: string;
      created_at: string;
    };
  }>;
  for (let after = 0; ;) {
    const rows = await events
      .selectFrom('payout_events')
      .innerJoin('staff_users', 'staff_users.id', 'payout_events.actor_id')
      .select(['payout_events.id', 'payout_id', 'at', 'from_status', 'to_status', 'actor_id', 'reason'])
      .where('actor_kind', '=', 'staff')
      .where('payout_events.id', '>', after)
      .orderBy('payout_events.id')
      .limit(500)
      .execute();
    if (rows.length === 0) break;
    await log
      .insertInto('audit_log')
      .values(
        rows.map((e) => ({
          staff_id: Number(e.actor_id),
          action: `payout.${verbs[e.to_status] ?? 'update'}`,
          entity: 'payout',
          entity_id: String(e.payout_id),
          before: e.from_status === null ? null : JSON.stringify({ status: e.from_status }),
          after: JSON.stringify({ status: e.to_status, ...(e.reason ? { reason: e.reason } : {}) }),
          created_at: e.at,
        })),
      )
      .execute();
    after = Number(rows[rows.length - 1]!.id);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await (db as unknown as Kysely<{ audit_log: { entity: string; action: string } }>)
    .deleteFrom('audit_log')
    .where('entity', '=', 'payout')
    .where('action', 'like', 'payout.%')
    .execute();
  await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity', 'entity_id']).execute();
  await db.schema.dropIndex('audit_log_item_time').execute();
  await db.schema.dropIndex('audit_log_entity_time').execute();
  await db.schema.dropIndex('audit_log_action_time').execute();
  await db.schema.dropIndex('audit_log_staff_time').execute();
}
