// The lightbox's numbers, as docs/product/partner-portal.md#lightbox fixes them. Kept apart from the component so the page
// and the tests read them without loading the lightbox's chunk.
export const LIGHTBOX = {
  /** Added to or taken from the zoom factor per button press, key press or wheel step. */
  zoomStep: 0.12,
  maxZoom: 3,
  minZoom: 0.1,
  /** A horizontal swipe must travel further than this (px) to change the image. */
  swipeTolerance: 50,
  /** At most one wheel zoom step per this many milliseconds. */
  wheelThrottleMs: 80,
} as const;
