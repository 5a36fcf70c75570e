import { sql } from 'kysely';
import type { Db } from '../../db';
import type { StaffUser } from '../../db/schema';

export async function countStaff(db: Db): Promise<number> {
  const row = await db.selectFrom('staff_users').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertStaff(db: Db, staff: Omit<StaffUser, 'id' | 'last_login_dt'>): Promise<StaffUser> {
  return db.insertInto('staff_users').values(staff).returningAll().executeTakeFirstOrThrow();
}
