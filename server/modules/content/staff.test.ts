// The back office's side of the content kit (docs/product/content.md#staff-edits, docs/product/back-office.md): versioned edits of talking points
// and pages with who and when, restores, optimistic concurrency, the gallery's order, tags and
// removal, the competitor list; and who may reach these routes at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductContent } from '../../../common/content';
import { bearer, createContentTestApp } from './content-fixture';
import type { ContentTestApp } from './content-fixture';
import { contentDb } from './tables';

const STALE = 'This text was changed by someone else: reload to see it';

describe('staff editing of the content', () => {
  let c: ContentTestApp;
  const staff = (
    method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    token = c.manager.token,
  ) =>
    c.t.app.inject({
      method,
      url: `/api/manager/content${url}`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const partnerProduct = async (code: string, token = c.en.token) =>
    (await c.t.app.inject({ method: 'GET', url: `/api/products/${code}`, headers: bearer(token) })).json()
      .data;

  beforeAll(async () => {
    c = await createContentTestApp();
  });
  afterAll(() => c.close());

  it('lists every product with the state of both texts', async () => {
    const res = await staff('GET', '/products');
    expect(res.statusCode).toBe(200);
    const list = res.json().data as {
      code: string;
      name: string;
      locales: Record<
        string,
        { version: number; source: string; updated_by: string | null; seed_differs: boolean }
      >;
    }[];
    expect(list).toHaveLength(16);
    expect(list[0]).toMatchObject({
      code: 'acv',
      locales: {
        en: { version: 1, source: 'seed', updated_by: null, seed_differs: false },
        fr: { version: 1, source: 'seed' },
      },
    });
    const pages = (await staff('GET', '/pages')).json().data as { slug: string; title: string }[];
    expect(pages.map((p) => p.slug)).toEqual(['faq', 'terms']);
  });

  it('keeps every version: an edit reaches the partner, a restore brings the old text back, with who and when', async () => {
    const before = (await staff('GET', '/products/calm/en')).json().data;
    expect(before).toMatchObject({
      version: 1,
      source: 'seed',
      versions: [{ version: 1, source: 'seed', created_by: null, restored_from: null }],
    });
    // The editor's preview shows the artwork partners see; a page has none.
    expect(before.image_url).toBe((await partnerProduct('calm')).image_url);
    expect(before.image_url).toMatch(/^\/api\/media\/\w+\.webp$/);
    expect((await staff('GET', '/pages/faq/en')).json().data).not.toHaveProperty('image_url');
    const original = before.body as ProductContent;
    const edited: ProductContent = {
      ...original,
      captions: [
        `#Ad #SunbitePartner Sunday reset with my calm ritual. Code {code} saves you money.`,
        ...original.captions.slice(1),
      ],
    };

    const saved = await staff('PUT', '/products/calm/en', { body: edited, base_version: 1 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      version: 2,
      source: 'staff',
      updated_by: c.manager.name,
      seed_differs: false,
    });
    expect((await partnerProduct('calm')).captions[0]).toBe(
      '#Ad #SunbitePartner Sunday reset with my calm ritual. Code LEA2026 saves you money.',
    );
    // The other language is its own text: untouched.
    expect((await staff('GET', '/products/calm/fr')).json().data.version).toBe(1);

    const restored = await staff('POST', '/products/calm/en/versions/1/restore', { base_version: 2 });
    expect(restored.statusCode).toBe(200);
    const entry = restored.json().data;
    expect(entry).toMatchObject({ version: 3, source: 'restore', updated_by: c.manager.name });
    expect(entry.body).toEqual(original);
    expect(
      entry.versions.map(
        (v: { version: number; source: string; created_by: string | null; restored_from: number | null }) => [
          v.version,
          v.source,
          v.created_by,
          v.restored_from,
        ],
      ),
    ).toEqual([
      [3, 'restore', c.manager.name, 1],
      [2, 'staff', c.manager.name, null],
      [1, 'seed', null, null],
    ]);
    for (const v of entry.versions) expect(Date.parse(v.created_at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await partnerProduct('calm')).captions[0]).toBe(
      original.captions[0]!.replace('{code}', 'LEA2026'),
    );

    const second = await staff('GET', '/products/calm/en/versions/2');
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({
      version: 2,
      source: 'staff',
      created_by: c.manager.name,
      body: edited,
    });
    expect((await staff('GET', '/products/calm/en/versions/9')).statusCode).toBe(404);
    expect(
      (await staff('POST', '/products/calm/en/versions/9/restore', { base_version: 3 })).statusCode,
    ).toBe(404);
  });

  it('answers 409 to an edit made on a version that is no longer the current one, and changes nothing', async () => {
    const current = (await staff('GET', '/products/ashwa/en')).json().data;
    expect(
      (await staff('PUT', '/products/ashwa/en', { body: current.body, base_version: current.version }))
        .statusCode,
    ).toBe(200);
    const stale = await staff('PUT', '/products/ashwa/en', {
      body: { ...current.body, subtitle: 'Lost update' },
      base_version: current.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ code: 409, error: 'content.text_stale', message: STALE });
    const french = await c.t.app.inject({
      method: 'PUT',
      url: '/api/manager/content/products/ashwa/en',
      headers: { ...bearer(c.manager.token), 'accept-language': 'fr' },
      payload: { body: current.body, base_version: 1 },
    });
    expect(french.json().message).toBe(
      'Ce texte a été modifié par quelqu’un d’autre\u00a0: rechargez pour le voir',
    );
    expect(
      (await staff('POST', '/products/ashwa/en/versions/1/restore', { base_version: 1 })).statusCode,
    ).toBe(409);
    const after = (await staff('GET', '/products/ashwa/en')).json().data;
    expect(after.version).toBe(current.version + 1);
    expect(after.body.subtitle).not.toBe('Lost update');
  });

  it('lets exactly one of several simultaneous edits of the same version win', async () => {
    const current = (await staff('GET', '/products/sg/fr')).json().data;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        staff('PUT', '/products/sg/fr', {
          body: { ...current.body, subtitle: `Version concurrente ${i}` },
          base_version: current.version,
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json().data;
    const after = (await staff('GET', '/products/sg/fr')).json().data;
    expect(after.version).toBe(current.version + 1);
    expect(after.body.subtitle).toBe(winner.body.subtitle);
    const rows = await contentDb(c.t.database.db)
      .selectFrom('content_text_versions')
      .innerJoin('content_texts', 'content_texts.id', 'content_text_versions.text_id')
      .select('content_text_versions.version')
      .where('content_texts.kind', '=', 'product')
      .where('content_texts.key', '=', 'sg')
      .where('content_texts.locale', '=', 'fr')
      .execute();
    expect(rows.map((r) => r.version).sort()).toEqual([1, 2]);
  });

  it('refuses a body that breaks the schema with the fields at fault (422), and keeps the text', async () => {
    const current = (await staff('GET', '/products/immune/en')).json().data;
    const noCode = await staff('PUT', '/products/immune/en', {
      body: {
        ...current.body,
        captions: ['#Ad #SunbitePartner no code here', ...current.body.captions.slice(1)],
      },
      base_version: current.version,
    });
    expect(noCode.statusCode).toBe(422);
    expect(Object.keys(noCode.json().errors)).toContain('body.captions.0');
    const extra = await staff('PUT', '/products/immune/en', {
      body: { ...current.body, price: 12 },
      base_version: current.version,
    });
    expect(extra.statusCode).toBe(422);
    expect((await staff('PUT', '/products/immune/en', { body: current.body })).json().errors).toHaveProperty(
      'base_version',
    );
    expect(
      (await staff('PUT', '/products/nope/en', { body: current.body, base_version: 1 })).statusCode,
    ).toBe(404);
    expect(
      (await staff('PUT', '/products/immune/de', { body: current.body, base_version: 1 })).statusCode,
    ).toBe(422);

    const page = (await staff('GET', '/pages/faq/en')).json().data;
    const typo = structuredClone(page.body);
    typo.lead = 'Paid from {{minimum_payuot}}.';
    const refused = await staff('PUT', '/pages/faq/en', { body: typo, base_version: page.version });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.body[0]).toMatch(/program value that does not exist/);
    expect((await staff('GET', '/products/immune/en')).json().data.version).toBe(current.version);
  });

  it('edits and restores a page, whose program values the partner sees filled in', async () => {
    const page = (await staff('GET', '/pages/faq/fr')).json().data;
    expect(page.body.sections[0].blocks[0].text).toContain('{{minimum_payout}}');
    const edited = structuredClone(page.body);
    edited.sections[0].blocks[0].text =
      'Dès {{minimum_payout}} de gains approuvés, après {{holding_days}} jours.';
    expect(
      (await staff('PUT', '/pages/faq/fr', { body: edited, base_version: page.version })).statusCode,
    ).toBe(200);
    const read = async () =>
      (await c.t.app.inject({ method: 'GET', url: '/api/pages/faq', headers: bearer(c.fr.token) })).json()
        .data.sections[0].blocks[0].text as string;
    expect(await read()).toMatch(/^Dès 25,00\s\$\sUS de gains approuvés, après 30 jours\.$/u);
    expect(
      (await staff('POST', '/pages/faq/fr/versions/1/restore', { base_version: page.version + 1 }))
        .statusCode,
    ).toBe(200);
    expect(await read()).toMatch(/^À partir de 25,00\s\$\sUS de gains approuvés\.$/u);
  });

  it('keeps reviewers out (403) and never opens a staff route to a partner', async () => {
    const routes: ['GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE', string, unknown?][] = [
      ['GET', '/products'],
      ['GET', '/products/acv/en'],
      ['PUT', '/products/acv/en', { body: {}, base_version: 1 }],
      ['POST', '/products/acv/en/versions/1/restore', { base_version: 1 }],
      ['GET', '/pages'],
      ['GET', '/gallery'],
      ['PATCH', '/gallery/1', { tags: ['x'] }],
      ['PUT', '/gallery/order', { ids: [1] }],
      ['DELETE', '/gallery/1'],
      ['GET', '/competitors'],
      ['PUT', '/competitors', { names: [] }],
    ];
    for (const [method, url, payload] of routes) {
      const reviewer = await staff(method, url, payload, c.reviewer.token);
      expect(reviewer.statusCode, `${method} ${url}`).toBe(403);
      const partner = await staff(method, url, payload, c.en.token);
      expect(partner.statusCode, `${method} ${url}`).toBe(401);
    }
    const upload = await c.t.app.inject({
      method: 'POST',
      url: '/api/manager/content/gallery?alt_en=a&alt_fr=b',
      headers: { ...bearer(c.en.token), 'content-type': 'image/png' },
      payload: Buffer.from('x'),
    });
    expect(upload.statusCode).toBe(401);
    // And a staff token opens no partner content route.
    expect(
      (await c.t.app.inject({ method: 'GET', url: '/api/products', headers: bearer(c.manager.token) }))
        .statusCode,
    ).toBe(401);
    // Nothing changed on the way.
    expect((await staff('GET', '/products/acv/en')).json().data.version).toBe(1);
  });

  it('reorders, tags and removes Grab and Go images; the partner sees the staff’s order', async () => {
    const gallery = (await staff('GET', '/gallery')).json().data as {
      id: number;
      position: number;
      alt: { en: string; fr: string };
      tags: string[];
    }[];
    const ids = gallery.map((image) => image.id);
    const reversed = [...ids].reverse();
    const ordered = await staff('PUT', '/gallery/order', { ids: reversed });
    expect(ordered.statusCode).toBe(200);
    expect(ordered.json().data.map((image: { id: number }) => image.id)).toEqual(reversed);
    const partnerOrder = (
      await c.t.app.inject({ method: 'GET', url: '/api/gallery', headers: bearer(c.en.token) })
    )
      .json()
      .data.map((image: { id: number }) => image.id);
    expect(partnerOrder).toEqual(reversed);

    // Every image, each once: anything else is refused and changes nothing.
    expect((await staff('PUT', '/gallery/order', { ids: reversed.slice(1) })).statusCode).toBe(409);
    expect((await staff('PUT', '/gallery/order', { ids: [...reversed, reversed[0]] })).statusCode).toBe(422);
    expect((await staff('PUT', '/gallery/order', { ids: [...reversed.slice(1), 999_999] })).statusCode).toBe(
      409,
    );

    const first = reversed[0]!;
    const tagged = await staff('PATCH', `/gallery/${first}`, {
      tags: ['summer', 'Summer', 'beach '],
      product: null,
      alt: { en: 'A jar on warm sand', fr: 'Un pot sur le sable chaud' },
    });
    expect(tagged.statusCode).toBe(200);
    expect(tagged.json().data).toMatchObject({
      id: first,
      tags: ['summer', 'beach'],
      product: null,
      alt: { en: 'A jar on warm sand', fr: 'Un pot sur le sable chaud' },
    });
    const fr = (
      await c.t.app.inject({ method: 'GET', url: '/api/gallery', headers: bearer(c.fr.token) })
    ).json().data[0];
    expect(fr).toMatchObject({ id: first, alt: 'Un pot sur le sable chaud', product: null });
    expect((await staff('PATCH', `/gallery/${first}`, { product: 'nope' })).statusCode).toBe(422);
    expect((await staff('PATCH', `/gallery/${first}`, { tags: ['x'.repeat(31)] })).statusCode).toBe(422);
    expect((await staff('PATCH', '/gallery/999999', { tags: ['x'] })).statusCode).toBe(404);

    expect((await staff('DELETE', `/gallery/${first}`)).statusCode).toBe(204);
    expect((await staff('DELETE', `/gallery/${first}`)).statusCode).toBe(404);
    const left = (await staff('GET', '/gallery')).json().data.map((image: { id: number }) => image.id);
    expect(left).toEqual(reversed.slice(1));
    expect(
      (await c.t.app.inject({ method: 'GET', url: '/api/gallery', headers: bearer(c.en.token) })).json().data,
    ).toHaveLength(ids.length - 1);
    expect((await staff('PATCH', `/gallery/${first}`, { tags: ['x'] })).statusCode).toBe(404);
  });

  it('keeps the competitor list: trimmed, the same name once, each 2 to 60 characters, at most 200', async () => {
    const start = (await staff('GET', '/competitors')).json().data.names as string[];
    expect(start.length).toBeGreaterThanOrEqual(12);
    const saved = await staff('PUT', '/competitors', {
      names: ['  Gummy  Galaxy ', 'gummy galaxy', 'VitaBloom', 'NutriPop'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.names).toEqual(['Gummy Galaxy', 'VitaBloom', 'NutriPop']);
    expect((await staff('GET', '/competitors')).json().data.names).toEqual([
      'Gummy Galaxy',
      'VitaBloom',
      'NutriPop',
    ]);
    expect((await staff('PUT', '/competitors', { names: ['X'] })).statusCode).toBe(422);
    expect((await staff('PUT', '/competitors', { names: ['y'.repeat(61)] })).statusCode).toBe(422);
    expect(
      (await staff('PUT', '/competitors', { names: Array.from({ length: 201 }, (_, i) => `Brand ${i}`) }))
        .statusCode,
    ).toBe(422);
    expect((await staff('GET', '/competitors')).json().data.names).toEqual([
      'Gummy Galaxy',
      'VitaBloom',
      'NutriPop',
    ]);
    expect((await staff('PUT', '/competitors', { names: [] })).json().data.names).toEqual([]);
  });
});
