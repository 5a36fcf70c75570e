// A sub-partner's colours on its pages and its partners' account (docs/product/partners-and-accounts.md#white-label-sub-partners):
// the portal's brand shades (`--color-brand-50` … `-950` of web/styles.css, which every `brand-*`
// utility reads) drawn again from the sub-partner's primary colour, and its accent as
// `--color-sun`. Only a `#rrggbb` value is ever turned into a style (anything else keeps the
// portal's own colours), and each shade is moved until the pairs the pages draw pass WCAG AA:
// white text on the filled button (700, 800) and the 700–900 text on white and the light tints
// (50, 100); in the dark theme, the 100–400 text and the dark-text button (400, 300) against the
// dark surfaces (stone 900 and 950, the brand's 950). A primary too light for white text is
// darkened for the light theme; one too dark for the dark theme is lightened there.
import type { CSSProperties } from 'react';
import {
  BLACK,
  darkenUntil,
  GRAPHIC_CONTRAST,
  lightenUntil,
  luminance,
  mix,
  parseHex,
  TEXT_CONTRAST,
  toHex,
  WHITE,
  type Rgb,
} from '../../common/colour';

export const SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950] as const;
export type Shade = (typeof SHADES)[number];
export type Palette = Record<Shade, string>;

/** The light theme's page background (stone 50). */
const STONE_50: Rgb = [0xfa, 0xfa, 0xf9];
/** The dark theme's surfaces (Tailwind's stone 900 and 950) and its dark button text. */
export const STONE_900: Rgb = [0x1c, 0x19, 0x17];
export const STONE_950: Rgb = [0x0c, 0x0a, 0x09];

/** The eleven brand shades drawn from a primary colour, or null when it is not `#rrggbb`. */
export function brandPalette(primary: unknown): Palette | null {
  const base = parseHex(primary);
  if (!base) return null;
  // The light theme: tints for backgrounds, the primary itself (or darkened) for the filled
  // button and the links, darker shades below it.
  const s50 = mix(base, WHITE, 0.95);
  const s100 = mix(base, WHITE, 0.9);
  const s200 = mix(base, WHITE, 0.76);
  const s700 = darkenUntil(base, [WHITE, STONE_50, s50, s100], TEXT_CONTRAST);
  const s800 = mix(s700, BLACK, 0.22);
  const s900 = mix(s700, BLACK, 0.42);
  const s950 = mix(s700, BLACK, 0.7);
  // The dark theme: its text and its filled button (with dark text) on the dark surfaces.
  const dark = [STONE_900, STONE_950, s950];
  const s400 = lightenUntil(mix(base, WHITE, 0.2), dark, TEXT_CONTRAST);
  const s300 = lightenUntil(mix(s400, WHITE, 0.3), dark, TEXT_CONTRAST);
  // Between the two: marks and focus rings (3:1 on white), gradients.
  const s600 = darkenUntil(mix(s700, s400, 0.3), [WHITE], GRAPHIC_CONTRAST);
  const s500 = mix(s700, s400, 0.6);
  const lightText = (tint: Rgb, lighter: Rgb) =>
    luminance(tint) >= luminance(lighter) ? tint : mix(lighter, WHITE, 0.3);
  const s200Dark = lightText(s200, s300);
  const s100Final = lightText(s100, s200Dark);
  return {
    50: toHex(luminance(s50) >= luminance(s100Final) ? s50 : mix(s100Final, WHITE, 0.5)),
    100: toHex(s100Final),
    200: toHex(s200Dark),
    300: toHex(s300),
    400: toHex(s400),
    500: toHex(s500),
    600: toHex(s600),
    700: toHex(s700),
    800: toHex(s800),
    900: toHex(s900),
    950: toHex(s950),
  };
}

/**
 * The custom properties that paint a part of the page in a sub-partner's colours: set on the
 * variant's root, its descendants' `brand-*` utilities (and `sun`, the accent) read them. Empty
 * when the primary colour is not `#rrggbb`; the accent is left out when it is not.
 */
export function brandStyle(primary: unknown, accent?: unknown): CSSProperties {
  const palette = brandPalette(primary);
  if (!palette) return {};
  const style: Record<string, string> = {};
  for (const shade of SHADES) style[`--color-brand-${shade}`] = palette[shade];
  const sun = parseHex(accent);
  if (sun) style['--color-sun'] = toHex(sun);
  return style as CSSProperties;
}
