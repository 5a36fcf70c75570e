// Which of Grab and Go's images a phone shows first: apart from gallery-api.ts (React Query, the
// full app's chunk) for the entry's early request of them (app/account/first-gallery.ts).
import type { GalleryFormat } from '../../../../common/content';
import type { GalleryImage } from '../../../../common/contracts/content';

/** Square posts first, then stories: the order of the sections, and of the lightbox. */
export const SECTION_FORMATS: readonly GalleryFormat[] = ['square', 'story'];

/** Tiles of the first section a phone shows on its first screen (two columns). */
export const FIRST_SCREEN_TILES = 2;

/**
 * The tiles a phone shows first when no filter is chosen: the largest paint of the page, asked for
 * as soon as the gallery's answer is in (app/account/prefetch-account.ts).
 */
export function firstScreenImages(images: readonly GalleryImage[]): GalleryImage[] {
  const first = SECTION_FORMATS.find((format) => images.some((image) => image.format === format));
  return images.filter((image) => image.format === first).slice(0, FIRST_SCREEN_TILES);
}
