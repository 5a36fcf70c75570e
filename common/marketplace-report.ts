// The rules of an Associates report upload (docs/product/commissions.md#marketplace), on both sides: the back office says
// them before sending anything, with the server's own words (`manager.marketplace.refused.*` in
// the SPA, `api.marketplace.*` on the server, the same sentences); the server judges the bytes it
// receives again.

export const REPORT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Why a line was rejected: a code whose words are in the catalogs (`api.marketplace.reasons`),
 * said in the reader's language, and the value it names, if any. The parser finds the first
 * ten; the import the last three, which need the database.
 */
export const REPORT_REASONS = [
  'no_header',
  'missing_columns',
  'quote',
  'tracking_id',
  'product',
  'date',
  'future_date',
  'items',
  'amount',
  'decimal_comma',
  'unknown_tracking_id',
  'return_without_sale',
  'return_exceeds',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * The names a report goes by: Amazon's export is tab-separated (a .tsv, sometimes saved as .txt)
 * or comma-separated (a .csv); the server tells which from the header row. Browsers name the type
 * of a .tsv or a .csv differently (or not at all), so the name decides first.
 */
export const REPORT_EXTENSIONS = ['.tsv', '.txt', '.csv'] as const;
export const REPORT_TYPES = ['text/tab-separated-values', 'text/plain', 'text/csv'] as const;

/** Why a file is not a report to send; each is a sentence of both catalogs. */
export type ReportFileProblem = 'file_type' | 'too_large' | 'empty' | 'not_text';

/** What the name, declared type and size say, before a byte is read. */
export function reportFileProblem(file: {
  name: string;
  type: string;
  size: number;
}): ReportFileProblem | null {
  const name = file.name.toLowerCase();
  const named = REPORT_EXTENSIONS.some((extension) => name.endsWith(extension));
  if (!named && !(REPORT_TYPES as readonly string[]).includes(file.type)) return 'file_type';
  if (file.size > REPORT_MAX_BYTES) return 'too_large';
  if (file.size === 0) return 'empty';
  return null;
}

/**
 * Whether the bytes are text as the report is read: UTF-8, and no NUL (a UTF-16 export has one
 * in every other byte; a spreadsheet or an archive renamed .tsv has them too).
 */
export function reportBytesProblem(bytes: Uint8Array): ReportFileProblem | null {
  if (bytes.length === 0) return 'empty';
  if (bytes.includes(0)) return 'not_text';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'not_text';
  }
  return null;
}
