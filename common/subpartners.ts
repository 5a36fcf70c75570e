// White-label path segments (docs/product/partners-and-accounts.md#white-label-sub-partners). These words are routes of the portal itself and
// can never be a sub-partner's slug.
export const RESERVED_SLUGS = [
  '404',
  'account',
  'api',
  'assets',
  'docs',
  'facebook_callback',
  'google_callback',
  'login',
  'logout',
  'manager',
  'metrics',
  'policy',
  'r',
  'register',
  'register_step2',
  'reset_password',
  's',
  'socket.io',
  'terms',
  'unsubscribe',
  'verify_email',
] as const;

const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,48}[a-z0-9])?$/;

/** True when the text may name a sub-partner: the slug format and not a reserved word. */
export function isPossibleSubpartnerSlug(value: string): boolean {
  const slug = value.toLowerCase();
  return SLUG_PATTERN.test(slug) && !(RESERVED_SLUGS as readonly string[]).includes(slug);
}

/** What staff may write for a sub-partner (docs/product/partners-and-accounts.md#white-label-sub-partners, docs/product/back-office.md#partners): the same rules on both sides. */
export const SUBPARTNER_LIMITS = {
  slugMax: 50,
  nameMax: 200,
  /** A welcome is a sentence or two above the sign-in form, in each language. */
  welcomeMax: 500,
} as const;

/** A brand colour as the pages use it: `#rrggbb` (any case; stored lower-case). */
export const HEX_COLOUR_PATTERN = /^#[0-9a-f]{6}$/i;

/** Why a slug cannot be a sub-partner's address, or null when it can (it is written lower-case). */
export type SlugProblem = 'required' | 'format' | 'reserved';

export function subpartnerSlugProblem(value: string): SlugProblem | null {
  const slug = value.trim().toLowerCase();
  if (!slug) return 'required';
  if (!SLUG_PATTERN.test(slug)) return 'format';
  return (RESERVED_SLUGS as readonly string[]).includes(slug) ? 'reserved' : null;
}
