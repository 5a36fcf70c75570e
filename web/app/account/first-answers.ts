// What a visit that opens an account page asks for from the entry, before the full app's code has
// arrived, where the page's largest paint is an answer: a long-form page's title and lead, a
// product's artwork. The entry's skeleton shows them as soon as they are in (AccountPageSkeleton,
// ProductFirstScreen), and the page's query
// takes the same request when its code runs (lib/api.ts, askEarly) instead of asking again. Until
// then the answer waited for the full app's code and the page's, two downloads in a row on a
// phone's connection (the long-form pages' largest paint 2.9–3.1 → 1.9–2.0 s, docs/performance-log.md,
// 2026-11-26, late night). The rest of a page's first data is asked for once the
// full app is in (app/account/prefetch-account.ts).
import type { ReactNode } from 'react';
import type { PageDocument } from '../../../common/contracts/content';
import {
  GALLERY_ANSWER_PATH,
  galleryFiltered,
  pageAnswerPath,
  productAnswerPath,
} from '../../../common/answer-paths';
import { isPageSlug, type PageSlug } from '../../../common/page-slugs';
import { askEarly, earlyAnswer } from '../../lib/api';
import { loadCatalogPart } from '../../lib/i18n';
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
  const product = productCodeOf(pathname);
  const slug = documentSlugOf(pathname);
  const waits: Promise<unknown>[] = [];
  if (product) {
    askEarly(productAnswerPath(product), { locale });
    // The skeleton draws the product's first screen, artwork included, once both are in.
    const firstScreen = import('./first-product').then((chunk) => {
      productFirstScreen = chunk.productFirstScreen;
      chunk.preloadProductArtwork(product, locale);
    });
    waits.push(firstScreen, earlyAnswer(productAnswerPath(product), { locale })?.answer ?? Promise.resolve());
  } else if (slug) {
    askEarly(pageAnswerPath(slug), { locale });
    waits.push(earlyDocument(slug, locale)?.answer ?? Promise.resolve());
  } else if (isGallery(pathname)) {
    askEarly(GALLERY_ANSWER_PATH, { locale });
    // A link that chose a filter shows other images first (as prefetch-account.ts knows): its
    // skeleton is the route's, and nothing is preloaded.
    if (!galleryFiltered(search)) {
      const chunk = import('./first-gallery');
      chunk.then(({ preloadGalleryImages }) => preloadGalleryImages(locale)).catch(() => {});
      // The skeleton draws the gallery's first screen, first tiles included, once the answer, the
      // chunk and the gallery's words (the content part of the catalog) are all in.
      const ready = Promise.all([chunk, loadCatalogPart('content')]).then(
        ([{ galleryFirstScreen: draw }]) => {
          galleryFirstScreen = () => draw(locale);
        },
      );
      waits.push(ready, earlyAnswer(GALLERY_ANSWER_PATH, { locale })?.answer ?? Promise.resolve());
    }
  }
  if (waits.length === 0) return Promise.resolve();
  return new Promise<void>((resolve) => {
    setTimeout(resolve, waitMs);
    void Promise.allSettled(waits).then(() => resolve());
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
 * The product code a talking points path names (`/account/products/acv` → `acv`). Whether it is a
 * product the early chunk judges (the list of products is not in the sign-in's download).
 */
export function productCodeOf(pathname: string): string | undefined {
  const [area, page, detail, more] = pathname.split('/').filter(Boolean);
  if (area !== 'account' || page !== 'products' || detail === undefined || more !== undefined)
    return undefined;
  try {
    return decodeURIComponent(detail);
  } catch {
    return undefined;
  }
}

/**
 * The product's first screen as the skeleton draws it (ProductFirstScreen.tsx), once the early chunk
 * that holds it is in: the sign-in's download does not carry it.
 */
let productFirstScreen: ((code: string) => ReactNode) | undefined;
export const loadedProductFirstScreen = () => productFirstScreen;

let galleryFirstScreen: (() => ReactNode) | undefined;
/** Grab and Go's first screen as the skeleton draws it (GalleryFirstScreen.tsx), once it can. */
export const loadedGalleryFirstScreen = () => galleryFirstScreen;

/** Whether an account path is Grab and Go's. */
export function isGallery(pathname: string): boolean {
  const [area, page, more] = pathname.split('/').filter(Boolean);
  return area === 'account' && page === 'grab_n_go' && more === undefined;
}
