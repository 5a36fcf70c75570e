// /login's first download (decisions/015): the SPA built as `npm run build` builds it; what the
// entry imports statically must hold React and i18next but neither React Router nor TanStack
// Query, which load with the full app when the visitor leaves the sign-in.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import { packagesIn, staticGraph, type StaticGraph } from './static-graph';

const outDir = mkdtempSync(path.join(tmpdir(), 'portal-static-graph-'));
let graph: StaticGraph;

beforeAll(async () => {
  await build({
    configFile: path.resolve('vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  });
  graph = staticGraph(outDir);
}, 180_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe("/login's static import graph in the production build", () => {
  it('holds React, React DOM and i18next: the graph is read from the real chunks and their sourcemaps', () => {
    expect(graph.chunks[0]).toMatch(/^assets\/index-.+\.js$/);
    expect(packagesIn(graph.sources)).toEqual(
      expect.arrayContaining(['react', 'react-dom', 'i18next', 'react-i18next']),
    );
    expect(graph.sources.some((source) => source.endsWith('web/features/auth/LoginPage.tsx'))).toBe(true);
  });

  it('holds no React Router and no TanStack Query code', () => {
    const packages = packagesIn(graph.sources);
    expect(packages.filter((name) => name === 'react-router' || name.startsWith('@tanstack/'))).toEqual([]);
  });

  it('holds neither the route table nor the query client, which come with the full app', () => {
    const own = graph.sources.filter((source) => !source.includes('node_modules'));
    for (const file of ['web/app/router.tsx', 'web/lib/query-client.ts', 'web/app/full-app.tsx'])
      expect(own.some((source) => source.endsWith(file))).toBe(false);
  });
});

describe("the entry's early chunks (app/account/first-product.ts and first-gallery.ts, decisions/050, 051)", () => {
  it.each(['first-product', 'first-gallery'])(
    '%s imports neither the full app, its packages nor the content pages: a visit would download them before its skeleton',
    (name) => {
      const chunk = readdirSync(path.join(outDir, 'assets')).find((file) =>
        new RegExp(`^${name}-.+\\.js$`).test(file),
      );
      expect(chunk).toBeDefined();
      const early = staticGraph(outDir, `assets/${chunk}`);
      expect(early.chunks.some((file) => /\/(app|content)-[^/]+\.js$/.test(file))).toBe(false);
      const packages = packagesIn(early.sources);
      expect(packages.filter((name) => name === 'react-router' || name.startsWith('@tanstack/'))).toEqual([]);
      expect(early.sources.some((source) => source.endsWith('web/app/full-app.tsx'))).toBe(false);
      expect(early.sources.some((source) => source.endsWith('web/features/content/ProductPage.tsx'))).toBe(
        false,
      );
    },
  );
});
