// The newsfeed (docs/product/engagement.md#badges): announcements, promotions, badges and sales in time order, paged.
//
// Each source is read newest first, no deeper than the page asked for reaches (offset + length),
// and the sources are merged here: a partner's feed is read a page or two deep, and each source
// keeps its own index (orders by partner and time, notifications by partner). Promotions are few
// (staff write a handful a month), so they are read whole and filtered by language.
import type { Locale } from '../../../common/i18n';
import type { FeedItem as SharedFeedItem } from '../../../common/newsfeed';
import type { Db } from '../../db';
import { pageOf } from '../../plugins/paging';
import { saleLinesByIds, saleTimelineOf, type SaleLine } from '../dashboard/service';
import { shownText } from '../notifications/service';
import { startedPartnerPromotions } from '../promotions/service';
import { countFeedNotifications, feedNotifications } from './repository';

export type FeedItem = SharedFeedItem<SaleLine>;

/** A promo is news of the day it starts: dated at its midnight UTC (the portal shows it as a date). */
const startOfDay = (day: string) => `${day}T00:00:00.000Z`;

/** Newest first; a tie (same instant) in a fixed order, so pages neither repeat nor skip an item. */
const newestFirst = (a: { date: string; kind: string; id: number }, b: typeof a) =>
  a.date < b.date ? 1 : a.date > b.date ? -1 : a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : b.id - a.id;

export async function newsfeedPage(
  db: Db,
  partnerId: number,
  paging: { page: number; length: number },
  locale: Locale,
  now = new Date(),
) {
  const depth = paging.page * paging.length;
  const [[sales, saleCount], notifications, notificationCount, promotions] = await Promise.all([
    saleTimelineOf(db, partnerId, depth),
    feedNotifications(db, partnerId, depth),
    countFeedNotifications(db, partnerId),
    startedPartnerPromotions(db, locale, now),
  ]);
  const items: FeedItem[] = [
    ...sales.map((s) => ({
      kind: 'sale' as const,
      id: s.id,
      date: s.at,
      title: null,
      body: null,
      image_url: null,
      badge: null,
      sale: null,
    })),
    ...notifications.map((n) => ({
      kind: n.kind as 'announcement' | 'badge',
      id: n.id,
      date: n.created_at,
      ...shownText(n, locale),
      image_url: null,
      badge: n.kind === 'badge' ? badgeOf(n.data) : null,
      sale: null,
    })),
    ...promotions.map((p) => ({
      kind: 'promotion' as const,
      id: p.id,
      date: startOfDay(p.starts_on),
      title: p.title,
      body: p.body,
      image_url: p.image_url,
      badge: null,
      sale: null,
    })),
  ];
  const page = items.sort(newestFirst).slice((paging.page - 1) * paging.length, depth);
  // Only the sales on the page are read whole, as the sales list shows them.
  const lines = await saleLinesByIds(
    db,
    partnerId,
    page.filter((item) => item.kind === 'sale').map((item) => item.id),
    locale,
  );
  const data = page.flatMap((item) => {
    if (item.kind !== 'sale') return [item];
    const sale = lines.get(item.id);
    // Gone between the two reads (never in practice: a listed order stays listed).
    return sale ? [{ ...item, sale }] : [];
  });
  return pageOf(data, paging.page, paging.length, saleCount + notificationCount + promotions.length);
}

function badgeOf(data: string | null): string | null {
  if (!data) return null;
  const badge = (JSON.parse(data) as { badge?: unknown }).badge;
  return typeof badge === 'string' ? badge : null;
}
