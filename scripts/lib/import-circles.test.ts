// No import circles in server/, web/ or common/ (issue 32): two files that each need the other
// load in an order that depends on who asked first, and a module cannot be moved or split alone.
// Tests and test helpers are scanned too: they are loaded the same way, and a helper that
// imports back into what it helps is the same knot.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  describeCircles,
  importCircles,
  importGraph,
  importSpecifiers,
  resolveImport,
} from './import-circles';
import type { ImportGraph } from './import-circles';

describe('the circle finder', () => {
  it('finds each strongly connected knot, and a file that imports itself', () => {
    const graph: ImportGraph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['a.ts', 'c.ts']],
      ['c.ts', ['d.ts']],
      ['d.ts', ['e.ts']],
      ['e.ts', ['c.ts']],
      ['f.ts', ['a.ts']],
      ['g.ts', ['g.ts']],
      ['h.ts', []],
    ]);
    expect(importCircles(graph)).toEqual([['a.ts', 'b.ts'], ['c.ts', 'd.ts', 'e.ts'], ['g.ts']]);
    expect(describeCircles(graph, importCircles(graph))).toBe(
      'a.ts → b.ts → a.ts\nc.ts → d.ts → e.ts → c.ts\n  (3 files in this circle: c.ts, d.ts, e.ts)\ng.ts → g.ts',
    );
    expect(
      importCircles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('reads every kind of import: type-only, re-exports, import() and types written as import()', () => {
    const text = [
      "import type { A } from './a';",
      "export { b } from '../b';",
      "export * from './c';",
      "const load = async () => (await import('./d')).D;",
      "type E = import('./e').E;",
      "import { z } from 'zod';",
      "declare module 'fastify' { interface FastifyRequest { x?: number } }",
      "// import { f } from './commented-out';",
      'const text = "import { g } from \'./in-a-string\'";',
    ].join('\n');
    expect(importSpecifiers(text)).toEqual(['./a', '../b', './c', './d', './e']);
  });

  it('resolves a path as the bundler does: extensions, .js for .ts, a folder index; other files are not sources', () => {
    const files = new Set(['x/a.ts', 'x/b.tsx', 'x/c/index.ts', 'x/d.ts']);
    expect(resolveImport('x/y.ts', './a', files)).toBe('x/a.ts');
    expect(resolveImport('x/y.ts', './b', files)).toBe('x/b.tsx');
    expect(resolveImport('x/y.ts', './c', files)).toBe('x/c/index.ts');
    expect(resolveImport('x/y.ts', './d.js', files)).toBe('x/d.ts');
    expect(resolveImport('x/c/index.ts', '../a?raw', files)).toBe('x/a.ts');
    expect(resolveImport('x/y.ts', './data.json', files)).toBeUndefined();
    expect(resolveImport('x/y.ts', './missing', files)).toBeUndefined();
  });

  describe('on a planted circle in a folder', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'import-circles-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };
    // a → b (type only) → c (a lazy import, spelled .js) → d/index (a re-export) → a.
    write('src/a.ts', "import type { B } from './b';\nexport type A = B;\nexport const a = 1;\n");
    write('src/b.ts', "export type B = number;\nexport const load = () => import('./c.js');\n");
    write('src/c.tsx', "export * from './d';\n");
    write('src/d/index.ts', "export { a } from '../a';\n");
    write(
      'src/e.ts',
      "import { a } from './a';\nimport data from './data.json';\nexport const e = [a, data];\n",
    );
    write('src/data.json', '{}\n');
    write('other/f.ts', "import { e } from '../src/e';\nexport const f = e;\n");

    it('lists it, and nothing that only leads into it', () => {
      const graph = importGraph(root, ['src', 'other']);
      expect(graph.get('src/e.ts')).toEqual(['src/a.ts']);
      const circles = importCircles(graph);
      expect(circles).toEqual([['src/a.ts', 'src/b.ts', 'src/c.tsx', 'src/d/index.ts']]);
      expect(describeCircles(graph, circles)).toMatch(
        /^src\/a\.ts → src\/b\.ts → src\/c\.tsx → src\/d\/index\.ts → src\/a\.ts\n/,
      );
    });

    it('finds none once the loop is cut', () => {
      write('src/d/index.ts', 'export const a = 1;\n');
      expect(importCircles(importGraph(root, ['src', 'other']))).toEqual([]);
    });
  });
});

describe('the repository', () => {
  it('has no import circle in server/, web/ or common/', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const graph = importGraph(root, ['server', 'web', 'common']);
    expect(graph.size).toBeGreaterThan(500);
    // The failure's diff is the list: each circle's shortest loop, and every file of a larger knot.
    expect(describeCircles(graph, importCircles(graph))).toBe('');
  });
});
