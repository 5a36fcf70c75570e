// Which composition each gallery image uses, and which of the product's objects it shows: the
// scenes draw from this and the alt texts describe from it, so the words match the picture.
import type { GalleryFormat } from '../../common/content';
import { PRODUCT_CODES, type ProductCode } from '../../common/products';
import type { PropName, Theme } from './themes';

export type Layout = 'flatlay' | 'routine' | 'scatter' | 'poster';
export const LAYOUTS: readonly Layout[] = ['flatlay', 'routine', 'scatter', 'poster'];

/** Square and story of one product never share a composition, and each is used equally. */
export function layoutOf(code: ProductCode, format: GalleryFormat): Layout {
  const index = PRODUCT_CODES.indexOf(code);
  return LAYOUTS[(index + (format === 'story' ? 2 : 0)) % LAYOUTS.length]!;
}

/** The program-wide images take this name where a product's code would be. */
export const LINEUP = 'lineup';

export function galleryRef(code: ProductCode | typeof LINEUP, format: GalleryFormat, n = 1): string {
  return `gallery:${code}:${format}:${n}`;
}

/** Indexes into theme.objects, in the order the layout places them. */
export function propSlots(theme: Theme, layout: Layout, format: GalleryFormat): number[] {
  const story = format === 'story';
  switch (layout) {
    case 'flatlay':
      return story ? [0, 1, 2] : [0, 1];
    case 'routine':
      // In the evening the first object (often a moon) would look odd on a table.
      return [theme.mood === 'night' ? 1 : 0];
    case 'scatter':
      return story ? [0, 1, 2, 3] : [0, 1, 2];
    case 'poster':
      return [0, 1];
  }
}

export function propAt(theme: Theme, slot: number): PropName {
  return theme.objects[slot % theme.objects.length]!;
}

/** The distinct objects an image shows. */
export function propsShown(theme: Theme, layout: Layout, format: GalleryFormat): PropName[] {
  return [...new Set(propSlots(theme, layout, format).map((slot) => propAt(theme, slot)))];
}
