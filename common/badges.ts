// The badges a partner earns (docs/product/engagement.md#badges): each awarded once, automatically, when its measure
// reaches its target. Shared by the server (the rules, `GET /api/get_badges`) and the SPA (the
// badges page, its artwork and words), so both speak of the same ids and targets.

/** What a badge measures: attributed sales, dollars earned, paid cash-outs, profile steps, challenges met. */
export const BADGE_METRICS = ['sales', 'earned', 'cashouts', 'profile', 'challenges'] as const;
export type BadgeMetric = (typeof BADGE_METRICS)[number];

export interface BadgeRule {
  id: string;
  metric: BadgeMetric;
  /** The measure's value at which the badge is awarded (dollars for `earned`). */
  target: number;
}

/** The steps of a complete profile, in the order the badges page lists what is missing. */
export const PROFILE_STEPS = ['name', 'phone', 'address', 'paypal', 'about', 'social'] as const;
export type ProfileStep = (typeof PROFILE_STEPS)[number];

/** The fields the profile steps read (a partner row on the server, the profile payload in the SPA). */
export interface ProfileFields {
  first_name?: string | null;
  last_name?: string | null;
  phone?: string | null;
  address_1?: string | null;
  city?: string | null;
  postal?: string | null;
  country?: string | null;
  paypal_email?: string | null;
  about?: string | null;
  instagram_url?: string | null;
  facebook_url?: string | null;
  youtube_url?: string | null;
  tiktok_url?: string | null;
}

const filled = (...values: (string | null | undefined)[]) => values.every((value) => Boolean(value?.trim()));

/** The profile steps a partner has done: name, phone, address, PayPal e-mail, about, a social profile. */
export function profileStepsDone(p: ProfileFields): ProfileStep[] {
  const done: Record<ProfileStep, boolean> = {
    name: filled(p.first_name, p.last_name),
    phone: filled(p.phone),
    address: filled(p.address_1, p.city, p.postal, p.country),
    paypal: filled(p.paypal_email),
    about: filled(p.about),
    social: [p.instagram_url, p.facebook_url, p.youtube_url, p.tiktok_url].some((url) => filled(url)),
  };
  return PROFILE_STEPS.filter((step) => done[step]);
}

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
