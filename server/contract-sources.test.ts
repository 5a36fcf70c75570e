// The answers are declared in common/contracts/ only (docs/decisions/065): a route's `response`
// names a contract's schema, never one written in its routes file. This reads the routes files'
// source: a `response` whose answer builds a zod schema there (`z.object(`, `z.array(`, ...), is a
// schema the routes file declares, or is made of one the routes file builds with zod fails. A
// contract's factory may still be handed an input schema the routes file only composes from
// imported ones (the content kit's `entryAnswer(body)`, its texts' shapes from common/content.ts).
// A file that must wait is listed below with why; one listed that no longer declares an answer
// fails too, so the list only shrinks.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Routes files that still declare answers, each with why it waits. */
const STILL_TO_MOVE: Record<string, string> = {};

/** The text with its comments and string literals blanked out: same length, same lines. */
function codeOnly(text: string): string {
  let out = '';
  let i = 0;
  const blank = (part: string) => part.replace(/[^\n]/g, ' ');
  while (i < text.length) {
    const two = text.slice(i, i + 2);
    let end = i + 1;
    if (two === '//') {
      end = text.indexOf('\n', i);
      if (end === -1) end = text.length;
    } else if (two === '/*') {
      end = text.indexOf('*/', i + 2);
      end = end === -1 ? text.length : end + 2;
    } else if (text[i] === "'" || text[i] === '"' || text[i] === '`') {
      const quote = text[i];
      end = i + 1;
      while (end < text.length && text[end] !== quote) end += text[end] === '\\' ? 2 : 1;
      end = Math.min(end + 1, text.length);
    } else {
      out += text[i];
      i += 1;
      continue;
    }
    out += blank(text.slice(i, end));
    i = end;
  }
  return out;
}

/** Where the expression starting at `start` ends: at a comma, a semicolon or a closing bracket of its own level. */
function expressionEnd(code: string, start: number): number {
  let depth = 0;
  for (let i = start; i < code.length; i += 1) {
    const c = code[i];
    if (c === '(' || c === '[' || c === '{') depth += 1;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) return i;
      depth -= 1;
    } else if ((c === ',' || c === ';') && depth === 0) return i;
  }
  return code.length;
}

/** The entries of an object literal's inside, split at its own commas, each with its offset. */
function entries(code: string, start: number, end: number): { text: string; at: number }[] {
  const found: { text: string; at: number }[] = [];
  let at = start;
  while (at < end) {
    const stop = Math.min(expressionEnd(code, at), end);
    if (code.slice(at, stop).trim()) found.push({ text: code.slice(at, stop), at });
    at = stop + 1;
  }
  return found;
}

const BUILDS = /\bz\s*\.\s*(\w+)\s*\(/;
const NAMES = /(?<![\w$.])[A-Za-z_$][\w$]*/g;

/** The answers a routes file declares itself, as `file:line: the <status> answer ...`. */
function inlineAnswers(file: string, text: string): string[] {
  const code = codeOnly(text);
  const lineOf = (offset: number) => code.slice(0, offset).split('\n').length;
  // What each name the file declares is bound to (a function's whole text is its own).
  const declared = new Map<string, string>();
  for (const m of code.matchAll(/\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]*)?=/g))
    declared.set(m[1]!, code.slice(m.index + m[0].length, expressionEnd(code, m.index + m[0].length)));
  for (const m of code.matchAll(/\b(?:function|class)\s+([A-Za-z_$][\w$]*)/g)) declared.set(m[1]!, '');
  // The names bound to a schema built here with zod, directly or through another such name.
  const built = new Set<string>();
  for (let grew = true; grew;) {
    grew = false;
    for (const [name, init] of declared) {
      if (built.has(name)) continue;
      if (BUILDS.test(init) || [...init.matchAll(NAMES)].some(([other]) => built.has(other))) {
        built.add(name);
        grew = true;
      }
    }
  }
  const problems: string[] = [];
  for (const match of code.matchAll(/(?<![\w$.])response\s*:/g)) {
    let start = match.index + match[0].length;
    while (/\s/.test(code[start] ?? '')) start += 1;
    const end = expressionEnd(code, start);
    const answers =
      code[start] === '{'
        ? entries(code, start + 1, end).map(({ text: entry, at }) => {
            const colon = entry.indexOf(':');
            return { status: entry.slice(0, colon).trim(), value: entry.slice(colon + 1), at };
          })
        : [{ status: 'whole', value: code.slice(start, end), at: start }];
    for (const { status, value, at } of answers) {
      const where = `${file}:${lineOf(at)}: the ${status} answer`;
      const builds = BUILDS.exec(value);
      const head = /^\s*([A-Za-z_$][\w$]*)/.exec(value)?.[1];
      const madeOf = [...value.matchAll(NAMES)].map(([name]) => name).find((name) => built.has(name));
      if (builds) problems.push(`${where} builds a schema here (z.${builds[1]}(...))`);
      else if (head && declared.has(head)) problems.push(`${where} is declared in the routes file (${head})`);
      else if (madeOf) problems.push(`${where} is made of a schema the routes file builds (${madeOf})`);
    }
  }
  return problems;
}

/** Every routes file of the server's modules, relative to the repository. */
function routesFiles(): string[] {
  const modules = path.join(root, 'server/modules');
  return readdirSync(modules, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((dir) =>
      readdirSync(path.join(modules, dir.name))
        .filter((name) => /routes.*\.ts$/.test(name) && !/\.test\.ts$/.test(name))
        .map((name) => `server/modules/${dir.name}/${name}`),
    )
    .sort();
}

describe('the answers written in routes files', () => {
  it('finds an answer built or declared in the routes file, and nothing else', () => {
    const text = [
      "import { z } from 'zod';",
      "import { noBody } from '../../../common/contracts/answers';",
      "import { entryAnswer, thingAnswer } from '../../../common/contracts/things';",
      'const row = z.object({ id: z.number() });',
      'const body = flag ? productContentSchema : pageContentSchema;',
      "app.get('/a', { schema: { response: { 200: z.object({ data: row }) } } }, handler);",
      "app.get('/b', { schema: { response: { 200: z.array(row), 404: z.object({}) } } }, handler);",
      "app.get('/c', { schema: { response: { 200: thingAnswer } } }, handler);",
      "app.get('/d', { schema: { response: { 200: row } } }, handler);",
      "app.get('/e', { schema: { response: { 204: noBody('Removed') } } }, handler);",
      "app.put('/f', { schema: { body, response: { 200: entryAnswer(body) } } }, handler);",
      "app.get('/g', { schema: { response: { 200: dataAnswer(z.array(row)) } } }, handler);",
      "app.get('/h', { schema: { response: { 201: thingAnswer, 202: row } } }, handler);",
      'const rows = { response: row };',
      "app.get('/i', { schema: { response: { 200: pagedAnswer(row).extend({ more: thingAnswer }) } } }, h);",
      'const composed = row.extend({ more: thingAnswer });',
      "app.put('/j', { schema: { response: { 200: entryAnswer(composed) } } }, handler);",
      // Not answers: a comment, a string, a property that only ends in the word.
      '// response: { 200: z.object({}) }',
      "const said = 'response: { 200: z.object({}) }';",
      'const other = { noResponse: z.object({}) };',
    ].join('\n');
    expect(inlineAnswers('x.ts', text)).toEqual([
      'x.ts:6: the 200 answer builds a schema here (z.object(...))',
      'x.ts:7: the 200 answer builds a schema here (z.array(...))',
      'x.ts:7: the 404 answer builds a schema here (z.object(...))',
      'x.ts:9: the 200 answer is declared in the routes file (row)',
      'x.ts:12: the 200 answer builds a schema here (z.array(...))',
      'x.ts:13: the 202 answer is declared in the routes file (row)',
      'x.ts:14: the whole answer is declared in the routes file (row)',
      'x.ts:15: the 200 answer is made of a schema the routes file builds (row)',
      'x.ts:17: the 200 answer is made of a schema the routes file builds (composed)',
    ]);
  });

  it('blanks comments and strings but keeps the lines', () => {
    const text = "a // z.object(\nb '/* x */' /* z.array(\n */ c `t${1}` d";
    const code = codeOnly(text);
    expect(code).toHaveLength(text.length);
    expect(code.split('\n')).toHaveLength(3);
    expect(code.replace(/\s+/g, ' ').trim()).toBe('a b c d');
  });

  it('scans every routes file of the modules', () => {
    const files = routesFiles();
    expect(files).toEqual(
      expect.arrayContaining([
        'server/modules/content/routes.ts',
        'server/modules/badges/routes.ts',
        'server/modules/settings/currency-routes.ts',
      ]),
    );
    expect(files.length).toBeGreaterThan(30);
  });

  it('has none: every answer comes from common/contracts/', () => {
    const found = new Map(
      routesFiles().map((file) => [file, inlineAnswers(file, readFileSync(path.join(root, file), 'utf8'))]),
    );
    expect(
      [...found.values()].flat().filter((problem) => !(problem.split(':')[0]! in STILL_TO_MOVE)),
    ).toEqual([]);
    // The list only shrinks: a file listed that declares no answer any more is taken off it.
    expect(Object.keys(STILL_TO_MOVE).filter((file) => !found.get(file)?.length)).toEqual([]);
  });
});
