// Import circles among the TypeScript sources: files that, following their relative imports,
// reach themselves again. Every kind of import counts: `import type` and `export ... from` too (a
// type-only circle is still two files that each need the other to be understood), and dynamic
// `import()` (a lazy page that imports its registry back is the same knot at run time).
// A scanner pass (`ts.preProcessFile`), no type checking: the whole tree reads in well under a second.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Each file (a path relative to the root, `/`-separated) and the files it imports. */
export type ImportGraph = Map<string, string[]>;

const SOURCE = /\.(ts|tsx)$/;

function sourceFiles(root: string, dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') found.push(...sourceFiles(root, rel));
    } else if (SOURCE.test(entry.name)) {
      found.push(rel);
    }
  }
  return found;
}

/** The relative specifiers a file's text imports, in every form TypeScript knows. */
export function importSpecifiers(text: string): string[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((name) => name.startsWith('./') || name.startsWith('../'));
}

/**
 * The source file `specifier` names from `from`, as the bundler and tsx resolve it: the file itself,
 * with `.ts`/`.tsx` added, a `.js`-style suffix standing for its TypeScript source, or a folder's
 * `index`. Undefined for anything that is not one of `files` (JSON, CSS, images, packages).
 */
export function resolveImport(
  from: string,
  specifier: string,
  files: ReadonlySet<string>,
): string | undefined {
  const target = path.posix.normalize(
    path.posix.join(path.posix.dirname(from), specifier.replace(/[?#].*$/, '')),
  );
  const stem = target.replace(/\.(m?js|jsx)$/, '');
  const candidates = [
    target,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${target}.ts`,
    `${target}.tsx`,
    `${target}/index.ts`,
    `${target}/index.tsx`,
  ];
  return candidates.find((candidate) => SOURCE.test(candidate) && files.has(candidate));
}

/** The import graph of every .ts/.tsx file under `dirs` (relative to `root`), tests included. */
export function importGraph(root: string, dirs: readonly string[]): ImportGraph {
  const files = dirs.flatMap((dir) => sourceFiles(root, dir));
  const known = new Set(files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const targets = new Set<string>();
    for (const specifier of importSpecifiers(text)) {
      const target = resolveImport(file, specifier, known);
      if (target) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/**
 * Every circle of `graph`: its strongly connected components of more than one file, or of one
 * file that imports itself (Tarjan's algorithm, iterative so a deep chain cannot overflow the
 * stack). Each circle's files are sorted, and the circles by their first file.
 */
export function importCircles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const circles: string[][] = [];
  let next = 0;

  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++]!;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      if (component.length > 1 || edges.includes(frame.node)) circles.push(component.sort());
    }
  }
  return circles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** One shortest way round a circle, from its first file back to it: `a → b → a`. */
export function loopThrough(graph: ImportGraph, circle: readonly string[]): string[] {
  const members = new Set(circle);
  const start = circle[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const way: string[] = [];
        for (let at: string | undefined = node; at !== undefined && at !== start; at = cameFrom.get(at))
          way.unshift(at);
        return [start, ...way, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start];
}

/** A report of the circles, one paragraph each: the loop, then how many files the knot holds. */
export function describeCircles(graph: ImportGraph, circles: readonly string[][]): string {
  return circles
    .map((circle) => {
      const loop = loopThrough(graph, circle).join(' → ');
      return circle.length > 2
        ? `${loop}\n  (${circle.length} files in this circle: ${circle.join(', ')})`
        : loop;
    })
    .join('\n');
}
