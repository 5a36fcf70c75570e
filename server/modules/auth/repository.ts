import type { Db } from '../../db';
import { prepared } from '../../db/prepared';
import type { AuthTokensTable } from '../../db/schema';

export type TokenKind = AuthTokensTable['kind'];

export async function insertToken(
  db: Db,
  row: { kind: TokenKind; subject_id: number; token_hash: string; created_at: string; expires_at: string },
): Promise<void> {
  await db.insertInto('auth_tokens').values(row).execute();
}

// Every request with a token reads it: compiled once (server/db/prepared.ts).
const liveToken = prepared(3, (db, kind: TokenKind, tokenHash: string, now: string) =>
  db
    .selectFrom('auth_tokens')
    .select(['id', 'subject_id', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', kind)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now),
);

// A suspended partner's tokens open nothing (docs/product/back-office.md#suspension). Suspension revokes them too; this
// also shuts one issued by a sign-in that was under way when the suspension landed. `partner_row`
// is null when the token's partner no longer exists (docs/product/errors-and-languages.md#error-catalogue).
const livePartnerToken = prepared(2, (db, tokenHash: string, now: string) =>
  db
    .selectFrom('auth_tokens')
    .select((eb) => [
      'auth_tokens.id',
      'auth_tokens.subject_id',
      'auth_tokens.expires_at',
      eb
        .selectFrom('partners')
        .select('partners.id')
        .whereRef('partners.id', '=', 'auth_tokens.subject_id')
        .as('partner_row'),
    ])
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', 'partner')
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('partners')
            .select('partners.id')
            .whereRef('partners.id', '=', 'auth_tokens.subject_id')
            .where('partners.status', '=', 'suspended'),
        ),
      ),
    ),
);

/** A live token; `subjectGone` when it is a partner's whose account no longer exists. */
export async function findLiveToken(
  db: Db,
  kind: TokenKind,
  tokenHash: string,
  now: string,
): Promise<{ id: number; subject_id: number; expires_at: string; subjectGone: boolean } | undefined> {
  if (kind === 'partner') {
    const row = (await livePartnerToken(db, tokenHash, now))[0];
    return (
      row && {
        id: row.id,
        subject_id: row.subject_id,
        expires_at: row.expires_at,
        subjectGone: row.partner_row === null,
      }
    );
  }
  const row = (await liveToken(db, kind, tokenHash, now))[0];
  return row && { ...row, subjectGone: false };
}

/**
 * A live staff token with what the staff guard decides on, in one read: the account's role and
 * status, whether its second factor is on, and the program's switch that requires one. Every staff
 * request starts here, so it is one statement, compiled once (decisions/046).
 */
const liveStaffSession = prepared(3, (db, tokenHash: string, now: string, policyKey: string) =>
  db
    .selectFrom('auth_tokens')
    .innerJoin('staff_users', 'staff_users.id', 'auth_tokens.subject_id')
    .select((eb) => [
      'staff_users.id',
      'staff_users.role',
      'staff_users.status',
      eb
        .selectFrom('staff_totp')
        .select('staff_totp.staff_id')
        .whereRef('staff_totp.staff_id', '=', 'staff_users.id')
        .where('staff_totp.enabled_at', 'is not', null)
        .as('totp_on'),
      eb
        .selectFrom('settings')
        .select('settings.value')
        .where('settings.key', '=', policyKey)
        .as('totp_policy'),
    ])
    .where('auth_tokens.token_hash', '=', tokenHash)
    .where('auth_tokens.kind', '=', 'staff')
    .where('auth_tokens.revoked_at', 'is', null)
    .where('auth_tokens.expires_at', '>', now),
);

export async function findLiveStaffSession(db: Db, tokenHash: string, now: string, policyKey: string) {
  return (await liveStaffSession(db, tokenHash, now, policyKey))[0];
}

export async function revokeToken(db: Db, tokenHash: string, now: string): Promise<void> {
  await db
    .updateTable('auth_tokens')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes the live tokens of a kind: one subject's (`subjectId`), all of them but one (`keepHash`), or both. */
async function revokeLive(
  db: Db,
  kind: TokenKind,
  now: string,
  only: { subjectId?: number; keepHash?: string },
): Promise<void> {
  let query = db
    .updateTable('auth_tokens')
    .set({ revoked_at: now })
    .where('kind', '=', kind)
    .where('revoked_at', 'is', null);
  if (only.subjectId !== undefined) query = query.where('subject_id', '=', only.subjectId);
  if (only.keepHash !== undefined) query = query.where('token_hash', '!=', only.keepHash);
  await query.execute();
}

export const revokeAllTokens = (db: Db, kind: TokenKind, subjectId: number, now: string) =>
  revokeLive(db, kind, now, { subjectId });

/** Every live token of a kind but one (a requirement that now applies to all of them). */
export const revokeTokensOfKind = (db: Db, kind: TokenKind, keepHash: string, now: string) =>
  revokeLive(db, kind, now, { keepHash });

export const revokeOtherTokens = (
  db: Db,
  kind: TokenKind,
  subjectId: number,
  keepHash: string,
  now: string,
) => revokeLive(db, kind, now, { subjectId, keepHash });
