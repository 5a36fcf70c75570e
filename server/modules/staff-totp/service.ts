// The second factor of staff sign-in (issue 13, docs/decisions/035-staff-totp.md): a TOTP
// authenticator (RFC 6238) each staff member may turn on, ten single-use recovery codes, and the
// admins' switch that requires it of every staff member. The sign-in itself (the challenge a
// right password earns, then the code) is auth's; this module answers whether a code is right,
// and uses each code once. Every change of a factor or of the switch is audited in its own
// transaction.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { BRAND } from '../../../common/brand';
import type { z } from 'zod';
import type { staffTwoFactorRow } from '../../../common/contracts/staff-totp';
import type { Db } from '../../db';
import { lockKeys, nowIso } from '../../db/dialect';
import { AppError, invalid } from '../../errors';
import { recordAudit } from '../audit/service';
import { verifyPassword } from '../../credentials/passwords';
import { hashToken, newToken } from '../../credentials/tokens';
import { findStaffByEmail, findStaffById } from '../staff/service';
import { clearAttempts, reserveAttempt } from '../throttle/service';
import {
  deleteChallengesBefore,
  deleteTotp,
  enableTotp,
  findLiveChallenge,
  findTotp,
  gateOf,
  insertChallenge,
  putPendingTotp,
  readPolicy,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  staffTwoFactorPage,
  useChallenge,
  useRecoveryCode,
  useStep,
  writePolicy,
} from './repository';
import { openSecret, sealSecret, totpKeyOf } from './sealed-secret';
import { base32Decode, base32Encode, matchingStep, otpauthUri, TOTP_SECRET_BYTES } from './totp';

export { totpKeyOf };

/** How long the second step of a sign-in stays open after the right password. */
export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes (or passwords) of a signed-in staff member's own changes: as many as sign-in allows. */
export const CODE_THROTTLE = { limit: 10, windowMs: 15 * 60 * 1000 };
// Without 0/o, 1/l/i: read off a sheet of paper without doubt. 31 symbols, 10 of them: ~49 bits.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 10;
const RECOVERY_SHAPE = new RegExp(`^[${RECOVERY_ALPHABET}]{${RECOVERY_LENGTH}}$`);
/** The settings row of the switch that requires a second factor (the staff guard reads it with the session). */
export { POLICY_KEY as TWO_FACTOR_POLICY_KEY } from './repository';
// Changes of the switch queue on this lock (PostgreSQL; SQLite writes one at a time).
const POLICY_LOCK = 0x7466;

/**
 * Ends sessions inside the transaction of the change that calls for it. Sessions are auth's, and
 * auth's sign-in reads this module: the route hands this in, so this module never imports auth.
 */
export type EndSessions = (trx: Db) => Promise<void>;

// ---------------------------------------------------------------------------------------------
// State

export interface TwoFactorState {
  /** The program requires a second factor of every staff member. */
  required: boolean;
  /** This staff member's factor is on. */
  enabled: boolean;
}

/** For the staff guard and /me: the switch and this staff member's factor, in one read. */
export function twoFactorGate(db: Db, staffId: number): Promise<TwoFactorState> {
  return gateOf(db, staffId);
}

export interface SecurityJson {
  totp: { enabled: boolean; enabled_at: string | null; recovery_codes_left: number };
  require_totp: boolean;
  /** The switch is on and this staff member has no factor yet: nothing else opens until they set it up. */
  enrolment_required: boolean;
}

export async function securityOf(db: Db, staffId: number): Promise<SecurityJson> {
  const [row, required, left] = await Promise.all([
    findTotp(db, staffId),
    readPolicy(db),
    recoveryCodesLeft(db, staffId),
  ]);
  const enabled = Boolean(row?.enabled_at);
  return {
    totp: { enabled, enabled_at: row?.enabled_at ?? null, recovery_codes_left: enabled ? left : 0 },
    require_totp: required,
    enrolment_required: required && !enabled,
  };
}

// ---------------------------------------------------------------------------------------------
// Codes

/** A recovery code as typed (any case, spaces or dashes) in its stored form, or null. */
export function normalizeRecoveryCode(text: string): string | null {
  const code = text.toLowerCase().replace(/[\s-]/g, '');
  return RECOVERY_SHAPE.test(code) ? code : null;
}

/** Bound to the staff member: the same code of two accounts hashes apart. */
const recoveryHash = (staffId: number, code: string) =>
  createHash('sha256').update(`${staffId}:${code}`).digest('hex');

/** Ten new codes, shown as `xxxxx-xxxxx`. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const code = Array.from(
      { length: RECOVERY_LENGTH },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join('');
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

async function storeNewRecoveryCodes(trx: Db, staffId: number, at: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(
    trx,
    staffId,
    codes.map((code) => recoveryHash(staffId, normalizeRecoveryCode(code)!)),
    at,
  );
  return codes;
}

const digitsOf = (code: string) => code.replace(/\s/g, '');

/**
 * Whether `code` passes this staff member's factor now, using it up: an authenticator code
 * (within one step either side, and only for a step newer than the last one used) or an unused
 * recovery code. Call inside the transaction of what the code allows.
 */
export async function passSecondFactor(
  trx: Db,
  key: Buffer,
  staffId: number,
  code: string,
  now: Date,
): Promise<boolean> {
  const digits = digitsOf(code);
  if (/^\d{6}$/.test(digits)) {
    const row = await findTotp(trx, staffId);
    if (!row?.enabled_at) return false;
    const secret = openSecret(key, row.secret_sealed, staffId);
    const bytes = secret ? base32Decode(secret) : null;
    if (!bytes) return false;
    const step = matchingStep(bytes, digits, now, row.last_used_step);
    return step !== null && (await useStep(trx, staffId, step));
  }
  const recovery = normalizeRecoveryCode(code);
  if (!recovery || !(await findTotp(trx, staffId))?.enabled_at) return false;
  return useRecoveryCode(trx, staffId, recoveryHash(staffId, recovery), nowIso(now));
}

/**
 * A signed-in staff member's own code check: counted before it is made (CODE_THROTTLE, 429 when
 * spent), forgotten when right. `check` runs the change and answers false for a wrong proof.
 */
async function withCountedProof<T>(
  db: Db,
  staffId: number,
  now: Date,
  check: () => Promise<T | false>,
): Promise<T> {
  const bucket = `staff-totp:${staffId}`;
  const attempt = await reserveAttempt(db, [bucket], CODE_THROTTLE, now);
  let result: T | false = false;
  try {
    result = await check();
  } finally {
    if (result !== false) await attempt.release();
  }
  if (result === false)
    throw invalid({ code: ['two_factor.wrong_code_field'] }, 'two_factor.wrong_code_field');
  await clearAttempts(db, bucket);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Enrolment, recovery codes, turning off

export interface EnrolmentStart {
  /** The key to type by hand (base32): answered here only, never once the factor is on. */
  secret: string;
  otpauth_uri: string;
  /** The URI as a QR code: an SVG image as a data URL. */
  qr_code: string;
}

/** A new secret for the staff member to add to their app; any earlier one not confirmed is replaced. */
export async function startEnrolment(
  db: Db,
  key: Buffer,
  staffId: number,
  now = new Date(),
): Promise<EnrolmentStart> {
  const staff = await findStaffById(db, staffId);
  if (!staff) throw new AppError(404, 'staff.not_found');
  const secret = base32Encode(randomBytes(TOTP_SECRET_BYTES));
  const started = await db
    .transaction()
    .execute((trx) => putPendingTotp(trx, staffId, sealSecret(key, secret, staffId), nowIso(now)));
  if (!started) throw new AppError(409, 'two_factor.already_enabled');
  const uri = otpauthUri({ issuer: BRAND.programName, account: staff.email, secret });
  // Loaded when first needed: most server processes never draw a QR code.
  const { toString } = await import('qrcode');
  const svg = await toString(uri, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 4,
    color: { dark: '#000000', light: '#ffffff' },
  });
  return {
    secret,
    otpauth_uri: uri,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/** Turns the factor on with a first right code; answers the recovery codes, shown this once. */
/**
 * Turns the factor on with a first right code. The staff member's other sessions end (issue 31):
 * one opened by someone who knew the password alone does not outlive the factor.
 */
export async function confirmEnrolment(
  db: Db,
  key: Buffer,
  staffId: number,
  code: string,
  now = new Date(),
  endOtherSessions?: EndSessions,
) {
  const row = await findTotp(db, staffId);
  if (row?.enabled_at) throw new AppError(409, 'two_factor.already_enabled');
  if (!row) throw new AppError(409, 'two_factor.not_started');
  const at = nowIso(now);
  return withCountedProof(db, staffId, now, () =>
    db.transaction().execute(async (trx) => {
      const pending = await findTotp(trx, staffId);
      if (!pending || pending.enabled_at) throw new AppError(409, 'two_factor.not_started');
      const secret = openSecret(key, pending.secret_sealed, staffId);
      const bytes = secret ? base32Decode(secret) : null;
      const step = bytes ? matchingStep(bytes, digitsOf(code), now) : null;
      if (step === null) return false as const;
      if (!(await enableTotp(trx, staffId, step, at))) throw new AppError(409, 'two_factor.not_started');
      const recovery_codes = await storeNewRecoveryCodes(trx, staffId, at);
      if (endOtherSessions) await endOtherSessions(trx);
      await recordAudit(
        trx,
        {
          staffId,
          action: 'staff.totp_enable',
          entity: 'staff',
          entityId: staffId,
          before: { two_factor: false },
          after: { two_factor: true },
        },
        at,
      );
      return { enabled_at: at, recovery_codes };
    }),
  );
}

/** Ten new recovery codes in place of the old ones (a right code first). */
export async function regenerateRecoveryCodes(
  db: Db,
  key: Buffer,
  staffId: number,
  code: string,
  now = new Date(),
) {
  if (!(await findTotp(db, staffId))?.enabled_at) throw new AppError(409, 'two_factor.not_enabled');
  const at = nowIso(now);
  return withCountedProof(db, staffId, now, () =>
    db.transaction().execute(async (trx) => {
      const before = await recoveryCodesLeft(trx, staffId);
      if (!(await passSecondFactor(trx, key, staffId, code, now))) return false as const;
      const recovery_codes = await storeNewRecoveryCodes(trx, staffId, at);
      await recordAudit(
        trx,
        {
          staffId,
          action: 'staff.totp_recovery_codes',
          entity: 'staff',
          entityId: staffId,
          before: { recovery_codes_left: before },
          after: { recovery_codes_left: RECOVERY_CODE_COUNT },
        },
        at,
      );
      return { recovery_codes };
    }),
  );
}

/** Turns one's own factor off, proven by a right code or the account's password. */
export async function disableOwnTotp(
  db: Db,
  key: Buffer,
  staffId: number,
  proof: { code?: string | undefined; password?: string | undefined },
  now = new Date(),
) {
  const code = proof.code?.trim() ?? '';
  const password = proof.password ?? '';
  if (!code && !password) throw invalid({ code: ['two_factor.proof_required'] }, 'two_factor.proof_required');
  const staff = await findStaffById(db, staffId);
  if (!staff) throw new AppError(404, 'staff.not_found');
  if (!(await findTotp(db, staffId))?.enabled_at) throw new AppError(409, 'two_factor.not_enabled');
  const at = nowIso(now);
  const bucket = `staff-totp:${staffId}`;
  const attempt = await reserveAttempt(db, [bucket], CODE_THROTTLE, now);
  let done = false;
  try {
    // The password is checked outside the transaction: argon2 takes a while, and holds nothing.
    const passwordOk = !code && (await verifyPassword(staff.password_hash, password));
    done = await db.transaction().execute(async (trx) => {
      if (!passwordOk && !(code && (await passSecondFactor(trx, key, staffId, code, now)))) return false;
      if (!(await deleteTotp(trx, staffId))) return false;
      await recordAudit(
        trx,
        {
          staffId,
          action: 'staff.totp_disable',
          entity: 'staff',
          entityId: staffId,
          before: { two_factor: true },
          after: { two_factor: false },
        },
        at,
      );
      return true;
    });
  } finally {
    if (done) await attempt.release();
  }
  if (!done) {
    if (code) throw invalid({ code: ['two_factor.wrong_code_field'] }, 'two_factor.wrong_code_field');
    throw invalid({ password: ['current_password_wrong'] }, 'current_password_wrong');
  }
  await clearAttempts(db, bucket);
  return securityOf(db, staffId);
}

// ---------------------------------------------------------------------------------------------
// Admins: the switch, and a colleague's reset

/**
 * Requires (or stops requiring) a second factor of every staff member. An admin requires it only
 * once their own is on: the switch would otherwise shut them out of everything but enrolment.
 */
export async function setTotpPolicy(
  db: Db,
  actorId: number,
  required: boolean,
  now = new Date(),
  endOtherStaffSessions?: EndSessions,
): Promise<{ require_totp: boolean }> {
  const at = nowIso(now);
  return db.transaction().execute(async (trx) => {
    await lockKeys(trx, POLICY_LOCK, ['staff-totp-policy']);
    const before = await readPolicy(trx);
    if (required && !(await findTotp(trx, actorId))?.enabled_at)
      throw new AppError(409, 'two_factor.enable_yourself_first');
    if (before === required) return { require_totp: required };
    await writePolicy(trx, required, at);
    // Required of all: every staff session ends but the admin's own, so each signs in again with a factor (issue 31).
    if (required && endOtherStaffSessions) await endOtherStaffSessions(trx);
    await recordAudit(
      trx,
      {
        staffId: actorId,
        action: 'settings.staff_totp_policy',
        entity: 'settings',
        entityId: 'staff_totp',
        before: { require_totp: before },
        after: { require_totp: required },
      },
      at,
    );
    return { require_totp: required };
  });
}

/** A row of the staff list with their factors (common/contracts/staff-totp.ts). */
export type StaffTwoFactorJson = z.infer<typeof staffTwoFactorRow>;

export async function listStaffTwoFactor(db: Db, viewerId: number, paging: { page: number; length: number }) {
  const { rows, total } = await staffTwoFactorPage(db, paging.page, paging.length);
  const data: StaffTwoFactorJson[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    status: row.status,
    two_factor: row.enabled_at !== null,
    enabled_at: row.enabled_at,
    self: row.id === viewerId,
  }));
  return { rows: data, total, requireTotp: await readPolicy(db) };
}

/**
 * Turns a colleague's factor off (they lost their phone and their recovery codes): they sign in
 * with their password and, when the switch is on, set up a new one before anything else.
 */
export async function resetStaffTotp(
  db: Db,
  actorId: number,
  staffId: number,
  now = new Date(),
): Promise<void> {
  if (actorId === staffId) throw new AppError(422, 'two_factor.own_reset');
  const staff = await findStaffById(db, staffId);
  if (!staff) throw new AppError(404, 'staff.not_found');
  const at = nowIso(now);
  await db.transaction().execute(async (trx) => {
    if (!(await findTotp(trx, staffId))?.enabled_at) throw new AppError(409, 'two_factor.reset_not_enabled');
    await deleteTotp(trx, staffId);
    await recordAudit(
      trx,
      {
        staffId: actorId,
        action: 'staff.totp_reset',
        entity: 'staff',
        entityId: staffId,
        before: { two_factor: true },
        after: { two_factor: false },
      },
      at,
    );
  });
}

/** How a staff member's factor stood when the command line reset it. */
export interface CommandLineReset {
  staff: { id: number; email: string; name: string; role: string; status: string };
  /** The factor was on (and is now off); false: there was nothing to reset. */
  reset: boolean;
  /** Unused recovery codes removed with it. */
  recovery_codes_removed: number;
  /** The program requires a factor: they set a new one up at their next sign-in. */
  required: boolean;
}

/**
 * The operator's way back in when the only admin lost their authenticator and their recovery
 * codes (`npm run staff -- reset-2fa <email>`, decisions/035): the factor and its recovery codes
 * removed, audited with no staff account as the actor (`via: 'command_line'`). Only a factor that
 * is on is reset; an enrolment never confirmed is left to be replaced by the next one.
 */
export async function resetStaffTotpFromCommandLine(
  db: Db,
  email: string,
  now = new Date(),
): Promise<CommandLineReset | undefined> {
  const staff = await findStaffByEmail(db, email);
  if (!staff) return undefined;
  const at = nowIso(now);
  return db.transaction().execute(async (trx) => {
    const required = await readPolicy(trx);
    const summary = {
      id: staff.id,
      email: staff.email,
      name: staff.name,
      role: staff.role,
      status: staff.status,
    };
    if (!(await findTotp(trx, staff.id))?.enabled_at)
      return { staff: summary, reset: false, recovery_codes_removed: 0, required };
    const left = await recoveryCodesLeft(trx, staff.id);
    await deleteTotp(trx, staff.id);
    await recordAudit(
      trx,
      {
        staffId: null,
        action: 'staff.totp_reset',
        entity: 'staff',
        entityId: staff.id,
        before: { two_factor: true },
        after: { two_factor: false, via: 'command_line' },
      },
      at,
    );
    return { staff: summary, reset: true, recovery_codes_removed: left, required };
  });
}

// ---------------------------------------------------------------------------------------------
// The second step of sign-in (called by auth)

/** Whether this staff member's sign-in needs a code after the password. */
export async function hasTotp(db: Db, staffId: number): Promise<boolean> {
  return Boolean((await findTotp(db, staffId))?.enabled_at);
}

export interface SignInChallenge {
  two_factor: true;
  challenge: string;
  /** When the challenge stops working (ISO 8601). */
  expired: string;
}

/** A single-use challenge for the code that must follow a right password. */
export async function createSignInChallenge(
  db: Db,
  staffId: number,
  now = new Date(),
): Promise<SignInChallenge> {
  const { token, hash } = newToken();
  const expired = new Date(now.getTime() + CHALLENGE_LIFETIME_MS).toISOString();
  await insertChallenge(db, {
    staff_id: staffId,
    token_hash: hash,
    created_at: nowIso(now),
    expires_at: expired,
  });
  // Spent challenges are worthless; clearing them now and then keeps the table small.
  if (Math.random() < 0.05)
    await deleteChallengesBefore(db, new Date(now.getTime() - 86_400_000).toISOString());
  return { two_factor: true, challenge: token, expired };
}

/** The open challenge `token` names, or undefined (unknown, used or expired). */
export async function openSignInChallenge(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ id: number; staffId: number } | undefined> {
  if (!token || token.length > 200) return undefined;
  const row = await findLiveChallenge(db, hashToken(token), nowIso(now));
  return row ? { id: row.id, staffId: row.staff_id } : undefined;
}

/** Uses the challenge up; false when another request did first. */
export function useSignInChallenge(trx: Db, id: number, now = new Date()): Promise<boolean> {
  return useChallenge(trx, id, nowIso(now));
}
