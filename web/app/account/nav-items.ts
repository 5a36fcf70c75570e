// The account sidebar (docs/product/partner-portal.md#the-account-shell): exactly these entries, in this order,
// then the product talking-points group, the "More" group and Logout.
import { GROUP_EXPANDING_CODES, SIDEBAR_PRODUCT_CODES } from '../../../common/products';
import type { IconName } from '../../components/icons';

export interface NavItem {
  to: string;
  labelKey:
    | 'nav.dashboard'
    | 'nav.sales'
    | 'nav.affiliate_links'
    | 'nav.badges'
    | 'nav.grab_n_go'
    | 'nav.crafting_perfect_post'
    | 'nav.cashout'
    | 'nav.faq'
    | 'nav.terms'
    | 'nav.settings'
    | 'nav.live_sales'
    | 'nav.referrals'
    | 'nav.newsfeed';
  icon: IconName;
  /** Dashboard is active on /account only, not on every account page. */
  end?: boolean;
}

export const ACCOUNT_NAV: readonly NavItem[] = [
  { to: '/account', labelKey: 'nav.dashboard', icon: 'home', end: true },
  { to: '/account/sales', labelKey: 'nav.sales', icon: 'chart' },
  { to: '/account/affiliate_links', labelKey: 'nav.affiliate_links', icon: 'link' },
  { to: '/account/badges', labelKey: 'nav.badges', icon: 'badge' },
  { to: '/account/grab_n_go', labelKey: 'nav.grab_n_go', icon: 'image' },
  { to: '/account/crafting_perfect_post', labelKey: 'nav.crafting_perfect_post', icon: 'pen' },
  { to: '/account/cashout', labelKey: 'nav.cashout', icon: 'wallet' },
  { to: '/account/faq', labelKey: 'nav.faq', icon: 'help' },
  { to: '/account/terms', labelKey: 'nav.terms', icon: 'doc' },
  { to: '/account/profile', labelKey: 'nav.settings', icon: 'settings' },
];

/**
 * The "More" group: the account pages the spec's entries leave out, so that every page can be
 * reached from the navigation. Collapsed, but open on its own pages.
 */
export const MORE_NAV: readonly NavItem[] = [
  { to: '/account/slider', labelKey: 'nav.live_sales', icon: 'pulse' },
  { to: '/account/referrals', labelKey: 'nav.referrals', icon: 'users' },
  { to: '/account/newsfeed', labelKey: 'nav.newsfeed', icon: 'newspaper' },
];

/** Whether the address is one of the "More" group's pages (or below one), a trailing slash aside. */
export function pathExpandsMoreGroup(pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return MORE_NAV.some((item) => path === item.to || path.startsWith(`${item.to}/`));
}

export const PRODUCT_GROUP_CODES = SIDEBAR_PRODUCT_CODES;
/** Where a click on the group heading goes. */
export const PRODUCT_GROUP_HOME = '/account/products/acv';

export function productPath(code: string): string {
  return `/account/products/${code}`;
}

/**
 * The group is expanded when the path contains a product code, including the codes the group
 * does not list (kids, pms, multi, calm). Matching whole segments keeps e.g. a future
 * `/account/sleepers` from counting as `sleep`.
 */
export function pathExpandsProductGroup(pathname: string): boolean {
  const segments = pathname.toLowerCase().split('/').filter(Boolean);
  return segments.some((segment) => (GROUP_EXPANDING_CODES as readonly string[]).includes(segment));
}
