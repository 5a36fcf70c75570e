// The newsfeed's own reads: the partner's announcements and badges, as their notifications hold
// them (the copy in the partner's language, gone when staff delete the announcement).
import type { Db } from '../../db';

const FEED_KINDS = ['announcement', 'badge'] as const;

/** The newest `limit` announcement and badge notifications of the partner. */
export function feedNotifications(db: Db, partnerId: number, limit: number) {
  return (
    db
      .selectFrom('notifications')
      .select(['id', 'kind', 'title', 'body', 'data', 'created_at'])
      .where('partner_id', '=', partnerId)
      .where('kind', 'in', FEED_KINDS)
      // The service's order (time, then kind, then id): the cut here must agree with it.
      .orderBy('created_at', 'desc')
      .orderBy('kind', 'asc')
      .orderBy('id', 'desc')
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
