// Queries of staff accounts in the back office: the list, the changes an admin makes, and the
// invitation links.
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { StaffUser, StaffUsersTable } from '../../db/schema';
import type { Insertable, Updateable } from 'kysely';

export interface StaffListRow {
  id: number;
  email: string;
  name: string;
  role: StaffUser['role'];
  status: StaffUser['status'];
  locale: string;
  created_at: string;
  last_login_dt: string | null;
  invite_sent_at: string | null;
  invite_expires_at: string | null;
  password_set: number;
}

function staffRows(db: Db) {
  // The newest invitation of each staff member, whatever its state: when it was sent and when it expires.
  return (
    db
      .selectFrom('staff_users')
      .select(['id', 'email', 'name', 'role', 'status', 'locale', 'created_at', 'last_login_dt'])
      // An invited account has no password ('') until the invitation is accepted.
      .select(sql<number>`case when password_hash = '' then 0 else 1 end`.as('password_set'))
      .select((eb) =>
        (['created_at', 'expires_at'] as const).map((column) =>
          eb
            .selectFrom('staff_invites')
            .select(`staff_invites.${column}`)
            .whereRef('staff_invites.staff_id', '=', 'staff_users.id')
            .orderBy('staff_invites.created_at', 'desc')
            .orderBy('staff_invites.id', 'desc')
            .limit(1)
            .as(column === 'created_at' ? 'invite_sent_at' : 'invite_expires_at'),
        ),
      )
  );
}

/** One page of staff accounts, by name. */
export async function staffPage(
  db: Db,
  page: number,
  length: number,
): Promise<{ rows: StaffListRow[]; total: number }> {
  const rows = await staffRows(db)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .limit(length)
    .offset((page - 1) * length)
    .execute();
  const count = await db
    .selectFrom('staff_users')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return { rows: rows as StaffListRow[], total: Number(count.n) };
}

export async function staffRow(db: Db, id: number): Promise<StaffListRow | undefined> {
  return (await staffRows(db).where('id', '=', id).executeTakeFirst()) as StaffListRow | undefined;
}

export async function countActiveAdmins(db: Db, exceptId?: number): Promise<number> {
  let query = db
    .selectFrom('staff_users')
    .select(sql<number>`count(*)`.as('n'))
    .where('role', '=', 'admin')
    .where('status', '=', 'active');
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export async function updateStaffRow(
  db: Db,
  id: number,
  changes: Updateable<StaffUsersTable>,
): Promise<void> {
  await db.updateTable('staff_users').set(changes).where('id', '=', id).execute();
}

/** Sets the password of an invited account and makes it active; false when it is no longer invited. */
export async function activateInvited(db: Db, id: number, passwordHash: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_users')
    .set({ password_hash: passwordHash, status: 'active' })
    .where('id', '=', id)
    .where('status', '=', 'invited')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A new staff account's row, as written. */
export function insertStaffRow(db: Db, row: Insertable<StaffUsersTable>): Promise<StaffUser> {
  return db.insertInto('staff_users').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function insertInvite(
  db: Db,
  row: {
    staff_id: number;
    token_hash: string;
    invited_by: number | null;
    created_at: string;
    expires_at: string;
  },
): Promise<void> {
  await db.insertInto('staff_invites').values(row).execute();
}

export function findInvite(db: Db, tokenHash: string) {
  return db.selectFrom('staff_invites').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks the invite used; false when another request used (or retired) it first. */
export async function useInvite(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_invites')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every unused invite of the staff member stops working (a newer one was sent, or they were deactivated). */
export async function retireInvites(db: Db, staffId: number, at: string): Promise<void> {
  await db
    .updateTable('staff_invites')
    .set({ used_at: at })
    .where('staff_id', '=', staffId)
    .where('used_at', 'is', null)
    .execute();
}
