// The image viewer of docs/product/partner-portal.md and docs/product/partner-portal.md#lightbox, our own (no library): previous/next (wrapping at the
// ends), zoom by buttons, keys, wheel and pinch within the spec's bounds, quarter-turn rotation,
// "resize to fit", drag to pan when zoomed, swipe to change image on touch, a placeholder when an
// image does not load. It is a modal dialog: focus stays inside, Escape closes it, and the page
// gives focus back to the thumbnail that opened it. It loads as a chunk of its own, only when an
// image is first opened (GalleryPage).
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons';
import { useFocusTrap } from '../../../components/use-focus-trap';
import { LIGHTBOX } from './lightbox-constants';
import { LightboxIcon } from './lightbox-icons';
import { FIT, canZoomIn, canZoomOut, createThrottle, swipeDirection, viewReducer } from './lightbox-view';

export interface LightboxImage {
  id: number;
  /** Full size. */
  url: string;
  alt: string;
  width: number;
  height: number;
  /** The file name the download gets. */
  downloadName: string;
  /** The same image as a JPEG, offered beside the WebP download when given. */
  jpeg?: { url: string; downloadName: string };
}

export interface LightboxProps {
  images: readonly LightboxImage[];
  /** The image shown first. */
  startIndex: number;
  onClose: () => void;
}

const TOOL =
  'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-white/90 transition-colors hover:bg-white/15 hover:text-white focus-visible:outline-white disabled:cursor-not-allowed disabled:opacity-35 disabled:hover:bg-transparent sm:h-11 sm:w-11';
const SIDE =
  'absolute top-1/2 z-10 inline-flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/45 text-white shadow-lg ring-1 ring-white/15 backdrop-blur-sm transition-colors hover:bg-black/70 focus-visible:outline-white sm:h-12 sm:w-12';

/** One pointer gesture on the stage: a drag (pan or swipe) or, with two fingers, a pinch. */
interface Gesture {
  startX: number;
  startY: number;
  panX: number;
  panY: number;
  /** Set once a second finger came down: the gesture is a pinch and never a swipe. */
  pinch: { distance: number; zoom: number } | null;
  pinched: boolean;
}

const distanceOf = (points: { x: number; y: number }[]) =>
  points.length < 2 ? 0 : Math.hypot(points[0]!.x - points[1]!.x, points[0]!.y - points[1]!.y);

export function Lightbox({ images, startIndex, onClose }: LightboxProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const total = images.length;
  const [index, setIndex] = useState(() => Math.min(Math.max(0, startIndex), Math.max(0, total - 1)));
  const current = images[Math.min(index, total - 1)];
  const [view, dispatch] = useReducer(viewReducer, FIT);
  const [failed, setFailed] = useState<ReadonlySet<number>>(() => new Set());
  const [loaded, setLoaded] = useState<ReadonlySet<number>>(() => new Set());
  const [dragging, setDragging] = useState(false);
  /** Extra scale so a quarter-turned image still fits the stage (its width and height swap). */
  const [quarterFit, setQuarterFit] = useState(1);

  const dialog = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const picture = useRef<HTMLImageElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const zoomInButton = useRef<HTMLButtonElement>(null);
  const zoomOutButton = useRef<HTMLButtonElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<Gesture | null>(null);
  const [allowWheelStep] = useState(() => createThrottle(LIGHTBOX.wheelThrottleMs));

  const isFailed = current ? failed.has(current.id) : false;

  const go = useCallback(
    (step: 1 | -1) => {
      if (total < 2) return;
      setIndex((at) => (at + step + total) % total);
      dispatch({ type: 'fit' });
    },
    [total],
  );

  // Stable: the focus trap restarts (and moves focus back to the start) whenever it changes.
  const closeNow = useRef(onClose);
  useEffect(() => {
    closeNow.current = onClose;
  }, [onClose]);
  const close = useCallback(() => closeNow.current(), []);
  useFocusTrap(dialog, true, close, closeButton);

  // The keys of docs/product/partner-portal.md (Escape is the focus trap's). Modified keys stay the browser's own
  // (Ctrl/⌘ + and − zoom the page).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const handled = (() => {
        switch (event.key) {
          case 'ArrowLeft':
            go(-1);
            return true;
          case 'ArrowRight':
            go(1);
            return true;
          case '+':
          case '=':
            dispatch({ type: 'zoom', direction: 1 });
            return true;
          case '-':
          case '_':
            dispatch({ type: 'zoom', direction: -1 });
            return true;
          case 'r':
          case 'R':
            dispatch({ type: 'rotate' });
            return true;
          case '0':
            dispatch({ type: 'fit' });
            return true;
          default:
            return false;
        }
      })();
      if (handled) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [go]);

  // The wheel zooms, one step per throttle interval. React's wheel listeners are passive, so the
  // page behind would scroll: this one is not.
  useEffect(() => {
    const node = stage.current;
    if (!node) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      if (event.deltaY === 0 || !allowWheelStep()) return;
      dispatch({ type: 'zoom', direction: event.deltaY < 0 ? 1 : -1 });
    };
    node.addEventListener('wheel', onWheel, { passive: false });
    return () => node.removeEventListener('wheel', onWheel);
  }, [allowWheelStep]);

  // The page behind does not scroll while the viewer is open.
  useEffect(() => {
    const { overflow, paddingRight } = document.body.style;
    // The scroll bar goes away with the overflow: its width is kept so the page does not shift.
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    document.body.style.overflow = 'hidden';
    if (scrollbar > 0) document.body.style.paddingRight = `${scrollbar}px`;
    return () => {
      document.body.style.overflow = overflow;
      document.body.style.paddingRight = paddingRight;
    };
  }, []);

  // A zoom button that just became disabled at its bound would drop focus out of the dialog:
  // hand it to its counterpart.
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (view.zoom >= LIGHTBOX.maxZoom && (active === zoomInButton.current || active === document.body))
      zoomOutButton.current?.focus();
    else if (view.zoom <= LIGHTBOX.minZoom && (active === zoomOutButton.current || active === document.body))
      zoomInButton.current?.focus();
  }, [view.zoom]);

  // The neighbours load in the background, so previous/next show at once.
  useEffect(() => {
    if (total < 2) return;
    for (const step of [1, -1]) {
      const neighbour = images[(index + step + total) % total];
      if (neighbour && !failed.has(neighbour.id)) new Image().src = neighbour.url;
    }
  }, [images, index, total, failed]);

  const measure = useCallback(() => {
    const box = stage.current;
    const img = picture.current;
    if (!box || !img || !img.offsetWidth || !img.offsetHeight) return;
    // Layout sizes ignore transforms: the fitted, unrotated image against the stage.
    setQuarterFit(Math.min(1, box.clientWidth / img.offsetHeight, box.clientHeight / img.offsetWidth));
  }, []);
  useEffect(() => {
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    // The previous/next buttons sit on the stage: their clicks are theirs.
    if ((event.target as Element).closest('button, a')) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const points = [...pointers.current.values()];
    if (points.length === 1) {
      gesture.current = {
        startX: event.clientX,
        startY: event.clientY,
        panX: view.x,
        panY: view.y,
        pinch: null,
        pinched: false,
      };
    } else if (points.length === 2 && gesture.current) {
      gesture.current.pinch = { distance: distanceOf(points), zoom: view.zoom };
      gesture.current.pinched = true;
    }
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId) || !gesture.current) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const g = gesture.current;
    if (g.pinch) {
      const distance = distanceOf([...pointers.current.values()]);
      if (g.pinch.distance > 0 && distance > 0)
        dispatch({ type: 'zoom-to', zoom: g.pinch.zoom * (distance / g.pinch.distance) });
      return;
    }
    if (view.zoom <= 1) return;
    const box = stage.current;
    // Never further than half the zoomed stage: some of the image always stays in view (an
    // unmeasured stage sets no limit).
    const limitX = box?.clientWidth ? (box.clientWidth * view.zoom) / 2 : Infinity;
    const limitY = box?.clientHeight ? (box.clientHeight * view.zoom) / 2 : Infinity;
    const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
    setDragging(true);
    dispatch({
      type: 'pan',
      x: clamp(g.panX + event.clientX - g.startX, limitX),
      y: clamp(g.panY + event.clientY - g.startY, limitY),
    });
  };

  const onPointerEnd = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    const g = gesture.current;
    if (!g) return;
    if (g.pinch) {
      // One finger lifted: what is left is not a new swipe.
      g.pinch = null;
      if (pointers.current.size === 0) gesture.current = null;
      return;
    }
    if (pointers.current.size > 0) return;
    gesture.current = null;
    setDragging(false);
    // At fit, a drag is a swipe; zoomed in, it was a pan.
    if (!g.pinched && view.zoom <= 1 && event.type !== 'pointercancel') {
      const direction = swipeDirection(event.clientX - g.startX, event.clientY - g.startY);
      if (direction) go(direction);
    }
  };

  if (!current) return null;

  const quarterTurned = view.rotation % 180 !== 0;
  const scale = view.zoom * (quarterTurned ? quarterFit : 1);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(view.zoom);
  const position = { current: index + 1, total };

  return (
    <div
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-label={t('content.lightbox.label')}
      aria-describedby={`${id}-caption`}
      tabIndex={-1}
      // Nearly opaque: the page behind must not show through as ghost text.
      className="fixed inset-0 z-50 flex flex-col bg-stone-950/[0.97] text-white outline-none"
      data-testid="lightbox"
    >
      <div className="flex items-center gap-2 px-2 pt-2 pb-1 sm:px-4 sm:pt-3">
        <p className="min-w-14 px-2 text-sm font-semibold tabular-nums">
          <span aria-hidden="true" data-testid="lightbox-counter">
            {t('content.lightbox.counter', position)}
          </span>
          <span className="sr-only" aria-live="polite">
            {t('content.lightbox.position', position)}
          </span>
        </p>
        <div
          role="group"
          aria-label={t('content.lightbox.tools')}
          className="ml-auto flex items-center gap-0.5 sm:gap-1"
        >
          <button
            ref={zoomOutButton}
            type="button"
            className={TOOL}
            onClick={() => dispatch({ type: 'zoom', direction: -1 })}
            disabled={isFailed || !canZoomOut(view)}
            aria-label={t('content.lightbox.zoom_out')}
            aria-keyshortcuts="-"
            title={t('content.lightbox.zoom_out')}
            data-testid="lightbox-zoom-out"
          >
            <LightboxIcon name="zoom-out" width={22} height={22} />
          </button>
          <output
            className="hidden w-14 text-center text-xs font-medium text-white/75 tabular-nums sm:block"
            aria-label={t('content.lightbox.zoom_level')}
            data-testid="lightbox-zoom"
            data-zoom={view.zoom}
          >
            {percent}
          </output>
          <button
            ref={zoomInButton}
            type="button"
            className={TOOL}
            onClick={() => dispatch({ type: 'zoom', direction: 1 })}
            disabled={isFailed || !canZoomIn(view)}
            aria-label={t('content.lightbox.zoom_in')}
            aria-keyshortcuts="+"
            title={t('content.lightbox.zoom_in')}
            data-testid="lightbox-zoom-in"
          >
            <LightboxIcon name="zoom-in" width={22} height={22} />
          </button>
          <button
            type="button"
            className={TOOL}
            onClick={() => dispatch({ type: 'rotate' })}
            disabled={isFailed}
            aria-label={t('content.lightbox.rotate')}
            aria-keyshortcuts="R"
            title={t('content.lightbox.rotate')}
            data-testid="lightbox-rotate"
          >
            <LightboxIcon name="rotate" width={22} height={22} />
          </button>
          <button
            type="button"
            className={TOOL}
            onClick={() => dispatch({ type: 'fit' })}
            disabled={isFailed}
            aria-label={t('content.lightbox.fit')}
            aria-keyshortcuts="0"
            title={t('content.lightbox.fit')}
            data-testid="lightbox-fit"
          >
            <LightboxIcon name="fit" width={22} height={22} />
          </button>
          <span className="mx-1 h-6 w-px bg-white/20" aria-hidden="true" />
          <button
            ref={closeButton}
            type="button"
            className={TOOL}
            onClick={close}
            aria-label={t('content.lightbox.close')}
            aria-keyshortcuts="Escape"
            title={t('content.lightbox.close')}
            data-testid="lightbox-close"
          >
            <Icon name="close" width={24} height={24} />
          </button>
        </div>
      </div>

      <div
        ref={stage}
        className={`relative min-h-0 flex-1 touch-none overflow-hidden select-none ${
          view.zoom > 1 ? (dragging ? 'cursor-grabbing' : 'cursor-grab') : ''
        }`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        data-testid="lightbox-stage"
      >
        <div className="absolute inset-0 flex items-center justify-center p-3 sm:px-20 sm:py-4">
          {isFailed ? (
            <div
              role="alert"
              className="flex max-w-xs flex-col items-center px-12 text-center sm:px-0"
              data-testid="lightbox-broken"
            >
              <span className="mb-4 inline-flex h-16 w-16 items-center justify-center rounded-full bg-white/10 text-white/80">
                <LightboxIcon name="broken-image" width={32} height={32} />
              </span>
              <p className="font-semibold">{t('content.lightbox.broken_title')}</p>
              <p className="mt-1 text-sm text-white/70">
                {total > 1 ? t('content.lightbox.broken_body_more') : t('content.lightbox.broken_body')}
              </p>
            </div>
          ) : (
            <>
              {loaded.has(current.id) ? null : (
                <span
                  role="status"
                  className="absolute inset-0 flex items-center justify-center"
                  data-testid="lightbox-loading"
                >
                  <span
                    aria-hidden="true"
                    className="h-9 w-9 animate-spin rounded-full border-[3px] border-white/70 border-r-transparent motion-reduce:animate-none"
                  />
                  <span className="sr-only">{t('content.lightbox.loading')}</span>
                </span>
              )}
              <img
                // A new element per image: a failure or a load belongs to that image only.
                key={current.id}
                ref={picture}
                src={current.url}
                alt={current.alt}
                width={current.width}
                height={current.height}
                draggable={false}
                decoding="async"
                onLoad={() => {
                  setLoaded((set) => new Set(set).add(current.id));
                  measure();
                }}
                onError={() => setFailed((set) => new Set(set).add(current.id))}
                className={`relative h-auto max-h-full w-auto max-w-full object-contain shadow-2xl will-change-transform ${
                  dragging
                    ? ''
                    : 'motion-safe:transition-transform motion-safe:duration-200 motion-safe:ease-out'
                }`}
                style={{
                  transform: `translate(${view.x}px, ${view.y}px) rotate(${view.rotation}deg) scale(${scale})`,
                }}
                data-testid="lightbox-image"
                data-rotation={view.rotation}
              />
            </>
          )}
        </div>
        {total > 1 ? (
          <>
            <button
              type="button"
              className={`${SIDE} left-2 sm:left-4`}
              onClick={() => go(-1)}
              aria-label={t('content.lightbox.previous')}
              aria-keyshortcuts="ArrowLeft"
              title={t('content.lightbox.previous')}
              data-testid="lightbox-previous"
            >
              <Icon name="arrow-left" width={22} height={22} />
            </button>
            <button
              type="button"
              className={`${SIDE} right-2 sm:right-4`}
              onClick={() => go(1)}
              aria-label={t('content.lightbox.next')}
              aria-keyshortcuts="ArrowRight"
              title={t('content.lightbox.next')}
              data-testid="lightbox-next"
            >
              <Icon name="arrow-right" width={22} height={22} />
            </button>
          </>
        ) : null}
      </div>

      <div className="flex flex-col gap-3 px-4 pt-2 pb-4 sm:flex-row sm:items-center sm:gap-6 sm:px-6 sm:pb-5">
        <div className="min-w-0 flex-1">
          <p
            id={`${id}-caption`}
            className="text-sm text-white/90 sm:text-base"
            data-testid="lightbox-caption"
          >
            {current.alt}
          </p>
          <p className="mt-1 hidden text-xs text-white/50 lg:block">{t('content.lightbox.shortcuts')}</p>
        </div>
        <div className="flex shrink-0 gap-2 self-stretch sm:self-auto">
          <a
            href={current.url}
            download={current.downloadName}
            className="inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-full bg-white px-5 py-2.5 text-sm font-semibold text-stone-900 shadow-sm transition-colors hover:bg-orange-50 focus-visible:outline-white sm:flex-none"
            data-testid="lightbox-download"
          >
            <Icon name="download" width={18} height={18} />
            {t('content.lightbox.download')}
            {current.jpeg ? <span className="text-stone-500">WebP</span> : null}
          </a>
          {current.jpeg ? (
            <a
              href={current.jpeg.url}
              download={current.jpeg.downloadName}
              className="inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-4 py-2.5 text-sm font-semibold text-white ring-1 ring-white/40 transition-colors ring-inset hover:bg-white/15 focus-visible:outline-white"
              aria-label={t('content.lightbox.download_jpeg_label')}
              data-testid="lightbox-download-jpeg"
            >
              {t('content.lightbox.download_jpeg')}
            </a>
          ) : null}
        </div>
      </div>
    </div>
  );
}
