// The words of the back office's partner search, folded as migration 026 folds what it searches
// (docs/decisions/040-staff-search.md): ASCII letters and the upper-case letters of Latin-1,
// Latin Extended-A, Greek and Cyrillic to lower case, one character for one, every other
// character as it is (accents are kept: "lea" does not find "Léa", "LÉA" does); a line break is
// U+0001, since line breaks part the fields of the folded text. The two lists
// are the migration's; a test holds the database's fold and this one to each other.

const UPPER =
  'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞĀĂĄĆĈĊČĎĐĒĔĖĘĚĜĞĠĢĤĦĨĪĬĮĲĴĶĹĻĽĿŁŃŅŇŊŌŎŐŒŔŖŘŚŜŞŠŢŤŦŨŪŬŮŰŲŴŶŸŹŻŽΆΈΉΊΌΎΏΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩΪΫЀЁЂЃЄЅІЇЈЉЊЋЌЍЎЏАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ';
const LOWER =
  'àáâãäåæçèéêëìíîïðñòóôõöøùúûüýþāăąćĉċčďđēĕėęěĝğġģĥħĩīĭįĳĵķĺļľŀłńņňŋōŏőœŕŗřśŝşšţťŧũūŭůűųŵŷÿźżžάέήίόύώαβγδεζηθικλμνξοπρστυφχψωϊϋѐёђѓєѕіїјљњћќѝўџабвгдежзийклмнопрстуфхцчшщъыьэюя';

const FOLD = new Map<string, string>();
{
  const upper = [...UPPER];
  const lower = [...LOWER];
  upper.forEach((c, i) => FOLD.set(c, lower[i]!));
  for (let c = 65; c <= 90; c++) FOLD.set(String.fromCharCode(c), String.fromCharCode(c + 32));
  // Line breaks part the fields of the folded text: one inside a field, or a search, is U+0001.
  FOLD.set('\n', '\u0001');
}

/** Every character the fold changes (for the test that holds the database to it). */
export const FOLDED_CHARACTERS = [...FOLD.keys()];

/** The text as the search index holds it. */
export function foldSearch(text: string): string {
  let folded = '';
  for (const c of text) folded += FOLD.get(c) ?? c;
  return folded;
}

/** Characters of a key (migration 026's KEY_LENGTH): a longer search is looked up by its start. */
export const KEY_LENGTH = 32;

/**
 * The smallest text after every text that starts with `prefix`, in code point order (the byte
 * order of UTF-8, which both databases compare keys by): its last character one higher. Null when
 * there is none (a prefix of U+10FFFF alone).
 */
export function afterPrefix(prefix: string): string | null {
  const chars = [...prefix];
  while (chars.length) {
    const last = chars.pop()!.codePointAt(0)!;
    if (last < 0x10ffff) {
      // Surrogates are not characters: after U+D7FF comes U+E000.
      const next = last === 0xd7ff ? 0xe000 : last + 1;
      return chars.join('') + String.fromCodePoint(next);
    }
  }
  return null;
}

/** The range of keys a search reads: its first KEY_LENGTH characters, and whether the text must be checked too. */
export function keyRange(folded: string): { from: string; before: string | null; check: boolean } {
  const chars = [...folded];
  const from = chars.slice(0, KEY_LENGTH).join('');
  return { from, before: afterPrefix(from), check: chars.length > KEY_LENGTH };
}
