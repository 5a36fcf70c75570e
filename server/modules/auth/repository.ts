import type { Db } from '../../db';
import type { AuthTokensTable } from '../../db/schema';

export type TokenKind = AuthTokensTable['kind'];

export async function insertToken(
  db: Db,
  row: { kind: TokenKind; subject_id: number; token_hash: string; created_at: string; expires_at: string },
): Promise<void> {
  await db.insertInto('auth_tokens').values(row).execute();
}

export async function findLiveToken(db: Db, kind: TokenKind, tokenHash: string, now: string) {
  const query = db
    .selectFrom('auth_tokens')
    .select(['id', 'subject_id', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', kind)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);
  if (kind !== 'partner') return query.executeTakeFirst();
  // A suspended partner's tokens open nothing (decisions §11). Suspension revokes them too; this
  // also shuts one issued by a sign-in that was under way when the suspension landed.
  return query
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('partners')
            .select('partners.id')
            .whereRef('partners.id', '=', 'auth_tokens.subject_id')
            .where('partners.status', '=', 'suspended'),
        ),
      ),
    )
    .executeTakeFirst();
}

export async function revokeToken(db: Db, tokenHash: string, now: string): Promise<void> {
  await db.updateTable('auth_tokens').set({ revoked_at: now }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).execute();
}

export async function revokeAllTokens(db: Db, kind: TokenKind, subjectId: number, now: string): Promise<void> {
  await db
    .updateTable('auth_tokens')
    .set({ revoked_at: now })
    .where('kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeOtherTokens(db: Db, kind: TokenKind, subjectId: number, keepHash: string, now: string): Promise<void> {
  await db
    .updateTable('auth_tokens')
    .set({ revoked_at: now })
    .where('kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .where('token_hash', '!=', keepHash)
    .where('revoked_at', 'is', null)
    .execute();
}
