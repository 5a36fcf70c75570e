// A sub-partner's logo (docs/product/content.md#staff-edits, docs/product/partners-and-accounts.md#white-label-sub-partners): the image's bytes as the body, judged by its bytes (a
// renamed document is refused), at most 10 MB; kept whole within 512×512 with its transparency, as
// a WebP without metadata served at /api/media/{name}; the logo it replaces is removed; each change
// audited in its transaction; a refused upload leaves nothing behind.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { bearer, createStaffWithToken } from '../../test/payouts-fixture';
import type { FixtureStaff } from '../../test/payouts-fixture';
import { contentDb } from '../content/service';

const CLIENT = 'subpartner-logo-test-public-client-token';

let t: TestApp;
let manager: FixtureStaff;
let reviewer: FixtureStaff;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_CLIENT_TOKEN: CLIENT }, build: { rateLimits: { api: 100_000 } } });
  manager = await createStaffWithToken(t.database.db, 'manager');
  reviewer = await createStaffWithToken(t.database.db, 'reviewer');
});
afterAll(() => t.close());

const db = () => t.database.db;
const base = '/api/manager/subpartners';
const upload = (
  id: number | string,
  payload: Buffer,
  contentType = 'image/png',
  headers: Record<string, string> = {},
  token = manager.token,
) =>
  t.app.inject({
    method: 'POST',
    url: `${base}/${id}/logo`,
    headers: { ...bearer(token), 'content-type': contentType, ...headers },
    payload,
  });
const remove = (id: number, token = manager.token) =>
  t.app.inject({ method: 'DELETE', url: `${base}/${id}/logo`, headers: bearer(token) });
const publicPage = (slug: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/subpartners/${slug}`,
    headers: { authorization: `Bearer ${CLIENT}` },
  });
const media = (url: string) => t.app.inject({ method: 'GET', url });
const uploadsDir = () => path.join(t.dataDir, 'uploads');

async function agency(): Promise<{ id: number; slug: string }> {
  serial += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: base,
    headers: bearer(manager.token),
    payload: {
      slug: `logo-agency-${serial}`,
      name: `Logo Agency ${serial}`,
      primary_color: '#0f766e',
      accent_color: '#f59e0b',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** A wide logo with a transparent background: a filled circle on nothing. */
const transparentPng = (width: number, height: number, colour = '#7c3aed') =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="${colour}"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Everything a logo change may write. */
async function stored() {
  return {
    media: (
      await contentDb(db())
        .selectFrom('media')
        .select('name')
        .where('kind', '=', 'upload')
        .orderBy('name')
        .execute()
    ).map((m) => m.name),
    files: fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).sort() : [],
    subpartners: await db()
      .selectFrom('subpartners')
      .select(['id', 'logo_url', 'updated_at'])
      .orderBy('id')
      .execute(),
    audit: (await db().selectFrom('audit_log').select('id').where('entity', '=', 'subpartner').execute())
      .length,
  };
}
const auditOf = (id: number) =>
  db()
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', 'subpartner')
    .where('entity_id', '=', String(id))
    .orderBy('id')
    .execute();

describe('the logo', () => {
  it('keeps a good PNG whole, with its transparency, fit inside 512×512, served publicly; audited', async () => {
    const a = await agency();
    const res = await upload(a.id, await transparentPng(1000, 500));
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().data;
    expect(row.logo_url).toMatch(/^\/api\/media\/[a-f0-9]{32}\.webp$/);
    const name = row.logo_url.split('/').pop();
    expect(fs.existsSync(path.join(uploadsDir(), name))).toBe(true);

    const served = await media(row.logo_url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    // Its aspect kept (2:1), never cropped, within 512 a side; the corners still transparent.
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['webp', 512, 256, true]);
    const { data, info } = await sharp(served.rawPayload)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[info.channels - 1]).toBe(0);
    expect(meta.exif).toBeUndefined();

    expect((await publicPage(a.slug)).json().data.logo_url).toBe(row.logo_url);
    const audit = await auditOf(a.id);
    expect(audit.map((line) => line.action)).toEqual(['subpartner.create', 'subpartner.logo']);
    expect(JSON.parse(audit[1]!.before!).logo_url).toBeNull();
    expect(JSON.parse(audit[1]!.after!).logo_url).toBe(row.logo_url);
    expect(audit[1]!.staff_id).toBe(manager.id);
    expect(row.updated_at).toBe(audit[1]!.created_at);
  });

  it('never enlarges a small logo, takes JPEG and WebP sent as any image type, and replaces the old file', async () => {
    const a = await agency();
    const first = (await upload(a.id, await transparentPng(120, 80), 'application/octet-stream')).json().data
      .logo_url as string;
    expect((await sharp((await media(first)).rawPayload).metadata()).width).toBe(120);
    const jpeg = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    const second = await upload(a.id, jpeg, 'image/png');
    expect(second.statusCode, second.body).toBe(200);
    const secondUrl = second.json().data.logo_url as string;
    expect(secondUrl).not.toBe(first);
    expect((await sharp((await media(secondUrl)).rawPayload).metadata()).height).toBe(512);
    // The replaced logo is gone: no file, no row, no address.
    expect(fs.existsSync(path.join(uploadsDir(), first.split('/').pop()!))).toBe(false);
    expect((await media(first)).statusCode).toBe(404);
    // The same bytes again: nothing to change, nothing audited.
    const before = await stored();
    expect((await upload(a.id, jpeg, 'image/jpeg')).json().data.logo_url).toBe(secondUrl);
    expect(await stored()).toEqual(before);
    const webp = await sharp({
      create: { width: 64, height: 64, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .webp()
      .toBuffer();
    expect((await upload(a.id, webp, 'image/webp')).statusCode).toBe(200);
  });

  it('gives two sub-partners with the same image a file each: removing one keeps the other’s', async () => {
    const a = await agency();
    const b = await agency();
    const png = await transparentPng(300, 300, '#e11d48');
    const urlA = (await upload(a.id, png)).json().data.logo_url;
    const urlB = (await upload(b.id, png)).json().data.logo_url;
    expect(urlA).not.toBe(urlB);
    expect((await remove(a.id)).statusCode).toBe(200);
    expect((await media(urlB)).statusCode).toBe(200);
  });

  it('refuses a document renamed as an image (422), a body over 10 MB (413) and a type that is no image (415), storing nothing', async () => {
    const a = await agency();
    const good = (await upload(a.id, await transparentPng(200, 200))).json().data.logo_url;
    const before = await stored();
    const renamed = await upload(a.id, PDF, 'image/png');
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json()).toEqual({
      code: 422,
      error: 'content.upload_not_image',
      message: 'This file is not a JPEG, PNG or WebP image',
    });
    expect((await upload(a.id, PDF, 'image/png', { 'accept-language': 'fr' })).json().message).toBe(
      'Ce fichier n’est pas une image JPEG, PNG ou WebP',
    );
    const truncated = (await transparentPng(400, 400)).subarray(0, 80);
    expect((await upload(a.id, truncated)).statusCode).toBe(422);
    expect((await upload(a.id, Buffer.alloc(0))).statusCode).toBe(422);

    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
    const tooBig = await upload(a.id, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({
      code: 413,
      error: 'content.upload_too_large',
      message: 'This file is larger than 10 MB: make it smaller and try again',
    });

    const wrongType = await upload(a.id, PDF, 'application/pdf');
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().message).toBe('Send the image file itself (JPEG, PNG or WebP)');

    expect(await stored()).toEqual(before);
    expect((await publicPage(a.slug)).json().data.logo_url).toBe(good);
  });

  it('refuses an unknown sub-partner (404) and a reviewer (403) before storing anything', async () => {
    const a = await agency();
    const before = await stored();
    const png = await transparentPng(100, 100);
    expect((await upload(999_999, png)).json()).toEqual({
      code: 404,
      error: 'subpartners.not_found',
      message: 'No sub-partner has this id',
    });
    expect((await upload(a.id, png, 'image/png', {}, reviewer.token)).statusCode).toBe(403);
    expect((await upload('x', png)).statusCode).toBe(422);
    expect((await remove(999_999)).statusCode).toBe(404);
    expect(await stored()).toEqual(before);
  });

  it('removes the logo with its file, audited; removing none changes nothing', async () => {
    const a = await agency();
    const url = (await upload(a.id, await transparentPng(256, 128))).json().data.logo_url as string;
    const res = await remove(a.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.logo_url).toBeNull();
    expect(fs.existsSync(path.join(uploadsDir(), url.split('/').pop()!))).toBe(false);
    expect((await publicPage(a.slug)).json().data.logo_url).toBeNull();
    const audit = await auditOf(a.id);
    expect(audit.at(-1)!.action).toBe('subpartner.logo_remove');
    expect(JSON.parse(audit.at(-1)!.before!).logo_url).toBe(url);
    const before = await stored();
    expect((await remove(a.id)).statusCode).toBe(200);
    expect(await stored()).toEqual(before);
  });

  it('keeps nothing of an upload whose audit line cannot be written', async () => {
    const a = await agency();
    const previous = (await upload(a.id, await transparentPng(200, 100))).json().data.logo_url;
    const before = await stored();
    const postgres = t.database.dialect === 'postgres';
    if (postgres) {
      await sql`create or replace function pp_test_refuse() returns trigger as $$ begin raise exception 'refused by the test'; end $$ language plpgsql`.execute(
        db(),
      );
      await sql`create trigger pp_test_refuse before insert on audit_log for each row execute function pp_test_refuse()`.execute(
        db(),
      );
    } else {
      await sql`create trigger pp_test_refuse before insert on audit_log begin select raise(abort, 'refused by the test'); end`.execute(
        db(),
      );
    }
    try {
      expect((await upload(a.id, await transparentPng(300, 300, '#16a34a'))).statusCode).toBe(500);
      expect((await remove(a.id)).statusCode).toBe(500);
    } finally {
      await sql`drop trigger pp_test_refuse${postgres ? sql` on audit_log` : sql``}`.execute(db());
    }
    // The old logo is still the one shown, its file still there; the new one left no file or row.
    expect(await stored()).toEqual(before);
    expect((await media(previous)).statusCode).toBe(200);
  });
});
