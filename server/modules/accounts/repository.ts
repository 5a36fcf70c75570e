import type { Db } from '../../db';
import type { OneTimeTokensTable, PendingRegistrationsTable } from '../../db/schema';

export type OneTimePurpose = OneTimeTokensTable['purpose'];

export async function insertOneTimeToken(
  db: Db,
  row: { purpose: OneTimePurpose; subject_id: number; token_hash: string; created_at: string; expires_at: string },
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
export async function retireOneTimeTokens(db: Db, purpose: OneTimePurpose, subjectId: number, at: string): Promise<void> {
  await db
    .updateTable('one_time_tokens')
    .set({ used_at: at })
    .where('purpose', '=', purpose)
    .where('subject_id', '=', subjectId)
    .where('used_at', 'is', null)
    .execute();
}

export type PendingRegistrationRow = Omit<PendingRegistrationsTable, 'id'>;

export async function insertPendingRegistration(db: Db, row: PendingRegistrationRow): Promise<void> {
  await db.insertInto('pending_registrations').values(row).execute();
}

export function findPendingRegistration(db: Db, tokenHash: string) {
  return db.selectFrom('pending_registrations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Takes the sign-up away; false when another request took it first (its link works once). */
export async function takePendingRegistration(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('pending_registrations').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Drops the address's earlier sign-ups (a newer one replaces them) and every expired one. */
export async function dropPendingRegistrations(db: Db, email: string, now: string): Promise<void> {
  await db
    .deleteFrom('pending_registrations')
    .where((eb) => eb.or([eb('email', '=', email), eb('expires_at', '<=', now)]))
    .execute();
}
