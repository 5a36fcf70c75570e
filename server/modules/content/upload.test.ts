// Grab and Go uploads (docs/product/content.md#staff-edits): judged by their bytes, not their name or declared type; at
// most 10 MB and 40 megapixels; re-encoded to WebP without metadata; and a refused file leaves
// nothing behind, neither a row nor a file.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createContentTestApp } from './content-fixture';
import type { ContentTestApp } from './content-fixture';
import { contentDb } from './tables';

const QUERY =
  'product=sleep&tags=night,calm&alt_en=A%20jar%20on%20a%20nightstand&alt_fr=Un%20pot%20sur%20une%20table%20de%20chevet';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 246, g: 166, b: 35 } } });

// A small but real PDF: what a renamed document looks like inside.
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe('Grab and Go uploads', () => {
  let c: ContentTestApp;
  const uploadsDir = () => path.join(c.t.dataDir, 'uploads');
  const upload = (
    payload: Buffer,
    contentType = 'image/png',
    query = QUERY,
    headers: Record<string, string> = {},
  ) =>
    c.t.app.inject({
      method: 'POST',
      url: `/api/manager/content/gallery?${query}`,
      headers: { ...bearer(c.manager.token), 'content-type': contentType, ...headers },
      payload,
    });
  const stored = async () => ({
    media: (
      await contentDb(c.t.database.db).selectFrom('media').select('id').where('kind', '=', 'upload').execute()
    ).length,
    gallery: (await contentDb(c.t.database.db).selectFrom('gallery_images').select('id').execute()).length,
    files: fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()) : [],
  });
  /** The upload is refused with this status and message, and nothing at all is stored. */
  const expectRefused = async (
    answer: Promise<Awaited<ReturnType<typeof upload>>>,
    status: number,
    message: string | RegExp,
  ) => {
    const before = await stored();
    const res = await answer;
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toMatch(message);
    expect(await stored()).toEqual(before);
  };

  beforeAll(async () => {
    c = await createContentTestApp();
  });
  afterAll(() => c.close());

  it('stores a JPEG as an upright WebP without its EXIF, named by the server, at the end of the gallery', async () => {
    // A phone photo: 1200×800 pixels held sideways, EXIF orientation 6, a camera make and GPS-like data.
    const jpeg = await solid(1200, 800)
      .jpeg()
      .withMetadata({
        orientation: 6,
        exif: {
          IFD0: { Make: 'PhoneCam', Model: 'Pocket 12', Copyright: 'Private' },
          IFD3: { GPSLatitudeRef: 'N' },
        },
      })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const res = await upload(jpeg, 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json().data;
    // Turned upright: 800 wide, 1200 tall, which is a story (height at least 1.5 × width).
    expect(image).toMatchObject({
      product: 'sleep',
      format: 'story',
      width: 800,
      height: 1200,
      tags: ['night', 'calm'],
      alt: { en: 'A jar on a nightstand', fr: 'Un pot sur une table de chevet' },
    });
    const name = image.url.split('/').pop();
    expect(name).toMatch(/^[a-f0-9]{32}\.webp$/);
    const gallery = (
      await c.t.app.inject({
        method: 'GET',
        url: '/api/manager/content/gallery',
        headers: bearer(c.manager.token),
      })
    ).json().data;
    expect(gallery.at(-1).id).toBe(image.id);

    const file = fs.readFileSync(path.join(uploadsDir(), name));
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 1200 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(file.includes(Buffer.from('PhoneCam'))).toBe(false);

    const served = await c.t.app.inject({ method: 'GET', url: image.url });
    expect(served.rawPayload.equals(file)).toBe(true);
    const thumb = await c.t.app.inject({ method: 'GET', url: image.thumb_url });
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 480 });
    // The partner sees it in Grab and Go.
    const partnerGallery = (
      await c.t.app.inject({ method: 'GET', url: '/api/gallery?product=sleep', headers: bearer(c.fr.token) })
    ).json().data;
    expect(partnerGallery.at(-1)).toMatchObject({ id: image.id, alt: 'Un pot sur une table de chevet' });
  });

  it('takes PNG and WebP, and bytes sent as application/octet-stream, judged by what they are', async () => {
    const png = await upload(
      await solid(600, 600).png().toBuffer(),
      'application/octet-stream',
      'alt_en=Orange&alt_fr=Orange',
    );
    expect(png.statusCode, png.body).toBe(201);
    expect(png.json().data).toMatchObject({ product: null, format: 'square', tags: [] });
    // A WebP declared as a PNG is still a WebP: the bytes decide.
    const webp = await upload(
      await solid(500, 700).webp().toBuffer(),
      'image/png',
      'product=&alt_en=Tall&alt_fr=Haut',
    );
    expect(webp.statusCode, webp.body).toBe(201);
    expect(webp.json().data).toMatchObject({ format: 'square', width: 500, height: 700 });
  });

  it('refuses a PDF renamed or declared as an image, and nothing is stored', async () => {
    await expectRefused(upload(PDF, 'image/png'), 422, 'This file is not a JPEG, PNG or WebP image');
    await expectRefused(
      upload(PDF, 'application/octet-stream'),
      422,
      'This file is not a JPEG, PNG or WebP image',
    );
    await expectRefused(
      upload(PDF, 'image/png', QUERY, { 'accept-language': 'fr' }),
      422,
      'Ce fichier n’est pas une image JPEG, PNG ou WebP',
    );
    await expectRefused(
      upload(PDF, 'application/pdf'),
      415,
      'Send the image file itself (JPEG, PNG or WebP)',
    );
    await expectRefused(
      upload(Buffer.from('{"a":1}'), 'application/json'),
      415,
      /Send the image file itself/,
    );
    await expectRefused(
      upload(Buffer.alloc(0), 'image/png'),
      422,
      'This file is not a JPEG, PNG or WebP image',
    );
  });

  it('refuses a file whose magic says image but whose content does not decode', async () => {
    const png = await solid(400, 400).png().toBuffer();
    await expectRefused(
      upload(png.subarray(0, 60), 'image/png'),
      422,
      /could not be read|not a JPEG, PNG or WebP/,
    );
    const jpeg = await solid(400, 400).jpeg().toBuffer();
    await expectRefused(
      upload(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'image/jpeg'),
      422,
      'This image could not be read: the file may be damaged',
    );
    // A PNG header on a JPEG body: the magic and the decoder disagree.
    await expectRefused(
      upload(Buffer.concat([png.subarray(0, 8), jpeg]), 'image/png'),
      422,
      /could not be read|not a JPEG, PNG or WebP/,
    );
  });

  it('refuses a body over 10 MB with 413 and a clear message, before reading it all', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0);
    big.set([0xff, 0xd8, 0xff], 0);
    await expectRefused(
      upload(big, 'image/jpeg'),
      413,
      'This file is larger than 10 MB: make it smaller and try again',
    );
    await expectRefused(
      upload(big, 'image/jpeg', QUERY, { 'accept-language': 'fr' }),
      413,
      'Ce fichier dépasse 10 Mo\u00a0: réduisez-le et réessayez',
    );
    // Only this route takes large bodies: elsewhere the usual 1 MB limit holds.
    const json = await c.t.app.inject({
      method: 'PUT',
      url: '/api/manager/content/competitors',
      headers: { ...bearer(c.manager.token), 'content-type': 'application/json' },
      payload: `{"names":["${'x'.repeat(1024 * 1024)}"]}`,
    });
    expect(json.statusCode).toBe(413);
  });

  it('refuses a 50-megapixel image (small as a file) with 422, and nothing is stored', async () => {
    const huge = await solid(10_000, 5_000).png({ compressionLevel: 9 }).toBuffer();
    expect(huge.length).toBeLessThan(10 * 1024 * 1024);
    await expectRefused(
      upload(huge, 'image/png'),
      422,
      'This image is larger than 40 megapixels: make it smaller and try again',
    );
  });

  it('checks the fields before storing anything', async () => {
    const png = await solid(300, 300).png().toBuffer();
    const noAlt = await upload(png, 'image/png', 'product=sleep');
    expect(noAlt.statusCode).toBe(422);
    expect(Object.keys(noAlt.json().errors).sort()).toEqual(['alt_en', 'alt_fr']);
    expect((await upload(png, 'image/png', 'product=nope&alt_en=a&alt_fr=b')).statusCode).toBe(422);
    const tooManyTags = await upload(
      png,
      'image/png',
      `alt_en=a&alt_fr=b&tags=${Array.from({ length: 13 }, (_, i) => `t${i}`).join(',')}`,
    );
    expect(tooManyTags.statusCode).toBe(422);
    expect(tooManyTags.json().errors).toHaveProperty('tags');
    const before = await stored();
    expect((await upload(png, 'image/png', 'alt_en=%20&alt_fr=b')).statusCode).toBe(422);
    expect(await stored()).toEqual(before);
  });

  it('deletes an uploaded image with its file and renditions; the same bytes uploaded twice share one file', async () => {
    const png = await solid(900, 900).png().toBuffer();
    const first = (await upload(png, 'image/png', 'alt_en=One&alt_fr=Un')).json().data;
    const second = (await upload(png, 'image/png', 'alt_en=Two&alt_fr=Deux')).json().data;
    expect(second.url).toBe(first.url);
    const name = first.url.split('/').pop();
    expect((await c.t.app.inject({ method: 'GET', url: `${first.url}?w=240` })).statusCode).toBe(200);
    const rendition = path.join(c.t.dataDir, 'media-cache', 'w240', name);
    expect(fs.existsSync(rendition)).toBe(true);
    // Its JPEG copies, full size and narrower, go with it too.
    expect((await c.t.app.inject({ method: 'GET', url: `${first.url}?format=jpeg` })).statusCode).toBe(200);
    expect((await c.t.app.inject({ method: 'GET', url: `${first.url}?w=240&format=jpeg` })).statusCode).toBe(
      200,
    );
    const jpegs = [
      path.join(c.t.dataDir, 'media-cache', 'jpeg', name.replace('.webp', '.jpg')),
      path.join(c.t.dataDir, 'media-cache', 'jpeg-w240', name.replace('.webp', '.jpg')),
    ];
    for (const jpeg of jpegs) expect(fs.existsSync(jpeg), jpeg).toBe(true);

    const remove = (id: number) =>
      c.t.app.inject({
        method: 'DELETE',
        url: `/api/manager/content/gallery/${id}`,
        headers: bearer(c.manager.token),
      });
    expect((await remove(first.id)).statusCode).toBe(204);
    // Still used by the second image.
    expect(fs.existsSync(path.join(uploadsDir(), name))).toBe(true);
    expect((await c.t.app.inject({ method: 'GET', url: second.url })).statusCode).toBe(200);
    expect((await remove(second.id)).statusCode).toBe(204);
    expect(fs.existsSync(path.join(uploadsDir(), name))).toBe(false);
    expect(fs.existsSync(rendition)).toBe(false);
    for (const jpeg of jpegs) expect(fs.existsSync(jpeg), jpeg).toBe(false);
    expect((await c.t.app.inject({ method: 'GET', url: second.url })).statusCode).toBe(404);
    expect(
      await contentDb(c.t.database.db).selectFrom('media').select('id').where('name', '=', name).execute(),
    ).toEqual([]);
  });
});
