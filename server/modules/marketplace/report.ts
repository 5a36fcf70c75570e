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

export interface ReportProblem {
  line: number;
  reason: string;
}

const COLUMNS = {
  trackingId: ['tracking id', 'tracking_id', 'tag'],
  product: ['name', 'product', 'product name', 'asin'],
  date: ['date shipped', 'date', 'shipped date'],
  items: ['items shipped', 'items', 'quantity'],
  revenue: ['revenue($)', 'revenue', 'revenue ($)', 'sales revenue'],
} as const;

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
  if (headerIndex < 0) return { rows: [], problems: [{ line: 1, reason: 'no header row with a "Tracking ID" column' }] };
  const header = lines[headerIndex]!.split('\t').map((c) => c.trim().toLowerCase());
  const index = Object.fromEntries(
    Object.entries(COLUMNS).map(([key, names]) => [key, header.findIndex((h) => (names as readonly string[]).includes(h))]),
  ) as Record<keyof typeof COLUMNS, number>;
  const missing = Object.entries(index).filter(([, i]) => i < 0).map(([k]) => k);
  if (missing.length) return { rows: [], problems: [{ line: headerIndex + 1, reason: `missing columns: ${missing.join(', ')}` }] };

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
    if (!trackingId || trackingId.length > 40) problems.push({ line, reason: 'tracking id is missing or too long' });
    else if (!product || product.length > 255) problems.push({ line, reason: 'product is missing or too long' });
    else if (!date) problems.push({ line, reason: `not a date: "${cell('date')}"` });
    else if (!Number.isInteger(items) || items < 0) problems.push({ line, reason: `not a number of items: "${cell('items')}"` });
    else if (revenueCents === null) problems.push({ line, reason: `not an amount: "${cell('revenue')}"` });
    else rows.push({ line, trackingId, product, date, items, revenueCents });
  }
  return { rows, problems };
}
