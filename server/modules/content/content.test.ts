// The partner's side of the content kit (docs/product/content.md#products, docs/product/content.md#caption-check): talking points per language with the
// partner's own code, pages with the program's values, Grab and Go, the kit, the caption check,
// and the images themselves.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SLUGS, PUBLIC_PAGE_SLUGS } from '../../../common/content';
import { PRODUCT_CODES } from '../../../common/products';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { PUBLIC_CLIENT, SEED_GALLERY, bearer, createContentTestApp } from './content-fixture';
import type { ContentTestApp } from './content-fixture';
import { createPartner } from './content-fixture';
import { findRepositoryRoot, seedContent } from './seed';

describe('the partner content API', () => {
  let c: ContentTestApp;
  const get = (url: string, token: string, headers: Record<string, string> = {}) =>
    c.t.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });

  beforeAll(async () => {
    c = await createContentTestApp();
  });
  afterAll(() => c.close());

  it('lists the 16 products in the line’s order, named from the texts in the partner’s language', async () => {
    const en = await get('/api/products', c.en.token);
    expect(en.statusCode).toBe(200);
    const list = en.json().data as { code: string; name: string; image_url: string }[];
    expect(list.map((p) => p.code)).toEqual([...PRODUCT_CODES]);
    expect(list.every((p) => /^\/api\/media\/[a-f0-9]{32}\.webp$/.test(p.image_url))).toBe(true);
    const fr = (await get('/api/products', c.fr.token)).json().data as { code: string; name: string }[];
    const acv = (items: { code: string; name: string }[]) => items.find((p) => p.code === 'acv')!.name;
    // A product's name is its brand name in both languages (French descriptors live in the subtitle),
    // so the list follows each language's own text file.
    const fileName = (locale: string) =>
      JSON.parse(fs.readFileSync(path.join(c.contentDir, `products/acv/${locale}.json`), 'utf8')).name;
    expect(acv(list)).toBe(fileName('en'));
    expect(acv(fr)).toBe(fileName('fr'));
    // ?locale= overrides the partner's own language.
    expect(acv((await get('/api/products?locale=fr', c.en.token)).json().data)).toBe(acv(fr));
  });

  it('writes the partner’s own code into every ready caption, in their language', async () => {
    const en = (await get('/api/products/acv', c.en.token)).json().data;
    const file = JSON.parse(fs.readFileSync(path.join(c.contentDir, 'products/acv/en.json'), 'utf8'));
    expect(en).toMatchObject({
      code: 'acv',
      name: file.name,
      subtitle: file.subtitle,
      promo_code: 'LEA2026',
      kit_url: '/api/products/acv/kit',
    });
    expect(en.captions).toHaveLength(file.captions.length);
    for (const caption of en.captions) {
      expect(caption).toContain('LEA2026');
      expect(caption).not.toContain('{code}');
    }
    expect(en.benefits).toEqual(file.benefits);
    const fr = (await get('/api/products/acv', c.fr.token)).json().data;
    expect(fr.subtitle).not.toBe(en.subtitle);
    expect(fr.captions.every((caption: string) => caption.includes('JULIE10'))).toBe(true);
  });

  it('answers 404 for an unknown product, and 401 without a partner', async () => {
    const unknown = await get('/api/products/nope', c.en.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 404 });
    expect((await c.t.app.inject({ method: 'GET', url: '/api/products/acv' })).statusCode).toBe(401);
    // The public credential opens public calls only.
    expect((await get('/api/products/acv', PUBLIC_CLIENT)).statusCode).toBe(401);
    expect((await get('/api/products/acv?locale=de', c.en.token)).statusCode).toBe(422);
  });

  it('serves terms to anyone with the public credential, with the program’s values filled in per language', async () => {
    const en = await get('/api/pages/terms', PUBLIC_CLIENT, { 'accept-language': 'en' });
    expect(en.statusCode).toBe(200);
    const page = en.json().data;
    expect(page).toMatchObject({
      slug: 'terms',
      title: 'Brand ambassador terms',
      effective_date: '2026-11-01',
    });
    expect(page.lead).toBe('You earn from 10% to 25% of each sale made with your code.');
    expect(page.sections[0].blocks[0].text).toBe(
      'Earnings are held for 30 days, then paid by PayPal from $25.00.',
    );
    expect(page.sections[0].blocks[1].items[0]).toBe('Cash-outs above $500.00 are checked twice.');
    const fr = (await get('/api/pages/terms?locale=fr', PUBLIC_CLIENT)).json().data;
    expect(fr.title).toBe('Conditions des ambassadeurs');
    // French writes a space (no-break) before % and the currency after the amount.
    expect(fr.lead).toMatch(/^Vous touchez de 10\s%\sà 25\s% de chaque vente/u);
    expect(fr.sections[0].blocks[0].text).toMatch(
      /retenus 30 jours, puis versés par PayPal à partir de 25,00\s\$\sUS\.$/u,
    );
    // A partner reading a public page gets it in their own language.
    expect((await get('/api/pages/terms', c.fr.token)).json().data.title).toBe('Conditions des ambassadeurs');
    expect((await c.t.app.inject({ method: 'GET', url: '/api/pages/terms' })).statusCode).toBe(401);
  });

  it('keeps the FAQ for partners, and answers 404 for a page that does not exist', async () => {
    expect((await get('/api/pages/faq', PUBLIC_CLIENT)).statusCode).toBe(401);
    const faq = await get('/api/pages/faq', c.en.token);
    expect(faq.statusCode).toBe(200);
    expect(faq.json().data.sections[0].blocks[0].text).toBe('From $25.00 of approved earnings.');
    // A page slug the program has, whose file this release does not ship yet.
    expect((await get('/api/pages/policy', PUBLIC_CLIENT)).statusCode).toBe(404);
    expect((await get('/api/pages/nope', c.en.token)).statusCode).toBe(404);
  });

  it('lists Grab and Go in the staff’s order, with alt texts in the reader’s language, filtered by product', async () => {
    const all = (await get('/api/gallery', c.en.token)).json().data as {
      id: number;
      product: string | null;
      format: string;
      url: string;
      thumb_url: string;
      alt: string;
      width: number;
      height: number;
    }[];
    expect(all).toHaveLength(SEED_GALLERY.length);
    expect(all.map((image) => image.alt)).toEqual(SEED_GALLERY.map((item) => item.alt.en));
    expect(all[0]!.thumb_url).toBe(`${all[0]!.url}?w=480`);
    const story = all.find((image) => image.format === 'story')!;
    expect([story.width, story.height]).toEqual([1080, 1920]);
    const fr = (await get('/api/gallery', c.fr.token)).json().data as { alt: string }[];
    expect(fr.map((image) => image.alt)).toEqual(SEED_GALLERY.map((item) => item.alt.fr));
    const sleep = (await get('/api/gallery?product=sleep', c.en.token)).json().data as { product: string }[];
    expect(sleep.length).toBe(SEED_GALLERY.filter((item) => item.product === 'sleep').length);
    expect(sleep.every((image) => image.product === 'sleep')).toBe(true);
    expect((await get('/api/gallery?product=nope', c.en.token)).statusCode).toBe(422);
  });

  it('serves an image as immutable WebP, renditions only at 240, 480, 720 and 1080, each cached on disk', async () => {
    const url = (await get('/api/products/calm', c.en.token)).json().data.image_url as string;
    const name = url.split('/').pop()!;
    const full = await c.t.app.inject({ method: 'GET', url });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    expect(full.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(full.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 1080,
      height: 1080,
    });
    // The artwork is the release's file, served as it is: nothing is drawn, nothing copied.
    expect(
      full.rawPayload.equals(
        fs.readFileSync(path.join(await findRepositoryRoot(), 'content', 'products', 'calm', 'artwork.webp')),
      ),
    ).toBe(true);
    expect(fs.existsSync(path.join(c.t.dataDir, 'media-cache', 'full'))).toBe(false);

    const small = await c.t.app.inject({ method: 'GET', url: `${url}?w=240` });
    expect(small.statusCode).toBe(200);
    expect((await sharp(small.rawPayload).metadata()).width).toBe(240);
    expect(fs.existsSync(path.join(c.t.dataDir, 'media-cache', 'w240', name))).toBe(true);
    // A second request is read from the disk: the same bytes.
    expect(
      (await c.t.app.inject({ method: 'GET', url: `${url}?w=240` })).rawPayload.equals(small.rawPayload),
    ).toBe(true);

    for (const w of ['500', '0', '2160', 'abc', '-240']) {
      const refused = await c.t.app.inject({ method: 'GET', url: `${url}?w=${w}` });
      expect(refused.statusCode, w).toBe(422);
      expect(refused.json().errors.w).toEqual(['Choose a width of 240, 480, 720 or 1080']);
    }
    expect(
      (
        await c.t.app.inject({ method: 'GET', url: `${url}?w=500`, headers: { 'accept-language': 'fr' } })
      ).json().errors.w,
    ).toEqual(['Choisissez une largeur de 240, 480, 720 ou 1080']);
    expect(
      (await c.t.app.inject({ method: 'GET', url: '/api/media/0123456789abcdef0123456789abcdef.webp' }))
        .statusCode,
    ).toBe(404);
    expect((await c.t.app.inject({ method: 'GET', url: '/api/media/..%2Fportal.db' })).statusCode).toBe(404);
    expect(
      fs.readdirSync(path.join(c.t.dataDir, 'media-cache', 'w240')).filter((f) => f.endsWith('.tmp')),
    ).toEqual([]);
  });

  it('downloads a product’s kit: its images and its captions with the partner’s code, in their language', async () => {
    const res = await get('/api/products/sleep/kit', c.fr.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sunbite-sleep-kit.zip"');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const images = Object.keys(files).filter((name) => name.startsWith('images/'));
    expect(images).toHaveLength(1 + SEED_GALLERY.filter((item) => item.product === 'sleep').length);
    expect(images).toContain('images/sleep-product.webp');
    for (const image of images)
      expect((await sharp(Buffer.from(files[image]!)).metadata()).format).toBe('webp');
    const text = strFromU8(files['captions-fr.txt']!);
    const detail = (await get('/api/products/sleep', c.fr.token)).json().data;
    expect(text).toContain('Votre code promo\u00a0: JULIE10');
    expect(text).toContain(detail.subtitle);
    for (const caption of detail.captions) expect(text).toContain(caption);
    for (const tag of detail.required_hashtags) expect(text).toContain(tag);
    expect(text).not.toContain('{code}');
    // ?locale= gives the English kit to the same partner.
    const en = unzipSync(
      new Uint8Array((await get('/api/products/sleep/kit?locale=en', c.fr.token)).rawPayload),
    );
    expect(strFromU8(en['captions-en.txt']!)).toContain('Your promo code: JULIE10');
    expect((await get('/api/products/nope/kit', c.fr.token)).statusCode).toBe(404);
  });

  it('serves an image as JPEG on ?format=jpeg, converted once and kept on disk; refuses any other format', async () => {
    const url = (await get('/api/products/beets', c.en.token)).json().data.image_url as string;
    const name = url.split('/').pop()!;
    const isJpeg = (bytes: Buffer) =>
      bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) &&
      bytes.subarray(-2).equals(Buffer.from([0xff, 0xd9]));

    const jpeg = await c.t.app.inject({ method: 'GET', url: `${url}?format=jpeg` });
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(isJpeg(jpeg.rawPayload)).toBe(true);
    expect(await sharp(jpeg.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1080,
      height: 1080,
    });
    const kept = path.join(c.t.dataDir, 'media-cache', 'jpeg', name.replace('.webp', '.jpg'));
    expect(fs.readFileSync(kept).equals(jpeg.rawPayload)).toBe(true);
    const madeAt = fs.statSync(kept).mtimeMs;
    const again = await c.t.app.inject({ method: 'GET', url: `${url}?format=jpeg` });
    expect(again.rawPayload.equals(jpeg.rawPayload)).toBe(true);
    expect(fs.statSync(kept).mtimeMs).toBe(madeAt);
    // ?format=webp is the stored file, as without it.
    const webp = await c.t.app.inject({ method: 'GET', url: `${url}?format=webp` });
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.rawPayload.equals((await c.t.app.inject({ method: 'GET', url })).rawPayload)).toBe(true);

    // A rendition in JPEG too, kept apart from the full size's.
    const small = await c.t.app.inject({ method: 'GET', url: `${url}?w=480&format=jpeg` });
    expect(small.headers['content-type']).toBe('image/jpeg');
    expect(isJpeg(small.rawPayload)).toBe(true);
    expect((await sharp(small.rawPayload).metadata()).width).toBe(480);
    expect(
      fs.existsSync(path.join(c.t.dataDir, 'media-cache', 'jpeg-w480', name.replace('.webp', '.jpg'))),
    ).toBe(true);

    for (const format of ['png', 'jpg', 'JPEG', 'gif', '', 'jpeg,webp']) {
      const refused = await c.t.app.inject({
        method: 'GET',
        url: `${url}?format=${encodeURIComponent(format)}`,
      });
      expect(refused.statusCode, format).toBe(422);
      expect(refused.json().errors.format).toEqual(['Choose the format webp or jpeg']);
    }
    expect(
      (
        await c.t.app.inject({
          method: 'GET',
          url: `${url}?format=png`,
          headers: { 'accept-language': 'fr' },
        })
      ).json().errors.format,
    ).toEqual(['Choisissez le format webp ou jpeg']);
  });

  it('downloads a product’s kit with JPEG images on ?format=jpeg', async () => {
    const res = await get('/api/products/sleep/kit?format=jpeg', c.en.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sunbite-sleep-kit-jpeg.zip"');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const images = Object.keys(files).filter((name) => name.startsWith('images/'));
    expect(images).toHaveLength(1 + SEED_GALLERY.filter((item) => item.product === 'sleep').length);
    expect(images).toContain('images/sleep-product.jpg');
    for (const image of images) {
      expect(image).toMatch(/\.jpg$/);
      const bytes = Buffer.from(files[image]!);
      expect(bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])), image).toBe(true);
      expect((await sharp(bytes).metadata()).format).toBe('jpeg');
    }
    expect(strFromU8(files['captions-en.txt']!)).toContain('Your promo code: LEA2026');
    const refused = await get('/api/products/sleep/kit?format=tiff', c.en.token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.format).toEqual(['Choose the format webp or jpeg']);
  });

  it('checks a caption with the partner’s code, the staff’s competitors and the product’s benefits', async () => {
    const check = (token: string, payload: Record<string, unknown>) =>
      c.t.app.inject({ method: 'POST', url: '/api/caption-check', headers: bearer(token), payload });
    const good = (await get('/api/products/acv', c.en.token)).json().data.captions[0] as string;
    const ok = await check(c.en.token, { text: good, product: 'acv' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.ok).toBe(true);

    // The list a database starts with holds real gummy brands (migration 038), written with a
    // curly apostrophe and found with a straight one too.
    const rival = await check(c.en.token, {
      text: `#Ad #SunbitePartner Better than goli, OLLY or Nature's Bounty! Code LEA2026`,
      product: 'acv',
    });
    const findings = rival.json().data.findings as {
      rule: string;
      ok: boolean;
      matches: { text: string }[];
    }[];
    expect(findings.find((f) => f.rule === 'competitor')).toMatchObject({
      ok: false,
      matches: [{ text: 'goli' }, { text: 'OLLY' }, { text: "Nature's Bounty" }],
    });
    expect(findings.find((f) => f.rule === 'promo_code')!.ok).toBe(true);
    // Another partner's code is not this partner's.
    const otherCode = (await check(c.fr.token, { text: good, locale: 'en' })).json().data.findings as {
      rule: string;
      ok: boolean;
    }[];
    expect(otherCode.find((f) => f.rule === 'promo_code')!.ok).toBe(false);

    // The staff's list is the one checked: a name they add is found at once.
    await c.t.app.inject({
      method: 'PUT',
      url: '/api/manager/content/competitors',
      headers: bearer(c.manager.token),
      payload: { names: ['Gummy Galaxy'] },
    });
    const added = (
      await check(c.en.token, { text: '#Ad #SunbitePartner I left Gummy Galaxy for these. Code LEA2026' })
    ).json().data.findings as { rule: string; ok: boolean }[];
    expect(added.find((f) => f.rule === 'competitor')!.ok).toBe(false);
    expect(
      (await check(c.en.token, { text: '#Ad #SunbitePartner Goli. Code LEA2026' }))
        .json()
        .data.findings.find((f: { rule: string }) => f.rule === 'competitor').ok,
    ).toBe(true);

    expect((await check(c.en.token, { text: 'x'.repeat(2201) })).statusCode).toBe(422);
    expect((await check(c.en.token, { text: 'hello', product: 'nope' })).statusCode).toBe(422);
    expect((await check(PUBLIC_CLIENT, { text: 'hello' })).statusCode).toBe(401);
  });

  it('documents every content route in the OpenAPI document', async () => {
    const paths = (await c.t.app.inject({ method: 'GET', url: '/api/docs' })).json().paths as Record<
      string,
      Record<string, unknown>
    >;
    const staff = '/api/manager/content';
    const texts = ['products/{code}/{locale}', 'pages/{slug}/{locale}'].flatMap((entry) => [
      ['get', `${staff}/${entry}`],
      ['put', `${staff}/${entry}`],
      ['get', `${staff}/${entry}/versions/{version}`],
      ['post', `${staff}/${entry}/versions/{version}/restore`],
    ]);
    const routes = [
      ['get', '/api/products'],
      ['get', '/api/products/{code}'],
      ['get', '/api/products/{code}/kit'],
      ['get', '/api/pages/{slug}'],
      ['get', '/api/gallery'],
      ['get', '/api/media/{name}'],
      ['post', '/api/caption-check'],
      ['get', `${staff}/products`],
      ['get', `${staff}/pages`],
      ...texts,
      ['get', `${staff}/gallery`],
      ['post', `${staff}/gallery`],
      ['patch', `${staff}/gallery/{id}`],
      ['put', `${staff}/gallery/order`],
      ['delete', `${staff}/gallery/{id}`],
      ['get', `${staff}/competitors`],
      ['put', `${staff}/competitors`],
    ];
    for (const [method, route] of routes)
      expect(paths[route!]?.[method!], `${method} ${route}`).toBeDefined();
  });
});

describe('the release’s own content', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('seeds without a problem, and serves every page it ships with each program value filled in', async () => {
    t = await createTestApp({ env: { PUBLIC_CLIENT_TOKEN: PUBLIC_CLIENT } });
    const report = await seedContent(t.database.db);
    expect(report.problems).toEqual([]);
    const partner = await createPartner(t, 'en', 'SHIP2026');
    const contentDir = path.join(await findRepositoryRoot(), 'content', 'pages');
    for (const slug of PAGE_SLUGS) {
      for (const locale of ['en', 'fr']) {
        if (!fs.existsSync(path.join(contentDir, slug, `${locale}.json`))) continue;
        const token = PUBLIC_PAGE_SLUGS.includes(slug) ? PUBLIC_CLIENT : partner.token;
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/pages/${slug}?locale=${locale}`,
          headers: bearer(token),
        });
        expect(res.statusCode, `${slug}/${locale}`).toBe(200);
        expect(res.body, `${slug}/${locale}`).not.toMatch(/\{\{/);
      }
    }
  });
});
