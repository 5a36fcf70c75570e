// Colours as WCAG weighs them: `#rrggbb` parsed and written, relative luminance, contrast ratio,
// and a colour moved towards black or white until it reads against others. Pure, so the web's
// sub-partner palette (web/lib/brand-colours.ts) and the avatar's initials (common/avatar.ts) use
// the same arithmetic.
import { HEX_COLOUR_PATTERN } from './subpartners';

export type Rgb = readonly [number, number, number];

/** Normal text's minimum contrast (WCAG AA); a control's edge or a mark needs 3:1. */
export const TEXT_CONTRAST = 4.5;
export const GRAPHIC_CONTRAST = 3;

export const WHITE: Rgb = [255, 255, 255];
export const BLACK: Rgb = [0, 0, 0];

/** `#rrggbb` (any case) as its channels, or null for anything else. */
export function parseHex(value: unknown): Rgb | null {
  if (typeof value !== 'string' || !HEX_COLOUR_PATTERN.test(value)) return null;
  return [1, 3, 5].map((at) => Number.parseInt(value.slice(at, at + 2), 16)) as unknown as Rgb;
}

export function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** WCAG's relative luminance. */
export function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `from` moved `amount` (0–1) of the way to `to`, channel by channel, rounded to whole values. */
export function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return from.map((c, i) => Math.round(c + (to[i]! - c) * amount)) as unknown as Rgb;
}

const STEP = 0.04;

/** `colour`, or the least step towards `toward` (black or white) that gives `min` against every one of `against`. */
function shiftUntil(colour: Rgb, toward: Rgb, against: readonly Rgb[], min: number): Rgb {
  for (let amount = 0; amount < 1; amount += STEP) {
    const candidate = mix(colour, toward, amount);
    if (against.every((other) => contrastRatio(candidate, other) >= min)) return candidate;
  }
  return toward;
}

export const darkenUntil = (colour: Rgb, against: readonly Rgb[], min: number) =>
  shiftUntil(colour, BLACK, against, min);
export const lightenUntil = (colour: Rgb, against: readonly Rgb[], min: number) =>
  shiftUntil(colour, WHITE, against, min);
