// The demo partner's short-link clicks over the last 30 days, so the affiliate links page shows a
// program alive: mostly phones, mostly from Instagram and TikTok, a few link previews (bots).
import type { Db } from '../db';
import { nowIso } from '../db/dialect';
import type { LinkClicksTable } from '../db/schema';
import { random } from './demo-sales';

const SITES = [
  'instagram.com',
  'instagram.com',
  'instagram.com',
  'tiktok.com',
  'tiktok.com',
  'l.facebook.com',
  'youtube.com',
  null,
  null,
];
const DEVICES: LinkClicksTable['device'][] = [
  'mobile',
  'mobile',
  'mobile',
  'mobile',
  'mobile',
  'mobile',
  'tablet',
  'desktop',
  'desktop',
  'bot',
];

export async function seedDemoClicks(
  db: Db,
  partnerId: number,
  promoCodeId: number,
  now = new Date(),
): Promise<void> {
  const next = random(1501);
  const rows: Omit<LinkClicksTable, 'id'>[] = [];
  for (let daysAgo = 29; daysAgo >= 0; daysAgo--) {
    // A weekly rhythm around 30 a day, busier at the weekend.
    const date = new Date(now.getTime() - daysAgo * 86_400_000);
    const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6;
    const count = Math.round((weekend ? 38 : 24) + next() * 18);
    for (let i = 0; i < count; i++) {
      const at = new Date(
        Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) +
          Math.floor(next() * 86_400_000),
      );
      if (at > now) continue;
      rows.push({
        partner_id: partnerId,
        promo_code_id: promoCodeId,
        clicked_at: nowIso(at),
        day: nowIso(at).slice(0, 10),
        referrer_host: SITES[Math.floor(next() * SITES.length)]!,
        device: DEVICES[Math.floor(next() * DEVICES.length)]!,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('link_clicks')
      .values(rows.slice(i, i + 200))
      .execute();
}
