// Below-the-fold parts of the dashboard mount after the first paint: when they come near the
// viewport, or when the page is idle, one part per idle moment. A phone's first render then holds
// only what it shows, and the rest arrives in small tasks instead of one long one (decisions/019).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { afterIdle } from '../../lib/idle';

// Parts wait in page order; one idle moment mounts one part.
const waiting: (() => void)[] = [];
let cancelScheduled: (() => void) | null = null;

function scheduleNext(): void {
  if (cancelScheduled || waiting.length === 0) return;
  cancelScheduled = afterIdle(() => {
    cancelScheduled = null;
    waiting.shift()?.();
    scheduleNext();
  });
}

function whenIdle(mount: () => void): () => void {
  waiting.push(mount);
  scheduleNext();
  return () => {
    const at = waiting.indexOf(mount);
    if (at >= 0) waiting.splice(at, 1);
    if (waiting.length === 0 && cancelScheduled) {
      cancelScheduled();
      cancelScheduled = null;
    }
  };
}

/**
 * Renders `children` once near the viewport (within a screen) or once the page is idle; until
 * then a block of `placeholderClassName` (give it about the part's height, so that the page does
 * not jump when it mounts).
 */
export function WhenNear({
  children,
  placeholderClassName,
  sizeClassName,
  testId,
}: {
  children: ReactNode;
  placeholderClassName: string;
  /** The part's `contain-intrinsic-size` (about its height), while the browser skips its rendering. */
  sizeClassName: string;
  testId?: string;
}) {
  const [shown, setShown] = useState(false);
  const placeholder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (shown) return;
    // Not a transition: the part's queries change the query cache while it renders, and React
    // then renders a sliced render again at once, in one piece (twice the work).
    const show = () => setShown(true);
    const cancelIdle = whenIdle(show);
    let observer: IntersectionObserver | undefined;
    if (typeof IntersectionObserver === 'function' && placeholder.current) {
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) show();
        },
        { rootMargin: '100% 0px' },
      );
      observer.observe(placeholder.current);
    }
    return () => {
      cancelIdle();
      observer?.disconnect();
    };
  }, [shown]);

  // Keyed apart: React must not turn the placeholder's element into the part's first one (the
  // browser would count that as the element moving, a layout shift). Once mounted, a part the
  // screen does not show is not styled, laid out nor painted (`content-visibility: auto`): on a
  // phone the browser's rendering work after each commit was most of the page's long tasks, for
  // rows a screen or more below what the partner sees (the dashboard 84 → 86, TBT 587 → 473 ms,
  // docs/performance-log.md, 2026-11-26, evening). It is rendered as it comes near. The paint
  // containment that comes with it would clip what the cards draw past the part's edges (their
  // shadows, focus rings, a chart's tooltip at its ends): they may draw a gutter's width beyond.
  if (shown)
    return (
      <div key="part" className={`[content-visibility:auto] [overflow-clip-margin:1.5rem] ${sizeClassName}`}>
        {children}
      </div>
    );
  return (
    <div
      key="placeholder"
      ref={placeholder}
      aria-hidden="true"
      className={`animate-pulse rounded-2xl bg-stone-100 dark:bg-stone-900 ${placeholderClassName}`}
      data-testid={testId}
    />
  );
}
