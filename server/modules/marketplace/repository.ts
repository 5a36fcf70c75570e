// What the back office reads of past marketplace imports (migration 023): the list newest first,
// read from (created_at, id), and one import's rejected lines in order, from (import_id, line, id).
import { sql } from 'kysely';
import type { Db } from '../../db';

export interface ImportSummary {
  id: number;
  filename: string;
  created_at: string;
  /** The staff member who uploaded it, as they are now; null for the demo seed's or a gone account. */
  imported_by: { id: number; name: string; email: string } | null;
  rows_imported: number;
  duplicates_skipped: number;
  rows_rejected: number;
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
