// Staff accounts as the other modules read them: found by e-mail or id, created (the first admin
// from STAFF_BOOTSTRAP_EMAIL when no staff exists), listed. The back office's screens for them are
// staff-admin's (docs/product/back-office.md#staff-accounts).
import type { StaffRole } from '../../../common/staff-roles';
import type { Db } from '../../db';
import { nowIso } from '../../db/dialect';
import type { StaffUser } from '../../db/schema';
import { hashPassword } from '../../credentials/passwords';
import {
  allStaff,
  countStaff,
  findStaffByEmail,
  findStaffById,
  insertStaff,
  touchStaffLastLogin,
} from './repository';

export type { StaffRole };
export type StaffStatus = StaffUser['status'];

/** Only an active account signs in: an invited one has no password yet, a deactivated one is shut. */
export async function findActiveStaffByEmail(db: Db, email: string): Promise<StaffUser | undefined> {
  const staff = await findStaffByEmail(db, email);
  return staff?.status === 'active' ? staff : undefined;
}

export async function createStaffUser(
  db: Db,
  input: { email: string; password: string; name: string; role: StaffRole },
): Promise<StaffUser> {
  return insertStaff(db, {
    email: input.email.trim().toLowerCase(),
    password_hash: await hashPassword(input.password),
    name: input.name,
    role: input.role,
    created_at: nowIso(),
  });
}

/** Creates the first admin from STAFF_BOOTSTRAP_* when no staff account exists yet. */
export async function bootstrapFirstAdmin(
  db: Db,
  bootstrap: { email: string; password: string } | undefined,
): Promise<StaffUser | undefined> {
  if (!bootstrap || (await countStaff(db)) > 0) return undefined;
  return createStaffUser(db, { ...bootstrap, name: 'Administrator', role: 'admin' });
}

export { countStaff, findStaffByEmail, findStaffById, touchStaffLastLogin };

export const listStaff = allStaff;
