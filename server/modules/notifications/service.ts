// Notifications a partner reads in the bell and the lists: one per attributed sale, created once
// (dedupe key), shown in the language of the portal that reads it; and the staff's announcements
// and custom notifications.
import { randomUUID } from 'node:crypto';
import type { Locale } from '../../../common/i18n';
import type { Db } from '../../db';
import type { NotificationsTable } from '../../db/schema';
import { nowIso } from '../../db/dialect';
import { invalid, notFound } from '../../errors';
import {
  hasSomeText,
  writtenContent,
  type BilingualContent,
  type BilingualText,
} from '../../plugins/bilingual';
import { pageOf } from '../../plugins/paging';
import { sayWords, storedWords, type NotificationWords } from './words';
import { recordAudit } from '../audit/service';
import { reserveAttempt } from '../throttle/service';
import {
  addReadCounts,
  countCopies,
  countMessages,
  deleteMessage,
  fanOut,
  findMessage,
  findRecipient,
  insertMessage,
  insertNotificationOnce,
  insertSaleNotifications,
  SALE_NOTIFICATIONS_AT_ONCE,
  messageRows,
  partnerCopies,
  partnerUuid,
  recentAnnouncements,
  removeCopies,
  rewriteCopies,
  saleNotificationFacts,
  updateMessageContent,
  type MessageKind,
  type NotificationRow,
  type ReaderGroup,
} from './repository';
import { readProgramCurrency } from '../settings';

export { formatMoney, formatPercent } from './words';
export type { NotificationWords, Phrase } from './words';

/** The sale notification of an order; answers the partner's uuid when one was created. */
export async function notifySale(
  db: Db,
  orderId: number,
): Promise<{ uuid: string; notificationId: number } | undefined> {
  const [created] = await notifySales(db, [orderId]);
  return created && { uuid: created.uuid, notificationId: created.notificationId };
}

/**
 * The sale notifications of several orders (the follow-up of a burst of them): one read, and one
 * insert per slice of up to 128, each notification made once (its dedupe key) as notifySale makes
 * it. Answers those created, with their partner's uuid, in the order of `orderIds`.
 */
export async function notifySales(
  db: Db,
  orderIds: readonly number[],
): Promise<{ orderId: number; uuid: string; notificationId: number }[]> {
  if (orderIds.length === 0) return [];
  const rows = await saleNotificationFacts(db, orderIds);
  const byOrder = new Map(rows.map((row) => [row.id, row]));
  const currency = await readProgramCurrency(db);
  const at = nowIso();
  const wanted: (NewNotification & { orderId: number; uuid: string })[] = [];
  for (const orderId of new Set(orderIds)) {
    const row = byOrder.get(orderId);
    if (!row || row.voucher_id !== null || row.amount_cents === null) continue;
    wanted.push({
      orderId,
      uuid: row.uuid,
      partnerId: row.partner_id,
      kind: 'sale',
      locale: row.locale,
      words: {
        title: { key: 'notifications_server.sale_title' },
        body: [
          {
            key: 'notifications_server.sale_body',
            params: { order: row.order_number, amount: { money: row.amount_cents, currency } },
          },
        ],
      },
      data: {
        order_id: row.id,
        order_number: row.order_number,
        commission: row.amount_cents / 100,
        status: row.status,
      },
      dedupeKey: `sale:${row.id}`,
      at,
    });
  }
  const ids = new Map<string, number>();
  for (let at = 0; at < wanted.length; at += SALE_NOTIFICATIONS_AT_ONCE) {
    const slice = wanted.slice(at, at + SALE_NOTIFICATIONS_AT_ONCE);
    const inserted = await insertSaleNotifications(db, slice.map(notificationRow));
    for (const row of inserted) if (row.dedupe_key !== null) ids.set(row.dedupe_key, row.id);
  }
  return wanted.flatMap((n) => {
    const notificationId = ids.get(n.dedupeKey);
    return notificationId === undefined ? [] : [{ orderId: n.orderId, uuid: n.uuid, notificationId }];
  });
}

// The words are kept as keys (the portal says them in its reader's language) and written out once
// in the partner's mail language (what the mail digest sends).
const notificationRow = (n: NewNotification): NotificationRow => ({
  partner_id: n.partnerId,
  kind: n.kind,
  ...sayWords(n.words, n.locale),
  words: JSON.stringify(n.words),
  data: n.data ? JSON.stringify(n.data) : null,
  dedupe_key: n.dedupeKey,
  read_at: null,
  created_at: n.at,
});

export interface NewNotification {
  partnerId: number;
  kind: NotificationsTable['kind'];
  words: NotificationWords;
  /** The partner's mail language: the words as the mail digest sends them. */
  locale: string;
  data?: Record<string, unknown>;
  /** Makes the notification once: a second insert with the same key does nothing. */
  dedupeKey: string;
  at: string;
}

/** Writes a notification once per dedupe key; answers its id, or undefined when it existed. */
export async function addNotification(db: Db, n: NewNotification): Promise<number | undefined> {
  return insertNotificationOnce(db, notificationRow(n));
}

// ---- Staff messages (docs/product/engagement.md#notifications): announcements, broadcast per language (a partner reads the
// version in their language; a language left empty is not sent to its readers), and custom
// notifications, to one partner or to all (each reads their language's version, else the other:
// a message meant for someone must reach them). Staff write once; each recipient gets a copy in
// `notifications`, made in the same transaction as the message and its audit line, so the bell,
// the lists and read-marking are the notifications' own.

export type { MessageKind } from './repository';

export type MessageText = BilingualText;
export type MessageContent = BilingualContent;

const GROUPS: readonly ReaderGroup[] = ['en', 'fr'];

/** Who a push must reach after the commit: one partner, or every open portal. */
export type MessageAudience = { partnerUuid: string } | { everyone: true };

/** The words a group of readers gets: theirs; for a custom notification, else the other language. */
function textFor(kind: MessageKind, content: MessageContent, group: ReaderGroup): MessageText | undefined {
  if (content[group]) return content[group];
  return kind === 'custom' ? (content.en ?? content.fr) : undefined;
}

export function requireSomeText(content: BilingualContent): void {
  if (!hasSomeText(content)) throw invalid({ content: ['messages.one_language'] });
}

export interface StaffMessage {
  id: number;
  content: MessageContent;
  created_at: string;
  updated_at: string;
  author: string | null;
  recipients: number;
  read: number;
  partner: { uuid: string; name: string; email: string } | null;
}

function staffRows(rows: Awaited<ReturnType<typeof messageRows>>): StaffMessage[] {
  return rows.map((row) => ({
    id: row.id,
    content: JSON.parse(row.content) as MessageContent,
    created_at: row.created_at,
    updated_at: row.updated_at,
    author: row.author,
    recipients: Number(row.recipients),
    read: Number(row.read_count),
    partner: row.partner_uuid
      ? {
          uuid: row.partner_uuid,
          name: [row.partner_first_name, row.partner_last_name].filter(Boolean).join(' '),
          email: row.partner_email ?? '',
        }
      : null,
  }));
}

/** One page of a kind of message, newest first, with how many partners got and read each. */
export async function listMessages(db: Db, kind: MessageKind, page: number, length: number) {
  const [total, rows] = await Promise.all([
    countMessages(db, kind),
    messageRows(db, kind, { limit: length, offset: (page - 1) * length }),
  ]);
  return pageOf(staffRows(rows), page, length, total);
}

async function oneMessage(db: Db, kind: MessageKind, id: number): Promise<StaffMessage> {
  const [found] = staffRows(await messageRows(db, kind, { id }));
  if (!found) throw notFound();
  return found;
}

/**
 * Writes a message and gives every recipient their copy; answers it and whom to push to. `now` is
 * when it was written (the demo seed dates its announcements in the year it seeds).
 */
export async function createMessage(
  db: Db,
  kind: MessageKind,
  input: { content: MessageContent; partner?: string | null | undefined },
  staffId: number,
  now = new Date(),
): Promise<{ message: StaffMessage; audience: MessageAudience }> {
  const content = writtenContent(input.content);
  requireSomeText(content);
  const ref = kind === 'custom' ? input.partner?.trim() : undefined;
  const recipient = ref ? await findRecipient(db, ref) : undefined;
  if (ref && !recipient) throw invalid({ partner: ['messages.partner_unknown'] });
  const at = nowIso(now);
  const id = await db.transaction().execute(async (trx) => {
    const { id } = await insertMessage(trx, {
      kind,
      content: JSON.stringify(content),
      partner_id: recipient?.id ?? null,
      author_staff_id: staffId,
      created_at: at,
      updated_at: at,
    });
    let copies = 0;
    for (const group of GROUPS) {
      const text = textFor(kind, content, group);
      if (text) copies += await fanOut(trx, { id, kind, ...text, at }, { group, partnerId: recipient?.id });
    }
    await countCopies(trx, id, copies);
    await recordAudit(
      trx,
      {
        staffId,
        action: `${kind}.create`,
        entity: kind,
        entityId: id,
        after: { content, partner: recipient?.uuid ?? null },
      },
      at,
    );
    return id;
  });
  return {
    message: await oneMessage(db, kind, id),
    audience: recipient ? { partnerUuid: recipient.uuid } : { everyone: true },
  };
}

/** New words for a message, in every copy (read marks kept); a language added or removed reaches or leaves its readers. */
export async function updateMessage(
  db: Db,
  kind: MessageKind,
  id: number,
  input: { content: MessageContent },
  staffId: number,
): Promise<{ message: StaffMessage; audience: MessageAudience }> {
  const content = writtenContent(input.content);
  requireSomeText(content);
  const at = nowIso();
  const recipientId = await db.transaction().execute(async (trx) => {
    const before = await findMessage(trx, kind, id);
    if (!before) throw notFound();
    await updateMessageContent(trx, id, JSON.stringify(content), at);
    const beforeContent = JSON.parse(before.content) as MessageContent;
    let copies = 0;
    for (const group of GROUPS) {
      const text = textFor(kind, content, group);
      if (!text) {
        const removed = await removeCopies(trx, id, group);
        copies -= removed.copies;
        await addReadCounts(trx, new Map([[id, -removed.read]]));
        continue;
      }
      await rewriteCopies(trx, id, group, text.title, text.body);
      // A language added to an announcement reaches its readers now; a custom notification keeps
      // the recipients it was sent to.
      if (kind === 'announcement' && !beforeContent[group])
        copies += await fanOut(trx, { id, kind, ...text, at: before.created_at }, { group });
    }
    await countCopies(trx, id, copies);
    await recordAudit(
      trx,
      {
        staffId,
        action: `${kind}.update`,
        entity: kind,
        entityId: id,
        before: { content: beforeContent },
        after: { content },
      },
      at,
    );
    return before.partner_id;
  });
  const recipient = recipientId === null ? undefined : await partnerUuid(db, recipientId);
  return {
    message: await oneMessage(db, kind, id),
    audience: recipient ? { partnerUuid: recipient.uuid } : { everyone: true },
  };
}

/** Deletes a message and every copy of it (it leaves every partner's portal). */
export async function removeMessage(
  db: Db,
  kind: MessageKind,
  id: number,
  staffId: number,
): Promise<{ audience: MessageAudience }> {
  const recipientId = await db.transaction().execute(async (trx) => {
    const before = await findMessage(trx, kind, id);
    if (!before) throw notFound();
    await deleteMessage(trx, id);
    await recordAudit(trx, {
      staffId,
      action: `${kind}.delete`,
      entity: kind,
      entityId: id,
      before: { content: JSON.parse(before.content) as unknown },
    });
    return before.partner_id;
  });
  const recipient = recipientId === null ? undefined : await partnerUuid(db, recipientId);
  return { audience: recipient ? { partnerUuid: recipient.uuid } : { everyone: true } };
}

/** The words of a stored notification as a reader of `locale` is shown them (docs/decisions/069-notification-words.md). */
export interface StoredText {
  title: string;
  body: string;
  words: string | null;
  /** The staff message's content, for a copy of one. */
  message_content: string | null;
}

/**
 * What the portal shows of a notification, in the language of the interface that reads it: the
 * program's own words in that language; a staff message's version in it, else the copy's own (a
 * message written in one language only); a row from before words were kept, as it was written.
 */
export function shownText(row: StoredText, locale: Locale): { title: string; body: string } {
  const words = storedWords(row.words);
  if (words) return sayWords(words, locale);
  const version = row.message_content
    ? (JSON.parse(row.message_content) as MessageContent)[locale]
    : undefined;
  return version ? { title: version.title, body: version.body } : { title: row.title, body: row.body };
}

/** A partner's announcements or custom notifications, newest first (`GET /api/getNotifications/{kind}`). */
export async function partnerMessages(db: Db, partnerId: number, kind: MessageKind, locale: Locale) {
  return (await partnerCopies(db, partnerId, kind, 50)).map((n) => ({
    id: n.id,
    kind: n.kind,
    ...shownText(n, locale),
    read: n.read_at !== null,
    date: n.created_at,
  }));
}

/** Copies just marked read (their message ids; null for a notification of the program's own) move their messages' read counts. */
export async function countReadCopies(db: Db, messageIds: (number | null)[]): Promise<void> {
  const deltas = new Map<number, number>();
  for (const id of messageIds) if (id !== null) deltas.set(id, (deltas.get(id) ?? 0) + 1);
  await addReadCounts(db, deltas);
}

/** A partner's test notification (`/account/test`): at most 5 a minute, counted before it is made. */
export async function sendTestNotification(db: Db, partnerId: number, now = new Date()) {
  await reserveAttempt(db, [`test-notification:${partnerId}`], { limit: 5, windowMs: 60_000 }, now);
  const partner = await partnerUuid(db, partnerId);
  const at = nowIso(now);
  const id = await addNotification(db, {
    partnerId,
    kind: 'test',
    locale: partner?.locale ?? 'en',
    words: {
      title: { key: 'notifications_server.test_title' },
      body: [{ key: 'notifications_server.test_body' }],
    },
    dedupeKey: `test:${partnerId}:${randomUUID()}`,
    at,
  });
  return { id: id!, uuid: partner!.uuid, sent_at: at };
}

/** How long a new partner still gets the announcements made before they joined. */
const STANDING_ANNOUNCEMENT_DAYS = 30;

/** A partner who joins now gets the announcements of the last weeks in their language. */
export async function deliverStandingAnnouncements(
  db: Db,
  partnerId: number,
  locale: string,
  now = new Date(),
): Promise<void> {
  const since = nowIso(new Date(now.getTime() - STANDING_ANNOUNCEMENT_DAYS * 86_400_000));
  const group: ReaderGroup = locale === 'fr' ? 'fr' : 'en';
  for (const row of await recentAnnouncements(db, since)) {
    const text = textFor('announcement', JSON.parse(row.content) as MessageContent, group);
    if (text)
      await countCopies(
        db,
        row.id,
        await fanOut(
          db,
          { id: row.id, kind: 'announcement', ...text, at: row.created_at },
          { group, partnerId },
        ),
      );
  }
}
