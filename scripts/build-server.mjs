// Compiles the server (server/main.ts and everything it imports, packages included) into one
// CommonJS file, dist/server/server.cjs, and puts the entry that loads it beside it as
// dist/server/main.js. Production runs this JavaScript; nothing is transpiled at run time
// (decisions/017).
// Measured (docs/performance-log.md, 2026-11-22): packages loaded from node_modules took about 0.5 s
// of a start, one bundle about half that; `npm run bench:start` guards it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Native addons cannot be bundled; they are loaded from node_modules at run time.
 * pg-native is pg's optional native driver, not installed: pg falls back to JavaScript.
 */
// sharp is a native addon (libvips) too.
// pdfkit loads its fonts through package imports (#standard-fonts/...) that a bundle cannot follow.
export const EXTERNAL = ['better-sqlite3', '@node-rs/argon2', 'pg-native', 'pdfkit', 'sharp'];

/**
 * @param {{ outDir?: string }} [options] where to write (dist/server by default); it must lie inside
 *   the repository, so that the external packages resolve from its node_modules.
 * @returns {Promise<string>} the entry to run with `node`
 */
export async function buildServer(options = {}) {
  const { build } = await import('esbuild');
  const outDir = path.resolve(options.outDir ?? path.join(root, 'dist', 'server'));
  fs.mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: [path.join(root, 'server', 'main.ts')],
    outfile: path.join(outDir, 'server.cjs'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    // CommonJS, not ESM: a CommonJS bundle compiled in less time than the same bundle as an ES
    // module (measured); the entry loads it with require (server-entry.mjs).
    format: 'cjs',
    external: EXTERNAL,
    // The only import.meta in the server locates the repository (server/app.ts); in the bundle it
    // is the bundle's own address.
    define: { 'import.meta.url': '__bundleUrl' },
    banner: { js: "var __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
    // Without whitespace and comments the bundle is pure ASCII (esbuild escapes the rest), so V8
    // holds its source (kept for lazy compilation) in one byte per character, and half as many:
    // a few comments in other scripts made it a 12 MB two-byte string. Names stay readable.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  // esbuild escapes non-ASCII characters in strings and identifiers but not inside regular
  // expression literals: one raw "…" in a regex made the whole bundle a two-byte string again
  // (4 MB more heap). Such a character must be written as an escape (\u2026) in the source.
  const bundle = fs.readFileSync(path.join(outDir, 'server.cjs'));
  const wide = bundle.findIndex((byte) => byte > 0x7f);
  if (wide !== -1) {
    const around = bundle.subarray(Math.max(0, wide - 60), wide + 20).toString('utf8');
    throw new Error(
      `the server bundle must be ASCII; write this character as an escape in the source: …${around}…`,
    );
  }
  fs.copyFileSync(path.join(root, 'scripts', 'server-entry.mjs'), path.join(outDir, 'main.js'));
  return path.join(outDir, 'main.js');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const entry = await buildServer();
  console.error(`server built: ${path.relative(root, entry)}`);
}
