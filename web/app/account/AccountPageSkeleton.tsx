// The account page's skeleton with the page's own title and lead line (from the route table):
// what the partner reads first. Two places show it: the entry, at once, on a visit that opens an
// account page (before the full app's code has arrived), and the router, as the account's
// fallback while the shell and the page load. Both render this one component, so the title and
// lead keep their place, and their size, when one replaces the other; the lead line is the page's
// largest paint (from the entry: the dashboard's LCP 3.15 → 1.80 s, docs/performance-log.md,
// 2026-11-23). A product's page draws more of itself (ProductFirstScreen).
import { useTranslation } from 'react-i18next';
import { galleryFiltered } from '../../../common/answer-paths';
import type { PageDocument } from '../../../common/contracts/content';
import { isLocale } from '../../../common/i18n';
import { ROUTES } from '../../../common/routes';
import { AccountSkeleton } from '../../components/PageSkeleton';
import { PageHeading } from '../../components/PageHeading';
import {
  documentSlugOf,
  earlyDocument,
  isGallery,
  loadedGalleryFirstScreen,
  loadedProductFirstScreen,
  productCodeOf,
} from './first-answers';
import { useEarlyAnswer } from './use-early-answer';

const ACCOUNT_ROUTES = ROUTES.filter((entry) => entry.area === 'account');

/**
 * Whether a route path (`/account/products/:code`) matches a location's path; a trailing slash is
 * ignored. Not React Router's matchPath: the entry renders this before the router's code is loaded,
 * and the first download must not carry it (decisions/015).
 */
export function pathMatches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  return want.length === have.length && want.every((part, i) => part.startsWith(':') || part === have[i]);
}

/**
 * A long-form page's own title and lead once the entry's early request has them (first-answers.ts):
 * the page shows these in place of the route's, so the skeleton does too, the page's largest paint.
 */
function useEarlyDocument(pathname: string, language: string): PageDocument | undefined {
  const slug = documentSlugOf(pathname);
  return useEarlyAnswer(slug && isLocale(language) ? earlyDocument(slug, language) : undefined)?.data;
}

export function AccountPageSkeleton({ pathname, search = '' }: { pathname: string; search?: string }) {
  const { t, i18n } = useTranslation();
  const entry = ACCOUNT_ROUTES.find((candidate) => pathMatches(candidate.path, pathname));
  const document = useEarlyDocument(pathname, i18n.language);
  // A product's page: its first screen, artwork included, once the early chunk that draws it is in.
  const product = productCodeOf(pathname);
  const productScreen = product ? loadedProductFirstScreen()?.(product) : undefined;
  if (productScreen) return <AccountSkeleton heading={productScreen} />;
  // Grab and Go with no filter chosen: its first screen, first tiles included, likewise.
  const galleryScreen =
    isGallery(pathname) && !galleryFiltered(search) ? loadedGalleryFirstScreen()?.() : undefined;
  if (galleryScreen) return <AccountSkeleton heading={galleryScreen} />;
  const heading = entry ? (
    <PageHeading
      title={document?.title ?? t(entry.titleKey)}
      lead={document?.lead ?? ('leadKey' in entry ? t(entry.leadKey) : undefined)}
      // The dashboard's greeting line (app/dashboard), kept empty here as it is while the
      // profile loads, so the title and lead stay in place when the page replaces this skeleton.
      eyebrow={entry.path === '/account' ? '\u00a0' : undefined}
    />
  ) : undefined;
  return <AccountSkeleton heading={heading} />;
}
