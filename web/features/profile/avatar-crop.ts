// The square the partner keeps of a picture (the avatar editor's model, pure so it is tested
// alone). In the picture's own pixels: the square's centre, and a zoom where 1 fits the shorter
// side exactly. The square always lies inside the picture.

export interface Crop {
  cx: number;
  cy: number;
  zoom: number;
}

export interface PictureSize {
  width: number;
  height: number;
}

export const ZOOM_MIN = 1;
export const ZOOM_MAX = 4;
/** One press of + or −. */
export const ZOOM_STEP = 0.1;
/** One press of an arrow key moves the picture by this share of the square (Shift: five times). */
export const MOVE_STEP = 0.02;
/** The longest side of what is sent: more than the server keeps (512), little to upload. */
export const OUTPUT_MAX = 1024;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export const cropSide = (size: PictureSize, zoom: number) => Math.min(size.width, size.height) / zoom;

/** The crop within its bounds: the zoom in range, then the square inside the picture. */
export function clampCrop(crop: Crop, size: PictureSize): Crop {
  // Hundredths, the slider's step: ten presses of + land on a round number.
  const zoom = clamp(
    Number.isFinite(crop.zoom) ? Math.round(crop.zoom * 100) / 100 : ZOOM_MIN,
    ZOOM_MIN,
    ZOOM_MAX,
  );
  const half = cropSide(size, zoom) / 2;
  return { zoom, cx: clamp(crop.cx, half, size.width - half), cy: clamp(crop.cy, half, size.height - half) };
}

/** The centred square at zoom 1, which is what the server would keep of the whole picture. */
export const initialCrop = (size: PictureSize): Crop => ({
  cx: size.width / 2,
  cy: size.height / 2,
  zoom: ZOOM_MIN,
});

/**
 * Moves the picture by (dx, dy) screen pixels in a view `viewSize` pixels wide: the picture
 * follows the pointer, so the square moves the other way over it.
 */
export function movePicture(crop: Crop, size: PictureSize, dx: number, dy: number, viewSize: number): Crop {
  const perPixel = cropSide(size, crop.zoom) / viewSize;
  return clampCrop({ ...crop, cx: crop.cx - dx * perPixel, cy: crop.cy - dy * perPixel }, size);
}

/** The same centre at another zoom (kept inside the picture). */
export const zoomTo = (crop: Crop, size: PictureSize, zoom: number): Crop =>
  clampCrop({ ...crop, zoom }, size);

/** The kept square in the picture's pixels. */
export function cropRect(crop: Crop, size: PictureSize): { x: number; y: number; side: number } {
  const side = cropSide(size, crop.zoom);
  return { x: crop.cx - side / 2, y: crop.cy - side / 2, side };
}

/** The side of the square sent: the kept pixels, at most OUTPUT_MAX, never enlarged. */
export const outputSide = (side: number) => Math.max(1, Math.min(OUTPUT_MAX, Math.round(side)));
