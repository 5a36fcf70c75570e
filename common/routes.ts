// The route table of the SPA (docs/product/partner-portal.md#routes): one source of truth for the router, the page
// titles and the tests. Title keys are literal keys of the `portal` catalogs.

export type LayoutId =
  /** Sign-in layout 1: split screen with the brand panel. */
  | 'signin-1'
  /** Sign-in layout 2: centred card, registration step 1 of 2. */
  | 'signin-2'
  /** Sign-in layout 3: wider card, registration step 2 of 2. */
  | 'signin-3'
  /** Centred card without a step marker (password reset, e-mail verification). */
  | 'card'
  /** Long-form public documents (terms, policy). */
  | 'document'
  /** No chrome at all (unsubscribe, social sign-in return pages). */
  | 'blank'
  | 'account'
  | 'manager-signin'
  | 'manager'
  | 'not-found';

/** Which part of the router builds the entry: public pages, white-label pages, account, back office. */
export type RouteArea = 'public' | 'subpartner' | 'account' | 'manager';

export interface RouteEntry {
  path: string;
  area: RouteArea;
  layout: LayoutId;
  /** Key in the `portal` catalog; pages with a parameter refine it (product name, integration). */
  titleKey: string;
  /** One line under the title saying what the page is for (account and back-office pages). */
  leadKey?: string;
}

export const ROUTES = [
  { path: '/login', area: 'public', layout: 'signin-1', titleKey: 'titles.login' },
  { path: '/register', area: 'public', layout: 'signin-2', titleKey: 'titles.register' },
  { path: '/register_step2', area: 'public', layout: 'signin-3', titleKey: 'titles.register_step2' },
  { path: '/policy', area: 'public', layout: 'document', titleKey: 'titles.policy' },
  { path: '/terms', area: 'public', layout: 'document', titleKey: 'titles.terms' },
  { path: '/reset_password', area: 'public', layout: 'card', titleKey: 'titles.reset_password' },
  { path: '/verify_email', area: 'public', layout: 'card', titleKey: 'titles.verify_email' },
  { path: '/switch_account', area: 'public', layout: 'card', titleKey: 'titles.switch_account' },
  { path: '/confirm_change', area: 'public', layout: 'card', titleKey: 'titles.confirm_change' },
  { path: '/unsubscribe', area: 'public', layout: 'blank', titleKey: 'titles.unsubscribe' },
  { path: '/facebook_callback', area: 'public', layout: 'blank', titleKey: 'titles.facebook_callback' },
  { path: '/google_callback', area: 'public', layout: 'blank', titleKey: 'titles.google_callback' },
  { path: '/404', area: 'public', layout: 'not-found', titleKey: 'titles.not_found' },

  { path: '/:subpartner', area: 'subpartner', layout: 'signin-1', titleKey: 'titles.login' },
  { path: '/:subpartner/login', area: 'subpartner', layout: 'signin-2', titleKey: 'titles.login' },
  { path: '/:subpartner/register', area: 'subpartner', layout: 'signin-2', titleKey: 'titles.register' },
  {
    path: '/:subpartner/register_step2',
    area: 'subpartner',
    layout: 'signin-3',
    titleKey: 'titles.register_step2',
  },

  {
    path: '/account',
    area: 'account',
    layout: 'account',
    titleKey: 'titles.dashboard',
    leadKey: 'pages.dashboard',
  },
  {
    path: '/account/_check',
    area: 'account',
    layout: 'account',
    titleKey: 'titles.check',
    leadKey: 'pages.check',
  },
  {
    path: '/account/affiliate_links',
    area: 'account',
    layout: 'account',
    titleKey: 'titles.affiliate_links',
    leadKey: 'pages.affiliate_links',
  },
  {
    path: '/account/cashout',
    area: 'account',
    layout: 'account',
    titleKey: 'titles.cashout',
    leadKey: 'pages.cashout',
  },
  {
    path: '/account/crafting_perfect_post',
    area: 'account',
    layout: 'account',
    titleKey: 'titles.crafting_perfect_post',
    leadKey: 'pages.crafting_perfect_post',
  },
  { path: '/account/faq', area: 'account', layout: 'account', titleKey: 'titles.faq', leadKey: 'pages.faq' },
  {
    path: '/account/grab_n_go',
    area: 'account',
    layout: 'account',
    titleKey: 'titles.grab_n_go',
    leadKey: 'pages.grab_n_go',
  },
  {
    path: '/account/post_guidelines',
    area: 'account',
    layout: 'account',
    titleKey: 'titles.post_guidelines',
    leadKey: 'pages.post_guidelines',
  },
  {
    path: '/account/slider',
    area: 'account',
    layout: 'account',
    titleKey: 'titles.slider',
    leadKey: 'pages.slider',
  },
  {
    path: '/account/terms',
    area: 'account',
    layout: 'account',
    titleKey: 'titles.terms',
    leadKey: 'pages.terms',
  },
  {
    path: '/account/policy',
    area: 'account',
    layout: 'account',
    titleKey: 'titles.policy',
    leadKey: 'pages.policy',
  },
  {
    path: '/account/profile',
    area: 'account',
    layout: 'account',
    titleKey: 'titles.profile',
    leadKey: 'pages.profile',
  },
  {
    path: '/account/sales',
    area: 'account',
    layout: 'account',
    titleKey: 'titles.sales',
    leadKey: 'pages.sales',
  },
  {
    path: '/account/test',
    area: 'account',
    layout: 'account',
    titleKey: 'titles.test',
    leadKey: 'pages.test',
  },
  {
    path: '/account/badges',
    area: 'account',
    layout: 'account',
    titleKey: 'titles.badges',
    leadKey: 'pages.badges',
  },
  {
    // In the sidebar's "More" group (docs/product/partner-portal.md#the-account-shell); the dashboard's newsfeed leads here too.
    path: '/account/newsfeed',
    area: 'account',
    layout: 'account',
    titleKey: 'titles.newsfeed',
    leadKey: 'pages.newsfeed',
  },
  {
    path: '/account/referrals',
    area: 'account',
    layout: 'account',
    titleKey: 'titles.referrals',
    leadKey: 'pages.referrals',
  },
  {
    path: '/account/connect/:integration',
    area: 'account',
    layout: 'account',
    titleKey: 'titles.connect',
    leadKey: 'pages.connect',
  },
  {
    path: '/account/products/:code',
    area: 'account',
    layout: 'account',
    titleKey: 'titles.talking_points',
    leadKey: 'pages.talking_points',
  },

  { path: '/manager/login', area: 'manager', layout: 'manager-signin', titleKey: 'titles.manager_login' },
  {
    path: '/manager',
    area: 'manager',
    layout: 'manager',
    titleKey: 'titles.manager',
    leadKey: 'pages.manager',
  },
] as const satisfies readonly RouteEntry[];

export type RoutePath = (typeof ROUTES)[number]['path'];
export type TitleKey = (typeof ROUTES)[number]['titleKey'];

/** Integrations a partner can connect from /account/connect/{integration} (docs/product/partner-portal.md#what-a-partner-can-do). */
export const INTEGRATIONS = ['facebook', 'instagram'] as const;
export type Integration = (typeof INTEGRATIONS)[number];

export function isIntegration(value: string): value is Integration {
  return (INTEGRATIONS as readonly string[]).includes(value);
}
