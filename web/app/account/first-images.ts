// The pictures that are a page's largest paint (Grab and Go's first tiles, a product's), downloaded
// as soon as the entry's early answer names them (first-answers.ts), in a chunk of its own so the
// sign-in's download does not carry it. The page's own prefetch (features/session/
// prefetch-account.ts) describes them the same way, and the page finds them in the browser's cache.
// (The pages' code asked for from the entry as well was tried and dropped: the connect page's
// largest paint came later, 2.65 s → 3.1 s, and the others did not move beyond the noise.)
import { createElement } from 'react';
import { GALLERY_ANSWER_PATH, productAnswerPath } from '../../../common/answer-paths';
import type { GalleryImage, ProductDetail } from '../../../common/content';
import type { Locale } from '../../../common/i18n';
import { isProductCode } from '../../../common/products';
import { firstScreenImages } from '../../features/content/gallery/first-screen';
import { preloadImage, productArtworkSources } from '../../features/content/media/artwork';
import { earlyAnswer } from '../../lib/api';
import { ProductFirstScreen } from './ProductFirstScreen';

// What the skeleton draws of a product's page before the page's code is in (first-answers.ts);
// nothing for a code that names no product (that page is the 404).
export const productFirstScreen = (code: string) =>
  isProductCode(code) ? createElement(ProductFirstScreen, { code }) : undefined;

export function preloadGalleryImages(locale: Locale): void {
  earlyAnswer<{ data: GalleryImage[] }>(GALLERY_ANSWER_PATH, { locale })
    ?.answer.then(({ data }) => {
      for (const image of firstScreenImages(data)) preloadImage({ src: image.thumb_url });
    })
    // Only a head start: a failed or unexpected answer is the page's to show.
    .catch(() => {});
}

export function preloadProductArtwork(code: string, locale: Locale): void {
  earlyAnswer<{ data: ProductDetail }>(productAnswerPath(code), { locale })
    ?.answer.then(({ data }) => preloadImage(productArtworkSources(data.image_url)))
    .catch(() => {});
}
