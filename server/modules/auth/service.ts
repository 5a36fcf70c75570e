// Sessions: sign-in with throttling, bearer tokens that expire 24 hours after issue, sign-out,
// and revocation of every session of an account (docs/product/partners-and-accounts.md#sign-in-and-sessions). Sign-out and the ending of a
// partner's sessions answer which sessions they ended: once that is committed, the caller hands
// it to `push.endSessions`, which closes their live sockets on every node
// (docs/decisions/061-sockets-end-with-their-session.md).
import type { Db } from '../../db';
import { sayKey } from '../../i18n';
import { nowIso } from '../../db/dialect';
import { AppError, notAuthorized } from '../../errors';
import type { EndedSessions } from '../../push';
import { findPartnerByEmail, findPartnerById, touchLastLogin } from '../partners/service';
import { findActiveStaffByEmail, findStaffById, touchStaffLastLogin } from '../staff/service';
import {
  createSignInChallenge,
  hasTotp,
  openSignInChallenge,
  passSecondFactor,
  TWO_FACTOR_POLICY_KEY,
  useSignInChallenge,
} from '../staff-totp/service';
import type { StaffRole, StaffStatus } from '../staff/service';
import type { SignInChallenge } from '../staff-totp/service';
import { clearAttempts, reserveAttempt } from '../throttle/service';
import { hashPassword, verifyPassword } from '../../credentials/passwords';
import {
  findLiveStaffSession,
  findLiveToken,
  insertToken,
  revokeAllTokens,
  revokeOtherTokens,
  revokeTokensOfKind,
  revokeToken,
} from './repository';
import type { TokenKind } from './repository';
import { hashToken, newToken } from '../../credentials/tokens';

export const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const SIGN_IN_THROTTLE = { limit: 10, windowMs: 15 * 60 * 1000 };

export interface IssuedToken {
  token: string;
  expired: string;
}

export async function issueToken(
  db: Db,
  kind: TokenKind,
  subjectId: number,
  now = new Date(),
): Promise<IssuedToken> {
  const { token, hash } = newToken();
  const expired = new Date(now.getTime() + TOKEN_LIFETIME_MS).toISOString();
  await insertToken(db, {
    kind,
    subject_id: subjectId,
    token_hash: hash,
    created_at: nowIso(now),
    expires_at: expired,
  });
  return { token, expired };
}

/** The account id a live token of this kind belongs to; anything else is 401 Not Authorized. */
export async function authenticate(
  db: Db,
  kind: TokenKind,
  token: string | undefined,
  now = new Date(),
): Promise<number> {
  if (!token || token.length > 200) throw notAuthorized();
  const row = await findLiveToken(db, kind, hashToken(token), nowIso(now));
  if (!row) throw notAuthorized();
  // A valid session whose partner no longer exists hears the original portal's "Invaid user"
  // (docs/product/errors-and-languages.md#error-catalogue), a 401 like any other end of a session.
  if (row.subjectGone) throw new AppError(401, 'invalid_user');
  return row.subject_id;
}

/**
 * The live partner session a token opens, for the live push's handshake (server/push/index.ts):
 * the account, the token's hash (its socket's room) and when it expires; undefined if none.
 */
export async function findPartnerSession(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ partnerId: number; tokenHash: string; expiresAt: string } | undefined> {
  if (!token || token.length > 200) return undefined;
  const tokenHash = hashToken(token);
  const row = await findLiveToken(db, 'partner', tokenHash, nowIso(now));
  if (!row || row.subjectGone) return undefined;
  return { partnerId: row.subject_id, tokenHash, expiresAt: row.expires_at };
}

export interface StaffSession {
  staffId: number;
  role: StaffRole;
  status: StaffStatus;
  /** The program requires a second factor; this staff member has theirs on. */
  twoFactor: { required: boolean; enabled: boolean };
}

/** The staff session a live staff token opens (any status: the guard decides); else 401. */
export async function authenticateStaff(
  db: Db,
  token: string | undefined,
  now = new Date(),
): Promise<StaffSession> {
  if (!token || token.length > 200) throw notAuthorized();
  const row = await findLiveStaffSession(db, hashToken(token), nowIso(now), TWO_FACTOR_POLICY_KEY);
  if (!row) throw notAuthorized();
  return {
    staffId: row.id,
    role: row.role,
    status: row.status,
    twoFactor: {
      required: row.totp_policy === 'true',
      enabled: row.totp_on !== null && row.totp_on !== undefined,
    },
  };
}

/** Ends the session presenting `token` (a partner's or a staff member's). */
export async function signOut(db: Db, token: string): Promise<EndedSessions> {
  const tokenHash = hashToken(token);
  await revokeToken(db, tokenHash, nowIso());
  return { tokenHash };
}

/**
 * Ends every session of a partner, or every one but the session presenting `currentToken`.
 * Staff tokens open no socket (the live push takes partner tokens only, server/app.ts): the
 * staff's revocations below answer nothing.
 */
export async function endPartnerSessions(
  db: Db,
  partner: { id: number; uuid: string },
  currentToken?: string,
): Promise<EndedSessions> {
  if (currentToken === undefined) {
    await revokeAllTokens(db, 'partner', partner.id, nowIso());
    return { partnerUuid: partner.uuid };
  }
  const keepHash = hashToken(currentToken);
  await revokeOtherTokens(db, 'partner', partner.id, keepHash, nowIso());
  return { partnerUuid: partner.uuid, keepHash };
}

export async function endAllSessions(db: Db, kind: TokenKind, subjectId: number): Promise<void> {
  await revokeAllTokens(db, kind, subjectId, nowIso());
}

/** Ends every session of the account but the one presenting `currentToken`. */
export async function endOtherSessions(
  db: Db,
  kind: TokenKind,
  subjectId: number,
  currentToken: string,
): Promise<void> {
  await revokeOtherTokens(db, kind, subjectId, hashToken(currentToken), nowIso());
}

/** Ends every staff session but the one presenting `currentToken` (a second factor just required of all). */
export async function endEveryOtherStaffSession(db: Db, currentToken: string): Promise<void> {
  await revokeTokensOfKind(db, 'staff', hashToken(currentToken), nowIso());
}

// Verifying against a real hash when the account does not exist keeps the answer time the same,
// so timing does not tell which e-mails have accounts.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword('decoy-password-for-unknown-accounts'));

interface Account {
  id: number;
  password_hash: string | null;
  /** A partner's `active` or `suspended` (docs/product/back-office.md#suspension). */
  status?: string;
}

async function signIn<Pending = never>(
  db: Db,
  kind: TokenKind,
  input: { email?: string | undefined; password?: string | undefined; ip: string },
  find: (email: string) => Promise<Account | undefined>,
  touch: (id: number, at: string) => Promise<void>,
  /** A second step the account still owes after its right password (staff TOTP), if any. */
  secondStep?: (account: Account, now: Date) => Promise<Pending | undefined>,
): Promise<IssuedToken | Pending> {
  const email = input.email?.trim() ?? '';
  const password = input.password ?? '';
  if (!email || !password) {
    throw new AppError(422, 'incomplete_credentials', {
      errors: {
        ...(email ? {} : { email: [sayKey('required')] }),
        ...(password ? {} : { password: [sayKey('required')] }),
      },
    });
  }
  const buckets = [`${kind}-signin:email:${email.toLowerCase()}`, `${kind}-signin:ip:${input.ip}`];
  // Counted as a failure before the password is checked (attempts sent at once see each other);
  // taken back unless the check says no.
  const attempt = await reserveAttempt(db, buckets, SIGN_IN_THROTTLE);
  let account: Account | undefined;
  let failed = false;
  try {
    account = await find(email);
    const ok = account?.password_hash
      ? await verifyPassword(account.password_hash, password)
      : (await verifyPassword(await decoy(), password), false);
    failed = !account || !ok;
  } finally {
    if (!failed) await attempt.release();
  }
  if (failed || !account) throw new AppError(401, 'invalid_credentials');
  // A suspended partner who knows their password is told why, not sent round again (docs/product/back-office.md#suspension).
  if (account.status === 'suspended') throw new AppError(403, 'account_suspended');
  const now = new Date();
  // The failures stay counted until the second step is passed too: a known password must not
  // buy fresh guesses at the code (decisions/035).
  const pending = secondStep ? await secondStep(account, now) : undefined;
  if (pending !== undefined) return pending;
  await clearAttempts(db, buckets[0]!);
  await touch(account.id, nowIso(now));
  return issueToken(db, kind, account.id, now);
}

export function signInPartner(
  db: Db,
  input: { email?: string | undefined; password?: string | undefined; ip: string },
) {
  return signIn(
    db,
    'partner',
    input,
    (email) => findPartnerByEmail(db, email),
    (id, at) => touchLastLogin(db, id, at),
  );
}

export function signInStaff(
  db: Db,
  input: { email?: string | undefined; password?: string | undefined; ip: string },
): Promise<IssuedToken | SignInChallenge> {
  // An invited or deactivated account is not found: the answer is the same as for a wrong password.
  // With a second factor on, a right password earns a challenge for the code, not yet a session.
  return signIn(
    db,
    'staff',
    input,
    (email) => findActiveStaffByEmail(db, email),
    (id, at) => touchStaffLastLogin(db, id, at),
    async (account, now) =>
      (await hasTotp(db, account.id)) ? createSignInChallenge(db, account.id, now) : undefined,
  );
}

/**
 * The second step of a staff sign-in: the challenge a right password earned and a code from the
 * authenticator (or a recovery code) answer the session token. A wrong code is a failed sign-in
 * for the throttle (the e-mail's and the address's buckets); an unknown, used or expired
 * challenge is 410 (sign in again); each code works once.
 */
export async function completeStaffSignIn(
  db: Db,
  key: Buffer,
  input: { challenge?: string | undefined; code?: string | undefined; ip: string },
  now = new Date(),
): Promise<IssuedToken> {
  const code = input.code?.trim() ?? '';
  if (!code) throw new AppError(422, 'two_factor.code_required', { errors: { code: [sayKey('required')] } });
  const challenge = await openSignInChallenge(db, input.challenge?.trim() ?? '', now);
  const staff = challenge ? await findStaffById(db, challenge.staffId) : undefined;
  if (!challenge || !staff || staff.status !== 'active')
    throw new AppError(410, 'two_factor.challenge_expired');
  const buckets = [`staff-signin:email:${staff.email.toLowerCase()}`, `staff-signin:ip:${input.ip}`];
  const attempt = await reserveAttempt(db, buckets, SIGN_IN_THROTTLE, now);
  let issued: IssuedToken | undefined;
  try {
    issued = await db.transaction().execute(async (trx) => {
      if (!(await passSecondFactor(trx, key, staff.id, code, now))) return undefined;
      // Two requests with one challenge: the code passes once anyway; the challenge says which.
      if (!(await useSignInChallenge(trx, challenge.id, now)))
        throw new AppError(410, 'two_factor.challenge_expired');
      await touchStaffLastLogin(trx, staff.id, nowIso(now));
      return issueToken(trx, 'staff', staff.id, now);
    });
  } finally {
    if (issued) await attempt.release();
  }
  if (!issued) throw new AppError(401, 'two_factor.wrong_code');
  await clearAttempts(db, buckets[0]!);
  return issued;
}

export async function currentPartner(db: Db, partnerId: number) {
  const partner = await findPartnerById(db, partnerId);
  if (!partner) throw notAuthorized();
  return partner;
}

export async function currentStaff(db: Db, staffId: number) {
  const staff = await findStaffById(db, staffId);
  if (!staff) throw notAuthorized();
  return staff;
}
