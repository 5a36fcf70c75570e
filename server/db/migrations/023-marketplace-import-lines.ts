import type { Kysely } from 'kysely';
import { idColumn } from '../dialect';

// Marketplace imports in the back office (issue 13, docs/product/commissions.md#marketplace): staff see each past import
// with the rows it imported, the duplicates it skipped and every line it rejected, with its number
// and reason, long after the upload's answer is gone.
//
// - `marketplace_imports.rows_duplicate`: rows already imported by an earlier file, skipped (0
//   for the imports made before: they did not count them).
// - `marketplace_import_lines`: one row per rejected line. The reason is a code (its words are in
//   the catalogs, `api.marketplace.reasons.<code>`, said in the reader's language) and the value it
//   names, if any (the cell that is not a date, the tracking id no partner has). Imports made
//   before kept only their count: the back office says their lines were not kept.
// - The list reads newest first from (created_at, id); one import's lines in order from
//   (import_id, line, id).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('marketplace_imports')
    .addColumn('rows_duplicate', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('marketplace_import_lines')
    .addColumn('id', 'integer', idColumn(db))
    .addColumn('import_id', 'integer', (c) => c.notNull())
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(40)', (c) => c.notNull())
    .addColumn('detail', 'varchar(300)')
    .execute();
  await db.schema
    .createIndex('marketplace_import_lines_import')
    .on('marketplace_import_lines')
    .columns(['import_id', 'line', 'id'])
    .execute();
  await db.schema
    .createIndex('marketplace_imports_time')
    .on('marketplace_imports')
    .columns(['created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('marketplace_imports_time').execute();
  await db.schema.dropTable('marketplace_import_lines').execute();
  await db.schema.alterTable('marketplace_imports').dropColumn('rows_duplicate').execute();
}
