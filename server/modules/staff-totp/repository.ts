import { sql } from 'kysely';
import type { Db } from '../../db';

/** Where the "required for every staff member" switch is kept in the settings table. */
export const POLICY_KEY = 'staff_totp_required';

export function findTotp(db: Db, staffId: number) {
  return db.selectFrom('staff_totp').selectAll().where('staff_id', '=', staffId).executeTakeFirst();
}

/**
 * Starts (or starts again) an enrolment: the pending secret is replaced. Answers false when the
 * second factor is on already (its row is left alone).
 */
export async function putPendingTotp(db: Db, staffId: number, sealed: string, at: string): Promise<boolean> {
  await db.deleteFrom('staff_totp').where('staff_id', '=', staffId).where('enabled_at', 'is', null).execute();
  const inserted = await db
    .insertInto('staff_totp')
    .values({
      staff_id: staffId,
      secret_sealed: sealed,
      created_at: at,
      enabled_at: null,
      last_used_step: null,
    })
    .onConflict((oc) => oc.column('staff_id').doNothing())
    .returning('staff_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Turns a pending enrolment on, with the step of the code that confirmed it; false if it was not pending. */
export async function enableTotp(db: Db, staffId: number, step: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_totp')
    .set({ enabled_at: at, last_used_step: step })
    .where('staff_id', '=', staffId)
    .where('enabled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records `step` as used, unless it (or a newer one) already was: of two requests with the same
 * code, one moves the row and the other is refused.
 */
export async function useStep(db: Db, staffId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('staff_totp')
    .set({ last_used_step: step })
    .where('staff_id', '=', staffId)
    .where('enabled_at', 'is not', null)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteTotp(db: Db, staffId: number): Promise<boolean> {
  await db.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute();
  const result = await db.deleteFrom('staff_totp').where('staff_id', '=', staffId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function replaceRecoveryCodes(
  db: Db,
  staffId: number,
  hashes: readonly string[],
  at: string,
): Promise<void> {
  await db.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute();
  await db
    .insertInto('staff_recovery_codes')
    .values(hashes.map((code_hash) => ({ staff_id: staffId, code_hash, created_at: at, used_at: null })))
    .execute();
}

/** Uses a recovery code once: false when there is no such unused code. */
export async function useRecoveryCode(
  db: Db,
  staffId: number,
  codeHash: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('staff_recovery_codes')
    .set({ used_at: at })
    .where('staff_id', '=', staffId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recoveryCodesLeft(db: Db, staffId: number): Promise<number> {
  const row = await db
    .selectFrom('staff_recovery_codes')
    .select(sql<number>`count(*)`.as('n'))
    .where('staff_id', '=', staffId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertChallenge(
  db: Db,
  row: { staff_id: number; token_hash: string; created_at: string; expires_at: string },
): Promise<void> {
  await db
    .insertInto('staff_sign_in_challenges')
    .values({ ...row, used_at: null })
    .execute();
}

export function findLiveChallenge(db: Db, tokenHash: string, now: string) {
  return db
    .selectFrom('staff_sign_in_challenges')
    .select(['id', 'staff_id'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function useChallenge(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_sign_in_challenges')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteChallengesBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('staff_sign_in_challenges').where('expires_at', '<', before).execute();
}

/** The stored switch: true only when it was set on. */
export async function readPolicy(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', POLICY_KEY)
    .executeTakeFirst();
  return row?.value === 'true';
}

export async function writePolicy(db: Db, required: boolean, at: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key: POLICY_KEY, value: String(required), updated_at: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(required), updated_at: at }))
    .execute();
}

/** In one read, for the staff guard: whether the switch is on, and whether this staff member's factor is. */
export async function gateOf(db: Db, staffId: number): Promise<{ required: boolean; enabled: boolean }> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('settings').select('value').where('key', '=', POLICY_KEY).as('required'),
      eb
        .selectFrom('staff_totp')
        .select('staff_id')
        .where('staff_id', '=', staffId)
        .where('enabled_at', 'is not', null)
        .as('enabled'),
    ])
    .executeTakeFirstOrThrow();
  return { required: row.required === 'true', enabled: row.enabled !== null && row.enabled !== undefined };
}

/** Staff accounts by name with the state of their second factor (the admins' security page). */
export async function staffTwoFactorPage(db: Db, page: number, length: number) {
  const rows = await db
    .selectFrom('staff_users')
    .leftJoin('staff_totp', (join) =>
      join.onRef('staff_totp.staff_id', '=', 'staff_users.id').on('staff_totp.enabled_at', 'is not', null),
    )
    .select([
      'staff_users.id',
      'staff_users.name',
      'staff_users.email',
      'staff_users.role',
      'staff_users.status',
      'staff_totp.enabled_at',
    ])
    .orderBy(sql`lower(staff_users.name)`)
    .orderBy('staff_users.id')
    .limit(length)
    .offset((page - 1) * length)
    .execute();
  const total = await db
    .selectFrom('staff_users')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}
