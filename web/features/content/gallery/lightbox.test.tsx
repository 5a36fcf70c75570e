import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, loadCatalogPart } from '../../../lib/i18n';
import { Lightbox, type LightboxImage } from './Lightbox';
import { LIGHTBOX } from './lightbox-constants';
import { clampZoom, createThrottle, swipeDirection } from './lightbox-view';

const image = (id: number, alt: string): LightboxImage => ({
  id,
  url: `/api/media/${id}.webp`,
  alt,
  width: 1080,
  height: 1080,
  downloadName: `sunbite-acv-square-${id}.webp`,
});
const IMAGES = [
  image(1, 'Gummies on a breakfast table'),
  image(2, 'A jar by the window'),
  image(3, 'Hands holding a jar'),
];

function renderLightbox(startIndex = 0, images: readonly LightboxImage[] = IMAGES) {
  const onClose = vi.fn();
  const view = render(
    <I18nextProvider i18n={i18n}>
      <Lightbox images={images} startIndex={startIndex} onClose={onClose} />
    </I18nextProvider>,
  );
  return { ...view, onClose };
}

const zoom = () => Number(screen.getByTestId('lightbox-zoom').dataset.zoom);
const counter = () => screen.getByTestId('lightbox-counter').textContent;
const transform = () => screen.getByTestId('lightbox-image').style.transform;
const stage = () => screen.getByTestId('lightbox-stage');
const button = (name: string) => screen.getByRole('button', { name });

/** A one-finger drag on the stage from (x0, y0) to (x1, y1). */
function drag(x0: number, y0: number, x1: number, y1: number, pointerType = 'touch') {
  fireEvent.pointerDown(stage(), { pointerId: 1, pointerType, clientX: x0, clientY: y0 });
  fireEvent.pointerMove(stage(), { pointerId: 1, pointerType, clientX: x1, clientY: y1 });
  fireEvent.pointerUp(stage(), { pointerId: 1, pointerType, clientX: x1, clientY: y1 });
}

beforeAll(async () => {
  await loadCatalogPart('content');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('lightbox constants and steps', () => {
  it('are the values of docs/product/partner-portal.md#lightbox', () => {
    expect(LIGHTBOX).toEqual({
      zoomStep: 0.12,
      maxZoom: 3,
      minZoom: 0.1,
      swipeTolerance: 50,
      wheelThrottleMs: 80,
    });
  });

  it('keep the zoom inside its bounds without drifting', () => {
    expect(clampZoom(7)).toBe(3);
    expect(clampZoom(-1)).toBe(0.1);
    expect(clampZoom(1 + 0.12 * 10)).toBe(2.2);
  });

  it('throttle lets one call through per interval', () => {
    let now = 1000;
    const allow = createThrottle(80, () => now);
    expect([allow(), allow()]).toEqual([true, false]);
    now += 79;
    expect(allow()).toBe(false);
    now += 1;
    expect(allow()).toBe(true);
  });

  it('swipes only beyond the tolerance and mostly sideways', () => {
    expect(swipeDirection(-50, 0)).toBe(0);
    expect(swipeDirection(-51, 0)).toBe(1);
    expect(swipeDirection(51, 0)).toBe(-1);
    expect(swipeDirection(-60, 80)).toBe(0);
  });
});

describe('<Lightbox>', () => {
  it('is a labelled modal dialog showing the counter, the caption and a download of the full image', () => {
    renderLightbox(1);
    const dialog = screen.getByRole('dialog', { name: 'Image viewer' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('A jar by the window');
    expect(counter()).toBe('2 / 3');
    expect(screen.getByRole('img', { name: 'A jar by the window' })).toHaveAttribute(
      'src',
      '/api/media/2.webp',
    );
    const download = screen.getByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('href', '/api/media/2.webp');
    expect(download).toHaveAttribute('download', 'sunbite-acv-square-2.webp');
    // An image given without a JPEG offers its one download.
    expect(screen.queryByTestId('lightbox-download-jpeg')).not.toBeInTheDocument();
    expect(button('Close')).toHaveFocus();
  });

  it('offers the JPEG beside the WebP when the image has one, inside the focus loop', async () => {
    const user = userEvent.setup();
    renderLightbox(
      0,
      IMAGES.map((one) => ({
        ...one,
        jpeg: { url: `${one.url}?format=jpeg`, downloadName: one.downloadName.replace('.webp', '.jpg') },
      })),
    );
    expect(screen.getByTestId('lightbox-download')).toHaveTextContent('DownloadWebP');
    const jpeg = screen.getByRole('link', { name: 'Download as JPEG' });
    expect(jpeg).toHaveAttribute('href', '/api/media/1.webp?format=jpeg');
    expect(jpeg).toHaveAttribute('download', 'sunbite-acv-square-1.jpg');
    expect(jpeg).toHaveTextContent('JPEG');
    jpeg.focus();
    await user.tab();
    expect(button('Zoom out')).toHaveFocus();
    await user.tab({ shift: true });
    expect(jpeg).toHaveFocus();
  });

  it('holds zoom at 3 and 0.1 however many times the buttons and keys are pressed', async () => {
    const user = userEvent.setup();
    renderLightbox();
    expect(zoom()).toBe(1);
    button('Zoom in').focus();
    for (let press = 0; press < 25; press += 1) fireEvent.click(button('Zoom in'));
    expect(zoom()).toBe(3);
    expect(button('Zoom in')).toBeDisabled();
    expect(button('Zoom out')).toBeEnabled();
    // Focus was on the button that became disabled: it moved to its counterpart, still inside.
    expect(button('Zoom out')).toHaveFocus();
    await user.keyboard('+++');
    expect(zoom()).toBe(3);
    expect(transform()).toContain('scale(3)');

    await user.keyboard('-');
    expect(zoom()).toBe(2.88);
    button('Zoom out').focus();
    for (let press = 0; press < 40; press += 1) fireEvent.click(button('Zoom out'));
    expect(zoom()).toBe(0.1);
    expect(button('Zoom out')).toBeDisabled();
    expect(button('Zoom in')).toHaveFocus();
    await user.keyboard('----');
    expect(zoom()).toBe(0.1);
    expect(transform()).toContain('scale(0.1)');
  });

  it('holds the bounds under the wheel too, one step per 80 ms', () => {
    vi.useFakeTimers();
    renderLightbox();
    for (let event = 0; event < 40; event += 1) {
      fireEvent.wheel(stage(), { deltaY: -120 });
      act(() => vi.advanceTimersByTime(LIGHTBOX.wheelThrottleMs));
    }
    expect(zoom()).toBe(3);
    for (let event = 0; event < 40; event += 1) {
      fireEvent.wheel(stage(), { deltaY: 120 });
      act(() => vi.advanceTimersByTime(LIGHTBOX.wheelThrottleMs));
    }
    expect(zoom()).toBe(0.1);
  });

  it('counts wheel events within 80 ms once', () => {
    vi.useFakeTimers();
    renderLightbox();
    for (let event = 0; event < 6; event += 1) fireEvent.wheel(stage(), { deltaY: -40 });
    expect(zoom()).toBe(1.12);
    act(() => vi.advanceTimersByTime(79));
    fireEvent.wheel(stage(), { deltaY: -40 });
    expect(zoom()).toBe(1.12);
    act(() => vi.advanceTimersByTime(1));
    fireEvent.wheel(stage(), { deltaY: -40 });
    expect(zoom()).toBe(1.24);
    act(() => vi.advanceTimersByTime(80));
    fireEvent.wheel(stage(), { deltaY: 40 });
    expect(zoom()).toBe(1.12);
  });

  it('rotates by quarter turns from the button and the R key', async () => {
    const user = userEvent.setup();
    renderLightbox();
    await user.click(button('Rotate 90°'));
    expect(transform()).toContain('rotate(90deg)');
    await user.keyboard('r');
    expect(transform()).toContain('rotate(180deg)');
    await user.keyboard('RR');
    // Never wound back to 0°: the turn keeps its direction.
    expect(transform()).toContain('rotate(360deg)');
  });

  it('resizes to fit: zoom, rotation and pan back to the start, by button and by 0', async () => {
    const user = userEvent.setup();
    renderLightbox();
    await user.click(button('Zoom in'));
    await user.click(button('Zoom in'));
    await user.click(button('Rotate 90°'));
    drag(100, 100, 130, 80, 'mouse');
    expect(transform()).toContain('translate(30px, -20px)');
    expect(transform()).toContain('rotate(90deg)');
    await user.click(button('Resize to fit'));
    expect(transform()).toBe('translate(0px, 0px) rotate(0deg) scale(1)');

    await user.keyboard('++r');
    expect(zoom()).toBe(1.24);
    await user.keyboard('0');
    expect(transform()).toBe('translate(0px, 0px) rotate(0deg) scale(1)');
  });

  it('pans only when zoomed in: at fit a drag is not a pan', () => {
    renderLightbox();
    drag(100, 100, 120, 140, 'mouse');
    expect(transform()).toContain('translate(0px, 0px)');
    expect(counter()).toBe('1 / 3');
  });

  it('navigates with the arrow keys and the buttons, wrapping at both ends, each image at fit', async () => {
    const user = userEvent.setup();
    renderLightbox();
    await user.keyboard('{ArrowRight}');
    expect(counter()).toBe('2 / 3');
    expect(screen.getByTestId('lightbox-caption')).toHaveTextContent('A jar by the window');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(counter()).toBe('3 / 3');
    await user.keyboard('{ArrowRight}');
    expect(counter()).toBe('1 / 3');
    await user.keyboard('++r');
    await user.click(button('Previous image'));
    expect(counter()).toBe('3 / 3');
    expect(transform()).toBe('translate(0px, 0px) rotate(0deg) scale(1)');
    await user.click(button('Next image'));
    expect(counter()).toBe('1 / 3');
  });

  it('has no previous/next with a single image', () => {
    renderLightbox(0, [IMAGES[0]!]);
    expect(counter()).toBe('1 / 1');
    expect(screen.queryByRole('button', { name: 'Next image' })).not.toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'ArrowRight' });
    expect(counter()).toBe('1 / 1');
  });

  it('swipes: 49 px does nothing, 51 px goes to the next or previous image', () => {
    renderLightbox();
    drag(200, 300, 151, 300);
    expect(counter()).toBe('1 / 3');
    drag(200, 300, 149, 300);
    expect(counter()).toBe('2 / 3');
    drag(200, 300, 249, 300);
    expect(counter()).toBe('2 / 3');
    drag(200, 300, 251, 300);
    expect(counter()).toBe('1 / 3');
    // Mostly vertical: a scroll attempt, not a swipe.
    drag(200, 300, 130, 400);
    expect(counter()).toBe('1 / 3');
  });

  it('does not swipe after a pinch, and a pinch zooms within the bounds', () => {
    renderLightbox();
    const touch = { pointerType: 'touch' };
    fireEvent.pointerDown(stage(), { ...touch, pointerId: 1, clientX: 100, clientY: 300 });
    fireEvent.pointerDown(stage(), { ...touch, pointerId: 2, clientX: 200, clientY: 300 });
    fireEvent.pointerMove(stage(), { ...touch, pointerId: 2, clientX: 1000, clientY: 300 });
    expect(zoom()).toBe(3);
    fireEvent.pointerUp(stage(), { ...touch, pointerId: 2, clientX: 1000, clientY: 300 });
    fireEvent.pointerMove(stage(), { ...touch, pointerId: 1, clientX: 101, clientY: 300 });
    fireEvent.pointerUp(stage(), { ...touch, pointerId: 1, clientX: 20, clientY: 300 });
    expect(counter()).toBe('1 / 3');
  });

  it('shows a broken-image placeholder when the image fails, and navigation still works', async () => {
    const user = userEvent.setup();
    renderLightbox();
    fireEvent.error(screen.getByTestId('lightbox-image'));
    const placeholder = screen.getByTestId('lightbox-broken');
    expect(placeholder).toHaveTextContent('This image could not be loaded');
    expect(placeholder.querySelector('svg')).not.toBeNull();
    expect(screen.queryByTestId('lightbox-image')).not.toBeInTheDocument();
    expect(button('Zoom in')).toBeDisabled();
    expect(screen.getByTestId('lightbox-caption')).toHaveTextContent('Gummies on a breakfast table');

    await user.keyboard('{ArrowRight}');
    expect(counter()).toBe('2 / 3');
    expect(screen.queryByTestId('lightbox-broken')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'A jar by the window' })).toBeInTheDocument();
    expect(button('Zoom in')).toBeEnabled();
    await user.click(button('Previous image'));
    expect(screen.getByTestId('lightbox-broken')).toBeInTheDocument();
  });

  it('keeps focus inside: Tab from the last control goes to the first, Shift+Tab back', async () => {
    const user = userEvent.setup();
    renderLightbox();
    const download = screen.getByRole('link', { name: 'Download' });
    download.focus();
    await user.tab();
    expect(button('Zoom out')).toHaveFocus();
    await user.tab({ shift: true });
    expect(download).toHaveFocus();
  });

  it('closes on Escape and on its close button', async () => {
    const user = userEvent.setup();
    const { onClose } = renderLightbox();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(button('Close'));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    renderLightbox(2);
    expect(screen.getByRole('dialog', { name: 'Visionneuse d’images' })).toBeInTheDocument();
    expect(button('Pivoter de 90°')).toBeInTheDocument();
    expect(button('Ajuster à l’écran')).toBeInTheDocument();
    expect(counter()).toBe('3 / 3');
    fireEvent.error(screen.getByTestId('lightbox-image'));
    expect(screen.getByTestId('lightbox-broken')).toHaveTextContent('Cette image n’a pas pu être chargée');
  });
});
