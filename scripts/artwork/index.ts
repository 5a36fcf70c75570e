// The project's own artwork (issue 10): a pack shot per product and the Grab and Go seed images,
// drawn as SVG by code and rendered to WebP with sharp, by `npm run artwork` (files.ts), which
// writes them into content/ for the server to serve (decisions/067). No <text> anywhere:
// lettering is stroked paths (lettering.ts), so the images look the same on a machine without
// fonts. Everything is seeded by the ref, so a ref always gives the same SVG, and the same bytes
// with the same encoder.
import type { GalleryFormat } from '../../common/content';
import { PRODUCT_CODES, type ProductCode } from '../../common/products';
import { productArtworkRef, type ArtworkRef } from '../../server/modules/content/artwork-files';
import { SEED_GALLERY } from './gallery';
import { layoutOf, LINEUP } from './layouts';
import { drawGalleryImage, drawLineup, drawPackShot } from './scenes';
import type { SvgDoc } from './svg';
import { THEMES } from './themes';

export { SEED_GALLERY } from './gallery';
export type { SeedGalleryItem } from './gallery';
export { productArtworkRef, type ArtworkRef };

/** Widths a caller may ask for: content/ holds the 1080 px design size, the server makes narrower ones. */
export const MIN_ARTWORK_WIDTH = 16;
export const MAX_ARTWORK_WIDTH = 2160;
/**
 * WebP quality and libwebp's effort: gradients stay smooth and a 1080 px image stays under 50 kB.
 * The files are made once and committed, so the slowest effort (about 10% fewer bytes than
 * effort 2, for twice the time) is worth it.
 */
export const WEBP_OPTIONS = { quality: 82, effort: 6 } as const;

export class UnknownArtworkError extends Error {
  constructor(ref: string) {
    super(`No artwork is called "${ref}"`);
    this.name = 'UnknownArtworkError';
  }
}

const ALL_REFS: readonly ArtworkRef[] = Object.freeze([
  ...PRODUCT_CODES.map(productArtworkRef),
  ...SEED_GALLERY.map((item) => item.ref),
]);

export function artworkRefs(): readonly ArtworkRef[] {
  return ALL_REFS;
}

const KNOWN_REFS: ReadonlySet<string> = new Set(ALL_REFS);

function drawingOf(ref: ArtworkRef): SvgDoc {
  // Only refs this release lists: "gallery:acv:square:7" is as unknown as "product:nope".
  if (!KNOWN_REFS.has(ref)) throw new UnknownArtworkError(ref);
  const [kind, code, format] = ref.split(':') as [string, string, GalleryFormat];
  if (kind === 'product') return drawPackShot(THEMES[code as ProductCode]);
  if (code === LINEUP) return drawLineup(format, ref);
  return drawGalleryImage(THEMES[code as ProductCode], layoutOf(code as ProductCode, format), format, ref);
}

/** The ref's SVG at `width` (the design size when absent). Exposed for tests and previews. */
export function artworkSvg(ref: ArtworkRef, width?: number): { svg: string; width: number; height: number } {
  const doc = drawingOf(ref);
  const outWidth = width ?? doc.width;
  if (!Number.isInteger(outWidth) || outWidth < MIN_ARTWORK_WIDTH || outWidth > MAX_ARTWORK_WIDTH) {
    throw new RangeError(
      `An artwork's width is a whole number from ${MIN_ARTWORK_WIDTH} to ${MAX_ARTWORK_WIDTH}`,
    );
  }
  const outHeight = Math.round((doc.height * outWidth) / doc.width);
  return { svg: doc.toString(outWidth, outHeight), width: outWidth, height: outHeight };
}

/**
 * The ref as WebP. `width` scales the whole image; the vectors are drawn at that size, not
 * resampled. Throws UnknownArtworkError for a ref not in artworkRefs() and RangeError for a
 * width outside MIN_ARTWORK_WIDTH..MAX_ARTWORK_WIDTH.
 */
export async function renderArtwork(
  ref: ArtworkRef,
  width?: number,
): Promise<{ data: Buffer; width: number; height: number }> {
  const { svg, width: outWidth, height: outHeight } = artworkSvg(ref, width);
  // Loaded here, not at the top: the SVG alone (tests, previews) needs no native module.
  const { default: sharp } = await import('sharp');
  const data = await sharp(Buffer.from(svg), { density: 72 }).webp(WEBP_OPTIONS).toBuffer();
  return { data, width: outWidth, height: outHeight };
}
