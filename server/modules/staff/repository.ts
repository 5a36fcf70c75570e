import { sql } from 'kysely';
import type { Db } from '../../db';
import type { Insertable } from 'kysely';
import type { StaffUser, StaffUsersTable } from '../../db/schema';

export async function countStaff(db: Db): Promise<number> {
  const row = await db
    .selectFrom('staff_users')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertStaff(db: Db, staff: Insertable<StaffUsersTable>): Promise<StaffUser> {
  return db.insertInto('staff_users').values(staff).returningAll().executeTakeFirstOrThrow();
}

export function findStaffByEmail(db: Db, email: string): Promise<StaffUser | undefined> {
  return db
    .selectFrom('staff_users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export function findStaffById(db: Db, id: number): Promise<StaffUser | undefined> {
  return db.selectFrom('staff_users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function touchStaffLastLogin(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('staff_users').set({ last_login_dt: at }).where('id', '=', id).execute();
}

export function allStaff(db: Db): Promise<StaffUser[]> {
  return db.selectFrom('staff_users').selectAll().orderBy('email').execute();
}
