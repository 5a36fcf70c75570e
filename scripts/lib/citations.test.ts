// Every citation in the code and the docs leads somewhere (docs/product/README.md): no old
// "decisions §N" or "spec point N", and every docs/product/…#heading and docs/decisions/NNN named
// exists. The table of old citations and the performance journal keep the old words on purpose.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { anchorOf, citationProblems, citationTargets } from './citations';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const KEPT_AS_WRITTEN = new Set([
  'docs/product/README.md',
  'docs/performance-log.md',
  'scripts/lib/citations.test.ts',
]);

describe('citations', () => {
  const targets = citationTargets(root);

  it('finds old citations and links to nothing, and lets good ones be', () => {
    const text = [
      '// The rule of decisions §15 and spec point 5 (spec 3).',
      '// See docs/product/commissions.md#no-such-heading and docs/product/nothing.md.',
      '// See docs/decisions/999 and docs/decisions/020-no-such-name.md.',
      `// Fine: docs/product/README.md, docs/decisions/${targets.decisions[0]!.slice(0, 3)}, docs/decisions/${targets.decisions[0]}.`,
      "// Fine: the spec's five choices.",
    ].join('\n');
    expect(citationProblems('x.ts', text, targets).map((p) => `${p.line}: ${p.problem}`)).toEqual([
      '1: an old citation: // The rule of decisions §15 and spec point 5 (spec 3).',
      '2: docs/product/commissions.md#no-such-heading: no such heading',
      '2: docs/product/nothing.md: no such file',
      '3: docs/decisions/999: no such decision record',
      '3: docs/decisions/020-no-such-name.md: no such decision record',
    ]);
    expect(anchorOf('The error contract (422, 401)')).toBe('the-error-contract-422-401');
  });

  it('in every file of the repository leads somewhere', () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => /\.(ts|tsx|mts|cts|js|mjs|cjs|md)$/.test(file) && !KEPT_AS_WRITTEN.has(file));
    const problems = files.flatMap((file) => {
      const full = path.join(root, file);
      return fs.existsSync(full) ? citationProblems(file, fs.readFileSync(full, 'utf8'), targets) : [];
    });
    expect(problems.map((p) => `${p.file}:${p.line}: ${p.problem}`)).toEqual([]);
  });
});
