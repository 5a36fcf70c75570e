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

// The SPA lives in web/; its build lands in dist/web, which the API server serves.
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [catalogParts(), react(), tailwindcss(), precompress()],
  resolve: {
    alias: [
      // React Router's package exports only its development build, with its warnings on; the
      // production build beside it is the same code with them off: smaller and faster on a phone.
      // (Tests keep the development build: vitest.config.ts has no such alias.)
      {
        find: /^react-router$/,
        replacement: path.resolve('node_modules/react-router/dist/production/index.mjs'),
      },
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
            {
              name: 'router',
              test: /node_modules[\\/](react-router|@tanstack|cookie|set-cookie-parser)[\\/]/,
            },
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
