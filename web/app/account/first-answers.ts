// What a visit that opens an account page asks for from the entry, before the full app's code has
// arrived, where the page's largest paint is an answer: a long-form page's title and lead. The
// entry's skeleton shows them as soon as they are in (AccountPageSkeleton), and the page's query
// takes the same request when its code runs (lib/api.ts, askEarly) instead of asking again. Until
// then the answer waited for the full app's code and the page's, two downloads in a row on a
// phone's connection (docs/performance.md). The rest of a page's first data is asked for once the
// full app is in (features/session/prefetch-account.ts).
import type { PageDocument } from '../../../common/content';
import { GALLERY_ANSWER_PATH, pageAnswerPath, productAnswerPath } from '../../../common/answer-paths';
import { isPageSlug, type PageSlug } from '../../../common/page-slugs';
import { askEarly, earlyAnswer } from '../../lib/api';
import type { Locale } from '../../../common/i18n';

/** The long-form page an account path shows (`/account/faq` → `faq`), if it is one. */
export function documentSlugOf(pathname: string): PageSlug | undefined {
  const [area, page, more] = pathname.split('/').filter(Boolean);
  return area === 'account' && page !== undefined && more === undefined && isPageSlug(page)
    ? page
    : undefined;
}

/**
 * Asks for the answers `pathname`'s largest paint needs (a visit with a stored valid session).
 * Resolves once they are in or have failed, or after `waitMs`: the entry shows the page's skeleton
 * then, with the page's own lead from the start (a lead that changed under it moved the skeleton
 * below it, a layout shift), and only then asks for the full app's code, which would otherwise
 * share the phone's connection with them. The brand's splash (index.html) is on screen meanwhile.
 */
export function askFirstAnswers(
  { pathname, search }: { pathname: string; search: string },
  locale: Locale,
  waitMs = 1_000,
): Promise<void> {
  askForFirstImages(pathname, search, locale);
  const slug = documentSlugOf(pathname);
  if (!slug) return Promise.resolve();
  askEarly(pageAnswerPath(slug), { locale });
  const request = earlyDocument(slug, locale)?.answer;
  return new Promise<void>((resolve) => {
    setTimeout(resolve, waitMs);
    request?.then(
      () => resolve(),
      () => resolve(),
    );
  });
}

/** The long-form page asked for early in `locale`: its answer once it is in, else undefined. */
export function earlyDocument(
  slug: PageSlug,
  locale: Locale,
): { answer: Promise<{ data: PageDocument }>; value: { data: PageDocument } | undefined } | undefined {
  return earlyAnswer<{ data: PageDocument }>(pageAnswerPath(slug), { locale });
}

/**
 * A page whose largest paint is a picture: the answer that names it now, and the picture as soon
 * as it is in (first-images.ts). The skeleton does not wait for these: it does not show them.
 */
function askForFirstImages(pathname: string, search: string, locale: Locale): void {
  const [area, page, detail, more] = pathname.split('/').filter(Boolean);
  if (area !== 'account' || more !== undefined) return;
  const first = () => import('./first-images');
  if (page === 'grab_n_go' && detail === undefined) {
    askEarly(GALLERY_ANSWER_PATH, { locale });
    // A link that chose a filter shows other images first (as prefetch-account.ts knows).
    if (/[?&](product|format)=/.test(search)) return;
    first()
      .then(({ preloadGalleryImages }) => preloadGalleryImages(locale))
      .catch(() => {});
  } else if (page === 'products' && detail !== undefined) {
    let code: string;
    try {
      code = decodeURIComponent(detail);
    } catch {
      return;
    }
    askEarly(productAnswerPath(code), { locale });
    first()
      .then(({ preloadProductArtwork }) => preloadProductArtwork(code, locale))
      .catch(() => {});
  }
}
