// The profile picture (docs/product/links-and-integrations.md#profile-picture `POST /api/set_avatar`, docs/product/content.md#staff-edits and docs/product/links-and-integrations.md#profile-picture): a real image
// in the multipart field `picture`, judged by its bytes, becomes a 512×512 WebP without metadata
// (the centre of one that is not square), served at /api/media/{name}; the user answers as
// /api/update does, and the partner's other tabs hear `partner_changed`. A refusal is a clear
// 4xx and changes nothing: no file, no row, the same picture.
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import sharp from 'sharp';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import type { TestApp } from '../../test/app';
import { bearer, createStaffWithToken } from '../../test/payouts-fixture';
import { issueToken } from '../auth/service';
import { createPartnerAccount, decryptPayload, findPartnerById } from '../partners/service';
import { resolveProgramSecrets } from '../settings/service';

const solid = (width: number, height: number, background = { r: 246, g: 166, b: 35 }) =>
  sharp({ create: { width, height, channels: 3, background } });

// A small but real PDF: what a renamed document looks like inside.
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

interface Part {
  name: string;
  data: Buffer | string;
  filename?: string;
  type?: string;
}

const BOUNDARY = '----avatar-test-boundary-7MA4YWxkTrZu0gW';

/** A multipart/form-data body as a browser's FormData sends it. */
function form(parts: Part[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const type =
      part.filename !== undefined ? `\r\nContent-Type: ${part.type ?? 'application/octet-stream'}` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`),
      Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const picture = (data: Buffer, filename = 'me.jpg', type = 'image/jpeg'): Part => ({
  name: 'picture',
  data,
  filename,
  type,
});

interface Who {
  id: number;
  uuid: string;
  token: string;
}

describe('the profile picture', () => {
  let t: TestApp;
  let key: Buffer;
  let ana: Who;
  let ben: Who;
  let staffToken: string;

  const uploadsDir = () => path.join(t.dataDir, 'uploads');
  const files = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).sort() : []);
  const mediaRows = async () =>
    Number(
      (await sql<{ n: number | string }>`select count(*) as n from media`.execute(t.database.db)).rows[0]?.n,
    );
  const pictureOf = async (who: Who) => (await findPartnerById(t.database.db, who.id))?.user_picture ?? null;

  const send = (
    who: Who | null,
    payload: Buffer | string | undefined,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/set_avatar',
      headers: {
        ...(who ? bearer(who.token) : {}),
        ...(payload === undefined ? {} : { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }),
        ...headers,
      },
      ...(payload === undefined ? {} : { payload }),
    });
  const upload = (who: Who, parts: Part[], headers: Record<string, string> = {}) =>
    send(who, form(parts), headers);
  const user = (res: { json(): { data: string } }) =>
    decryptPayload(key, res.json().data) as Record<string, unknown>;
  const storedFile = (url: string) => path.join(uploadsDir(), url.split('/').pop()!);

  /** The request is refused with this status and message, and nothing at all changes. */
  const expectRefused = async (
    request: () => Promise<Awaited<ReturnType<typeof send>>>,
    status: number,
    message: string | RegExp,
  ) => {
    const before = {
      files: files(),
      rows: await mediaRows(),
      ana: await pictureOf(ana),
      ben: await pictureOf(ben),
    };
    const res = await request();
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ code: status });
    expect(res.json().message).toMatch(message);
    expect({
      files: files(),
      rows: await mediaRows(),
      ana: await pictureOf(ana),
      ben: await pictureOf(ben),
    }).toEqual(before);
    return res;
  };

  const partner = async (email: string, first: string): Promise<Who> => {
    const created = await createPartnerAccount(t.database.db, {
      email,
      password: `password-${first}`,
      first_name: first,
      last_name: 'Partner',
      verified: 1,
      locale: 'en',
    });
    return {
      id: created.id,
      uuid: created.uuid,
      token: (await issueToken(t.database.db, 'partner', created.id)).token,
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    key = (await resolveProgramSecrets(t.database.db, t.config)).userPayloadKey;
    ana = await partner('ana.avatar@example.test', 'Ana');
    ben = await partner('ben.avatar@example.test', 'Ben');
    staffToken = (await createStaffWithToken(t.database.db, 'admin')).token;
  });
  afterAll(() => t.close());

  it('stores a phone JPEG as an upright 512×512 WebP without its EXIF, served as immutable, and answers the user', async () => {
    // Held sideways (EXIF orientation 6) with a camera make and GPS-like data.
    const jpeg = await solid(1200, 800)
      .jpeg()
      .withMetadata({
        orientation: 6,
        exif: { IFD0: { Make: 'PhoneCam', Model: 'Pocket 12' }, IFD3: { GPSLatitudeRef: 'N' } },
      })
      .toBuffer();
    const res = await upload(ana, [picture(jpeg)]);
    expect(res.statusCode, res.body).toBe(200);
    const answered = user(res);
    expect(answered).toMatchObject({ uuid: ana.uuid, email: 'ana.avatar@example.test', first_name: 'Ana' });
    const url = answered.user_picture as string;
    expect(url).toMatch(/^\/api\/media\/[a-f0-9]{32}\.webp$/);
    expect(await pictureOf(ana)).toBe(url);

    const file = fs.readFileSync(storedFile(url));
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(file.includes(Buffer.from('PhoneCam'))).toBe(false);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(file)).toBe(true);
    // /api/get says the same.
    const profile = await t.app.inject({ method: 'GET', url: '/api/get', headers: bearer(ana.token) });
    expect(user(profile).user_picture).toBe(url);
  });

  it('takes PNG and WebP, judged by their bytes whatever the name and declared type', async () => {
    const png = await upload(ana, [
      picture(await solid(600, 600).png().toBuffer(), 'photo.webp', 'application/octet-stream'),
    ]);
    expect(png.statusCode, png.body).toBe(200);
    const webp = await upload(ana, [
      picture(await solid(700, 700, { r: 20, g: 90, b: 200 }).webp().toBuffer(), 'photo.png', 'image/png'),
    ]);
    expect(webp.statusCode, webp.body).toBe(200);
    const url = user(webp).user_picture as string;
    expect(await sharp(fs.readFileSync(storedFile(url))).metadata()).toMatchObject({
      format: 'webp',
      width: 512,
      height: 512,
    });
  });

  it('keeps the centre of a picture that is not square', async () => {
    // 900×300: red, green and blue thirds. The centred square is the green third alone.
    const thirds = await sharp({
      create: { width: 900, height: 300, channels: 3, background: { r: 255, g: 0, b: 0 } },
    })
      .composite([
        { input: await solid(300, 300, { r: 0, g: 255, b: 0 }).png().toBuffer(), left: 300, top: 0 },
        { input: await solid(300, 300, { r: 0, g: 0, b: 255 }).png().toBuffer(), left: 600, top: 0 },
      ])
      .png()
      .toBuffer();
    const res = await upload(ana, [picture(thirds, 'wide.png', 'image/png')]);
    expect(res.statusCode, res.body).toBe(200);
    const { data, info } = await sharp(fs.readFileSync(storedFile(user(res).user_picture as string)))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 512, height: 512 });
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    for (const [x, y] of [
      [4, 4],
      [256, 256],
      [507, 507],
      [4, 507],
      [507, 4],
    ] as const) {
      const [r, g, b] = at(x, y);
      expect(g, `pixel ${x},${y}`).toBeGreaterThan(200);
      expect(r, `pixel ${x},${y}`).toBeLessThan(60);
      expect(b, `pixel ${x},${y}`).toBeLessThan(60);
    }
  });

  it('removes the picture it replaces, with its renditions; the same picture again changes nothing', async () => {
    const first = user(
      await upload(ana, [
        picture(await solid(400, 400, { r: 200, g: 30, b: 90 }).png().toBuffer(), 'a.png', 'image/png'),
      ]),
    ).user_picture as string;
    expect((await t.app.inject({ method: 'GET', url: `${first}?w=240` })).statusCode).toBe(200);
    const rendition = path.join(t.dataDir, 'media-cache', 'w240', first.split('/').pop()!);
    expect(fs.existsSync(rendition)).toBe(true);

    const again = user(
      await upload(ana, [
        picture(await solid(400, 400, { r: 200, g: 30, b: 90 }).png().toBuffer(), 'a.png', 'image/png'),
      ]),
    ).user_picture;
    expect(again).toBe(first);
    expect(fs.existsSync(storedFile(first))).toBe(true);

    const second = user(
      await upload(ana, [
        picture(await solid(400, 400, { r: 10, g: 30, b: 190 }).png().toBuffer(), 'b.png', 'image/png'),
      ]),
    ).user_picture as string;
    expect(second).not.toBe(first);
    expect(fs.existsSync(storedFile(first))).toBe(false);
    expect(fs.existsSync(rendition)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    // Only Ana's current picture is kept of all she sent.
    expect(files()).toEqual([second.split('/').pop()]);
  });

  it('changes the caller’s picture only, and tells the caller’s other tabs', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const open = async (who: Who) => {
      const socket = connect(url, {
        auth: { token: who.token },
        transports: ['websocket'],
        reconnection: false,
      });
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', () => resolve());
        socket.on('connect_error', reject);
      });
      return socket;
    };
    const sockets: Socket[] = [await open(ben), await open(ana)];
    const [benSocket, anaSocket] = sockets as [Socket, Socket];
    try {
      const heard = { ana: 0, ben: 0 };
      anaSocket.on('partner_changed', () => heard.ana++);
      benSocket.on('partner_changed', () => heard.ben++);
      const anaBefore = await pictureOf(ana);
      const benBefore = await pictureOf(ben);
      const received = new Promise((resolve) => benSocket.once('partner_changed', resolve));

      // Ben's token: the route has no id, the change is Ben's whatever the body says.
      const res = await upload(ben, [
        picture(await solid(500, 500, { r: 90, g: 10, b: 120 }).jpeg().toBuffer()),
      ]);
      expect(res.statusCode, res.body).toBe(200);
      expect(user(res)).toMatchObject({ uuid: ben.uuid, email: 'ben.avatar@example.test' });
      await received;
      expect(await pictureOf(ben)).toBe(user(res).user_picture);
      expect(await pictureOf(ben)).not.toBe(benBefore);
      expect(await pictureOf(ana)).toBe(anaBefore);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard).toEqual({ ana: 0, ben: 1 });
    } finally {
      for (const socket of sockets) socket.close();
    }
  });

  it('refuses a PDF renamed as a JPEG with 422 and the message, in the visitor’s language', async () => {
    await expectRefused(
      () => upload(ana, [picture(PDF, 'me.jpg', 'image/jpeg')]),
      422,
      'This file is not a JPEG, PNG or WebP image',
    );
    await expectRefused(
      () => upload(ana, [picture(PDF, 'moi.jpg', 'image/jpeg')], { 'accept-language': 'fr' }),
      422,
      'Ce fichier n’est pas une image JPEG, PNG ou WebP',
    );
    await expectRefused(
      () => upload(ana, [picture(Buffer.alloc(0), 'empty.png', 'image/png')]),
      422,
      'This file is not a JPEG, PNG or WebP image',
    );
    const jpeg = await solid(400, 400).jpeg().toBuffer();
    await expectRefused(
      () => upload(ana, [picture(jpeg.subarray(0, Math.floor(jpeg.length / 2)))]),
      422,
      'This image could not be read: the file may be damaged',
    );
  });

  it('refuses more than 10 MB with 413: announced, or counted as it streams in', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 0);
    big.set([0xff, 0xd8, 0xff], 0);
    await expectRefused(
      () => upload(ana, [picture(big)]),
      413,
      'This file is larger than 10 MB: make it smaller and try again',
    );
    await expectRefused(
      () => upload(ana, [picture(big)], { 'accept-language': 'fr' }),
      413,
      'Ce fichier dépasse 10 Mo\u00a0: réduisez-le et réessayez',
    );
    // One byte over, within the form's framing allowance: the parser's own count refuses it.
    const justOver = big.subarray(0, 10 * 1024 * 1024 + 1);
    await expectRefused(
      () => upload(ana, [picture(justOver)]),
      413,
      'This file is larger than 10 MB: make it smaller and try again',
    );
  });

  it('refuses a 50-megapixel image (small as a file) with 422', async () => {
    const huge = await solid(10_000, 5_000).png({ compressionLevel: 9 }).toBuffer();
    expect(huge.length).toBeLessThan(10 * 1024 * 1024);
    await expectRefused(
      () => upload(ana, [picture(huge, 'huge.png', 'image/png')]),
      422,
      'This image is larger than 40 megapixels: make it smaller and try again',
    );
  });

  it('refuses a form without the picture, with another field name, or with more than the picture', async () => {
    const png = await solid(300, 300).png().toBuffer();
    const missing = 'Send one picture (JPEG, PNG or WebP) in the form field “picture”';
    const none = await expectRefused(() => upload(ana, [{ name: 'note', data: 'hello' }]), 422, missing);
    expect(none.json().errors).toEqual({ picture: [missing] });
    await expectRefused(() => upload(ana, []), 422, missing);
    await expectRefused(
      () => upload(ana, [{ name: 'photo', data: png, filename: 'me.png', type: 'image/png' }]),
      422,
      missing,
    );
    // The picture sent as a text field is no file.
    await expectRefused(() => upload(ana, [{ name: 'picture', data: 'me.png' }]), 422, missing);
    await expectRefused(
      () => upload(ana, [picture(png, 'a.png', 'image/png'), picture(png, 'b.png', 'image/png')]),
      422,
      missing,
    );
    await expectRefused(
      () => upload(ana, [picture(png, 'a.png', 'image/png'), { name: 'extra', data: 'x' }]),
      422,
      missing,
    );
    await expectRefused(
      () =>
        upload(ana, [{ name: 'photo', data: png, filename: 'me.png', type: 'image/png' }], {
          'accept-language': 'fr',
        }),
      422,
      'Envoyez une seule image (JPEG, PNG ou WebP) dans le champ «\u00a0picture\u00a0» du formulaire',
    );
  });

  it('refuses what is not a multipart form with 415, and a broken form with 400', async () => {
    const png = await solid(300, 300).png().toBuffer();
    const formType = 'Send the picture as a form (multipart/form-data) in the field “picture”';
    await expectRefused(() => send(ana, png, { 'content-type': 'image/png' }), 415, formType);
    await expectRefused(
      () => send(ana, JSON.stringify({ picture: 'x' }), { 'content-type': 'application/json' }),
      415,
      formType,
    );
    await expectRefused(() => send(ana, undefined), 415, formType);
    await expectRefused(
      () => send(ana, png, { 'content-type': 'multipart/form-data' }),
      400,
      'The form could not be read: send the picture again',
    );
    // Cut short: the closing boundary never comes.
    const cut = form([picture(png, 'a.png', 'image/png')]);
    await expectRefused(
      () => send(ana, cut.subarray(0, cut.length - 60)),
      400,
      'The form could not be read: send the picture again',
    );
  });

  it('is for a signed-in partner only', async () => {
    const png = await solid(300, 300).png().toBuffer();
    await expectRefused(() => send(null, form([picture(png, 'a.png', 'image/png')])), 401, 'Not Authorized');
    await expectRefused(
      () => send({ id: 0, uuid: '', token: staffToken }, form([picture(png, 'a.png', 'image/png')])),
      401,
      'Not Authorized',
    );
    await expectRefused(
      () => send({ id: 0, uuid: '', token: 'forged-token' }, form([picture(png, 'a.png', 'image/png')])),
      401,
      'Not Authorized',
    );
    const remove = await t.app.inject({
      method: 'DELETE',
      url: '/api/set_avatar',
      headers: bearer(staffToken),
    });
    expect(remove.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/set_avatar' })).statusCode).toBe(401);
  });

  it('removes the picture: back to the fallback, the file gone, the other partner untouched', async () => {
    const current = (await pictureOf(ana))!;
    expect(fs.existsSync(storedFile(current))).toBe(true);
    const benPicture = await pictureOf(ben);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/set_avatar', headers: bearer(ana.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(user(res)).toMatchObject({ uuid: ana.uuid, user_picture: null });
    expect(await pictureOf(ana)).toBeNull();
    expect(fs.existsSync(storedFile(current))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: current })).statusCode).toBe(404);
    expect(await pictureOf(ben)).toBe(benPicture);
    expect(fs.existsSync(storedFile(benPicture!))).toBe(true);
    // Again: nothing to remove, the same answer.
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/api/set_avatar',
      headers: bearer(ana.token),
    });
    expect(again.statusCode).toBe(200);
    expect(user(again).user_picture).toBeNull();
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const route = doc.paths['/api/set_avatar'];
    expect(route.post.requestBody.content['multipart/form-data'].schema.properties.picture).toMatchObject({
      type: 'string',
      format: 'binary',
    });
    expect(route.post.security).toEqual([{ partner: [] }]);
    expect(route.delete.responses['200']).toBeDefined();
  });
});
