// The rules of an uploaded image (docs/product/content.md#staff-edits), on both sides: the browser says them before
// sending anything, with the server's own words; the server judges the bytes it receives.

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MAX_PIXELS = 40_000_000;

/** What a file input offers; the bytes decide, never the name or the declared type. */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export type UploadImageFormat = 'jpeg' | 'png' | 'webp';

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** The image format by its magic bytes (the first 12 are enough), or undefined. */
export function imageFormatOf(bytes: Uint8Array): UploadImageFormat | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && PNG_MAGIC.every((byte, i) => bytes[i] === byte)) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

/** A sub-partner's logo is kept whole (its aspect and transparency), within this many pixels a side. */
export const LOGO_MAX_SIDE = 512;
