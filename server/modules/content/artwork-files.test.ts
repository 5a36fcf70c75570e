// Where the artwork's files lie and how their size is read (decisions/067).
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { artworkPath, productArtworkRef, webpSize } from './artwork-files';

describe('the artwork files', () => {
  it('lie where their ref says, and a ref that names no file gives none', () => {
    expect(artworkPath(productArtworkRef('acv'))).toBe('products/acv/artwork.webp');
    expect(artworkPath('gallery:lineup:story:1')).toBe('gallery/lineup-story-1.webp');
    expect(artworkPath('gallery:calm:square:12')).toBe('gallery/calm-square-12.webp');
    for (const ref of [
      'product:nope',
      'product:acv:1',
      'product:',
      'gallery:acv:poster:1',
      'gallery:acv:square:0',
      'gallery:../x:square:1',
      'gallery:acv:square:1/..',
      '',
      'upload:acv',
    ]) {
      expect(artworkPath(ref), ref).toBeNull();
    }
  });

  it('read the size of a lossy, a lossless and an extended WebP from its header, and refuse other bytes', async () => {
    const image = (width: number, height: number, alpha: boolean) =>
      sharp({
        create: {
          width,
          height,
          channels: alpha ? 4 : 3,
          background: alpha ? { r: 200, g: 40, b: 90, alpha: 0.5 } : '#c8285a',
        },
      });
    expect(webpSize(await image(1080, 1920, false).webp({ quality: 80 }).toBuffer())).toEqual({
      width: 1080,
      height: 1920,
    });
    expect(webpSize(await image(333, 77, false).webp({ lossless: true }).toBuffer())).toEqual({
      width: 333,
      height: 77,
    });
    expect(webpSize(await image(640, 480, true).webp({ quality: 80 }).toBuffer())).toEqual({
      width: 640,
      height: 480,
    });
    expect(webpSize(await image(64, 64, false).png().toBuffer())).toBeNull();
    expect(webpSize(Buffer.from('RIFF\0\0\0\0WEBPnot a picture at all, no'))).toBeNull();
  });
});
