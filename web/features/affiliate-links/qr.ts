// The QR code of the partner's short link, drawn from the symbol's modules that `qrcode` encodes.
// We draw it ourselves (an SVG path, a canvas for the PNG) so the page's image, the SVG and the
// PNG downloads are the same symbol, pixel-exact, and need nothing but the browser. `qrcode` is
// imported by this page's chunk only: never in the first download.
import { create as encodeQr } from 'qrcode';

/**
 * Q recovers from about a quarter of the symbol damaged: a story sticker over a corner, a
 * smudged print, a compressed screenshot. A short link still fits a small symbol (version 3 or 4).
 */
const ERROR_CORRECTION = 'Q';
/** The quiet zone the standard asks for, in modules: scanners need it to find the symbol. */
export const QUIET_ZONE = 4;
/** The PNG's side in pixels: sharp in a story (1080 wide) and in print at a few centimetres. */
export const PNG_SIZE = 1024;

// Always dark on white, whatever the theme: inverted codes are not read by every scanner.
const DARK = '#000000';
const LIGHT = '#ffffff';

export interface QrSymbol {
  /** Modules per side, without the quiet zone. */
  size: number;
  isDark: (row: number, col: number) => boolean;
}

export function qrSymbol(text: string): QrSymbol {
  const { modules } = encodeQr(text, { errorCorrectionLevel: ERROR_CORRECTION });
  return { size: modules.size, isDark: (row, col) => modules.get(row, col) === 1 };
}

/** Each row's runs of dark modules, as [row, first column, length]. */
function darkRuns(symbol: QrSymbol): [number, number, number][] {
  const runs: [number, number, number][] = [];
  for (let row = 0; row < symbol.size; row++) {
    let start = -1;
    for (let col = 0; col <= symbol.size; col++) {
      const dark = col < symbol.size && symbol.isDark(row, col);
      if (dark && start < 0) start = col;
      else if (!dark && start >= 0) {
        runs.push([row, start, col - start]);
        start = -1;
      }
    }
  }
  return runs;
}

/**
 * The symbol as a standalone SVG document: one unit per module, the quiet zone in white, so it
 * scales to any print size without blur.
 */
export function qrSvg(symbol: QrSymbol): string {
  const side = symbol.size + QUIET_ZONE * 2;
  const path = darkRuns(symbol)
    .map(([row, col, length]) => `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h${length}v1h-${length}z`)
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" width="${side * 8}" height="${side * 8}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="${LIGHT}"/><path fill="${DARK}" d="${path}"/></svg>`
  );
}

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * The symbol as a PNG of `size` pixels a side. Each module is a whole number of pixels (crisp
 * edges, no blur for a scanner to fight); what is left over widens the quiet zone evenly.
 */
export function qrPng(symbol: QrSymbol, size = PNG_SIZE): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('no 2D canvas'));
  const module = Math.floor(size / (symbol.size + QUIET_ZONE * 2));
  const offset = Math.floor((size - module * symbol.size) / 2);
  context.fillStyle = LIGHT;
  context.fillRect(0, 0, size, size);
  context.fillStyle = DARK;
  for (const [row, col, length] of darkRuns(symbol))
    context.fillRect(offset + col * module, offset + row * module, length * module, module);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the PNG could not be made'))),
      'image/png',
    ),
  );
}
