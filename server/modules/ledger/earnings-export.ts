// `GET /api/manager/earnings.csv` (docs/product/back-office.md#exports): every earning of the ledger for accounting,
// filtered, streamed a span of ids at a time (server/plugins/csv.ts): the export of a million
// earnings holds one span's rows in memory, and the file has the earnings that existed when it
// began, each once.
import type { Readable } from 'node:stream';
import type { Db } from '../../db';
import type { EarningKind, EarningStatus } from '../../db/schema';
import { csvMoney, CsvNumber, csvStream, pagesAfter, pagesBySpan } from '../../plugins/csv';
import { readProgramCurrency } from '../settings';
import { earningsExportPage, lastEarningId } from './earnings-repository';
import type { EarningsExportFilter, EarningsExportRow as Row } from './earnings-repository';

export type { EarningsExportFilter } from './earnings-repository';
export { partnerIdByUuid } from './earnings-repository';

export const EARNING_STATUSES = [
  'PENDING',
  'APPROVED',
  'IN_PAYOUT',
  'PAID',
  'REJECTED',
  'IN_REVIEW',
] as const satisfies readonly EarningStatus[];
export const EARNING_KINDS = [
  'sale',
  'referral',
  'marketplace',
  'bonus',
  'adjustment',
] as const satisfies readonly EarningKind[];

/** Ids read per query: a few milliseconds of the database each, whatever the filters. */
export const EXPORT_SPAN = 2000;

const COLUMNS = [
  'earning_id',
  'created_at',
  'partner_uuid',
  'partner_name',
  'partner_email',
  'kind',
  'status',
  'order_number',
  'product',
  'base',
  'rate_percent',
  'amount',
  'currency',
  'hold_until',
  'payout_id',
  'updated_at',
  // An earning of an order in another currency: that currency, the order's base in it and the
  // rate it was converted at (docs/decisions/053); the program's own currency has no rate.
  'source_currency',
  'source_base',
  'exchange_rate',
] as const;

const cellsIn = (currency: string) => (r: Row) => [
  r.id,
  r.created_at,
  r.uuid,
  `${r.first_name} ${r.last_name}`.trim(),
  r.email,
  r.kind,
  r.status,
  r.order_number,
  r.first_product ?? r.marketplace_product,
  csvMoney(r.base_cents),
  // Basis points as a percent: 1250 is 12.5.
  r.rate_bp === null ? null : new CsvNumber(String(r.rate_bp / 100)),
  csvMoney(r.amount_cents),
  currency,
  r.hold_until,
  r.payout_id,
  r.updated_at,
  r.order_currency,
  r.source_subtotal_cents === null ? null : csvMoney(r.source_subtotal_cents),
  r.fx_rate === null ? null : new CsvNumber(r.fx_rate),
];

/**
 * The export as a stream, oldest earning first, of the earnings that existed when it began; the
 * first page is read before it starts. The whole ledger is read a span of ids at a time; one
 * partner's earnings a page at a time after the last id.
 */
export async function earningsCsv(
  db: Db,
  filter: EarningsExportFilter,
  span = EXPORT_SPAN,
): Promise<Readable> {
  const lastId = await lastEarningId(db);
  const pages =
    filter.partnerId === undefined
      ? pagesBySpan((from, to) => earningsExportPage(db, filter, { from, to }), lastId, span)
      : pagesAfter(
          (after) => earningsExportPage(db, filter, { from: after, to: lastId, limit: span }),
          (row) => row.id,
          span,
        );
  return csvStream(COLUMNS, pages, cellsIn(await readProgramCurrency(db)));
}
