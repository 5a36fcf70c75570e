// The artwork the release ships as files (decisions/067): a pack shot per product and the seeded
// Grab and Go images, drawn once by `npm run artwork` (scripts/artwork/) and committed under
// content/ as WebP. What the script writes and what the server reads meet here: where a ref's
// file lies, the gallery's list with its words, and the size a WebP file says it has. Nothing is
// drawn by the server.
import { z } from 'zod';
import { GALLERY_FORMATS } from '../../../common/content';
import { PRODUCT_CODES, isProductCode } from '../../../common/products';
import type { ProductCode } from '../../../common/products';

/** "product:<code>" for a pack shot, "gallery:<code or lineup>:<format>:<n>" for a Grab and Go image. */
export type ArtworkRef = string;

export const productArtworkRef = (code: ProductCode): ArtworkRef => `product:${code}`;

const GALLERY_REF = /^gallery:([a-z]{2,12}):(square|story):([1-9][0-9]{0,3})$/;

/** The seeded gallery's list (refs, products, formats, tags, alt texts), beside its images. */
export const GALLERY_LIST_FILE = 'gallery/gallery.json';

/**
 * The file of a ref, relative to content/ with `/` between folders, or null for a string that
 * names no artwork file (so a ref read from the database never climbs out of content/).
 */
export function artworkPath(ref: ArtworkRef): string | null {
  const [kind, code, extra] = ref.split(':');
  if (kind === 'product' && extra === undefined && code !== undefined && isProductCode(code))
    return `products/${code}/artwork.webp`;
  const gallery = GALLERY_REF.exec(ref);
  if (gallery) return `gallery/${gallery[1]}-${gallery[2]}-${gallery[3]}.webp`;
  return null;
}

const words = z.string().trim().min(1).max(1000);

export const seedGalleryListSchema = z.object({
  images: z.array(
    z.object({
      ref: z.string().regex(GALLERY_REF),
      product: z.enum(PRODUCT_CODES).nullable(),
      format: z.enum(GALLERY_FORMATS),
      tags: z.array(z.string().trim().min(1).max(60)).max(20),
      alt: z.object({ en: words, fr: words }),
    }),
  ),
});

export type SeedGalleryList = z.infer<typeof seedGalleryListSchema>;
export type SeedGalleryItem = SeedGalleryList['images'][number];

/**
 * The width and height a WebP file's header gives (simple lossy, lossless or extended), or null
 * when the bytes are not a WebP file. Read without decoding anything, and without sharp.
 */
export function webpSize(bytes: Buffer): { width: number; height: number } | null {
  if (
    bytes.length < 30 ||
    bytes.toString('latin1', 0, 4) !== 'RIFF' ||
    bytes.toString('latin1', 8, 12) !== 'WEBP'
  )
    return null;
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    // A key frame's start code, then 14 bits of width and of height (the top two bits scale).
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  return null;
}
