// Reads the text of a PDF as a person would copy it, page by page, for the tests of generated
// documents (the payout invoice) and the end-to-end test that downloads one. pdf.js runs in
// this process: its legacy build is the one for Node, and it falls back to an in-process worker.
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';

// The 14 standard fonts are not embedded in the PDF: pdf.js reads their metrics from its own files.
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/**
 * The text of each page. A line of the page is a line of the text; the pieces of one line are
 * joined by a space. No-break spaces (fr-CA money: "1 234,56 $") read as plain spaces.
 */
export async function pdfPages(buffer: Buffer | Uint8Array): Promise<string[]> {
  const pdf = await open(buffer);
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      const lines: string[][] = [[]];
      for (const item of content.items) {
        if (!('str' in item)) continue;
        const { str, hasEOL } = item as TextItem;
        if (str.trim()) lines[lines.length - 1]!.push(str.trim());
        if (hasEOL) lines.push([]);
      }
      pages.push(
        lines
          .map((pieces) => pieces.join(' ').replace(/[\u00a0\u202f]/g, ' '))
          .filter(Boolean)
          .join('\n'),
      );
      page.cleanup();
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}

/** The document's Title and Author, as a PDF reader's properties show them. */
export async function pdfInfo(
  buffer: Buffer | Uint8Array,
): Promise<{ title: string | null; author: string | null }> {
  const pdf = await open(buffer);
  try {
    const { info } = (await pdf.getMetadata()) as { info: { Title?: string; Author?: string } };
    return { title: info.Title ?? null, author: info.Author ?? null };
  } finally {
    await pdf.destroy();
  }
}

function open(buffer: Buffer | Uint8Array) {
  // pdf.js refuses a Buffer and takes over (detaches) the array it is given: it reads a copy.
  const data = Uint8Array.from(buffer);
  return getDocument({ data, standardFontDataUrl, isEvalSupported: false, verbosity: 0 }).promise;
}

/** All the text of a PDF, its pages separated by a blank line. */
export async function pdfText(buffer: Buffer | Uint8Array): Promise<string> {
  return (await pdfPages(buffer)).join('\n\n');
}
