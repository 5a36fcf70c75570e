// `GET /api/manager/earnings.csv` (docs/product/back-office.md#exports): every earning of the ledger for accounting,
// filtered, streamed a span of ids at a time (server/plugins/csv.ts): the export of a million
// earnings holds one span's rows in memory, and the file has the earnings that existed when it
// began, each once.
import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { EarningKind, EarningStatus } from '../../db/schema';
import { csvMoney, CsvNumber, csvStream, pagesAfter, pagesBySpan } from '../../plugins/csv';
import type { TimeRange } from '../../plugins/time-range';
import { readProgramCurrency } from '../settings';

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

export interface EarningsExportFilter extends TimeRange {
  /** The partner's id (the route resolves the uuid it was given). */
  partnerId?: number | undefined;
  status?: EarningStatus | undefined;
  kind?: EarningKind | undefined;
}

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

/**
 * The earnings with ids in (from, to], at most `limit`, in id order. The id range is what the
 * database reads by: the status and kind are compared as expressions, so no index on them is
 * taken instead (the status index walked all 82,000 pending earnings for each span of a 1M
 * ledger: 44 s instead of 5). One partner's earnings are read from the partner's index.
 */
function pageQuery(
  db: Db,
  filter: EarningsExportFilter,
  range: { from: number; to: number; limit?: number },
) {
  let query = db
    .selectFrom('earnings')
    .innerJoin('partners', 'partners.id', 'earnings.partner_id')
    .leftJoin('orders', 'orders.id', 'earnings.order_id')
    .leftJoin('marketplace_sales', 'marketplace_sales.id', 'earnings.marketplace_sale_id')
    .select([
      'earnings.id',
      'earnings.created_at',
      'earnings.updated_at',
      'earnings.kind',
      'earnings.status',
      'earnings.base_cents',
      'earnings.rate_bp',
      'earnings.amount_cents',
      'earnings.hold_until',
      'earnings.payout_id',
      'partners.uuid',
      'partners.first_name',
      'partners.last_name',
      'partners.email',
      'orders.order_number',
      'orders.first_product',
      'orders.currency as order_currency',
      'orders.source_subtotal_cents',
      'orders.fx_rate',
      'marketplace_sales.product as marketplace_product',
    ])
    .where('earnings.id', '>', range.from)
    .where('earnings.id', '<=', range.to);
  if (filter.partnerId !== undefined) query = query.where('earnings.partner_id', '=', filter.partnerId);
  if (filter.status !== undefined) query = query.where(sql`earnings.status || ''`, '=', filter.status);
  if (filter.kind !== undefined) query = query.where(sql`earnings.kind || ''`, '=', filter.kind);
  if (filter.since !== undefined) query = query.where('earnings.created_at', '>=', filter.since);
  if (filter.until !== undefined) query = query.where('earnings.created_at', '<', filter.until);
  query = query.orderBy('earnings.id');
  return range.limit === undefined ? query : query.limit(range.limit);
}

type Row = Awaited<ReturnType<ReturnType<typeof pageQuery>['execute']>>[number];

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
  const last = await db
    .selectFrom('earnings')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const lastId = Number(last?.id ?? 0);
  const pages =
    filter.partnerId === undefined
      ? pagesBySpan((from, to) => pageQuery(db, filter, { from, to }).execute(), lastId, span)
      : pagesAfter(
          (after) => pageQuery(db, filter, { from: after, to: lastId, limit: span }).execute(),
          (row) => row.id,
          span,
        );
  return csvStream(COLUMNS, pages, cellsIn(await readProgramCurrency(db)));
}

/** The id of the partner with this uuid, if any. */
export async function partnerIdByUuid(db: Db, uuid: string): Promise<number | undefined> {
  return (await db.selectFrom('partners').select('id').where('uuid', '=', uuid).executeTakeFirst())?.id;
}
