// Queries of the notifications (one per attributed sale, made once by its dedupe key), of staff
// messages (announcements, custom notifications) and of their recipients' copies.
import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db';
import { preparedList } from '../../db/prepared';
import type { NotificationsTable, StaffMessagesTable } from '../../db/schema';

export type MessageKind = StaffMessagesTable['kind'];

/** Partners of one reading group: French readers, and everyone else (who read English). */
export type ReaderGroup = 'en' | 'fr';

export function insertMessage(db: Db, row: Omit<Insertable<StaffMessagesTable>, 'id'>) {
  return db.insertInto('staff_messages').values(row).returning('id').executeTakeFirstOrThrow();
}

export function findMessage(db: Db, kind: MessageKind, id: number) {
  return db
    .selectFrom('staff_messages')
    .selectAll()
    .where('kind', '=', kind)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function updateMessageContent(db: Db, id: number, content: string, at: string) {
  return db.updateTable('staff_messages').set({ content, updated_at: at }).where('id', '=', id).execute();
}

export async function deleteMessage(db: Db, id: number): Promise<void> {
  await db.deleteFrom('notifications').where('message_id', '=', id).execute();
  await db.deleteFrom('staff_messages').where('id', '=', id).execute();
}

export async function countMessages(db: Db, kind: MessageKind): Promise<number> {
  const row = await db
    .selectFrom('staff_messages')
    .select(sql<number>`count(*)`.as('n'))
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page of messages of a kind, newest first; or, with `id`, that one message. */
export function messageRows(
  db: Db,
  kind: MessageKind,
  which: { limit: number; offset: number } | { id: number },
) {
  let q = db
    .selectFrom('staff_messages')
    .leftJoin('staff_users', 'staff_users.id', 'staff_messages.author_staff_id')
    .leftJoin('partners', 'partners.id', 'staff_messages.partner_id')
    .select([
      'staff_messages.id',
      'staff_messages.content',
      'staff_messages.created_at',
      'staff_messages.updated_at',
      'staff_messages.recipients',
      'staff_messages.read_count',
      'staff_users.name as author',
      'partners.uuid as partner_uuid',
      'partners.email as partner_email',
      'partners.first_name as partner_first_name',
      'partners.last_name as partner_last_name',
    ])
    .where('staff_messages.kind', '=', kind);
  q =
    'id' in which
      ? q.where('staff_messages.id', '=', which.id)
      : q.orderBy('staff_messages.id', 'desc').limit(which.limit).offset(which.offset);
  return q.execute();
}

/** Adds read copies to each message's count (copies just marked read, or taken back read: negative). */
export async function addReadCounts(db: Db, deltas: Map<number, number>): Promise<void> {
  for (const [id, delta] of deltas)
    if (delta)
      await db
        .updateTable('staff_messages')
        .set({ read_count: sql`read_count + ${delta}` })
        .where('id', '=', id)
        .execute();
}

/** Adds `delta` copies to the message's count (copies made or taken back in this transaction). */
export async function countCopies(db: Db, id: number, delta: number): Promise<void> {
  if (delta)
    await db
      .updateTable('staff_messages')
      .set({ recipients: sql`recipients + ${delta}` })
      .where('id', '=', id)
      .execute();
}

const inGroup = (group: ReaderGroup) =>
  group === 'fr' ? sql<boolean>`partners.locale = 'fr'` : sql<boolean>`partners.locale <> 'fr'`;

/**
 * Gives each partner of `group` (or only `partnerId`) a copy of the message, once (the dedupe key
 * is the message and the partner): one INSERT … SELECT, however many partners. Parameters are cast
 * because PostgreSQL gives a bare parameter in a select list no type.
 */
export async function fanOut(
  db: Db,
  message: { id: number; kind: MessageKind; title: string; body: string; at: string },
  target: { group: ReaderGroup; partnerId?: number | undefined },
): Promise<number> {
  let partners = db
    .selectFrom('partners')
    .select([
      'partners.id',
      sql<string>`cast(${message.kind} as varchar(20))`.as('kind'),
      sql<string>`cast(${message.title} as varchar(200))`.as('title'),
      sql<string>`cast(${message.body} as text)`.as('body'),
      sql<string>`cast(${`message:${message.id}:`} as varchar(100)) || cast(partners.id as varchar(20))`.as(
        'dedupe_key',
      ),
      sql<string>`cast(${message.at} as varchar(32))`.as('created_at'),
      sql<number>`cast(${message.id} as integer)`.as('message_id'),
    ])
    .where(inGroup(target.group));
  if (target.partnerId !== undefined) partners = partners.where('partners.id', '=', target.partnerId);
  const [result] = await db
    .insertInto('notifications')
    .columns(['partner_id', 'kind', 'title', 'body', 'dedupe_key', 'created_at', 'message_id'])
    .expression(partners)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
  return Number(result?.numInsertedOrUpdatedRows ?? 0);
}

/** The copies of `group`'s partners take the message's new words (read marks are kept). */
export async function rewriteCopies(
  db: Db,
  messageId: number,
  group: ReaderGroup,
  title: string,
  body: string,
): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ title, body })
    .where('message_id', '=', messageId)
    .where('partner_id', 'in', db.selectFrom('partners').select('partners.id').where(inGroup(group)))
    .execute();
}

/** Takes the message back from `group`'s partners (a language removed from an announcement); answers how many, and how many of them were read. */
export async function removeCopies(
  db: Db,
  messageId: number,
  group: ReaderGroup,
): Promise<{ copies: number; read: number }> {
  const removed = await db
    .deleteFrom('notifications')
    .where('message_id', '=', messageId)
    .where('partner_id', 'in', db.selectFrom('partners').select('partners.id').where(inGroup(group)))
    .returning('read_at')
    .execute();
  return { copies: removed.length, read: removed.filter((row) => row.read_at !== null).length };
}

/** A partner's copies of one kind, newest first, with their message's words in both languages. */
export function partnerCopies(db: Db, partnerId: number, kind: MessageKind, limit: number) {
  return db
    .selectFrom('notifications')
    .leftJoin('staff_messages', 'staff_messages.id', 'notifications.message_id')
    .select([
      'notifications.id',
      'notifications.kind',
      'notifications.title',
      'notifications.body',
      'notifications.words',
      'notifications.read_at',
      'notifications.created_at',
      'staff_messages.content as message_content',
    ])
    .where('notifications.partner_id', '=', partnerId)
    .where('notifications.kind', '=', kind)
    .orderBy('notifications.id', 'desc')
    .limit(limit)
    .execute();
}

/** Announcements of the last days in `group`'s language: what a partner who joins now should still see. */
export function recentAnnouncements(db: Db, since: string) {
  return db
    .selectFrom('staff_messages')
    .select(['id', 'content', 'created_at'])
    .where('kind', '=', 'announcement')
    .where('created_at', '>=', since)
    .execute();
}

/** A partner by uuid, e-mail or promo code (the recipient field of the staff's form). */
export function findRecipient(db: Db, ref: string) {
  const lower = ref.trim().toLowerCase();
  return db
    .selectFrom('partners')
    .select(['partners.id', 'partners.uuid', 'partners.locale'])
    .where((eb) =>
      eb.or([
        eb('partners.uuid', '=', ref.trim()),
        eb(sql`lower(partners.email)`, '=', lower),
        eb(
          'partners.id',
          'in',
          eb
            .selectFrom('promo_codes')
            .select('promo_codes.partner_id')
            .where(sql`lower(promo_codes.code)`, '=', lower),
        ),
      ]),
    )
    .executeTakeFirst();
}

export function partnerUuid(db: Db, partnerId: number) {
  return db.selectFrom('partners').select(['uuid', 'locale']).where('id', '=', partnerId).executeTakeFirst();
}

/** The facts a sale notification tells of each order: its number, voucher, partner and earning. */
export function saleNotificationFacts(db: Db, orderIds: readonly number[]) {
  return db
    .selectFrom('orders')
    .innerJoin('partners', 'partners.id', 'orders.partner_id')
    .leftJoin('earnings', (j) =>
      j.onRef('earnings.order_id', '=', 'orders.id').on('earnings.kind', '=', 'sale'),
    )
    .select([
      'orders.id',
      'orders.order_number',
      'orders.voucher_id',
      'partners.id as partner_id',
      'partners.uuid',
      'partners.locale',
      'earnings.amount_cents',
      'earnings.status',
    ])
    .where('orders.id', 'in', [...new Set(orderIds)])
    .execute();
}

/** A notification's row as the service writes it (a type, so the prepared insert may build it from its cells). */
export type NotificationRow = {
  partner_id: number;
  kind: NotificationsTable['kind'];
  title: string;
  body: string;
  words: string | null;
  data: string | null;
  dedupe_key: string;
  read_at: null;
  created_at: string;
};
const NOTIFICATION_COLUMNS = [
  'partner_id',
  'kind',
  'title',
  'body',
  'words',
  'data',
  'dedupe_key',
  'read_at',
  'created_at',
] as const satisfies readonly (keyof NotificationRow)[];

/** Rows per insert of insertSaleNotifications: notifySales writes its rows in slices of this many. */
export const SALE_NOTIFICATIONS_AT_ONCE = 128;

// The multi-row insert of notifySales, compiled once per number of rows (up to
// SALE_NOTIFICATIONS_AT_ONCE): building a 128-row insert with Kysely cost more than SQLite takes to
// run it. The rows' cells go in as one list, row after row, in NOTIFICATION_COLUMNS' order.
const insertNotificationCells = preparedList(
  SALE_NOTIFICATIONS_AT_ONCE * NOTIFICATION_COLUMNS.length,
  (db, cells: unknown[]) =>
    db
      .insertInto('notifications')
      .values(
        Array.from(
          { length: cells.length / NOTIFICATION_COLUMNS.length },
          (_, r) =>
            Object.fromEntries(
              NOTIFICATION_COLUMNS.map((column, c) => [column, cells[r * NOTIFICATION_COLUMNS.length + c]]),
            ) as NotificationRow,
        ),
      )
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .returning(['id', 'dedupe_key']),
);
/** Writes the rows each once per dedupe key; answers those made, with their keys. */
export const insertSaleNotifications = (db: Db, rows: NotificationRow[]) =>
  insertNotificationCells(
    db,
    rows.flatMap((row) => NOTIFICATION_COLUMNS.map((column) => row[column])),
  );

/** Writes a notification once per dedupe key; answers its id, or undefined when it existed. */
export async function insertNotificationOnce(db: Db, row: NotificationRow): Promise<number | undefined> {
  const inserted = await db
    .insertInto('notifications')
    .values(row)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}
