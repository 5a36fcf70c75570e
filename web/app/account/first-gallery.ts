// The entry's early chunk for Grab and Go (first-answers.ts): its first tiles, the page's largest
// paint, downloaded as soon as the early answer names them, and the gallery's first screen the
// skeleton draws with them. A chunk of its own, so neither the sign-in's download nor a product
// page's early chunk carries it. The page's own prefetch (app/account/prefetch-account.ts)
// describes the pictures the same way, and the page finds them in the browser's cache. The
// pictures' load delay 1.3–1.4 → about 1.0 s (docs/performance-log.md, 2026-11-26, late night).
import { createElement } from 'react';
import { GALLERY_ANSWER_PATH } from '../../../common/answer-paths';
import type { GalleryImage } from '../../../common/contracts/content';
import type { Locale } from '../../../common/i18n';
import { firstScreenImages } from '../../features/content/gallery/first-screen';
import { galleryView } from '../../features/content/gallery/gallery-view';
import { preloadImage } from '../../features/content/media/artwork';
import { earlyAnswer } from '../../lib/api';
import { GalleryFirstScreen } from './GalleryFirstScreen';

/**
 * What the skeleton draws of Grab and Go before the page's code is in: nothing unless the early
 * answer is in and holds images of a section the page shows (it shows its empty state otherwise).
 */
export function galleryFirstScreen(locale: Locale) {
  const images = earlyAnswer<{ data: GalleryImage[] }>(GALLERY_ANSWER_PATH, { locale })?.value?.data;
  return images && galleryView(images, 'all', 'all').sections.length > 0
    ? createElement(GalleryFirstScreen, { images })
    : undefined;
}

export function preloadGalleryImages(locale: Locale): void {
  earlyAnswer<{ data: GalleryImage[] }>(GALLERY_ANSWER_PATH, { locale })
    ?.answer.then(({ data }) => {
      for (const image of firstScreenImages(data)) preloadImage({ src: image.thumb_url });
    })
    // Only a head start: a failed or unexpected answer is the page's to show.
    .catch(() => {});
}
