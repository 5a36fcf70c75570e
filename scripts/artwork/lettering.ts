// Lettering drawn as strokes, never as <text>: a machine without fonts (a fresh CI runner, a
// slim container) would otherwise render the labels as boxes. A small geometric monoline
// alphabet, cap height 100 units, drawn with round caps so it reads like a rounded sans.
import { num } from './svg';

interface Glyph {
  /** Advance of the drawn part, stroke excluded. */
  width: number;
  d: string;
}

const GLYPHS: Record<string, Glyph> = {
  A: { width: 72, d: 'M0 100L36 0L72 100M14 64H58' },
  B: { width: 62, d: 'M0 100V0H30A24 24 0 0 1 30 48H0M30 48H36A26 26 0 0 1 36 100H0' },
  C: { width: 88, d: 'M88 22A47 50 0 1 0 88 78' },
  D: { width: 78, d: 'M0 0V100H28A50 50 0 0 0 28 0Z' },
  E: { width: 56, d: 'M56 0H0V100H56M0 50H46' },
  F: { width: 56, d: 'M56 0H0V100M0 50H46' },
  G: { width: 96, d: 'M88 22A47 50 0 1 0 96 54H58' },
  H: { width: 70, d: 'M0 0V100M70 0V100M0 50H70' },
  I: { width: 0, d: 'M0 0V100' },
  J: { width: 50, d: 'M50 0V72A25 28 0 0 1 0 72' },
  K: { width: 62, d: 'M0 0V100M62 0L0 62M22 42L64 100' },
  L: { width: 54, d: 'M0 0V100H54' },
  M: { width: 88, d: 'M0 100V0L44 72L88 0V100' },
  N: { width: 70, d: 'M0 100V0L70 100V0' },
  O: { width: 100, d: 'M0 50A50 50 0 1 0 100 50A50 50 0 1 0 0 50' },
  P: { width: 60, d: 'M0 100V0H34A26 26 0 0 1 34 52H0' },
  Q: { width: 100, d: 'M0 50A50 50 0 1 0 100 50A50 50 0 1 0 0 50M64 64L100 100' },
  R: { width: 62, d: 'M0 100V0H34A26 26 0 0 1 34 52H0M30 52L62 100' },
  S: {
    width: 62,
    d: 'M58 16C52 5 43 0 31 0C16 0 5 9 5 24C5 40 19 45 33 49C49 54 62 60 62 76C62 91 50 100 32 100C19 100 7 94 1 84',
  },
  T: { width: 70, d: 'M0 0H70M35 0V100' },
  U: { width: 70, d: 'M0 0V64A35 36 0 0 0 70 64V0' },
  V: { width: 72, d: 'M0 0L36 100L72 0' },
  W: { width: 104, d: 'M0 0L26 100L52 22L78 100L104 0' },
  X: { width: 64, d: 'M0 0L64 100M64 0L0 100' },
  Y: { width: 70, d: 'M0 0L35 52L70 0M35 52V100' },
  Z: { width: 64, d: 'M0 0H64L0 100H64' },
  '0': { width: 64, d: 'M0 50A32 50 0 1 0 64 50A32 50 0 1 0 0 50' },
  '1': { width: 30, d: 'M4 18L30 0V100' },
  '+': { width: 56, d: 'M0 52H56M28 24V80' },
  "'": { width: 0, d: 'M0 0V26' },
  '-': { width: 40, d: 'M0 56H40' },
};

const SPACE_WIDTH = 44;

export function isDrawable(text: string): boolean {
  return [...text].every((ch) => ch === ' ' || GLYPHS[ch] !== undefined);
}

export interface LetteringOptions {
  /** Cap height in the drawing's units. */
  size: number;
  color: string;
  /** Stroke weight in glyph units (cap height 100). */
  weight?: number;
  /** Extra space between letters in glyph units. */
  tracking?: number;
  /** Where `x` sits: the start, centre or end of the line. */
  anchor?: 'start' | 'middle' | 'end';
  opacity?: number;
}

/** The line's width in glyph units, stroke included. */
function lineWidth(text: string, weight: number, tracking: number): number {
  let width = 0;
  [...text].forEach((ch, i) => {
    if (i > 0) width += weight + 14 + tracking;
    width += ch === ' ' ? SPACE_WIDTH : (GLYPHS[ch]?.width ?? 0);
  });
  return width + weight;
}

/** Width in drawing units of `text` at these options (for fitting a label). */
export function measure(
  text: string,
  options: Pick<LetteringOptions, 'size' | 'weight' | 'tracking'>,
): number {
  return (lineWidth(text.toUpperCase(), options.weight ?? 14, options.tracking ?? 10) * options.size) / 100;
}

/** A line of capitals as one stroked path; `y` is the baseline. */
export function lettering(text: string, x: number, y: number, options: LetteringOptions): string {
  const upper = text.toUpperCase();
  if (!isDrawable(upper)) throw new Error(`No glyph for a character of "${text}"`);
  const weight = options.weight ?? 14;
  const tracking = options.tracking ?? 10;
  const total = lineWidth(upper, weight, tracking);
  const scale = options.size / 100;
  const anchor = options.anchor ?? 'middle';
  const start = anchor === 'start' ? 0 : anchor === 'middle' ? total / 2 : total;
  let pen = weight / 2;
  const parts: string[] = [];
  [...upper].forEach((ch, i) => {
    if (i > 0) pen += weight + 14 + tracking;
    if (ch === ' ') {
      pen += SPACE_WIDTH;
      return;
    }
    const glyph = GLYPHS[ch]!;
    parts.push(`<path transform="translate(${num(pen)} 0)" d="${glyph.d}"/>`);
    pen += glyph.width;
  });
  const opacity = options.opacity === undefined ? '' : ` opacity="${options.opacity}"`;
  return (
    `<g transform="translate(${num(x - start * scale)} ${num(y - options.size)}) scale(${Math.round(scale * 10000) / 10000})" ` +
    `fill="none" stroke="${options.color}" stroke-width="${weight}" stroke-linecap="round" stroke-linejoin="round"${opacity}>` +
    `${parts.join('')}</g>`
  );
}
