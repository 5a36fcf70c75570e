import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvMoney, CsvNumber, csvStream, pagesAfter, pagesBySpan } from './csv';

describe('csvCell', () => {
  it('quotes what holds a comma, a quote or a line break, doubling the quotes (RFC 4180)', () => {
    expect(csvCell('plain text')).toBe('plain text');
    expect(csvCell('Quote, "Jr"')).toBe('"Quote, ""Jr"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('Montréal · Québec')).toBe('Montréal · Québec');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('writes text a spreadsheet would run as a formula as text, with a leading apostrophe', () => {
    for (const text of ['=1+1', '+33 6 12', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])
      expect(csvCell(text), text).toMatch(/^"?'/);
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    // Not at the start nor after a separator: nothing to run.
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('Marie-Claire')).toBe('Marie-Claire');
  });

  it('neutralises a formula after a separator, the semicolon of French Excel too, and quotes any semicolon (issue 31)', () => {
    const hostile = "Lee;=1+2;@SUM(1+1);-2+3+cmd|' /C calc'!A0;";
    expect(csvCell(hostile)).toBe(`"'${hostile}"`);
    for (const text of ['Lee,=1+2', 'Lee;+1', 'Lee\t@SUM(1)', 'a;-2+3'])
      expect(csvCell(text), text).toMatch(/^"'/);
    expect(csvCell('Lee; Jr')).toBe('"Lee; Jr"');
    expect(csvCell('tab\there')).toBe('"tab\there"');
  });

  it('keeps the numbers the export wrote as numbers, negative ones too', () => {
    expect(csvCell(csvMoney(1250))).toBe('12.50');
    expect(csvCell(csvMoney(-550))).toBe('-5.50');
    expect(csvCell(csvMoney(5))).toBe('0.05');
    expect(csvCell(csvMoney(-5))).toBe('-0.05');
    expect(csvCell(csvMoney(0))).toBe('0.00');
    expect(csvCell(csvMoney(123456789))).toBe('1234567.89');
    expect(csvCell(new CsvNumber('12.5'))).toBe('12.5');
    expect(() => new CsvNumber('=1')).toThrow();
    expect(csvLine(['a', csvMoney(-100), null, '-1'])).toBe("a,-1.00,,'-1\r\n");
  });
});

describe('streaming a file a page at a time', () => {
  /** A table of `n` rows and the reads made of it. */
  function table(n: number) {
    const rows = Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `row ${i + 1}` }));
    const reads: string[] = [];
    return {
      reads,
      after: async (after: number) => {
        reads.push(`after ${after}`);
        return rows.filter((r) => r.id > after).slice(0, 3);
      },
      span: async (from: number, to: number) => {
        reads.push(`${from}..${to}`);
        return rows.filter((r) => r.id > from && r.id <= to && r.id % 2 === 1);
      },
    };
  }

  it('reads by key after the last row, and stops at a short page', async () => {
    const t = table(7);
    const pages: number[][] = [];
    for await (const page of pagesAfter(t.after, (r) => r.id, 3)) pages.push(page.map((r) => r.id));
    expect(pages).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(t.reads).toEqual(['after 0', 'after 3', 'after 6']);
  });

  it('reads spans of keys up to the last, skipping empty ones', async () => {
    const t = table(10);
    const pages: number[][] = [];
    for await (const page of pagesBySpan(t.span, 9, 4)) pages.push(page.map((r) => r.id));
    expect(pages).toEqual([[1, 3], [5, 7], [9]]);
    expect(t.reads).toEqual(['0..4', '4..8', '8..9']);
  });

  it('reads the first page before it answers, then pages as the reader takes them', async () => {
    const t = table(9);
    const stream = await csvStream(
      ['id', 'name'],
      pagesAfter(t.after, (r) => r.id, 3),
      (r) => [r.id, r.name],
    );
    expect(t.reads).toEqual(['after 0']);
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    expect(text).toBe(
      `id,name\r\n${Array.from({ length: 9 }, (_, i) => `${i + 1},row ${i + 1}\r\n`).join('')}`,
    );
    expect(t.reads).toEqual(['after 0', 'after 3', 'after 6', 'after 9']);
  });

  /** Pages of three rows of 40 kB (one page fills the stream's 64 kB buffer), ten of them, and the reads made. */
  function bigPages() {
    const reads: number[] = [];
    const pages = pagesAfter(
      async (after: number) => {
        reads.push(after);
        return after >= 30 ? [] : [1, 2, 3].map((i) => ({ id: after + i }));
      },
      (r) => r.id,
      3,
    );
    return { reads, pages, cells: (r: { id: number }) => [r.id, 'x'.repeat(40_000)] };
  }
  const tick = () => new Promise((r) => setTimeout(r, 30));

  it('reads no further ahead than the stream’s buffer while the reader waits', async () => {
    const { reads, pages, cells } = bigPages();
    const stream = await csvStream(['id', 'text'], pages, cells);
    await tick();
    // Nothing more until someone reads.
    expect(reads).toHaveLength(1);
    await new Promise((resolve) => stream.once('readable', resolve));
    expect(String(stream.read(9))).toBe('id,text\r\n');
    await tick();
    expect(reads.length).toBeLessThanOrEqual(3);
    let rest = 0;
    for await (const chunk of stream) rest += String(chunk).length;
    expect(rest).toBe(30 * 40_003 + 9 * 1 + 21 * 2);
    expect(reads).toHaveLength(11);
  });

  it('stops reading when the reader goes away', async () => {
    const { reads, pages, cells } = bigPages();
    const stream = await csvStream(['id', 'text'], pages, cells);
    for await (const chunk of stream) {
      if (String(chunk).length > 0) break;
    }
    await tick();
    expect(stream.destroyed).toBe(true);
    expect(reads.length).toBeLessThanOrEqual(3);
  });

  it('hands a large page to the stream in pieces, whole lines each, in order', async () => {
    // One page of 2,000 lines of about 100 characters: some 200 kB of text.
    const rows = Array.from({ length: 2000 }, (_, i) => ({ id: i + 1 }));
    const stream = await csvStream(
      ['id', 'text'],
      pagesAfter(
        async (after: number) => rows.filter((r) => r.id > after),
        (r) => r.id,
        5000,
      ),
      (r) => [r.id, 'y'.repeat(95)],
    );
    const pushed: string[] = [];
    const push = stream.push.bind(stream);
    stream.push = (chunk: unknown) => {
      if (chunk !== null) pushed.push(String(chunk));
      return push(chunk);
    };
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    expect(text).toBe(`id,text\r\n${rows.map((r) => `${r.id},${'y'.repeat(95)}\r\n`).join('')}`);
    expect(pushed.length).toBeGreaterThan(5);
    for (const piece of pushed) {
      expect(piece.length).toBeLessThan(40 * 1024);
      expect(piece.endsWith('\r\n')).toBe(true);
    }
  });

  it('answers a file with only its header when there is nothing', async () => {
    const stream = await csvStream(
      ['a', 'b'],
      pagesBySpan(async () => [], 0, 10),
      () => [],
    );
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    expect(text).toBe('a,b\r\n');
  });

  it('fails before answering when the first read fails', async () => {
    const failing = pagesAfter<{ id: number }>(
      () => Promise.reject(new Error('database down')),
      (r) => r.id,
      3,
    );
    await expect(csvStream(['id'], failing, (r) => [r.id])).rejects.toThrow('database down');
  });
});
