// The entry's early chunk for a product's talking points (first-answers.ts): its artwork, the page's
// largest paint, downloaded as soon as the early answer names it, and the product's first screen
// the skeleton draws with it. A chunk of its own, so the sign-in's download does not carry it; Grab
// and Go's is first-gallery.ts. The page's own prefetch (app/account/prefetch-account.ts)
// describes the picture the same way, and the page finds it in the browser's cache. (The pages'
// code asked for from the entry as well was tried and dropped: the connect page's largest paint
// came later, 2.65 s → 3.1 s, and the others did not move beyond the noise.)
import { createElement } from 'react';
import { productAnswerPath } from '../../../common/answer-paths';
import type { ProductDetail } from '../../../common/contracts/content';
import type { Locale } from '../../../common/i18n';
import { isProductCode } from '../../../common/products';
import { preloadImage, productArtworkSources } from '../../features/content/media/artwork';
import { earlyAnswer } from '../../lib/api';
import { ProductFirstScreen } from './ProductFirstScreen';

// What the skeleton draws of a product's page before the page's code is in (first-answers.ts);
// nothing for a code that names no product (that page is the 404).
export const productFirstScreen = (code: string) =>
  isProductCode(code) ? createElement(ProductFirstScreen, { code }) : undefined;

export function preloadProductArtwork(code: string, locale: Locale): void {
  earlyAnswer<{ data: ProductDetail }>(productAnswerPath(code), { locale })
    ?.answer.then(({ data }) => preloadImage(productArtworkSources(data.image_url)))
    .catch(() => {});
}
