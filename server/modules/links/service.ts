// A partner's links (docs/product/links-and-integrations.md#short-links): the short link `/s/{code}` counts a visit and sends the
// shopper to the store with the code applied; the partner sees visits and orders per day. A
// visitor counts once per code in 30 minutes, and crawlers, link previews and prefetches not at
// all (docs/decisions/059-click-counting.md).
import { createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { isIPv6 } from 'node:net';
import { addToDay, localDay, startOfDay } from '../../../common/calendar';
import type { Db } from '../../db';
import { groupCommit } from '../../db/group-commit';
import { nowIso } from '../../db/dialect';
import type { LinkClicksTable } from '../../db/schema';
import { programTimeZone } from '../ledger/service';
import { storeShopDomain } from '../store-connection/service';
import type { StoreDeps } from '../store-connection/service';
import {
  claimVisitor,
  clicksPerDay,
  forgetExpiredVisitors,
  insertClick,
  ordersPerDay,
  visitorSeen,
} from './repository';

export type Device = LinkClicksTable['device'];

// Link previews (a chat app unfurling the link), crawlers and scripts are not shoppers: a browser
// opened by a person says none of these. In-app browsers (Instagram, Facebook, Pinterest, Snapchat)
// say their app's name, never one of these words, and are counted.
const BOT =
  /bot\b|bot\/|crawl|spider|slurp|preview|facebookexternalhit|meta-external|embedly|iframely|whatsapp|mastodon|vkshare|google-|googleother|chatgpt-user|lighthouse|curl\/|wget\/|python-requests|python-urllib|go-http-client|axios\/|node-fetch|libwww|headless/i;
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
    return (
      hostname
        .toLowerCase()
        .replace(/^www\./, '')
        .slice(0, 255) || null
    );
  } catch {
    return null;
  }
}

/**
 * The store's home: STORE_URL, else the Shopify shop's own address (SHOPIFY_SHOP_DOMAIN or the
 * connection made in the back office; Shopify sends a `myshopify.com` visitor on to the store's
 * primary domain), else null. Never the portal: a shopper has nothing to do on its sign-in page.
 */
export async function storeHome(deps: StoreDeps): Promise<string | null> {
  if (deps.config.shopify.storeUrl) return deps.config.shopify.storeUrl;
  const domain = await storeShopDomain(deps);
  return domain ? `https://${domain}` : null;
}

/** Shopify's shareable discount link: the code applied at checkout, the shopper on the home page. */
export function storeDestination(storeUrl: string, code: string | null): string {
  const base = storeUrl.replace(/\/+$/, '');
  return code === null ? base : `${base}/discount/${encodeURIComponent(code)}?redirect=/`;
}

// What the browser says when it fetches a page the visitor has not opened (yet): Chrome's
// `Sec-Purpose: prefetch` (`prefetch;prerender`), the older `Purpose: prefetch`, Safari's
// `X-Purpose: preview`, Firefox's `X-Moz: prefetch`.
const PREFETCH_HEADERS = ['sec-purpose', 'purpose', 'x-purpose', 'x-moz'] as const;
const PREFETCH = /prefetch|prerender|preview/i;

/**
 * Whether a hit of the short link is a visit to count: a person's browser opening it, not a
 * crawler, a link preview, a script, a prefetch, or a HEAD (link checkers). Every hit is answered
 * with the redirect all the same.
 */
export function countableVisit(method: string, headers: IncomingHttpHeaders): boolean {
  if (method !== 'GET') return false;
  if (deviceOf(headers['user-agent']) === 'bot') return false;
  return PREFETCH_HEADERS.every((name) => {
    const value = headers[name];
    return value === undefined || !PREFETCH.test(String(value));
  });
}

/** A visitor's clicks of one code count once in this long. */
export const VISIT_WINDOW_MS = 30 * 60 * 1000;

/**
 * The key of the visitor hashes: its own, derived from a generated server secret that every node
 * reads from the settings table (so the nodes agree) and that never leaves the server.
 */
export function visitorHashKey(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('partner-portal link visitors').digest();
}

/**
 * The part of an address that names a visitor: an IPv4 address whole, an IPv6 one by its /64
 * (a home's network, whose devices change their address within it every day).
 */
export function addressBlock(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address.toLowerCase();
  const [head = '', tail] = address.replace(/%.*$/, '').split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** HMAC-SHA256 of what names a visitor: kept instead of the address, which is never stored. */
export function visitorHash(key: Buffer, ...parts: (string | number)[]): string {
  // A header value holds no line break: the parts cannot run into each other.
  return createHmac('sha256', key).update(parts.join('\n')).digest('hex');
}

export interface Click {
  partnerId: number;
  promoCodeId: number;
  at: Date;
  /** The visitor's address: only its keyed hash is kept. */
  address: string;
  referrer: string | undefined;
  userAgent: string | undefined;
}

/**
 * How clicks are counted: once per visitor (the address's block and the user agent) and code in
 * 30 minutes, answering whether this one was. A repeat inside the window is known by a read, so a
 * burst from one visitor writes once. A first visit claims the visitor and writes the click in the
 * same transaction, in the shared commit of the clicks that arrive with it (one fsync for a burst
 * of shoppers), answered once durable: a click that could not be written leaves no claim behind.
 */
export function clickRecorder(db: Db, key: Buffer): (click: Click) => Promise<boolean> {
  const write = groupCommit(db, async (trx, click: Click & { visitor: string }) => {
    const at = nowIso(click.at);
    if (!(await claimVisitor(trx, click.visitor, at, nowIso(new Date(click.at.getTime() + VISIT_WINDOW_MS)))))
      return false;
    await insertClick(trx, {
      partner_id: click.partnerId,
      promo_code_id: click.promoCodeId,
      clicked_at: at,
      // The day of the program's calendar (docs/decisions/054-program-calendar.md).
      day: localDay(click.at, await programTimeZone(trx)),
      referrer_host: referrerHost(click.referrer),
      device: deviceOf(click.userAgent),
    });
    return true;
  });
  // The visitors whose first visit this node is writing: the hits that arrive with it are not
  // counted, without a statement each. (Other nodes' are settled by the claim.)
  const writing = new Set<string>();
  return async (click) => {
    const visitor = visitorHash(
      key,
      'visit',
      click.promoCodeId,
      addressBlock(click.address),
      click.userAgent ?? '',
    );
    if (writing.has(visitor) || (await visitorSeen(db, visitor, nowIso(click.at))) || writing.has(visitor))
      return false;
    writing.add(visitor);
    try {
      return await write({ ...click, visitor });
    } finally {
      writing.delete(visitor);
    }
  };
}

/** Deletes the visitors whose window has ended (a periodic task of every node; idempotent). */
export function forgetPastVisitors(db: Db, now = new Date()): Promise<number> {
  return forgetExpiredVisitors(db, nowIso(now));
}

export const STATS_DAYS = 30;

/**
 * The last 30 days of the program's calendar (today included): the counted visits (`clicks`),
 * orders, and the conversion rate. Clicks carry their day as recorded (in the program's zone since
 * 2026-12-02, UTC before); orders are cut by the day they were placed in the zone.
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
  const total = perDay.reduce(
    (sum, d) => ({ clicks: sum.clicks + d.clicks, orders: sum.orders + d.orders }),
    { clicks: 0, orders: 0 },
  );
  return {
    days: perDay,
    clicks: total.clicks,
    orders: total.orders,
    // Orders per click; null without a click (a code is also shared without its link).
    conversion: total.clicks === 0 ? null : Math.round((total.orders / total.clicks) * 10_000) / 10_000,
  };
}

/** The links in the user JSON (docs/product/partners-and-accounts.md#the-partner-profile, docs/product/links-and-integrations.md), from the partner's first code. */
export function partnerLinks(publicUrl: string, code: string | undefined) {
  if (!code) return { short_url: null, referral_short_url: null };
  const base = publicUrl.replace(/\/+$/, '');
  return {
    short_url: `${base}/s/${encodeURIComponent(code)}`,
    referral_short_url: `${base}/r/${encodeURIComponent(code)}`,
  };
}
