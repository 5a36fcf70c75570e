// The disclosures a sponsored post may carry (docs/product/content.md#post-rules): one list, read
// by the caption check (common/caption-check.ts, the browser's and the server's) and by the
// schema of the ready captions staff write (common/content.ts). English tags for the FTC's
// guidance, French tags and the phrase "Partenariat rémunéré" for posts written in French. Matched
// as whole tags or words, in any case, with or without accents (#Publicite is #Publicité).

/** Whole hashtags that disclose a paid post. */
export const DISCLOSURE_HASHTAGS = [
  '#Ad',
  '#Sponsored',
  '#Paid',
  '#Pub',
  '#Publicité',
  '#Commandité',
  '#Partenariat',
] as const;

/** Phrases that disclose it as well as a tag does, written as words. */
export const DISCLOSURE_PHRASES = ['Partenariat rémunéré'] as const;

/** The disclosure a one-click fix writes, in the caption's language. */
export const DISCLOSURE_FIX = { en: '#Ad', fr: '#Publicité' } as const;

const WORD = '[\\p{L}\\p{N}_]';

/** A text folded for matching: accents off, lower case (one folded unit per unit of a precomposed text). */
export const foldDisclosureText = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const ALTERNATIVES = [
  ...DISCLOSURE_HASHTAGS.map((tag) => escapeRe(foldDisclosureText(tag))),
  ...DISCLOSURE_PHRASES.map((phrase) => foldDisclosureText(phrase).split(/\s+/).map(escapeRe).join('\\s+')),
]
  // The longest first, so "#publicite" is never read as "#pub" followed by a word.
  .sort((a, b) => b.length - a.length)
  .join('|');

/**
 * The disclosures of an already folded text (see `foldDisclosureText`) as ranges of it, end
 * exclusive: a tag glued to a word before it ("Great#Ad") or running on ("#Adventure") is none.
 */
export function disclosureRanges(folded: string): { start: number; end: number }[] {
  const re = new RegExp(`(?<!${WORD})(?:${ALTERNATIVES})(?!${WORD})`, 'gu');
  return [...folded.matchAll(re)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
}

/** Whether a text holds a disclosure. */
export const hasDisclosure = (text: string) => disclosureRanges(foldDisclosureText(text)).length > 0;

/** Whether a single hashtag ("#publicite", "#COMMANDITÉ") is one of the disclosure tags. */
export function isDisclosureHashtag(tag: string): boolean {
  const folded = foldDisclosureText(tag.trim());
  return DISCLOSURE_HASHTAGS.some((t) => foldDisclosureText(t) === folded);
}
