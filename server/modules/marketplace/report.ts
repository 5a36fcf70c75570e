// Amazon Associates earnings reports, as Amazon lets them be downloaded: tab-separated or
// comma-separated text (docs/decisions/055-associates-reports-csv-and-returns.md). Amazon puts a
// title line before the header; the header row is the first line with a Tracking ID column, and
// its separator is the file's. Columns are found by name, so the export's column order does not
// matter. The rejected lines' codes (REPORT_REASONS) are in common/marketplace-report.ts, the
// contract's (common/contracts/marketplace.ts) as well as the parser's.
import type { ReportReason } from '../../../common/marketplace-report';

export type { ReportReason };

export interface ReportRow {
  line: number;
  trackingId: string;
  product: string;
  date: string;
  items: number;
  /** Negative for a return. */
  revenueCents: number;
  /** The revenue cell as the file writes it, for a reason to quote. */
  revenueText: string;
}

export interface ReportProblem {
  line: number;
  reason: ReportReason;
  value?: string;
  /** For `return_exceeds`: what the earlier lines brought in, net of returns, in cents. */
  earlierCents?: number;
}

export interface ReportOptions {
  /** The last shipped date a line can have (YYYY-MM-DD); later ones are refused. */
  latestDate?: string;
}

export type ReportDelimiter = '\t' | ',';

const MAX_ITEMS = 1_000_000;
const MAX_REVENUE_CENTS = 1_000_000_000;

/** A cell as a reason quotes it: a whole line of text would say nothing more. */
const VALUE_MAX = 80;
const quoted = (text: string) => (text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX - 1)}…` : text);

const COLUMNS = {
  trackingId: ['tracking id', 'tracking_id', 'tag'],
  product: ['name', 'product', 'product name', 'asin'],
  date: ['date shipped', 'date', 'shipped date'],
  items: ['items shipped', 'items', 'quantity'],
  revenue: ['revenue($)', 'revenue', 'revenue ($)', 'sales revenue'],
} as const;

/** Each column as Amazon's export heads it, to name the ones a report lacks. */
const HEADINGS: Record<keyof typeof COLUMNS, string> = {
  trackingId: 'Tracking ID',
  product: 'Name',
  date: 'Date Shipped',
  items: 'Items Shipped',
  revenue: 'Revenue($)',
};

function parseDate(text: string): string | null {
  const t = text.trim();
  // 2026-10-03, 2026-10-03 10:21:12, or the US forms 10/3/2026 and 10-03-2026 (Amazon's title
  // line writes its dates so).
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(t);
  const us = /^(\d{1,2})([/-])(\d{1,2})\2(\d{4})$/.exec(t);
  const [y, m, d] = iso
    ? [iso[1]!, iso[2]!, iso[3]!]
    : us
      ? [us[4]!, us[1]!.padStart(2, '0'), us[3]!.padStart(2, '0')]
      : [];
  if (!y) return null;
  const date = `${y}-${m}-${d}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date ? null : date;
}

/**
 * An amount as written, by the separators it uses: `plain` has none (12), `point` a decimal point
 * and thousands commas in groups of three (1,049.50, 1,049, 24.99), `comma` a decimal comma with
 * exactly two decimals and thousands points (24,99, 1.049,50). Nothing else is an amount: a comma
 * is never dropped as if it were a thousands separator (24,99 is not 2,499.00).
 */
type MoneyForm = 'plain' | 'point' | 'comma';

function readMoney(text: string): { form: MoneyForm; cents: number } | null {
  // -24.99, $-24.99 or -$24.99.
  let t = text.trim().replace(/^\$/, '');
  const negative = t.startsWith('-');
  if (negative) t = t.slice(1).replace(/^\$/, '');
  let form: MoneyForm;
  let whole: string;
  let fraction = '';
  if (/^\d+$/.test(t)) {
    form = 'plain';
    whole = t;
  } else if (/^\d+\.\d{1,2}$/.test(t) || /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(t)) {
    form = 'point';
    [whole = '', fraction = ''] = t.replace(/,/g, '').split('.');
  } else if (/^\d+,\d{2}$/.test(t) || /^\d{1,3}(\.\d{3})+,\d{2}$/.test(t)) {
    form = 'comma';
    [whole = '', fraction = ''] = t.replace(/\./g, '').split(',');
  } else return null;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return { form, cents: negative && cents ? -cents : cents };
}

/**
 * One line's cells in a comma-separated file (RFC 4180): a cell may be quoted, a quote inside it
 * doubled, and a quoted cell holds commas. A record is one line (Amazon's cells hold no line
 * break): a quotation mark still open at its end makes the line unreadable (null), rather than
 * swallowing the lines after it.
 */
function csvCells(line: string): string[] | null {
  const cells: string[] = [];
  let i = 0;
  for (;;) {
    // A quoted cell, maybe after spaces a writer left following the comma.
    let start = i;
    while (line[start] === ' ') start++;
    let cell = '';
    if (line[start] === '"') {
      i = start + 1;
      for (;;) {
        const close = line.indexOf('"', i);
        if (close < 0) return null;
        cell += line.slice(i, close);
        i = close + 1;
        if (line[i] !== '"') break;
        cell += '"';
        i++;
      }
    }
    // Up to the next comma: the unquoted cell, or what a lax writer left after the closing quote.
    const next = line.indexOf(',', i);
    cell += next < 0 ? line.slice(i) : line.slice(i, next);
    cells.push(cell);
    if (next < 0) return cells;
    i = next + 1;
  }
}

/**
 * A line's cells by the file's separator. Tab-separated lines are split as they always were (a
 * quotation mark there is text: changing that would change the rows an earlier import keyed).
 */
const cellsOf = (line: string, delimiter: ReportDelimiter) =>
  delimiter === '\t' ? line.split('\t') : csvCells(line);

const isTrackingHeading = (cells: string[] | null) =>
  !!cells?.some((c) => (COLUMNS.trackingId as readonly string[]).includes(c.trim().toLowerCase()));

/**
 * The header row and the file's separator: the first line that, split by tabs or by commas, has
 * a Tracking ID column. A title line ("Fee-Earnings reports from 11-01-2026 to 11-30-2026") has
 * none, whatever commas it holds.
 */
function findHeader(lines: string[]): { index: number; delimiter: ReportDelimiter; header: string[] } | null {
  for (let index = 0; index < lines.length; index++) {
    const byTab = lines[index]!.split('\t');
    const byComma = csvCells(lines[index]!);
    const tab = isTrackingHeading(byTab);
    const comma = isTrackingHeading(byComma);
    // Both only when the line is one heading alone, or holds both separators: the one that parts more cells.
    if (tab && (!comma || byTab.length >= byComma!.length)) return { index, delimiter: '\t', header: byTab };
    if (comma) return { index, delimiter: ',', header: byComma! };
  }
  return null;
}

export function parseAssociatesReport(
  text: string,
  options: ReportOptions = {},
): {
  rows: ReportRow[];
  problems: ReportProblem[];
  delimiter: ReportDelimiter | null;
  decimalComma: boolean;
} {
  // A byte-order mark, and CRLF (or a lone CR) line ends: the cells never keep them.
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const found = findHeader(lines);
  if (!found)
    return { rows: [], problems: [{ line: 1, reason: 'no_header' }], delimiter: null, decimalComma: false };
  const { delimiter } = found;
  const header = found.header.map((c) => c.trim().toLowerCase());
  const index = Object.fromEntries(
    Object.entries(COLUMNS).map(([key, names]) => [
      key,
      header.findIndex((h) => (names as readonly string[]).includes(h)),
    ]),
  ) as Record<keyof typeof COLUMNS, number>;
  const missing = (Object.keys(index) as (keyof typeof COLUMNS)[])
    .filter((k) => index[k] < 0)
    .map((k) => HEADINGS[k]);
  if (missing.length)
    return {
      rows: [],
      problems: [{ line: found.index + 1, reason: 'missing_columns', value: missing.join(', ') }],
      delimiter,
      decimalComma: false,
    };

  const records: { line: number; cells: string[] | null }[] = [];
  for (let i = found.index + 1; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.trim()) records.push({ line: i + 1, cells: cellsOf(raw, delimiter) });
  }
  const revenueOf = (cells: string[]) => (cells[index.revenue] ?? '').trim();
  // A decimal comma is read only where the file leaves no doubt (issue 34): tab-separated (in a
  // comma-separated file the comma also parts the cells), and every amount that has a separator
  // has a decimal comma with two decimals. Where some have a point, a comma is either one:
  // those lines are refused, never read as hundreds of times the amount.
  const forms = new Set(records.flatMap((r) => (r.cells ? [readMoney(revenueOf(r.cells))?.form] : [])));
  const decimalComma = delimiter === '\t' && forms.has('comma') && !forms.has('point');

  const rows: ReportRow[] = [];
  const problems: ReportProblem[] = [];
  for (const { line, cells } of records) {
    if (!cells) {
      problems.push({ line, reason: 'quote' });
      continue;
    }
    const cell = (k: keyof typeof COLUMNS) => (cells[index[k]] ?? '').trim();
    const trackingId = cell('trackingId');
    const product = cell('product');
    const date = parseDate(cell('date'));
    const items = /^-?\d+$/.test(cell('items')) ? Number(cell('items')) : NaN;
    const money = readMoney(cell('revenue'));
    if (!trackingId || trackingId.length > 40) problems.push({ line, reason: 'tracking_id' });
    else if (!product || product.length > 255) problems.push({ line, reason: 'product' });
    else if (!date) problems.push({ line, reason: 'date', value: quoted(cell('date')) });
    else if (options.latestDate && date > options.latestDate)
      problems.push({ line, reason: 'future_date', value: quoted(cell('date')) });
    // Bounded so a mistyped cell is a rejected line, never a number the database cannot hold.
    else if (!Number.isInteger(items) || items < 0 || items > MAX_ITEMS)
      problems.push({ line, reason: 'items', value: quoted(cell('items')) });
    else if (money?.form === 'comma' && !decimalComma)
      problems.push({ line, reason: 'decimal_comma', value: quoted(cell('revenue')) });
    else if (!money || Math.abs(money.cents) > MAX_REVENUE_CENTS)
      problems.push({ line, reason: 'amount', value: quoted(cell('revenue')) });
    else
      rows.push({
        line,
        trackingId,
        product,
        date,
        items,
        revenueCents: money.cents,
        revenueText: quoted(cell('revenue')),
      });
  }
  return { rows, problems, delimiter, decimalComma };
}
