import type { Kysely } from 'kysely';

// A post whose owner hid its like count comes from Instagram without `like_count`: kept as hidden
// (1), not as a count of zero, so the top posts say "Likes hidden"
// (docs/product/links-and-integrations.md#instagram). Rows written before are counts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('instagram_media')
    .addColumn('likes_hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('instagram_media').dropColumn('likes_hidden').execute();
}
