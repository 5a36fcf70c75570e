import type { Db } from '../../db';
import type { OneTimeTokensTable } from '../../db/schema';

export type OneTimePurpose = OneTimeTokensTable['purpose'];

export async function insertOneTimeToken(
  db: Db,
  row: {
    purpose: OneTimePurpose;
    subject_id: number;
    token_hash: string;
    created_at: string;
    expires_at: string;
  },
): Promise<void> {
  await db.insertInto('one_time_tokens').values(row).execute();
}

export function findOneTimeToken(db: Db, purpose: OneTimePurpose, tokenHash: string) {
  return db
    .selectFrom('one_time_tokens')
    .selectAll()
    .where('purpose', '=', purpose)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Keeps a token that was used elsewhere as used (a sign-up's link, whose pending row goes): the
 * same link followed again is then known as a link that did its work.
 */
export async function insertUsedOneTimeToken(
  db: Db,
  row: { purpose: OneTimePurpose; subject_id: number; token_hash: string; at: string },
): Promise<void> {
  await db
    .insertInto('one_time_tokens')
    .values({
      purpose: row.purpose,
      subject_id: row.subject_id,
      token_hash: row.token_hash,
      created_at: row.at,
      expires_at: row.at,
      used_at: row.at,
    })
    .execute();
}

/** Marks the token used; false when another request used it first (single use under races). */
export async function useOneTimeToken(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('one_time_tokens')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Other unused tokens of the same purpose stop working once a newer one is issued or used. */
export async function retireOneTimeTokens(
  db: Db,
  purpose: OneTimePurpose,
  subjectId: number,
  at: string,
): Promise<void> {
  await db
    .updateTable('one_time_tokens')
    .set({ used_at: at })
    .where('purpose', '=', purpose)
    .where('subject_id', '=', subjectId)
    .where('used_at', 'is', null)
    .execute();
}
