// What a visit that opens a page drawn by its own code asks for from the entry, beside the answers
// of first-answers.ts, in a chunk of its own (the sign-in's download does not carry it): the
// picture that is the page's largest paint (Grab and Go's first tiles, a product's), downloaded as
// soon as the early answer names it, and the page's code, asked for now with the full app's, not
// once the router has run (one download later on a phone's connection). The page's own prefetch
// (features/session/prefetch-account.ts) describes the pictures the same way, and the router
// imports the same modules (app/router.tsx): both find them in the browser's caches.
import { GALLERY_ANSWER_PATH, productAnswerPath } from '../../../common/answer-paths';
import type { GalleryImage, ProductDetail } from '../../../common/content';
import type { Locale } from '../../../common/i18n';
import { firstScreenImages } from '../../features/content/gallery/first-screen';
import { preloadImage, productArtworkSources } from '../../features/content/media/artwork';
import { earlyAnswer } from '../../lib/api';
import { loadCatalogPart } from '../../lib/i18n';

export function preloadGalleryImages(locale: Locale): void {
  earlyAnswer<{ data: GalleryImage[] }>(GALLERY_ANSWER_PATH, { locale })?.answer.then(
    ({ data }) => {
      for (const image of firstScreenImages(data)) preloadImage({ src: image.thumb_url });
    },
    () => {},
  );
}

export function preloadProductArtwork(code: string, locale: Locale): void {
  earlyAnswer<{ data: ProductDetail }>(productAnswerPath(code), { locale })?.answer.then(
    ({ data }) => preloadImage(productArtworkSources(data.image_url)),
    () => {},
  );
}

/** The pages whose code the entry asks for early, and what each imports (as app/router.tsx does). */
const PAGE_CODE = {
  grab_n_go: () => [import('../../features/content/gallery/GalleryPage'), loadCatalogPart('content')],
  products: () => [import('../../features/content/ProductPage'), loadCatalogPart('content')],
  connect: () => [import('../../features/integrations/ConnectPage'), loadCatalogPart('engagement')],
} satisfies Record<string, () => Promise<unknown>[]>;

export type EarlyPage = keyof typeof PAGE_CODE;

export function loadPageCode(page: EarlyPage): void {
  // A failure is the router's to report, when it imports the same code.
  Promise.all(PAGE_CODE[page]()).catch(() => {});
}
