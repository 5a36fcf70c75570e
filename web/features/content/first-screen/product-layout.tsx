// A product's talking points page above the fold (the row of products, the artwork's card) as the
// page draws it (ProductPage, ProductContentView) and as the entry's skeleton draws it before the
// page's code is in (app/account/ProductFirstScreen.tsx). One description for both, so the artwork,
// the page's largest paint, stands in the same place in each, and the page replaces the skeleton
// without anything moving. Outside features/content/'s own chunk: the entry's early chunk imports it.
import type { ComponentProps } from 'react';
import { productArtworkSources } from '../media/artwork';

/** The row of products: it scrolls sideways, edge to edge on a phone. */
export const PICKER_NAV_CLASS = '-mx-4 sm:-mx-6 lg:mx-0';
export const PICKER_ROW_CLASS =
  'relative flex gap-2 overflow-x-auto px-4 pb-2 [scrollbar-width:thin] sm:px-6 lg:px-0';

/** One product's pill: names only and tighter on a phone, with the small artwork from `sm` up. */
export function pillClass(selected: boolean): string {
  return `flex items-center gap-2 rounded-full border py-1.5 pr-3.5 pl-3.5 text-sm font-medium whitespace-nowrap transition-colors sm:py-1 sm:pl-1 ${
    selected
      ? 'border-brand-700 bg-brand-700 text-white shadow-sm dark:border-brand-400 dark:bg-brand-400 dark:text-stone-950'
      : 'border-stone-200 bg-white text-stone-700 hover:border-brand-300 hover:bg-brand-50 hover:text-brand-800 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-300 dark:hover:border-brand-700 dark:hover:bg-stone-800 dark:hover:text-white'
  }`;
}

/** The pill's artwork, or its place while the products' list loads (hidden on a phone). */
export const PILL_IMAGE_CLASS = 'hidden h-8 w-8 rounded-full bg-white object-cover sm:block';
export function pillImagePlaceClass(selected: boolean): string {
  return `hidden h-8 w-8 items-center justify-center rounded-full sm:inline-flex ${
    selected ? 'bg-white/20' : 'bg-stone-100 text-stone-400 dark:bg-stone-800'
  }`;
}
/** Some names are long in French: the pill stays a pill. */
export const PILL_NAME_CLASS = 'max-w-56 truncate';

/** Between the row of products and the product's cards. */
export const PRODUCT_BODY_CLASS = 'mt-6 sm:mt-8';

/** The artwork's card: the picture above the words on a phone, beside them from `sm` up. */
export const HERO_CLASS =
  'card overflow-hidden sm:grid sm:grid-cols-[minmax(0,15rem)_1fr] lg:grid-cols-[18rem_1fr]';
/**
 * On a phone the square stands centred on the card's own background, as a framed picture: a wider
 * tinted box would show coloured bands beside it.
 */
export const HERO_FRAME_CLASS =
  'relative bg-gradient-to-br from-brand-100 via-amber-50 to-rose-100 max-sm:bg-none max-sm:px-5 max-sm:pt-5 dark:from-brand-950 dark:via-stone-900 dark:to-rose-950';
/** The artwork's square, and the grey square in its place until the product's answer is in. */
export const ARTWORK_CLASS =
  'aspect-square h-auto w-full object-cover max-sm:mx-auto max-sm:max-w-72 max-sm:rounded-xl';

/** The product's artwork: the page's largest paint, asked for before the page's other images. */
export function ProductArtwork({
  imageUrl,
  ...rest
}: { imageUrl: string; alt: string } & Omit<ComponentProps<'img'>, 'src' | 'srcSet' | 'sizes'>) {
  return (
    <img
      {...productArtworkSources(imageUrl)}
      fetchPriority="high"
      width={480}
      height={480}
      className={ARTWORK_CLASS}
      {...rest}
    />
  );
}

/** Where the row scrolls to put `current` in its middle (the page itself does not move). */
export function pillRowScrollLeft(row: HTMLElement, current: HTMLElement): number {
  return Math.max(0, current.offsetLeft - (row.clientWidth - current.offsetWidth) / 2);
}
