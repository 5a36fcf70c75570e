// Brotli and gzip twins of the built SPA's files (`app.js` → `app.js.br`, `app.js.gz`), written
// once at build time at the highest levels, so the server only picks a file by Accept-Encoding
// and never compresses per request (decisions/015).
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats only: images and fonts are compressed already. Source maps are only read by devtools. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/i;
/** Below this, the saving is smaller than a network packet and not worth a file. */
const MIN_BYTES = 1024;

export interface CompressedFile {
  /** Path relative to the directory, with forward slashes. */
  file: string;
  size: number;
  gzip: number;
  brotli: number;
}

export async function precompressDirectory(
  dir: string,
  options: { skip?: (file: string) => boolean } = {},
): Promise<CompressedFile[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const results = await Promise.all(
    files.map(async (absolute): Promise<CompressedFile | null> => {
      const file = path.relative(dir, absolute).split(path.sep).join('/');
      if (options.skip?.(file)) return null;
      const source = await fs.readFile(absolute);
      // A rebuilt file must never be served through the twins of its previous content.
      await Promise.all([fs.rm(`${absolute}.br`, { force: true }), fs.rm(`${absolute}.gz`, { force: true })]);
      if (source.length < MIN_BYTES) return null;
      const [br, gz] = await Promise.all([
        brotli(source, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      // A twin that is not smaller would only cost a file.
      if (gz.length >= source.length) return null;
      await Promise.all([fs.writeFile(`${absolute}.br`, br), fs.writeFile(`${absolute}.gz`, gz)]);
      return { file, size: source.length, gzip: gz.length, brotli: br.length };
    }),
  );
  return results.filter((result): result is CompressedFile => result !== null);
}
