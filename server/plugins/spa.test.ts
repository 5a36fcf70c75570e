import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../scripts/lib/precompress';
import { createTestApp, type TestApp } from '../test/app';

// A stand-in for the built SPA with the build's precompressed twins, served by the real app.
const publicToken = 'spa-test-public-client-token-0123456789';
const script = Array.from({ length: 300 }, (_, index) => `export const v${index} = "value ${index}";`).join(
  '\n',
);
const indexSource = `<!doctype html><html><head><meta name="portal-client" content="__PORTAL_CLIENT__"><meta name="portal-payload-key" content="__PORTAL_PAYLOAD_KEY__"><title>Portal</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;

let t: TestApp;
let webRoot: string;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-spa-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), indexSource);
  fs.writeFileSync(path.join(webRoot, 'assets', 'index-a1b2c3.js'), script);
  fs.writeFileSync(path.join(webRoot, 'theme-init.js'), `/* theme */\n${script}`);
  fs.writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await precompressDirectory(webRoot, { skip: (file) => file === 'index.html' });
  t = await createTestApp({ env: { PUBLIC_CLIENT_TOKEN: publicToken }, build: { webRoot } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString();
  expect(encoding).toBeUndefined();
  return body.toString();
}

const varies = (header: unknown) =>
  String(header ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

describe('hashed assets', () => {
  const url = '/assets/index-a1b2c3.js';

  it('sends Brotli when the browser accepts it, the same bytes once decompressed', async () => {
    const res = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(script));
    expect(decode('br', res.rawPayload)).toBe(script);
  });

  it('sends gzip when only gzip is accepted', async () => {
    const res = await get(url, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(decode('gzip', res.rawPayload)).toBe(script);
  });

  it('sends the file as it is without Accept-Encoding, or when nothing known is accepted', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ]) {
      const res = await get(url, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(res.body).toBe(script);
    }
  });

  it('says the answer varies by Accept-Encoding and keeps the long immutable caching', async () => {
    for (const encoding of ['br', 'gzip', '']) {
      const res = await get(url, encoding ? { 'accept-encoding': encoding } : {});
      expect(varies(res.headers.vary), encoding).toBe(true);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('keeps no-cache on files whose names carry no hash', async () => {
    const res = await get('/theme-init.js', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(varies(res.headers.vary)).toBe(true);
    expect(decode('br', res.rawPayload)).toBe(`/* theme */\n${script}`);
    // Too small to have twins: sent as it is whatever the browser accepts.
    const icon = await get('/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-encoding']).toBeUndefined();
  });
});

describe('the index page', () => {
  const expectedHtml = () => indexSource.replace('__PORTAL_CLIENT__', publicToken);

  it('is compressed by what the browser accepts, with the credential filled in', async () => {
    const cases: [string, string | undefined][] = [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=1', 'gzip'],
      ['identity', undefined],
      ['', undefined],
    ];
    for (const url of ['/', '/login', '/account/products/acv']) {
      for (const [accept, encoding] of cases) {
        const res = await get(url, accept ? { 'accept-encoding': accept } : {});
        expect(res.statusCode, `${url} ${accept}`).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.headers['content-encoding'], `${url} ${accept}`).toBe(encoding);
        expect(varies(res.headers.vary)).toBe(true);
        const html = decode(encoding, res.rawPayload);
        expect(html).not.toContain('__PORTAL');
        expect(
          html.startsWith(expectedHtml().slice(0, expectedHtml().indexOf('__PORTAL_PAYLOAD_KEY__'))),
        ).toBe(true);
        expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      }
    }
  });

  it('is never cached stale: no-cache with an ETag that a revalidation answers with 304', async () => {
    const first = await get('/login', { 'accept-encoding': 'br' });
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await get('/account', { 'accept-encoding': 'br', 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    // Each encoding is its own representation, with its own tag.
    const plain = await get('/login');
    expect(plain.headers.etag).toMatch(/^"[^"]+"$/);
    expect(plain.headers.etag).not.toBe(etag);
    const stale = await get('/login', { 'accept-encoding': 'br', 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
  });

  it('answers HEAD with the headers only', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/login', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBe(0);
  });
});
