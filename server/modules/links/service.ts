// A partner's links (decisions §14): the short link `/s/{code}` counts a visit and sends the
// shopper to the store with the code applied; the partner sees clicks and orders per day.
import { addToDay, localDay, startOfDay } from '../../../common/calendar';
import type { Db } from '../../db';
import { groupCommit } from '../../db/group-commit';
import { nowIso } from '../../db/dialect';
import type { LinkClicksTable } from '../../db/schema';
import { programTimeZone } from '../sales/service';
import { clicksPerDay, insertClick, ordersPerDay } from './repository';

export type Device = LinkClicksTable['device'];

// Link previews (a chat app unfurling the link) and crawlers are not shoppers: counted apart.
const BOT = /bot\b|bot\/|crawl|spider|slurp|preview|facebookexternalhit|embedly|whatsapp|curl\/|wget\/|python-requests|headless/i;
const TABLET = /ipad|tablet|kindle|silk\/|playbook|android(?!.*mobile)/i;
const MOBILE = /mobi|iphone|ipod|android|blackberry|opera mini|iemobile/i;

export function deviceOf(userAgent: string | undefined): Device {
  const agent = userAgent ?? '';
  if (agent === '' || BOT.test(agent)) return 'bot';
  if (TABLET.test(agent)) return 'tablet';
  if (MOBILE.test(agent)) return 'mobile';
  return 'desktop';
}

/** The referring site's host ("instagram.com"), never its page (the path may say who the shopper is). */
export function referrerHost(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    const { hostname, protocol } = new URL(referer);
    if (protocol !== 'http:' && protocol !== 'https:') return null;
    return hostname.toLowerCase().replace(/^www\./, '').slice(0, 255) || null;
  } catch {
    return null;
  }
}

/** Shopify's shareable discount link: the code applied at checkout, the shopper on the home page. */
export function storeDestination(storeUrl: string | undefined, code: string | null): string {
  if (!storeUrl) return '/';
  const base = storeUrl.replace(/\/+$/, '');
  return code === null ? base : `${base}/discount/${encodeURIComponent(code)}?redirect=/`;
}

export interface Click {
  partnerId: number;
  promoCodeId: number;
  at: Date;
  referrer: string | undefined;
  userAgent: string | undefined;
}

/**
 * How clicks are written: each in the shared commit of the clicks that arrive with it (one fsync
 * for a burst of shoppers), answered once durable.
 */
export function clickRecorder(db: Db): (click: Click) => Promise<void> {
  return groupCommit(db, async (trx, click: Click) =>
    insertClick(trx, {
      partner_id: click.partnerId,
      promo_code_id: click.promoCodeId,
      clicked_at: nowIso(click.at),
      // The day of the program's calendar (docs/decisions/054-program-calendar.md).
      day: localDay(click.at, await programTimeZone(trx)),
      referrer_host: referrerHost(click.referrer),
      device: deviceOf(click.userAgent),
    }).then(() => undefined),
  );
}

export const STATS_DAYS = 30;

/**
 * The last 30 days of the program's calendar (today included): clicks by shoppers, orders, and
 * the conversion rate. Clicks carry their day as recorded (in the program's zone since 2026-12-02,
 * UTC before); orders are cut by the day they were placed in the zone.
 */
export async function linkStats(db: Db, partnerId: number, now = new Date()) {
  const zone = await programTimeZone(db);
  const today = localDay(now, zone);
  const days = Array.from({ length: STATS_DAYS }, (_, i) => addToDay(today, { days: i - STATS_DAYS + 1 }));
  const [clicks, orders] = await Promise.all([
    clicksPerDay(db, partnerId, days[0]!),
    ordersPerDay(db, partnerId, startOfDay(days[0]!, zone).toISOString(), (at) => localDay(at, zone)),
  ]);
  const perDay = days.map((day) => ({ day, clicks: clicks.get(day) ?? 0, orders: orders.get(day) ?? 0 }));
  const total = perDay.reduce((sum, d) => ({ clicks: sum.clicks + d.clicks, orders: sum.orders + d.orders }), { clicks: 0, orders: 0 });
  return {
    days: perDay,
    clicks: total.clicks,
    orders: total.orders,
    // Orders per click; null without a click (a code is also shared without its link).
    conversion: total.clicks === 0 ? null : Math.round((total.orders / total.clicks) * 10_000) / 10_000,
  };
}

/** The links of spec point 3's user JSON (decisions §14), from the partner's first code. */
export function partnerLinks(publicUrl: string, code: string | undefined) {
  if (!code) return { short_url: null, referral_short_url: null };
  const base = publicUrl.replace(/\/+$/, '');
  return { short_url: `${base}/s/${encodeURIComponent(code)}`, referral_short_url: `${base}/r/${encodeURIComponent(code)}` };
}
