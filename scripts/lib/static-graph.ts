// What a built page downloads before it runs: the entry script of dist/web/index.html and every
// chunk it imports statically, transitively (dynamic imports are left out: they load later, on
// demand). With the sourcemaps, which source files each of those chunks holds (decisions/015).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface StaticGraph {
  /** Paths of the chunks under the build's root, e.g. `assets/index-abc.js`, entry first. */
  chunks: string[];
  /** The source files bundled into those chunks, as their sourcemaps name them. */
  sources: string[];
}

// A static import as Rolldown writes it: `import{a as b}from"./x.js"` or `import"./x.js"`;
// a dynamic `import("./x.js")` has a parenthesis and does not match.
const STATIC_IMPORT = /\bimport\s*(?:[\w*{}\s,$]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

export function entryScript(outDir: string): string {
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const match = /<script\b[^>]*type="module"[^>]*\bsrc="\/([^"]+\.js)"/.exec(html);
  if (!match?.[1]) throw new Error(`${outDir}/index.html has no module script`);
  return match[1];
}

export function staticGraph(outDir: string, start: string = entryScript(outDir)): StaticGraph {
  const chunks: string[] = [];
  const sources = new Set<string>();
  const pending = [start];
  while (pending.length > 0) {
    const chunk = pending.shift() as string;
    if (chunks.includes(chunk)) continue;
    chunks.push(chunk);
    const code = readFileSync(path.join(outDir, chunk), 'utf8');
    for (const [, specifier] of code.matchAll(STATIC_IMPORT))
      pending.push(path.posix.join(path.posix.dirname(chunk), specifier as string));
    const map = path.join(outDir, `${chunk}.map`);
    if (existsSync(map)) {
      const { sources: files = [] } = JSON.parse(readFileSync(map, 'utf8')) as { sources?: string[] };
      for (const file of files) sources.add(path.posix.join(path.posix.dirname(chunk), file));
    }
  }
  return { chunks, sources: [...sources] };
}

/** Source files of packages among `sources`, by package name (`react-router`, `@tanstack/query-core`). */
export function packagesIn(sources: readonly string[]): string[] {
  const names = new Set<string>();
  for (const source of sources) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source);
    if (match?.[1]) names.add(match[1]);
  }
  return [...names].sort();
}
