// The caption check of docs/product/content.md#caption-check: the post rules of docs/product/content.md#post-rules run on a draft caption before
// the partner posts it. A pure function so the SPA answers as the partner types and the server's
// POST /api/caption-check gives the same verdict. Findings carry rule ids, the places at fault and
// a fix; the words a person reads come from the catalogs on whichever side shows them.

import { DISCLOSURE_FIX, disclosureRanges } from './disclosures';

export type CaptionRule =
  | 'promo_code'
  | 'brand_hashtag'
  | 'disclosure'
  | 'disclosure_early'
  | 'disease_claim'
  | 'unapproved_claim'
  | 'competitor'
  | 'media_reminder';

export interface CaptionMatch {
  text: string;
  /** UTF-16 offsets into the caption as given, end exclusive (what `String.slice` takes). */
  start: number;
  end: number;
}

export interface CaptionFix {
  kind: 'insert_start' | 'append' | 'remove';
  text?: string;
  start?: number;
  end?: number;
}

/**
 * One rule's verdict. Every rule gives exactly one finding, in the order of `CAPTION_RULES`.
 * `severity` is how much a failure weighs; `ok` says whether the rule holds. `media_reminder`
 * is always `ok` (a draft's text cannot show whether a photo goes with it); it is a reminder.
 */
export interface CaptionFinding {
  rule: CaptionRule;
  ok: boolean;
  severity: 'error' | 'warning' | 'info';
  matches: CaptionMatch[];
  fix?: CaptionFix;
}

/** What the check needs of a product's talking points (a subset of `ProductContent`). */
export interface CaptionProduct {
  /** When given, the product's own name is not read as a health claim ("Extra Strength Sleep"). */
  name?: string;
  benefits: readonly { text: string; ingredient: string }[];
}

export interface CaptionCheckInput {
  text: string;
  code: string;
  locale: 'en' | 'fr';
  product?: CaptionProduct;
  competitors: readonly string[];
}

export interface CaptionCheckResult {
  /** False when any rule of severity `error` fails; warnings and infos never block. */
  ok: boolean;
  findings: CaptionFinding[];
}

export const BRAND_HASHTAG = '#SunbitePartner';
// The disclosures accepted, in one place for both sides (common/disclosures.ts).
export { DISCLOSURE_FIX, DISCLOSURE_HASHTAGS, DISCLOSURE_PHRASES } from './disclosures';
/** A feed shows this many characters before its "more" cut; the disclosure must stand before it. */
export const DISCLOSURE_WINDOW = 125;

export const CAPTION_RULES: readonly CaptionRule[] = [
  'promo_code',
  'brand_hashtag',
  'disclosure',
  'disclosure_early',
  'disease_claim',
  'unapproved_claim',
  'competitor',
  'media_reminder',
];

// Words that claim to act on a disease. Both languages are read whatever the locale, since
// partners mix them, except a word that is harmless in the caption's own language.
const DISEASE_WORDS = {
  en: [
    'cure',
    'cures',
    'cured',
    'curing',
    'treat',
    'treats',
    'treated',
    'treating',
    'treatment',
    'treatments',
    'prevent',
    'prevents',
    'prevented',
    'preventing',
    'prevention',
    'diagnose',
    'diagnoses',
    'diagnosed',
    'heal',
    'heals',
    'healed',
    'healing',
  ],
  fr: [
    'guerir',
    'guerit',
    'gueri',
    'guerie',
    'guerissent',
    'guerison',
    'traiter',
    'traite',
    'traitent',
    'traitement',
    'traitements',
    'prevenir',
    'previent',
    'previennent',
    'prevention',
    'diagnostiquer',
    'diagnostique',
    'diagnostic',
    'soigner',
    'soigne',
    'soignent',
  ],
};
// "Une cure de 30 jours" is a course of vitamins in French, not a promise to cure.
const HARMLESS_IN = { en: [] as string[], fr: ['cure', 'cures'] };

// "A sweet treat", "treat yourself": the noun and the indulgence are not medical treatment.
const TREAT_NOUN_BEFORE = [
  'a',
  'the',
  'this',
  'that',
  'my',
  'your',
  'our',
  'their',
  'sweet',
  'tasty',
  'little',
  'daily',
  'yummy',
  'delicious',
  'fruity',
  'perfect',
  'favorite',
  'favourite',
  'special',
  'chewy',
  'tiny',
];
const TREAT_SELF_AFTER = [
  'yourself',
  'myself',
  'ourselves',
  'yourselves',
  'themselves',
  'herself',
  'himself',
];

// Words that signal a health claim. A sentence holding one must match an approved benefit.
const CLAIM_TRIGGERS = {
  en: [
    'support',
    'supports',
    'supporting',
    'boost',
    'boosts',
    'boosting',
    'improve',
    'improves',
    'improving',
    'help',
    'helps',
    'helping',
    'promote',
    'promotes',
    'promoting',
    'maintain',
    'maintains',
    'enhance',
    'enhances',
    'strengthen',
    'strengthens',
    'reduce',
    'reduces',
    'relieve',
    'relieves',
    'immune',
    'immunity',
    'sleep',
    'stress',
    'energy',
    'digestion',
    'digestive',
    'focus',
    'memory',
    'mood',
    'metabolism',
    'fatigue',
  ],
  fr: [
    'soutient',
    'soutiennent',
    'soutenir',
    'soutien',
    'favorise',
    'favorisent',
    'favoriser',
    'contribue',
    'contribuent',
    'contribuer',
    'aide',
    'aident',
    'aider',
    'ameliore',
    'ameliorent',
    'ameliorer',
    'stimule',
    'stimulent',
    'stimuler',
    'renforce',
    'renforcent',
    'renforcer',
    'booste',
    'boostent',
    'booster',
    'maintient',
    'maintiennent',
    'maintenir',
    'reduit',
    'reduisent',
    'reduire',
    'soulage',
    'soulagent',
    'soulager',
    'immunitaire',
    'immunite',
    'sommeil',
    'stress',
    'energie',
    'digestion',
    'digestif',
    'digestive',
    'concentration',
    'memoire',
    'humeur',
    'metabolisme',
    'fatigue',
  ],
};

const STOPWORDS = new Set([
  'the',
  'and',
  'for',
  'with',
  'your',
  'you',
  'our',
  'its',
  'are',
  'from',
  'that',
  'this',
  'into',
  'has',
  'have',
  'per',
  'each',
  'all',
  'more',
  'can',
  'may',
  'les',
  'des',
  'une',
  'pour',
  'avec',
  'votre',
  'vos',
  'nos',
  'notre',
  'dans',
  'sur',
  'qui',
  'que',
  'est',
  'son',
  'ses',
  'par',
  'aux',
  'plus',
  'leur',
  'cette',
  'ces',
]);
// Words too common in ingredient names to identify one ("Vitamin D3" is told apart by "d3").
const GENERIC_INGREDIENT_WORDS = new Set([
  'vitamin',
  'vitamins',
  'vitamine',
  'vitamines',
  'extract',
  'extrait',
  'blend',
  'melange',
  'complex',
  'complexe',
  'mineral',
  'minerals',
  'mineraux',
  'powder',
  'poudre',
  'root',
  'racine',
  'organic',
  'biologique',
  'bio',
]);

const WORD = '[\\p{L}\\p{N}_]';
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The caption folded for matching (accents off, lower case, curly apostrophes straight), with,
 * for each UTF-16 unit of the folded text, the range of the original character it came from.
 */
interface Folded {
  text: string;
  from: number[];
  to: number[];
}

const foldChar = (ch: string) =>
  ch
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'");

/** A text folded the way the check compares words: accents off, lower case. */
export const foldText = (s: string) => Array.from(s, foldChar).join('');

function fold(original: string): Folded {
  let text = '';
  const from: number[] = [];
  const to: number[] = [];
  let i = 0;
  for (const ch of original) {
    const f = foldChar(ch);
    for (let k = 0; k < f.length; k++) {
      from.push(i);
      to.push(i + ch.length);
    }
    text += f;
    i += ch.length;
  }
  return { text, from, to };
}

/** Maps a folded range back to the original, taking along combining marks that follow it. */
function locate(original: string, f: Folded, start: number, end: number): CaptionMatch {
  const s = f.from[start] ?? original.length;
  let e = f.to[end - 1] ?? s;
  while (e < original.length && /\p{M}/u.test(original[e] ?? '')) e++;
  return { text: original.slice(s, e), start: s, end: e };
}

interface Range {
  start: number;
  end: number;
}

/** Whole-word (or whole-phrase) occurrences of the already folded `needle`. */
function findWords(haystack: string, needle: string): Range[] {
  const body = needle.trim().split(/\s+/).map(escapeRe).join('\\s+');
  if (!body) return [];
  const re = new RegExp(`(?<!${WORD})${body}(?!${WORD})`, 'gu');
  return [...haystack.matchAll(re)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
}

const inside = (r: Range, spans: Range[]) => spans.some((s) => r.start >= s.start && r.end <= s.end);

/** Hashtags of the folded text, "#" included, when not glued to a preceding word. */
function hashtags(f: Folded): (Range & { tag: string })[] {
  return [...f.text.matchAll(new RegExp(`(?<!${WORD})#${WORD}+`, 'gu'))].map((m) => ({
    tag: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }));
}

function spansOf(f: Folded, re: RegExp): Range[] {
  return [...f.text.matchAll(re)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
}
const urls = (f: Folded) => spansOf(f, /\b(?:https?:\/\/|www\.)\S+/gu);
const mentions = (f: Folded) => spansOf(f, new RegExp(`(?<!${WORD})@${WORD}+`, 'gu'));

/** Number of code points before a UTF-16 offset: what a person counts as characters. */
const charsBefore = (s: string, offset: number) => Array.from(s.slice(0, offset)).length;

/** A removal that also takes one neighbouring space, so no double space is left behind. */
function removal(original: string, m: CaptionMatch): CaptionFix {
  let { start, end } = m;
  if (/[ \t]/.test(original[end] ?? '')) end++;
  else if (start > 0 && /[ \t]/.test(original[start - 1] ?? '')) start--;
  return { kind: 'remove', start, end };
}

const appendText = (original: string, text: string) =>
  original === '' || /\s$/.test(original) ? text : ` ${text}`;

function stem(word: string): string {
  const cut = word.replace(/(?:ing|ed|es|s|e)$/u, '');
  return cut.length >= 3 ? cut : word;
}

function keyWords(foldedText: string): Set<string> {
  const words = foldedText.match(new RegExp(`${WORD}+`, 'gu')) ?? [];
  return new Set(words.filter((w) => (w.length >= 3 || /\d/.test(w)) && !STOPWORDS.has(w)).map(stem));
}

/** The sentences of the caption (folded ranges), cut at . ! ? … and line breaks. */
function sentences(f: Folded): Range[] {
  const out: Range[] = [];
  // \u2026 (…) written as an escape: the server bundle must stay ASCII (scripts/build-server.mjs).
  const re = /[^.!?\u2026\n]+(?:\.(?=\d)[^.!?\u2026\n]*)*/gu;
  for (const m of f.text.matchAll(re)) {
    const lead = m[0].length - m[0].trimStart().length;
    const body = m[0].trim();
    if (body) out.push({ start: m.index + lead, end: m.index + lead + body.length });
  }
  return out;
}

/**
 * Whether a sentence names an ingredient. "Vitamine B6, vitamine B12" or "Grain de café vert
 * (caféine naturelle)" hold several names; one is enough, written out whole or by its first
 * distinctive word ("matcha" for "Matcha green tea", "b12" for "Vitamin B12").
 */
function ingredientIn(ingredient: string, sentence: string, words: Set<string>): boolean {
  const names = foldText(ingredient).split(/[,;/()]|\s(?:and|et|with|avec|&)\s/u);
  return names.some((name) => {
    const phrase = name.trim();
    if (!phrase) return false;
    if (findWords(sentence, phrase).length > 0) return true;
    const distinctive = (phrase.match(new RegExp(`${WORD}+`, 'gu')) ?? []).find(
      (w) => (w.length >= 3 || /\d/.test(w)) && !STOPWORDS.has(w) && !GENERIC_INGREDIENT_WORDS.has(w),
    );
    return distinctive !== undefined && words.has(stem(distinctive));
  });
}

/**
 * Where the product's name stands in the caption: the name whole, or any two or more of its
 * words in a row ("Dreamy Sleep" of "Dreamy Sleep Gummies – jujubes sommeil").
 */
function nameSpans(caption: string, name: string): Range[] {
  const spans: Range[] = [];
  for (const part of foldText(name).split(/\s[-\u2013\u2014]\s|[()|:,]/u)) {
    const words = part.trim().split(/\s+/).filter(Boolean);
    for (let from = 0; from < words.length; from++) {
      for (let to = from + 2; to <= words.length; to++)
        spans.push(...findWords(caption, words.slice(from, to).join(' ')));
    }
  }
  return spans;
}

/** A claim is approved when it names a benefit's ingredient or shares most of its key words. */
function approved(sentence: string, product: CaptionProduct): boolean {
  const words = keyWords(sentence);
  return product.benefits.some((b) => {
    if (ingredientIn(b.ingredient, sentence, words)) return true;
    const keys = keyWords(foldText(b.text));
    let shared = 0;
    for (const k of keys) if (words.has(k)) shared++;
    return keys.size > 0 && shared * 2 > keys.size;
  });
}

function isTreatNoun(f: Folded, r: Range): boolean {
  const word = f.text.slice(r.start, r.end);
  if (word !== 'treat' && word !== 'treats') return false;
  const before = f.text.slice(0, r.start).match(new RegExp(`(${WORD}+)\\W*$`, 'u'))?.[1];
  const after = f.text.slice(r.end).match(new RegExp(`^\\W*(${WORD}+)`, 'u'))?.[1];
  return (
    (before !== undefined && TREAT_NOUN_BEFORE.includes(before)) ||
    (after !== undefined && TREAT_SELF_AFTER.includes(after))
  );
}

export function checkCaption(input: CaptionCheckInput): CaptionCheckResult {
  const { text, locale } = input;
  const f = fold(text);
  const at = (r: Range) => locate(text, f, r.start, r.end);
  const tags = hashtags(f);
  const links = urls(f);
  const findings: CaptionFinding[] = [];

  // 1. The partner's own code, as a word of its own ("XLEA2026" is not "LEA2026").
  const code = input.code.trim();
  const codeHits = code ? findWords(f.text, foldText(code)).map(at) : [];
  findings.push({
    rule: 'promo_code',
    ok: codeHits.length > 0,
    severity: 'error',
    matches: codeHits,
    ...(codeHits.length === 0 && code
      ? { fix: { kind: 'append' as const, text: appendText(text, code) } }
      : {}),
  });

  // 2. The brand hashtag, as a whole tag.
  const brand = foldText(BRAND_HASHTAG);
  const brandHits = tags.filter((t) => t.tag === brand).map(at);
  findings.push({
    rule: 'brand_hashtag',
    ok: brandHits.length > 0,
    severity: 'error',
    matches: brandHits,
    ...(brandHits.length === 0
      ? { fix: { kind: 'append' as const, text: appendText(text, BRAND_HASHTAG) } }
      : {}),
  });

  // 3. A disclosure (whole tags: #Adventure is not #Ad; or "Partenariat rémunéré" as words), and
  // one before the feed's cut. The fix writes the disclosure of the caption's language.
  const disclosureHits = disclosureRanges(f.text).map(at);
  const insertAd: CaptionFix = { kind: 'insert_start', text: `${DISCLOSURE_FIX[locale]} ` };
  findings.push({
    rule: 'disclosure',
    ok: disclosureHits.length > 0,
    severity: 'error',
    matches: disclosureHits,
    ...(disclosureHits.length === 0 ? { fix: insertAd } : {}),
  });
  const early = disclosureHits.filter((m) => charsBefore(text, m.end) <= DISCLOSURE_WINDOW);
  findings.push({
    rule: 'disclosure_early',
    ok: early.length > 0,
    severity: 'error',
    // The early ones when they exist; otherwise the late ones, to show where they stand.
    matches: early.length > 0 ? early : disclosureHits,
    ...(early.length === 0 ? { fix: insertAd } : {}),
  });

  // 4. Disease claims, each word located. Not inside links, where a word is only an address.
  const harmless = HARMLESS_IN[locale];
  const diseaseWords = [...new Set([...DISEASE_WORDS.en, ...DISEASE_WORDS.fr])].filter(
    (w) => !harmless.includes(w),
  );
  const diseaseRe = new RegExp(`(?<!${WORD})(?:${diseaseWords.join('|')})(?!${WORD})`, 'gu');
  const diseaseHits = spansOf(f, diseaseRe)
    .filter((r) => !inside(r, links) && !isTreatNoun(f, r))
    .map(at);
  findings.push({
    rule: 'disease_claim',
    ok: diseaseHits.length === 0,
    severity: 'error',
    matches: diseaseHits,
    ...(diseaseHits[0] ? { fix: removal(text, diseaseHits[0]) } : {}),
  });

  // 5. Health claims: each sentence with a claim word must match an approved benefit. Hashtags,
  // mentions, links and the product's own name are labels, not claims.
  const labels: Range[] = [...tags, ...links, ...mentions(f)];
  if (input.product?.name) labels.push(...nameSpans(f.text, input.product.name));
  const triggerRe = new RegExp(
    `(?<!${WORD})(?:${[...new Set([...CLAIM_TRIGGERS.en, ...CLAIM_TRIGGERS.fr])].join('|')})(?!${WORD})`,
    'gu',
  );
  const triggers = spansOf(f, triggerRe).filter((r) => !inside(r, labels));
  const claimSentences = sentences(f).filter((s) =>
    triggers.some((t) => t.start >= s.start && t.end <= s.end),
  );
  const product = input.product;
  const unapproved = product
    ? claimSentences.filter((s) => !approved(f.text.slice(s.start, s.end), product))
    : claimSentences;
  findings.push({
    rule: 'unapproved_claim',
    ok: unapproved.length === 0,
    // Without the product's benefits nothing can be verified: a gentle note, not a warning.
    severity: product ? 'warning' : 'info',
    matches: unapproved.map(at),
  });

  // 6. Competitor names, whole words or phrases.
  const competitorHits = input.competitors
    .map((c) => foldText(c).trim())
    .filter((c) => c.length > 0)
    .flatMap((c) => findWords(f.text, c))
    // The longest name wins where two overlap ("Nature's Bounty" over "Nature").
    .sort((a, b) => a.start - b.start || b.end - a.end)
    .filter((r, i, all) => i === 0 || r.start >= (all[i - 1]?.end ?? 0))
    .map(at);
  findings.push({
    rule: 'competitor',
    ok: competitorHits.length === 0,
    severity: 'error',
    matches: competitorHits,
    ...(competitorHits[0] ? { fix: removal(text, competitorHits[0]) } : {}),
  });

  // 7. A post is a photo or a video with a caption; the text alone cannot show it.
  findings.push({ rule: 'media_reminder', ok: true, severity: 'info', matches: [] });

  return { ok: findings.every((x) => x.ok || x.severity !== 'error'), findings };
}

/** Applies a finding's fix to the caption it was computed on. */
export function applyCaptionFix(text: string, fix: CaptionFix): string {
  switch (fix.kind) {
    case 'insert_start':
      return `${fix.text ?? ''}${text}`;
    case 'append':
      return `${text}${fix.text ?? ''}`;
    case 'remove':
      return text.slice(0, fix.start ?? 0) + text.slice(fix.end ?? fix.start ?? 0);
  }
}
