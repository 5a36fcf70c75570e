// Amazon Associates earnings reports (tab-separated). Amazon puts a title line before the
// header; columns are found by name, so the export's column order does not matter.

export interface ReportRow {
  line: number;
  trackingId: string;
  product: string;
  date: string;
  items: number;
  revenueCents: number;
}

/**
 * Why a line was rejected: a code whose words are in the catalogs (`api.marketplace.reasons`),
 * said in the reader's language, and the value it names, if any.
 */
export type ReportReason = 'no_header' | 'missing_columns' | 'tracking_id' | 'product' | 'date' | 'items' | 'amount' | 'unknown_tracking_id';

export interface ReportProblem {
  line: number;
  reason: ReportReason;
  value?: string;
}

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
  // 2026-10-03, 2026-10-03 10:21:12, or the US form 10/3/2026.
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(t);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  const [y, m, d] = iso ? [iso[1]!, iso[2]!, iso[3]!] : us ? [us[3]!, us[1]!.padStart(2, '0'), us[2]!.padStart(2, '0')] : [];
  if (!y) return null;
  const date = `${y}-${m}-${d}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date ? null : date;
}

function parseMoney(text: string): number | null {
  const t = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^-?\d+(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

export function parseAssociatesReport(text: string): { rows: ReportRow[]; problems: ReportProblem[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headerIndex = lines.findIndex((l) => l.toLowerCase().split('\t').some((c) => (COLUMNS.trackingId as readonly string[]).includes(c.trim())));
  if (headerIndex < 0) return { rows: [], problems: [{ line: 1, reason: 'no_header' }] };
  const header = lines[headerIndex]!.split('\t').map((c) => c.trim().toLowerCase());
  const index = Object.fromEntries(
    Object.entries(COLUMNS).map(([key, names]) => [key, header.findIndex((h) => (names as readonly string[]).includes(h))]),
  ) as Record<keyof typeof COLUMNS, number>;
  const missing = (Object.keys(index) as (keyof typeof COLUMNS)[]).filter((k) => index[k] < 0).map((k) => HEADINGS[k]);
  if (missing.length) return { rows: [], problems: [{ line: headerIndex + 1, reason: 'missing_columns', value: missing.join(', ') }] };

  const rows: ReportRow[] = [];
  const problems: ReportProblem[] = [];
  for (let i = headerIndex + 1; i < lines.length; i++) {
    const raw = lines[i]!;
    if (!raw.trim()) continue;
    const cells = raw.split('\t');
    const line = i + 1;
    const cell = (k: keyof typeof COLUMNS) => (cells[index[k]] ?? '').trim();
    const trackingId = cell('trackingId');
    const product = cell('product');
    const date = parseDate(cell('date'));
    const items = /^-?\d+$/.test(cell('items')) ? Number(cell('items')) : NaN;
    const revenueCents = parseMoney(cell('revenue'));
    if (!trackingId || trackingId.length > 40) problems.push({ line, reason: 'tracking_id' });
    else if (!product || product.length > 255) problems.push({ line, reason: 'product' });
    else if (!date) problems.push({ line, reason: 'date', value: quoted(cell('date')) });
    // Bounded so a mistyped cell is a rejected line, never a number the database cannot hold.
    else if (!Number.isInteger(items) || items < 0 || items > MAX_ITEMS) problems.push({ line, reason: 'items', value: quoted(cell('items')) });
    else if (revenueCents === null || Math.abs(revenueCents) > MAX_REVENUE_CENTS) problems.push({ line, reason: 'amount', value: quoted(cell('revenue')) });
    else rows.push({ line, trackingId, product, date, items, revenueCents });
  }
  return { rows, problems };
}
