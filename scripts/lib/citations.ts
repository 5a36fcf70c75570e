// What a comment or a document of the repository may cite: a file of docs/product/ (with, when it
// names one, a heading of that file) or a record of docs/decisions/. The old citations of
// documents that were never in the repository ("decisions §N", "spec point N") are gone; the
// table "Old citations" of docs/product/README.md says where each of them now is.
import fs from 'node:fs';
import path from 'node:path';

/** The old citation forms: "decisions §N", "spec point N", "spec issue N", "(spec N)", N a number. */
export const OLD_CITATION = /\b[Dd]ecisions\s+§\d|\b[Ss]pec\s+(?:points?|issues?)\s+\d|\(spec\s+\d+\)/;

const PRODUCT_LINK = /docs\/product\/([\w-]+\.md)(?:#([\w-]+))?/g;
const DECISION_LINK = /docs\/decisions\/(\d{3})(-[\w-]*[\w])?(?:\.md)?/g;

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

export interface CitationProblem {
  file: string;
  line: number;
  problem: string;
}

/** The headings' anchors of each file of docs/product/, and the file names of docs/decisions/. */
export function citationTargets(root: string) {
  const productDir = path.join(root, 'docs', 'product');
  const product = new Map<string, Set<string>>();
  for (const name of fs.readdirSync(productDir).filter((n) => n.endsWith('.md'))) {
    const text = fs.readFileSync(path.join(productDir, name), 'utf8');
    product.set(name, new Set([...text.matchAll(/^#+\s+(.+)$/gm)].map((m) => anchorOf(m[1]!))));
  }
  const decisions = fs
    .readdirSync(path.join(root, 'docs', 'decisions'))
    .filter((n) => /^\d{3}-.*\.md$/.test(n));
  return { product, decisions };
}

/** Each old citation, and each citation of a file or heading that does not exist, in one text. */
export function citationProblems(
  file: string,
  text: string,
  targets: ReturnType<typeof citationTargets>,
): CitationProblem[] {
  const problems: CitationProblem[] = [];
  text.split('\n').forEach((line, i) => {
    const at = (problem: string) => problems.push({ file, line: i + 1, problem });
    if (OLD_CITATION.test(line)) at(`an old citation: ${line.trim()}`);
    for (const [whole, name, anchor] of line.matchAll(PRODUCT_LINK)) {
      const anchors = targets.product.get(name!);
      if (!anchors) at(`${whole}: no such file`);
      else if (anchor && !anchors.has(anchor)) at(`${whole}: no such heading`);
    }
    for (const [whole, number, rest] of line.matchAll(DECISION_LINK)) {
      const found = targets.decisions.some((name) =>
        rest ? name === `${number}${rest}.md` : name.startsWith(`${number}-`),
      );
      if (!found) at(`${whole}: no such decision record`);
    }
  });
  return problems;
}
