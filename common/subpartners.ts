// White-label path segments (decisions §10). These words are routes of the portal itself and
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
