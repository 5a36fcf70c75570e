// Media addresses the content kit's pages and the entry's early chunks share (app/account/
// first-product.ts, first-gallery.ts): one description of a picture, so the browser picks the same file for the early
// request as for the page's <img> and the page finds it in its cache. Apart from content-api.ts,
// whose chunk the entry must not import.

/** A narrower rendition of a media URL (the server makes 240, 480, 720 and 1080 px wide ones). */
export function mediaAtWidth(url: string, width: 240 | 480 | 720 | 1080): string {
  return `${url}${url.includes('?') ? '&' : '?'}w=${width}`;
}

/**
 * A product's picture on its talking points: a phone shows it at most 18rem wide (max-w-72), as a
 * desktop does.
 */
export function productArtworkSources(imageUrl: string): { src: string; srcSet: string; sizes: string } {
  return {
    src: mediaAtWidth(imageUrl, 480),
    srcSet: `${mediaAtWidth(imageUrl, 480)} 480w, ${mediaAtWidth(imageUrl, 720)} 720w, ${mediaAtWidth(imageUrl, 1080)} 1080w`,
    sizes: '(min-width: 640px) and (max-width: 1023px) 15rem, 18rem',
  };
}

/** Starts an image's download as an <img> with these sources would (the same file, from the cache later). */
export function preloadImage({ src, srcSet, sizes }: { src: string; srcSet?: string; sizes?: string }): void {
  const image = new Image();
  image.fetchPriority = 'high';
  if (sizes) image.sizes = sizes;
  if (srcSet) image.srcset = srcSet;
  image.src = src;
}
