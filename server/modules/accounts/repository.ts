import type { Db } from '../../db';
import type { PendingRegistrationsTable } from '../../db/schema';

export type PendingRegistrationRow = Omit<PendingRegistrationsTable, 'id'>;

export async function insertPendingRegistration(db: Db, row: PendingRegistrationRow): Promise<void> {
  await db.insertInto('pending_registrations').values(row).execute();
}

export function findPendingRegistration(db: Db, tokenHash: string) {
  return db
    .selectFrom('pending_registrations')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
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
