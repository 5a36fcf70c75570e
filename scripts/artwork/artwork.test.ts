// The drawing code (scripts/artwork/) and the files it wrote into content/ (decisions/067): the
// committed images, the gallery's list and the record of what each was drawn from must be what
// this code makes, or `npm run artwork` has to run again.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { PRODUCT_CODES } from '../../common/products';
import {
  GALLERY_LIST_FILE,
  artworkPath,
  seedGalleryListSchema,
  webpSize,
} from '../../server/modules/content/artwork-files';
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
import {
  ARTWORK_RECORD_FILE,
  encoderInUse,
  galleryList,
  jsonText,
  repositoryContentDir,
  svgDigest,
  writeArtwork,
} from './write';
import type { ArtworkRecord } from './write';

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
      for (const word of ['square', 'story', 'carré', 'format'])
        expect(item.tags.join(' '), item.ref).not.toContain(word);
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
    const named = PRODUCT_CODES.filter((code) =>
      lineup.some((item) => item.alt.en.includes(THEMES[code].name.en)),
    );
    expect(named).toEqual([...PRODUCT_CODES]);
  });

  it('refuses a ref it cannot draw and a width out of range', async () => {
    for (const ref of [
      'product:nope',
      'gallery:acv:square:9',
      'gallery:acv:poster:1',
      'gallery:lineup:square:2',
      'product:acv:extra',
      '',
      'product:',
    ]) {
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
      for (const [, id] of svg.matchAll(/url\(#([\w-]+)\)/g))
        expect(svg, `${ref} #${id}`).toContain(`id="${id}"`);
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

describe('the artwork files in content/', () => {
  const contentDir = repositoryContentDir();
  const record = JSON.parse(
    fs.readFileSync(path.join(contentDir, ARTWORK_RECORD_FILE), 'utf8'),
  ) as ArtworkRecord;
  const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
  const stories = new Set(SEED_GALLERY.filter((item) => item.format === 'story').map((item) => item.ref));
  const sizeOf = (ref: string) =>
    stories.has(ref) ? { width: 1080, height: 1920 } : { width: 1080, height: 1080 };

  it('are each drawn from the SVG this code draws now, once per ref, where the server looks', () => {
    expect(record.files.map((file) => file.ref)).toEqual([...artworkRefs()]);
    for (const file of record.files) {
      expect(file.file, file.ref).toBe(artworkPath(file.ref));
      // A change to the drawing that was not followed by `npm run artwork` fails here.
      expect(file.svg_sha256, `${file.ref}: run npm run artwork`).toBe(svgDigest(file.ref));
      expect({ width: file.width, height: file.height }, file.ref).toEqual(sizeOf(file.ref));
    }
  });

  it('hold the bytes their record names, at the design size, and nothing else', async () => {
    for (const file of record.files) {
      const data = fs.readFileSync(path.join(contentDir, file.file));
      expect({ bytes: data.length, sha256: sha256(data) }, file.file).toEqual({
        bytes: file.bytes,
        sha256: file.sha256,
      });
      expect(webpSize(data), file.file).toEqual(sizeOf(file.ref));
    }
    // sharp reads the header as the server's own reader does.
    const first = await sharp(path.join(contentDir, record.files[0]!.file)).metadata();
    expect({ format: first.format, width: first.width, height: first.height }).toEqual({
      format: 'webp',
      width: 1080,
      height: 1080,
    });
    const galleryFiles = fs
      .readdirSync(path.join(contentDir, 'gallery'))
      .filter((name) => name.endsWith('.webp'));
    expect(galleryFiles.map((name) => `gallery/${name}`).sort()).toEqual(
      record.files
        .filter((f) => f.file.startsWith('gallery/'))
        .map((f) => f.file)
        .sort(),
    );
    expect(record.total_bytes).toBe(record.files.reduce((sum, file) => sum + file.bytes, 0));
    // Committed to git: the whole set stays small.
    expect(record.total_bytes).toBeLessThan(2.5 * 1024 * 1024);
  });

  it('come with the gallery list the seed reads, as this code describes the images', () => {
    const text = fs.readFileSync(path.join(contentDir, ...GALLERY_LIST_FILE.split('/')), 'utf8');
    expect(text).toBe(jsonText(galleryList()));
    expect(seedGalleryListSchema.parse(JSON.parse(text))).toEqual(galleryList());
  });

  // The encoder is part of the input: with another sharp, libvips or libwebp the same SVG may give
  // other bytes, and only the drawing's digests above are compared.
  it.skipIf(jsonText(encoderInUse()) !== jsonText(record.encoder))(
    'are the bytes the script writes: a pack shot and a story drawn again',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-artwork-'));
      try {
        const picked = [productArtworkRef('calm'), SEED_GALLERY.find((item) => item.format === 'story')!.ref];
        for (const ref of picked) {
          const image = await renderArtwork(ref);
          const file = record.files.find((f) => f.ref === ref)!;
          expect(sha256(image.data), ref).toBe(file.sha256);
        }
        // And the script keeps what is up to date: a second run in a copy draws nothing.
        fs.cpSync(contentDir, dir, { recursive: true });
        const lines: string[] = [];
        await writeArtwork(dir, { log: (line) => lines.push(line) });
        expect(lines).toEqual([
          `${record.files.length} images (0 drawn), ${(record.total_bytes / 1024 / 1024).toFixed(2)} MB in all`,
        ]);
        expect(fs.readFileSync(path.join(dir, ARTWORK_RECORD_FILE), 'utf8')).toBe(
          fs.readFileSync(path.join(contentDir, ARTWORK_RECORD_FILE), 'utf8'),
        );
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
