// Where the server's modules query the database (ARCHITECTURE.md, "Service → repository →
// database"): a module's queries live in its repository files, so a reader finds every read and
// write of a table in one place and a service holds only rules. A query site is a Kysely builder
// started (`selectFrom`, `insertInto`, `updateTable`, `deleteFrom` and their kin, a `with` clause),
// an `sql` template run with `.execute(`, a compiled query run with `executeQuery(`, or a query
// kept compiled with `prepared(` and its kin (server/db/prepared.ts). A syntax pass over each file with the
// TypeScript compiler, no type checking.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface QuerySite {
  /** The file's path from the scanned root, `/`-separated. */
  file: string;
  line: number;
  /** What starts the query: `selectFrom`, `sql.execute`, `prepared`… */
  what: string;
}

/** Builder methods that start a query, on a database, a transaction or an expression builder. */
const STARTERS = new Set([
  'selectFrom',
  'selectNoFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
]);
/** `db.with('name', (db) => …)`: a common table expression (an array's `.with(index, value)` is not). */
const WITH_CLAUSES = new Set(['with', 'withRecursive']);

/** server/db/prepared.ts's ways of keeping a query compiled. */
const PREPARED = new Set(['prepared', 'preparedList', 'preparedPer']);

/** A repository file: `repository.ts`, `<something>-repository.ts`, or any file in a `repository/` folder. */
export function isRepositoryFile(file: string): boolean {
  const parts = file.split('/');
  const name = parts[parts.length - 1]!;
  return (
    name === 'repository.ts' || name.endsWith('-repository.ts') || parts.slice(0, -1).includes('repository')
  );
}

const isTestFile = (name: string) => /\.test\.ts$/.test(name);

/** Is `node` the `sql` tag's work: sql`…`, sql<Row>`…`, or a helper such as `sql.raw(…)`? */
function isSqlBuilder(node: ts.Expression): boolean {
  let at = node;
  while (ts.isParenthesizedExpression(at) || ts.isNonNullExpression(at)) at = at.expression;
  if (ts.isTaggedTemplateExpression(at)) return ts.isIdentifier(at.tag) && at.tag.text === 'sql';
  return (
    ts.isCallExpression(at) &&
    ts.isPropertyAccessExpression(at.expression) &&
    ts.isIdentifier(at.expression.expression) &&
    at.expression.expression.text === 'sql'
  );
}

/** The query sites of one file's text. */
export function querySites(file: string, text: string): QuerySite[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const sites: QuerySite[] = [];
  const add = (node: ts.Node, what: string) =>
    sites.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, what });
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (ts.isPropertyAccessExpression(callee)) {
        const name = callee.name.text;
        if (STARTERS.has(name)) add(callee.name, name);
        else if (
          WITH_CLAUSES.has(name) &&
          node.arguments.length === 2 &&
          ts.isStringLiteralLike(node.arguments[0]!)
        )
          add(callee.name, name);
        else if (name === 'execute' && isSqlBuilder(callee.expression)) add(callee.name, 'sql.execute');
        else if (name === 'executeQuery') add(callee.name, name);
      } else if (ts.isIdentifier(callee) && PREPARED.has(callee.text)) {
        add(callee, callee.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sites;
}

function moduleSources(root: string, dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...moduleSources(root, rel));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && !isTestFile(entry.name))
      found.push(rel);
  }
  return found.sort();
}

/** Every query site in a non-test .ts file under `dir` (relative to `root`) that is not a repository file. */
export function sitesOutsideRepositories(root: string, dir: string): QuerySite[] {
  return moduleSources(root, dir)
    .filter((file) => !isRepositoryFile(file))
    .flatMap((file) => querySites(file, readFileSync(path.join(root, file), 'utf8')));
}

/**
 * What is wrong with `sites` against the files still allowed to hold queries: each site in a file
 * not allowed (`file:line what`), and each allowed file that holds none any more (its entry is to
 * be removed, so the list says what is left to move). Empty when all is well.
 */
export function allowListProblems(sites: readonly QuerySite[], allowed: Iterable<string>): string[] {
  const allowedFiles = new Set(allowed);
  const withSites = new Set(sites.map((site) => site.file));
  return [
    ...sites
      .filter((site) => !allowedFiles.has(site.file))
      .map((site) => `${site.file}:${site.line} ${site.what} outside a repository`),
    ...[...allowedFiles]
      .filter((file) => !withSites.has(file))
      .sort()
      .map((file) => `${file} holds no query now: remove it from the allow-list`),
  ];
}
