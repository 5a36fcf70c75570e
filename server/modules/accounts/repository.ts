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

/**
 * Records "Not now" on the contact-details prompt (common/contact-form.ts) while the prompt is due:
 * not filled, and no dismissal after `heldSince`. A repeated call keeps the first date, so the
 * prompt comes back when it said it would. Answers the flags as they then are.
 */
export async function dismissContactForm(db: Db, partnerId: number, now: string, heldSince: string) {
  await db
    .updateTable('partners')
    .set({ contact_form_cancelled_date: now })
    .where('id', '=', partnerId)
    .where('contact_form_filled', '=', 0)
    .where((eb) =>
      eb.or([
        eb('contact_form_cancelled_date', 'is', null),
        eb('contact_form_cancelled_date', '<=', heldSince),
      ]),
    )
    .execute();
  return db
    .selectFrom('partners')
    .select(['contact_form_filled', 'contact_form_cancelled_date'])
    .where('id', '=', partnerId)
    .executeTakeFirst();
}
