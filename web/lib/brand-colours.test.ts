import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  GRAPHIC_CONTRAST,
  luminance,
  parseHex,
  TEXT_CONTRAST,
  type Rgb,
} from '../../common/colour';
import { brandPalette, brandStyle, SHADES, STONE_900, STONE_950, type Palette } from './brand-colours';

const WHITE: Rgb = [255, 255, 255];
const STONE_50: Rgb = [0xfa, 0xfa, 0xf9];
const rgb = (hex: string) => parseHex(hex)!;

describe('contrastRatio', () => {
  it('is WCAG’s ratio', () => {
    expect(contrastRatio(WHITE, [0, 0, 0])).toBeCloseTo(21, 5);
    expect(contrastRatio(WHITE, WHITE)).toBe(1);
    // The portal's own button colour: the lightest orange that keeps white text above 4.5:1.
    expect(contrastRatio(WHITE, rgb('#c2410c'))).toBeCloseTo(5.18, 2);
    expect(contrastRatio(WHITE, rgb('#ea580c'))).toBeLessThan(TEXT_CONTRAST);
    expect(contrastRatio(rgb('#767676'), WHITE)).toBeCloseTo(4.54, 2);
  });
});

describe('parseHex', () => {
  it('takes #rrggbb only', () => {
    expect(parseHex('#7C3AED')).toEqual([0x7c, 0x3a, 0xed]);
    for (const bad of ['7c3aed', '#7c3', '#7c3aedff', 'red', 'url(x)', '#7c3aed;color:red', '', null, 12])
      expect(parseHex(bad)).toBeNull();
  });
});

// Colours a sub-partner might pick: too light for white text, too dark for the dark theme, greys, extremes.
const PRIMARIES = [
  '#7c3aed',
  '#fbbf24',
  '#ffff00',
  '#ffffff',
  '#000000',
  '#1e3a8a',
  '#0f172a',
  '#22d3ee',
  '#10b981',
  '#ef4444',
  '#ec4899',
  '#808080',
  '#c2410c',
  '#f5f5dc',
  '#3b0764',
];

/** Every text-on-background pair the pages draw in brand shades, and the marks that need 3:1. */
function failures(p: Palette): string[] {
  const c = (shade: keyof Palette) => rgb(p[shade]);
  const problems: string[] = [];
  const need = (label: string, a: Rgb, b: Rgb, min: number) => {
    const ratio = contrastRatio(a, b);
    if (ratio < min) problems.push(`${label}: ${ratio.toFixed(2)}`);
  };
  // Light theme: the filled button (white text) and its hover, brand text on white and tints.
  need('white on 700', WHITE, c(700), TEXT_CONTRAST);
  need('white on 800', WHITE, c(800), TEXT_CONTRAST);
  for (const text of [700, 800, 900] as const)
    for (const [name, bg] of [
      ['white', WHITE],
      ['stone-50', STONE_50],
      ['50', c(50)],
      ['100', c(100)],
    ] as const)
      need(`${text} on ${name}`, c(text), bg, TEXT_CONTRAST);
  need('focus ring 600 on white', c(600), WHITE, GRAPHIC_CONTRAST);
  // Dark theme: brand text on the dark surfaces, the dark-text button and its hover.
  for (const text of [100, 200, 300, 400] as const)
    for (const [name, bg] of [
      ['stone-900', STONE_900],
      ['stone-950', STONE_950],
      ['950', c(950)],
    ] as const)
      need(`${text} on ${name}`, c(text), bg, TEXT_CONTRAST);
  need('100 on 900', c(100), c(900), TEXT_CONTRAST);
  need('stone-950 on 400', STONE_950, c(400), TEXT_CONTRAST);
  need('stone-950 on 300', STONE_950, c(300), TEXT_CONTRAST);
  return problems;
}

describe('brandPalette', () => {
  it.each(PRIMARIES)('keeps every pair the pages draw readable for %s', (primary) => {
    const palette = brandPalette(primary)!;
    expect(Object.keys(palette).map(Number)).toEqual([...SHADES]);
    expect(failures(palette)).toEqual([]);
  });

  it.each(PRIMARIES)('orders the shades from light to dark for %s', (primary) => {
    const palette = brandPalette(primary)!;
    const lum = SHADES.map((shade) => luminance(rgb(palette[shade])));
    for (let i = 1; i < lum.length; i++) expect(lum[i]).toBeLessThanOrEqual(lum[i - 1]!);
  });

  it('keeps a primary that already passes as the button colour', () => {
    expect(brandPalette('#7c3aed')![700]).toBe('#7c3aed');
    expect(brandPalette('#1E3A8A')![700]).toBe('#1e3a8a');
  });

  it('darkens a primary too light for white text, and lightens one too dark for the dark theme', () => {
    const yellow = brandPalette('#fbbf24')!;
    expect(yellow[700]).not.toBe('#fbbf24');
    expect(luminance(rgb(yellow[700]))).toBeLessThan(luminance(rgb('#fbbf24')));
    const navy = brandPalette('#0f172a')!;
    expect(luminance(rgb(navy[400]))).toBeGreaterThan(luminance(rgb('#0f172a')));
  });

  it('draws nothing from a value that is not #rrggbb', () => {
    expect(brandPalette('red')).toBeNull();
    expect(brandPalette('#fff')).toBeNull();
    expect(brandPalette(undefined)).toBeNull();
  });
});

describe('brandStyle', () => {
  it('sets the brand shades and the accent', () => {
    const style = brandStyle('#7c3aed', '#F59E0B') as Record<string, string>;
    expect(style['--color-brand-700']).toBe('#7c3aed');
    expect(style['--color-sun']).toBe('#f59e0b');
    expect(Object.keys(style)).toHaveLength(SHADES.length + 1);
  });

  it('never passes on a value that is not a colour', () => {
    expect(brandStyle('#7c3aed;background:url(//x)', '#f59e0b')).toEqual({});
    const style = brandStyle('#7c3aed', 'red;x:y') as Record<string, string>;
    expect(style['--color-sun']).toBeUndefined();
    expect(Object.values(style).every((v) => /^#[0-9a-f]{6}$/.test(v))).toBe(true);
  });
});
