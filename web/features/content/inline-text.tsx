// Page text is plain with `**bold**` as its only mark (common/content.ts). It is turned into
// React elements here, never into HTML, so nothing a page holds can become markup. The FAQ's
// search marks what it found in the same pass.
import { Fragment, type ReactNode } from 'react';

/** One character folded for search: accents off, lower case, curly apostrophes straight. */
const foldChar = (ch: string) =>
  ch
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'");

/** A text folded for search. */
export const foldForSearch = (text: string) => Array.from(text, foldChar).join('');

/**
 * The ranges of `text` (UTF-16 offsets, end exclusive) where the folded `query` occurs. Folding
 * can change a character's length ("ǅ", "İ"), so offsets are mapped back character by character.
 */
export function searchRanges(text: string, query: string): { start: number; end: number }[] {
  const needle = foldForSearch(query.trim());
  if (!needle) return [];
  let folded = '';
  const origin: number[] = [];
  let offset = 0;
  for (const ch of text) {
    const f = foldChar(ch);
    for (let k = 0; k < f.length; k++) origin.push(offset);
    folded += f;
    offset += ch.length;
  }
  origin.push(offset);
  const ranges: { start: number; end: number }[] = [];
  for (let at = folded.indexOf(needle); at !== -1; at = folded.indexOf(needle, at + needle.length)) {
    const start = origin[at] ?? text.length;
    const last = origin[at + needle.length - 1] ?? start;
    // The end of the original character the match's last folded unit came from.
    const end = last + (text.codePointAt(last)! > 0xffff ? 2 : 1);
    ranges.push({ start, end });
  }
  return ranges;
}

/** The text without its `**` marks: what a person reads, and what search looks at. */
export const plainText = (text: string) => text.replace(/\*\*(.+?)\*\*/g, '$1');

const MARK_CLASS = 'rounded-sm bg-amber-200 px-0.5 text-stone-900 dark:bg-amber-400/40 dark:text-amber-50';

function highlighted(text: string, query: string | undefined): ReactNode {
  if (!query) return text;
  const ranges = searchRanges(text, query);
  if (ranges.length === 0) return text;
  const parts: ReactNode[] = [];
  let at = 0;
  ranges.forEach((range, index) => {
    if (range.start > at) parts.push(text.slice(at, range.start));
    parts.push(
      <mark key={index} className={MARK_CLASS}>
        {text.slice(range.start, range.end)}
      </mark>,
    );
    at = range.end;
  });
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

/** `**bold**` as <strong>, and the search's matches as <mark>. */
export function InlineText({ text, highlight }: { text: string; highlight?: string }) {
  const pieces = text.split(/\*\*(.+?)\*\*/g);
  return (
    <>
      {pieces.map((piece, index) =>
        // split() with a capture group puts the bold parts at the odd indexes.
        index % 2 === 1 ? (
          <strong key={index} className="font-semibold text-stone-900 dark:text-white">
            {highlighted(piece, highlight)}
          </strong>
        ) : (
          <Fragment key={index}>{highlighted(piece, highlight)}</Fragment>
        ),
      )}
    </>
  );
}
