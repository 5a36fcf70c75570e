// Badges (docs/product/engagement.md#badges): awarded automatically, once, when a partner's measure reaches a badge's
// target, each with a notification in the partner's language and a live push. Awards are weighed
// where the measures move (a recorded order's job, a paid payout's job, a profile save) and by a
// sweep of every node every few minutes, which also catches what moved elsewhere (marketplace and
// referral earnings). The unique (partner, badge) row makes each award happen once, whichever
// node or job gets there first; the notification shares the award's transaction.
import { BADGES, profileStepsDone, type BadgeId, type BadgeMetric } from '../../../common/badges';
import type { BadgeState } from '../../../common/contracts/badges';
import type { Db } from '../../db';
import { nowIso } from '../../db/dialect';
import { retryOnConflict } from '../../db/retry';
import { lifetimeFigures } from '../dashboard/service';
import { addNotification } from '../notifications/service';
import {
  awardsOf,
  challengesMetCounts,
  insertAward,
  orderPartner,
  orderPartners,
  paidPayoutCounts,
  partnerIdsAfter,
  payoutPartner,
  profilesOf,
  type ProfileRow,
} from './repository';

type Measures = Record<BadgeMetric, number>;

interface Standing {
  profile: ProfileRow;
  measures: Measures;
  /** The badges held, and when each was awarded. */
  held: Map<string, string>;
}

/** Where each of `partnerIds` stands: its measures and its awards, in a few reads for the whole batch. */
async function standings(db: Db, partnerIds: number[]): Promise<Standing[]> {
  if (!partnerIds.length) return [];
  const ids = [...new Set(partnerIds)];
  const profiles = await profilesOf(db, ids);
  const figures = await lifetimeFigures(db, ids);
  const cashouts = await paidPayoutCounts(db, ids);
  const challenges = await challengesMetCounts(db, ids);
  const held = new Map(ids.map((id) => [id, new Map<string, string>()]));
  for (const award of await awardsOf(db, ids)) held.get(award.partner_id)!.set(award.badge, award.awarded_at);
  return profiles.map((profile) => {
    const figure = figures.get(profile.id)!;
    return {
      profile,
      held: held.get(profile.id)!,
      measures: {
        sales: figure.sales,
        // Whole dollars: a badge of $1,000 is met at $1,000.00, not a cent before.
        earned: Math.floor(figure.earnedCents / 100),
        cashouts: cashouts.get(profile.id) ?? 0,
        profile: profileStepsDone(profile).length,
        challenges: challenges.get(profile.id) ?? 0,
      },
    };
  });
}

/** The badges a partner has reached and does not hold yet. */
const dueBadges = ({ measures, held }: Standing) =>
  BADGES.filter((badge) => !held.has(badge.id) && measures[badge.metric] >= badge.target);

/** Every badge with the partner's progress toward it and, once awarded, when (`GET /api/get_badges`). */
export async function badgesOf(db: Db, partnerId: number): Promise<BadgeState[]> {
  const [standing] = await standings(db, [partnerId]);
  if (!standing) return [];
  return BADGES.map((badge) => {
    const at = standing.held.get(badge.id) ?? null;
    return {
      id: badge.id,
      metric: badge.metric,
      target: badge.target,
      progress: at ? badge.target : Math.min(standing.measures[badge.metric], badge.target),
      awarded_at: at,
    };
  });
}

/** The badges the partner holds, oldest first (the profile payload's `badges`). */
export async function awardedBadges(
  db: Db,
  partnerId: number,
): Promise<{ id: string; awarded_at: string }[]> {
  return (await awardsOf(db, [partnerId])).map((award) => ({
    id: award.badge,
    awarded_at: award.awarded_at,
  }));
}

export interface Awarded {
  uuid: string;
  badges: { id: BadgeId; notificationId: number | undefined }[];
}

async function award(db: Db, standing: Standing, now: Date): Promise<Awarded | undefined> {
  const { profile } = standing;
  const at = nowIso(now);
  const badges: Awarded['badges'] = [];
  for (const badge of dueBadges(standing)) {
    if (!(await insertAward(db, profile.id, badge.id, at))) continue;
    const notificationId = await addNotification(db, {
      partnerId: profile.id,
      kind: 'badge',
      locale: profile.locale,
      words: {
        title: {
          key: 'notifications_server.badge_title',
          params: { name: { key: `engagement.badges.${badge.id}.name` } },
        },
        body: [{ key: `engagement.badges.${badge.id}.earned` }],
      },
      data: { badge: badge.id },
      dedupeKey: `badge:${profile.id}:${badge.id}`,
      at,
    });
    badges.push({ id: badge.id, notificationId });
  }
  return badges.length ? { uuid: profile.uuid, badges } : undefined;
}

/**
 * Awards every badge the partner has reached and not yet been awarded, with its notification.
 * Run inside the caller's transaction; answers what this call awarded (nothing when another got
 * there first).
 */
export async function awardDueBadges(
  db: Db,
  partnerId: number,
  now = new Date(),
): Promise<Awarded | undefined> {
  const [standing] = await standings(db, [partnerId]);
  return standing ? award(db, standing, now) : undefined;
}

/** awardDueBadges in a transaction of its own (a profile save, a partner the sweep found due). */
export function awardDueBadgesNow(db: Db, partnerId: number, now = new Date()): Promise<Awarded | undefined> {
  return retryOnConflict(() => db.transaction().execute((trx) => awardDueBadges(trx, partnerId, now)));
}

export async function awardDueBadgesForOrder(
  db: Db,
  orderId: number,
  now = new Date(),
): Promise<Awarded | undefined> {
  const partnerId = await orderPartner(db, orderId);
  return partnerId === null ? undefined : awardDueBadges(db, partnerId, now);
}

/**
 * awardDueBadgesForOrder for several orders at once (a batch of their follow-up jobs): each
 * partner weighed once, in the same few reads for all of them. Answers the awards made.
 */
export async function awardDueBadgesForOrders(
  db: Db,
  orderIds: readonly number[],
  now = new Date(),
): Promise<Awarded[]> {
  const partnerIds = await orderPartners(db, [...new Set(orderIds)]);
  const made: Awarded[] = [];
  for (const standing of await standings(db, partnerIds)) {
    const awarded = await award(db, standing, now);
    if (awarded) made.push(awarded);
  }
  return made;
}

export async function awardDueBadgesForPayout(
  db: Db,
  payoutId: number,
  now = new Date(),
): Promise<Awarded | undefined> {
  const partnerId = await payoutPartner(db, payoutId);
  return partnerId === null ? undefined : awardDueBadges(db, partnerId, now);
}

/**
 * The sweep every node runs: every partner, a batch at a time, weighed in a few reads per batch;
 * only a partner with a badge due gets a transaction, which weighs it again inside (another node
 * or a job may have awarded it meanwhile). Answers the awards made, for their pushes.
 */
export async function sweepBadges(db: Db, now = new Date(), batch = 500): Promise<Awarded[]> {
  const made: Awarded[] = [];
  for (let after = 0; ;) {
    const ids = await partnerIdsAfter(db, after, batch);
    const due = (await standings(db, ids)).filter((standing) => dueBadges(standing).length > 0);
    for (const { profile } of due) {
      const awarded = await awardDueBadgesNow(db, profile.id, now);
      if (awarded) made.push(awarded);
    }
    if (ids.length < batch) return made;
    after = ids[ids.length - 1]!;
  }
}

/** The live push of an award: the bell, the badges and the newsfeed refresh on the partner's open pages. */
export function pushAwarded(
  push: (uuid: string, payload: Record<string, unknown>) => void,
  awarded: Awarded | undefined,
): void {
  if (!awarded) return;
  push(awarded.uuid, {
    badges: awarded.badges.map((badge) => badge.id),
    notification_ids: awarded.badges.map((badge) => badge.notificationId).filter((id) => id !== undefined),
  });
}
