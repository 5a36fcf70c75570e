// French typography of the French texts (docs/product/errors-and-languages.md#french-typography):
// a no-break space (U+00A0) before a colon and inside « », a narrow no-break space (U+202F) before
// ; ! and ?, so a line never starts with the sign. Addresses (https://, ?page=), times (14:30) and
// {{placeholders}} are left as they are: a sign counts only where a word or a closing sign ends
// before it and a space or the end of the text follows.
import fs from 'node:fs';
import path from 'node:path';

const NBSP = '\u00a0';
const NNBSP = '\u202f';
const SPACE_BEFORE: Record<string, string> = { ':': NBSP, ';': NNBSP, '!': NNBSP, '?': NNBSP };

const BOUNDARY = '(?=$|[\\s\\u00a0\\u202f)»"”.,<])';
// Signs after spaces of any kind; signs glued to a word, a figure, a placeholder or a closing sign.
const SPACED = new RegExp(`[ \\t\\u00a0\\u202f]+([:;!?]+)${BOUNDARY}`, 'gu');
const GLUED = new RegExp(`([\\p{L}\\p{N}})\\]»’”%])([:;!?]+)${BOUNDARY}`, 'gu');
const AFTER_OPENING = /«[ \t\u00a0\u202f]*/g;
const BEFORE_CLOSING = /[ \t\u00a0\u202f]*»/g;

const spaceFor = (signs: string) => SPACE_BEFORE[signs[0]!]!;

/** The text with the French spaces in place. */
export function frenchTypography(text: string): string {
  return text
    .replace(SPACED, (_, signs: string) => `${spaceFor(signs)}${signs}`)
    .replace(GLUED, (_, before: string, signs: string) => `${before}${spaceFor(signs)}${signs}`)
    .replace(AFTER_OPENING, `«${NBSP}`)
    .replace(BEFORE_CLOSING, `${NBSP}»`);
}

/** Where a text breaks the rules: the texts around each place, empty when none. */
export function typographyProblems(text: string): string[] {
  const fixed = frenchTypography(text);
  if (fixed === text) return [];
  return [`"${text}" should be "${fixed}"`];
}

export type Tree = { [key: string]: unknown };

/** Every string of a JSON tree with its dotted path. */
export function* strings(tree: unknown, prefix = ''): Generator<[string, string]> {
  if (typeof tree === 'string') yield [prefix, tree];
  else if (Array.isArray(tree))
    for (const [i, item] of tree.entries()) yield* strings(item, `${prefix}[${i}]`);
  else if (tree && typeof tree === 'object')
    for (const [key, value] of Object.entries(tree)) yield* strings(value, prefix ? `${prefix}.${key}` : key);
}

/** The tree with every string set in French typography, keys and everything else kept. */
export function fixTree(tree: unknown, skip: (path: string) => boolean = () => false, prefix = ''): unknown {
  if (typeof tree === 'string') return skip(prefix) ? tree : frenchTypography(tree);
  if (Array.isArray(tree)) return tree.map((item, i) => fixTree(item, skip, `${prefix}[${i}]`));
  if (tree && typeof tree === 'object')
    return Object.fromEntries(
      Object.entries(tree).map(([key, value]) => [
        key,
        fixTree(value, skip, prefix ? `${prefix}.${key}` : key),
      ]),
    );
  return tree;
}

/** The French files a reader sees: the catalogs and the content kit's French texts. */
export function frenchFiles(root = '.'): string[] {
  const catalogs = ['portal', 'mail', 'invoice'].map((ns) =>
    path.join(root, 'common/locales/fr', `${ns}.json`),
  );
  const content: string[] = [];
  for (const dir of ['content/pages', 'content/products']) {
    const base = path.join(root, dir);
    if (!fs.existsSync(base)) continue;
    for (const entry of fs.readdirSync(base)) {
      const file = path.join(base, entry, 'fr.json');
      if (fs.existsSync(file)) content.push(file);
    }
  }
  return [...catalogs, ...content];
}

/**
 * Paths whose strings are not prose: what a partner types or a machine reads, checked as they are
 * (hashtags, handles, addresses, the slugs of a page).
 */
export const NOT_PROSE = /(^|\.)(id|slug|url|href|src|hashtags?|handle|email|code|pattern|key)(\[\d+\])?$/;
