// What the marketplace routes answer (server/modules/marketplace/routes.ts): to partners, their
// Amazon links and their sales from the imported Associates reports; to staff, an import of a
// report (POST /api/manager/marketplace/imports), the past imports and one import's rejected lines.
import { z } from 'zod';
import { REPORT_REASONS } from '../marketplace-report';
import { dataAnswer, pagedAnswer } from './answers';

export const amazonLink = z.object({
  product: z.string(),
  name: z.string().describe('The product’s name in the reader’s language'),
  asin: z.string(),
  url: z.string().describe('The product’s Amazon page with the partner’s tracking id'),
});
export const amazonLinksAnswer = dataAnswer(z.array(amazonLink));

export const marketplaceSaleRow = z.object({
  id: z.number(),
  order_number: z.string().describe('`AMZ-<id>`: Amazon gives no order numbers'),
  date: z.string(),
  product: z.string(),
  items: z.number(),
  order_amount: z.number(),
  commission: z.number(),
  adjustment: z.number().describe('Always 0: nothing is taken back from marketplace earnings'),
  status: z.string().nullable(),
  status_label: z.string().nullable(),
  country: z.string(),
  region: z.string(),
});
export const marketplaceSalesAnswer = pagedAnswer(marketplaceSaleRow);

export const rejectedLine = z.object({
  line: z.number().describe('The line’s number in the file, from 1'),
  reason: z.string().describe('Why it was rejected, in the reader’s language'),
  code: z.enum(REPORT_REASONS),
});
export const importSummary = z.object({
  id: z.number(),
  filename: z.string(),
  created_at: z.string(),
  imported_by: z
    .object({ id: z.number(), name: z.string(), email: z.string() })
    .nullable()
    .describe('The staff member who uploaded it; null for the demo seed’s'),
  rows_imported: z.number(),
  duplicates_skipped: z.number().describe('Rows an earlier import already brought in'),
  rows_rejected: z.number(),
  currency: z
    .string()
    .nullable()
    .describe('The report’s currency, chosen at import (null: the program’s, before currencies were chosen)'),
});
export const importResult = z.object({
  import_id: z.number().nullable(),
  already_imported: z
    .boolean()
    .describe('The same file was imported before: nothing changed, `import` is that earlier import'),
  imported: z.number(),
  duplicates: z.number(),
  rejected: z.array(rejectedLine),
  import: importSummary,
});
export const importAnswer = dataAnswer(importResult);
export const importsAnswer = pagedAnswer(importSummary);
export const importLinesAnswer = pagedAnswer(rejectedLine).extend({ import: importSummary });
