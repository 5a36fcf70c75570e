import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Sub-partners in the back office (issue 13, docs/decisions/038-subpartners-in-the-back-office.md):
//
// - `partners_subpartner`: each sub-partner's partners, newest first, read from an index (the
//   counts of the sub-partners' list and their partners on a sub-partner's page, and the partners
//   list filtered by sub-partner), whatever the number of partners.
// - `subpartners.updated_at`: when its branding last changed, so an edit made from an older screen
//   is refused (409) instead of silently undoing a colleague's. Filled with `created_at` for the
//   rows there are.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('partners_subpartner')
    .on('partners')
    .columns(['subpartner_id', 'created_at', 'id'])
    .execute();
  await db.schema.alterTable('subpartners').addColumn('updated_at', 'varchar(32)').execute();
  await sql`update subpartners set updated_at = created_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subpartners').dropColumn('updated_at').execute();
  await db.schema.dropIndex('partners_subpartner').execute();
}
