// Where the SPA asks for the answers a page's largest paint needs. The pages' queries and the
// entry's early requests (web/app/account/first-answers.ts) build them here, since a page takes an
// early answer only when it asks for the very same URL. Every one takes `?locale=` beside it.
import type { PageSlug } from './page-slugs';

/** A long-form page (`/api/pages/faq`). */
export function pageAnswerPath(slug: PageSlug): string {
  return `/api/pages/${slug}`;
}

/** A product's talking points (`/api/products/acv`). */
export function productAnswerPath(code: string): string {
  return `/api/products/${encodeURIComponent(code)}`;
}

/** Grab and Go's images. */
export const GALLERY_ANSWER_PATH = '/api/gallery';

/**
 * Whether a Grab and Go link (its query string) chose a filter: the page then shows other images
 * first than the ones the early requests ask for.
 */
export const galleryFiltered = (search: string) => /[?&](product|format)=/.test(search);
