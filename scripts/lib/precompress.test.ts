import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-precompress-'));
  fs.mkdirSync(path.join(dir, 'assets'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const text = (lines: number) =>
  Array.from({ length: lines }, (_, index) => `export const value${index} = "line ${index}";`).join('\n');

describe('precompressDirectory', () => {
  it('writes Brotli and gzip twins that decompress to the original', async () => {
    const source = text(200);
    fs.writeFileSync(path.join(dir, 'assets', 'app-1a2b3c.js'), source);
    fs.writeFileSync(path.join(dir, 'assets', 'app-1a2b3c.css'), `.a{color:red}\n`.repeat(200));
    const written = await precompressDirectory(dir);
    const js = path.join(dir, 'assets', 'app-1a2b3c.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${js}.br`)).toString()).toBe(source);
    expect(zlib.gunzipSync(fs.readFileSync(`${js}.gz`)).toString()).toBe(source);
    expect(fs.existsSync(path.join(dir, 'assets', 'app-1a2b3c.css.br'))).toBe(true);
    const entry = written.find((file) => file.file === 'assets/app-1a2b3c.js');
    expect(entry?.size).toBe(Buffer.byteLength(source));
    expect(entry?.brotli).toBe(fs.statSync(`${js}.br`).size);
    expect(entry?.gzip).toBe(fs.statSync(`${js}.gz`).size);
  });

  it('leaves alone what would not gain: tiny files, images, source maps and skipped files', async () => {
    fs.writeFileSync(path.join(dir, 'tiny.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dir, 'assets', 'photo.png'), Buffer.alloc(4096, 7));
    fs.writeFileSync(path.join(dir, 'assets', 'app.js.map'), text(200));
    fs.writeFileSync(path.join(dir, 'index.html'), `<p>${text(200)}</p>`);
    await precompressDirectory(dir, { skip: (file) => file === 'index.html' });
    const names = fs.readdirSync(dir, { recursive: true }).map(String);
    expect(names.filter((name) => name.endsWith('.br') || name.endsWith('.gz'))).toEqual([]);
  });

  it('replaces stale twins of a rebuilt file', async () => {
    const file = path.join(dir, 'assets', 'theme.js');
    fs.writeFileSync(file, text(100));
    await precompressDirectory(dir);
    fs.writeFileSync(file, text(300));
    await precompressDirectory(dir);
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(text(300));
  });
});
