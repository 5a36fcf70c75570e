// French typography of the French texts (docs/product/errors-and-languages.md#french-typography):
// a no-break space (U+00A0) before a colon and inside « », a narrow no-break space (U+202F) before
// ; ! and ?, so a line never starts with the sign. Addresses (https://, ?page=), times (14:30) and
// {{placeholders}} are left as they are: a sign counts only where a word or a closing sign ends
// before it and a space or the end of the text follows.
// The apostrophe is the typographic one (U+2019): "l’équipe", "aujourd’hui". A straight ' in the
// prose is wrong; inside markup (<a href='…'>), an address or a placeholder it is left as it is.
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

// What is not prose inside a text: an HTML tag, an address, a {{placeholder}} or {code}, `code`.
const NOT_PROSE_PART =
  /<\/?[A-Za-z][^<>]*>|\b[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s<>"]*|\bmailto:[^\s<>"]+|\{\{[^{}]*\}\}|\{[A-Za-z_]+\}|`[^`]*`/g;
// A straight apostrophe after a letter (l', d', aujourd'hui, Women's), outside what is not prose.
const APOSTROPHE = new RegExp(`(${NOT_PROSE_PART.source})|(?<=\\p{L})'`, 'gu');

/** The text with the typographic apostrophe for every straight one that follows a letter. */
export function frenchApostrophes(text: string): string {
  return text.replace(APOSTROPHE, (_, kept: string | undefined) => kept ?? '\u2019');
}

/** Whether the prose of a text (markup, addresses and placeholders aside) keeps a straight '. */
export function hasStraightQuote(text: string): boolean {
  return text.replace(NOT_PROSE_PART, '').includes("'");
}

/** The text with the French apostrophes and spaces in place. */
export function frenchTypography(text: string): string {
  return frenchApostrophes(text)
    .replace(SPACED, (_, signs: string) => `${spaceFor(signs)}${signs}`)
    .replace(GLUED, (_, before: string, signs: string) => `${before}${spaceFor(signs)}${signs}`)
    .replace(AFTER_OPENING, `«${NBSP}`)
    .replace(BEFORE_CLOSING, `${NBSP}»`);
}

/** Where a text breaks the rules: the texts around each place, empty when none. */
export function typographyProblems(text: string): string[] {
  const fixed = frenchTypography(text);
  const problems = fixed === text ? [] : [`"${text}" should be "${fixed}"`];
  // A straight ' that no letter precedes is a quote: the fix cannot tell which sign it stands for.
  if (hasStraightQuote(fixed)) problems.push(`"${fixed}" keeps a straight ': write ’ or « »`);
  return problems;
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
 * Paths of the content kit whose strings are not prose: what a partner types or a machine reads,
 * checked as they are (hashtags, handles, addresses, the slugs of a page).
 */
export const NOT_PROSE = /(^|\.)(id|slug|url|href|src|hashtags?|handle|email|code|pattern|key)(\[\d+\])?$/;

/**
 * Whether the string at `at` of a French file is left as it is: a catalog is prose throughout (its
 * `email` or `code` keys are labels a reader sees), a content kit file has its NOT_PROSE paths.
 */
export function notProse(file: string, at: string): boolean {
  const catalog = path.normalize(file).split(path.sep).join('/').includes('common/locales/');
  return !catalog && NOT_PROSE.test(at);
}
