import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { PRODUCT_CODES } from '../../../../common/products';
import {
  artworkRefs,
  artworkSvg,
  MAX_ARTWORK_WIDTH,
  productArtworkRef,
  renderArtwork,
  SEED_GALLERY,
  UnknownArtworkError,
} from './index';
import { isDrawable, lettering } from './lettering';
import { THEMES } from './themes';

const isWebp = (data: Buffer) => data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP';

describe('artwork refs', () => {
  it('lists a pack shot per product and every seed gallery image, each once', () => {
    const refs = artworkRefs();
    expect(new Set(refs).size).toBe(refs.length);
    for (const code of PRODUCT_CODES) expect(refs).toContain(productArtworkRef(code));
    for (const item of SEED_GALLERY) expect(refs).toContain(item.ref);
    expect(refs.length).toBe(PRODUCT_CODES.length + SEED_GALLERY.length);
  });

  it('seeds at least 24 gallery images covering every product in both formats', () => {
    expect(SEED_GALLERY.length).toBeGreaterThanOrEqual(24);
    for (const code of PRODUCT_CODES) {
      const formats = SEED_GALLERY.filter((item) => item.product === code).map((item) => item.format);
      expect(formats, code).toContain('square');
      expect(formats, code).toContain('story');
    }
  });

  it('gives each gallery image tags and alt texts in English and French that name the product', () => {
    for (const item of SEED_GALLERY) {
      expect(item.tags.length, item.ref).toBeGreaterThan(1);
      // The format is shown on its own: a tag repeating it is noise.
      for (const word of ['square', 'story', 'carré', 'format']) expect(item.tags.join(' '), item.ref).not.toContain(word);
      expect(new Set(item.tags).size, item.ref).toBe(item.tags.length);
      expect(item.alt.en.trim().length, item.ref).toBeGreaterThan(40);
      expect(item.alt.fr.trim().length, item.ref).toBeGreaterThan(40);
      expect(item.alt.en).not.toBe(item.alt.fr);
      expect(item.alt.en).toContain('Sunbite');
      expect(item.alt.fr).toContain('Sunbite');
      // No template holes or doubled words left by the sentence building.
      for (const alt of [item.alt.en, item.alt.fr]) {
        expect(alt).not.toMatch(/undefined|\$\{|\bde de\b|\s{2}|\s[.,]/);
      }
    }
    // Alt texts tell the images apart.
    expect(new Set(SEED_GALLERY.map((item) => item.alt.en)).size).toBe(SEED_GALLERY.length);
  });

  it('adds program-wide shelfies that show all sixteen products between them', () => {
    const lineup = SEED_GALLERY.filter((item) => item.product === null);
    expect(lineup.map((item) => item.format).sort()).toEqual(['square', 'story']);
    const named = PRODUCT_CODES.filter((code) => lineup.some((item) => item.alt.en.includes(THEMES[code].name.en)));
    expect(named).toEqual([...PRODUCT_CODES]);
  });

  it('refuses a ref it cannot draw and a width out of range', async () => {
    for (const ref of ['product:nope', 'gallery:acv:square:9', 'gallery:acv:poster:1', 'gallery:lineup:square:2', 'product:acv:extra', '', 'product:']) {
      expect(() => artworkSvg(ref), ref).toThrow(UnknownArtworkError);
    }
    await expect(renderArtwork('product:nope')).rejects.toBeInstanceOf(UnknownArtworkError);
    for (const width of [0, 15, 10.5, MAX_ARTWORK_WIDTH + 1, Number.NaN]) {
      expect(() => artworkSvg('product:acv', width), String(width)).toThrow(RangeError);
    }
  });
});

describe('artwork drawings', () => {
  it('never uses <text>, fonts, scripts, images or filters, and stays small', () => {
    for (const ref of artworkRefs()) {
      const { svg } = artworkSvg(ref);
      expect(svg, ref).not.toMatch(/<text|<tspan|font-family|font-size|<script|<image|<filter|href=/i);
      expect(svg.length, ref).toBeLessThan(100_000);
      // Every url(#id) points at a definition in the same document.
      for (const [, id] of svg.matchAll(/url\(#([\w-]+)\)/g)) expect(svg, `${ref} #${id}`).toContain(`id="${id}"`);
    }
  });

  it('draws lettering as stroked paths and refuses a character it has no glyph for', () => {
    const markup = lettering("WOMEN'S MULTI", 0, 100, { size: 40, color: '#ffffff' });
    expect(markup).toMatch(/^<g [^>]*stroke="#ffffff"/);
    expect(markup.match(/<path /g)).toHaveLength(12);
    expect(isDrawable('PROBIOTIC+')).toBe(true);
    expect(isDrawable('É')).toBe(false);
    expect(() => lettering('Café', 0, 0, { size: 10, color: '#000000' })).toThrow(/glyph/);
  });

  it('is the same SVG for the same ref and differs between refs', () => {
    const refs = artworkRefs();
    for (const ref of refs) expect(artworkSvg(ref).svg).toBe(artworkSvg(ref).svg);
    expect(new Set(refs.map((ref) => artworkSvg(ref).svg)).size).toBe(refs.length);
  });
});

describe('renderArtwork', () => {
  it('renders every ref to a WebP of its format: 1080 square or 1080 × 1920 story', async () => {
    const stories = new Set(SEED_GALLERY.filter((item) => item.format === 'story').map((item) => item.ref));
    for (const ref of artworkRefs()) {
      const image = await renderArtwork(ref);
      const expected = stories.has(ref) ? { width: 1080, height: 1920 } : { width: 1080, height: 1080 };
      expect({ width: image.width, height: image.height }, ref).toEqual(expected);
      expect(isWebp(image.data), ref).toBe(true);
      const meta = await sharp(image.data).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }, ref).toEqual({ format: 'webp', ...expected });
    }
  }, 120_000);

  it('scales to a narrower width, keeping the proportions', async () => {
    const story = SEED_GALLERY.find((item) => item.format === 'story')!.ref;
    const small = await renderArtwork(story, 240);
    expect({ width: small.width, height: small.height }).toEqual({ width: 240, height: 427 });
    const meta = await sharp(small.data).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 240, height: 427 });
    const square = await renderArtwork(productArtworkRef('acv'), 480);
    expect({ width: square.width, height: square.height }).toEqual({ width: 480, height: 480 });
  });

  it('gives the same bytes for the same ref, and a real picture rather than a blank', async () => {
    for (const ref of [productArtworkRef('sleep'), SEED_GALLERY[5]!.ref]) {
      const first = await renderArtwork(ref, 480);
      const second = await renderArtwork(ref, 480);
      expect(first.data.equals(second.data), ref).toBe(true);
      const stats = await sharp(first.data).stats();
      // A drawn scene has contrast in every channel; a failed render is one flat colour.
      for (const channel of stats.channels.slice(0, 3)) expect(channel.stdev, ref).toBeGreaterThan(15);
    }
  });
});
