// What the back office reads of past marketplace imports (migration 023): the list newest first,
// read from (created_at, id), and one import's rejected lines in order, from (import_id, line, id);
// and what an import reads of the sales before it, to judge a return.
import { sql } from 'kysely';
import type { Insertable } from 'kysely';
import type { Db } from '../../db';
import type {
  MarketplaceImportLinesTable,
  MarketplaceImportsTable,
  MarketplaceSalesTable,
} from '../../db/schema';
import type { ReportProblem, ReportReason } from './report';

export interface ImportSummary {
  id: number;
  filename: string;
  created_at: string;
  /** The staff member who uploaded it, as they are now; null for the demo seed's or a gone account. */
  imported_by: { id: number; name: string; email: string } | null;
  rows_imported: number;
  duplicates_skipped: number;
  rows_rejected: number;
  /** The report's currency (null: imported before currencies were chosen, the program's). */
  currency: string | null;
}

function summaries(db: Db) {
  return db
    .selectFrom('marketplace_imports')
    .leftJoin('staff_users', 'staff_users.id', 'marketplace_imports.imported_by')
    .select([
      'marketplace_imports.id',
      'marketplace_imports.filename',
      'marketplace_imports.created_at',
      'marketplace_imports.rows_imported',
      'marketplace_imports.rows_duplicate',
      'marketplace_imports.rows_rejected',
      'marketplace_imports.currency',
      'staff_users.id as staff_id',
      'staff_users.name as staff_name',
      'staff_users.email as staff_email',
    ]);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>['execute']>>[number];

// pg answers integer columns as numbers but counts as strings: normalized here once.
const summaryOf = (r: SummaryRow): ImportSummary => ({
  id: Number(r.id),
  filename: r.filename,
  created_at: r.created_at,
  imported_by:
    r.staff_id === null || r.staff_name === null || r.staff_email === null
      ? null
      : { id: Number(r.staff_id), name: r.staff_name, email: r.staff_email },
  rows_imported: Number(r.rows_imported),
  duplicates_skipped: Number(r.rows_duplicate),
  rows_rejected: Number(r.rows_rejected),
  currency: r.currency,
});

const countOf = async (query: Promise<{ n: number | string }>) => Number((await query).n);

export async function findImport(db: Db, id: number): Promise<ImportSummary | null> {
  const row = await summaries(db).where('marketplace_imports.id', '=', id).executeTakeFirst();
  return row ? summaryOf(row) : null;
}

export async function importsPage(db: Db, page: number, length: number) {
  const [rows, total] = await Promise.all([
    summaries(db)
      .orderBy('marketplace_imports.created_at', 'desc')
      .orderBy('marketplace_imports.id', 'desc')
      .limit(length)
      .offset((page - 1) * length)
      .execute(),
    countOf(
      db
        .selectFrom('marketplace_imports')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow(),
    ),
  ]);
  return { rows: rows.map(summaryOf), total };
}

export async function importLines(db: Db, importId: number, page: number, length: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('marketplace_import_lines')
      .select(['line', 'reason', 'detail'])
      .where('import_id', '=', importId)
      .orderBy('line')
      .orderBy('id')
      .limit(length)
      .offset((page - 1) * length)
      .execute(),
    countOf(
      db
        .selectFrom('marketplace_import_lines')
        .select(sql<number>`count(*)`.as('n'))
        .where('import_id', '=', importId)
        .executeTakeFirstOrThrow(),
    ),
  ]);
  return { rows: rows.map((r) => ({ line: Number(r.line), reason: r.reason, detail: r.detail })), total };
}

/**
 * A rejected line as `marketplace_import_lines` keeps it: its reason's code and the value it
 * names; a return refused for going beyond the earlier lines keeps what they brought in too, as
 * JSON in the same column (`detail`, varchar(300): an 80-character value fits).
 */
export function storedLine(importId: number, problem: ReportProblem) {
  const detail =
    problem.earlierCents === undefined
      ? (problem.value ?? null)
      : JSON.stringify({ value: problem.value ?? '', earlier_cents: problem.earlierCents });
  return { import_id: importId, line: problem.line, reason: problem.reason, detail };
}

/** The problem a kept line says (lines kept before returns were judged are plain values). */
export function problemOf(row: { line: number; reason: string; detail: string | null }): ReportProblem {
  const reason = row.reason as ReportReason;
  if (row.detail === null) return { line: row.line, reason };
  if (reason === 'return_exceeds' && row.detail.startsWith('{')) {
    const kept = JSON.parse(row.detail) as { value: string; earlier_cents: number };
    return { line: row.line, reason, value: kept.value, earlierCents: kept.earlier_cents };
  }
  return { line: row.line, reason, value: row.detail };
}

/** Whether a report row was imported before (its key, migration 004). */
export async function saleKeyExists(db: Db, rowKey: string): Promise<boolean> {
  return !!(await db
    .selectFrom('marketplace_sales')
    .select('id')
    .where('row_key', '=', rowKey)
    .executeTakeFirst());
}

/**
 * What the partner's lines on a tracking id brought in so far, this import's too (it reads inside
 * the import's transaction): how many sales there were, and the revenue and commission of those
 * not rejected, net of the returns already taken. Read from marketplace_sales_partner
 * (partner_id, sale_date).
 */
export async function trackingIdBalance(db: Db, partnerId: number, trackingId: string) {
  const row = await db
    .selectFrom('marketplace_sales')
    .leftJoin('earnings', (j) =>
      j
        .onRef('earnings.marketplace_sale_id', '=', 'marketplace_sales.id')
        .on('earnings.kind', '=', 'marketplace'),
    )
    .select([
      sql<number | string>`count(case when marketplace_sales.revenue_cents > 0 then 1 end)`.as('sales'),
      sql<
        number | string
      >`coalesce(sum(case when earnings.status <> 'REJECTED' then marketplace_sales.revenue_cents else 0 end), 0)`.as(
        'revenue',
      ),
      sql<
        number | string
      >`coalesce(sum(case when earnings.status <> 'REJECTED' then earnings.amount_cents else 0 end), 0)`.as(
        'earned',
      ),
    ])
    .where('marketplace_sales.partner_id', '=', partnerId)
    .where(sql<string>`lower(marketplace_sales.tracking_id)`, '=', trackingId.toLowerCase())
    .executeTakeFirstOrThrow();
  return { sales: Number(row.sales), revenueCents: Number(row.revenue), earnedCents: Number(row.earned) };
}

/** The import of a file already imported (by its SHA-256), if any. */
export function importOfFile(db: Db, sha256: string) {
  return db
    .selectFrom('marketplace_imports')
    .select('id')
    .where('file_sha256', '=', sha256)
    .executeTakeFirst();
}

/** The partner whose Amazon tracking id this is, whatever its case (the id given in lower case). */
export async function partnerIdOfTrackingId(db: Db, lowerTrackingId: string): Promise<number | undefined> {
  const partner = await db
    .selectFrom('partners')
    .select('id')
    .where(sql<string>`lower(amazon_tracking_id)`, '=', lowerTrackingId)
    .executeTakeFirst();
  return partner?.id;
}

export function insertImport(db: Db, row: Insertable<MarketplaceImportsTable>) {
  return db.insertInto('marketplace_imports').values(row).returning('id').executeTakeFirstOrThrow();
}

/** Writes a report row's sale once (its row key); undefined when an earlier import has it. */
export function insertSaleOnce(db: Db, row: Insertable<MarketplaceSalesTable>) {
  return db
    .insertInto('marketplace_sales')
    .values(row)
    .onConflict((oc) => oc.column('row_key').doNothing())
    .returning('id')
    .executeTakeFirst();
}

export async function insertImportLines(
  db: Db,
  rows: Insertable<MarketplaceImportLinesTable>[],
): Promise<void> {
  await db.insertInto('marketplace_import_lines').values(rows).execute();
}

/** An import's counts, written once its rows are read. */
export async function setImportCounts(
  db: Db,
  id: number,
  counts: { rows_imported: number; rows_duplicate: number; rows_rejected: number },
): Promise<void> {
  await db.updateTable('marketplace_imports').set(counts).where('id', '=', id).execute();
}

/** The first and last day of a partner list's range (plugins/list-range.ts), both included. */
export interface SaleDays {
  fromDay?: string | undefined;
  toDay?: string | undefined;
}

/** The partner's marketplace sales, in a range of report days (`sale_date` is a day already). */
export async function countPartnerSales(db: Db, partnerId: number, days: SaleDays = {}): Promise<number> {
  return Number(
    (
      await db
        .selectFrom('marketplace_sales')
        .select(sql<number>`count(*)`.as('n'))
        .where('partner_id', '=', partnerId)
        .$if(days.fromDay !== undefined, (q) => q.where('sale_date', '>=', days.fromDay!))
        .$if(days.toDay !== undefined, (q) => q.where('sale_date', '<=', days.toDay!))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

/** A page of the partner's marketplace sales, newest first, with their earnings. */
export function partnerSalesPage(
  db: Db,
  partnerId: number,
  page: number,
  length: number,
  days: SaleDays = {},
) {
  return db
    .selectFrom('marketplace_sales')
    .leftJoin('earnings', (j) =>
      j
        .onRef('earnings.marketplace_sale_id', '=', 'marketplace_sales.id')
        .on('earnings.kind', '=', 'marketplace'),
    )
    .select([
      'marketplace_sales.id',
      'marketplace_sales.product',
      'marketplace_sales.sale_date',
      'marketplace_sales.items',
      'marketplace_sales.revenue_cents',
      'earnings.amount_cents',
      'earnings.status',
    ])
    .where('marketplace_sales.partner_id', '=', partnerId)
    .$if(days.fromDay !== undefined, (q) => q.where('marketplace_sales.sale_date', '>=', days.fromDay!))
    .$if(days.toDay !== undefined, (q) => q.where('marketplace_sales.sale_date', '<=', days.toDay!))
    .orderBy('marketplace_sales.sale_date', 'desc')
    .orderBy('marketplace_sales.id', 'desc')
    .limit(length)
    .offset((page - 1) * length)
    .execute();
}
