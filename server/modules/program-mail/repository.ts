// Program mail's reads and writes: the switches, the outbox, the unsubscribe tokens, and the
// fan-outs that put one mail per recipient in the outbox with one statement whatever their number.
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { MailKind, MailOutboxTable, OutboxKind } from '../../db/schema';

export const MAIL_KINDS = [
  'sales_digest',
  'announcements',
  'promotions',
  'challenges',
] as const satisfies readonly MailKind[];
export type Switches = Record<MailKind, boolean>;

export async function switchesOf(db: Db, partnerId: number): Promise<Switches> {
  const row = await db
    .selectFrom('mail_preferences')
    .select(MAIL_KINDS)
    .where('partner_id', '=', partnerId)
    .executeTakeFirst();
  return Object.fromEntries(MAIL_KINDS.map((kind) => [kind, row ? row[kind] === 1 : true])) as Switches;
}

/** Sets the switches named, leaving the others as they are, in one statement (two tabs at once lose nothing). */
export async function saveSwitches(
  db: Db,
  partnerId: number,
  changes: Partial<Switches>,
  at: string,
): Promise<void> {
  const values = Object.fromEntries(
    Object.entries(changes).map(([kind, on]) => [kind, on ? 1 : 0]),
  ) as Partial<Record<MailKind, number>>;
  await db
    .insertInto('mail_preferences')
    .values({ partner_id: partnerId, ...values, updated_at: at })
    .onConflict((oc) => oc.column('partner_id').doUpdateSet({ ...values, updated_at: at }))
    .execute();
}

export function insertToken(
  db: Db,
  row: { token_hash: string; partner_id: number; kind: MailKind; created_at: string },
) {
  return db.insertInto('mail_tokens').values(row).execute();
}

export function findToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('mail_tokens')
    .select(['partner_id', 'kind'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Who may receive program mail of a kind: a verified address, the switch on (no row: on). */
const receives = (kind: MailKind) => sql`p.verified = 1 and coalesce(mp.${sql.ref(kind)}, 1) = 1`;

/**
 * One digest per partner whose sales were notified in [from, to), each made once (its key names
 * the partner and the window's end: at most one a window whatever the number of nodes).
 */
export async function queueDigests(db: Db, from: string, to: string, at: string): Promise<number> {
  const payload = JSON.stringify({ from, to });
  const result = await sql`
    insert into mail_outbox (partner_id, kind, ref_id, payload, dedupe_key, run_after, attempts, created_at)
    select n.partner_id, 'sales_digest', null, ${payload}, cast(${`sales_digest:${to}:`} as varchar(100)) || cast(n.partner_id as varchar(20)), ${at}, 0, ${at}
    from notifications n
    join partners p on p.id = n.partner_id
    left join mail_preferences mp on mp.partner_id = n.partner_id
    where n.kind = 'sale' and n.created_at >= ${from} and n.created_at < ${to} and ${receives('sales_digest')}
    group by n.partner_id
    on conflict (dedupe_key) do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** An announcement by mail to each partner who received its copy in the portal. */
export async function queueAnnouncement(db: Db, messageId: number, at: string): Promise<number> {
  const result = await sql`
    insert into mail_outbox (partner_id, kind, ref_id, payload, dedupe_key, run_after, attempts, created_at)
    select n.partner_id, 'announcements', cast(${messageId} as integer), null, cast(${`announcements:${messageId}:`} as varchar(100)) || cast(n.partner_id as varchar(20)), ${at}, 0, ${at}
    from notifications n
    join partners p on p.id = n.partner_id
    left join mail_preferences mp on mp.partner_id = n.partner_id
    where n.message_id = ${messageId} and n.kind = 'announcement' and ${receives('announcements')}
    on conflict (dedupe_key) do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** A promo or challenge by mail to the partners who read one of its languages (`fr`, or everyone else for `en`). */
export async function queueToReaders(
  db: Db,
  kind: 'promotions' | 'challenges',
  refId: number,
  languages: { en: boolean; fr: boolean },
  at: string,
): Promise<number> {
  if (!languages.en && !languages.fr) return 0;
  const readers =
    languages.en && languages.fr ? sql`1 = 1` : languages.fr ? sql`p.locale = 'fr'` : sql`p.locale <> 'fr'`;
  const result = await sql`
    insert into mail_outbox (partner_id, kind, ref_id, payload, dedupe_key, run_after, attempts, created_at)
    select p.id, cast(${kind} as varchar(20)), cast(${refId} as integer), null, cast(${`${kind}:${refId}:`} as varchar(100)) || cast(p.id as varchar(20)), ${at}, 0, ${at}
    from partners p
    left join mail_preferences mp on mp.partner_id = p.id
    where ${readers} and ${receives(kind)}
    on conflict (dedupe_key) do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * One transactional mail (no switch, no unsubscribe link) into the outbox, written in the caller's
 * transaction: it is sent once that commits, never before, and not at all if it rolls back. Made
 * once by its key: a retried job queues nothing twice. Answers whether this call queued it.
 */
export async function queueTransactional(
  db: Db,
  row: {
    partner_id: number;
    kind: Exclude<OutboxKind, MailKind>;
    ref_id: number | null;
    payload: string | null;
    dedupe_key: string;
  },
  at: string,
): Promise<boolean> {
  const result = await db
    .insertInto('mail_outbox')
    .values({ ...row, run_after: at, attempts: 0, created_at: at })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Whether the partner's account e-mail was ever changed: its notice (an `account_change` row whose
 * facts say `"kind":"email"`, written by `queueAccountChangeMail` in the change's transaction) is in
 * the outbox. A verification after such a change is not a new partner's first.
 */
export async function changedAccountEmail(db: Db, partnerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where('partner_id', '=', partnerId)
    .where('kind', '=', 'account_change')
    .where('payload', 'like', '%"kind":"email"%')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks content as put in the outbox; answers whether this call did (one node of several wins). */
export async function claimUnmailed(
  db: Db,
  table: 'staff_messages' | 'promotions' | 'challenges',
  id: number,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ mailed_at: at })
    .where('id', '=', id)
    .where('mailed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function unmailedAnnouncements(db: Db) {
  return db
    .selectFrom('staff_messages')
    .select(['id'])
    .where('kind', '=', 'announcement')
    .where('mailed_at', 'is', null)
    .orderBy('id')
    .limit(50)
    .execute();
}

export function unmailedPromotions(db: Db, day: string) {
  return db
    .selectFrom('promotions')
    .select(['id', 'content', 'ends_on'])
    .where('mailed_at', 'is', null)
    .where('starts_on', '<=', day)
    .orderBy('id')
    .limit(50)
    .execute();
}

export function unmailedChallenges(db: Db, month: string) {
  return db
    .selectFrom('challenges')
    .select(['id', 'content', 'month'])
    .where('mailed_at', 'is', null)
    .where('month', '<=', month)
    .orderBy('id')
    .limit(50)
    .execute();
}

export type OutboxRow = Pick<MailOutboxTable, 'partner_id' | 'kind' | 'ref_id' | 'payload' | 'created_at'> & {
  id: number;
  attempts: number;
};

/**
 * Claims up to `limit` due mails for this node, as the job queue claims jobs (server/jobs/queue.ts).
 * Transactional mail first (a payout's status, an account notice, a welcome): it must not wait
 * behind the fan-out of an announcement to every partner.
 */
export async function claimDueMail(db: Db, at: string, until: string, limit: number): Promise<OutboxRow[]> {
  const due = sql`done_at is null and run_after <= ${at} and (locked_until is null or locked_until < ${at})`;
  const { rows } = await sql<OutboxRow>`
    update mail_outbox set locked_until = ${until}, attempts = attempts + 1
    where id in (select id from mail_outbox where ${due} order by case when kind in ('payout_status', 'account_change', 'welcome') then 0 else 1 end, id limit ${limit}) and ${due}
    returning id, partner_id, kind, ref_id, payload, attempts, created_at`.execute(db);
  return rows.sort((a, b) => a.id - b.id);
}

/** Every change to a claimed row names the claim (`lease`): one that ran out changes nothing. */
export function finishMail(
  db: Db,
  id: number,
  lease: string,
  outcome: 'sent' | 'unsubscribed' | 'gone' | 'rejected',
  at: string,
  messageId: string | null = null,
  error: string | null = null,
) {
  return db
    .updateTable('mail_outbox')
    .set({
      done_at: at,
      outcome,
      message_id: messageId,
      locked_until: null,
      last_error: error === null ? null : error.slice(0, 1000),
    })
    .where('id', '=', id)
    .where('locked_until', '=', lease)
    .execute();
}

export function retryMail(db: Db, id: number, lease: string, runAfter: string, error: string) {
  return db
    .updateTable('mail_outbox')
    .set({ run_after: runAfter, locked_until: null, last_error: error.slice(0, 1000) })
    .where('id', '=', id)
    .where('locked_until', '=', lease)
    .execute();
}

/** Gives back claims a node did not get to: not an attempt. */
export function releaseMail(db: Db, ids: number[], lease: string) {
  if (ids.length === 0) return Promise.resolve();
  return db
    .updateTable('mail_outbox')
    .set((eb) => ({ locked_until: null, attempts: eb('attempts', '-', 1) }))
    .where('id', 'in', ids)
    .where('locked_until', '=', lease)
    .execute();
}

export function recipient(db: Db, partnerId: number) {
  return db
    .selectFrom('partners')
    .select(['id', 'email', 'first_name', 'locale', 'verified'])
    .where('id', '=', partnerId)
    .executeTakeFirst();
}

/** The sales a digest reports: the partner's sale notifications of the window, with their orders. */
export async function digestSales(db: Db, partnerId: number, from: string, to: string) {
  const notified = await db
    .selectFrom('notifications')
    .select(['data'])
    .where('partner_id', '=', partnerId)
    .where('kind', '=', 'sale')
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const ids = notified
    .map((n) => Number((JSON.parse(n.data ?? '{}') as { order_id?: unknown }).order_id))
    .filter((id) => Number.isSafeInteger(id));
  if (ids.length === 0) return [];
  const orders = await db
    .selectFrom('orders')
    .leftJoin('earnings', (j) =>
      j
        .onRef('earnings.order_id', '=', 'orders.id')
        .on('earnings.kind', '=', 'sale')
        .on('earnings.partner_id', '=', partnerId),
    )
    .select([
      'orders.id',
      'orders.order_number',
      'orders.first_product',
      'orders.product_count',
      'earnings.amount_cents',
    ])
    .where('orders.id', 'in', ids)
    .execute();
  const byId = new Map(orders.map((o) => [o.id, o]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export function announcementCopy(db: Db, partnerId: number, messageId: number) {
  return db
    .selectFrom('notifications')
    .select(['title', 'body'])
    .where('partner_id', '=', partnerId)
    .where('message_id', '=', messageId)
    .where('kind', '=', 'announcement')
    .executeTakeFirst();
}

export function promotionRow(db: Db, id: number) {
  return db
    .selectFrom('promotions')
    .select(['content', 'starts_on', 'ends_on'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function challengeRow(db: Db, id: number) {
  return db
    .selectFrom('challenges')
    .select(['content', 'month', 'metric', 'target', 'reward_kind', 'reward_voucher_type', 'reward_amount'])
    .where('id', '=', id)
    .executeTakeFirst();
}
