import type { Kysely } from 'kysely';

// The program's own notifications keep their words as catalog keys and facts, so the portal says
// them in the language it is read in and the mail in the mail language
// (docs/decisions/069-notification-words.md). Rows written before keep the sentences they were
// written with.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('words', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('words').execute();
}
