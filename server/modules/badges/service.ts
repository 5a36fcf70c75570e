// Badges (decisions §8): awarded automatically, once, when a partner's measure reaches a badge's
// target, each with a notification in the partner's language and a live push. Awards are weighed
// where the measures move (a recorded order's job, a paid payout's job, a profile save) and by a
// sweep of every node every few minutes, which also catches what moved elsewhere (marketplace and
// referral earnings). The unique (partner, badge) row makes each award happen once, whichever
// node or job gets there first; the notification shares the award's transaction.
import { BADGES, profileStepsDone, type BadgeId, type BadgeMetric, type BadgeState } from '../../../common/badges';
import { isLocale } from '../../../common/i18n';
import type { Db } from '../../db';
import { nowIso } from '../../db/dialect';
import { retryOnConflict } from '../../db/retry';
import { i18n } from '../../i18n';
import { lifetimeFigures } from '../dashboard/service';
import { addNotification } from '../notifications/service';
import { awardsOf, insertAward, orderPartner, partnersWithActivity, paidPayouts, payoutPartner, profileOf, type ProfileRow } from './repository';

type Measures = Record<BadgeMetric, number>;

async function measuresOf(db: Db, partnerId: number, profile: ProfileRow): Promise<Measures> {
  const figures = await lifetimeFigures(db, partnerId);
  return {
    sales: figures.sales,
    // Whole dollars: a badge of $1,000 is met at $1,000.00, not a cent before.
    earned: Math.floor(figures.earnedCents / 100),
    cashouts: await paidPayouts(db, partnerId),
    profile: profileStepsDone(profile).length,
    // Monthly challenges arrive with the rest of the engagement capability; until one exists, none is met.
    challenges: 0,
  };
}

/** Every badge with the partner's progress toward it and, once awarded, when (`GET /api/get_badges`). */
export async function badgesOf(db: Db, partnerId: number): Promise<BadgeState[]> {
  const profile = await profileOf(db, partnerId);
  if (!profile) return [];
  const [measures, awards] = [await measuresOf(db, partnerId, profile), await awardsOf(db, partnerId)];
  const awardedAt = new Map(awards.map((award) => [award.badge, award.awarded_at]));
  return BADGES.map((badge) => {
    const at = awardedAt.get(badge.id) ?? null;
    return {
      id: badge.id,
      metric: badge.metric,
      target: badge.target,
      progress: at ? badge.target : Math.min(measures[badge.metric], badge.target),
      awarded_at: at,
    };
  });
}

/** The badges the partner holds, oldest first (the profile payload's `badges`). */
export async function awardedBadges(db: Db, partnerId: number): Promise<{ id: string; awarded_at: string }[]> {
  const awards = await awardsOf(db, partnerId);
  return awards.map((award) => ({ id: award.badge, awarded_at: award.awarded_at })).sort((a, b) => a.awarded_at.localeCompare(b.awarded_at));
}

export interface Awarded {
  uuid: string;
  badges: { id: BadgeId; notificationId: number | undefined }[];
}

/**
 * Awards every badge the partner has reached and not yet been awarded, with its notification.
 * Run inside the caller's transaction; answers what this call awarded (nothing when another got
 * there first).
 */
export async function awardDueBadges(db: Db, partnerId: number, now = new Date()): Promise<Awarded | undefined> {
  const profile = await profileOf(db, partnerId);
  if (!profile) return undefined;
  const held = new Set((await awardsOf(db, partnerId)).map((award) => award.badge));
  if (BADGES.every((badge) => held.has(badge.id))) return undefined;
  const measures = await measuresOf(db, partnerId, profile);
  const lng = isLocale(profile.locale) ? profile.locale : 'en';
  const at = nowIso(now);
  const badges: Awarded['badges'] = [];
  for (const badge of BADGES) {
    if (held.has(badge.id) || measures[badge.metric] < badge.target) continue;
    if (!(await insertAward(db, partnerId, badge.id, at))) continue;
    const name = i18n.t(`engagement.badges.${badge.id}.name`, { lng });
    const notificationId = await addNotification(db, {
      partnerId,
      kind: 'badge',
      title: i18n.t('notifications_server.badge_title', { lng, name }),
      body: i18n.t(`engagement.badges.${badge.id}.earned`, { lng }),
      data: { badge: badge.id },
      dedupeKey: `badge:${partnerId}:${badge.id}`,
      at,
    });
    badges.push({ id: badge.id, notificationId });
  }
  return badges.length ? { uuid: profile.uuid, badges } : undefined;
}

/** awardDueBadges in a transaction of its own (a profile save, the sweep). */
export function awardDueBadgesNow(db: Db, partnerId: number, now = new Date()): Promise<Awarded | undefined> {
  return retryOnConflict(() => db.transaction().execute((trx) => awardDueBadges(trx, partnerId, now)));
}

export async function awardDueBadgesForOrder(db: Db, orderId: number, now = new Date()): Promise<Awarded | undefined> {
  const partnerId = await orderPartner(db, orderId);
  return partnerId === null ? undefined : awardDueBadges(db, partnerId, now);
}

export async function awardDueBadgesForPayout(db: Db, payoutId: number, now = new Date()): Promise<Awarded | undefined> {
  const partnerId = await payoutPartner(db, payoutId);
  return partnerId === null ? undefined : awardDueBadges(db, partnerId, now);
}

/**
 * The sweep every node runs: partners with activity and badges still to earn, a batch at a time,
 * each weighed in a transaction of its own. Answers the awards made, for their pushes.
 */
export async function sweepBadges(db: Db, now = new Date(), batch = 200): Promise<Awarded[]> {
  const made: Awarded[] = [];
  for (let after = 0; ; ) {
    const ids = await partnersWithActivity(db, BADGES.length, after, batch);
    for (const id of ids) {
      const awarded = await awardDueBadgesNow(db, id, now);
      if (awarded) made.push(awarded);
    }
    if (ids.length < batch) return made;
    after = ids[ids.length - 1]!;
  }
}

/** The live push of an award: the bell, the badges and the newsfeed refresh on the partner's open pages. */
export function pushAwarded(push: (uuid: string, payload: Record<string, unknown>) => void, awarded: Awarded | undefined): void {
  if (!awarded) return;
  push(awarded.uuid, { badges: awarded.badges.map((badge) => badge.id), notification_ids: awarded.badges.map((badge) => badge.notificationId).filter((id) => id !== undefined) });
}
