// `npx tsx scripts/cite-docs.ts [--write] [--check] [--strict] [paths…]`: rewrites the comments that
// cite documents outside the repository (the original portal's specification as "spec point N",
// the product decisions as "decisions §N") into citations of the files that now state the rule,
// from the table "Old citations" of docs/product/README.md.
//
// Without a flag it changes nothing and prints what it would change, file by file, then what it
// could not map. `--write` writes the changes. `--check` changes nothing and exits 1 while any old
// citation remains (for a test or .ci/run); `--strict` also counts a mention of "the spec" that
// names no point. Paths (files or folders) replace the default scope: server/, web/, common/, e2e/,
// scripts/, docs/, ARCHITECTURE.md and README.md. Left alone whatever the scope: this script,
// docs/product/README.md (the table itself) and docs/performance-log.md (a journal kept as written).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const TABLE_FILE = path.join(root, 'docs', 'product', 'README.md');
const DEFAULT_SCOPE = ['server', 'web', 'common', 'e2e', 'scripts', 'docs', 'ARCHITECTURE.md', 'README.md'];
const NEVER = new Set([path.join(root, 'scripts', 'cite-docs.ts'), TABLE_FILE, path.join(root, 'docs', 'performance-log.md')]);
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', '.tmp', 'coverage']);
const EXTENSIONS = /\.(ts|tsx|mts|cts|js|mjs|cjs|md)$/;

type Kind = 'decisions' | 'spec';

interface Row {
  kind: Kind;
  number: number;
  /** A heading of the old document named in quotes after the citation, if the row is for one. */
  heading: string | null;
  /** Words that choose this row when they appear near the citation; null for the default row. */
  when: RegExp | null;
  target: string;
}

// ---- The table ----

/** The cells of a Markdown table row, `\|` kept inside a cell. */
function cells(line: string): string[] {
  const inner = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

const unquote = (cell: string) => cell.replace(/^`|`$/g, '');

function readTable(): Row[] {
  const text = fs.readFileSync(TABLE_FILE, 'utf8');
  const section = text.slice(text.indexOf('## Old citations'));
  const rows: Row[] = [];
  for (const line of section.split('\n')) {
    if (!line.startsWith('| `')) continue;
    const [citation, when, target] = cells(line).map(unquote);
    const found = /^(decisions §|spec point )(\d+)(?: "([^"]+)")?$/.exec(citation ?? '');
    if (!found || !target) throw new Error(`docs/product/README.md: a row the script cannot read: ${line}`);
    rows.push({
      kind: found[1] === 'decisions §' ? 'decisions' : 'spec',
      number: Number(found[2]),
      heading: found[3] ?? null,
      when: when ? new RegExp(when, 'i') : null,
      target,
    });
  }
  return rows;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every target must be a file of the repository and, when it names one, a heading of it. */
function targetProblems(rows: Row[]): string[] {
  const problems: string[] = [];
  for (const row of rows) {
    const [file, anchor] = row.target.split('#');
    const full = path.join(root, file!);
    if (!fs.existsSync(full)) {
      problems.push(`${row.target}: no such file`);
      continue;
    }
    if (!anchor) continue;
    const anchors = fs
      .readFileSync(full, 'utf8')
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => anchorOf(line.replace(/^#+ /, '')));
    if (!anchors.includes(anchor)) problems.push(`${row.target}: no heading with that anchor`);
  }
  return [...new Set(problems)];
}

// ---- Finding citations ----

// "decisions §9", "Decisions §4", "decisions §9, §13", "decisions §6 and §7", "decisions §6.2",
// each optionally followed by a quoted heading: `decisions §15 "Calendar"`, `decisions §15, "Calendar"`.
const HEADING = String.raw`(\s*,?\s*["“]([^"”\n]*)(["”])?)?`;
const DECISIONS = new RegExp(String.raw`\b[Dd]ecisions\s+§(\d+(?:\.\d+)?)((?:\s*(?:,|and|or)\s*§\d+(?:\.\d+)?)*)` + HEADING, 'g');
// "spec point 2", "Spec point 9", "spec points 2 and 4", "spec points 1, 2 and 7", "spec issue 3".
const SPEC = new RegExp(String.raw`\b[Ss]pec\s+(?:points?|issues?)\s+(\d+)((?:\s*(?:,|and)\s*\d+(?:\.\d+)?)*)` + HEADING, 'g');
// After a mention of the spec on the same line: "(point 2)", "(points 2 and 8)", `(point 2, "Header")`,
// with the words "of the spec" before the bracket taken out too.
const BRACKETED = new RegExp(String.raw`(\s+of\s+the\s+spec)?(\s*)\(points?\s+(\d+)((?:\s*(?:,|and)\s*\d+)*)` + HEADING + String.raw`\)`, 'g');
// "(spec 4)".
const SHORT = /\(spec\s+(\d+)\)/g;
// What --strict also counts: the spec mentioned without a point.
const BARE_MENTION = /\bthe spec(?:'s|’s)?\b|\bspec's\b|\bspec’s\b/i;

interface Change {
  file: string;
  line: number;
  before: string;
  after: string;
  notes: string[];
}

interface Unmapped {
  file: string;
  line: number;
  text: string;
  why: string;
}

const numbersOf = (first: string, rest: string) => [first, ...(rest.match(/\d+(?:\.\d+)?/g) ?? [])];

/** The separators of a list as written (", ", " and "), to keep them between the new citations. */
function separatorsOf(rest: string): string[] {
  return [...rest.matchAll(/\s*(?:,|and|or)\s*(?=§?\d)/g)].map((m) => m[0]);
}

function chooseRow(rows: Row[], kind: Kind, number: number, heading: string | null, near: { line: string; around: string }): Row | undefined {
  const own = rows.filter((row) => row.kind === kind && row.number === number);
  if (heading !== null) {
    const wanted = heading.trim().toLowerCase();
    const byHeading = own.find((row) => row.heading !== null && (row.heading.toLowerCase().startsWith(wanted) || wanted.startsWith(row.heading.toLowerCase())));
    if (byHeading) return byHeading;
  }
  const plain = own.filter((row) => row.heading === null);
  return (
    plain.find((row) => row.when?.test(near.line)) ??
    plain.find((row) => row.when?.test(near.around)) ??
    plain.find((row) => row.when === null)
  );
}

interface LineResult {
  text: string;
  notes: string[];
  unmapped: string[];
}

function rewriteLine(rows: Row[], line: string, around: string): LineResult {
  const notes: string[] = [];
  const unmapped: string[] = [];
  const near = { line, around };

  /** The new citations of a list of numbers, or null when one of them has no row. */
  const render = (kind: Kind, numbers: string[], separators: string[], heading: string | null, original: string): { text: string; usedHeading: boolean } | null => {
    const targets: string[] = [];
    let usedHeading = false;
    for (const [i, written] of numbers.entries()) {
      const number = Number.parseInt(written, 10);
      if (written.includes('.')) notes.push(`${original}: §${written} read as §${number}`);
      // A quoted heading follows the last number of the list.
      const heading_ = i === numbers.length - 1 ? heading : null;
      const row = chooseRow(rows, kind, number, heading_, near);
      if (!row) {
        unmapped.push(`${original}: no row for ${kind === 'decisions' ? `decisions §${number}` : `spec point ${number}`}`);
        return null;
      }
      if (heading_ !== null && row.heading !== null) usedHeading = true;
      targets.push(row.target);
    }
    // The same target twice in one list is written once.
    const parts: string[] = [];
    targets.forEach((target, i) => {
      if (targets.indexOf(target) !== i) return;
      parts.push(parts.length === 0 ? target : `${separators[i - 1] ?? ', '}${target}`);
    });
    return { text: parts.join(''), usedHeading };
  };

  const afterCitation = (text: string, offset: number, length: number) => {
    const next = text.slice(offset + length, offset + length + 2);
    if (/^['’]s/.test(next)) notes.push(`a possessive follows ${text.slice(offset, offset + length).trim()}: check the wording`);
  };

  let text = line.replace(DECISIONS, (whole, first: string, rest: string, headingPart: string | undefined, heading: string | undefined, closing: string | undefined, offset: number, all: string) => {
    const rendered = render('decisions', numbersOf(first, rest), separatorsOf(rest), heading ?? null, whole.trim());
    if (!rendered) return whole;
    afterCitation(all, offset, whole.length);
    // A closed heading that chose the row is said by the anchor; an open one (it goes on on the next line) stays.
    return rendered.usedHeading && closing ? rendered.text : rendered.text + (headingPart ?? '');
  });
  text = text.replace(SPEC, (whole, first: string, rest: string, headingPart: string | undefined, heading: string | undefined, closing: string | undefined, offset: number, all: string) => {
    const rendered = render('spec', numbersOf(first, rest), separatorsOf(rest), heading ?? null, whole.trim());
    if (!rendered) return whole;
    afterCitation(all, offset, whole.length);
    return rendered.usedHeading && closing ? rendered.text : rendered.text + (headingPart ?? '');
  });
  if (/\bspec\b/i.test(text)) {
    text = text.replace(BRACKETED, (whole, ofTheSpec: string | undefined, space: string, first: string, rest: string, headingPart: string | undefined, heading: string | undefined, closing: string | undefined) => {
      const rendered = render('spec', numbersOf(first, rest), separatorsOf(rest), heading ?? null, whole.trim());
      if (!rendered) return whole;
      const kept = rendered.usedHeading && closing ? '' : (headingPart ?? '');
      return `${ofTheSpec ? ' ' : space}(${rendered.text}${kept})`;
    });
  }
  text = text.replace(SHORT, (whole, first: string) => {
    const rendered = render('spec', [first], [], null, whole);
    return rendered ? `(${rendered.text})` : whole;
  });
  // Two old citations of one rule side by side ("spec point 7, decisions §7") become one.
  if (text !== line) {
    for (let before = ''; before !== text; ) {
      before = text;
      text = text.replace(/(docs\/product\/[\w./#-]+)(?:,|;| and) \1(?![\w#-])/g, '$1');
    }
  }
  return { text, notes, unmapped };
}

// ---- Files ----

function filesOf(target: string): string[] {
  const full = path.resolve(root, target);
  if (!fs.existsSync(full)) return [];
  const stat = fs.statSync(full);
  if (stat.isFile()) return EXTENSIONS.test(full) && !NEVER.has(full) ? [full] : [];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIP_DIRS.has(entry.name) ? [] : filesOf(path.join(full, entry.name));
    return filesOf(path.join(full, entry.name));
  });
}

function main() {
  const args = process.argv.slice(2);
  const write = args.includes('--write');
  const check = args.includes('--check');
  const strict = args.includes('--strict');
  const scope = args.filter((arg) => !arg.startsWith('--'));

  const rows = readTable();
  const problems = targetProblems(rows);
  if (problems.length > 0) {
    console.error(`docs/product/README.md names targets that do not exist:\n  ${problems.join('\n  ')}`);
    process.exit(2);
  }

  const files = [...new Set((scope.length > 0 ? scope : DEFAULT_SCOPE).flatMap(filesOf))].sort();
  const changes: Change[] = [];
  const unmapped: Unmapped[] = [];
  const bare: Unmapped[] = [];
  let changedFiles = 0;
  const counts = { decisions: 0, spec: 0 };

  for (const file of files) {
    const original = fs.readFileSync(file, 'utf8');
    const lines = original.split('\n');
    const relative = path.relative(root, file);
    let changed = false;
    const out = lines.map((line, i) => {
      counts.decisions += [...line.matchAll(DECISIONS)].length;
      counts.spec += [...line.matchAll(SPEC)].length + (/\bspec\b/i.test(line) ? [...line.matchAll(BRACKETED)].length : 0) + [...line.matchAll(SHORT)].length;
      const around = [lines[i - 1] ?? '', line, lines[i + 1] ?? ''].join('\n');
      const result = rewriteLine(rows, line, around);
      for (const why of result.unmapped) unmapped.push({ file: relative, line: i + 1, text: line.trim(), why });
      if (BARE_MENTION.test(result.text)) bare.push({ file: relative, line: i + 1, text: result.text.trim(), why: 'the spec mentioned without a point' });
      if (result.text !== line) {
        changed = true;
        changes.push({ file: relative, line: i + 1, before: line.trim(), after: result.text.trim(), notes: result.notes });
      }
      return result.text;
    });
    if (changed) {
      changedFiles++;
      if (write) fs.writeFileSync(file, out.join('\n'));
    }
  }

  const remaining = changes.length + unmapped.length;
  if (check) {
    const failing = remaining + (strict ? bare.length : 0);
    for (const c of changes) console.log(`${c.file}:${c.line}: ${c.before}`);
    for (const u of unmapped) console.log(`${u.file}:${u.line}: ${u.why}`);
    if (strict) for (const b of bare) console.log(`${b.file}:${b.line}: ${b.why}: ${b.text}`);
    console.log(failing === 0 ? 'No old-style citation left.' : `${failing} old-style citation line(s) left (npx tsx scripts/cite-docs.ts --write rewrites them).`);
    process.exit(failing === 0 ? 0 : 1);
  }

  for (const c of changes) {
    console.log(`${c.file}:${c.line}\n  - ${c.before}\n  + ${c.after}${c.notes.map((n) => `\n  ! ${n}`).join('')}`);
  }
  if (unmapped.length > 0) {
    console.log('\nCould not map:');
    for (const u of unmapped) console.log(`  ${u.file}:${u.line}: ${u.why}`);
  }
  if (bare.length > 0) {
    console.log('\nNot mapped (the spec mentioned without a point; --strict counts them):');
    for (const b of bare) console.log(`  ${b.file}:${b.line}: ${b.text}`);
  }
  const notes = changes.reduce((n, c) => n + c.notes.length, 0);
  console.log(
    `\n${files.length} files read; citations found: ${counts.decisions} "decisions §…", ${counts.spec} "spec point …".` +
      `\n${write ? 'Rewrote' : 'Would rewrite'} ${changes.length} lines in ${changedFiles} files; ${notes} to check by eye (!), ${unmapped.length} could not be mapped, ${bare.length} lines mention the spec without a point.` +
      (write ? '' : '\nNothing was written (add --write).'),
  );
}

main();
