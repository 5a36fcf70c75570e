// The seed (decisions/021): the release's files into the database at every start, idempotent,
// safe when several nodes start at once, and never over a staff member's edit.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPostgres } from '../../db';
import type { DatabaseHandle } from '../../db';
import { SEED_GALLERY, bearer, createContentTestApp } from './content-fixture';
import type { ContentTestApp } from './content-fixture';
import { mediaDirs } from './media';
import { seedContent } from './seed';
import { mediaFile } from './service';
import { contentDb } from './tables';

const TEXTS = 16 * 2 + 2 * 2;

describe('seeding the content', () => {
  let c: ContentTestApp;
  const db = () => c.t.database.db;
  const seed = (extra: Parameters<typeof seedContent>[1] = {}) =>
    seedContent(db(), { contentDir: c.contentDir, ...extra });
  const counts = async () => {
    const cdb = contentDb(db());
    const one = async (table: 'content_texts' | 'content_text_versions' | 'media' | 'gallery_images') =>
      Number(
        (
          await cdb
            .selectFrom(table)
            .select(sql<number>`count(*)`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      texts: await one('content_texts'),
      versions: await one('content_text_versions'),
      media: await one('media'),
      gallery: await one('gallery_images'),
    };
  };
  const productFile = (code: string, locale: string) =>
    path.join(c.contentDir, 'products', code, `${locale}.json`);
  const rewrite = (file: string, change: (json: Record<string, unknown>) => void, spacing = 2) => {
    const json = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    change(json);
    fs.writeFileSync(file, JSON.stringify(json, null, spacing));
  };
  const staff = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    c.t.app.inject({
      method,
      url: `/api/manager/content${url}`,
      headers: bearer(c.manager.token),
      ...(payload ? { payload } : {}),
    });

  beforeEach(async () => {
    c = await createContentTestApp({ seed: false });
  });
  afterEach(() => c.close());

  it('writes every text once as version 1 and the gallery once; a second start writes nothing', async () => {
    expect(await counts()).toEqual({ texts: 0, versions: 0, media: 0, gallery: 0 });
    const first = await seed();
    // The pages the release does not ship yet (policy and the guides here) are no problem.
    expect(first).toEqual({
      inserted: TEXTS,
      updated: 0,
      flagged: 0,
      galleryAdded: SEED_GALLERY.length,
      problems: [],
    });
    const after = await counts();
    expect(after).toEqual({
      texts: TEXTS,
      versions: TEXTS,
      media: 16 + SEED_GALLERY.length,
      gallery: SEED_GALLERY.length,
    });
    const texts = await contentDb(db())
      .selectFrom('content_texts')
      .select(['version', 'source', 'updated_by'])
      .execute();
    expect(new Set(texts.map((t) => `${t.version}/${t.source}/${t.updated_by}`))).toEqual(
      new Set(['1/seed/null']),
    );

    expect(await seed()).toEqual({ inserted: 0, updated: 0, flagged: 0, galleryAdded: 0, problems: [] });
    expect(await counts()).toEqual(after);
    // Nothing is drawn or written to disk at start: each piece of artwork is listed with its
    // file's size, read from the file in content/.
    const media = await contentDb(db())
      .selectFrom('media')
      .select(['artwork_ref', 'bytes', 'width', 'height'])
      .execute();
    const calm = media.find((m) => m.artwork_ref === 'product:calm')!;
    expect(calm).toEqual({
      artwork_ref: 'product:calm',
      bytes: fs.statSync(path.join(c.contentDir, 'products', 'calm', 'artwork.webp')).size,
      width: 1080,
      height: 1080,
    });
    expect(
      media.find((m) => m.artwork_ref === SEED_GALLERY.find((item) => item.format === 'story')!.ref),
    ).toMatchObject({ width: 1080, height: 1920 });
    expect(media.every((m) => m.bytes! > 1000)).toBe(true);
    expect(fs.existsSync(path.join(c.t.dataDir, 'media-cache'))).toBe(false);
  });

  it('is safe when several nodes start at once: each text and image written once', async () => {
    // On PostgreSQL each "node" has its own pool; SQLite's nodes share the file's one writer.
    const url = c.t.database.url;
    const extra: DatabaseHandle[] = url ? [openPostgres(url, 2), openPostgres(url, 2)] : [];
    try {
      const handles = [c.t.database, ...extra];
      const reports = await Promise.all(
        [0, 1, 2, 3].map((i) => seedContent(handles[i % handles.length]!.db, { contentDir: c.contentDir })),
      );
      expect(reports.reduce((sum, r) => sum + r.inserted, 0)).toBe(TEXTS);
      expect(reports.reduce((sum, r) => sum + r.galleryAdded, 0)).toBe(SEED_GALLERY.length);
      expect(reports.flatMap((r) => r.problems)).toEqual([]);
      expect(await counts()).toEqual({
        texts: TEXTS,
        versions: TEXTS,
        media: 16 + SEED_GALLERY.length,
        gallery: SEED_GALLERY.length,
      });
      const positions = await contentDb(db())
        .selectFrom('gallery_images')
        .select('seed_ref')
        .orderBy('position')
        .orderBy('id')
        .execute();
      expect(positions.map((p) => p.seed_ref)).toEqual(SEED_GALLERY.map((item) => item.ref));
    } finally {
      for (const handle of extra) await handle.close();
    }
  });

  it('follows a changed seed file while the text is the seed’s; formatting alone changes nothing', async () => {
    await seed();
    rewrite(productFile('matcha', 'en'), () => undefined, 4);
    expect(await seed()).toMatchObject({ inserted: 0, updated: 0 });

    rewrite(productFile('matcha', 'en'), (json) => {
      json.subtitle = 'Stone-ground matcha in a gummy: calm focus for the afternoon.';
    });
    expect(await seed()).toMatchObject({ inserted: 0, updated: 1, flagged: 0, problems: [] });
    const entry = (await staff('GET', '/products/matcha/en')).json().data;
    expect(entry).toMatchObject({ version: 2, source: 'seed', updated_by: null, seed_differs: false });
    expect(entry.versions.map((v: { version: number; source: string }) => [v.version, v.source])).toEqual([
      [2, 'seed'],
      [1, 'seed'],
    ]);
    const partner = (
      await c.t.app.inject({ method: 'GET', url: '/api/products/matcha', headers: bearer(c.en.token) })
    ).json().data;
    expect(partner.subtitle).toBe('Stone-ground matcha in a gummy: calm focus for the afternoon.');
    expect(await seed()).toMatchObject({ updated: 0 });
  });

  it('never overwrites a staff edit with a newer seed file, and tells staff a newer text exists', async () => {
    await seed();
    const current = (await staff('GET', '/products/beets/fr')).json().data;
    const edited = { ...current.body, subtitle: 'Texte du personnel' };
    expect((await staff('PUT', '/products/beets/fr', { body: edited, base_version: 1 })).statusCode).toBe(
      200,
    );
    expect((await staff('GET', '/products/beets/fr')).json().data.seed_differs).toBe(false);

    rewrite(productFile('beets', 'fr'), (json) => {
      json.subtitle = 'Nouveau texte de la version';
    });
    expect(await seed()).toMatchObject({ updated: 0, flagged: 1 });
    const entry = (await staff('GET', '/products/beets/fr')).json().data;
    expect(entry).toMatchObject({
      version: 2,
      source: 'staff',
      seed_differs: true,
      body: { subtitle: 'Texte du personnel' },
    });
    const list = (await staff('GET', '/products'))
      .json()
      .data.find((p: { code: string }) => p.code === 'beets');
    expect(list.locales).toMatchObject({ fr: { seed_differs: true }, en: { seed_differs: false } });
    // The next start has nothing new to say, and the edit still stands.
    expect(await seed()).toMatchObject({ updated: 0, flagged: 0 });
    expect(
      (
        await c.t.app.inject({ method: 'GET', url: '/api/products/beets', headers: bearer(c.fr.token) })
      ).json().data.subtitle,
    ).toBe('Texte du personnel');
    // Restoring the seed's first text is a staff choice too: a later seed file does not replace it.
    expect(
      (
        await c.t.app.inject({
          method: 'POST',
          url: '/api/manager/content/products/beets/fr/versions/1/restore',
          headers: bearer(c.manager.token),
          payload: { base_version: 2 },
        })
      ).statusCode,
    ).toBe(200);
    rewrite(productFile('beets', 'fr'), (json) => {
      json.subtitle = 'Encore un autre texte de la version';
    });
    expect(await seed()).toMatchObject({ updated: 0, flagged: 1 });
    expect((await staff('GET', '/products/beets/fr')).json().data).toMatchObject({
      version: 3,
      source: 'restore',
      seed_differs: true,
      body: { subtitle: current.body.subtitle },
    });
  });

  it('reports a broken or missing seed file, keeps the text it has, and starts anyway', async () => {
    await seed();
    fs.writeFileSync(productFile('pms', 'en'), '{ "name": ');
    rewrite(productFile('kids', 'fr'), (json) => {
      json.captions = ['pas de code ni de mots-clics'];
    });
    fs.rmSync(productFile('multi', 'en'));
    fs.mkdirSync(path.join(c.contentDir, 'pages', 'policy'), { recursive: true });
    fs.writeFileSync(
      path.join(c.contentDir, 'pages', 'policy', 'en.json'),
      JSON.stringify({
        title: 'Policy',
        lead: 'Paid from {{minimum_pay}}.',
        sections: [{ id: 'a', heading: 'A', blocks: [{ type: 'p', text: 'x' }] }],
      }),
    );
    const report = await seed();
    expect(report.problems.map((p) => p.file).sort()).toEqual([
      'pages/policy/en.json',
      'products/kids/fr.json',
      'products/multi/en.json',
      'products/pms/en.json',
    ]);
    expect(report.problems.find((p) => p.file === 'pages/policy/en.json')!.message).toContain('minimum_pay');
    expect(report.problems.find((p) => p.file === 'products/multi/en.json')!.message).toBe('missing');
    expect(report.updated).toBe(0);
    for (const [code, locale] of [
      ['pms', 'en'],
      ['kids', 'fr'],
      ['multi', 'en'],
    ]) {
      expect((await staff('GET', `/products/${code}/${locale}`)).json().data.version).toBe(1);
    }
    expect((await staff('GET', '/pages/policy/en')).statusCode).toBe(404);
  });

  it('does not bring back a seeded image staff removed', async () => {
    await seed();
    const gallery = (await staff('GET', '/gallery')).json().data as { id: number; url: string }[];
    expect((await staff('DELETE', `/gallery/${gallery[0]!.id}`)).statusCode).toBe(204);
    expect(await seed()).toMatchObject({ galleryAdded: 0 });
    const after = (await staff('GET', '/gallery')).json().data as { id: number; url: string }[];
    expect(after.map((image) => image.id)).toEqual(gallery.slice(1).map((image) => image.id));
  });

  it('names artwork by its file: the same at every start; another file in a release, another name', async () => {
    await seed();
    const gallery = (await staff('GET', '/gallery')).json().data as {
      id: number;
      url: string;
      seed_ref: string | null;
    }[];
    await seed();
    expect((await staff('GET', '/gallery')).json().data).toEqual(gallery);

    // A release whose first square image is another picture of the same size.
    const square = SEED_GALLERY.filter((item) => item.format === 'square');
    const fileOf = (ref: string) =>
      path.join(c.contentDir, 'gallery', `${ref.split(':').slice(1).join('-')}.webp`);
    fs.copyFileSync(fileOf(square[1]!.ref), fileOf(square[0]!.ref));
    expect(await seed()).toMatchObject({ galleryAdded: 0, problems: [] });
    const renamed = (await staff('GET', '/gallery')).json().data as { id: number; url: string }[];
    expect(renamed.map((image) => image.id)).toEqual(gallery.map((image) => image.id));
    const changed = renamed.filter((image, i) => image.url !== gallery[i]!.url);
    expect(changed).toHaveLength(1);
    expect(
      (
        await c.t.app.inject({
          method: 'GET',
          url: gallery.find((image) => image.id === changed[0]!.id)!.url,
        })
      ).statusCode,
    ).toBe(404);
    const name = changed[0]!.url.split('/').pop()!;
    // Served from the folder that holds that file; a node whose content/ holds another file for
    // the ref (this app's, the repository's) answers 404 rather than another picture.
    const served = await mediaFile(db(), mediaDirs(c.t.dataDir, c.contentDir), name);
    expect(fs.readFileSync(served).equals(fs.readFileSync(fileOf(square[1]!.ref)))).toBe(true);
    expect((await c.t.app.inject({ method: 'GET', url: changed[0]!.url })).statusCode).toBe(404);
  });

  it('takes over the artwork of a database seeded when the server drew it', async () => {
    await seed();
    const cdb = contentDb(db());
    const current = await cdb
      .selectFrom('media')
      .select(['id', 'name', 'bytes'])
      .where('kind', '=', 'artwork')
      .orderBy('id')
      .execute();
    // As the drawing server left its rows: named from the release's version, no size until drawn.
    for (const [i, row] of current.entries()) {
      await cdb
        .updateTable('media')
        .set({ name: `${i.toString(16).padStart(32, 'a')}.webp`, bytes: i % 2 === 0 ? null : 12345 })
        .where('id', '=', row.id)
        .execute();
    }
    expect(await seed()).toEqual({ inserted: 0, updated: 0, flagged: 0, galleryAdded: 0, problems: [] });
    expect(
      await cdb
        .selectFrom('media')
        .select(['id', 'name', 'bytes'])
        .where('kind', '=', 'artwork')
        .orderBy('id')
        .execute(),
    ).toEqual(current);
    expect(await counts()).toMatchObject({ media: 16 + SEED_GALLERY.length, gallery: SEED_GALLERY.length });
    const image = ((await staff('GET', '/gallery')).json().data as { url: string }[])[0]!;
    const answer = await c.t.app.inject({ method: 'GET', url: `${image.url}?w=240` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/webp');
  });

  it('reports a missing gallery list or a broken image, and leaves what it cannot read as it was', async () => {
    await seed();
    const before = (await staff('GET', '/gallery')).json().data as unknown[];
    const calm = await contentDb(db())
      .selectFrom('media')
      .select(['name', 'bytes'])
      .where('artwork_ref', '=', 'product:calm')
      .executeTakeFirstOrThrow();
    fs.rmSync(path.join(c.contentDir, 'gallery', 'gallery.json'));
    fs.writeFileSync(path.join(c.contentDir, 'products', 'calm', 'artwork.webp'), 'not a picture');
    const report = await seed();
    expect(report.problems).toEqual([
      { file: 'gallery/gallery.json', message: 'missing' },
      { file: 'products/calm/artwork.webp', message: 'not a WebP image' },
    ]);
    expect((await staff('GET', '/gallery')).json().data).toEqual(before);
    expect(
      await contentDb(db())
        .selectFrom('media')
        .select(['name', 'bytes'])
        .where('artwork_ref', '=', 'product:calm')
        .executeTakeFirstOrThrow(),
    ).toEqual(calm);
  });
});

describe('artwork a release no longer draws', () => {
  it('leaves the gallery at the next start, and its address answers 404', async () => {
    const c = await createContentTestApp();
    try {
      const cdb = contentDb(c.t.database.db);
      // As an older release would have left it: a seeded image of artwork this one does not have.
      const media = await cdb
        .insertInto('media')
        .values({
          name: `${'e'.repeat(32)}.webp`,
          kind: 'artwork',
          artwork_ref: 'gallery:acv:square:99',
          bytes: null,
          width: 1080,
          height: 1080,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await cdb
        .insertInto('gallery_images')
        .values({
          media_id: media.id,
          product: 'acv',
          format: 'square',
          alt_en: 'Old',
          alt_fr: 'Ancienne',
          tags: '[]',
          position: 999,
          seed_ref: 'gallery:acv:square:99',
          created_by: null,
          created_at: new Date().toISOString(),
          deleted_at: null,
        })
        .execute();
      const gallery = async () =>
        (await c.t.app.inject({ method: 'GET', url: '/api/gallery', headers: bearer(c.en.token) })).json()
          .data as { alt: string }[];
      expect((await gallery()).map((image) => image.alt)).toContain('Old');
      expect(
        (await c.t.app.inject({ method: 'GET', url: `/api/media/${'e'.repeat(32)}.webp` })).statusCode,
      ).toBe(404);
      await seedContent(c.t.database.db, { contentDir: c.contentDir });
      const after = await gallery();
      expect(after.map((image) => image.alt)).not.toContain('Old');
      expect(after).toHaveLength(SEED_GALLERY.length);
    } finally {
      await c.close();
    }
  });
});
