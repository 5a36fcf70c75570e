// Staff accounts in the back office (issue 13, docs/product/back-office.md#staff-accounts; admins only): the list, invitations
// by e-mail with a single-use link to set a password, role changes, deactivation and reactivation.
// The program always keeps an active administrator, and no one removes their own admin role or
// deactivates themselves. Every change is audited in its own transaction.
import type { AppContext } from '../../context';
import type { Db } from '../../db';
import { isUniqueViolation, lockKeys, nowIso } from '../../db/dialect';
import { retryOnConflict } from '../../db/retry';
import type { StaffUser } from '../../db/schema';
import { AppError, invalid } from '../../errors';
import type { ApiMessageKey } from '../../errors';
import { staffInviteMail } from '../../integrations/mail/templates';
import { recordAudit } from '../audit/service';
import { hashPassword } from '../../credentials/passwords';
import type { IssuedToken } from '../auth/service';
import { endAllSessions, issueToken } from '../auth/service';
import { hashToken, newToken } from '../../credentials/tokens';
import type { StaffRole, StaffStatus } from '../staff/service';
import { findStaffByEmail, findStaffById, touchStaffLastLogin } from '../staff/service';
import type { StaffListRow } from './repository';
import {
  activateInvited,
  countActiveAdmins,
  findInvite,
  insertInvite,
  insertStaffRow,
  retireInvites,
  staffPage,
  staffRow,
  updateStaffRow,
  useInvite,
} from './repository';

export const INVITE_LIFETIME_MS = 7 * 24 * 3600 * 1000;
// Every change to staff accounts takes this lock first (PostgreSQL; SQLite writes one at a time),
// so two admins demoting each other at once cannot both pass the last-admin check.
const STAFF_LOCK = 0x7374;
const lockStaff = (trx: Db) => lockKeys(trx, STAFF_LOCK, ['staff-accounts']);

// `info`, when the caller's logger has it (a request's), logs the invitation mail's line with the request id.
type Log = { error(obj: object, msg: string): void; info?(obj: object, msg: string): void };

export interface StaffJson {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  status: StaffStatus;
  locale: string;
  created_at: string;
  last_login_at: string | null;
  /** The newest invitation while the account is invited: when it was sent, when it expires, whether it has. */
  invite: { sent_at: string; expires_at: string; expired: boolean } | null;
  /** Whether a password was ever set (false: reactivation returns the account to `invited`). */
  password_set: boolean;
  /** The staff member asking. */
  self: boolean;
}

function toJson(row: StaffListRow, viewerId: number, now = new Date()): StaffJson {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    status: row.status,
    locale: row.locale,
    created_at: row.created_at,
    last_login_at: row.last_login_dt,
    invite:
      row.status === 'invited' && row.invite_sent_at && row.invite_expires_at
        ? {
            sent_at: row.invite_sent_at,
            expires_at: row.invite_expires_at,
            expired: row.invite_expires_at <= nowIso(now),
          }
        : null,
    password_set: Number(row.password_set) === 1,
    self: row.id === viewerId,
  };
}

/** What the audit log keeps of an account, before and after a change (never the password). */
const snapshot = (s: Pick<StaffUser, 'email' | 'name' | 'role' | 'status'>) => ({
  email: s.email,
  name: s.name,
  role: s.role,
  status: s.status,
});

export async function listStaffAccounts(db: Db, viewerId: number, paging: { page: number; length: number }) {
  const { rows, total } = await staffPage(db, paging.page, paging.length);
  return { rows: rows.map((row) => toJson(row, viewerId)), total, activeAdmins: await countActiveAdmins(db) };
}

async function rowJson(db: Db, id: number, viewerId: number): Promise<StaffJson> {
  const row = await staffRow(db, id);
  if (!row) throw new AppError(404, 'staff.not_found');
  return toJson(row, viewerId);
}

/** A new invitation link for the account (older ones retired), valid INVITE_LIFETIME_MS. */
async function issueInvite(trx: Db, staffId: number, invitedBy: number, now: Date): Promise<string> {
  await retireInvites(trx, staffId, nowIso(now));
  const { token, hash } = newToken();
  await insertInvite(trx, {
    staff_id: staffId,
    token_hash: hash,
    invited_by: invitedBy,
    created_at: nowIso(now),
    expires_at: new Date(now.getTime() + INVITE_LIFETIME_MS).toISOString(),
  });
  return token;
}

/** Sends the invitation; a failed send is logged and reported, the invitation stays (resend works). */
async function mailInvite(
  ctx: AppContext,
  staff: StaffUser,
  inviterId: number,
  token: string,
  log: Log,
): Promise<boolean> {
  const inviter = await findStaffById(ctx.db, inviterId);
  const link = `${ctx.config.publicUrl}/manager/invite?token=${token}`;
  try {
    await ctx.mailer.send(
      staffInviteMail(
        { email: staff.email, firstName: staff.name, locale: staff.locale },
        { inviter: inviter?.name ?? '', role: staff.role },
        link,
      ),
      log,
    );
    return true;
  } catch (err) {
    log.error({ err, staff: staff.id }, 'staff invitation mail failed');
    return false;
  }
}

export interface InviteInput {
  email: string;
  name: string;
  role: StaffRole;
  locale: 'en' | 'fr';
}

/** Creates an invited account and mails its link; an e-mail already used by a staff account is 422. */
export async function inviteStaff(
  ctx: AppContext,
  actorId: number,
  input: InviteInput,
  log: Log,
): Promise<{ staff: StaffJson; mailed: boolean }> {
  const taken = () => invalid({ email: ['staff.email_taken'] });
  if (await findStaffByEmail(ctx.db, input.email)) throw taken();
  const now = new Date();
  let created: { staff: StaffUser; token: string };
  try {
    created = await retryOnConflict(() =>
      ctx.db.transaction().execute(async (trx) => {
        await lockStaff(trx);
        const staff = await insertStaffRow(trx, {
          email: input.email,
          // No password until the invitation is accepted: '' is never a valid argon2 hash.
          password_hash: '',
          name: input.name,
          role: input.role,
          status: 'invited',
          locale: input.locale,
          created_at: nowIso(now),
        });
        const token = await issueInvite(trx, staff.id, actorId, now);
        await recordAudit(
          trx,
          {
            staffId: actorId,
            action: 'staff.invite',
            entity: 'staff',
            entityId: staff.id,
            after: { ...snapshot(staff), locale: staff.locale },
          },
          nowIso(now),
        );
        return { staff, token };
      }),
    );
  } catch (error) {
    // Two invitations of the same address at once: the second hears why.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  const mailed = await mailInvite(ctx, created.staff, actorId, created.token, log);
  return { staff: await rowJson(ctx.db, created.staff.id, actorId), mailed };
}

export interface StaffChanges {
  role?: StaffRole | undefined;
  /** `active` reactivates (back to `invited` when no password was ever set); `deactivated` shuts the account. */
  status?: 'active' | 'deactivated' | undefined;
  resend_invite?: boolean | undefined;
}

/**
 * Changes a staff account. Refused: one's own role or deactivation (422), leaving the program
 * without an active administrator (409), resending an invitation that is not pending (409).
 * Deactivation ends every session of the account in the same transaction.
 */
export async function updateStaffAccount(
  ctx: AppContext,
  actorId: number,
  id: number,
  changes: StaffChanges,
  log: Log,
): Promise<{ staff: StaffJson; mailed?: boolean }> {
  if (changes.role === undefined && changes.status === undefined && !changes.resend_invite) {
    throw new AppError(422, 'staff.nothing_to_change');
  }
  const now = new Date();
  const outcome = await retryOnConflict(() =>
    ctx.db.transaction().execute(async (trx) => {
      await lockStaff(trx);
      const before = await findStaffById(trx, id);
      if (!before) throw new AppError(404, 'staff.not_found');
      if (id === actorId) {
        const errors: Record<string, ApiMessageKey[]> = {};
        if (changes.role !== undefined && changes.role !== before.role) errors.role = ['staff.own_role'];
        if (changes.status === 'deactivated') errors.status = ['staff.own_status'];
        if (Object.keys(errors).length) throw invalid(errors, (errors.role ?? errors.status)![0]);
      }
      const role = changes.role ?? before.role;
      let status: StaffStatus = before.status;
      if (changes.status === 'deactivated') status = 'deactivated';
      else if (changes.status === 'active' && before.status === 'deactivated')
        status = before.password_hash ? 'active' : 'invited';

      const wasActiveAdmin = before.role === 'admin' && before.status === 'active';
      const staysActiveAdmin = role === 'admin' && status === 'active';
      if (wasActiveAdmin && !staysActiveAdmin && (await countActiveAdmins(trx, id)) === 0)
        throw new AppError(409, 'staff.last_admin');
      if (changes.resend_invite && status !== 'invited') throw new AppError(409, 'staff.invite_not_pending');

      const changed = role !== before.role || status !== before.status;
      if (changed) {
        await updateStaffRow(trx, id, { role, status });
        if (status === 'deactivated') {
          // Signed out everywhere at once, and an invitation still out no longer opens the account.
          await endAllSessions(trx, 'staff', id);
          await retireInvites(trx, id, nowIso(now));
        }
        const action =
          status !== before.status && role !== before.role
            ? 'staff.update'
            : status !== before.status
              ? status === 'deactivated'
                ? 'staff.deactivate'
                : 'staff.reactivate'
              : 'staff.role_change';
        await recordAudit(
          trx,
          {
            staffId: actorId,
            action,
            entity: 'staff',
            entityId: id,
            before: snapshot(before),
            after: snapshot({ ...before, role, status }),
          },
          nowIso(now),
        );
      }
      let token: string | undefined;
      if (changes.resend_invite) {
        token = await issueInvite(trx, id, actorId, now);
        const after = snapshot({ ...before, role, status });
        await recordAudit(
          trx,
          {
            staffId: actorId,
            action: 'staff.resend_invite',
            entity: 'staff',
            entityId: id,
            before: after,
            after,
          },
          nowIso(now),
        );
      }
      return { token, staff: { ...before, role, status } };
    }),
  );
  const mailed = outcome.token
    ? await mailInvite(ctx, outcome.staff, actorId, outcome.token, log)
    : undefined;
  return { staff: await rowJson(ctx.db, id, actorId), ...(mailed === undefined ? {} : { mailed }) };
}

/** The invitation a link carries, if it can still be accepted; otherwise the reason, as an AppError. */
async function pendingInvite(db: Db, token: string, now: Date) {
  const invite = await findInvite(db, hashToken(token));
  const staff = invite ? await findStaffById(db, invite.staff_id) : undefined;
  if (!invite || !staff) throw new AppError(404, 'staff.invite_invalid');
  if (invite.used_at) {
    // Used by its owner, who now signs in; retired by a newer invitation or a deactivation.
    if (staff.status === 'active') throw new AppError(410, 'staff.invite_used');
    throw new AppError(404, 'staff.invite_invalid');
  }
  if (staff.status !== 'invited') throw new AppError(404, 'staff.invite_invalid');
  if (invite.expires_at <= nowIso(now)) throw new AppError(410, 'staff.invite_expired');
  return { invite, staff };
}

/** Who an invitation is for, shown on the page where it is accepted. */
export async function describeInvite(db: Db, token: string, now = new Date()) {
  const { invite, staff } = await pendingInvite(db, token, now);
  return { email: staff.email, name: staff.name, role: staff.role, expires_at: invite.expires_at };
}

/** Sets the invited person's password (once) and signs them in to the back office. */
export async function acceptInvite(
  db: Db,
  input: { token: string; password: string },
  now = new Date(),
): Promise<IssuedToken> {
  // Refused links are told before the password is hashed.
  await pendingInvite(db, input.token, now);
  const passwordHash = await hashPassword(input.password);
  return retryOnConflict(() =>
    db.transaction().execute(async (trx) => {
      await lockStaff(trx);
      // Read again under the lock: the link may have been used, retired or expired meanwhile.
      const { invite, staff } = await pendingInvite(trx, input.token, now);
      if (!(await useInvite(trx, invite.id, nowIso(now)))) throw new AppError(410, 'staff.invite_used');
      if (!(await activateInvited(trx, staff.id, passwordHash)))
        throw new AppError(404, 'staff.invite_invalid');
      await retireInvites(trx, staff.id, nowIso(now));
      await recordAudit(
        trx,
        {
          staffId: staff.id,
          action: 'staff.accept_invite',
          entity: 'staff',
          entityId: staff.id,
          before: snapshot(staff),
          after: snapshot({ ...staff, status: 'active' }),
        },
        nowIso(now),
      );
      await touchStaffLastLogin(trx, staff.id, nowIso(now));
      return issueToken(trx, 'staff', staff.id, now);
    }),
  );
}
