// The formats the server gives an image or a kit in (docs/product/content.md#grab-and-go): WebP
// as stored, or JPEG, converted once by the server and kept. A module of its own, without imports:
// Grab and Go's early chunk (gallery-view.tsx) uses it.

export type ImageFormat = 'webp' | 'jpeg';

/** An image's (or a kit's) address in `format`. */
export const inFormat = (url: string, format: ImageFormat) =>
  format === 'webp' ? url : `${url}${url.includes('?') ? '&' : '?'}format=${format}`;
