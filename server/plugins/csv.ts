// The back office's CSV exports (docs/product/back-office.md#exports): one way to write a cell, and one way to stream a
// file read from the database a page at a time, so an export of a million rows holds one page in
// memory, never the file (docs/decisions/034-audit-log-and-exports.md).
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A number the export itself wrote (an amount, a rate): written as it is, never taken for a formula. */
export class CsvNumber {
  constructor(readonly text: string) {
    if (!/^-?\d+(\.\d+)?$/.test(text)) throw new Error(`not a number: ${text}`);
  }
}

export type CsvValue = string | number | boolean | null | undefined | CsvNumber;

/** Cents as major units with two decimals (money as docs/product/errors-and-languages.md#the-api-conventions has it), built from integers: -550 is -5.50. */
export function csvMoney(cents: number): CsvNumber {
  const abs = Math.abs(Math.trunc(cents));
  return new CsvNumber(
    `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`,
  );
}

/**
 * One cell. Text a spreadsheet could run as a formula gets a leading apostrophe, so it opens as
 * text (CSV injection): text starting with =, +, -, @, a tab or a carriage return, or holding a
 * separator (a comma, the semicolon French Excel splits on, a tab) followed by one of them, since
 * a spreadsheet splitting there would start a cell with it. Text holding a comma, a semicolon, a
 * tab, a quote or a line break is quoted, its quotes doubled (RFC 4180). Numbers the export wrote
 * stay numbers, negative ones too.
 */
const FORMULA = /(^|[,;\t])[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value instanceof CsvNumber) return value.text;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const safe = FORMULA.test(value) ? `'${value}` : value;
  return /[",;\t\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One line of the file, with its CRLF end (RFC 4180). */
export const csvLine = (cells: readonly CsvValue[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * The rows of a table read by its integer key, a page at a time: each page is the rows after the
 * last key of the one before (`read(after)` must answer them in key order, at most `size`).
 */
export async function* pagesAfter<Row>(
  read: (after: number) => Promise<Row[]>,
  keyOf: (row: Row) => number,
  size: number,
): AsyncGenerator<Row[]> {
  for (let after = 0; ;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}

/**
 * The rows of a large table read a span of keys at a time (`read(from, to)`: the rows with
 * from < key ≤ to, in key order), up to the largest key when the export began. Whatever the
 * filters, one query never reads more than `span` keys, so it holds the database (and, with the
 * embedded SQLite, the event loop) for a few milliseconds at most, however few rows match.
 */
export async function* pagesBySpan<Row>(
  read: (from: number, to: number) => Promise<Row[]>,
  lastKey: number,
  span: number,
): AsyncGenerator<Row[]> {
  for (let from = 0; from < lastKey; from += span) {
    const rows = await read(from, Math.min(from + span, lastKey));
    if (rows.length > 0) yield rows;
  }
}

/** Characters of CSV handed to the stream at a time (see csvStream). */
const CHUNK = 32 * 1024;

/**
 * The file as a stream: the header line, then each page's lines as it is read. The stream is
 * pulled by the connection, so the next page is read only once the client took the last one;
 * a client that goes away stops the reading. The first page is read before the answer starts,
 * so a query that fails at once is an error answer, not a file cut short.
 */
export async function csvStream<Row>(
  columns: readonly string[],
  pages: AsyncGenerator<Row[]>,
  cells: (row: Row) => readonly CsvValue[],
): Promise<Readable> {
  const first = await pages.next();
  // A page's lines go out in pieces of about CHUNK characters, not as one string: a page of
  // 2,000 earnings is some 400 kB of text, which V8 puts in its large-object space and the stream
  // copies into a buffer as large, on every page of a million rows (decisions/045).
  function* lines(rows: readonly Row[]) {
    let chunk = '';
    for (const row of rows) {
      chunk += csvLine(cells(row));
      if (chunk.length >= CHUNK) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  async function* chunks() {
    try {
      yield csvLine(columns);
      if (first.done) return;
      yield* lines(first.value);
      for await (const rows of pages) yield* lines(rows);
    } finally {
      // Ends the reading when the client leaves before the end.
      await pages.return(undefined);
    }
  }
  return Readable.from(chunks(), { objectMode: false, highWaterMark: 64 * 1024 });
}

/** Answers a CSV file as a download named `<name>-<today>.csv`, never cached. */
export function sendCsv(reply: FastifyReply, name: string, body: Readable) {
  return reply
    .type('text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`,
    )
    .header('cache-control', 'private, no-store')
    .send(body);
}
