// One list table (issue 32): a screen's list is web/components/table.tsx's ListTable (its heads,
// its cells, its phone cards), not a table written by hand, so every list looks and reads alike.
// The only other tables are a chart's figures for screen readers, hidden on screen.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Files that may write a `<table>`, each with why. */
const ALLOWED: Record<string, string> = {
  'web/components/table.tsx': 'the list table itself',
  'web/components/SalesBars.tsx': 'the chart’s figures, for screen readers only',
  'web/features/affiliate-links/LinkStatsCard.tsx': 'the chart’s figures, for screen readers only',
};

const screens = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return screens(file);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [file] : [];
  });

const handWrittenTables = (files: { file: string; text: string }[]) =>
  files.filter(({ text }) => /<table[\s>]/.test(text)).map(({ file }) => file);

describe('the list tables', () => {
  it('knows a table when it sees one, and only then', () => {
    expect(
      handWrittenTables([
        { file: 'a.tsx', text: '<table className="w-full">' },
        { file: 'b.tsx', text: 'return (\n  <table>\n' },
        { file: 'c.tsx', text: '<ListTable caption="x">' },
        { file: 'd.tsx', text: '// a <tablet> is not one' },
      ]),
    ).toEqual(['a.tsx', 'b.tsx']);
  });

  it('are all ListTable, but for the allowed files', () => {
    const found = handWrittenTables(
      screens('web').map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') })),
    );
    expect(found.sort()).toEqual(Object.keys(ALLOWED).sort());
  });
});
