// The badges a partner earns (decisions §8): each awarded once, automatically, when its measure
// reaches its target. Shared by the server (the rules, `GET /api/get_badges`) and the SPA (the
// badges page, its artwork and words), so both speak of the same ids and targets.

/** What a badge measures: attributed sales, dollars earned, paid cash-outs, profile steps, challenges met. */
export type BadgeMetric = 'sales' | 'earned' | 'cashouts' | 'profile' | 'challenges';

export interface BadgeRule {
  id: string;
  metric: BadgeMetric;
  /** The measure's value at which the badge is awarded (dollars for `earned`). */
  target: number;
}

/** The steps of a complete profile, in the order the badges page lists what is missing. */
export const PROFILE_STEPS = ['name', 'phone', 'address', 'paypal', 'about', 'social'] as const;
export type ProfileStep = (typeof PROFILE_STEPS)[number];

export const BADGES = [
  { id: 'first_sale', metric: 'sales', target: 1 },
  { id: 'sales_10', metric: 'sales', target: 10 },
  { id: 'sales_50', metric: 'sales', target: 50 },
  { id: 'sales_100', metric: 'sales', target: 100 },
  { id: 'sales_250', metric: 'sales', target: 250 },
  { id: 'earned_1000', metric: 'earned', target: 1000 },
  { id: 'earned_5000', metric: 'earned', target: 5000 },
  { id: 'first_cashout', metric: 'cashouts', target: 1 },
  { id: 'profile_complete', metric: 'profile', target: PROFILE_STEPS.length },
  { id: 'challenge_met', metric: 'challenges', target: 1 },
] as const satisfies readonly BadgeRule[];

export type BadgeId = (typeof BADGES)[number]['id'];

export const BADGE_IDS = BADGES.map((badge) => badge.id) as readonly BadgeId[];

export const isBadgeId = (value: string): value is BadgeId => (BADGE_IDS as readonly string[]).includes(value);

/** A badge as `GET /api/get_badges` answers it. */
export interface BadgeState {
  id: BadgeId;
  metric: BadgeMetric;
  target: number;
  /** The measure now, capped at the target once awarded. */
  progress: number;
  awarded_at: string | null;
}
