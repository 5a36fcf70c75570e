// Repositories hold the queries (issue 32; ARCHITECTURE.md, "Service → repository → database"):
// no module file but a repository file starts a Kysely query, runs an `sql` template or keeps a
// prepared one. None is left outside; a file that must wait would be listed below with why, and
// a file listed there that holds no query any more fails the test too, so the list only shrinks.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { allowListProblems, isRepositoryFile, querySites, sitesOutsideRepositories } from './query-sites';

/** Files that still hold queries outside a repository, each with why it waits. */
const STILL_TO_MOVE: Record<string, string> = {};

describe('the query-site scan', () => {
  it('finds every way a query starts, and nothing else', () => {
    const text = [
      "import { sql } from 'kysely';",
      "const a = await db.selectFrom('orders').selectAll().execute();",
      'await trx',
      "  .insertInto('payouts')",
      '  .values(row)',
      '  .execute();',
      "await db.updateTable('partners').set({ x: 1 }).where('id', '=', id).execute();",
      "await db.deleteFrom('sessions').execute();",
      "const b = db.with('recent', (q) => q.selectFrom('orders').select('id'));",
      'await sql<{ n: number }>`select 1`.execute(db);',
      "await sql.raw('vacuum').execute(db);",
      'await db.executeQuery(compiled);',
      'const c = prepared(1, (db, id: number) => sql`select ${id}`);',
      "const d = db.selectNoFrom((eb) => eb.lit(1).as('one'));",
      "const h = preparedList(8, (db, ids: number[]) => db.deleteFrom('t').where('id', 'in', ids));",
      // Not query sites: an array's `with`, an sql fragment used inside a builder, a comment, a string.
      'const e = [1, 2].with(0, 3);',
      "const f = eb.fn.sum(sql`x`).as('y');",
      "// db.selectFrom('orders')",
      'const g = "db.deleteFrom(\'orders\')";',
    ].join('\n');
    expect(querySites('x.ts', text).map((site) => `${site.line} ${site.what}`)).toEqual([
      '2 selectFrom',
      '4 insertInto',
      '7 updateTable',
      '8 deleteFrom',
      '9 with',
      '9 selectFrom',
      '10 sql.execute',
      '11 sql.execute',
      '12 executeQuery',
      '13 prepared',
      '14 selectNoFrom',
      '15 preparedList',
      '15 deleteFrom',
    ]);
  });

  it('knows a repository file by its name or its folder', () => {
    expect(isRepositoryFile('server/modules/a/repository.ts')).toBe(true);
    expect(isRepositoryFile('server/modules/a/payout-repository.ts')).toBe(true);
    expect(isRepositoryFile('server/modules/a/repository/reads.ts')).toBe(true);
    expect(isRepositoryFile('server/modules/a/service.ts')).toBe(false);
    expect(isRepositoryFile('server/modules/a/repository-notes.ts')).toBe(false);
  });

  describe('on a planted module', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'query-sites-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };
    const query = "export const q = (db: any) => db.selectFrom('orders').selectAll().execute();\n";
    write('modules/m/repository.ts', query);
    write('modules/m/payout-repository.ts', query);
    write('modules/m/repository/reads.ts', query);
    write('modules/m/service.test.ts', query);
    write('modules/m/service.ts', `import { q } from './repository';\nexport const r = q;\n${query}`);
    write('modules/n/service.ts', "export const s = 'no query here';\n");

    it('lists the query outside a repository, by file and line', () => {
      const sites = sitesOutsideRepositories(root, 'modules');
      expect(sites).toEqual([{ file: 'modules/m/service.ts', line: 3, what: 'selectFrom' }]);
      expect(allowListProblems(sites, [])).toEqual([
        'modules/m/service.ts:3 selectFrom outside a repository',
      ]);
      expect(allowListProblems(sites, ['modules/m/service.ts'])).toEqual([]);
    });

    it('fails on an allowed file that holds no query any more', () => {
      expect(
        allowListProblems(sitesOutsideRepositories(root, 'modules'), [
          'modules/m/service.ts',
          'modules/n/service.ts',
        ]),
      ).toEqual(['modules/n/service.ts holds no query now: remove it from the allow-list']);
    });
  });
});

describe('the repository', () => {
  it('holds its modules’ queries in repository files, but for the files still to move', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const sites = sitesOutsideRepositories(root, 'server/modules');
    // The failure's diff is the list: each site as file:line, each stale entry of the allow-list.
    expect(allowListProblems(sites, Object.keys(STILL_TO_MOVE)).join('\n')).toBe('');
  });
});
