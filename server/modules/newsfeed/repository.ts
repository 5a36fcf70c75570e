// The newsfeed's own reads: the partner's announcements and badges, as their notifications hold
// them (gone when staff delete the announcement), with an announcement's words in both languages.
import type { Db } from '../../db';

const FEED_KINDS = ['announcement', 'badge'] as const;

/** The newest `limit` announcement and badge notifications of the partner. */
export function feedNotifications(db: Db, partnerId: number, limit: number) {
  return (
    db
      .selectFrom('notifications')
      .leftJoin('staff_messages', 'staff_messages.id', 'notifications.message_id')
      .select([
        'notifications.id',
        'notifications.kind',
        'notifications.title',
        'notifications.body',
        'notifications.words',
        'notifications.data',
        'notifications.created_at',
        'staff_messages.content as message_content',
      ])
      .where('notifications.partner_id', '=', partnerId)
      .where('notifications.kind', 'in', FEED_KINDS)
      // The service's order (time, then kind, then id): the cut here must agree with it.
      .orderBy('notifications.created_at', 'desc')
      .orderBy('notifications.kind', 'asc')
      .orderBy('notifications.id', 'desc')
      .limit(limit)
      .execute()
  );
}

export async function countFeedNotifications(db: Db, partnerId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('partner_id', '=', partnerId)
    .where('kind', 'in', FEED_KINDS)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
