// `npx tsx scripts/french-typography.ts`: sets the French texts in French typography
// (scripts/lib/french-typography.ts), in place; `--check` only lists what it would change.
import fs from 'node:fs';
import { fixTree, frenchFiles, notProse, strings, typographyProblems } from './lib/french-typography';

const check = process.argv.includes('--check');
let changed = 0;
for (const file of frenchFiles()) {
  const tree: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  const problems = [...strings(tree)].flatMap(([at, text]) =>
    notProse(file, at) ? [] : typographyProblems(text).map((p) => `${file} ${at}: ${p}`),
  );
  changed += problems.length;
  if (check) problems.forEach((p) => console.log(p));
  else if (problems.length)
    fs.writeFileSync(
      file,
      `${JSON.stringify(
        fixTree(tree, (at) => notProse(file, at)),
        null,
        2,
      )}\n`,
    );
}
console.log(
  check ? `${changed} texts to set in French typography` : `${changed} texts set in French typography`,
);
if (check && changed) process.exit(1);
