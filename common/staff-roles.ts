// Staff roles, declared once for both sides: the database's column type, the guards, the mail and
// the back office's role gate all read this list (ARCHITECTURE.md, "Where each kind of code goes").

/** Staff roles, lowest first: each role may do everything the ones before it may. */
export const STAFF_ROLES = ['reviewer', 'manager', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (role: unknown): role is StaffRole =>
  typeof role === 'string' && (STAFF_ROLES as readonly string[]).includes(role);

/** Whether `role` (as the server sends it) reaches `minimum`; an unknown role reaches nothing. */
export function hasRole(role: string | undefined, minimum: StaffRole): boolean {
  const rank = STAFF_ROLES.indexOf(role as StaffRole);
  return rank >= 0 && rank >= STAFF_ROLES.indexOf(minimum);
}
