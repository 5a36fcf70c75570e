// How the lightbox shows the current image: zoom factor, rotation and pan, changed only through
// these pure steps so the bounds of docs/product/partner-portal.md#lightbox hold whatever the input (buttons, keys, wheel,
// pinch) and can be tested without a browser.
import { LIGHTBOX } from './lightbox-constants';

export interface ViewState {
  /** 1 is "fit": the image as large as the stage allows. */
  zoom: number;
  /**
   * Degrees, in 90° steps, never wrapped back to 0 so the CSS transition always turns the same
   * way (270° → 360°, not 270° → 0°).
   */
  rotation: number;
  /** Pan in screen pixels, applied before rotation and zoom. */
  x: number;
  y: number;
}

export const FIT: ViewState = { zoom: 1, rotation: 0, x: 0, y: 0 };

export type ViewAction =
  | { type: 'zoom'; direction: 1 | -1 }
  | { type: 'zoom-to'; zoom: number }
  | { type: 'rotate' }
  | { type: 'pan'; x: number; y: number }
  | { type: 'fit' };

/** The zoom factor kept inside the spec's bounds, rounded so repeated steps do not drift (1.12 × 10, not 2.1999…). */
export function clampZoom(zoom: number): number {
  const bounded = Math.min(LIGHTBOX.maxZoom, Math.max(LIGHTBOX.minZoom, zoom));
  return Math.round(bounded * 100) / 100;
}

export const canZoomIn = (view: ViewState) => view.zoom < LIGHTBOX.maxZoom;
export const canZoomOut = (view: ViewState) => view.zoom > LIGHTBOX.minZoom;

export function viewReducer(view: ViewState, action: ViewAction): ViewState {
  switch (action.type) {
    case 'zoom':
      return withZoom(view, clampZoom(view.zoom + action.direction * LIGHTBOX.zoomStep));
    case 'zoom-to':
      return withZoom(view, clampZoom(action.zoom));
    case 'rotate':
      return { ...view, rotation: view.rotation + 90 };
    case 'pan':
      // Panning only makes sense when the image is larger than the stage.
      return view.zoom > 1 ? { ...view, x: action.x, y: action.y } : view;
    case 'fit':
      return FIT;
  }
}

/** Back at or below fit there is nothing to pan to: the image comes back to the centre. */
function withZoom(view: ViewState, zoom: number): ViewState {
  if (zoom === view.zoom) return view;
  if (zoom <= 1) return { ...view, zoom, x: 0, y: 0 };
  // Keep the same point in the middle while zooming: the pan grows and shrinks with the zoom.
  const ratio = zoom / view.zoom;
  return { ...view, zoom, x: view.x * ratio, y: view.y * ratio };
}

/**
 * A leading-edge throttle: the first call passes, then none until `intervalMs` has gone by.
 * Wheels and trackpads send dozens of events per notch; one zoom step per interval feels even.
 */
export function createThrottle(intervalMs: number, now: () => number = Date.now): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const time = now();
    if (time - last < intervalMs) return false;
    last = time;
    return true;
  };
}

/** Where a horizontal swipe leads: -1 previous, 1 next, 0 when it stayed within the tolerance or went mostly up/down. */
export function swipeDirection(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) <= LIGHTBOX.swipeTolerance || Math.abs(dx) <= Math.abs(dy)) return 0;
  // A finger moving left brings the next image in, as in every photo viewer.
  return dx < 0 ? 1 : -1;
}
