import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompressDirectory } from './scripts/lib/precompress';
import { catalogParts } from './scripts/lib/catalog-parts';

/**
 * Brotli and gzip twins of every built text file, for the server to pick by Accept-Encoding
 * (decisions/015). index.html is left out: the server fills in its credentials at start and
 * compresses that page itself.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDirectory(outDir, { skip: (file) => file === 'index.html' });
    },
  };
}

/**
 * The account's shared code as one chunk, loaded by the full app with the router. Every account
 * page needs the account shell and what it imports beyond the entry's code (the API hooks of the
 * bell, the badges and the survey, the live push, the avatar, the formatters, …), the first-data
 * prefetch (app/account/prefetch-account.ts) and the pages' shared parts (skeletons, cards, the list table).
 * Left to the bundler these were about twenty chunks of 0.1–7 kB, one per set of importers, each a
 * request made only once the router's code had run: on HTTP/1.1 (six connections to an origin) a
 * phone pays them in round trips, and Lighthouse's simulation with it (docs/performance-log.md). The
 * modules statically reachable from the roots below, less the entry's (the sign-in's download is
 * unchanged), are this chunk.
 */
function accountChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const roots = [
    'web/app/full-app.tsx',
    'web/app/account/AccountShell.tsx',
    'web/app/account/prefetch-account.ts',
    'web/components/card.tsx',
    'web/components/skeleton.tsx',
    'web/components/states.tsx',
    'web/components/status.tsx',
    'web/components/pager.tsx',
    'web/components/table.tsx',
    'web/lib/clipboard.ts',
  ];
  let members = new Set<string>();
  const plugin: Plugin = {
    name: 'portal-account-chunk',
    apply: 'build',
    buildEnd() {
      const reach = (from: string[]) => {
        const seen = new Set<string>();
        const queue = [...from];
        for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const entry = reach([path.resolve('web/main.tsx')]);
      // What the entry's own early chunks need (a product's or Grab and Go's first screen) stays
      // out: they must not import this one, or a visit would download the full app before its
      // skeleton.
      const early = reach([
        path.resolve('web/app/account/first-product.ts'),
        path.resolve('web/app/account/first-gallery.ts'),
      ]);
      members = new Set(
        [...reach(roots.map((root) => path.resolve(root)))].filter(
          (id) => !entry.has(id) && !early.has(id) && !id.includes('node_modules'),
        ),
      );
    },
  };
  return { plugin, test: (id) => members.has(id) };
}
const account = accountChunk();
/** The packages only the full app loads (see the `app` group below). */
const APP_PACKAGES =
  /node_modules[\\/](react-router|@tanstack|cookie|set-cookie-parser|react-toastify|clsx)[\\/].*\.m?js$/;

/**
 * The content kit's pages (the five documents, a product's talking points) and what they share
 * (the document view, the caption check, the copy button) as one chunk, for the same reason: about
 * seven chunks otherwise, each a request after the router's. Grab and Go's gallery keeps its own.
 */
const FIRST_SCREEN_SHARED =
  /(web[\\/](features[\\/]content[\\/](media[\\/]artwork|first-screen[\\/][^\\/]+|gallery[\\/]first-screen)|lib[\\/]product-names)|common[\\/]products)\.tsx?$/;
const CONTENT_CHUNK = /(web[\\/]features[\\/]content[\\/][^\\/]+\.tsx?$)|(common[\\/]caption-check\.ts$)/;

// The SPA lives in web/; its build lands in dist/web, which the API server serves.
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [catalogParts(), react(), tailwindcss(), account.plugin, precompress()],
  resolve: {
    alias: [
      // React Router's package exports only its development build, with its warnings on; the
      // production build beside it is the same code with them off: smaller and faster on a phone.
      // (Tests keep the development build: vitest.config.ts has no such alias.)
      {
        find: /^react-router$/,
        replacement: path.resolve('node_modules/react-router/dist/production/index.mjs'),
      },
      // zod without its eval probe, which the CSP blocks and Chromium reports (web/lib/zod.ts).
      { find: /^zod$/, replacement: path.resolve('web/lib/zod.ts') },
    ],
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What /login needs (React, i18next) apart from what only the full app needs (React
          // Router, TanStack Query): /login renders without the latter (decisions/015).
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|use-sync-external-store)[\\/]/,
            },
            // The full app (full-app.tsx and the route table), React Router and TanStack Query,
            // the account's shared code (accountChunk above) and react-toastify, which every
            // account page's code imports: one file, since every visit that leaves the sign-in
            // loads them all at once. As four chunks they were four requests, and four
            // `modulepreload` links that Vite's preload helper appended to the document, 30–80 ms
            // of main-thread work at Lighthouse's fourfold slowdown (one chunk: `appendChild` 22–35 →
            // 8–12 ms, docs/performance-log.md, 2026-11-26, night). Only
            // the modules listed: their dependencies in the entry stay there. No module of the
            // entry imports one of them, so the chunks import each other in one direction only.
            {
              name: 'app',
              test: (id: string) => APP_PACKAGES.test(id) || account.test(id),
              includeDependenciesRecursively: false,
            },
            // What both the entry's early chunk and the full app's or the content pages' code
            // draw a page's first screen with (pictures' renditions, a product's first screen, the
            // products' names): one small shared file, not one per module, each a request.
            { name: 'first-screen', test: FIRST_SCREEN_SHARED, includeDependenciesRecursively: false },
            { name: 'content', test: CONTENT_CHUNK, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/socket.io': { target: 'http://127.0.0.1:3000', ws: true } },
  },
});
